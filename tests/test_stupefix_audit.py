"""Stupéfix audit: the words the table shows beside a card say what the rules do in the corners too."""

from __future__ import annotations

import pytest

from tabletop import i18n
from tabletop.games.stupefix import GAME
from tabletop.games.stupefix import events as ev
from tabletop.games.stupefix.events import TakeReward
from tabletop.games.stupefix.terms import meaning
from tests.stupefix_helpers import new, play_round, set_row

ALL_EQUAL = "nobody when everyone has the same number"


def _finish(state) -> list:
    """The draft played on to the end of the game, each drafter taking the first reward offered."""
    events: list = []
    while GAME.result(state) is None:
        seat = GAME.to_act(state)[0]
        if state.phase == "draft":
            events += GAME.apply(state, GAME.legal(state, seat)[0])
        else:
            events += play_round(state)
    return events


def test_the_late_tokens_help_says_nobody_is_a_latecomer_when_everyone_has_as_many():
    """Rulebook, Retardataire: "Si tous les joueurs possèdent le même nombre de jetons Retard (ou aucun),
    personne ne gagne de carte Retardataire." The Late token's card said "At the end, whoever has the most takes
    a Latecomer card", which with every player on as many tokens (none here) reads as every player taking one;
    the rules give none."""
    state = new(4, seed=5)
    state.round = 8
    state.retard = [0, 0, 0, 0]
    events = play_round(state)  # Misfires at nobody: nobody stunned, nobody has a token
    events += _finish(state)
    assert [event.seats for event in events if isinstance(event, ev.Latecomers)] == [()]
    assert ALL_EQUAL in meaning("retardataire")
    assert ALL_EQUAL in meaning("retard")
    i18n.set_language("fr")
    assert "personne si tous en ont autant" in meaning("retard")
    i18n.set_language("ru")
    assert "никому, если у всех поровну" in meaning("retard")


def test_the_chouchou_cards_say_a_fallen_chouchou_does_not_choose_first():
    """Rulebook, phase 6: "Si le Chouchou ne peut pas participer au Partage, c'est le premier joueur à sa gauche,
    dont le Drapeau est encore debout, qui choisit en premier." Devenir le Chouchou's card said "You run the next
    round and choose first" and the Chouchou tile's entry "Its holder runs the round and chooses the first
    reward", with no word of the flag; the Teacher's Pet's own help already said "when their flag stands"."""
    state = new(4, seed=5, chouchou=0)
    play_round(state, spells={1: "stupefix"}, targets={1: 0})  # the Chouchou is stunned
    assert state.chouchou == 0 and GAME.to_act(state) == (1,)  # the first standing player to their left
    entries = dict(GAME.card_entries())
    tile = entries["Chouchou tile (Teacher's Pet)"]
    card = entries["Devenir le Chouchou (Become the Teacher's Pet)"]
    assert "flag stands" in tile and "flag stands" in card and "flag stands" in meaning("chouchou")
    i18n.set_language("fr")
    assert "si votre Drapeau est debout" in meaning("chouchou")
    i18n.set_language("ru")
    assert "если ваш флажок поднят" in meaning("chouchou")


def test_the_discard_piles_help_counts_the_misfire_private_lessons_gives_up():
    """Cours Particuliers: "Défaussez immédiatement une de vos cartes Sort Raté": the Misfire lies face up on the
    discard pile and the pile's count shows it, but the pile's help said "The spell cards cast so far: face up,
    or face down after a Protego", as if each card there had been cast."""
    state = new(4, seed=5, chouchou=0)
    play_round(state)  # four Misfires cast, nobody stunned
    set_row(state, ["cours", "chouchou"])
    GAME.apply(state, TakeReward(0, "cours"))
    assert GAME.view(state, 1).discard_up == (0, 5)  # the four cast, and the one given up
    assert "Misfire" in meaning("discard") and "Private Lessons" in meaning("discard")
    i18n.set_language("fr")
    assert "Sort raté" in meaning("discard")
    i18n.set_language("ru")
    assert "Осечк" in meaning("discard")


def test_the_glossarys_chouchou_chooses_first_only_when_their_flag_stands():
    """Rulebook, phase 6: "Si le Chouchou ne peut pas participer au Partage, c'est le premier joueur à sa gauche,
    dont le Drapeau est encore debout, qui choisit en premier." The rules page's last section (the French names'
    meanings) said "Chouchou: Teacher's Pet: runs the round and chooses rewards first", with no word of the flag,
    where the Chouchou's tile, card and table help already said "when their flag stands"."""
    state = new(4, seed=5, chouchou=0)
    play_round(state, spells={1: "stupefix"}, targets={1: 0})  # the Chouchou is stunned
    assert GAME.to_act(state) == (1,)
    names = dict(GAME.rules_sections())["The French rulebook's names"]
    pet = next(entry for entry in names.split("; ") if entry.startswith("Chouchou:"))
    assert "flag stands" in pet, pet
    i18n.set_language("fr")
    names = dict(GAME.rules_sections())["Les mots du jeu"]
    pet = next(entry for entry in names.split("; ") if entry.startswith("Chouchou :"))
    assert "Drapeau est debout" in pet, pet
    i18n.set_language("ru")
    assert "если его флажок поднят" in GAME.rules_sections()[-1][1]


def test_the_late_tokens_help_says_a_player_of_a_two_player_house_starts_with_one():
    """Setup (the supplement's handicap): every player of a two-player house "starts with 1 Retard token". With
    five players the pair begins round 1 with a Late token each, and the token's help on the table said only "One
    for each Stupefy that stuns you": a token nobody could account for (only the rules page told the handicap)."""
    state = new(5, seed=5)
    assert state.retard == [1, 0, 1, 0, 0] and state.houses[0] == state.houses[2]
    assert "two-player house starts with one" in meaning("retard")
    i18n.set_language("fr")
    assert "Maison de deux joueurs commence avec un" in meaning("retard")
    i18n.set_language("ru")
    assert "факультета из двух человек начинает с одним" in meaning("retard")


@pytest.mark.every_frame  # (every face the frames draw is watched)
def test_a_discard_pile_of_only_face_down_cards_shows_a_card_back(monkeypatch):
    """Everyone cast Protego in round 1: the pile holds four cards, all face down, yet its top was drawn as a
    face-up Misfire ("0 Misfire, 4 face down" under it). It shows a card's back."""
    import pygame

    from tabletop.core import Match, SeatInfo
    from tabletop.games.stupefix.events import CastSpell, PointWand, PrepareSpell
    from tabletop.ui.app import App
    from tabletop.ui.settings import Settings
    from tabletop.ui.tables.stupefix import faces
    from tests.ui_driver import Driver

    app = App((1280, 800), settings=Settings(volume=0.0, animation="Off", bot_speed="Instant"))
    seats = [SeatInfo(name, "human" if seat == 0 else "greedy") for seat, name in enumerate("ABCD")]
    options = GAME.default_options(4)
    options["chouchou"] = 0
    match = Match(GAME, seats, options, 11)
    for seat in range(4):
        match.apply(PrepareSpell(seat, "stupefix" if seat % 2 else "rate"))
    for seat in range(4):
        match.apply(PointWand(seat, (seat + 1) % 4))
    for seat in range(4):
        match.apply(CastSpell(seat, True))
    assert match.state.face_down and not match.state.spell_discard
    faces_drawn: list[str] = []
    face, back = faces.spell_face, faces.spell_back
    monkeypatch.setattr(faces, "spell_face", lambda kind, width: faces_drawn.append((kind, width)) or face(kind, width))
    monkeypatch.setattr(faces, "spell_back", lambda width: faces_drawn.append(("back", width)) or back(width))
    app.go.table(match)
    Driver(app).frames(5)
    pile = app.scenes.stack[0].layout.discard.width
    assert {kind for kind, width in faces_drawn if width == pile} == {"back"}
    pygame.quit()


def test_the_cast_choice_of_a_player_with_no_spell_card_says_no_card_is_discarded():
    """Private Lessons took a player's last Misfire: they prepared nothing, and Protego's cost still said "your
    card is discarded unseen"."""
    from dataclasses import replace

    from tabletop.games.stupefix.events import PointWand, PrepareSpell
    from tabletop.ui.tables.stupefix.panels import choice_of, choice_panel

    state = new(4, seed=5)
    for seat in range(4):
        GAME.apply(state, PrepareSpell(seat, state.hands[seat][0]))
    for seat in range(4):
        GAME.apply(state, PointWand(seat, (seat + 1) % 4))
    view = GAME.view(state, 0)
    assert view.my_prepared
    holding = choice_panel(choice_of(view), ["A", "B", "C", "D"], 60)
    empty = choice_panel(choice_of(replace(view, my_prepared=None)), ["A", "B", "C", "D"], 60)
    assert "your card is discarded unseen" in holding.explain
    assert "flag goes down" in empty.explain and "discarded" not in empty.explain
