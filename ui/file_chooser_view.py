"""Drawing the file chooser (its state, input and geometry live in ui.file_chooser, which
hands itself over as the ``ShownChooser`` this view reads)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Protocol

import pygame

from ui import scene_record, theme
from ui.assets import font
from ui.file_listing import Entry, Listing
from ui.text import display_name
from ui.text_widgets import TextField
from ui.widgets import Button, draw_text


class ShownChooser(Protocol):
    """What the view reads of a file chooser (ui.file_chooser.FileChooser is one): its
    geometry from its last layout, its listing and selection, its field and buttons, and the
    file a save would replace (``confirm``)."""

    @property
    def rect(self) -> pygame.Rect: ...
    @property
    def pad(self) -> int: ...
    @property
    def text_px(self) -> int: ...
    @property
    def title_px(self) -> int: ...
    @property
    def title(self) -> str: ...
    @property
    def mode(self) -> str: ...
    @property
    def focus(self) -> str: ...
    @property
    def error(self) -> str: ...
    @property
    def error_y(self) -> int: ...
    @property
    def field_label_pos(self) -> tuple[int, int]: ...
    @property
    def field(self) -> TextField: ...
    @property
    def buttons_y(self) -> int: ...
    @property
    def primary(self) -> Button: ...
    @property
    def all_button(self) -> Button: ...
    @property
    def cancel_button(self) -> Button: ...
    @property
    def listing(self) -> Listing: ...
    @property
    def list_rect(self) -> pygame.Rect: ...
    @property
    def entries(self) -> tuple[Entry, ...]: ...
    @property
    def row_h(self) -> int: ...
    @property
    def top(self) -> int: ...
    @property
    def selected(self) -> int: ...
    @property
    def recent(self) -> list[Path]: ...
    @property
    def recent_rect(self) -> pygame.Rect: ...
    @property
    def recent_row_h(self) -> int: ...
    @property
    def recent_selected(self) -> int: ...
    @property
    def confirm(self) -> Path | None: ...
    @property
    def prompt_rect(self) -> pygame.Rect: ...
    @property
    def replace_button(self) -> Button: ...
    @property
    def keep_button(self) -> Button: ...
    def visible_rows(self) -> int: ...
    def recent_rows_top(self) -> int: ...


def draw_chooser(fc: ShownChooser, surface: pygame.Surface) -> None:
    """The whole chooser, and the overwrite question over it when one is open."""
    surface.blit(_shade(surface.get_size()), (0, 0))
    r, pad, px = fc.rect, fc.pad, fc.text_px
    pygame.draw.rect(surface, theme.color("panel"), r, border_radius=10)
    scene_record.cover(surface, r)
    pygame.draw.rect(surface, theme.color("accent"), r, width=2, border_radius=10)
    draw_text(surface, fc.title, (r.x + pad, r.y + pad), fc.title_px,
              theme.color("accent"), bold=True, max_width=r.width - 2 * pad)
    _path(fc, surface)
    _list(fc, surface)
    if fc.recent:
        _recent(fc, surface)
    draw_text(surface, "File name" if fc.mode == "save" else "Open file",
              fc.field_label_pos, px, theme.color("text_dim"), anchor="midleft")
    fc.field.draw(surface)
    if fc.error:
        draw_text(surface, fc.error, (r.x + pad, fc.error_y), px, theme.color("bad"),
                  bold=True, max_width=r.width - 2 * pad)
    keys = ("Enter: save · Tab: to the folder list · Esc: cancel" if fc.mode == "save"
            else "Enter: open · Backspace: folder up · Esc: cancel")
    draw_text(surface, keys, (r.x + pad, fc.buttons_y + fc.primary.rect.height // 2),
              int(px * 0.85), theme.color("text_dim"), anchor="midleft",
              max_width=fc.primary.rect.x - r.x - 2 * pad)
    for b in (fc.all_button, fc.primary, fc.cancel_button):
        b.draw(surface)
    if fc.confirm is not None:
        _prompt(fc, surface)

def _path(fc: ShownChooser, surface: pygame.Surface) -> None:
    """The folder shown, its end kept when it is too long (the end is what differs)."""
    r, px = fc.rect, fc.text_px
    room = fc.all_button.rect.x - r.x - 2 * fc.pad
    text = display_name(str(fc.listing.folder))
    f = font(px, True)
    if f.size(text)[0] > room:
        while len(text) > 1 and f.size("…" + text)[0] > room:
            text = text[max(1, len(text) // 20):]
        text = "…" + text
    draw_text(surface, text, (r.x + fc.pad, fc.all_button.rect.centery), px,
              theme.color("text"), bold=True, anchor="midleft")

def _list(fc: ShownChooser, surface: pygame.Surface) -> None:
    lr, px = fc.list_rect, fc.text_px
    pygame.draw.rect(surface, theme.color("field"), lr, border_radius=6)
    border = theme.color("field_focus") if fc.focus == "list" else theme.color("panel_border")
    pygame.draw.rect(surface, border, lr, width=1, border_radius=6)
    if len(fc.entries) <= (1 if fc.entries and fc.entries[0].is_parent else 0):
        empty = "(no saved games here)" if not fc.error else ""
        draw_text(surface, empty, (lr.centerx, lr.y + fc.row_h * 2), px,
                  theme.color("text_dim"), anchor="center")
    bar = 8 if len(fc.entries) > fc.visible_rows() else 0
    f_detail = int(px * 0.8)
    for i in range(fc.top, min(len(fc.entries), fc.top + fc.visible_rows())):
        entry = fc.entries[i]
        row = pygame.Rect(lr.x + 2, lr.y + 2 + (i - fc.top) * fc.row_h,
                          lr.width - 4 - bar, fc.row_h)
        if i == fc.selected:
            colour = theme.color("button_hover") if fc.focus != "list" else \
                theme.color("accent_dark")
            pygame.draw.rect(surface, colour, row, border_radius=4)
        detail_w = 0
        if entry.detail and row.width > 24 * px:
            detail_w = draw_text(surface, entry.detail, (row.right - 8, row.centery),
                                 f_detail, theme.color("text_dim"), anchor="midright").width
        colour = theme.color("accent") if entry.is_dir else theme.color("text")
        draw_text(surface, entry.label, (row.x + 8, row.centery), px, colour,
                  bold=entry.is_dir, anchor="midleft", max_width=row.width - detail_w - 24)
    if bar:
        _scrollbar(fc, surface, pygame.Rect(lr.right - bar - 2, lr.y + 4, bar,
                                                  lr.height - 8))

def _scrollbar(fc: ShownChooser, surface: pygame.Surface, track: pygame.Rect) -> None:
    n, shown = len(fc.entries), fc.visible_rows()
    pygame.draw.rect(surface, theme.color("button"), track, border_radius=4)
    h = max(16, track.height * shown // n)
    y = track.y + (track.height - h) * fc.top // max(1, n - shown)
    pygame.draw.rect(surface, theme.color("text_dim"), (track.x, y, track.width, h),
                     border_radius=4)

def _recent(fc: ShownChooser, surface: pygame.Surface) -> None:
    rr, px = fc.recent_rect, fc.text_px
    pygame.draw.rect(surface, theme.color("field"), rr, border_radius=6)
    border = theme.color("field_focus") if fc.focus == "recent" else \
        theme.color("panel_border")
    pygame.draw.rect(surface, border, rr, width=1, border_radius=6)
    draw_text(surface, "Recent", (rr.x + 8, rr.y + fc.row_h // 2), px,
              theme.color("text_dim"), bold=True, anchor="midleft")
    top = fc.recent_rows_top()
    for i, path in enumerate(fc.recent):
        row = pygame.Rect(rr.x + 2, top + i * fc.recent_row_h, rr.width - 4,
                          fc.recent_row_h)
        if row.bottom > rr.bottom:
            break
        if fc.focus == "recent" and i == fc.recent_selected:
            pygame.draw.rect(surface, theme.color("accent_dark"), row, border_radius=4)
        draw_text(surface, display_name(path.name), (row.x + 6, row.y + 3), px,
                  theme.color("text"), max_width=row.width - 12)
        draw_text(surface, display_name(str(path.parent)), (row.x + 6, row.bottom - 3),
                  int(px * 0.75), theme.color("text_dim"), anchor="bottomleft",
                  max_width=row.width - 12)

def _prompt(fc: ShownChooser, surface: pygame.Surface) -> None:
    pr, pad, px = fc.prompt_rect, fc.pad, fc.text_px
    surface.blit(_shade(fc.rect.size), fc.rect.topleft)
    pygame.draw.rect(surface, theme.color("panel"), pr, border_radius=8)
    pygame.draw.rect(surface, theme.color("bad"), pr, width=2, border_radius=8)
    name = display_name(fc.confirm.name if fc.confirm else "")
    draw_text(surface, f"{name} already exists.", (pr.x + pad, pr.y + pad), px,
              theme.color("text"), bold=True, max_width=pr.width - 2 * pad)
    draw_text(surface, "Replace it with this game?", (pr.x + pad, pr.y + pad + px * 2),
              px, theme.color("text_dim"), max_width=pr.width - 2 * pad)
    fc.replace_button.draw(surface)
    fc.keep_button.draw(surface)


@lru_cache(maxsize=4)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    """The translucent layer that dims what is behind a modal box (one per size: a
    window-sized alpha surface is too costly to build every frame)."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill(theme.color("overlay"))
    return shade
