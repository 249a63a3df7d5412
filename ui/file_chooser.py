"""The in-app file chooser for saving and opening games: a modal overlay over any scene.

Longer than most files: one dialog's state and its keys (its drawing and its folder listing
are ui.file_chooser_view and ui.file_listing).

A bare path field made players type or guess paths and overwrote files without asking. The
chooser lists the folder (".." first, then folders, then saved games), is driven by mouse or
keys (arrows, Page Up/Down, Enter, Backspace = up a folder, Tab between list, recent files and
the name field, Esc cancels), remembers recent files in the settings, and asks before
replacing a file. It has the dialog protocol the scenes already use (``layout``,
``handle_event``, ``draw``, ``closed``)::

    scene.dialog = FileChooser(app, "save", folder, "othello.kibitz.txt", on_choose, on_cancel)
    scene.dialog.layout(scene_rect)

``on_choose(path)`` gets an absolute :class:`~pathlib.Path`: for "load" an existing file, for
"save" a file in an existing folder that the player agreed to replace if it exists.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal, Protocol

import pygame

from ui.file_chooser_view import draw_chooser
from ui.file_listing import (
    Entry,
    Listing,
    expand_home,
    list_folder,
    nearest_folder,
    resolve_typed,
    with_save_suffix,
)
from ui.settings import Settings
from ui.text import display_name
from ui.text_widgets import TextField
from ui.widgets import Button, Widget

Mode = Literal["save", "load"]
Focus = Literal["list", "recent", "field"]
_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class ChooserApp(Protocol):
    """What the chooser uses of the app: the settings that keep the recent files (and the
    window, when there is one, to size itself)."""

    @property
    def settings(self) -> Settings: ...
    def save_settings(self) -> None: ...


class FileChooser(Widget):
    """A modal chooser for one file to save or open; see the module docstring for its use.

    ``start_folder`` is where it opens (a file there opens its folder; a missing folder is
    created when saving, else the nearest existing parent is shown). ``suggested_name`` fills
    the name field when saving and preselects that file when opening.
    """

    def __init__(
        self,
        app: ChooserApp,
        mode: Mode,
        start_folder: str | Path,
        suggested_name: str = "",
        on_choose: Callable[[Path], object] | None = None,
        on_cancel: Callable[[], object] | None = None,
        *,
        title: str | None = None,
        suffix: str | None = None,
    ) -> None:
        super().__init__()
        if mode not in ("save", "load"):
            raise ValueError(f"file chooser mode must be 'save' or 'load', not {mode!r}")
        self.app = app
        self.mode: Mode = mode
        self.title = title or ("Save the game" if mode == "save" else "Open a saved game")
        self.suggested_name = suggested_name
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.closed = False
        #: The files listed besides folders ("load"; None: saved games), e.g. ".py".
        self.suffix = suffix
        self.show_all = False
        self.error = ""
        self.confirm: Path | None = None  # the existing file a save would replace
        self._enter_down = False  # Enter still held from the press that opened the prompt
        self.field = TextField("", suggested_name, max_len=1000)
        self.focus: Focus = "field" if mode == "save" else "list"
        self.selected = 0
        self.top = 0  # first listing row shown
        self.recent_selected = 0
        self.recent = self._recent_paths()
        self.primary = Button("Save" if mode == "save" else "Open", self.accept, active=True)
        self.cancel_button = Button("Cancel", self.cancel)
        self.all_button = Button("All files", self.toggle_all)
        self.replace_button = Button("Replace", self._confirm_replace, active=True)
        self.keep_button = Button("Keep it", self._close_prompt)
        self.listing = Listing(Path("."), ())
        self.open_folder(self._start_folder(start_folder))
        screen = getattr(app, "screen", None)
        self.layout(screen.get_rect() if screen is not None else pygame.Rect(0, 0, 1100, 720))

    # ---- where things are -------------------------------------------------------------------
    def _start_folder(self, start: str | Path) -> Path:
        folder = Path(start)
        try:
            folder = expand_home(folder)
            if folder.is_file():
                folder = folder.parent
            if self.mode == "save" and not folder.exists():
                folder.mkdir(parents=True, exist_ok=True)  # the app's own saves folder
        except (OSError, ValueError):
            pass  # unusable: the nearest folder that exists is shown instead
        return nearest_folder(folder)

    def _recent_paths(self) -> list[Path]:
        """Recent files still worth offering: existing files to open, or folders to save in
        (none when choosing another kind of file: the recent files are games)."""
        out: list[Path] = []
        if self.suffix is not None:
            return out
        for text in getattr(self.app.settings, "recent_files", []):
            path = Path(text)
            try:
                usable = path.is_file() if self.mode == "load" else path.parent.is_dir()
            except (OSError, ValueError):
                usable = False
            if usable:
                out.append(path)
        return out

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self.listing.entries

    def open_folder(self, folder: Path) -> None:
        """Show ``folder``; going up selects the folder just left, so Enter goes back."""
        came_from = self.listing.folder
        self.listing = list_folder(folder, self.show_all, self.suffix)
        self.error = self.listing.error or ""
        self.selected, self.top = self._first_selection(came_from), 0
        entry = self.entries[self.selected] if self.entries else None
        if self.mode == "load":  # the name of a file in the folder left behind would mislead
            self.field.text = entry.path.name if entry is not None and not entry.is_dir else ""
        self._scroll_to_selected()

    def _first_selection(self, came_from: Path) -> int:
        """The row that starts selected: the folder just left (going up), else the suggested
        file, else (opening) the first saved game, else the first row after ".."."""
        rows = [e for e in self.entries if not e.is_parent]
        wanted = [e for e in rows if e.path == came_from]
        wanted += [e for e in rows if not e.is_dir and e.path.name == self.suggested_name]
        if self.mode == "load":
            wanted += [e for e in rows if not e.is_dir]
        wanted += rows
        return self.entries.index(wanted[0]) if wanted else 0

    def toggle_all(self) -> None:
        self.show_all = not self.show_all
        self.all_button.active = self.show_all
        keep = self.entries[self.selected].path if self.entries else None
        self.listing = list_folder(self.listing.folder, self.show_all, self.suffix)
        self.error = self.listing.error or ""
        paths = [e.path for e in self.entries]
        self.selected = paths.index(keep) if keep in paths else 0
        self._scroll_to_selected()

    # ---- choosing ---------------------------------------------------------------------------
    def activate_entry(self, index: int) -> None:
        """Enter or double-click on a row: a folder opens, a file is chosen."""
        if not 0 <= index < len(self.entries):
            return
        entry = self.entries[index]
        if entry.is_dir:
            self.open_folder(entry.path)
        else:
            self.field.text = entry.path.name
            self._choose_path(entry.path)

    def activate_recent(self, index: int) -> None:
        if not 0 <= index < len(self.recent):
            return
        path = self.recent[index]
        if self.mode == "load":
            self._choose_path(path)
            return
        self.open_folder(path.parent)  # saving: go there with the name ready; Save asks first
        self.field.text = path.name
        self._set_focus("field")

    def accept(self) -> None:
        """The Save/Open button or Enter in the name field: act on the typed name."""
        typed = self.field.text.strip()
        if not typed:
            if self.mode == "load" and self.entries and not self.entries[self.selected].is_dir:
                self._choose_path(self.entries[self.selected].path)
                return
            self.error = "Type a file name" if self.mode == "save" else "Choose a file to open"
            return
        try:
            path = resolve_typed(self.listing.folder, typed)
        except ValueError as exc:
            self.error = f"Cannot use {display_name(typed)}: {exc}"
            return
        try:
            if path.is_dir():
                self.open_folder(path)
                self.field.text = self.suggested_name if self.mode == "save" else ""
                return
        except OSError as exc:
            self.error = f"Cannot use {display_name(typed)}: {exc.strerror or exc}"
            return
        self._choose_path(with_save_suffix(path) if self.mode == "save" else path)

    def _choose_path(self, path: Path) -> None:
        path = path.absolute()
        name = display_name(path.name)
        try:
            if self.mode == "load":
                if not path.is_file():
                    self.error = f"No file named {name} here"
                    return
            elif not path.parent.is_dir():
                self.error = f"No folder {display_name(str(path.parent))}"
                return
            elif path.is_dir():
                self.open_folder(path)
                return
            elif path.exists() and self.confirm is None:
                self.confirm = path
                return
        except OSError as exc:
            self.error = f"Cannot use {name}: {exc.strerror or exc}"
            return
        self._finish(path)

    @property
    def front_layer(self) -> Path | None:
        """The "Replace?" prompt while it is open (a layer in front of the chooser, whose Y or
        N must not also type into the name field: see ``ui.key_text``)."""
        return self.confirm

    def _confirm_replace(self) -> None:
        if self.confirm is not None:
            self._finish(self.confirm)

    def _close_prompt(self) -> None:
        self.confirm = None

    def _finish(self, path: Path) -> None:
        self.closed = True
        self.confirm = None
        if self.suffix is None:
            self.app.settings.remember_recent(path)
            self.app.save_settings()
        if self.on_choose:
            self.on_choose(path)

    def cancel(self) -> None:
        self.closed = True
        if self.on_cancel:
            self.on_cancel()

    # ---- input ------------------------------------------------------------------------------
    def _set_focus(self, focus: Focus) -> None:
        if focus == "recent" and not self.recent:
            focus = "list"
        self.focus = focus
        self.field.focused = focus == "field"

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Modal: every key and click is taken, so nothing reaches the scene underneath."""
        if self.closed:
            return False
        if event.type == pygame.KEYUP and event.key in _ENTER:
            self._enter_down = False
        elif self.confirm is not None:
            self._prompt_event(event)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.TEXTINPUT:
            self._set_focus("field")
            self.field.handle_event(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._click(event)
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll(-3 * event.y)
        return True

    def _prompt_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (*_ENTER, pygame.K_y) and not self._enter_down:
                self._confirm_replace()
            elif event.key in (pygame.K_ESCAPE, pygame.K_n):
                self._close_prompt()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            for b in (self.replace_button, self.keep_button):
                if b.handle_event(event):
                    return

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_ESCAPE:
            self.cancel()
        elif k in _ENTER:
            self._enter_down = True
            if self.focus == "list":
                self.activate_entry(self.selected)
            elif self.focus == "recent":
                self.activate_recent(self.recent_selected)
            else:
                self.accept()
        elif k == pygame.K_TAB:
            order: list[Focus] = ["field", "list", "recent"] if self.recent else ["field", "list"]
            step = -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
            self._set_focus(order[(order.index(self.focus) + step) % len(order)])
        elif k in _MOVES:
            self._move(_MOVES[k])
        elif self.focus != "field" and k in (pygame.K_HOME, pygame.K_END):
            self._move(-10**9 if k == pygame.K_HOME else 10**9)
        elif self.focus == "list" and k == pygame.K_BACKSPACE:
            if self.entries and self.entries[0].is_parent:
                self.open_folder(self.entries[0].path)
        else:
            self._set_focus("field")
            self.field.handle_event(event)
            if self.field.refusal:
                self.error = f"Cannot paste: {self.field.refusal}"

    def _move(self, delta: int) -> None:
        if self.focus == "recent":
            if self.recent:
                self.recent_selected = max(0, min(len(self.recent) - 1,
                                                  self.recent_selected + delta))
            return
        self._set_focus("list")
        if not self.entries:
            return
        if abs(delta) == _PAGE:
            delta = (self.visible_rows() - 1) * (1 if delta > 0 else -1)
        self.selected = max(0, min(len(self.entries) - 1, self.selected + delta))
        entry = self.entries[self.selected]
        if not entry.is_dir:
            self.field.text = entry.path.name
        self._scroll_to_selected()

    def _click(self, event: pygame.event.Event) -> None:
        buttons = (self.primary, self.cancel_button, self.all_button)
        if any(b.handle_event(event) for b in buttons):
            return
        if self.field.rect.collidepoint(event.pos):
            self._set_focus("field")
            self.field.handle_event(event)
            return
        row = self.row_at(event.pos)
        if row is not None:
            again = self.focus == "list" and row == self.selected
            self._set_focus("list")
            self.selected = row
            entry = self.entries[row]
            if entry.is_dir or again:  # a folder opens on one click; a file on its second
                self.activate_entry(row)
            else:
                self.field.text = entry.path.name
            return
        index = self.recent_at(event.pos)
        if index is not None:
            self.recent_selected = index
            self._set_focus("recent")
            self.activate_recent(index)

    # ---- geometry ---------------------------------------------------------------------------
    def layout(self, screen: pygame.Rect) -> None:
        self.screen = screen
        w = min(screen.width - 24, max(560, int(screen.width * 0.74)))
        h = min(screen.height - 24, max(400, int(screen.height * 0.84)))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = screen.center
        self.pad = pad = max(10, h // 40)
        self.text_px = max(12, min(22, h // 30))
        self.row_h = int(self.text_px * 1.7)
        self.recent_row_h = int(self.text_px * 2.6)  # the name, and below it its folder
        self.title_px = int(self.text_px * 1.35)
        bar_h = int(self.text_px * 2.2)
        r = self.rect
        self.path_y = r.y + pad + int(self.title_px * 1.5)
        bw = max(90, w // 7)
        self.all_button.rect = pygame.Rect(r.right - pad - bw, self.path_y, bw, bar_h)
        body_top = self.path_y + bar_h + pad // 2
        self.buttons_y = r.bottom - pad - bar_h
        self.error_y = self.buttons_y - pad // 2 - self.text_px - 4
        field_y = self.error_y - pad // 2 - bar_h
        body = pygame.Rect(r.x + pad, body_top, w - 2 * pad, field_y - pad - body_top)
        side = int(body.width * 0.3) if self.recent else 0
        self.recent_rect = pygame.Rect(body.x, body.y, side, body.height)
        self.list_rect = pygame.Rect(body.x + side + (pad if side else 0), body.y,
                                     body.width - side - (pad if side else 0), body.height)
        label_w = int(self.text_px * 6)
        self.field_label_pos = (r.x + pad, field_y + bar_h // 2)
        self.field.rect = pygame.Rect(r.x + pad + label_w, field_y, w - 2 * pad - label_w, bar_h)
        self.cancel_button.rect = pygame.Rect(r.right - pad - bw, self.buttons_y, bw, bar_h)
        self.primary.rect = self.cancel_button.rect.move(-(bw + pad), 0)
        pw, ph = min(w - 2 * pad, max(420, w // 2)), bar_h * 4
        self.prompt_rect = pygame.Rect(0, 0, pw, ph)
        self.prompt_rect.center = r.center
        self.keep_button.rect = pygame.Rect(self.prompt_rect.right - pad - bw,
                                            self.prompt_rect.bottom - pad - bar_h, bw, bar_h)
        self.replace_button.rect = self.keep_button.rect.move(-(bw + pad), 0)
        for b in (self.primary, self.cancel_button, self.all_button, self.replace_button,
                  self.keep_button):
            b.text_size = int(self.text_px * 0.95)
        self.field.focused = self.focus == "field"
        self._scroll_to_selected()

    def visible_rows(self) -> int:
        return max(1, (self.list_rect.height - 4) // self.row_h)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        row = self.top + (pos[1] - self.list_rect.y - 2) // self.row_h
        return row if 0 <= row < len(self.entries) else None

    def recent_at(self, pos: tuple[int, int]) -> int | None:
        if not self.recent or not self.recent_rect.collidepoint(pos):
            return None
        index = (pos[1] - self.recent_rows_top()) // self.recent_row_h
        return index if 0 <= index < len(self.recent) else None

    def recent_rows_top(self) -> int:
        return self.recent_rect.y + self.row_h

    def _scroll(self, rows: int) -> None:
        most = max(0, len(self.entries) - self.visible_rows())
        self.top = max(0, min(most, self.top + rows))

    def _scroll_to_selected(self) -> None:
        if not hasattr(self, "list_rect"):
            return
        n = self.visible_rows()
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + n:
            self.top = self.selected - n + 1
        self._scroll(0)

    # ---- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_chooser(self, surface)


_PAGE = 1_000_000  # a marker delta: one page, resolved against the rows shown
_MOVES = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -_PAGE, pygame.K_PAGEDOWN: _PAGE}
