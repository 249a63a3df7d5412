"""The play screen's files and clipboard: save, load, copy and paste a position or a game.

Every failure (a missing or corrupt file, a malformed pasted position) becomes a one-line
message and keeps the game on the board.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game import session as session_mod
from game.session import Session
from game.ui import widgets
from game.ui.file_chooser import FileChooser
from game.ui.scenes.play_setup import default_save_path, load_session_file
from game.ui.text import error_line

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene


class GameFiles:
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene

    def open_save_dialog(self) -> None:
        """Choose where to save in the file chooser (it asks before replacing a file)."""
        default = default_save_path(self.scene.game.id)
        self.scene.open_dialog(FileChooser(self.scene.app, "save", default.parent, default.name,
                                           self.save_to))

    def save_to(self, path: Path) -> bool:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            session_mod.save_file(self.scene.session, path)
        except (OSError, ValueError) as exc:
            self.scene.show_message(f"Cannot save: {error_line(exc)}", True)
            return False
        self.scene.show_message(f"Saved to {path}")
        return True

    def open_load_dialog(self) -> None:
        """Choose a saved game in the file chooser; the caller has asked first if a game is in
        progress."""
        folder = default_save_path(self.scene.game.id).parent
        self.scene.open_dialog(FileChooser(self.scene.app, "load", folder, "", self.load_file))

    def load_file(self, path: str | Path) -> bool:
        """Load a saved game; anything wrong keeps the current game and says why."""
        try:
            session = load_session_file(path)
        except (ValueError, OSError) as exc:
            self.scene.show_message(f"Cannot load: {error_line(exc)}", True)
            return False
        self.scene.replace_session(session, f"Loaded {Path(str(path)).name}")
        return True

    def copy_position(self) -> None:
        text = self.scene.session.position_text()
        if widgets.clipboard_put(text):
            self.scene.show_message(f"Copied: {text}")
        else:
            self.scene.open_text_dialog("Copy the position",
                                        "No clipboard here — copy this text:", text,
                                        lambda _t: None)

    def paste_position(self) -> None:
        text = widgets.clipboard_get()
        if text:
            self.set_position_text(text)
        else:
            prompt = f"{self.scene.game.name} position in notation:"
            self.scene.open_text_dialog("Paste a position", prompt, "", self.set_position_text)

    def set_position_text(self, text: str) -> bool:
        """Start from a pasted position (or a whole pasted saved game); errors become a message."""
        text = text.strip()
        if not text:
            return False
        try:
            if text.startswith(session_mod.FORMAT_NAME):
                session = session_mod.load(text)
            else:
                session = Session.from_position(self.scene.game.id, text,
                                                self.scene.session.seats,
                                                self.scene.fresh_cube(),
                                                dict(self.scene.session.options))
        except ValueError as exc:
            first = error_line(exc, "malformed position")
            self.scene.show_message(f"Cannot paste: {first}", True)
            return False
        except Exception as exc:  # noqa: BLE001 - rules bugs on odd text must not crash
            self.scene.show_message(f"Cannot paste: {type(exc).__name__}: {exc}", True)
            return False
        self.scene.replace_session(session, "Position pasted")
        return True
