"""The castle board as data: an 8x7 grid (columns A-H, rows 1-7), its spaces, and the 66 connections.

Rooms are entered only through doorways; outdoor cells and corridors are open to their own kind. Every other
edge between two neighbouring cells is a wall. The secret passage joins the Whomping Willow (C2) to the
Shrieking Shack (H1) as one connection. Cards name spaces after "Play:" by their name or by two group words:
"Forest" (A1-D1) and "Corridor" (the 11 unnamed corridor cells).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from tabletop.games.house_cup_challenge.i18n import gettext as _
from tabletop.i18n import N_

COLUMNS = "ABCDEFGH"
START = "A5"  # Gryffindor Common Room: everyone starts here, no Adventure Card is ever put here
HOSPITAL = "F3"


@dataclass(frozen=True)
class Space:
    """``name`` is read in the current language; ``name_en`` is the data (the cards' "Play:" names)."""

    cell: str
    name_en: str
    kind: str  # "forest", "grounds", "room", "corridor", "landing"

    @property
    def name(self) -> str:
        return _(self.name_en)


_SPACES = [
    ("A1", N_("Deep Forest"), "forest"),
    ("B1", N_("Acromantula Hollow"), "forest"),
    ("C1", N_("Centaur Glade"), "forest"),
    ("D1", N_("Forest Edge"), "forest"),
    ("E1", N_("Hagrid's Hut"), "room"),
    ("F1", N_("Pumpkin Patch"), "grounds"),
    ("G1", N_("Quidditch Pitch"), "grounds"),
    ("H1", N_("Shrieking Shack"), "room"),
    ("A2", N_("Black Lake"), "grounds"),
    ("B2", N_("Lakeshore"), "grounds"),
    ("C2", N_("Whomping Willow"), "grounds"),
    ("D2", N_("Castle Lawn"), "grounds"),
    ("E2", N_("Greenhouses"), "room"),
    ("F2", N_("Grounds Path"), "grounds"),
    ("G2", N_("Covered Bridge"), "grounds"),
    ("H2", N_("Owlery"), "room"),
    ("A3", N_("Boathouse"), "room"),
    ("B3", N_("Courtyard"), "room"),
    ("C3", N_("Great Hall"), "room"),
    ("D3", N_("Entrance Hall"), "room"),
    ("E3", N_("Charms Classroom"), "room"),
    ("F3", N_("Hospital Wing"), "room"),
    ("G3", N_("Clock Tower"), "room"),
    ("H3", N_("Trophy Room"), "room"),
    ("A4", N_("Corridor A4"), "corridor"),
    ("B4", N_("Grand Staircase"), "landing"),
    ("C4", N_("Corridor C4"), "corridor"),
    ("D4", N_("Corridor D4"), "corridor"),
    ("E4", N_("Corridor E4"), "corridor"),
    ("F4", N_("Corridor F4"), "corridor"),
    ("G4", N_("Corridor G4"), "corridor"),
    ("H4", N_("Corridor H4"), "corridor"),
    ("A5", N_("Gryffindor Common Room"), "room"),
    ("B5", N_("Fat Lady's Portrait"), "landing"),
    ("C5", N_("Library"), "room"),
    ("D5", N_("Restricted Section"), "room"),
    ("E5", N_("Transfiguration Classroom"), "room"),
    ("F5", N_("DADA Classroom"), "room"),
    ("G5", N_("Moving Staircase"), "landing"),
    ("H5", N_("Astronomy Tower"), "room"),
    ("A6", N_("Dungeon Stairs"), "landing"),
    ("B6", N_("Corridor B6"), "corridor"),
    ("C6", N_("Third-Floor Corridor"), "landing"),
    ("D6", N_("Corridor D6"), "corridor"),
    ("E6", N_("Corridor E6"), "corridor"),
    ("F6", N_("Seventh-Floor Corridor"), "landing"),
    ("G6", N_("Corridor G6"), "corridor"),
    ("H6", N_("Gargoyle Staircase"), "landing"),
    ("A7", N_("Potions Classroom"), "room"),
    ("B7", N_("Kitchens"), "room"),
    ("C7", N_("Trapdoor Chamber"), "room"),
    ("D7", N_("Moaning Myrtle's Bathroom"), "room"),
    ("E7", N_("Chamber of Secrets"), "room"),
    ("F7", N_("Room of Requirement"), "room"),
    ("G7", N_("Divination Tower"), "room"),
    ("H7", N_("Headmaster's Office"), "room"),
]
SPACES: dict[str, Space] = {cell: Space(cell, name, kind) for cell, name, kind in _SPACES}
CELLS: tuple[str, ...] = tuple(SPACES)
BY_NAME: dict[str, str] = {space.name_en: cell for cell, space in SPACES.items()}  # English names
GROUPS = (N_("Forest"), N_("Corridor"))  # the two group words after "Play:"


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
    """A space's name in the current language."""
    return SPACES[cell].name


def side_by_side(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` are grid neighbours (a wall, where there is one, lies only between such cells)."""
    return abs(COLUMNS.index(a[0]) - COLUMNS.index(b[0])) + abs(int(a[1:]) - int(b[1:])) == 1


def is_wall(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` are grid neighbours with no connection between them (the same space, or two
    further apart, have no wall between them; the secret passage C2-H1 is a connection, not neighbours)."""
    return side_by_side(a, b) and b not in NEIGHBOURS[a]
