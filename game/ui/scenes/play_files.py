"""The play screen's files and clipboard: save, load, copy and paste a position or a game.

Every failure (a missing or corrupt file, a malformed pasted position) becomes a one-line
message and keeps the game on the board. A paste is read before anything is asked: text that
is no position leaves the game alone without a question, and a position of another game is
recognised as that game's (and opens on its own screen).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game import savefile
from game.core import error_line
from game.registry import playable_kits
from game.session import FORMAT_NAME, Session
from game.ui import widgets
from game.ui.file_chooser import FileChooser
from game.ui.text_widgets import TextDialog
from play.setup import default_save_path, load_session_file

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene


class GameFiles:
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene

    def open_save_dialog(self) -> None:
        """Choose where to save in the file chooser (it asks before replacing a file)."""
        default = default_save_path(self.scene.session.game_id)
        self.scene.open_dialog(FileChooser(self.scene.app, "save", default.parent, default.name,
                                           self.save_to))

    def save_to(self, path: Path) -> bool:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            savefile.save_file(self.scene.session, path)
        except (OSError, ValueError) as exc:
            self.scene.show_message(f"Cannot save: {error_line(exc)}", True)
            return False
        self.scene.show_message(f"Saved to {path}")
        return True

    def open_load_dialog(self) -> None:
        """Choose a saved game in the file chooser; the caller has asked first if a game is in
        progress."""
        folder = default_save_path(self.scene.session.game_id).parent
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
            self.scene.open_dialog(TextDialog(
                "Copy the position", "No clipboard here — copy this text:", text,
                lambda _t: None))

    def paste(self) -> None:
        """The clipboard's position or game: read first, then (if a game would be lost)
        asked; with no clipboard, a dialog to type it in."""
        text = widgets.clipboard_get()
        if text:
            self.set_position_text(text)
        else:
            prompt = f"{self.scene.session.game.name} position in notation:"
            self.scene.open_dialog(TextDialog("Paste a position", prompt, "",
                                                      self.set_position_text))

    def set_position_text(self, text: str) -> bool:
        """Start from a pasted position (or a whole pasted saved game) after asking, if the
        text is one; errors become a message and nothing is asked."""
        text = text.strip()
        if not text:
            return False
        try:
            session, note = self._read(text)
        except ValueError as exc:
            self.scene.show_message(f"Cannot paste: {error_line(exc, 'malformed position')}",
                                    True)
            return False
        self.scene.ask("Replace this game with the pasted position?",
                       lambda: self.scene.replace_session(session, note))
        return True

    def _read(self, text: str) -> tuple[Session, str]:
        """The session the text describes and what to say about it; a ValueError with this
        game's reason when no game reads it."""
        if text.startswith(FORMAT_NAME):
            return savefile.load(text), "Position pasted"
        current = self.scene.session
        try:
            return Session.from_position(current.game_id, text, current.seats,
                                         self.scene.match.fresh_stakes(),
                                         dict(current.options)), "Position pasted"
        except ValueError as own_reason:
            for kit in playable_kits():
                if kit.id == current.game_id:
                    continue
                try:
                    other = Session.from_position(kit.id, text, current.seats, None, {})
                except ValueError:
                    continue
                return other, f"{kit.title} position pasted"
            raise own_reason from None
