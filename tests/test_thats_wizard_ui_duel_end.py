"""What a person playing That's Wizard! sees as a duel ends (the new player's review of 1 vs 1 against a bot)."""

import copy
import random

import pygame

from tabletop.games.thats_wizard import GAME
from tabletop.games.thats_wizard import events as ev
from tabletop.games.thats_wizard.cards import MAX_STAMINA
from tabletop.ui import theme
from tabletop.ui.tables.thats_wizard import painter
from tabletop.ui.tables.thats_wizard.dice import HOLD, Throw
from tabletop.ui.tables.thats_wizard.painter import NUMBER_SIZE, TRACKS
from tabletop.ui.tables.thats_wizard.table import DUEL_END, SHOWN_ROUND
from tabletop.ui.theme import px
from tests.drawn_text import drawn_afresh, record_drawn
from tests.thats_wizard_ui_helpers import act, open_table, pass_screen, play_to_the_end


def low_duel(stamina: int, seed: int = 3):
    """A 1 vs 1 match's first duel, both wizards down to ``stamina``: it ends within a round or two."""
    state, rng = GAME.setup(2, GAME.default_options(2), seed), random.Random(seed)
    while state.stage != "choose":
        GAME.apply(state, rng.choice(GAME.legal(state, GAME.to_act(state)[0])))
    for wizard in state.wizards:
        wizard.stamina, wizard.low, wizard.low_round = stamina, stamina, state.round
    return state


def test_a_duel_ended_against_a_bot_is_said_and_stays_in_sight_before_the_next_side_board():
    """The next duel begins in the move that ends one: its side board covered the table at once, and a person alone
    against a bot read that they had lost the duel in the log alone. Now the table says who won, as the log does,
    and keeps the duel's end in sight a moment before the next side board is asked."""
    app, driver, table = open_table(["human", "greedy"], seed=3, start=low_duel(2), animation="Normal")
    won: list[ev.DuelWon] = []
    listeners = table.session.listeners
    index = listeners.index(table.on_applied)
    applied = listeners[index]

    ended: dict[int, int] = {}  # each wizard's Stamina as the duel ended

    def watch(command):
        before = {seat: wizard.stamina for seat, wizard in enumerate(table.view.wizards)}
        applied(command)
        for event in command.events:
            if isinstance(event, ev.DuelWon) and not won:
                ended.update(before)
            if isinstance(event, (ev.StaminaLost, ev.StaminaGained)):
                before[event.seat] = event.stamina
        won.extend(e for e in command.events if isinstance(e, ev.DuelWon))

    listeners[index] = watch
    play_to_the_end(driver, table, random.Random(3), until=lambda: bool(won))
    assert won and table.session.match.result() is None and table.view.stage == "sideboard"
    said = GAME.describe(won[0], table.session.names())
    assert table.message_showing() and table.message == said and "wins the duel" in said
    driver.frames(round(DUEL_END * 60) - 60)  # most of the moment: the duel's end is still what is shown
    assert table.panel is None and table.busy()
    # The trackers as the duel ended (the view is already the next duel's, both at 20: they were shown back at 20
    # under "wins the duel")
    loser = won[0].loser
    assert table.view.wizards[loser].stamina == MAX_STAMINA and ended[loser] < MAX_STAMINA
    assert pawn_cell(table, loser) == ended[loser]
    assert table.look().ended_duel == 1 and table.view.duel == 2  # the banner says "Duel 1 - over"
    driver.frames(45)  # then the pawns glide back to the next duel's Stamina (from a drawing: the driver draws
    driver.frames(45)  # the last of the frames asked), and its side board is asked
    assert pawn_cell(table, loser) == MAX_STAMINA
    assert table.panel is not None and not table.busy()


def pawn_cell(table, seat: int) -> int:
    """The Stamina cell under the pawn drawn on ``seat``'s tracker."""
    track = table.layout.zones[seat].tracks[0]
    pawn = table.stage.rect_of(("pawn", seat, 0))
    assert pawn is not None
    return int((pawn.centerx - track.left) / (track.width / TRACKS[0][1]))


def test_a_tap_on_the_table_passes_a_duels_end_at_once():
    app, driver, table = open_table(["human", "greedy"], seed=3, start=low_duel(2), animation="Normal")
    play_to_the_end(driver, table, random.Random(3), until=lambda: table.view.stage == "sideboard")
    assert table.busy() and table.panel is None
    driver.tap(table.layout.tray.center)  # the bare table between the zones
    driver.frames(30)
    assert table.panel is not None


def test_a_stamina_change_rises_short_of_the_row_of_the_wizards_name():
    """It rose ~40 px from the Stamina label into the name's row: in Duos a duel's last blow ran over "Lost this
    duel" by the name (and over a long name or "choosing..." in any zone). It stops under that row now."""
    app, driver, table = open_table(["human", "greedy", "greedy", "greedy"], animation="Normal")
    for seat in range(4):
        table.animate(ev.StaminaLost(seat=seat, amount=10, kind="damage", source="explosion", by=0, stamina=5))
    numbers = list(table.numbers)
    assert len(numbers) == 4
    for _ in range(120):  # every frame of their life
        for number, seat in zip(numbers, range(4), strict=True):
            text, colour, *scale = number.item
            k = scale[0] if scale else 1.0
            label = theme.text(text, NUMBER_SIZE * k, colour, bold=True).get_rect(center=number.pos())
            assert label.top >= table.layout.zones[seat].name.bottom, (seat, number.elapsed)
        driver.frames(1)


def test_a_change_rising_in_a_tall_windows_zone_is_drawn_at_the_size_of_its_words(monkeypatch):
    """A tall window's 1 vs 1 zones grow their words and tracker (``Zone.scale``); the "-6" rising there kept the
    design size, a third of the height of the "Power 4" beside it."""
    app, driver, table = open_table(["human", "greedy"], animation="Normal", size=(800, 1280))
    k = table.layout.zones[1].scale
    assert k > 1.2
    drawn: list[tuple[str, float]] = []
    text = theme.text
    monkeypatch.setattr(
        theme, "text", lambda message, size, *a, **kw: drawn.append((message, size)) or text(message, size, *a, **kw)
    )
    table.animate(ev.StaminaLost(seat=1, amount=6, kind="damage", source="explosion", by=0, stamina=14))
    driver.frames(2)
    assert ("-6", NUMBER_SIZE * k) in drawn, [d for d in drawn if d[0] == "-6"]


def test_spells_read_after_a_bots_choice_are_shown_their_time_before_the_screen_passes():
    """Duos with two people: a bot won a tie's roll; its choice came after the dice, when the round shown since the
    reveal had had its time, and the spells it let be read were put down with the screen the very frame they were
    read. They are shown their own moment now."""
    app, driver, table = open_table(["human", "human"], animation="Normal")
    pass_screen(driver)
    assert app.scenes.top is table and table.session.acting_human() is not None
    table.show_round(again=True)
    table.revealed_at = app.now - 5.0  # (revealed long ago: the dice and the bot's choice took their time)
    table.animate(ev.SpellRead(seat=1, card="shock", dial=2, targets=(0,), reversed=False, countered=False))
    driver.frames(30)
    assert table.showing_round()


def test_a_die_thrown_in_a_round_shown_to_everyone_lies_its_moment_before_the_screen_passes():
    """Duos with two people: the round shown to everyone was put down the frame its Chaos die landed (SHOWN_ROUND
    had passed while it rolled), so no one at the table read the roll that decided the Damage. The landed die now
    lies HOLD seconds first, as each throw of a queue does."""
    app, driver, table = open_table(["human", "human"], animation="Normal")
    pass_screen(driver)
    assert app.scenes.top is table and table.session.acting_human() is not None
    table.show_round(again=True)
    table.revealed_at = app.now - 5.0  # (revealed long ago: the cards turned while the die rolled)
    table.dice.queue([Throw((5,), (1,), ("Merlin",), "chaos")])
    for _ in range(600):
        if not table.dice.busy:
            break
        driver.frames(1)
    landed = app.now
    driver.frames(2)
    assert not table.dice.busy and table.showing_round()  # (the old code put the screen down here)
    while app.now < landed + HOLD + 0.1:
        driver.frames(3)
    driver.frames(1)
    assert not table.showing_round()


def tie_that_ends_a_duel() -> tuple[int, object]:
    """A random 1 vs 1 game's position where seat 0 won a tie's roll and going first ends a duel, not the match,
    with no die thrown and no card revealed (its seed and the state)."""
    for seed in range(100):
        state, rng = GAME.setup(2, GAME.default_options(2), seed), random.Random(seed)
        while GAME.result(state) is None:
            prompt = state.prompt
            if prompt is not None and prompt.kind == "tie" and prompt.seat == 0:
                trial = copy.deepcopy(state)
                told = GAME.apply(trial, ev.TakePlace(seat=0, place=0))
                ended = any(isinstance(event, ev.DuelWon) for event in told) and GAME.result(trial) is None
                if ended and not any(isinstance(event, (ev.DiceRolled, ev.Revealed)) for event in told):
                    return seed, state
            GAME.apply(state, rng.choice(GAME.legal(state, GAME.to_act(state)[0])))
    raise AssertionError("no tie ending a duel in 100 random games")


def test_a_duels_end_taken_back_shows_the_trackers_as_they_are_again():
    """The person won a tie's roll and took the first place: their spell ended the duel (no die, no card shown in
    that move: Undo is lit through the duel's end held). Taken back, the loser's pawn stayed at 0 Stamina and the
    table busy over the move gone, the place not asked again, till the held moment had passed."""
    seed, state = tie_that_ends_a_duel()
    app, driver, table = open_table(["human", "greedy"], seed=seed, start=state, animation="Normal")
    assert table.view.prompt is not None and table.view.prompt.kind == "tie"
    stamina = [wizard.stamina for wizard in table.view.wizards]
    table.give(ev.TakePlace(seat=0, place=0))
    driver.frames(10)
    assert table.busy() and table.look().ended_duel is not None and table.session.can_undo()
    loser = next(seat for seat in range(2) if table.look().trackers[seat][0] == 0)
    driver.tap(table.bar[1].rect.center)  # Undo
    driver.frames(40)
    assert table.message == "Your last move was taken back." and table.view.wizards[loser].stamina == stamina[loser]
    assert pawn_cell(table, loser) == stamina[loser] > 0
    assert not table.busy() and table.panel is not None  # the place is asked again


def test_the_cards_that_ended_a_duel_lie_face_up_while_its_end_is_held(monkeypatch):
    """The end of a duel ("Duel 1 - over") was held over two empty places: the view is the next duel's, its cards
    collected, and the Disarm that ended the duel was not on the table (in Duos, "everyone sees the round" showed no
    card of it: the review of uxtw2). The cards revealed in that round lie face up in their places until the next
    duel is asked."""
    app, driver, table = open_table(["human", "greedy"], seed=3, start=low_duel(2), animation="Normal")
    revealed: list[ev.Revealed] = []
    listeners = table.session.listeners
    index = listeners.index(table.on_applied)
    applied = listeners[index]

    def watch(command):
        applied(command)
        revealed.extend(e for e in command.events if isinstance(e, ev.Revealed))

    listeners[index] = watch
    play_to_the_end(driver, table, random.Random(3), until=lambda: table.view.stage == "sideboard")
    driver.frames(30)  # (the cards have turned over)
    assert table.busy() and table.look().ended_duel == 1 and not table.view.plays
    shown = {(s.seat, s.card) for s in revealed[-1].plays}
    assert shown and laid_in_places(table) == shown
    # (and no "hand 9  side 0" by the names: those are the next duel's, the side boards not yet chosen)
    drawn = record_drawn(monkeypatch)
    words = drawn_afresh(driver, drawn)
    assert "  side " not in words
    # Morgana's Portents, revealed, never cast: Merlin's Disarm went first and ended the duel (it lay there as if
    # it had been cast)
    assert words.count("not cast: the duel ended first") == 1
    driver.frames(round(DUEL_END * 60))  # the next duel asked: its places are empty again
    assert table.panel is not None and not laid_in_places(table)
    assert "  side " in drawn_afresh(driver, drawn)


def test_the_message_of_a_duels_end_leaves_the_line_of_a_card_never_cast_in_sight(monkeypatch):
    """As a duel's end is said, its box stood over the hand's top edge, on the line under the viewer's card: at
    1280x800 it covered "not cast: the duel ended first" under Morgana's Portents. At every size the box now lies
    clear of that line (rectangles: the line as drawn, the box as the message is drawn)."""
    app, driver, table = open_table(["human", "greedy"], seed=3, start=low_duel(2), animation="Normal")
    play_to_the_end(driver, table, random.Random(3), until=lambda: table.view.stage == "sideboard")
    lines: list[tuple[str, pygame.Rect]] = []
    under = painter._under

    def said_under(surface, card, text, *args, **kwargs):
        drawn = under(surface, card, text, *args, **kwargs)
        lines.append((text, drawn))
        return drawn

    monkeypatch.setattr(painter, "_under", said_under)
    for size in ((1280, 800), (1024, 640), (1920, 1080), (800, 1280)):
        lines.clear()
        resize(driver, size)
        assert table.busy() and table.message_showing()  # the duel's end is held and said
        never = [drawn for text, drawn in lines if text == "not cast: the duel ended first"]
        box = table.message_box()
        assert never and not box.collidelistall(never), size
        assert app.screen.get_rect().contains(box)
        side = table.layout.side  # (moved down, it kept clear of the side board's word and the dial too)
        assert not box.colliderect(pygame.Rect(side.left, side.top - px(18), side.width, px(18)))
        assert not box.colliderect(table.dial.rect)


def resize(driver, size: tuple[int, int]) -> None:
    """The window at ``size``, as a window manager resizes it, and a frame drawn at that size."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    driver.frames(1)


def laid_in_places(table) -> set[tuple[int, str]]:
    """The cards drawn in the wizards' places for a played card, by seat."""
    zones = table.layout.zones.items()
    return {(seat, p.item) for p in table.hits.of_kind("card") for seat, z in zones if z.slot.contains(p.rect)}


def test_a_card_turned_back_that_ended_a_duel_says_so_while_its_end_is_held(monkeypatch):
    """The cards that ended a duel lie face up while its end is held, each with what befell it: a Shock turned
    back on its confused caster, who fell to it, lay there with no "confused: turned back" (the countered mark
    was told, the turned-back one was not)."""
    from tabletop.games.thats_wizard.state import Lasting
    from tests.thats_wizard_positions import duel, tracker
    from tests.thats_wizard_ui_helpers import act

    state = duel(["The Boy Wizard", "The Dark Lord"], [["shock"], ["embrace_pain"]])
    state.lasting.append(Lasting(1, "confusion", [0], 2, 5, False, 0, []))  # Morgana is confused
    tracker(state, 0, 2, 10)
    app, driver, table = open_table(["human", "greedy"], seed=3, start=state, animation="Normal")
    act(driver, table, ev.Play(0, "shock", 2))
    driver.frames(30)  # (the cards have turned over)
    assert table.busy() and table.look().ended_duel == 1 and table.look().trackers[0][0] == 0  # (her own Shock)
    drawn = record_drawn(monkeypatch)
    assert "confused: turned back" in drawn_afresh(driver, drawn)


def test_a_round_that_ends_a_duel_is_shown_to_several_people_as_long_as_a_duels_end():
    """Two people at one screen: the round that ended a duel passed on after SHOWN_ROUND like any other (in Duos the
    Disarm that ended a set was gone to the next side board's privacy screen 1.5 s after Reveal, sooner than a person
    alone is shown a duel's end). It is held DUEL_END now, then passes on."""
    state = low_duel(2)
    state.wizards[0].stamina = state.wizards[0].low = 1  # (the Counterspell played costs Morgana her last Stamina)
    GAME.apply(state, ev.Play(seat=0, card="counterspell", dial=0))
    app, driver, table = open_table(["human", "human"], seed=3, start=state, animation="Normal")
    pass_screen(driver)
    act(driver, table, ev.Play(seat=1, card="focus", dial=0))
    assert table.showing_round() and table.shown_wins == [1] and table.session.match.result() is None
    shown_at = table.revealed_at
    while app.now < shown_at + SHOWN_ROUND + 0.2:
        driver.frames(6)
    assert not table.busy()  # (the cards turned: the old code passed the screen on here)
    assert table.showing_round() and "wins a duel" in table.instruction()
    while app.now < shown_at + DUEL_END + 0.2:
        driver.frames(6)
    driver.frames(2)
    assert not table.showing_round()


def test_a_duels_end_on_two_lines_gives_the_tally_a_line_of_its_own(monkeypatch):
    """At 1024x640, under the next side board's panel, the duel's end wrapped as "... Victory tokens: Blue 0, Yellow"
    and "1." alone (in French "Jaune 1."). Said on two lines, each sentence now starts a line."""
    app, driver, table = open_table(["human", "greedy"], seed=3, start=low_duel(2), size=(1024, 640))
    said = "Yellow wizard wins the duel: Blue wizard has no Stamina left. Victory tokens: Blue 0, Yellow 1."
    room = theme.ui_font(19, True).size(said.removesuffix(" 1."))[0]  # all but "1." fits on one line
    monkeypatch.setattr(table, "message_room", lambda: room + px(30))
    table.say(said)
    drawn = record_drawn(monkeypatch)
    drawn_afresh(driver, drawn)
    assert "Yellow wizard wins the duel: Blue wizard has no Stamina left." in drawn
    assert "Victory tokens: Blue 0, Yellow 1." in drawn and "1." not in drawn
    # One sentence on two lines: evened out, no word left alone on the second
    line = "Every wizard still dueling chooses a card and sets the dial before the cards are revealed together"
    width = theme.ui_font(19, True).size(line.removesuffix(" together"))[0]
    assert theme.wrap(line, 19, width, bold=True)[-1] == "together"  # (the plain wrap: one word alone)
    first, second = theme.wrap_neatly(line, 19, width, bold=True)
    assert f"{first} {second}" == line and len(second.split()) > 3
    # A full stop inside a sentence (a name typed "Dr. Who") starts no line of its own: "Dr." stood alone (review12)
    named = "Dr. Who casts Explosion at 4: 6 Damage to Bob (14 Stamina left)."
    width = theme.ui_font(19, True).size(named.removeprefix("Dr. "))[0]  # (all but "Dr." fits on one line)
    assert all(" " in part for part in theme.wrap_neatly(named, 19, width, bold=True))
    pygame.quit()
