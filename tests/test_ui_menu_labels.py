"""The start screen at the default window size shows every label whole (once "Backga…")."""

from __future__ import annotations

import pytest
from test_ui_support import make_app

from game.registry import playable_kits
from ui import widgets
from ui.settings import SeatSetting, Settings


def _cut_labels(app, monkeypatch) -> list[str]:
    """Every text the menu draws that had to be shortened to fit."""
    cut: list[str] = []
    original = widgets.fit_text

    def recording(text, f, max_width):
        shown = original(text, f, max_width)
        if shown != text:
            cut.append(text)
        return shown

    monkeypatch.setattr(widgets, "fit_text", recording)
    app.scene.layout(app.screen.get_rect())
    app.scene.draw(app.screen)
    monkeypatch.setattr(widgets, "fit_text", original)
    return cut


@pytest.mark.parametrize("game", [kit.id for kit in playable_kits()])
def test_no_menu_label_is_cut_at_the_default_size(tmp_path, monkeypatch, game):
    default = Settings().window_size
    app = make_app(tmp_path, monkeypatch, size=default, game=game)
    try:
        menu = app.scene
        seat_values = [v for v, _ in menu._seat_options(menu.kit)]
        cut: list[str] = []
        for value in seat_values:  # every player choice is shown once in Player A's row
            menu._set_seat(0, value)
            cut += _cut_labels(app, monkeypatch)
        app.settings.update(seats=[SeatSetting("custom"), SeatSetting("custom")])
        cut += _cut_labels(app, monkeypatch)
        if game == "nim":
            for variant in ("nim", "grundy"):
                menu._set("nim_variant", variant, relayout=True)
                cut += _cut_labels(app, monkeypatch)
        assert cut == []
        buttons = [w for w in menu.widgets if isinstance(w, widgets.Button)]
        games = [b for b in buttons if b.text in {kit.title for kit in playable_kits()}]
        assert len(games) == len(playable_kits()) and len({b.label_size() for b in games}) == 1  # one size per row
        assert app.errors == []
    finally:
        app.close()


def test_a_row_of_buttons_shrinks_its_labels_before_cutting_them():
    import pygame

    pygame.font.init()
    row = [widgets.Button(t, lambda: None) for t in ("Tic-tac-toe", "Backgammon", "Nim")]
    for i, b in enumerate(row):
        b.rect = pygame.Rect(i * 130, 0, 120, 50)
    size = widgets.share_label_size(row)
    assert size < int(50 * 0.42)  # "Backgammon" does not fit 120 px at the natural size
    from ui.assets import font

    for b in row:
        assert b.label_size() == size
        assert widgets.fit_text(b.text, font(size, True), b.label_width()) == b.text
