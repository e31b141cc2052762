"""Names in other scripts are drawn as they are written: Hebrew and Arabic from the right, Hindi with its signs in
place, Chinese in a face of the system that has it (the app's own face drew boxes, or Hebrew backwards)."""

from __future__ import annotations

import os

import pygame
import pytest

from tabletop.ui import theme, world_text


@pytest.fixture
def own():
    pygame.init()
    try:
        yield theme.typeface()
    finally:
        theme.reset_caches()
        pygame.quit()


def texts(message: str, own: str) -> list[str]:
    return [run[0] for run in world_text.runs(message, own)]


def test_latin_greek_and_cyrillic_stay_with_the_apps_own_face(own):
    for message in ("Ada", "Élodie Noël", "Владимир", "Ωμέγα", "Naïve № 3"):
        assert not world_text.needs_shaping(message, own)
    for message in ("שלום", "محمد", "हिन्दी", "小明", "Ada 小明"):
        assert world_text.needs_shaping(message, own)


def test_hebrew_is_drawn_from_the_right(own):
    """The app's face has Hebrew letters but drew them left to right: "של" came out as "לש"."""
    font = theme.font(20, bold=True)
    drawn = font.render("של", True, theme.TEXT)
    assert drawn.get_size() == font.size("של")
    sdl = pygame.font.Font(own, round(font.em))
    mirrored = sdl.render("לש", True, theme.TEXT)  # the two letters in the order the eye reads them
    shown = pygame.Surface(drawn.get_size(), pygame.SRCALPHA)
    shown.blit(mirrored, (0, round(font._face.get_sized_ascender() / font.OVERSAMPLE) - sdl.get_ascent()))
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(shown, "RGBA")


def test_a_line_mixing_directions_keeps_each_words_direction_and_the_lines_order(own):
    assert texts("Turn: שלום (Gryffindor)", own) == ["Turn: ", "שלום", " (Gryffindor)"]
    assert texts("שלום עליכם", own) == ["שלום עליכם"]  # one run, drawn right to left by the shaper
    assert world_text.runs("שלום עליכם", own)[0][2:] == ("Hebr", True)
    # A line that begins in Hebrew reads from the right: the Latin word stands at its left end, after the space
    # (drawn with the Hebrew, at its left).
    assert texts("שלום Ada", own) == ["Ada", "שלום "]
    assert world_text.runs("हिन्दी", own)[0][2:] == ("Deva", False)  # shaped as Devanagari (its vowel sign first)


def face_with(char: str, own: str) -> str:
    face = world_text.face_for(char, own)
    if face == own:
        line = "sudo apt-get install fonts-dejavu-core fonts-droid-fallback"
        if os.environ.get("CI") == "true":
            pytest.fail(f"no font of this system has {char!r}: {line}")
        pytest.skip(f"no font of this system has {char!r}: {line}")
    return face


@pytest.mark.parametrize("name", ["محمد", "小明"])
def test_letters_the_apps_face_lacks_come_from_a_system_font_and_are_not_boxes(own, name):
    face_with(name[0], own)
    font = theme.font(20)
    drawn = font.render(name, True, theme.TEXT)
    boxes = font.render("\ue000" * len(name), True, theme.TEXT)  # letters no face has: drawn as boxes
    assert drawn.get_height() == boxes.get_height() == font.get_height()
    assert drawn.get_width() == font.size(name)[0] > 0
    assert pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(
        pygame.transform.scale(boxes, drawn.get_size()), "RGBA"
    )


def test_an_arabic_name_reads_from_the_right_with_its_letters_joined(own):
    face = face_with("م", own)
    assert world_text.runs("محمد", own) == [("محمد", face, "Arab", True)]
    assert texts("Turn: محمد (Gryffindor)", own) == ["Turn: ", "محمد", " (Gryffindor)"]
