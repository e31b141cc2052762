"""A referee for what each table asks of the person at it: the prompt line, the choice panels and what the table
lights up, read against what the rules allow that seat at that moment.

Real tables are driven headless (``tests/ui_driver.py``): one person against bots and, where the game allows it,
two people sharing the screen. At every moment a person is to act, the referee checks, then the person gives a
random legal command through the table's own gestures (``gesture_for``), as a person would with the mouse:

- the prompt's words against the seat's legal commands (``Match`` ``legal``, not the table's): whose turn it names,
  the counts it states (House Cup's "take 2 more cards", "your second of three"; House Cup Challenge's "Discard up to
  2 cards", "8 cards (9 in hand)", "2 cards swapped"; That's Wizard!'s cards to take), the day it names;
- each open choice panel: every legal command offered once, none that is not (a button shown refused only when the
  rules refuse it), the number of cards to pick, a "keep nothing"/"nothing" button exactly when that is legal;
- what is lit or playable (House Cup's tokens and day cards, House Cup Challenge's Draw and Pass, That's Wizard!'s
  cards, dials and Pass, Stupéfix's people told to point) against the legal commands;
- and the command given through the gesture is taken (a lit thing or an option refused when taken fails).

House Cup's count of cards to take is also held to what then happens: a prompt saying one card (more) is the
taker's last (their token goes back after it), one saying more is not. The counts are worked out again from the
tokens under the day and the cards taken from it (the rulebook's "Taking Cards"), not read from the view's count.

Run as a script to see how many decisions of each kind were refereed:
``PYTHONPATH=. python tests/test_prompt_referee.py``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.core import Match, SeatInfo
from tabletop.core.codec import to_json
from tabletop.core.protocol import Command
from tabletop.games import GAMES
from tabletop.games.house_cup import events as hc
from tabletop.games.house_cup.cards import CARDS as HC_CARDS
from tabletop.games.house_cup.cards import DAYS
from tabletop.games.house_cup_challenge import events as ch
from tabletop.games.house_cup_challenge.board import NEIGHBOURS
from tabletop.games.house_cup_challenge.cards import ABILITY_NAMES, CHARACTERS, SPECIALS
from tabletop.games.stupefix import events as sx
from tabletop.games.stupefix.terms import name as sx_term
from tabletop.games.thats_wizard import events as tw
from tabletop.games.thats_wizard.cards import CARDS as TW_CARDS
from tabletop.ui.app import App
from tabletop.ui.scenes.overlays import Dialog, PrivacyOverlay
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.settings import Settings
from tabletop.ui.tables.choice_panel import ChoicePanel
from tabletop.ui.tables.house_cup.panels import EMPTY_CAULDRON, EMPTY_LETTER, TITLES
from tabletop.ui.tables.house_cup_challenge.table import ACTION_PROMPTS
from tests import contract_hooks as hooks
from tests.house_cup_challenge_positions import position as challenge_position
from tests.ui_driver import Driver, at_table, pass_on_now, past_the_last_move

NAMES = ("Ada", "Bram", "Cleo", "Dov", "Elin", "Fitz", "Gus", "Hana")  # (Stupéfix seats eight)
TALLY: Counter[str] = Counter()  # decisions refereed, by game and kind (``python tests/test_prompt_referee.py``)


@dataclass
class Game:
    """One seeded game at a real table, and what the referee saw of it."""

    app: App
    driver: Driver
    table: Any
    rng: random.Random
    seen: Counter[str] = field(default_factory=Counter)
    promises: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, cards stated, log index)
    finals: list[tuple[int, Command, int]] = field(default_factory=list)  # House Cup's Flywheel: the score it shows
    checks: list[tuple[int, bool, dict[str, int], int]] = field(default_factory=list)  # a Test's words, by log index
    prefer: Callable[[Command], bool] = lambda command: False  # commands the person picks first (a position's aim)
    extra: list[int] = field(default_factory=list)  # House Cup Challenge: a Wand Bonus Token flipped, by log index
    passing: tuple[str, str] | None = None  # the last "the screen passes to" banner: who moved, and to whom

    @property
    def match(self) -> Match:
        return self.table.session.match

    def legal(self, seat: int) -> list[Command]:
        """The rules' legal commands for ``seat`` now, from the match (not the table's view)."""
        return list(self.match.game.legal(self.match.state, seat))

    def choose(self, legal: Sequence[Command]) -> Command:
        """The person's command: a random legal one (of those ``prefer`` picks out, when any)."""
        preferred = [command for command in legal if self.prefer(command)]
        return self.rng.choice(preferred or list(legal))

    def saw(self, kind: str) -> None:
        self.seen[kind] += 1
        TALLY[f"{self.match.game.id}: {kind}"] += 1


def open_game(
    game_id: str, controllers: Sequence[str], seed: int, start: Any = None, options: dict[str, Any] | None = None
) -> Game:
    """``game_id`` at a real table, one seat for each controller ("human" or a bot's level); That's Wizard!'s
    spellbooks drawn at random (its rarer choices come from spells the premade books seldom hold)."""
    game = GAMES[game_id]
    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo(NAMES[n], controller) for n, controller in enumerate(controllers)]
    players = len(seats)
    if options is None:
        options = hooks.wizard_options(players, seed) if game_id == "thats-wizard" else game.default_options(players)
    begun = to_json(start) if start is not None else None
    driver, table = at_table(app, Match(game, seats, options, seed, begun), frames=3)
    return Game(app, driver, table, random.Random(seed))


# --- what every panel must offer --------------------------------------------------------------------------------


def offered(panel: ChoicePanel) -> list[Command]:
    """The commands a panel lets the person give (a button shown refused is not one)."""
    return [option.command for option in panel.options if option.enabled]


def assert_offers_exactly(panel: ChoicePanel, legal: Sequence[Command]) -> None:
    """Every legal command offered once, and nothing else (a refused button only for what the rules refuse)."""
    commands = offered(panel)
    assert len(commands) == len(set(commands)), f"{panel.title}: an option offered twice"
    assert set(commands) == set(legal), (
        f"{panel.title}: offered but not legal {set(commands) - set(legal)}, legal but not offered "
        f"{set(legal) - set(commands)}"
    )
    refused = [option.command for option in panel.options if not option.enabled]
    assert not set(refused) & set(legal), f"{panel.title}: a legal option shown refused"


def give(game: Game, command: Command) -> None:
    """``command`` given through the table's gestures (a choice of several moves a drop opens answered too); it
    must be taken."""
    table, driver, log = game.table, game.driver, game.match.log
    before = len(log)
    for _ in range(3):
        scroll_to(game, command)
        driver.perform(table.gesture_for(command))
        for _ in range(20):
            if command in log[before:]:
                return
            if isinstance(game.app.scenes.top, Dialog):  # (That's Wizard!'s deliberate illegal play, asked first)
                driver.tap(game.app.scenes.top.buttons[0].rect.center)
            driver.frames(1)
        panel = table.panel
        if panel is None or command not in [option.command for option in panel.options]:
            break
        assert set(offered(panel)) <= set(game.legal(command.seat)), "a panel a drop opened offers an illegal move"
    raise AssertionError(f"{command} was refused when taken (message: {table.message!r})")


def scroll_to(game: Game, command: Command) -> None:
    """House Cup Challenge's hand shows a row of its cards: the person scrolls it to the card they play."""
    table, card = game.table, getattr(command, "card", None)
    if not isinstance(command, (ch.PlayHere, ch.PlayThere)) or table.panel is not None:
        return
    for _ in range(20):
        if table.hits.rect_of("card", card) is not None:
            return
        shown = table.hand_shown()
        arrow = table.hand_right if shown.index(card) >= table.hand_first else table.hand_left
        game.driver.tap(arrow.rect.center)
    raise AssertionError(f"{card} never came into the hand's row")


def play(
    game: Game,
    ready: Callable[[], bool],
    referee: Callable[[Game], Command | None],
    limit: int,
    waiting: Callable[[Game], None] | None = None,
) -> None:
    """Frames until the results (or ``limit`` decisions): at each moment ``ready`` says a person is to act, the
    ``referee`` checks the table and gives the person's command; between them ``waiting`` checks whom the table
    says it waits for. The privacy screen is passed as a person does."""
    app, driver = game.app, game.driver
    decisions = 0
    for _ in range(40_000):
        top = app.scenes.top
        if isinstance(top, ResultsScene) or decisions >= limit:
            return
        if isinstance(top, PrivacyOverlay):
            handed_as_told(game, top)
            driver.frames(50)  # (armed: ARMING)
            top.ready()
            driver.frames(2)
            continue
        passing = game.table.passing_line() if top is game.table else ""
        if passing:  # "{mover}, your move is made: the screen passes to {name} in a moment"
            said = re.match(r"^(.+), your move is made: the screen passes to (.+) in a moment", passing)
            assert said is not None, passing
            game.passing = (said[1], said[2])
        if top is game.table and ready():
            command = referee(game)
            if command is not None:
                give(game, command)
                decisions += 1
                continue
        if top is game.table and waiting is not None and still(game):
            waiting(game)
        if pass_on_now(driver):
            continue
        driver.frames(2)
    raise AssertionError("the game did not end")


def handed_as_told(game: Game, cover: PrivacyOverlay) -> None:
    """The screen goes to the person the banner said it passes to, from the one it named as having moved."""
    session = game.table.session
    assert cover.seat == session.acting_human(), "the screen passed to someone the rules do not wait for"
    if game.passing is None:
        return
    names = session.names()
    mover, name = game.passing
    game.passing = None
    assert names[cover.seat] == name, f"the banner said the screen passes to {name}; it went to {names[cover.seat]}"
    assert mover != name
    game.saw("screen passed")


def still(game: Game) -> bool:
    """The table at rest with a game going on and somebody to act: what its prompt says is about now."""
    table, match = game.table, game.match
    return not (table.busy() or table.lingering() or match.result() is not None) and bool(
        match.game.to_act(match.state)
    )


def person_at_screen(game: Game) -> int | None:
    """The seat of the person the table is asking now (the one on screen, nothing moving nor covering), or None."""
    table, session = game.table, game.table.session
    seat = session.acting_human()
    if seat is None or seat != table.view.seat or session.needs_handover() is not None:
        return None
    if table.busy() or table.lingering() or session.match.result() is not None or not table.view.legal:
        return None
    return seat


def assert_view_legal(game: Game, seat: int) -> list[Command]:
    legal = game.legal(seat)
    assert list(game.table.view.legal) == legal, "the table's view offers other commands than the rules"
    return legal


# --- House Cup ----------------------------------------------------------------------------------------------------

TAKE = re.compile(
    r"^(?P<name>.+): take (?:(?P<count>\d+) (?P<more>more )?cards? from|the last (?:(?P<last>\d+) cards|card) of)"
    r" (?P<day>\w+)\.$"
)
PLACE = re.compile(
    r"^(?P<name>.+): place one of your tokens under a day \(your (?P<nth>first|second|last) of three\)\.$"
)


def house_cup_referee(game: Game) -> Command | None:
    table = game.table
    seat = person_at_screen(game)
    if seat is None:
        return None
    house_cup_promises_kept(game)
    legal, view, name = assert_view_legal(game, seat), table.view, game.table.session.names()[seat]
    prompt = table.prompt()[0]
    if view.tasks:
        house_cup_panel(game, seat, legal)
        assert prompt == f"{name}: make your choice in the panel.", prompt
        assert not table.can_take() and not table.can_place()
    elif view.phase == "place":
        held = sorted({command.value for command in legal if isinstance(command, hc.PlaceToken)})
        assert held == sorted(view.held[seat]), "tokens held and tokens the rules let be placed differ"
        # the rulebook: a token may go under any schedule card, an empty one or one with tokens already
        assert set(legal) == {hc.PlaceToken(seat, day, value) for day in range(5) for value in held}
        said = PLACE.match(prompt)
        assert said is not None and said["name"] == name, prompt
        assert said["nth"] == ("first", "second", "last")[3 - len(held)], (prompt, held)
        assert table.can_place() and not table.can_take() and table.panel is None
        for value in held:
            assert sorted(table.legal_days(value)) == list(range(5))
        game.saw("place a token")
    else:
        house_cup_take(game, seat, legal, prompt, name)
    return game.rng.choice(legal)


WAITING = re.compile(
    r"^(?:(?P<thinking>.+) is thinking\.\.\.|Waiting for (?P<chooser>.+) to choose\.\.\."
    r"|(?P<placer>.+) will place a token\.|(?P<taker>.+) will take cards from (?P<day>\w+)\.)$"
)


def house_cup_waiting(game: Game) -> None:
    """While others act, the banner names one of those the rules wait for (the one who takes from the day being
    taken, the day named), and not the person at the screen."""
    table, match = game.table, game.match
    if table.panel is not None or person_at_screen(game) is not None:
        return
    prompt, names, state = table.prompt()[0], table.session.names(), match.state
    said = WAITING.match(prompt)
    if said is None:
        assert prompt == "" or table.passing_line() or "make your choice" in prompt, prompt
        return
    named = next(name for name in said.groups()[:4] if name)
    seat = names.index(named)
    assert seat in match.game.to_act(state), f"{prompt!r}: {named} is not to act"
    if said["taker"]:
        assert said["day"] == DAYS[state.day] and not state.tasks
        stack = list(table.view.under[state.day])
        assert min(enumerate(stack), key=lambda item: (item[1].value, item[0]))[1].seat == seat
    if said["placer"]:
        assert state.phase == "place" and not state.tasks
    game.saw("waiting")


def house_cup_take(game: Game, seat: int, legal: list[Command], prompt: str, name: str) -> None:
    """The taking line against the tokens under the day and the cards taken from it (the rulebook's order: lowest
    value first, of equal values the token lying higher, placed earlier)."""
    table, view = game.table, game.table.view
    day, there = view.day, view.days[view.day]
    stack = list(view.under[day])
    assert stack and all(token.revealed for token in stack)
    taker = min(enumerate(stack), key=lambda item: (item[1].value, item[0]))[1]
    assert taker.seat == seat, "the person asked to take is not the token's owner who takes now"
    taken = cards_taken_this_turn(game, seat, day)
    wanted = taker.value - taken
    expected = min(wanted, len(there))
    said = TAKE.match(prompt)
    assert said is not None and said["name"] == name, prompt
    assert said["day"] == DAYS[day], f"{prompt!r} names another day than {DAYS[day]}"
    count = int(said["count"] or said["last"] or 1)
    last = said["count"] is None
    assert count == expected, f"{prompt!r}: {expected} to take ({taker.value} token, {taken} taken, {len(there)} there)"
    assert last == (len(there) < wanted), f"{prompt!r}: 'the last' when {len(there)} lie there for {wanted}"
    assert bool(said["more"]) == (taken > 0 and not last), f"{prompt!r} after {taken} taken"
    assert set(legal) == {hc.TakeCard(seat, card) for card in there}
    assert all(HC_CARDS[card].day == day for card in there)
    assert table.can_take() and not table.can_place() and table.panel is None
    game.promises.append((seat, count, len(game.match.log)))
    game.saw("take cards")


def cards_taken_this_turn(game: Game, seat: int, day: int) -> int:
    """Cards ``seat`` took from ``day`` since the day's tokens turned over or the last taker's token went back."""
    count = 0
    for batch in reversed(game.match.history):
        for event in reversed(batch):
            if isinstance(event, (hc.TokenReturned, hc.TokensRevealed)):
                return count
            if isinstance(event, hc.CardTaken) and event.day == day:
                assert event.seat == seat, "another seat took from the day in this taker's turn"
                count += 1
    return count


def house_cup_promises_kept(game: Game) -> None:
    """A take the prompt called the taker's last ends their turn (their token goes back before anyone takes
    again); one that left more to take does not."""
    history = game.match.history
    for promise in list(game.promises):
        seat, count, index = promise
        if len(history) <= index:
            continue
        events = [event for batch in history[index:] for event in batch]
        first = next(i for i, event in enumerate(events) if isinstance(event, hc.CardTaken))
        after = events[first + 1 :]
        ended = next((e for e in after if isinstance(e, (hc.TokenReturned, hc.CardTaken))), None)
        if ended is None:
            continue
        game.promises.remove(promise)
        if count == 1:
            assert isinstance(ended, hc.TokenReturned) and ended.seat == seat, "told to take 1 more, the turn went on"
        else:
            assert isinstance(ended, hc.CardTaken) and ended.seat == seat, f"told to take {count}, the turn ended"


def house_cup_panel(game: Game, seat: int, legal: list[Command]) -> None:
    table, view = game.table, game.table.view
    panel = table.panel
    task = view.tasks[-1]
    assert panel is not None, f"no panel for the {task.kind} the rules ask"
    assert panel.title == TITLES[task.kind][0]
    assert_offers_exactly(panel, legal)
    buttons = {option.button for option in panel.options if option.button}
    assert ("Keep my cards" in buttons) == (hc.CauldronDiscard(seat, None) in legal)
    assert ("Keep none of them" in buttons) == (hc.KeepCard(seat, None) in legal)
    if task.kind in ("trouble", "letter", "cauldron"):
        assert task.cards[0] not in panel.cards(), "the card whose effect acts is offered to give away or discard"
    if task.kind == "letter":
        reward = last_event(game, lambda e: isinstance(e, hc.RewardsTaken) and e.seat == seat and e.reason == "letter")
        assert reward is not None
        assert (panel.explain == EMPTY_LETTER) == (reward.count == 0), "the Letter's reward token told wrong"
        gifts = [command for command in legal if isinstance(command, hc.GiveCard)]
        assert all(command.to != seat and "letter" not in HC_CARDS[command.card].symbols for command in gifts)
    if task.kind == "flywheel":  # "Your final score with each choice is shown": held to the final score
        for option in panel.options:
            points = int(option.picks[0].label.rsplit(": ", 1)[1])
            game.finals.append((seat, option.command, points))
    if task.kind == "cauldron":
        assert (panel.explain == EMPTY_CAULDRON) == (view.supply == 0)
        for command in legal:
            if command.card is not None:
                assert ("for a token" in panel.confirm_label(command)) == (view.supply > 0)
    game.saw(f"panel: {task.kind}")


def house_cup_finals_told(game: Game) -> None:
    """The Flywheel of Time's choice showed the final score it gives: the game ends on it."""
    result = game.match.result()
    assert result is not None
    for seat, command, points in game.finals:
        if command in game.match.log:
            assert result.scores[seat] == points, f"{command} said {points} points, the game ended on {result.scores}"


def last_event(game: Game, wanted: Callable[[Any], bool]) -> Any:
    for batch in reversed(game.match.history):
        for event in reversed(batch):
            if wanted(event):
                return event
    return None


# --- House Cup Challenge ------------------------------------------------------------------------------------------

ACTION_KINDS = (ch.Move, ch.PlayHere, ch.PlayThere, ch.UseSpecial, ch.DrawCards, ch.Pass)
UP_TO = re.compile(r"Discard up to (\d+) (?:more )?cards?")


def challenge_referee(game: Game) -> Command | None:
    table = game.table
    seat = person_at_screen(game)
    if seat is None:
        return None
    challenge_draws_told(game)
    challenge_checks_told(game)
    legal, view = assert_view_legal(game, seat), table.view
    while game.extra:  # the token flipped: this person's next decision is the extra action, at once
        index = game.extra.pop()
        assert len(game.match.log) == index + 1, "another move came between the flip and its extra action"
        assert view.tasks[-1].kind == "action" and view.tasks[-1].extra == "bonus", view.tasks[-1]
    name = table.session.names()[seat]
    prompt = table.prompt()[0]
    task = view.tasks[-1]
    if task.kind == "action":
        assert table.panel is None and table.can_act()
        kinds = {type(command) for command in legal}
        assert prompt in {line.format(name=name) for line in ACTION_PROMPTS.values()}, prompt
        # a Special Card is named exactly when one may be used (it was named to players who held none); drawing is
        # always open (with both piles empty it draws nothing)
        assert ("use a Special Card" in prompt) == (ch.UseSpecial in kinds), (prompt, kinds)
        # playing a card is named exactly when one may be played (it was named with an empty hand, about one action
        # in fourteen of the Medium bot's games)
        plays = bool(kinds & {ch.PlayHere, ch.PlayThere})
        assert ("play a card onto the board" in prompt) == plays, (prompt, kinds)
        game.saw("action with a card to play" if plays else "action with no card to play")
        assert "draw or pass" in prompt and ch.DrawCards in kinds, (prompt, kinds)
        assert ("Time-Turner" in prompt) == (task.extra == "time") and ("Bonus" in prompt) == (task.extra == "bonus")
        assert kinds <= set(ACTION_KINDS), kinds
        if task.extra == "time":  # (the Time-Turner's actions may not be a Special Card: its prompt names none)
            assert ch.UseSpecial not in kinds
        assert table.draw_button.enabled == (ch.DrawCards(seat) in legal)
        assert table.pass_button.enabled == (ch.Pass(seat) in legal)
        for card in view.me.hand or ():
            plays = [c for c in legal if isinstance(c, (ch.PlayHere, ch.PlayThere)) and c.card == card]
            assert bool(table.targets(card)) == bool(plays)
        moves = {c.path[-1] for c in legal if isinstance(c, ch.Move)}
        assert set(table.targets("character")) == moves
        game.saw("action")
    elif table.panel is None:
        raise AssertionError(f"no panel for the {task.kind} the rules ask")
    else:
        assert prompt == f"{name}: make your choice in the panel.", prompt
        challenge_panel(game, seat, legal, task)
    command = game.choose(legal)
    if isinstance(command, ch.Done):  # "Discard any cards; you draw as many when done"
        piles = view.draw_count + len(view.discard)
        game.promises.append((seat, min(swaps_so_far(game, seat), piles), len(game.match.log)))
    if command == ch.WandBonus(seat, True):  # "Flip it face down to take one extra action at once"
        game.extra.append(len(game.match.log))
    if isinstance(command, ch.DrawCards):  # (the rulebook's Draw 2 Cards; Hermione's Top of the Class draws 3)
        count = 3 if CHARACTERS[view.me.character].first_name_en == "Hermione" else 2
        assert table.draw_button.label == f"Draw {count}", table.draw_button.label
        piles = view.draw_count + len(view.discard)  # (the discard pile is shuffled into an empty deck)
        game.promises.append((seat, min(count, piles), len(game.match.log)))
    return command


def challenge_waiting(game: Game) -> None:
    """While others act, the banner names one the rules wait for."""
    table, match = game.table, game.match
    if person_at_screen(game) is not None:
        return
    prompt, names = table.prompt()[0], table.session.names()
    said = re.match(r"^(?:(.+) is thinking\.\.\.|Waiting for (.+)\.\.\.)$", prompt)
    if said is None:
        assert prompt == "" or table.passing_line(), prompt
        return
    seat = names.index(said[1] or said[2])
    assert seat in match.game.to_act(match.state), f"{prompt!r}: not to act"
    game.saw("waiting")


def challenge_draws_told(game: Game) -> None:
    """Draw's button says how many cards it draws (2, Hermione 3), the summer holidays that as many are drawn as
    were swapped: so many come, as far as the piles hold them."""
    history = game.match.history
    for promise in list(game.promises):
        seat, count, index = promise
        if len(history) <= index:
            continue
        game.promises.remove(promise)
        drawn = [e for e in history[index] if isinstance(e, ch.CardsDrawn) and e.seat == seat]
        got = sum(len(e.cards) for e in drawn if e.cards is not None)
        assert got == count, f"Draw {count} drew {got}"


def challenge_panel(game: Game, seat: int, legal: list[Command], task: Any) -> None:
    panel, view = game.table.panel, game.table.view
    assert_offers_exactly(panel, legal)
    hand = view.me.hand or ()
    if task.kind == "limit":
        said = re.search(r"\((\d+) cards? in hand\)", panel.explain)
        assert said is not None and int(said[1]) == len(hand) > 8, panel.explain
        assert set(legal) == {ch.Discard(seat, card) for card in hand}
    if task.kind == "holiday":
        said = re.search(r"\((\d+) cards? swapped so far\)", panel.explain)
        assert said is not None and int(said[1]) == swaps_so_far(game, seat), panel.explain
    board = view.board_map()
    if task.kind == "place":  # "Put {card} on a free space"
        assert all(c.cell not in board for c in legal if isinstance(c, ch.PlaceCard)), "a space with a card offered"
    if task.phase == "retreat":  # "Step to a connected space without a card"
        for command in legal:
            assert command.cell not in board and command.cell in NEIGHBOURS[view.me.cell], command
    if task.kind == "who":  # "{card} lands on {space}": one of those standing there encounters it
        assert {c.target for c in legal} == {n for n, player in enumerate(view.players) if player.cell == task.cell}
    if task.kind == "encounter" and task.phase == "discard":  # "Discard one card of your choice"
        assert set(legal) == {ch.Discard(seat, card) for card in hand}
    if task.kind == "encounter" and task.phase == "boost":
        boosts = [c for c in legal if isinstance(c, ch.Boost) and c.card not in SPECIALS]
        said = UP_TO.search(panel.explain)
        if "That passes the Test" in panel.explain:
            assert ch.Check(seat) in legal
        elif said is None:
            assert not boosts, f"{panel.explain!r}, yet cards may be discarded"
        if ch.Check(seat) in legal:
            game.checks.append(
                (seat, "That passes the Test" in panel.explain, values_said(panel.explain), len(game.match.log))
            )
        if said is not None and "That passes the Test" not in panel.explain:
            used = hand_boosts_so_far(game, seat)
            assert int(said[1]) == min(2 - used, len(hand)), (panel.explain, used, len(hand))
            assert boosts, "told to discard cards to boost, and none may be"
            assert ("more" in said[0]) == (used > 0), panel.explain
        assert ("flip bonus cards" in panel.explain) <= any(
            c.card in SPECIALS for c in legal if isinstance(c, ch.Boost)
        )
    game.saw(f"panel: {task.kind}" + (f" ({task.phase})" if task.phase else ""))


def values_said(explain: str) -> dict[str, int]:
    """The abilities an encounter's words say the character has now ("You have Knowledge 3, Skill 2.")."""
    said = re.search(r"You have (.+?)\.", explain)
    assert said is not None, explain
    codes = {str(ABILITY_NAMES[code]): code for code in ("K", "S", "H")}
    pairs = [part.rsplit(" ", 1) for part in said[1].split(", ")]
    return {codes[ability]: int(value) for ability, value in pairs}


def challenge_checks_told(game: Game) -> None:
    """A Test checked from the boost panel is checked with the values its words gave, and passes exactly when they
    said it does."""
    history = game.match.history
    for check in list(game.checks):
        seat, passes, values, index = check
        if len(history) <= index:
            continue
        game.checks.remove(check)
        if game.match.log[index] != ch.Check(seat):
            continue  # (a boost was given instead: the panel asks again)
        checked = [e for e in history[index] if isinstance(e, ch.TestChecked) and e.seat == seat]
        assert checked, "Check the Test checked nothing"
        assert dict(checked[0].values) == values, f"said {values}, checked {checked[0].values}"
        assert checked[0].passed == passes, f"the words said passing: {passes}; the Test: {checked[0].passed}"


def swaps_so_far(game: Game, seat: int) -> int:
    count = 0
    for command in reversed(game.match.log):
        if not isinstance(command, (ch.Swap, ch.Done)):
            break
        count += isinstance(command, ch.Swap) and command.seat == seat
    return count


def hand_boosts_so_far(game: Game, seat: int) -> int:
    """Hand cards ``seat`` discarded to boost the encounter under way (Special Cards flipped do not count)."""
    count = 0
    for command in reversed(game.match.log):
        if not isinstance(command, ch.Boost) or command.seat != seat:
            break
        count += command.card not in SPECIALS
    return count


# --- That's Wizard! -----------------------------------------------------------------------------------------------


def wizard_ready(game: Game) -> bool:
    table = game.table
    return person_at_screen(game) is not None and not table.showing_round()


def wizard_waiting(game: Game) -> None:
    """While others choose, the banner lists everyone the rules wait for, and nobody else."""
    table, match = game.table, game.match
    if person_at_screen(game) is not None or table.showing_round() or table.panel is not None:
        return
    line = table.instruction()
    said = re.match(r"^Waiting for (.+)\.$", line)
    if said is None:
        return
    names = table.session.names()
    assert said[1] == ", ".join(names[seat] for seat in match.game.to_act(match.state)), line
    game.saw("waiting")


def wizard_referee(game: Game) -> Command | None:
    table = game.table
    seat = person_at_screen(game)
    if seat is None or table.showing_round():
        return None
    legal, view = assert_view_legal(game, seat), table.view
    name = table.session.name(seat)
    instruction = table.instruction()
    panel = table.panel
    assert (panel is not None) == (table.panel_key() is not None)
    if panel is None:
        assert table.can_choose() and view.stage == "choose"
        plays = {(c.card, c.dial) for c in legal if isinstance(c, tw.Play)}
        for card in view.hand:
            for dial in TW_CARDS[card].dials:
                assert (table.problem(card, dial) is None) == ((card, dial) in plays), (card, dial)
        assert all(card in view.hand and dial in TW_CARDS[card].dials for card, dial in plays)
        assert table.pass_button.enabled == (tw.Pass(seat) in legal)
        assert not table.ready_button.enabled  # (nothing picked yet)
        for button, command in table.stall():
            assert button.visible == (command in legal)
        if not view.hand:
            assert instruction == f"{name}, you have no card to play this round: Pass.", instruction
            assert not plays
        elif not (table.concede_button.visible or table.draw_button.visible):
            assert instruction == f"{name}, choose a card, set your dial, then Reveal.", instruction
            assert plays, f"{instruction!r}, and no card may be played"
        game.saw("choose a spell")
        return game.rng.choice(legal)
    prompt = view.prompt
    assert instruction == panel.title or instruction.startswith(f"{name}: "), instruction
    if prompt is None:
        assert view.stage == "sideboard"
        takes = {option.command for option in panel.options if option.cards}
        assert takes == set(legal) and all(
            len(option.cards) == panel.pick_count == 2 for option in panel.options if option.cards
        )
        assert {o.command for o in panel.options} <= set(legal), "a preset side board the rules refuse"
        game.saw("panel: side board")
        return game.rng.choice(legal)
    if prompt.kind == "erase":
        sizes = {len(c.cards) for c in legal if isinstance(c, tw.TakeCards)}
        said = re.search(r"Take (\d+) cards?", panel.explain)
        assert said is not None and sizes == {int(said[1])} == {panel.pick_count}, (panel.explain, sizes)
        assert {o.command for o in panel.options} == set(legal)
    else:
        assert_offers_exactly(panel, legal)
    duos = len(view.wizards) == 4
    if prompt.kind == "transfer":  # "How much Stamina do you give {target}?": the ally
        assert duos and prompt.target % 2 == seat % 2 and prompt.target != seat
    if prompt.kind == "dispel":
        said = re.search(r"(\d+) tokens? to remove", panel.title)
        tokens = sum(item.tokens for item in view.lasting if item.owner == prompt.target)
        assert said is not None and 0 < int(said[1]) <= tokens, (panel.title, tokens)
    game.saw(f"panel: {prompt.kind}")
    return game.rng.choice(legal)


# --- Stupéfix -----------------------------------------------------------------------------------------------------


def stupefix_step(game: Game) -> bool:
    """One moment of a Stupéfix table: a person's choice refereed and given, the Ready cue pressed, a wand
    pointed, or a frame or two; False once the results are up."""
    app, driver, table = game.app, game.driver, game.table
    past_the_last_move(driver)
    top = app.scenes.top
    if isinstance(top, ResultsScene):
        return False
    if isinstance(top, PrivacyOverlay):
        driver.frames(50)
        top.ready()
        driver.frames(2)
        return True
    if top is not table:
        driver.frames(2)
        return True
    if table.cue() is not None:
        driver.tap(table.ready_button.rect.center)  # "Ready?": the count starts
        return True
    pointing = [seat for seat in table.humans if table.can_point(seat)]
    if pointing and table.reveal is None:
        stupefix_pointing(game, pointing)
        return True
    if table.reveal is None and table.choice is not None and not table.busy():
        give(game, stupefix_choice(game))
        return True
    view = table.view
    if not table.busy() and table.choice is None:
        stupefix_waiting(game)
    drafter = view.drafter()
    drafting = view.phase == "draft" and drafter is not None and table.session.is_human(drafter) and not view.tasks
    if drafting and drafter is not None and not table.busy():  # (the public table: anyone at it taps for the drafter)
        give(game, stupefix_draft(game, drafter))
        return True
    driver.frames(2)
    return True


def stupefix_waiting(game: Game) -> None:
    """ "Preparing spells: waiting for ..." and "Casting: waiting for ..." list exactly those still to choose."""
    table, match = game.table, game.match
    said = re.match(r"^(?:Preparing spells|Casting): waiting for (.+)\.$", table.prompt()[0])
    if said is None:
        return
    names = table.session.names()
    waiting = [names[seat] for seat in match.game.to_act(match.state)]
    expected = waiting[0] if len(waiting) == 1 else f"{', '.join(waiting[:-1])} and {waiting[-1]}"
    assert said[1] == expected, (said[1], waiting)
    game.saw("waiting")


def stupefix_pointing(game: Game, pointing: list[int]) -> None:
    """The people told to point are those who may (each has a wand to point at someone), and one points."""
    table = game.table
    names = table.session.names()
    prompt = table.prompt()[0]
    for seat in pointing:
        assert any(isinstance(c, sx.PointWand) and c.target is not None for c in game.legal(seat))
        assert names[seat] in prompt or prompt.startswith("Everyone"), prompt
    told = [seat for seat in table.humans if names[seat] in prompt.split(":")[0]]
    assert set(told) <= set(pointing), f"{prompt!r} tells someone who may not point"
    seat = pointing[0]
    targets = [c for c in game.legal(seat) if isinstance(c, sx.PointWand) and c.target is not None]
    game.saw("point a wand")
    command = game.rng.choice(targets)
    game.driver.perform(table.gesture_for(command))
    game.driver.frames(1)


def stupefix_choice(game: Game) -> Command:
    table = game.table
    choice, panel = table.choice, table.panel
    seat = choice.view.seat
    legal = game.legal(seat)
    assert list(choice.view.legal) == legal
    assert panel is not None
    name = table.session.names()[seat]
    if choice.kind == "prepare":
        assert_offers_exactly(panel, legal)
        assert set(panel.cards()) == set(choice.view.hand)
        assert panel.title.startswith(f"{name}: ")
    elif choice.kind == "cast":
        assert_offers_exactly(panel, legal)
        stupefix_cast_words(game, seat, panel)
    elif choice.kind == "cours":
        assert_offers_exactly(panel, legal)
        found = any(isinstance(c, sx.TakeStupefix) and c.face_down for c in legal)
        assert ("you find a Stupefy" in panel.explain) == found, panel.explain
    else:  # "Give back one Late token of your house": a Late token of the chooser's house
        assert_offers_exactly(panel, legal)
        for option in panel.options:
            owner = option.command.owner
            assert f"({choice.view.retard[owner]})" in option.button
            assert choice.view.retard[owner] > 0 and not choice.view.adversary(seat, owner), option.button
    game.saw(f"panel: {choice.kind}")
    return game.rng.choice(legal)


def stupefix_cast_words(game: Game, seat: int, panel: ChoicePanel) -> None:
    """The cast panel names the spell laid this round, where the seat's wand points and whose wands point at it,
    as the moves of the round made them."""
    names, log = game.table.session.names(), game.match.log
    round_moves = log[max(i for i, c in enumerate(log) if isinstance(c, sx.PrepareSpell) and c.seat == seat) :]
    laid = next(c.spell for c in round_moves if isinstance(c, sx.PrepareSpell) and c.seat == seat)
    pointed = {c.seat: c.target for c in round_moves if isinstance(c, sx.PointWand)}
    cast = next(option.button for option in panel.options if option.command == sx.CastSpell(seat, False))
    assert cast == f"Cast {sx_term(laid)}", (cast, laid)
    target = pointed.get(seat)
    aim = "Your wand points at nobody." if target is None else f"Your wand points at {names[target]}."
    assert panel.explain.startswith(aim), (panel.explain, pointed)
    at_me = [names[other] for other in sorted(pointed) if pointed[other] == seat]
    assert ("No wand points at you." in panel.explain) == (not at_me), (panel.explain, pointed)
    assert all(name in panel.explain.split("Wands on you:")[-1].split(".")[0] for name in at_me), panel.explain


def stupefix_draft(game: Game, seat: int) -> Command:
    table = game.table
    legal = game.legal(seat)
    prompt = table.prompt()[0]
    assert prompt == f"{table.session.names()[seat]}: choose a reward to take.", prompt
    assert {c.reward for c in legal if isinstance(c, sx.TakeReward)} == set(table.view.row)
    game.saw("take a reward")
    return game.choose(legal)


# --- the tests ----------------------------------------------------------------------------------------------------

ALONE = ("human", "medium")  # one person against a bot
TWO = ("human", "human")  # two people sharing the screen


@pytest.mark.parametrize(
    ("seats", "seed"), [(ALONE, 3), (ALONE + ("medium", "medium"), 8), (TWO + ("medium",), 5)], ids=["2", "4", "3-two"]
)
def test_house_cup_asks_what_the_rules_allow(seats: tuple[str, ...], seed: int) -> None:
    game = open_game("house-cup", seats, seed)
    play(game, lambda: person_at_screen(game) is not None, house_cup_referee, 200, house_cup_waiting)
    assert isinstance(game.app.scenes.top, ResultsScene)
    house_cup_promises_kept(game)
    assert not [p for p in game.promises if p[1] != 1], "a turn told to take more cards ended the game"
    house_cup_finals_told(game)
    assert game.seen["place a token"] >= 9 and game.seen["take cards"] >= 4, game.seen


@pytest.mark.parametrize(("seats", "seed"), [(ALONE + ("medium",), 3), (TWO, 5)], ids=["3", "2-two"])
def test_house_cup_challenge_asks_what_the_rules_allow(seats: tuple[str, ...], seed: int) -> None:
    characters = ["hermione", "ron", "neville", "harry"][: len(seats)]  # (Hermione's Draw draws 3)
    options = {"prefect": 0, "youngest": 0, "characters": characters}
    game = open_game("house-cup-challenge", seats, seed, options=options)
    play(game, lambda: person_at_screen(game) is not None, challenge_referee, 60, challenge_waiting)
    challenge_draws_told(game)
    challenge_checks_told(game)
    assert game.seen["action"] >= 20, game.seen


def test_house_cup_challenge_names_no_card_to_play_with_an_empty_hand() -> None:
    """About one action in fourteen has no card to play; its prompt said "play a card onto the board" all the
    same. Ada starts her turn with an empty hand and no Special Card; after a draw she has cards to play."""
    characters = ("harry", "ron")
    state = challenge_position(characters=characters, cells=["D4"] * 2, hands=[[], ["Y1-03"]], seed=7)
    options = {"prefect": 0, "youngest": 0, "characters": list(characters)}
    game = open_game("house-cup-challenge", ("human", "medium"), 7, state, options)
    assert game.table.prompt()[0] == "Ada, your action: move your character, draw or pass."
    game.prefer = lambda command: isinstance(command, (ch.DrawCards, ch.PlayHere, ch.PlayThere))
    play(game, lambda: person_at_screen(game) is not None, challenge_referee, 6, challenge_waiting)
    assert game.seen["action with no card to play"] and game.seen["action with a card to play"], game.seen


@pytest.mark.parametrize(
    ("extra", "specials", "line"),
    [
        ("time", ["timeturner"], "Ada, your action (Time-Turner): move your character, draw or pass."),
        ("bonus", [], "Ada, your action (Wand Bonus Token): move your character, draw or pass."),
        (
            "bonus",
            ["firebolt"],
            "Ada, your action (Wand Bonus Token): move your character, use a Special Card, draw or pass.",
        ),
    ],
)
def test_house_cup_challenge_names_no_card_to_play_in_the_time_turners_and_the_tokens_actions(
    extra: str, specials: list[str], line: str
) -> None:
    """The Time-Turner's two actions and the Wand Bonus Token's action have their own prompts: with an empty hand
    they too said to play a card onto the board."""
    characters = ("harry", "ron")
    state = challenge_position(
        characters=characters, cells=["D4"] * 2, hands=[[], ["Y1-03"]], specials=[specials, []], seed=7
    )
    if extra == "bonus":  # the token's action, its token turned down
        state.tasks[-1].extra, state.players[0].wand_token = "bonus", "down"
    assert GAMES["house-cup-challenge"].check_state(state) == []
    options = {"prefect": 0, "youngest": 0, "characters": list(characters)}
    game = open_game("house-cup-challenge", ("human", "medium"), 7, state, options)
    if extra == "time":  # Ada turns her Time-Turner at the table: two more actions
        assert game.table.submit(ch.UseSpecial(0, "timeturner"))
        game.driver.frames(2)
        assert [task.extra for task in game.table.view.tasks][-2:] == ["time", "time"]
    assert game.table.prompt()[0] == line


@pytest.mark.parametrize("seed", [1, 2])
def test_house_cup_challenge_asks_the_rarer_choices_as_the_rules_allow(seed: int) -> None:
    """Cards played onto a space everyone stands on, Tests the characters fail, Fawkes and Expelliarmus to flip:
    who encounters the card, the boosts, the retry and the setback's choices."""
    characters = ("harry", "ron", "hermione")
    state = challenge_position(
        characters=characters,
        cells=["D4"] * 3,  # (a corridor: the hand's cards are played onto corridors)
        abilities=[(1, 1, 1)] * 3,
        hands=[["Y1-25", "Y2-10", "Y5-09", "Y1-24", "Y1-01", "Y1-02"], ["Y1-03"], ["Y1-04"]],
        specials=[["fawkes", "expelliarmus", "remembrall", "felix"], [], []],
        seed=seed,
    )
    options = {"prefect": 0, "youngest": 0, "characters": list(characters)}
    game = open_game("house-cup-challenge", ("human", "medium", "medium"), seed, state, options)
    game.prefer = lambda command: (
        isinstance(command, (ch.PlayHere, ch.Check, ch.UseFree)) or command == ch.ChooseEncounterer(0, 0)
    )
    play(game, lambda: person_at_screen(game) is not None, challenge_referee, 12, challenge_waiting)
    challenge_checks_told(game)
    assert game.seen["panel: who"] and game.seen["panel: encounter (fawkes)"], game.seen


@pytest.mark.parametrize(
    ("seats", "seed"), [(ALONE, 4), (ALONE + ("medium", "medium"), 6), (TWO + ("medium", "medium"), 2)]
)
def test_thats_wizard_asks_what_the_rules_allow(seats: tuple[str, ...], seed: int) -> None:
    game = open_game("thats-wizard", seats, seed)
    play(game, lambda: wizard_ready(game), wizard_referee, 50, wizard_waiting)
    assert game.seen["choose a spell"] >= 5 and game.seen["panel: side board"] >= 1, game.seen


@pytest.mark.parametrize(("seats", "seed"), [(ALONE + ("medium",) * 2, 11), (TWO + ("medium",) * 2, 12)])
def test_stupefix_asks_what_the_rules_allow(seats: tuple[str, ...], seed: int) -> None:
    game = open_game("stupefix", seats, seed)
    for _ in range(20_000):
        if not stupefix_step(game):
            break
    assert isinstance(game.app.scenes.top, ResultsScene)
    assert game.seen["panel: prepare"] >= 6 and game.seen["panel: cast"] >= 6, game.seen


class _Tally:
    """(As a script) prints how many decisions of each kind the run refereed, from the module pytest imported."""

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        tally = session.items[0].module.TALLY if session.items else Counter()
        for kind, count in sorted(tally.items()):
            print(f"{count:6}  {kind}")


if __name__ == "__main__":
    raise SystemExit(pytest.main([__file__, "-q", "-p", "no:cacheprovider"], plugins=[_Tally()]))
