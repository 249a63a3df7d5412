"""The AI's side of the play screen: which search to start, and what each answer changes.

Three kinds of search run, one at a time, through ``AiJobs``: the AI's own move, a hint for the
human, and the values pass that puts every legal move's value on the board. Their answers go
into the screen's ``Knowledge`` (tagged with the position searched); only a finished move
search of the position still on the board ever becomes a move.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.core import Move
from game.session import Seat
from game.ui.scenes.ai_jobs import Failed, Finished, Job, Purpose
from game.ui.scenes.play_setup import (
    describe_seat,
    noise_text,
    search_config,
    strongest_config,
    values_config,
)
from game.ui.text import error_line

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene

log = logging.getLogger(__name__)


class AiTurns:
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene

    # ---- starting searches --------------------------------------------------------------
    def submit(self, purpose: Purpose, config: Any = None) -> None:
        s = self.scene
        cur = s.session.current
        game_id = s.game.id
        seed = s.rng.randrange(2**31)
        noise = None
        if purpose is Purpose.MOVE:
            seat = s.session.seat_to_move()
            assert seat is not None
            config = config or search_config(game_id, seat, seed)
            title = f"{s.game.player_names[cur.current_player()]} · {describe_seat(seat)}"
            noise = noise_text(game_id, seat)
        elif purpose is Purpose.HINT:
            config = config or strongest_config(game_id, seed)
            title = "Hint"
        else:
            config = config or values_config(game_id, seed)
            title = "Move values"
        job = s.jobs.submit(purpose, cur, config, title)
        s.knowledge.start(job, noise)

    def safe_submit(self, purpose: Purpose, config: Any = None) -> None:
        """``submit``; a broken AI package becomes a message (and pauses an AI turn)."""
        s = self.scene
        try:
            self.submit(purpose, config)
        except Exception as exc:  # noqa: BLE001 - AI package problems become a message
            s.jobs.current = None
            s.paused = purpose is Purpose.MOVE or s.paused
            s.show_message(f"AI unavailable: {error_line(exc)}", True)

    def values_wanted(self) -> bool:
        """The board should show values and none are known or coming for this position."""
        s = self.scene
        if not (s.show_values and s.session.is_human_turn) or s.jobs.busy:
            return False
        if s.session.current.current_player() not in (0, 1):  # a cube decision, not a move
            return False
        report = s.knowledge.report(Purpose.VALUES)
        return report is None or (not report.finished and report.failed is None)

    def step(self, seat: Seat, now: float) -> None:
        """One frame of a decision turn: the AI searches, then plays after its pause; on a
        human's turn the values pass runs when the board should show values."""
        s = self.scene
        if seat.is_human:
            if self.values_wanted():
                self.safe_submit(Purpose.VALUES)
            return
        if s.pending is not None:
            if now >= s.ai_apply_at:
                job, move = s.pending
                s.pending = None
                self.play_reply(job, move)
        elif not s.jobs.running(Purpose.MOVE) and now >= s.ai_submit_at:
            self.safe_submit(Purpose.MOVE)

    def stale_reason(self, job: Job, move: Move) -> str | None:
        """Why the AI's ``move``, found by ``job``, must not be played now (None: play it).

        A reply is only ever played in the very position it was computed for, at a decision
        of the side whose turn it is: never after the board moved on (undo, redo, new game,
        paste, load, a roll), never at a roll or while a double waits, never if illegal.
        """
        s = self.scene
        if job.purpose is not Purpose.MOVE:
            return f"a {job.purpose.label.lower()} is not a move to play"
        if job.state.key() != s.session.current.key():
            return "the position changed since the search began"
        why_not = s.why_no_move_now()
        if why_not is not None:
            return why_not
        if move not in s.session.current.legal_moves():
            return "the move is not legal here"
        return None

    def play_reply(self, job: Job, move: Move) -> bool:
        """Play the AI's move, or drop it with a log line when ``stale_reason`` objects (the
        AI then searches the position on the board afresh)."""
        why = self.stale_reason(job, move)
        if why is not None:
            log.warning("dropped the AI's move %r from search %d: %s", move, job.id, why)
            return False
        return self.scene.play_move(move)

    def hint(self) -> None:
        """The best move for the human: the board values' best when they are known (so the
        hint and the board cannot disagree), else a search."""
        s = self.scene
        if s.knowledge.hint_from_values():
            report = s.knowledge.report(Purpose.HINT)
            assert report is not None
            s.show_message(f"Hint: {s.words.move(report, report.chosen)}  "
                           f"({s.words.value(report, report.chosen_score)}) — the best of the "
                           "board values")
            return
        self.safe_submit(Purpose.HINT)

    # ---- answers ------------------------------------------------------------------------
    def poll(self) -> None:
        s = self.scene
        for event in s.jobs.poll():
            try:
                s.knowledge.take(event)
                if isinstance(event, Finished):
                    self._finished(event.job, event.result)
                elif isinstance(event, Failed):
                    self._failed(event.job, event.message)
            except Exception as exc:  # noqa: BLE001 - a bad reply must not kill the scene
                s.app._fail("AI reply", exc)
                s.jobs.current = None
                s.paused = True

    def _failed(self, job: Job, message: str) -> None:
        self.scene.show_message(f"AI error: {message} — press Space to retry", True)
        if job.purpose is Purpose.MOVE:
            self.scene.paused = True

    def _finished(self, job: Job, r: Any) -> None:
        s = self.scene
        if not s.knowledge.is_current(job):
            return  # never act on a position no longer on the board
        if job.purpose is Purpose.MOVE:
            if r.move is None or r.move not in job.state.legal_moves():
                s.show_message(f"AI returned no legal move ({r.move!r}); paused", True)
                s.paused = True
                return
            s.pending = (job, r.move)
        elif job.purpose is Purpose.HINT and r.move is not None:
            report = s.knowledge.report(Purpose.HINT)
            value = s.words.value(report, r.score) if report is not None else ""
            s.show_message(f"Hint: {s.words.move(report, r.move) if report else r.move}"
                           f"  ({value})")
        elif job.purpose is Purpose.VALUES and not r.root_values_exact and job.config.exact:
            # An exact solver may prove the best move without valuing the others (the
            # Othello endgame): value them with the full-window search instead.
            self.safe_submit(Purpose.VALUES, replace(job.config, exact=False))
