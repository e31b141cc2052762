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
    # Every line of the app reads from the left: one that begins with a Hebrew name keeps its words in their
    # places (a review: "שרה points their wand at Ada." came out as ".points their wand at Ada שרה").
    assert texts("שלום Ada", own) == ["שלום", " Ada"]
    assert texts("דוד gives a card to שרה.", own) == ["דוד", " gives a card to ", "שרה", "."]
    assert world_text.runs("हिन्दी", own)[0][2:] == ("Deva", False)  # shaped as Devanagari (its vowel sign first)


def test_numbers_by_a_right_to_left_name_are_written_from_the_left(own):
    """HarfBuzz turned the digits round with the name: "שרה 12" read "21", a score of 120 "021" (a review)."""
    for message, digits in (("שרה 12", " 12"), ("שרה: 120 points", ": 120 points"), ("11. שרה", "11. ")):
        shown = [run for run in world_text.runs(message, own) if run[0] == digits]
        assert shown and not shown[0][3], message  # a run of its own, left to right


def test_a_list_of_right_to_left_names_keeps_its_order(own):
    """Only the spaces between two right-to-left words join them (a name of two words); a comma stands between
    names in the line's order ("in this order: A, B, C" gave "B, A")."""
    assert texts("שרה, דוד, Ada", own) == ["שרה", ", ", "דוד", ", Ada"]


@pytest.mark.parametrize("message", ["\ufeffAda", "小明\u200b", "\u200b", "Ada\u2060שרה"])
def test_invisible_characters_draw_nothing_and_break_nothing(own, message):
    """SDL_ttf refused a run with nothing to draw ("Text has zero width"), from a card face or a fitted name."""
    font = theme.font(20)
    assert font.render(message, True, theme.TEXT).get_width() == font.size(message)[0]


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


@pytest.mark.parametrize("name", ["小明", "王芳"])
@pytest.mark.parametrize("size", [12, 20, 28, 40])
def test_letters_from_another_face_are_not_cut_at_the_lines_top(own, name, size):
    """A face whose letters rise higher than the app's line (Chinese) lost a pixel at the top: it is drawn as large
    as fits the line. (Arabic's vowel signs over a tall letter rise above their own face's ascent, where SDL_ttf
    itself cuts them: not mended here.)"""
    face = face_with(name[0], own)
    font = theme.font(size)
    drawn = font.render(name, True, theme.TEXT).get_bounding_rect()
    ascent = round(font._face.get_sized_ascender(0) / font.OVERSAMPLE)
    (run,) = world_text.runs(name, own)
    fitted = world_text._fitting(run, own, font._em_px(), False, ascent, font.get_height())
    alone = world_text._ttf(face, fitted, False).render(name, True, theme.TEXT).get_bounding_rect()
    assert drawn.size == alone.size  # every row of the letters is in the line
    assert fitted >= font._em_px() * 0.85  # and they are not shrunk out of keeping with the Latin around them
