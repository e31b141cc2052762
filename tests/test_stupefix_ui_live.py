"""The live wand phase of the Stupéfix table through real pygame events: "Ready?" before every count, several
fingers at once, one mouse in turn with a hand-over cue, the count's end, the countdown setting, teammates
refused, a wand dropped on nobody, Protego by bringing the wand back, bots pointing by themselves."""

from __future__ import annotations

import pygame
import pytest

from tabletop.games.stupefix.events import CastSpell, PointWand
from tabletop.ui import theme
from tabletop.ui.scenes.settings import SettingsScene
from tabletop.ui.settings import Settings, load_settings
from tabletop.ui.tables.stupefix.live import GRACE
from tabletop.ui.tables.stupefix.painter import VALUE_TOP, count_place
from tabletop.ui.theme import px
from tests.stupefix_ui_helpers import table_for, until

COUNT = 3.0  # the rule's count, the default setting


def to_live(driver, table):
    until(driver, table, lambda: table.session.phase == "target" and table.live is not None)


def ready(driver, table, finger=None):
    """Press the Ready button of the cue on the table (with the mouse, or a finger)."""
    cue = table.cue()
    assert cue is not None, "no Ready cue on the table"
    driver.down(cue.button.rect.center, finger=finger)
    driver.frames(1)
    driver.up(cue.button.rect.center, finger=finger)
    driver.frames(1)


def pointed(table):
    return {c.seat: c.target for c in table.session.match.log if isinstance(c, PointWand)}


def frames_of(seconds: float) -> int:
    return round(seconds * 60)


def test_the_count_waits_for_ready_so_nobody_misses_it():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=8)
    to_live(driver, table)
    cue = table.cue()
    assert cue is not None and table.live.countdown is None
    assert cue.title == "Witches and wizards, wands at the ready!"
    assert cue.subtitle == "French rulebook: Sorcières, Sorciers, à vos baguettes !"
    assert table.prompt()[0].startswith("Ready? Ada")
    driver.frames(frames_of(COUNT + GRACE) + 30)  # longer than a whole count: still nobody is too late
    assert pointed(table) == {} and table.cue() is not None
    driver.key(pygame.K_SPACE)  # Space is Ready too
    assert table.cue() is None and table.countdown()[0] == "3"
    assert "before the count ends" in table.prompt()[0]
    driver.frames(60)
    assert table.countdown()[0] == "2"


def test_three_fingers_drag_three_wands_at_the_same_time():
    app, driver, table = table_for(["human", "human", "human", "greedy"], seed=21)
    to_live(driver, table)
    assert not table.live.together  # no touchscreen on the dummy driver: one mouse, in turn, until a finger
    ready(driver, table, finger=5)  # a finger on Ready: a touchscreen, so one count for everyone
    assert table.live.together and table.live.countdown.seats == (0, 1, 2)
    grips = {seat: table.wand_grip(seat) for seat in (0, 1, 2)}
    targets = {0: 3, 1: 2, 2: 1}  # 4 houses of one: everyone is an adversary
    ends = {seat: table.layout.seats[target].rect.center for seat, target in targets.items()}
    log_before = len(table.session.match.log)
    for finger, seat in enumerate((0, 1, 2), start=1):
        driver.down(grips[seat], finger=finger)
    driver.frames(1)
    assert sorted(drag.item for drag in table.wand_drags.values()) == [0, 1, 2]
    for step in range(1, 9):  # the three fingers move together, frame by frame
        for finger, seat in enumerate((0, 1, 2), start=1):
            (x0, y0), (x1, y1) = grips[seat], ends[seat]
            driver.move((x0 + (x1 - x0) * step // 8, y0 + (y1 - y0) * step // 8), finger=finger)
        driver.frames(1)
    assert len(table.session.match.log) == log_before or all(
        c.seat == 3 for c in table.session.match.log[log_before:]
    ), "nothing of the people is applied before the fingers lift"
    lit = [seat for seat in range(4) if table.target_at(0, table.wand_drags[1].pos) == seat]
    assert lit == [3]
    for finger, seat in enumerate((0, 1, 2), start=1):
        driver.up(ends[seat], finger=finger)
    driver.frames(2)
    got = pointed(table)
    assert {seat: got.get(seat) for seat in (0, 1, 2)} == targets
    # The bot points by itself, during the count, after a human-like delay.
    driver.frames(frames_of(COUNT + GRACE) + 30)
    assert 3 in pointed(table)
    assert table.session.phase == "cast"


def test_fingers_resting_on_their_wands_before_ready_point_them_when_the_count_starts():
    """ "Wands at the ready!": people rest a finger on their wand, a third taps Ready, and the resting fingers
    drag. The wands never moved (they were taken only by a finger coming down during the count) and everyone
    was too late (a reviewer at a touchscreen)."""
    app, driver, table = table_for(["human", "human", "human", "greedy"], seed=21)
    to_live(driver, table)
    grips = {seat: table.wand_grip(seat) for seat in (0, 1)}
    targets = {0: 3, 1: 2}
    ends = {seat: table.layout.seats[target].rect.center for seat, target in targets.items()}
    for finger, seat in enumerate((0, 1), start=1):
        driver.down(grips[seat], finger=finger)  # resting before the count: not yet theirs to point
    driver.frames(1)
    assert "Press Ready first" in table.message
    ready(driver, table, finger=5)
    assert table.live.countdown is not None
    assert "Press Ready first" not in table.message, "the line stayed over the count (a review by touch)"
    for step in range(1, 9):
        for finger, seat in enumerate((0, 1), start=1):
            (x0, y0), (x1, y1) = grips[seat], ends[seat]
            driver.move((x0 + (x1 - x0) * step // 8, y0 + (y1 - y0) * step // 8), finger=finger)
        driver.frames(1)
    assert sorted(drag.item for drag in table.wand_drags.values()) == [0, 1]
    for finger, seat in enumerate((0, 1), start=1):
        driver.up(ends[seat], finger=finger)
    driver.frames(2)
    got = pointed(table)
    assert {seat: got.get(seat) for seat in (0, 1)} == targets


def test_one_mouse_two_people_point_in_turn_with_a_hand_over_cue():
    app, driver, table = table_for(["human", "human", "human", "greedy"], seed=4, chouchou=3)
    to_live(driver, table)
    live = table.live
    # Ada sits left of the Chouchou (Dov): her cue first, and no count runs until she presses Ready.
    cue = table.cue()
    assert live.current == 0 and live.waiting == (0,) and live.countdown is None
    # (under it, the rulebook's own call: it has no words for one wizard; "Ada, à ta baguette !" was put in its mouth)
    assert cue.title == "Ada, wand at the ready!"
    assert cue.subtitle == "French rulebook: Sorcières, Sorciers, à vos baguettes !"
    assert "hand over to Ada" in cue.text and "first" in cue.text and cue.button.label == "Ada: Ready"
    driver.drag(table.wand_grip(1), table.layout.seats[3].rect.center)  # Bram cannot point yet
    assert 1 not in pointed(table) and "Press Ready first" in table.message
    ready(driver, table)
    assert live.countdown.seats == (0,) and table.can_point(0) and not table.can_point(1)
    driver.drag(table.wand_grip(1), table.layout.seats[3].rect.center)
    assert 1 not in pointed(table) and "Ada's turn" in table.message
    driver.drag(table.wand_grip(0), table.layout.seats[2].rect.center)
    assert pointed(table)[0] == 2
    driver.frames(2)
    # The hand-over cue for Bram: he sees Ada's wand pointed, and his count waits for him.
    cue = table.cue()
    assert live.current == 1 and live.countdown is None and cue.title == "Bram, wand at the ready!"
    assert "hand over to Bram" in cue.text and "first" not in cue.text
    assert table.aim(0) == 2  # Ada's wand, pointed, in sight
    driver.frames(frames_of(COUNT + GRACE) + 10)  # the cue waits: Bram is not too late for being slow
    assert 1 not in pointed(table)
    ready(driver, table)
    driver.tap(table.wand_grip(1))  # tap-then-tap works for the one person pointing
    assert table.selected_wand == 1
    driver.tap(table.layout.seats[0].rect.center)
    assert pointed(table)[1] == 0
    # Cleo presses Ready but does not point: her count ends, she is too late, and the bot's turn comes.
    driver.frames(2)
    assert table.cue().title.startswith("Cleo")
    ready(driver, table)
    driver.frames(frames_of(COUNT + GRACE) + 2)
    assert pointed(table)[2] is None and "Cleo is too late" in table.message
    driver.frames(frames_of(1.4))
    assert 3 in pointed(table)


def test_a_too_late_message_leaves_the_next_persons_cue_in_sight():
    """Ada's count ran out: "Ada is too late" was drawn over the next cue's call ("Bram, wand at the ready!"),
    the words that hand Bram the mouse (a players' review, five people, in Russian)."""
    app, driver, table = table_for(["human", "human", "human", "greedy"], seed=4, chouchou=3)
    to_live(driver, table)
    assert table.cue().title.startswith("Ada")
    ready(driver, table)
    driver.frames(frames_of(COUNT + GRACE) + 2)
    cue = table.cue()
    assert "Ada is too late" in table.message and cue is not None and cue.title.startswith("Bram")
    boxes: list[pygame.Rect] = []  # where the message's box is drawn (its red edge)
    panel = theme.panel
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(
            theme,
            "panel",
            lambda surface, rect, *args, **kwargs: (
                boxes.append(pygame.Rect(rect)) if kwargs.get("edge") == theme.BAD else None,
                panel(surface, rect, *args, **kwargs),
            )[1],
        )
        driver.frames(1)
    assert boxes and not boxes[-1].colliderect(cue.rect)


def test_the_countdown_setting_sets_the_length_of_the_count():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=8)
    app.go.settings()
    driver.frames(1)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene) and scene.countdown.value == "3 s (the rule)"
    driver.tap(scene.countdown.arrows()[1].center)
    assert app.settings.countdown == "5 s" and load_settings().countdown == "5 s"  # kept for next time
    driver.tap(scene.done.rect.center)
    to_live(driver, table)
    assert "5-second count" in table.cue().text
    ready(driver, table)
    labels = []
    for _ in range(frames_of(COUNT + GRACE) + 10):  # past the end of a 3-second count...
        labels.append(table.countdown()[0])
        driver.frames(1)
    assert 0 not in pointed(table) and table.countdown()[0] == "2"  # ...the person may still point
    while table.countdown() is not None:
        labels.append(table.countdown()[0])
        driver.frames(1)
    assert list(dict.fromkeys(labels)) == ["5", "4", "3", "2", "1", "Time!"]
    assert abs(len(labels) - frames_of(5 + GRACE)) <= 2  # five seconds, then the last drops' grace
    assert pointed(table)[0] is None and "too late" in table.message


def test_the_countdown_changed_while_ready_waits_is_the_count_that_runs():
    """Settings opened while "Ready?" waited: the cue then announced a 12-second count, and a 3-second one ran
    (the round's count was fixed when the phase began), so the player was too late (a settings review)."""
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=8)
    to_live(driver, table)
    assert "3-second count" in table.cue().text
    app.go.settings()
    driver.frames(1)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    while app.settings.countdown != "12 s":
        driver.tap(scene.countdown.arrows()[1].center)
    driver.tap(scene.done.rect.center)
    assert app.scenes.top is table and "12-second count" in table.cue().text
    ready(driver, table)
    assert table.live.countdown is not None and table.live.countdown.length == 12.0
    assert table.countdown()[0] == "12"


def test_at_the_end_of_the_count_a_person_who_has_not_pointed_is_too_late():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=8)
    to_live(driver, table)
    assert table.live.together  # one person at the screen: one count for everyone
    ready(driver, table)
    driver.frames(frames_of(COUNT + GRACE) + 5)
    assert pointed(table)[0] is None
    assert "too late" in table.message
    # The cast panel opens while it is said: the message stands clear of it (it lay over its heading).
    until(driver, table, lambda: table.panel is not None and table.session.phase == "cast")
    assert table.app.now < table.message_until and "too late" in table.message
    box = table.message_box()
    assert not box.colliderect(table.panel.rect) and table.app.screen.get_rect().contains(box)


def wand_taken_up_toward_seat_one():
    """A table of one person and three bots, in the count, the person's wand taken up halfway to seat 1."""
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=9)
    to_live(driver, table)
    ready(driver, table)
    grip = table.wand_grip(0)
    target = table.layout.seats[1].rect.center
    driver.down(grip)
    driver.frames(2)
    driver.move(((grip[0] + target[0]) // 2, (grip[1] + target[1]) // 2))
    driver.frames(2)
    return app, driver, table, target


def test_a_wand_held_over_an_adversary_when_the_count_ends_counts():
    app, driver, table, target = wand_taken_up_toward_seat_one()
    driver.move(target)
    driver.frames(frames_of(COUNT + GRACE) + 5)  # still held when the count ends
    assert pointed(table)[0] == 1
    driver.up(target)
    driver.frames(2)


def test_a_wand_dropped_on_nobody_says_what_happened_and_never_at_a_teammate():
    app, driver, table = table_for(["human"] + ["greedy"] * 5, seed=3)  # seat 0's teammate is seat 2
    to_live(driver, table)
    ready(driver, table)
    empty = table.layout.urn.midbottom  # the table between the urn and Ada's place: nobody sits there
    assert table.seat_at(empty) is None
    driver.drag(table.wand_grip(0), (empty[0], empty[1] + 10))
    assert 0 not in pointed(table) and table.message.startswith("Nobody there: the wand went back")
    assert table.wand_direction(0) == table.layout.seats[0].toward  # back at rest, toward the middle
    assert table.view.houses[0] == table.view.houses[2]
    driver.drag(table.wand_grip(0), table.layout.seats[2].rect.center)
    assert 0 not in pointed(table)
    assert "teammate" in table.message
    driver.drag(table.wand_grip(0), table.layout.seats[3].rect.center)
    assert pointed(table)[0] == 3


def test_protego_by_bringing_the_wand_back_onto_ones_own_seat():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=12)
    to_live(driver, table)
    ready(driver, table)
    driver.drag(table.wand_grip(0), table.layout.seats[2].rect.center)
    until(driver, table, lambda: table.panel is not None and table.choice.kind == "cast", limit=600)
    own = table.layout.seats[0].rect
    driver.drag(table.wand_grip(0), (own.centerx - own.width // 4, own.centery))
    assert CastSpell(0, True) in table.session.match.log


def test_bots_in_the_live_phase_wait_like_people_and_see_the_wands():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=30)
    to_live(driver, table)
    ready(driver, table)
    driver.frames(10)  # a sixth of a second: nobody has pointed yet
    assert pointed(table) == {}
    driver.drag(table.wand_grip(0), table.layout.seats[1].rect.center)
    driver.frames(frames_of(COUNT))
    assert set(pointed(table)) == {0, 1, 2, 3}
    # The greedy bot under attack points back at its attacker.
    assert pointed(table)[1] == 0
    pygame.quit()


def test_the_count_waits_while_the_pause_menu_covers_the_table():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=14)
    to_live(driver, table)
    ready(driver, table)
    started = table.live.countdown.started
    driver.key(pygame.K_ESCAPE)  # the pause menu
    driver.frames(frames_of(COUNT + GRACE) + 30)
    assert table.countdown()[0] == "3"  # the count under the menu waits (it showed "Time!" there: a review)
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert 0 not in pointed(table)  # not too late: the count waited
    assert table.live.countdown.started > started
    driver.drag(table.wand_grip(0), table.layout.seats[1].rect.center)
    assert pointed(table)[0] == 1


def test_the_count_stands_still_while_the_window_is_minimized():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=14)
    to_live(driver, table)
    ready(driver, table)
    assert table.countdown()[0] == "3"
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    driver.frames(frames_of(COUNT + GRACE) + 30)  # longer than the whole count
    assert app.minimized and table.countdown()[0] == "3" and 0 not in pointed(table)
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    driver.frames(61)
    assert not app.minimized and table.countdown()[0] == "2"  # the count goes on from where it stood
    driver.drag(table.wand_grip(0), table.layout.seats[1].rect.center)
    assert pointed(table)[0] == 1


def test_peek_at_the_table_says_what_it_does_in_both_states():
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=4)
    until(driver, table, lambda: table.panel is not None and table.choice.kind == "prepare")
    hide = table.panel.hide
    assert hide.label == "Peek at the table" and not table.panel.hidden
    driver.tap(hide.rect.center)
    assert table.panel.hidden and hide.label == "Back to the choice"
    driver.tap(hide.rect.center)
    assert not table.panel.hidden and hide.label == "Peek at the table"


@pytest.mark.parametrize("size,players", [((1080, 1920), 6), ((1280, 800), 4)])
def test_a_tap_on_a_panel_button_goes_no_further(size, players):
    """Peek at the table hid the panel, and the same tap went on to what lay under the button: a reward ("Rewards
    are taken after the spells are cast...", in red through the count) or, for Back to the choice, an urn's
    score sheet (a touchscreen review at 1080x1920)."""
    app, driver, table = table_for(["human"] + ["greedy"] * (players - 1), seed=4, size=size)
    until(driver, table, lambda: table.panel is not None and table.choice.kind == "prepare")
    hide = table.panel.hide
    if size[1] > size[0]:  # (a touchscreen's: 29 px high at 1080x1920, short of a fingertip)
        assert hide.rect.height >= 34 and table.panel.rect.contains(hide.rect)
        assert hide.rect.collidelist(list(table.panel.card_rects.values())) < 0
    under = [placed.item for placed in table.hits.placed if placed.rect.collidepoint(hide.rect.center)]
    driver.tap(hide.rect.center)
    assert table.panel.hidden and not table.message and not table.zoom_pinned, under
    driver.tap(hide.rect.center)
    assert not table.panel.hidden and not table.message and not table.zoom_pinned


def test_a_tall_window_keeps_the_table_an_oval_with_its_middle_in_the_middle_and_the_wands_work():
    """A touchscreen stood on its side: the seats ran down an oval the window's height (a corridor) and the
    rewards and the urn sat in its top third, the lower half of the table bare."""
    size = (1080, 1920)
    app, driver, table = table_for(["human"] + ["greedy"] * 5, seed=3, size=size)
    layout, window = table.layout, pygame.Rect((0, 0), size)
    mats = [seat.rect for seat in layout.seats]
    ring = mats[0].unionall(mats[1:])
    assert all(window.contains(mat) for mat in mats) and ring.height <= 1.75 * ring.width  # (the window: 1.78)
    middle = layout.banner.unionall([*layout.row, layout.urn])
    assert abs(middle.centery - size[1] // 2) < size[1] * 0.06
    assert middle.collidelist(mats) < 0
    to_live(driver, table)
    ready(driver, table)
    driver.drag(table.wand_grip(0), layout.seats[3].rect.center)  # an adversary, across the oval
    assert pointed(table)[0] == 3


@pytest.mark.parametrize("players", [4, 6, 8])
def test_a_tall_window_grows_the_place_mats_into_its_room(players):
    """At 1080x1920 the window's width set every mat at a sixth of it (180 px), its spell cards 24 px wide, with
    bands of bare felt above and below the seats: the mats now grow into that room, apart from each other, with
    their words and cards, and the middle of the table keeps its room; a wide window keeps its mats. The Log,
    Undo, Rules and Menu buttons, 27 px high there, are fingertip-high."""
    size = (1080, 1920)
    app, driver, table = table_for(["human"] + ["greedy"] * (players - 1), seed=3, size=size)
    layout, window = table.layout, pygame.Rect((0, 0), size)
    mats = [seat.rect for seat in layout.seats]
    assert all(mat.width >= 0.26 * size[0] and window.contains(mat) for mat in mats)
    assert all(mat.inflate(px(10), px(10)).collidelist(mats[:index]) < 0 for index, mat in enumerate(mats))
    middle = [layout.banner, *layout.row, layout.urn]  # (the prompt wider than the rewards where no mat lies)
    assert all(part.collidelist(mats) < 0 and window.contains(part) for part in middle)
    own = layout.seats[0]
    assert round(own.hand.height / 1.4) >= 36 and own.crest.height >= px(34) * 1.5  # the cards and crest grow too
    assert all(button.height >= 40 for button in [*layout.buttons, layout.again])  # (27 px: small for a finger)
    # The rewards grow too (88 px at most, in two rows squeezed between the side mats: three rows of three now),
    # and the prompt spans them, not the window's whole width.
    assert layout.row[0].width >= 110 and layout.banner.width < size[0] - 2 * px(10)
    to_live(driver, table)
    ready(driver, table)
    driver.drag(table.wand_grip(0), layout.seats[players // 2].rect.center)  # the adversary across the oval
    assert pointed(table)[0] == players // 2
    wide = table_for(["human"] + ["greedy"] * (players - 1), seed=3, size=(1280, 800))[2].layout
    assert {seat.scale for seat in wide.seats} == {1.0} and wide.seats[0].rect.size == (214, 128)


def test_no_card_is_enlarged_under_the_resting_mouse_during_the_wand_count():
    """Ready lies over the rewards: pressed with the mouse, the mouse rested on a reward and the card was enlarged
    over the count and the wands for the rest of it (a reviewer playing alone against bots). A card rested on is
    not enlarged while the count runs; before it, it is."""
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], size=(1280, 800))
    to_live(driver, table)
    reward = table.layout.row[0].center
    driver.move(reward)
    driver.frames(round(table.hover_zoom * 60) + 10)
    assert table.zoomed() is not None  # (the cue waits for Ready: the card is read as ever)
    ready(driver, table)
    assert table.live is not None and table.live.countdown is not None
    driver.move((reward[0] + 4, reward[1] + 4))
    driver.frames(round(table.hover_zoom * 60) + 10)
    assert table.session.phase == "target" and table.zoomed() is None
    pygame.quit()


def test_the_wands_count_is_heard(monkeypatch):
    """The people look at each other's wands, not at the screen, and the count was only drawn (a review of the
    sound): each number ticks and its end rings."""
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=8)
    to_live(driver, table)
    played: list[str] = []
    monkeypatch.setattr(app, "play", played.append)
    ready(driver, table)  # (its button clicks too, with "3")
    driver.frames(frames_of(COUNT + GRACE) + 5)
    ticks = [sound for sound in played if sound in ("click", "reveal")]
    assert ticks[:5] == ["click", "click", "click", "click", "reveal"], played


def test_a_shield_up_leaves_its_seats_crest_and_name_in_sight():
    """Protego's shield was drawn over the crest and the name of its seat: among eight, nobody could tell who had
    shielded (a review of eight people by touch). It stands over the hand; the crest and name stay as they were."""
    app, driver, table = table_for(["human"] + ["greedy"] * 7, seed=12, size=(1366, 768), animation="Normal")
    to_live(driver, table)
    ready(driver, table)
    driver.drag(table.wand_grip(0), table.layout.seats[3].rect.center)
    until(driver, table, lambda: table.panel is not None and table.choice.kind == "cast", limit=600)
    spot = table.layout.seats[0]
    seen = spot.crest.union(spot.name)
    before = [
        tuple(app.screen.get_at((x, y)))
        for x in range(seen.left, seen.right, 3)
        for y in range(seen.top, seen.bottom, 3)
    ]
    own = spot.rect
    driver.drag(table.wand_grip(0), (own.centerx - own.width // 4, own.centery))
    for _ in range(600):
        driver.frames(1)
        if table.reveal is not None and table.reveal.cast(0) == "protego":
            break
    driver.frames(5)
    assert table.reveal is not None and table.reveal.cast(0) == "protego"
    after = [
        tuple(app.screen.get_at((x, y)))
        for x in range(seen.left, seen.right, 3)
        for y in range(seen.top, seen.bottom, 3)
    ]
    assert sum(a != b for a, b in zip(before, after, strict=True)) <= len(before) // 20
    pygame.quit()


def test_inside_a_count_for_everyone_hard_bots_point_as_quickly_as_medium_ones(monkeypatch):
    """Seven Hard bots asked one after another inside a 3-second count, each searching 0.75 s, pointed up to four
    seconds after "Time!" and after seeing every person's wand (a review of play against bots): inside a count
    for everyone a Hard bot points as Medium does, at once; in turn (no count runs for a bot) it searches."""
    from tabletop.play import bot_worker

    asked: list[str] = []
    worker = bot_worker.worker()
    ask = worker.ask

    def recording(game_id, bot_id, view, seed):
        asked.append(bot_id)
        return ask(game_id, bot_id, view, seed)

    monkeypatch.setattr(worker, "ask", recording)
    app, driver, table = table_for(["human", "hard", "hard", "hard"], seed=21)
    to_live(driver, table)
    asked.clear()
    ready(driver, table, finger=5)  # a finger: a touchscreen, one count for everyone
    assert table.live.together
    driver.frames(frames_of(COUNT + GRACE) + 30)
    assert {1, 2, 3} <= set(pointed(table)) and asked and set(asked) == {"medium"}


def test_one_person_pointing_taps_a_wizard_to_point_at_them():
    """A newcomer tapped an adversary's seat during the count: nothing happened and they were too late (a
    newcomer's review). With one wand to point, a tap on a wizard of another house points it."""
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=21)
    to_live(driver, table)
    ready(driver, table)
    me = table.view.seat
    other = next(seat for seat in range(4) if table.view.adversary(me, seat))
    driver.tap(table.layout.seats[other].rect.center)
    assert pointed(table).get(me) == other


def test_the_cast_choice_says_what_protego_costs():
    from dataclasses import replace

    from tabletop.games.stupefix.view import StupefixView
    from tabletop.ui.tables.stupefix.panels import _cast_explanation

    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=21)
    assert isinstance(table.view, StupefixView)
    holding = replace(table.view, my_prepared="rate")  # (the card prepared, as at the cast)
    said = _cast_explanation(holding, ["Ada", "Bram", "Cleo", "Dov"])
    assert "flag goes down" in said and "discarded unseen" in said


def test_with_several_people_pointing_together_a_tap_on_a_wizard_points_nobodys_wand():
    """With several people pointing at once, once all but one had pointed, any tap on a wizard pointed the last
    person's wand for them (the diff's review): the tap points a wand only for one person, or the one whose turn."""
    app, driver, table = table_for(["human", "human", "greedy", "greedy"], seed=21)
    driver.fingers = True
    to_live(driver, table)
    ready(driver, table, finger=5)
    assert table.live.together
    first = next(seat for seat in range(4) if table.view.adversary(0, seat))
    driver.drag(table.wand_grip(0), table.layout.seats[first].rect.center)
    assert pointed(table).get(0) == first
    other = next(seat for seat in range(4) if table.view.adversary(1, seat))
    driver.tap(table.layout.seats[other].rect.center)
    assert 1 not in pointed(table)


def test_a_second_enter_after_pointing_does_not_start_the_next_persons_count():
    """Two people at one keyboard: the Enter that pointed one person's wand, pressed once more (a double press),
    started the other's 3-second count at once (the focus moves to their Ready), and they were too late. A new
    person's Ready takes a key only after a moment."""
    from tabletop.ui.tables.stupefix.table import READY_ARMING

    app, driver, table = table_for(["greedy", "human", "human", "greedy"], seed=21)  # (1 and 2 point in turn)
    to_live(driver, table)
    first = table.live.current
    assert first is not None and not table.live.together
    driver.key(pygame.K_TAB)  # (a keyboard player: the focus shows, and goes to Ready)
    driver.frames(frames_of(READY_ARMING))
    driver.key(pygame.K_RETURN)  # Ready
    assert table.live.countdown is not None
    for _ in range(2):  # the wand picked up, then pointed at the seat the focus goes to
        driver.key(pygame.K_RETURN)
    assert first in pointed(table)
    second = table.live.current
    assert second not in (None, first) and table.cue() is not None
    driver.key(pygame.K_RETURN)  # the same Enter once more
    assert table.live.waiting and table.live.countdown is None  # the second count has not started
    driver.frames(frames_of(READY_ARMING))
    driver.key(pygame.K_RETURN)  # the second person's own Enter, a moment later
    assert table.live.countdown is not None and table.live.current == second


def test_a_long_message_wraps_between_the_side_seats_not_over_them():
    """With large text 'Rewards are taken after the spells...' ran across the window over the side seats' counts
    (the guides review in French): it wraps to the room between them."""
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", large_text=True)
    app, driver, table = table_for(["human", "greedy", "greedy", "greedy"], seed=8, settings=settings)
    table.say("Rewards are taken after the spells are cast, by the wizards whose flag still stands. " * 2, error=True)
    driver.frames(1)
    box = table.message_box()
    assert len(table.message_lines()) > 1 and app.screen.get_rect().contains(box)
    assert not any(box.colliderect(seat.rect) for seat in table.layout.seats)


def test_escape_during_a_wand_drag_lets_go_of_the_wand_and_does_not_pause():
    """Escape lets go of what is held on the other tables; here it opened the pause, the count frozen under it and
    the wand let go all the same (the review of input the wrong way)."""
    from tabletop.ui.scenes.overlays import PauseOverlay

    app, driver, table, _target = wand_taken_up_toward_seat_one()
    assert table.wand_drags
    driver.key(pygame.K_ESCAPE)
    assert not table.wand_drags and not isinstance(app.scenes.top, PauseOverlay)
    driver.key(pygame.K_ESCAPE)  # nothing held: the pause, as before
    assert isinstance(app.scenes.top, PauseOverlay)
    pygame.quit()


def test_a_count_for_four_or_more_people_calls_everyone_only_when_it_is_everyone():
    """Five people and a bot, one count for all: "Everyone" while all five are to point; once Ada has pointed the
    banner calls "Everyone but Ada" (it went on calling everyone, Ada included: the prompt referee's note)."""
    app, driver, table = table_for(["human"] * 5 + ["greedy"], seed=8)
    to_live(driver, table)
    table.live.switch_to_together(table.live.seen, table.view.pointed)  # as a finger on the screen does
    assert table.prompt()[0] == "Ready? Everyone: press Ready to start the count."
    ready(driver, table, finger=9)
    assert table.live.together and table.live.countdown is not None
    assert table.prompt()[0] == "Everyone: point your wand at a wizard of another house before the count ends!"
    target = next(seat for seat in range(6) if table.view.adversary(0, seat))
    grip, end = table.wand_grip(0), table.layout.seats[target].rect.center
    driver.down(grip, finger=1)
    for step in range(1, 9):
        driver.move((grip[0] + (end[0] - grip[0]) * step // 8, grip[1] + (end[1] - grip[1]) * step // 8), finger=1)
        driver.frames(1)
    driver.up(end, finger=1)
    driver.frames(2)
    assert pointed(table).get(0) == target
    assert table.prompt()[0] == (
        "Everyone but Ada: point your wand at a wizard of another house before the count ends!"
    )


def test_the_ready_cue_names_the_people_when_someone_at_the_screen_has_pointed_already():
    """One mouse, in turn: Ada points, then a finger on the screen makes it one count for the rest. The cue no
    longer says "Everyone" to four people when Ada, at the same screen, is done."""
    app, driver, table = table_for(["human"] * 5 + ["greedy"], seed=8, chouchou=5)
    to_live(driver, table)
    assert not table.live.together and table.live.current == 0
    ready(driver, table)
    target = next(seat for seat in range(6) if table.view.adversary(0, seat))
    driver.tap(table.layout.seats[target].rect.center)  # one person pointing: a tap on a wizard points at them
    driver.frames(2)
    assert pointed(table).get(0) == target
    table.live.switch_to_together(table.live.seen, table.view.pointed)
    cue = table.cue()
    assert cue is not None
    assert cue.text.startswith("Bram, Cleo, Dov and Elin: press Ready, then each point your own wand"), cue.text
    assert table.prompt()[0] == "Ready? Everyone but Ada: press Ready to start the count."


def test_the_mouse_resting_on_ready_enlarges_no_reward_hidden_under_the_cue():
    """The "wand at the ready" card lies over the rewards where the table has no free felt for it (eight seats at
    the largest interface scale in the smallest window; it lay there at every size before): the mouse resting on its
    Ready button enlarged the reward under the button over the table (the rewards, the next seat), and when Ready was
    pressed and the wand pointed, it came up as the count ended, the mouse far away on the seat pointed at (a wand's
    drag is the table's own: the kit's resting mouse stayed on Ready)."""
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", ui_scale=200)
    app, driver, table = table_for(
        ["human", "greedy", "human", "greedy"] + ["greedy"] * 4, seed=11, settings=settings, size=theme.MIN_SIZE
    )
    until(driver, table, lambda: table.cue() is not None)  # (Cleo's turn to point, after Bram's)
    cue = table.cue()
    assert cue is not None
    under = cue.button.rect.center
    assert table.hits.item_at(under, "term") is not None  # (a reward lies under the Ready button)
    driver.move(under)
    driver.frames(frames_of(1.0))
    assert table.zoomed() is None
    ready(driver, table)
    seat = table.live.current
    target = next(other for other in range(8) if table.view.adversary(seat, other))
    driver.drag(table.wand_grip(seat), table.layout.seats[target].rect.center)
    assert pointed(table)[seat] == target
    driver.frames(frames_of(1.0))
    assert table.zoomed() is None


def test_a_tap_on_a_teammate_during_the_count_says_never_at_a_teammate():
    """A new player alone with bots tapped their teammate's place during the count: the table said "Drag your wand
    from your seat..." as if a tap could not point, when a tap on an adversary does (a review at 1920x1080)."""
    app, driver, table = table_for(["human"] + ["greedy"] * 5, seed=3)  # seat 0's teammate is seat 2
    to_live(driver, table)
    ready(driver, table)
    assert table.view.houses[0] == table.view.houses[2]
    driver.tap(table.layout.seats[2].rect.center)
    assert 0 not in pointed(table)
    assert "teammate" in table.message and table.message_error


def test_a_wand_tapped_then_a_teammate_tapped_says_never_at_a_teammate():
    """With the wand tapped first ("tap your wand, then them", as the drag hint says), a tap on a teammate said
    nothing at all (a review in a real window, French, 1024x640). The wand stays picked up, to tap an adversary."""
    app, driver, table = table_for(["human"] + ["greedy"] * 5, seed=3)  # seat 0's teammate is seat 2
    to_live(driver, table)
    ready(driver, table)
    driver.tap(table.wand_grip(0))
    assert table.selected_wand == 0
    driver.tap(table.layout.seats[2].rect.center)
    assert 0 not in pointed(table) and table.selected_wand == 0
    assert "teammate" in table.message and table.message_error


def test_the_drag_hint_goes_once_the_wand_is_pointed_and_leaves_the_count_in_sight():
    """A tap on one's own place during the count said "Drag your wand...": the line lay over the count's disc,
    hiding its "2", and stayed up over the wand pointed next (a review with eight seats and large text)."""
    settings = Settings(volume=0.0, animation="Off", bot_speed="Instant", large_text=True)
    app, driver, table = table_for(["human"] + ["greedy"] * 7, seed=3, size=(1920, 1080), settings=settings)
    to_live(driver, table)
    ready(driver, table)
    driver.tap(table.layout.seats[0].rect.center)
    assert table.message.startswith("Drag your wand")
    driver.frames(1)
    (x, y), radius = count_place(table.layout)
    assert table.countdown() is not None
    assert not table.message_box().colliderect(pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius))
    other = next(seat for seat in range(8) if table.view.adversary(0, seat))
    driver.tap(table.layout.seats[other].rect.center)
    assert pointed(table)[0] == other
    assert not table.message.startswith("Drag your wand")


def test_a_word_said_during_the_count_leaves_the_first_rows_values_in_sight():
    """Out from over the count's disc, the drag hint lay just under it: over the values at the foot of the first
    row of rewards, which the disc is placed to leave in sight (``painter.count_place``; seen at 1024x640 in French
    with large text). It lies under that row."""
    app, driver, table = table_for(["human"] + ["greedy"] * 5, seed=3)
    to_live(driver, table)
    ready(driver, table)
    driver.tap(table.layout.seats[0].rect.center)
    assert table.message.startswith("Drag your wand")
    driver.frames(1)
    first = [rect for rect in table.layout.row if rect.top == table.layout.row[0].top]
    values = [rect.clip(rect.move(0, round(rect.height * VALUE_TOP))) for rect in first]
    assert table.message_box().collidelist(values) < 0, (table.message_box(), values)
