"""A line that says what went wrong is shown whole at the least window (1024x640), in French: Load's line under
the list was one line as wide as its words, drawn from the window's left margin and cut at its right one (a save
whose move log does not replay, with a long file name: "... C'est à Serpentard de jouer, pas à Gryff"; with Large
text from "le coup n° 2 est ref")."""

from __future__ import annotations

import json

import pygame
import pytest

from tabletop.bots import make_bot
from tabletop.core.match import Match, SeatInfo
from tabletop.core.rng import Rng
from tabletop.core.saves import write_save
from tabletop.games import GAMES
from tabletop.games.thats_wizard.cards import SLOTS
from tabletop.paths import user_saves_dir
from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.scenes.load import LoadScene
from tabletop.ui.scenes.overlays import Dialog
from tabletop.ui.settings import Settings
from tabletop.ui.tables.base import GameTable
from tabletop.ui.tables.stupefix.pacing import Reveal, Step
from tabletop.ui.tables.stupefix.table import StupefixTable
from tabletop.ui.tables.thats_wizard import editor as editor_module
from tabletop.ui.theme import px
from tests.test_i18n_shell import house_cup_match
from tests.test_long_names_fit import spellbook_editor
from tests.ui_driver import Driver, at_table

pytestmark = pytest.mark.every_frame  # (what the frames draw is watched: every one is drawn)


class Blits(pygame.Surface):
    """A screen that keeps where each picture was drawn on it (a line drawn past a clip is cut unseen)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.drawn: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        self.drawn.append(pygame.Rect(dest[0], dest[1], source.get_width(), source.get_height()))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("large_text", [False, True])
def test_a_long_error_of_the_load_screen_is_drawn_within_the_window(large_text: bool) -> None:
    folder = user_saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    save = folder / ("Ж" * 40 + ".json")  # as long as a save's name may be
    write_save(house_cup_match(3, 12), save)
    data = json.loads(save.read_text(encoding="utf-8"))
    data["log"][1] = data["log"][0]  # the first player again: the second move is refused
    save.write_text(json.dumps(data, indent=1), encoding="utf-8")
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr", large_text=large_text)
    app = App((1024, 640), settings=settings)
    driver = Driver(app)
    driver.frames(2)
    app.go.load()
    driver.frames(2)
    load = app.scenes.top
    assert isinstance(load, LoadScene)
    row = next(rect for _, info, rect in load._rows() if info is not None and info.path == save)
    driver.tap(row.center)
    driver.frames(5)
    assert "pas à Gryffondor" in load.error, load.error  # (its move log does not replay)
    screen = Blits(app.screen.get_size())
    load.draw(screen)  # (under the offer to open what replays)
    line = [rect for rect in screen.drawn if rect.bottom == load.back_button.rect.top - px(8)]
    pygame.quit()
    assert len(line) == 1
    assert px(20) <= line[0].left and line[0].right <= 1024 - px(20), line[0]


def stunned_everywhere(language: str, hits: int) -> tuple[pygame.Surface, list[pygame.Rect]]:
    """Eight seats at 1024x640 with Large text, each seat's flag down with ``hits`` Late tokens (0: no badge)."""
    app = App(
        (1024, 640),
        settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language=language, large_text=True),
    )
    game = GAMES["stupefix"]
    match = Match(game, [SeatInfo("Ада"), *(SeatInfo("Б", "random") for _ in range(7))], game.default_options(8), 7)
    _, table = at_table(app, match, frames=3)
    assert isinstance(table, StupefixTable)
    falls = [Step("fall", seat, "", 0.0, 100.0) for seat in range(8)]  # every flag down, no spell flying
    table.reveal = Reveal(table.view, ("rate",) * 8, (None,) * 8, (hits,) * 8, falls, elapsed=1.0, still=True)
    table.draw(app.screen)
    shot, plates = app.screen.copy(), [seat.rect.copy() for seat in table.layout.seats]
    pygame.quit()
    return shot, plates


@pytest.mark.parametrize("language", ["ru", "fr"])
def test_a_stunned_badge_on_a_side_seat_stays_on_its_plate(language: str) -> None:
    """ "Оглушение! +2 жетона опоздания" at 15 bold with Large text was wider than a side seat's plate and ran past
    the window's left and right edges (and over the table beside the other plates)."""
    stunned, plates = stunned_everywhere(language, 2)
    calm, _ = stunned_everywhere(language, 0)
    for plate in plates:
        for beside in (
            pygame.Rect(plate.left - px(10), plate.top, px(10), plate.height),
            pygame.Rect(plate.right, plate.top, px(10), plate.height),
        ):
            beside = beside.clip(stunned.get_rect())
            if beside.width:
                assert pygame.image.tobytes(stunned.subsurface(beside), "RGB") == pygame.image.tobytes(
                    calm.subsurface(beside), "RGB"
                ), (plate, beside)


def test_a_stunned_badge_too_wide_for_its_plate_goes_on_two_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fitted to its plate on one line, the Russian badge with Large text kept about half its width (53% at a 75%
    interface, the diff's review); the plate has room for two lines of it at full size."""
    boxes: list[tuple[pygame.Rect, int]] = []  # each badge, and a line of its words' height (as drawn then)
    panel = theme.panel

    def noting(surface, rect, *args, **kwargs):  # type: ignore[no-untyped-def]
        if kwargs.get("colour") == (120, 20, 20):  # (the badge's red)
            boxes.append((rect.copy(), theme.text("Ж", 15, bold=True).get_height()))
        return panel(surface, rect, *args, **kwargs)

    monkeypatch.setattr(theme, "panel", noting)
    stunned_everywhere("ru", 2)
    assert len(boxes) == 8
    assert all(box.height >= 2 * line for box, line in boxes), boxes


def test_the_spells_of_a_book_stay_in_the_spellbook_editors_panel() -> None:
    """ "Effacement de mémoire - Enchantements 4" at 16 with Large text ran past the book's panel, out of the
    window, in French at 1024x640."""

    def beside(spells: list[str]) -> pygame.Surface:  # right of the panel, by its list of the book's spells
        editor = spellbook_editor("Livre", spells, large_text=True, language="fr")
        side = editor.side
        strip = pygame.Rect(side.right, side.top, 1024 - side.right, px(30) + 7 * px(20) + px(30))
        shot = editor.app.screen.subsurface(strip).copy()
        pygame.quit()
        return shot

    widest = ["erase_memory", "energize", "molten_floor", "embrace_pain", "imprison", "conflagration", "stun"]
    assert pygame.image.tobytes(beside(widest), "RGB") == pygame.image.tobytes(beside([]), "RGB")


def test_a_long_caption_of_a_replay_stays_in_its_room() -> None:
    """A replay's caption of more than two lines ends its second with "... (suite dans le Journal)", given px(180):
    in French with Large text those words are wider, and the line ran 8 pixels past the caption's room, to the
    window's edge (House Cup at 1024x640, long names)."""
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr", large_text=True)
    app = App((1024, 640), settings=settings)
    driver = Driver(app)
    game = GAMES["house-cup"]
    seats = [SeatInfo("Жжжжжжжжжжжжжж"), SeatInfo("Шшшшшшшшшшшшш1", "medium"), SeatInfo("Шшшшшшшшшшшшш2", "medium")]
    match = Match(game, seats, game.default_options(3), 5)
    bot, rng = make_bot(game, "greedy"), Rng.from_seed(5)
    while match.result() is None:
        match.apply(bot.choose(game.view(match.state, match.to_act()[0]), rng))
    app.go.watch(match)
    driver.frames(3)
    table = app.scenes.top
    assert isinstance(table, GameTable) and table.replay_bar is not None
    bar, cut = table.replay_bar, 0
    for step in range(1, bar.replay.length + 1):
        bar.seek(step)
        lines = bar.caption_lines()
        cut += lines[-1].endswith("(suite dans le Journal)")
        wide = max(theme.text(line, 15).get_width() for line in lines)
        assert wide <= bar.caption_rect.width, (step, lines)
    assert cut, "some caption was cut"
    pygame.quit()


class Blocks:
    """Every text block the spellbook editor draws in one frame: (message, lines drawn, lines of the whole text,
    the rect drawn into, the size)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawn: list[tuple[str, int, int, pygame.Rect, float]] = []
        draw = theme.draw_text_block

        def counting(surface, message, rect, size, colour=theme.TEXT, bold=False, *args):  # type: ignore[no-untyped-def]
            used = draw(surface, message, rect, size, colour, bold, *args)
            whole = len(theme.wrap(message, size, rect.width, bold))
            self.drawn.append((message, round(used / theme.line_height(size)), whole, rect.copy(), size))
            return used

        monkeypatch.setattr(theme, "draw_text_block", counting)


def test_every_broken_rule_of_a_book_is_drawn_whole_or_counted_and_shown_on_a_tap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Duos book of seven spells breaking five rules, in French with Large text at 1024x640: the last rules'
    lines were cut off at the panel's foot (draw_text_block stops at its area's bottom), the rest unsaid. Each
    rule drawn now has all its lines (a smaller size first), a last line counts the rules left out, and a tap on
    it shows them in a box."""
    widest = ["erase_memory", "energize", "molten_floor", "embrace_pain", "imprison", "conflagration", "stun"]
    editor = spellbook_editor("Livre", widest, large_text=True, language="fr")
    problems = editor.problems()
    assert len(problems) == 5
    blocks = Blocks(monkeypatch)
    editor.draw(editor.app.screen)
    rules = [block for block in blocks.drawn if block[0] in problems]
    assert rules and all(lines == whole for _, lines, whole, _, _ in rules)
    hidden = problems[len(rules) :]
    assert hidden  # (five rules do not fit here: the count and the box are what this checks)
    more = [block for block in blocks.drawn if block[0] == editor_module._more_rules(len(hidden))]
    assert len(more) == 1 and more[0][1] == more[0][2]
    line = more[0][3]
    Driver(editor.app).tap((line.left + px(20), line.top + px(6)))
    Driver(editor.app).frames(2)
    box = editor.app.scenes.top
    pygame.quit()
    assert isinstance(box, Dialog) and box.message == "\n\n".join(hidden)


def test_the_last_broken_rule_is_drawn_when_it_fits_rather_than_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Duos book of seven spells breaking four rules, in English with Large text at 1024x640: the last rule's
    three lines fitted just above the panel's foot, but the room asked of it counted the gap under a rule as well
    (none follows the last), so '...and 1 more rule broken.' stood where the rule itself fitted. A rule is left out
    only when its lines would run past the foot."""
    book = ["fear", "portents", "paralyze", "invisibility", "transference", "tongue_tie", "death"]
    editor = spellbook_editor("Book", book, large_text=True, language="en")
    problems = editor.problems()
    assert len(problems) == 4
    blocks = Blocks(monkeypatch)
    editor.draw(editor.app.screen)
    foot, width = editor.side.bottom - px(20), editor.side.width - px(28)
    pygame.quit()
    rules = [block for block in blocks.drawn if block[0] in problems]
    if len(rules) < len(problems):  # left out: its lines, from where the count stands, would have run past the foot
        counted = next(block for block in blocks.drawn if block[0] not in problems)
        lines = len(theme.wrap(problems[len(rules)], rules[-1][4], width))
        assert counted[3].top + lines * theme.line_height(rules[-1][4]) > foot, (counted, lines, foot)
    assert len(rules) == len(problems)


def test_the_piles_of_a_house_cup_challenge_hand_end_short_of_a_docked_panel() -> None:
    """Where a new Adventure Card goes is chosen in a panel docked beside the board, down over the hand's right
    part. The hand's caption ("Nouvelle carte + main : ... - pioche Spéciale 16", French with Large text at
    1024x640) was fitted to the whole hand's width: its end, the Special deck's count, lay under the panel."""
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", language="fr", large_text=True)
    app = App((1024, 640), settings=settings)
    game = GAMES["house-cup-challenge"]
    seats = [SeatInfo("Ada"), SeatInfo("Ben", "medium"), SeatInfo("Cleo", "medium"), SeatInfo("Dev", "medium")]
    match = Match(game, seats, game.default_options(4), 2)  # (Ada holds the Wand: she places the first cards)
    assert match.state.tasks[-1].kind == "place" and match.state.tasks[-1].seat == 0
    driver, table = at_table(app, match)
    panel = table.panel
    assert panel is not None and panel.docked and not panel.hidden
    edge, hand = table.panel_area().left, table.layout.hand
    assert hand.left < edge < hand.right
    screen = Blits(app.screen.get_size())
    table.draw(screen)
    pygame.quit()
    caption_row = [
        rect for rect in screen.drawn if hand.top <= rect.top < hand.top + px(18) and rect.left < edge - px(40)
    ]
    assert len(caption_row) >= 2  # the hand's name and count, then the piles
    assert max(rect.right for rect in caption_row) <= edge, (edge, caption_row)


def test_a_dialog_with_a_long_message_stays_in_the_window() -> None:
    """A box as tall as its message ran off the window's top and bottom, its Close button out of reach: a dozen
    broken rules of a spellbook in Russian with Large text at 1024x640. The message now takes a smaller size and
    the box the window's width where that is what fits."""
    app = App(
        (1024, 640),
        settings=Settings(volume=0.0, animation="Off", bot_speed="Instant", language="ru", large_text=True),
    )
    rule = (
        "Правило 3 (одно заклинание на школу и уровень): Оглушение и Прилив сил — оба заклинания 1-го уровня; "
        "оставьте одно."
    )
    app.go.dialog("Нарушенные правила:", "\n\n".join([rule] * 12), [("Закрыть", lambda: None)])
    Driver(app).frames(2)
    box = app.scenes.top
    window = app.screen.get_rect()
    pygame.quit()
    assert isinstance(box, Dialog)
    assert window.contains(box.rect), box.rect
    assert all(window.contains(button.rect) for button in box.buttons)


def test_the_rules_left_out_of_the_spellbook_editors_panel_open_by_keys_too() -> None:
    """The count of the broken rules the panel has no room for is on the keyboard's way (Tab) like a button:
    Enter on it shows them, as a tap does."""
    widest = ["erase_memory", "energize", "molten_floor", "embrace_pain", "imprison", "conflagration", "stun"]
    editor = spellbook_editor("Livre", widest, large_text=True, language="fr")
    driver = Driver(editor.app)
    for _ in range(80):  # (the books, the name, the spells, then the count)
        driver.key(pygame.K_TAB)
        driver.frames(1)
        focused = editor.keys.focused()
        if focused is not None and focused.kind == "more rules":
            break
    assert focused is not None and focused.kind == "more rules"
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    box = editor.app.scenes.top
    hidden = editor.more_rules[1] if editor.more_rules else []
    pygame.quit()
    assert isinstance(box, Dialog) and box.message == "\n\n".join(hidden) and hidden


@pytest.mark.parametrize(("language", "large_text", "count"), [("fr", True, 35), ("en", False, 30)])
def test_a_book_of_many_spells_keeps_its_lines_and_the_count_of_its_broken_rules_in_the_panel(
    language: str, large_text: bool, count: int
) -> None:
    """A player may tick more spells than a book holds before Save refuses: past about 20 the panel's lines of
    the book's spells ran past its foot (out of the window with all 35), the count of the broken rules with them,
    drawn with no room (0 px high): it could not be tapped. The lines now scroll (the wheel) in at most half the
    panel when the rules need the rest, and the count stays in the panel, a tap away."""
    spells = [card for cards in SLOTS.values() for card in cards][:count]
    editor = spellbook_editor("Livre", spells, large_text=large_text, language=language)
    panel, more = editor.side, editor.more_rules
    screen = Blits(editor.app.screen.get_size())
    editor.draw(screen)
    above_save = [rect for rect in screen.drawn if rect.top < editor.buttons["save"].rect.top]
    column = [rect for rect in above_save if rect.left >= panel.left and not rect.contains(panel)]  # (the backdrop)
    outside = [rect for rect in column if not panel.contains(rect)]
    assert not outside, (panel, outside)
    assert more is not None and more[0].height > 0 and panel.contains(more[0]), (panel, more)
    lines = editor.spell_list
    assert lines.rect.bottom <= more[0].top and lines.content_height > lines.rect.height
    driver = Driver(editor.app)
    pos = lines.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, touch=False))
    driver.frames(2)
    assert lines.offset > 0
    driver.tap((more[0].left + px(20), more[0].top + px(6)))
    driver.frames(2)
    box = editor.app.scenes.top
    pygame.quit()
    assert isinstance(box, Dialog) and box.message == "\n\n".join(more[1])


def test_the_keys_scroll_a_long_list_of_a_books_spells_and_a_new_spell_comes_into_sight() -> None:
    """The scrolling lines of a book's spells are a stop of Tab's way after the grid's spells, before the count of
    the rules left out (Up and Down, End scroll them); a spell tapped into the book is shown, at the list's end."""
    spells = [card for cards in SLOTS.values() for card in cards]
    editor = spellbook_editor("Book", spells[:25], language="en")
    driver, lines = Driver(editor.app), editor.spell_list
    kinds: list[str | None] = []
    for _ in range(80):
        driver.key(pygame.K_TAB)
        focused = editor.keys.focused()
        kinds.append(focused.kind if focused is not None else None)
        if focused is not None and focused.item is lines:
            break
    assert kinds[-2] == "spell" and focused is not None and focused.item is lines
    driver.key(pygame.K_DOWN)
    assert lines.offset > 0
    driver.key(pygame.K_END)
    assert lines.offset == lines.content_height - lines.rect.height
    driver.key(pygame.K_HOME)
    assert lines.offset == 0
    driver.key(pygame.K_TAB)
    focused = editor.keys.focused()
    assert focused is not None and focused.kind == "more rules"
    driver.tap(editor.cell_rects[spells[25]].center)
    driver.frames(2)
    pygame.quit()
    assert editor.spells[-1] == spells[25] and lines.offset == lines.content_height - lines.rect.height > 0
