"""Going back and forth in a match: undo, redo, and the same match again from the start.

``MatchHistory`` holds the rules of these commands (a human's undo goes back to their own last
move; between two AIs, one decision, and the match pauses so it does not play on at once); it
moves the session and tells its match through ``HistoryHost``, never setting its fields.
"""

from __future__ import annotations

from typing import Protocol

from game.session import Session


class HistoryHost(Protocol):
    """What the history commands ask of their match (the controller is one)."""

    @property
    def session(self) -> Session: ...
    def notice(self, text: str, error: bool = False) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    def stop(self) -> None: ...
    def set_session(self, session: Session, own_position: bool = False) -> None: ...
    def position_changed(self, animate: bool = True) -> None: ...


class MatchHistory:
    """The match's undo, redo and new game."""

    def __init__(self, host: HistoryHost) -> None:
        self.host = host

    def undo(self) -> None:
        host = self.host
        host.stop()
        s = host.session
        if not s.can_undo:
            host.notice("Nothing to undo")
            return
        if any(seat.is_human for seat in s.seats):
            if s.undo_to_human() == 0:
                host.notice("Nothing of yours to undo yet")
                return
        else:
            s.undo_decision()
            host.pause()
            host.notice("Undone; paused — Space resumes")
        host.position_changed(animate=False)

    def redo(self) -> None:
        host = self.host
        host.stop()
        s = host.session
        if not s.can_redo:
            host.notice("Nothing to redo")
            return
        s.redo_to_human()
        if all(not seat.is_human for seat in s.seats):
            host.pause()
        host.position_changed(animate=False)

    def new_game(self, options: dict[str, object]) -> bool:
        """The same match again from the start (``options``: the new game's, e.g. heaps)."""
        host = self.host
        s = host.session
        try:
            fresh = Session(s.kit, s.options | options, s.seats, stakes=s.fresh_stakes())
        except ValueError as exc:
            host.notice(str(exc), True)
            return False
        host.resume()
        host.set_session(fresh)
        host.notice("New game")
        return True
