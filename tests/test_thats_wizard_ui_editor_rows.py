"""The spellbook editor's list of books with Large text in a small window (review uxtwed, 1024x640): each row holds
its name and its tag ("premade", "yours"...) inside its edge, and a tap on a row opens that book."""

from __future__ import annotations

from tabletop.ui import theme
from tabletop.ui.app import App
from tabletop.ui.settings import Settings
from tabletop.ui.tables.thats_wizard.editor import SpellbookEditor
from tests.ui_driver import Driver


def test_a_book_rows_tag_stays_inside_the_row_with_large_text_in_a_small_window() -> None:
    app = App((1024, 640), settings=Settings(volume=0.0, animation="Off", large_text=True))
    driver = Driver(app)
    editor = SpellbookEditor(app)
    app.scenes.push(editor)
    driver.frames(2)
    rows = editor.list
    tag = theme.text("premade", round(rows.size * 0.75), theme.TEXT_DIM, bold=False).get_height()
    for index in range(len(rows.rows)):
        row = rows.rect(index)
        tag_foot = row.top + row.height * 11 // 20 + tag  # (where ``BookList.draw`` puts the tag)
        assert tag_foot + theme.px(2) <= row.bottom - theme.px(2), (index, tag_foot, row)  # (inside the 2 px edge)
    last = len(rows.rows) - 1
    driver.tap(rows.rect(last).center)
    assert editor.name_field.value.startswith(rows.rows[last][0])  # (a premade one opens as a copy)
