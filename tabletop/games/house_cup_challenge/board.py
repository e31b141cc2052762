"""The castle board as data: an 8x7 grid (columns A-H, rows 1-7), its spaces, and the 66 connections.

Rooms are entered only through doorways; outdoor cells and corridors are open to their own kind. Every other
edge between two neighbouring cells is a wall. The secret passage joins the Whomping Willow (C2) to the
Shrieking Shack (H1) as one connection. Cards name spaces after "Play:" by their name or by two group words:
"Forest" (A1-D1) and "Corridor" (the 11 unnamed corridor cells).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

COLUMNS = "ABCDEFGH"
ROWS = 7
START = "A5"  # Gryffindor Common Room: everyone starts here, no Adventure Card is ever put here
HOSPITAL = "F3"


@dataclass(frozen=True)
class Space:
    cell: str
    name: str
    kind: str  # "forest", "grounds", "room", "corridor", "landing"


_SPACES = [
    ("A1", "Deep Forest", "forest"),
    ("B1", "Acromantula Hollow", "forest"),
    ("C1", "Centaur Glade", "forest"),
    ("D1", "Forest Edge", "forest"),
    ("E1", "Hagrid's Hut", "room"),
    ("F1", "Pumpkin Patch", "grounds"),
    ("G1", "Quidditch Pitch", "grounds"),
    ("H1", "Shrieking Shack", "room"),
    ("A2", "Black Lake", "grounds"),
    ("B2", "Lakeshore", "grounds"),
    ("C2", "Whomping Willow", "grounds"),
    ("D2", "Castle Lawn", "grounds"),
    ("E2", "Greenhouses", "room"),
    ("F2", "Grounds Path", "grounds"),
    ("G2", "Covered Bridge", "grounds"),
    ("H2", "Owlery", "room"),
    ("A3", "Boathouse", "room"),
    ("B3", "Courtyard", "room"),
    ("C3", "Great Hall", "room"),
    ("D3", "Entrance Hall", "room"),
    ("E3", "Charms Classroom", "room"),
    ("F3", "Hospital Wing", "room"),
    ("G3", "Clock Tower", "room"),
    ("H3", "Trophy Room", "room"),
    ("A4", "Corridor A4", "corridor"),
    ("B4", "Grand Staircase", "landing"),
    ("C4", "Corridor C4", "corridor"),
    ("D4", "Corridor D4", "corridor"),
    ("E4", "Corridor E4", "corridor"),
    ("F4", "Corridor F4", "corridor"),
    ("G4", "Corridor G4", "corridor"),
    ("H4", "Corridor H4", "corridor"),
    ("A5", "Gryffindor Common Room", "room"),
    ("B5", "Fat Lady's Portrait", "landing"),
    ("C5", "Library", "room"),
    ("D5", "Restricted Section", "room"),
    ("E5", "Transfiguration Classroom", "room"),
    ("F5", "DADA Classroom", "room"),
    ("G5", "Moving Staircase", "landing"),
    ("H5", "Astronomy Tower", "room"),
    ("A6", "Dungeon Stairs", "landing"),
    ("B6", "Corridor B6", "corridor"),
    ("C6", "Third-Floor Corridor", "landing"),
    ("D6", "Corridor D6", "corridor"),
    ("E6", "Corridor E6", "corridor"),
    ("F6", "Seventh-Floor Corridor", "landing"),
    ("G6", "Corridor G6", "corridor"),
    ("H6", "Gargoyle Staircase", "landing"),
    ("A7", "Potions Classroom", "room"),
    ("B7", "Kitchens", "room"),
    ("C7", "Trapdoor Chamber", "room"),
    ("D7", "Moaning Myrtle's Bathroom", "room"),
    ("E7", "Chamber of Secrets", "room"),
    ("F7", "Room of Requirement", "room"),
    ("G7", "Divination Tower", "room"),
    ("H7", "Headmaster's Office", "room"),
]
SPACES: dict[str, Space] = {cell: Space(cell, name, kind) for cell, name, kind in _SPACES}
CELLS: tuple[str, ...] = tuple(SPACES)
BY_NAME: dict[str, str] = {space.name: cell for cell, space in SPACES.items()}


def _edges(text: str) -> list[str]:
    return text.split()


OPEN_EDGES = _edges(
    # Grounds and forest.
    "A1-B1 B1-C1 C1-D1 A1-A2 B1-B2 C1-C2 D1-D2 A2-B2 B2-C2 C2-D2 F1-G1 F1-F2 G1-G2 F2-G2 "
    # Row 4 and row 6 corridors.
    "A4-B4 B4-C4 C4-D4 D4-E4 E4-F4 F4-G4 G4-H4 A6-B6 B6-C6 C6-D6 D6-E6 E6-F6 F6-G6 G6-H6 "
    # Stairs between rows.
    "B4-B5 B5-B6 G4-G5 G5-G6"
)
DOORWAYS = _edges(
    # Grounds and castle entrances.
    "D1-E1 E1-F1 D2-E2 E2-F2 G2-H2 A2-A3 B2-B3 D2-D3 G2-G3 "
    # Ground-floor rooms.
    "A3-B3 C3-D3 A3-A4 B3-B4 C3-C4 D3-D4 E3-E4 F3-F4 G3-G4 H3-H4 "
    # Upper rooms (A5-B5 is the portrait hole).
    "C4-C5 E4-E5 F4-F5 A5-B5 C5-D5 H5-H6 "
    # Lower rooms (D7-E7 is the pipe).
    "A6-A7 B6-B7 C6-C7 D6-D7 D7-E7 F6-F7 G6-G7 H6-H7"
)
SECRET_PASSAGE = ("C2", "H1")


def _edge(text: str) -> tuple[str, str]:
    one, other = text.split("-")
    return one, other


CONNECTIONS: tuple[tuple[str, str], ...] = tuple(_edge(edge) for edge in (*OPEN_EDGES, *DOORWAYS)) + (SECRET_PASSAGE,)


def _neighbours() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {cell: [] for cell in CELLS}
    for a, b in CONNECTIONS:
        out[a].append(b)
        out[b].append(a)
    return {cell: tuple(sorted(cells, key=CELLS.index)) for cell, cells in out.items()}


NEIGHBOURS: dict[str, tuple[str, ...]] = _neighbours()
FOREST = ("A1", "B1", "C1", "D1")
CORRIDOR = tuple(cell for cell, space in SPACES.items() if space.kind == "corridor")
ROWS_1_2 = tuple(cell for cell in CELLS if cell[1] in "12")
FIREBOLT_CELLS = tuple(cell for cell in ROWS_1_2 if cell != "H1")
FLOO_CELLS = ("C3", "D3", "H7", "A5")


def cells_named(name: str) -> tuple[str, ...]:
    """The cells a name after "Play:" stands for (a space's own name, "Forest" or "Corridor")."""
    if name == "Forest":
        return FOREST
    if name == "Corridor":
        return CORRIDOR
    return (BY_NAME[name],)


def distances(start: str) -> dict[str, int]:
    """Connections to cross from ``start`` to every cell (breadth-first; cards and characters ignored)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for other in NEIGHBOURS[cell]:
            if other not in seen:
                seen[other] = seen[cell] + 1
                queue.append(other)
    return seen


DISTANCES: dict[str, dict[str, int]] = {cell: distances(cell) for cell in CELLS}


def name(cell: str) -> str:
    return SPACES[cell].name


def is_wall(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` are grid neighbours with no connection between them."""
    return b not in NEIGHBOURS[a]
