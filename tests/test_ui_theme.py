"""The app's typeface: measured sizes match drawn sizes, so wrapped text and labels fit where they are put."""

from __future__ import annotations

import pygame

from tabletop.ui import theme


def test_text_is_measured_as_it_is_drawn_and_keeps_its_letters_together():
    pygame.init()
    try:
        font = theme.font(16)
        for message in ("Explosion: 6 Damage to Crone (14 Stamina left).", "Wi", "Stupéfix"):
            drawn = font.render(message, True, theme.TEXT)
            assert drawn.get_size() == font.size(message)
            assert drawn.get_height() == font.get_linesize() == font.get_height()
        assert font.size("") == (0, font.get_height())
        assert font.render("", True, theme.TEXT).get_width() == 0
        # Even spacing: a word is about as wide as its letters drawn one by one (no gap of a whole pixel or more
        # per letter, which is what made "Dam age" and "le ft" at small sizes).
        word = "Damage"
        apart = sum(font.size(letter)[0] for letter in word)
        assert abs(font.size(word)[0] - apart) <= len(word) // 2 + 1
        assert theme.font(16, bold=True).size(word)[0] >= font.size(word)[0]  # bold is never narrower
        assert theme.font(24).size(word)[0] > font.size(word)[0]
    finally:
        theme.reset_caches()
        pygame.quit()


def _wrapped_word_by_word(message: str, font: theme.Font, width: int) -> list[str]:
    """``wrap_in_font`` as it was, measuring the line at every word: what its shortcut must give."""
    lines: list[str] = []
    for paragraph in message.split("\n"):
        line = ""
        for word in theme.line_words(paragraph):
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def test_a_paragraph_that_fits_is_measured_once_and_wraps_as_word_by_word():
    """A long game's log opened in 0.2-0.3 s measuring each line again at every word (the late-game review)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    pygame.init()
    try:
        font = theme.font(16)
        measured: list[str] = []
        size = font.size

        class Counting:
            def size(self, text: str) -> tuple[int, int]:
                measured.append(text)
                return size(text)

        theme.wrap_in_font("Explosion: 6 Damage to the Crone (14 Stamina left).", Counting(), 2000)  # type: ignore[arg-type]
        assert len(measured) == 1

        words = st.sampled_from(["Stupéfix", "a", "Damage", "Слизерин", "(14", "left).", "", "—", "Explosion:"])

        @settings(max_examples=150, deadline=None)
        @given(st.lists(st.lists(words, max_size=12).map(" ".join), min_size=1, max_size=3), st.integers(10, 400))
        def same(paragraphs: list[str], width: int) -> None:
            message = "\n".join(paragraphs)
            assert theme.wrap_in_font(message, font, width) == _wrapped_word_by_word(message, font, width)

        same()
    finally:
        theme.reset_caches()
        pygame.quit()


def test_the_felts_vignette_is_shaded_once_for_the_run(monkeypatch) -> None:
    """The felt's darker edges were shaded pixel by pixel (2,560 of them, 5 ms) at every new felt: each resize, each
    change of language or text size, each table opened. The small shade is made once; the felts stay per size."""
    from tabletop.ui.sprites import cache
    from tabletop.ui.sprites.backdrop import backdrop

    pygame.init()
    pygame.display.set_mode((640, 400))
    backdrop((640, 400))
    cache.reset_all()  # (what a change of language does)
    set_at = pygame.Surface.set_at
    shaded = []

    class Counting(pygame.Surface):
        def set_at(self, *args):  # type: ignore[no-untyped-def]
            shaded.append(args)
            return set_at(self, *args)

    monkeypatch.setattr(pygame, "Surface", Counting)
    felt = backdrop((800, 500))
    assert felt.get_size() == (800, 500) and shaded == []
