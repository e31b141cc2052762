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
