"""The sounds are as loud as one another (a review found them all at the same peak, the dice 8 dB under the spell
and the "nope" louder than the end's fanfare), never clip, and ring out before they end."""

from __future__ import annotations

import importlib.util
import math
import struct
import wave

import pytest

from tabletop.paths import asset_dir

FOLDER = asset_dir("sounds")
_spec = importlib.util.spec_from_file_location("make_sounds", FOLDER / "make_sounds.py")
assert _spec is not None and _spec.loader is not None
make_sounds = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_sounds)


def read(name: str) -> list[float]:
    with wave.open(str(FOLDER / name)) as sound:
        count = sound.getnframes()
        return [value / 32768 for value in struct.unpack(f"<{count}h", sound.readframes(count))]


@pytest.mark.parametrize("name", sorted(make_sounds.SOUNDS))
def test_each_sound_is_at_its_loudness_and_never_clips(name):
    samples = read(name)
    peak = 20 * math.log10(max(abs(value) for value in samples))
    assert peak <= make_sounds.PEAK_DB + 0.1
    wanted = make_sounds.LOUDNESS_DB.get(name, make_sounds.LOUDNESS_DB["*"])
    loudness = make_sounds.loudness(samples)
    # At its loudness, or under it only where its peak came first (a sound of clicks: the dice, the reveal).
    assert abs(loudness - wanted) <= 0.5 or (loudness < wanted and peak >= make_sounds.PEAK_DB - 0.1), loudness


@pytest.mark.parametrize("name", ["reward.wav", "turn.wav", "spell.wav", "end.wav"])
def test_bells_and_echoes_ring_out_before_the_sound_ends(name):
    """The reward bell was cut while still at -20 dB, the fanfare's echo thrown away after 1.6 s."""
    samples, fade = read(name), make_sounds.FADE_OUT[name]
    before_the_fade = samples[-make_sounds.samples(fade + 0.05) : -make_sounds.samples(fade)]
    level = 10 * math.log10(sum(value * value for value in before_the_fade) / len(before_the_fade) + 1e-12)
    assert level < -30


def test_every_sound_a_table_names_is_a_file_and_every_ending_is_heard():
    """A review found That's Wizard!'s match ended by agreement silent (only a won match had the fanfare), and a
    House Cup Challenge character's move, a bot's too, ringing the button's click."""
    from tabletop.games.house_cup_challenge import events as challenge_events
    from tabletop.games.thats_wizard import events as wizard_events
    from tabletop.ui.tables.house_cup.table import HouseCupTable
    from tabletop.ui.tables.house_cup_challenge.table import ChallengeTable
    from tabletop.ui.tables.stupefix.table import StupefixTable
    from tabletop.ui.tables.thats_wizard.table import ThatsWizardTable

    for table in (HouseCupTable, StupefixTable, ChallengeTable, ThatsWizardTable):
        for sound in table.SOUNDS.values():
            assert (FOLDER / f"{sound}.wav").is_file(), (table.__name__, sound)
    assert ThatsWizardTable.SOUNDS[wizard_events.MatchDrawn] == ThatsWizardTable.SOUNDS[wizard_events.MatchWon]
    assert ChallengeTable.SOUNDS[challenge_events.Moved] not in ("click", None)


def test_every_card_or_token_that_moves_on_a_table_is_heard():
    """House Cup's card discarded, given, drawn or shuffled back moved on its own beat in silence, as did
    Stupéfix's Late token given back, where a card taken and a reward token are heard (a review of the sound)."""
    from tabletop.games.house_cup import events as house_cup_events
    from tabletop.games.stupefix import events as stupefix_events
    from tabletop.ui.tables.house_cup.pacing import MOVED
    from tabletop.ui.tables.house_cup.table import HouseCupTable
    from tabletop.ui.tables.stupefix.table import StupefixTable

    for kind in MOVED:
        assert HouseCupTable.SOUNDS.get(kind), kind.__name__
    assert HouseCupTable.SOUNDS[house_cup_events.CardDrawn] == "deal"
    assert StupefixTable.SOUNDS.get(stupefix_events.RetardReturned) == "place"
