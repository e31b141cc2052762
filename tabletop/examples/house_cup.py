"""The House Cup example positions shipped in ``saves/``, and the script that writes them.

``tabletop examples`` rewrites them (``tabletop.examples.write_examples``).
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.bots import make_bot
from tabletop.core.codec import to_json
from tabletop.core.match import Match, SeatInfo
from tabletop.core.rng import Rng
from tabletop.games.house_cup import GAME
from tabletop.games.house_cup.cards import ALL_CARDS, CARDS, REWARD_TOKENS, SMALL_GAME_REMOVALS
from tabletop.games.house_cup.events import ChooseFlywheelSet, KeepCard
from tabletop.games.house_cup.state import HouseCupState, Task
from tabletop.i18n import N_

RAVENCLAW_CARDS = [
    "potions-1",
    "potions-2",
    "potions-3",
    "quidditch-1",
    "quidditch-2",
    "quidditch-3",
    "creatures-1",
    "help_owlery-1",
    "letter-1",
    "history-1",
    "history-2",
    "castle-1",
    "trouble-2",
    "elf-1",
]
# Before the end of the game: the School Uniform is still among the cards Help Searching for Points shows.
SLYTHERIN_CARDS = [
    "herbology-1",
    "herbology-2",
    "flywheel-1",
    "earphones-1",
    "trouble-3",
    "quidditch-4",
    "help_nargles-1",
    "help_firstyears-1",
    "help_search-1",
    "forward-3",
    "forward-1",
]
SEARCHED = ["potions-5", "uniform-4", "trouble-5", "castle-2", "herbology-3"]
DISCARDED = ["trouble-4", "trouble-6", "potions-6", "letter-3", "cauldron-1", "trouble-7"]
DECK = ["charms-1", "uniform-1", "creatures-3", "help_hagrid-1", "trouble-8"]


def scoring_example_state() -> HouseCupState:
    """The rulebook's scoring example, Ravenclaw against Slytherin, as Slytherin searches for points."""
    placed = set(RAVENCLAW_CARDS + SLYTHERIN_CARDS + SEARCHED + DISCARDED + DECK) | set(SMALL_GAME_REMOVALS)
    leftover = [card for card in ALL_CARDS if card not in placed]  # still lying on the timetable
    days: list[list[str]] = [[] for _ in range(5)]
    for card in leftover:
        days[CARDS[card].day].append(card)
    return HouseCupState(
        houses=["Ravenclaw", "Slytherin"],
        rng=Rng.from_seed(84_69),
        rounds=4,
        deck=list(DECK),
        discard=list(DISCARDED),
        box=list(SMALL_GAME_REMOVALS),
        days=days,
        under=[[] for _ in range(5)],
        held=[[1, 2, 3], [1, 2, 3]],
        tableau=[list(RAVENCLAW_CARDS), list(SLYTHERIN_CARDS)],
        rewards=[5, 0],
        supply=REWARD_TOKENS - 5,
        first=0,
        round=4,
        phase="end",
        deals=4,
        end_step=1,
        tasks=[Task("search", 1, list(SEARCHED))],
    )


def scoring_example_match(finished: bool = True) -> Match:
    seats = [SeatInfo("Ravenclaw"), SeatInfo("Slytherin")]
    options = {"houses": ["Ravenclaw", "Slytherin"], "first": 0}
    match = Match(GAME, seats, options, seed=8469, start=to_json(scoring_example_state()))
    if finished:
        match.apply(KeepCard(1, "uniform-4"))
        match.apply(ChooseFlywheelSet(1, "herbology"))
    return match


def midround_match(seed: int = 2024) -> Match:
    """A 4-player game between greedy bots, stopped in round 2 with tokens under the timetable."""
    seats = [
        SeatInfo("Gryffindor"),
        SeatInfo("Slytherin", "medium"),
        SeatInfo("Hufflepuff"),
        SeatInfo("Ravenclaw", "medium"),
    ]
    options = GAME.default_options(4)
    match = Match(GAME, seats, options, seed)
    bot = make_bot(GAME, "greedy")
    rng = Rng.from_seed(seed)
    while not (match.state.round == 2 and match.state.deals == 3 and match.state.placed == 2):
        seat = match.to_act()[0]
        match.apply(bot.choose(GAME.view(match.state, seat), rng))
    return match


EXAMPLES: dict[str, tuple[Callable[[], Match], str]] = {
    "house-cup-scoring-example.json": (
        lambda: scoring_example_match(True),
        N_("The rulebook's scoring example, finished: Ravenclaw 84, Slytherin 69."),
    ),
    "house-cup-scoring-example-choices.json": (
        lambda: scoring_example_match(False),
        N_(
            "The rulebook's scoring example at the end of the game: Slytherin keeps one of five cards with Help "
            "Searching for Points, then chooses the Flywheel of Time's set."
        ),
    ),
    "house-cup-4p-midround.json": (
        midround_match,
        N_("A four-player game in round 2: Gryffindor and Hufflepuff are people, Slytherin and Ravenclaw bots."),
    ),
}
