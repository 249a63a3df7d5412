"""One match in progress, without pygame: the session, whose turn it is, the AI's jobs and what
the AI knows about the position shown.

The play screen draws a ``MatchController`` and turns clicks and keys into its commands; the
controller answers with events (play.events) the screen drains once a frame. Every change of
position goes through ``position_changed``, which cancels a search of another position and
clears what was known about it, so the AI can never play, and the screen never show, a move
computed for a position that is no longer on the board. Game-specific turns beside the moves
(backgammon's cube decisions) come from the game's kit as a ``StakesTurns``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from game.core import CHANCE, IllegalMoveError, Move, error_line
from game.session import Session
from play.events import MatchEvent, MovePlayed, Notice, PositionShown
from play.history import MatchHistory
from play.jobs import SEARCH_FRAME_S, JobRunner, Purpose
from play.kit import game_play
from play.match_ai import MatchAI
from play.ponder import Verdict
from play.program_seat import ProgramSeats
from play.schedule import Schedule
from play.turns import Pace, StakesTurns

log = logging.getLogger(__name__)


class MatchController:
    """The match and the AI around it; ``clock`` gives the screen's time in seconds.

    Its parts: ``schedule`` (when the roll, the AI's search and its move are due), ``ai``
    (the AI's searches, what they found, pondering) and ``history`` (undo, redo, new game).
    """

    def __init__(self, session: Session, jobs: JobRunner, clock: Callable[[], float],
                 pace: Callable[[], Pace], seed: int | None = None,
                 own_position: bool = False, show_values: bool = False) -> None:
        self.jobs = jobs
        self.clock = clock
        self.pace = pace
        self.schedule = Schedule(clock, pace)
        self.session = session
        self.ai = MatchAI(self, jobs, clock, seed)
        self.knowledge = self.ai.knowledge
        self.ponder = self.ai.ponder
        self.history = MatchHistory(self)
        #: The seats played by programs outside Kibitz (play.program_seat).
        self.programs = ProgramSeats(clock)
        self._paused = False
        self._show_values = show_values
        self._events: list[MatchEvent] = []
        self._over_announced = False
        self.stakes_turns: StakesTurns | None = None
        self._stakes_game = ""
        self.set_session(session, own_position)

    # ---- the session ------------------------------------------------------------------------
    def set_session(self, session: Session, own_position: bool = False) -> None:
        """Play ``session`` from now on (a new game, or one loaded or pasted)."""
        self.ai.new_session()
        self.programs.close(forget=True)
        self.session = session
        #: The game began from a position the player brought: leaving it asks first.
        self.own_position = own_position
        if self._stakes_game != session.game_id:
            # One per screen's game: it keeps the money score over the games played here.
            make = game_play(session.kit).stakes_turns
            self.stakes_turns = make(self) if make is not None else None
            self._stakes_game = session.game_id
        self.position_changed(animate=False)

    def position_changed(self, animate: bool = True, verdict: Verdict | None = None) -> None:
        """Everything that must happen whenever the shown position (or its stakes) changes;
        ``verdict``: the human's move judged against the AI's ponder guess."""
        self.ai.position_shown(verdict)
        self.programs.position_shown()
        if self.stakes_turns is not None:
            self.stakes_turns.record_result()
        both_ai = all(not s.is_human for s in self.session.seats)
        self.schedule.position_shown(animate, both_ai)
        self._over_announced = False
        self._events.append(PositionShown(animate))
        if verdict is not None:  # hit or miss, a message: the panel's line lasted 0.5 s
            self.notice(verdict.text)
            if verdict.hit:
                self.ai.ponder_hit(verdict)

    def notice(self, text: str, error: bool = False) -> None:
        self._events.append(Notice(text, error))

    def drain(self) -> list[MatchEvent]:
        """The events since the last call, oldest first."""
        events, self._events = self._events, []
        return events

    @property
    def in_progress(self) -> bool:
        """A game someone would mind losing, not over: a move played (dice are not moves), or
        a position the player brought, even before its first move."""
        if self.session.is_over:
            return False
        return self.own_position or any(
            state.current_player() in (0, 1) for state, _ in self.session.history_since(0))

    # ---- whose turn ---------------------------------------------------------------------------
    def deciding_side(self) -> int | None:
        """The side whose decision the game waits for (a move, or a stakes decision before
        the roll), None while dice roll by themselves or after the end."""
        player = self.session.current.current_player()
        if player in (0, 1) and not self.session.is_over:
            return player
        return self.stakes_turns.deciding_side() if self.stakes_turns is not None else None

    def ai_to_move(self) -> bool:
        seat = self.session.seat_to_move()
        return seat is not None and not seat.is_human and not self._paused

    # ---- the switches -------------------------------------------------------------------------
    @property
    def paused(self) -> bool:
        """The match waits for the player (AI against AI paused, or an AI that failed)."""
        return self._paused

    def pause(self) -> None:
        self._paused = True

    def resume(self) -> None:
        self._paused = False

    def toggle_pause(self) -> None:
        """Space: pause, or resume with the AI's search at once."""
        self._paused = not self._paused
        if not self._paused:
            self.schedule.search_now()

    @property
    def show_values(self) -> bool:
        """The board should show every legal move's value (the values pass runs)."""
        return self._show_values

    def set_show_values(self, on: bool) -> None:
        self._show_values = on

    # ---- commands -----------------------------------------------------------------------------
    def play_move(self, move: Move, by_ai: bool = False) -> bool:
        """Play a move on the board; one that is not legal now is refused with a notice."""
        state = self.session.current
        try:
            why_not = self.session.why_no_move()
            if why_not is not None:
                raise IllegalMoveError(f"no move is due now: {why_not}")
            if move not in state.legal_moves():
                raise IllegalMoveError(self.session.format_move_text(state, move))
            self.session.play(move)
        except ValueError as exc:
            log.warning("refused move %r: %s", move, exc)
            self.notice(f"Illegal move: {error_line(exc)}", True)
            return False
        self._events.append(MovePlayed(move, by_ai))
        verdict = None if by_ai else self.ponder.judge(state, move, self.session.current)
        self.position_changed(verdict=verdict)
        return True

    def roll_dice(self) -> None:
        self.session.roll(self.ai.rng)
        self.position_changed()

    def roll_now(self) -> None:
        """A human on roll chose not to double: the dice roll now."""
        self.schedule.hurry_roll(0.0)
        self.roll_dice()

    def move_now(self) -> None:
        """Cut the AI's turn short: stop its search and play the best move found so far, or
        skip the AI-vs-AI pause (which comes before the search) and search at once."""
        if not self.ai_to_move():
            self.notice("It is not the AI's turn")
            return
        if self.jobs.running(Purpose.MOVE):
            self.jobs.hurry()  # the job still ends with its final reply and best move
        if self.stakes_turns is not None:
            self.stakes_turns.hurry()  # e.g. a double waiting for the AI's answer
        self.schedule.ai_now()

    def stop(self) -> None:
        """The screen goes away: no search keeps running for it, no program stays open."""
        self.jobs.cancel()
        self.programs.close()

    # ---- per frame ----------------------------------------------------------------------------
    def step(self, now: float) -> None:
        """One frame: take the AI's answers, then roll, search or play whatever is due."""
        self.ai.take_answers()
        self._take_program_answer()
        s = self.session
        if s.is_over:  # the last move, or a dropped double
            if not self._over_announced:
                self._over_announced = True
                self.jobs.cancel()
                self.programs.close()
            return
        if self._paused or (self.stakes_turns is not None and self.stakes_turns.step(now)):
            return
        if s.current.current_player() == CHANCE:
            if self.schedule.due(now, "roll"):
                self.roll_dice()
            return
        seat = s.seat_to_move()
        if seat is None:
            return
        if seat.is_human:
            self.ai.human_thinks()
        elif seat.is_program:
            self._program_turn(now)
        elif self.ai.pending is not None:
            if self.schedule.due(now, "move"):
                self.ai.play_pending()
        elif self.jobs.running(Purpose.MOVE):
            self.ponder.hurry_if_due(now, self.jobs)
        elif self.schedule.due(now, "search"):
            self.ai.submit(Purpose.MOVE)

    def _program_turn(self, now: float) -> None:
        """A program's turn: its answer played once its pause is over, else it is asked."""
        pending = self.programs.pending
        if pending is None:
            side = self.deciding_side()
            if side is not None:
                self.programs.ask(self.session, side)
        elif self.schedule.due(now, "move"):
            side, move, answer = pending
            self.programs.pending = None
            if self.play_move(move, by_ai=True):
                self.programs.played(side, answer)

    def _take_program_answer(self) -> None:
        """A program's forfeit ends the game: its side loses, the note says why and when."""
        forfeit = self.programs.take(self.session)
        if forfeit is None:
            return
        side, reason = forfeit
        number = 1 + sum(1 for state, _ in self.session.history_since(0)
                         if state.current_player() in (0, 1))
        self.session.forfeit_game(side, f"forfeit: {reason} at move {number}")
        self.position_changed(animate=False)  # the end shown first: its notice comes after
        log_path = self.programs.log_path(side)
        self.notice(f"{self.session.game.player_names[side]} forfeits: {reason}"
                    + (f" — its log: {log_path}" if log_path else ""), True)

    def wake_in(self, now: float) -> float | None:
        """Seconds until the match needs a frame though nothing happens (0: every frame;
        None: nothing is due)."""
        if self.knowledge.belief.pending:
            return 0.0  # a belief on its way or not yet shown (play.loader)
        if self.jobs.busy or self.programs.busy():
            return SEARCH_FRAME_S  # its live figures, a program's answer
        if self._paused or self.session.is_over:
            return None
        wake = self.stakes_turns.wake_at() if self.stakes_turns is not None else None
        if wake is not None:
            return None if wake == float("inf") else max(0.0, wake - now)
        if self.session.current.current_player() == CHANCE:
            return self.schedule.wait(now, "roll")
        if self.ai_to_move():
            waiting = self.ai.pending or self.programs.pending
            return self.schedule.wait(now, "move" if waiting else "search")
        if self.ai.values_wanted():
            return 0.0
        if self.session.is_human_turn and self.ponder.due(self.session.current):
            return 0.0  # the worker is free: the AI ponders its next turn
        return None
