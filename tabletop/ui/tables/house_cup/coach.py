"""House Cup's guided first game: two players (you and a Medium bot), you first; the steps of the first round
(your tokens, the timetable, placing a token, its secret number, the draft from Monday, and once the round's
cards are taken, your cards and your score); and an aside the first time an IMMEDIATELY card asks for a choice.
"""

from __future__ import annotations

from tabletop.core import Match, SeatInfo
from tabletop.games import GAMES
from tabletop.games.house_cup.cards import DAYS
from tabletop.games.house_cup.events import PlaceToken, TakeCard
from tabletop.games.house_cup.i18n import gettext as _
from tabletop.i18n import N_
from tabletop.ui.tables.coach import Check, Guide, Rects, Step, panel_words
from tabletop.ui.tables.house_cup.table import HouseCupTable


def guided_match(seed: int) -> Match:
    seats = [SeatInfo("Gryffindor", "human"), SeatInfo("Slytherin", "medium")]  # (shown in the language)
    return Match(GAMES["house-cup"], seats, {"houses": ["Gryffindor", "Slytherin"], "first": 0}, seed)


# --- what the steps point at -------------------------------------------------------------------------------
def my_tokens(table: HouseCupTable) -> Rects:
    return [table.layout.my_tokens, *table.layout.headers]


def timetable(table: HouseCupTable) -> Rects:
    columns = table.layout.columns
    return [columns[0].union(columns[-1])]


def my_placed_token(table: HouseCupTable) -> Rects:
    """The token placed, every day's tokens and headers kept clear (it lay over the other player's tokens)."""
    view, layout = table.view, table.layout
    for day, tokens in enumerate(view.under):
        if any(token.seat == view.seat for token in tokens):
            return [layout.token_areas[day], *layout.token_areas, *layout.headers, layout.my_tokens]
    return []


def day_to_take(table: HouseCupTable) -> Rects:
    """The day being taken, and the days still to come kept clear: their cards are part of the choice (it lay
    over Wednesday's and Friday's cards)."""
    day, areas = table.view.day, table.layout.card_areas
    return [areas[day], *areas[day + 1 :], table.layout.banner]


def placing_clear(table: HouseCupTable) -> Rects:
    """What the next round's placing needs in sight: the days' headers and tokens, and one's own tokens (the tips
    after the taking come as the next round's placing begins; one lay over the days where tokens are dropped), and
    the days' new cards, the first to give way (they are what the placing weighs: a tip lay over Monday's)."""
    layout = table.layout
    return [*layout.headers, *layout.token_areas, layout.my_tokens, *layout.card_areas]


def my_cards(table: HouseCupTable) -> Rects:
    return [table.layout.my_cards, *placing_clear(table)]


def my_score(table: HouseCupTable) -> Rects:
    return [table.hits.rect_of("score", f"score:{table.view.seat}"), *placing_clear(table)]


def rules_button(table: HouseCupTable) -> Rects:
    return [table.layout.buttons[2], *placing_clear(table)]


# --- when a step is done or may be shown ----------------------------------------------------------------------
def placed(count: int) -> Check:
    def check(table: HouseCupTable) -> bool:
        seat = table.view.seat
        return sum(isinstance(c, PlaceToken) and c.seat == seat for c in table.session.match.log) >= count

    return check


def took_a_card(table: HouseCupTable) -> bool:
    return any(isinstance(c, TakeCard) and c.seat == table.view.seat for c in table.session.match.log)


def has_cards(table: HouseCupTable) -> bool:
    """Cards taken, and the taking of the round over (nothing more to take, nothing of them to do)."""
    view = table.view
    return bool(view.tableau[view.seat]) and view.phase != "take" and not view.tasks and table.panel is None


INSTANT = ("trouble", "letter", "cauldron", "search")  # the tasks of IMMEDIATELY cards


def instant_choice(table: HouseCupTable) -> bool:
    view = table.view
    return table.panel is not None and bool(view.tasks) and view.tasks[-1].kind in INSTANT and table.my_turn()


def instant_done(table: HouseCupTable) -> bool:
    return not instant_choice(table)


STEPS = (
    Step(
        N_("These are your three secret choice tokens, 1, 2 and 3. Only you see their numbers."),
        my_tokens,
        ready=HouseCupTable.can_place,
    ),
    Step(
        N_("This is the week's timetable. Each card lies in the column of the day its symbol shows, Monday to Friday."),
        timetable,
        ready=HouseCupTable.can_place,
    ),
    Step(
        N_(
            "Place a token under a day whose cards you want: drag it there, or choose the token, then the day. A 1 "
            "picks first but takes one card; a 3 takes three cards, but last."
        ),
        my_tokens,
        done=placed(1),
        ready=HouseCupTable.can_place,
    ),
    Step(
        N_(
            "Your token lies face down: Slytherin sees that it is there, not its number. Tokens under a day are "
            "turned over when its cards are taken."
        ),
        my_placed_token,
        ready=HouseCupTable.can_place,
    ),
    Step(
        N_("Place your other two tokens the same way. You and Slytherin take turns, one token each."),
        my_tokens,
        done=placed(3),
        ready=HouseCupTable.can_place,
    ),
    Step(
        N_(
            "Now each day is turned over from Monday. The lowest number takes first (on a tie, the token placed "
            "first). Choose a lit card to take it."
        ),
        day_to_take,
        done=took_a_card,
        ready=HouseCupTable.can_take,
    ),
    Step(
        N_(
            "Your cards gather here. Sets score together: rest the pointer on a card (or hold a finger on it, or "
            "press Z on it) to read what it scores."
        ),
        my_cards,
        ready=has_cards,
    ),
    Step(
        N_("Your points now, counted as if the game ended here. Choose the score to see how it is made."),
        my_score,
        ready=has_cards,
    ),
    Step(
        N_(
            "After Friday a new round starts, as this one has: two players play 4 rounds. The most points wins the "
            "House Cup. The rules and How to win are one button away here."
        ),
        rules_button,
        ready=has_cards,
    ),
)

SUMMARY = (
    (
        N_("On your turn"),
        N_(
            "Cards are laid on a Monday-to-Friday timetable. You and the other player take turns sliding one of your "
            "three secret tokens (1, 2, 3) face down under a day, three times each."
        ),
    ),
    (
        N_("Taking cards"),
        N_(
            "Day by day, the tokens are turned over. The lowest number takes first: a 1 takes one card, a 2 two, a 3 "
            "three. A token that gets no card earns a reward token (2 points) instead."
        ),
    ),
    (
        N_("How points are won"),
        N_(
            "Sets score together (Potions, Magical Creatures, the three castle cards...), Quidditch's leader scores "
            "30, most Troubles cost 5 and Herbology costs points unless you own the Earphones. Every reward token is "
            "worth 2."
        ),
    ),
    (
        N_("How the game ends"),
        N_("After 4 rounds (with two players) the most points wins the House Cup; on a tie, fewer cards wins."),
    ),
)

ASIDES = (
    Step(
        N_(
            "A card marked IMMEDIATELY acts the moment someone takes it; when it asks something of you, it opens "
            "here. Read what it asks, then choose (a card, or the button) and Confirm."
        ),
        panel_words,
        done=instant_done,
        ready=instant_choice,
        over_panel=True,
    ),
)


# The kit's coach shows the title, the summary and the steps through House Cup's catalogue: they stay message ids.
GUIDE = Guide("house-cup", SUMMARY, STEPS, guided_match, asides=ASIDES)


def why_not(table: HouseCupTable, kind: str, pos: tuple[int, int]) -> str | None:
    """Why a tap or a drag the table took silently did nothing."""
    card = table.card_at(pos)
    if card is None or table.can_take():
        return None
    if table.can_place():
        return _("Cards are taken once every token is placed: first drag a token under a day.")
    if table.my_turn():
        return _("First answer the choice in the panel.")
    actor = table.view.to_act[0] if table.view.to_act else None
    if actor is not None and actor != table.view.seat:
        return _("Not your turn: {name} is playing.").format(name=table.session.name(actor))
    return _("Only the cards of {day} can be taken now.").format(day=DAYS[table.view.day])


__all__ = ["GUIDE", "why_not"]
