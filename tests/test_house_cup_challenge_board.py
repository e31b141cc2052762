"""The castle board matches the supplement: every connection it lists and no other, the distances from the
Common Room, every space reachable; moves never cross a wall; every card's "Play:" space exists."""

import random

import pytest

from tabletop.core import IllegalCommand
from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge.board import (
    BY_NAME,
    CELLS,
    CONNECTIONS,
    NEIGHBOURS,
    SPACES,
    distances,
    is_wall,
)
from tabletop.games.house_cup_challenge.cards import ADVENTURES, YEAR_CARDS
from tabletop.games.house_cup_challenge.events import Move, UseSpecial
from tabletop.games.house_cup_challenge.moves import check_walk
from tests.house_cup_challenge_positions import position

# The supplement's table 1.3: cell, name, kind, connected to, steps from the Gryffindor Common Room.
TABLE = """
A1|Deep Forest|forest|B1 A2|6
B1|Acromantula Hollow|forest|A1 C1 B2|5
C1|Centaur Glade|forest|B1 D1 C2|6
D1|Forest Edge|forest|C1 E1 D2|7
E1|Hagrid's Hut|room|D1 F1|8
F1|Pumpkin Patch|grounds|E1 G1 F2|9
G1|Quidditch Pitch|grounds|F1 G2|10
H1|Shrieking Shack|room|C2|6
A2|Black Lake|grounds|A1 B2 A3|5
B2|Lakeshore|grounds|B1 A2 C2 B3|4
C2|Whomping Willow|grounds|C1 H1 B2 D2|5
D2|Castle Lawn|grounds|D1 C2 E2 D3|6
E2|Greenhouses|room|D2 F2|7
F2|Grounds Path|grounds|F1 E2 G2|8
G2|Covered Bridge|grounds|G1 F2 H2 G3|9
H2|Owlery|room|G2|10
A3|Boathouse|room|A2 B3 A4|4
B3|Courtyard|room|B2 A3 B4|3
C3|Great Hall|room|D3 C4|4
D3|Entrance Hall|room|D2 C3 D4|5
E3|Charms Classroom|room|E4|6
F3|Hospital Wing|room|F4|7
G3|Clock Tower|room|G2 G4|8
H3|Trophy Room|room|H4|9
A4|Corridor A4|corridor|A3 B4|3
B4|Grand Staircase|landing|B3 A4 C4 B5|2
C4|Corridor C4|corridor|C3 B4 D4 C5|3
D4|Corridor D4|corridor|D3 C4 E4|4
E4|Corridor E4|corridor|E3 D4 F4 E5|5
F4|Corridor F4|corridor|F3 E4 G4 F5|6
G4|Corridor G4|corridor|G3 F4 H4 G5|7
H4|Corridor H4|corridor|H3 G4|8
A5|Gryffindor Common Room|room|B5|0
B5|Fat Lady's Portrait|landing|B4 A5 B6|1
C5|Library|room|C4 D5|4
D5|Restricted Section|room|C5|5
E5|Transfiguration Classroom|room|E4|6
F5|DADA Classroom|room|F4|7
G5|Moving Staircase|landing|G4 G6|8
H5|Astronomy Tower|room|H6|9
A6|Dungeon Stairs|landing|B6 A7|3
B6|Corridor B6|corridor|B5 A6 C6 B7|2
C6|Third-Floor Corridor|landing|B6 D6 C7|3
D6|Corridor D6|corridor|C6 E6 D7|4
E6|Corridor E6|corridor|D6 F6|5
F6|Seventh-Floor Corridor|landing|E6 G6 F7|6
G6|Corridor G6|corridor|G5 F6 H6 G7|7
H6|Gargoyle Staircase|landing|H5 G6 H7|8
A7|Potions Classroom|room|A6|4
B7|Kitchens|room|B6|3
C7|Trapdoor Chamber|room|C6|4
D7|Moaning Myrtle's Bathroom|room|D6 E7|5
E7|Chamber of Secrets|room|D7|6
F7|Room of Requirement|room|F6|7
G7|Divination Tower|room|G6|8
H7|Headmaster's Office|room|H6|9
"""
ROWS = [line.split("|") for line in TABLE.strip().splitlines()]


def test_56_spaces_with_the_supplements_names_and_kinds():
    assert len(CELLS) == 56 == len(ROWS)
    for cell, space_name, kind, _, _ in ROWS:
        assert SPACES[cell].name == space_name
        assert SPACES[cell].kind == kind


def test_every_listed_connection_and_no_other():
    listed = {frozenset((cell, other)) for cell, _, _, conn, _ in ROWS for other in conn.split()}
    built = {frozenset(edge) for edge in CONNECTIONS}
    assert len(CONNECTIONS) == 66 == len(built) == len(listed)
    assert built == listed
    for cell, _, _, conn, _ in ROWS:
        assert set(NEIGHBOURS[cell]) == set(conn.split()), cell


def test_distances_from_the_common_room_and_everything_reachable():
    steps = distances("A5")
    assert set(steps) == set(CELLS)
    for cell, _, _, _, expected in ROWS:
        assert steps[cell] == int(expected), cell


def test_walls_are_every_other_neighbouring_edge():
    # Rooms open only by their doorways: the Common Room only to the portrait, the Shack only by the passage.
    assert is_wall("A5", "A4") and is_wall("A5", "A6") and not is_wall("A5", "B5")
    assert NEIGHBOURS["H1"] == ("C2",)
    grid_edges = 0
    for cell in CELLS:
        col, row = "ABCDEFGH".index(cell[0]), int(cell[1])
        for other in (f"{'ABCDEFGH'[col + 1]}{row}" if col < 7 else None, f"{cell[0]}{row + 1}" if row < 7 else None):
            if other is not None:
                grid_edges += 1
                assert is_wall(cell, other) == (frozenset((cell, other)) not in {frozenset(e) for e in CONNECTIONS})
    assert grid_edges == 97


def test_a_wall_lies_only_between_neighbouring_spaces():
    """is_wall said a wall stood between a space and itself, and between spaces two apart (its docstring: grid
    neighbours only); the secret passage joins C2 and H1, which are not neighbours, so no wall lies there either."""
    assert not is_wall("A1", "A1") and not is_wall("A1", "C1") and not is_wall("A5", "A7")
    assert not is_wall("C2", "H1") and not is_wall("H1", "C2") and not is_wall("H1", "H3")
    assert is_wall("H1", "H2") and is_wall("H1", "G1")  # the Shack's own walls


def test_every_play_space_exists_and_the_years_have_their_sizes():
    assert len(ADVENTURES) == 100
    assert {year: len(cards) for year, cards in YEAR_CARDS.items()} == {1: 28, 2: 20, 3: 18, 4: 17, 5: 17}
    assert sum(card.vp for card in ADVENTURES.values()) == 752
    for card in ADVENTURES.values():
        for play in card.play:
            assert play in BY_NAME or play in ("Forest", "Corridor"), (card.id, play)
        assert card.cells and "A5" not in card.cells


def test_a_move_through_a_wall_is_refused_with_the_reason():
    state = position(cells=["A5", "B6", "C3", "H7"])
    with pytest.raises(IllegalCommand, match="wall"):
        GAME.apply(state, Move(0, ("A4",)))
    with pytest.raises(IllegalCommand, match="wall"):
        check_walk(state, 2, ("C2",), (), 3)
    with pytest.raises(IllegalCommand, match="at most 3"):
        GAME.apply(state, Move(0, ("B5", "B4", "C4", "D4")))


def test_moves_offered_in_random_positions_never_cross_a_wall():
    rng = random.Random(5)
    cards = list(ADVENTURES)
    for trial in range(60):
        state = position(cells=[rng.choice(CELLS) for _ in range(4)], seed=trial)
        for cell in rng.sample([c for c in CELLS if c != "A5"], 8):
            card = rng.choice([c for c in cards if c not in state.board.values()])
            from tests.house_cup_challenge_positions import take_card

            take_card(state, card)
            state.board[cell] = card
        state.players[0].specials_up += [s for s in ("map", "nimbus") if s in state.special_deck]
        for s in ("map", "nimbus"):
            if s in state.special_deck:
                state.special_deck.remove(s)
        for command in GAME.legal(state, 0):
            path = getattr(command, "path", ())
            if isinstance(command, (Move, UseSpecial)) and path:
                cell = state.players[0].cell
                for nxt in path:
                    assert nxt in NEIGHBOURS[cell], (command, cell, nxt)
                    cell = nxt
                limit = 3 if isinstance(command, Move) else 5
                assert len(path) <= limit
