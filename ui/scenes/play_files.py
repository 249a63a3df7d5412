"""The play screen's files and clipboard: save, load, copy and paste a position or a game.

Every failure (a missing or corrupt file, a malformed pasted position) becomes a one-line
message and keeps the game on the board. A paste is read before anything is asked: text that
is no position leaves the game alone without a question, and a position of another game is
recognised as that game's (and opens on its own screen).

A game's analysis (game.review) travels with it: a save made while the screen has one carries
it, and a loaded save that carries one keeps it, so the review opens without searching again.
The analysis is kept with the moves it is about and dropped the moment the game on screen
stops beginning with them (a new game, a load, an undo past them).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Protocol, runtime_checkable

from game import savefile
from game.core import Move, error_line
from game.registry import playable_kits
from game.review import GameReview
from game.session import FORMAT_NAME, Session
from play.review import covers
from play.setup import default_save_path, load_game_file
from ui import widgets
from ui.file_chooser import ChooserApp, FileChooser
from ui.scenes.common import Dialog
from ui.text_widgets import TextDialog


class FilesScreen(Protocol):
    """What the files use of the screen they serve (the play screen, the review screen)."""

    @property
    def app(self) -> ChooserApp: ...
    @property
    def session(self) -> Session: ...
    def show_message(self, text: str, error: bool = False) -> None: ...
    def open_dialog(self, dialog: Dialog) -> None: ...
    def ask(self, question: str, action: Callable[[], object]) -> None: ...


@runtime_checkable
class LoadsGames(Protocol):
    """A screen a loaded game can replace the session of (the play screen)."""

    def replace_session(self, session: Session, message: str,
                        review: GameReview | None = None) -> None: ...


class GameFiles:
    def __init__(self, scene: FilesScreen) -> None:
        """``scene``: the play screen, or any screen with what ``FilesScreen`` names (and
        ``replace_session``, ``LoadsGames``, to load)."""
        self.scene = scene
        self._review: GameReview | None = None
        self._reviewed: tuple[Hashable, tuple[Move, ...]] = (None, ())

    # ---- the game's analysis ---------------------------------------------------------------
    def keep_review(self, session: Session, review: GameReview | None) -> None:
        """Remember ``review`` as the analysis of ``session``'s game (None forgets it)."""
        if review is None or not covers(session, review):
            self._review, self._reviewed = None, (None, ())
            return
        self._review = review
        self._reviewed = (session.start.key(), session.moves[:review.moves])

    def review(self) -> GameReview | None:
        """The analysis of the game on screen, while the game still begins with the moves it
        is about."""
        review, session = self._review, self.scene.session
        if review is None or not covers(session, review):
            return None
        start, moves = self._reviewed
        if start != session.start.key() or session.moves[:review.moves] != moves:
            return None
        return review

    def open_save_dialog(self) -> None:
        """Choose where to save in the file chooser (it asks before replacing a file)."""
        default = default_save_path(self.scene.session.kit)
        self.scene.open_dialog(FileChooser(self.scene.app, "save", default.parent, default.name,
                                           self.save_to))

    def save_to(self, path: Path) -> bool:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            review = self.review()
            savefile.save_file(self.scene.session, path, review)
        except (OSError, ValueError) as exc:
            self.scene.show_message(f"Cannot save: {error_line(exc)}", True)
            return False
        with_review = " with its analysis" if review is not None else ""
        self.scene.show_message(f"Saved to {path}{with_review}")
        return True

    def open_load_dialog(self) -> None:
        """Choose a saved game in the file chooser; the caller has asked first if a game is in
        progress."""
        folder = default_save_path(self.scene.session.kit).parent
        self.scene.open_dialog(FileChooser(self.scene.app, "load", folder, "", self.load_file))

    def load_file(self, path: str | Path) -> bool:
        """Load a saved game; anything wrong keeps the current game and says why."""
        try:
            session, review = load_game_file(path)
        except (ValueError, OSError) as exc:
            self.scene.show_message(f"Cannot load: {error_line(exc)}", True)
            return False
        note = " with its analysis (E shows it)" if review is not None else ""
        self._replace(session, review, f"Loaded {Path(str(path)).name}{note}")
        return True

    def _replace(self, session: Session, review: GameReview | None, message: str) -> None:
        """Play ``session`` with its analysis, on this screen or on the new one the game
        needs. Only the play screen loads (the review screen saves, and keeps its analysis)."""
        if not isinstance(self.scene, LoadsGames):
            raise TypeError("only the play screen loads a game")
        self.scene.replace_session(session, message, review)

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
        refusal = widgets.paste_refusal(text or "")
        if refusal:
            self.scene.show_message(f"Cannot paste: {refusal}", True)
        elif text:
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
        if len(text) > savefile.MAX_SAVE_CHARS:  # every game's reader would try it in turn
            self.scene.show_message(f"Cannot paste: the text is longer than "
                                    f"{savefile.MAX_SAVE_CHARS:,} characters", True)
            return False
        try:
            session, review, note = self._read(text)
        except ValueError as exc:
            self.scene.show_message(f"Cannot paste: {error_line(exc, 'malformed position')}",
                                    True)
            return False
        self.scene.ask("Replace this game with the pasted position?",
                       lambda: self._replace(session, review, note))
        return True

    def _read(self, text: str) -> tuple[Session, GameReview | None, str]:
        """The session the text describes (a pasted save: with its analysis) and what to say
        about it; a ValueError with this game's reason when no game reads it."""
        if text.startswith(FORMAT_NAME):
            return (*savefile.load_review(text), "Position pasted")
        current = self.scene.session
        try:
            return Session.from_position(current.kit, text, current.seats,
                                         self.scene.session.fresh_stakes(),
                                         dict(current.options)), None, "Position pasted"
        except ValueError as own_reason:
            for kit in playable_kits():
                if kit.id == current.game_id:
                    continue
                try:
                    other = Session.from_position(kit, text, current.seats, None, {})
                except ValueError:
                    continue
                return other, None, f"{kit.title} position pasted"
            raise own_reason from None
