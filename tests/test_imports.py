"""Import contracts of the package, read from the source (every import statement, at any depth, including those
only for the type checker): layers import downward only, no files import each other in a circle, no module takes
another module's private name, the shared scenes and the play layer know no single game, and no game imports
another game.

The layers, bottom to top: ``core`` (and ``paths``) -> ``games`` -> ``bots`` -> ``play`` and the headless tools
(``examples``, ``arena``, ``simulate``) -> ``ui`` -> ``cli`` -> ``__main__``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tabletop"
GAME_NAMES = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists())


def layer(module: str) -> int:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else ""
    ranks = {
        "core": 0, "paths": 0, "games": 1, "bots": 2,
        "play": 3, "examples": 3, "arena": 3, "simulate": 3,
        "ui": 4, "cli": 5, "__main__": 6,
    }  # fmt: skip
    return ranks.get(top, 0)


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(relative.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports(module: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, str, int]]:
    """(imported module, name taken or "", line) for every import in ``path``, resolved to modules of the tree."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("tabletop"):
                    yield alias.name, "", node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if not source.startswith("tabletop"):
                continue
            for alias in node.names:
                child = f"{source}.{alias.name}"
                if child in known:
                    yield child, "", node.lineno
                else:
                    yield source, alias.name, node.lineno


@cache  # the tree is parsed once for all the tests here (each test used to parse all of it again)
def graph() -> dict[str, list[tuple[str, str, int]]]:
    known = modules()
    return {
        module: [edge for edge in imports(module, path, known) if edge[0] in known] for module, path in known.items()
    }


def test_layers_import_downward_only():
    upward = [
        f"{module}:{line} imports {target}"
        for module, edges in graph().items()
        for target, _name, line in edges
        if layer(target) > layer(module)
    ]
    assert upward == []


def test_no_import_circles():
    edges = {module: {target for target, _, _ in targets if target != module} for module, targets in graph().items()}
    circles = [component for component in strongly_connected(edges) if len(component) > 1]
    assert circles == []


def test_no_module_takes_another_modules_private_name():
    private = [
        f"{module}:{line} takes {target}.{name}"
        for module, edges in graph().items()
        for target, name, line in edges
        if name.startswith("_") and not name.startswith("__")
    ]
    assert private == []


def test_no_game_imports_another_and_shared_code_imports_no_single_game():
    wrong = []
    for module, edges in graph().items():
        for target, _name, line in edges:
            own = game_of(module)
            other = game_of(target)
            if other is None:
                continue
            shared = module.startswith(("tabletop.ui.scenes", "tabletop.play", "tabletop.ui.sprites")) or module in (
                "tabletop.ui.app",
                "tabletop.ui.tables",
                "tabletop.ui.tables.base",
                "tabletop.ui.tables.choice_panel",
            )
            if shared or (own is not None and own != other):
                wrong.append(f"{module}:{line} imports {target}")
    assert wrong == []


def game_of(module: str) -> str | None:
    """The game a module belongs to: its rules package or its table package."""
    parts = module.split(".")
    for prefix in (["tabletop", "games"], ["tabletop", "ui", "tables"], ["tabletop", "examples"]):
        if parts[: len(prefix)] == prefix and len(parts) > len(prefix) and parts[len(prefix)] in GAME_NAMES:
            return parts[len(prefix)]
    return None


def strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components
