"""A game's review on screen, without pygame: the analysis job, its progress, the review it
returns, the decision selected, and the engine's line being stepped on the board.

The analysis runs in the search worker (``ai.review.analysis.ReviewTask``: the game
travels as its save text, so nothing the worker does can touch the session on screen) through
the same JobRunner as the play screen's searches; the screen polls once a frame. Kept apart
from the screen so the tests drive a whole review headless, and so the one rule that matters
(the board shows the position before the selected move, with the move played and the better
one) is decided in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeGuard

from ai.kit import game_ai, get_level
from ai.review.analysis import ReviewSettings, ReviewTask, decisions
from ai.worker import Failed, Finished, Progressed
from game.core import Move, State
from game.kit import GameKit
from game.review import NO_ERROR, GameReview, ReviewRow
from game.seat import Seat
from game.session import Session
from game.stakes import Stakes
from play.events import Notice
from play.jobs import JobRunner, Purpose, failure_text

#: The depths and times per move the user may step through (+ / -).
DEPTHS = range(1, 31)
TIMES_S = (0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
#: Seconds between the moves of a line stepped by the timer.
LINE_STEP_S = 1.0
#: The level the AI plays at when the reviewed game had no AI seat with a level.
PLAY_ON_LEVEL = "Master"


def default_settings(kit: GameKit) -> ReviewSettings:
    """The game's own review search (its ReviewScale): a sensible depth for each game."""
    return ReviewSettings().resolved(game_ai(kit).review)


def settings_of(review: GameReview, kit: GameKit) -> ReviewSettings:
    """The search a review was made with, to analyse again from (a damaged value, or a
    level the game does not have: the game's default, rather than a failure in the worker
    when A is pressed)."""
    try:
        settings = ReviewSettings.from_dict(review.settings)
        if settings.level is not None:
            get_level(kit, settings.level)
        return settings.resolved(game_ai(kit).review)
    except (TypeError, ValueError, AttributeError):
        return default_settings(kit)


def stepped(settings: ReviewSettings, direction: int) -> ReviewSettings | None:
    """One step deeper (+1) or shallower (-1) in depth or time per move; None when the
    search has no limit to choose (a game solved exactly uses its own)."""
    if settings.depth is not None:
        depth = min(DEPTHS[-1], max(DEPTHS[0], settings.depth + direction))
        return ReviewSettings(settings.level, depth, None)
    if settings.time_s is not None:
        time_s = settings.time_s
        near = min(range(len(TIMES_S)), key=lambda i: abs(TIMES_S[i] - time_s))
        i = min(len(TIMES_S) - 1, max(0, near + direction))
        return ReviewSettings(settings.level, None, TIMES_S[i])
    return None


def covers(session: Session, review: GameReview) -> bool:
    """The review is about this game: same game, and its moves are the session's first."""
    return review.game_id == session.game_id and review.moves <= session.ply


def play_on_session(session: Session, row: ReviewRow) -> Session:
    """A new match from the position of ``row``: the game's first ``row.index`` moves
    replayed from the same start and stakes; the person takes the side that decided there,
    the AI the other at the level it played (else Master)."""
    levels = [s.level for s in session.seats if not s.is_human and s.level]
    ai = Seat.ai_level(levels[0] if levels else PLAY_ON_LEVEL)
    seats = (Seat.human(), ai) if row.side == 0 else (ai, Seat.human())
    fresh = Session(session.kit, None, seats, start_state=session.start,
                    stakes=session.start_stakes)
    for _, move in session.history_since(0)[:row.index]:
        fresh.play(move)
    return fresh


@dataclass(frozen=True)
class Shown:
    """What the board shows: a position, its stakes, the move that led to it, and the moves
    the review marks there (the move played and the better one, with their values from the
    mover's view; None where there is none)."""

    state: State
    stakes: Stakes | None
    previous: State | None
    last_move: Move | None
    played: Move | None = None
    best: Move | None = None
    played_value: float | None = None
    best_value: float | None = None


class ReviewModel:
    """One game's review: analysis, selection and the line; ``notices`` say what happened."""

    def __init__(self, session: Session, jobs: JobRunner, review: GameReview | None = None,
                 settings: ReviewSettings | None = None) -> None:
        self.session = session
        self.jobs = jobs
        self.review: GameReview | None = None
        self.settings = settings or (settings_of(review, session.kit) if review is not None
                                     else default_settings(session.kit))
        #: The decisions an analysis weighs: the review screen never changes its game, so
        #: they are counted once, not at every frame the panel asks.
        self.decision_count = len(decisions(session))
        #: (decisions weighed, decisions in all) of the running analysis.
        self.progress: tuple[int, int] = (0, 0)
        #: Why the last analysis gave no review, in one line ("" when it did).
        self.error = ""
        self.selected = 0
        #: The engine's line being stepped: (position, move) pairs, and how many are shown.
        self.line: list[tuple[State, Move]] = []
        self.line_step = 0
        self.line_next_at = 0.0
        self.notices: list[Notice] = []
        if review is not None:
            self.take(review)

    # ---- the analysis ------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.jobs.running(Purpose.REVIEW)

    def has_decisions(self) -> bool:
        return self.decision_count > 0

    def start(self) -> bool:
        """Analyse the game with ``settings`` in the worker (the review shown stays until the
        new one arrives); False, with a notice, when it cannot start."""
        if not self.has_decisions():
            self.notices.append(Notice("No moves to review yet: play a move first"))
            return False
        task = ReviewTask(self.session.save(), self.settings.as_dict())
        self.stop_line()
        try:
            self.jobs.submit_task(self.session.current, task, "Game review", Purpose.REVIEW)
        except (OSError, RuntimeError, ValueError) as exc:
            self.jobs.forget()
            self.error = f"the search worker is unavailable ({exc})"
            self.notices.append(Notice(f"Cannot analyse: {self.error}", True))
            return False
        self.error = ""
        self.progress = (0, self.decision_count)
        return True

    def cancel(self) -> bool:
        """Stop the analysis (its answer will never be shown); False when none runs."""
        if not self.running:
            return False
        self.jobs.cancel()
        self.notices.append(Notice("Analysis cancelled"))
        return True

    def poll(self) -> None:
        """Take the worker's replies: progress, then the review or why there is none."""
        for answer in self.jobs.poll():
            reply = answer.reply
            if isinstance(reply, Progressed):
                if _is_progress(reply.value):
                    self.progress = (int(reply.value[0]), int(reply.value[1]))
            elif isinstance(reply, Finished) and isinstance(reply.value, GameReview):
                self._arrived(reply.value)
            elif isinstance(reply, Finished | Failed):
                self.error = failure_text(reply) or "the analysis returned no review"
                self.notices.append(Notice(f"Analysis failed: {self.error}", True))

    def _arrived(self, review: GameReview) -> None:
        if not covers(self.session, review):
            self.error = "the analysis is of another game"
            self.notices.append(Notice(f"Analysis failed: {self.error}", True))
            return
        self.take(review)
        errors = sum(1 for r in review.rows if r.severity > NO_ERROR)
        count = len(review.rows)
        self.notices.append(Notice(
            f"Analysed {count} move{'' if count == 1 else 's'} in {review.seconds:.0f} s: "
            f"{errors} marked"))

    def take(self, review: GameReview) -> None:
        """Show ``review``: the first error selected (else the first move)."""
        self.review = review
        self.error = ""
        self.stop_line()
        first_error = next((i for i, r in enumerate(review.rows) if r.severity > NO_ERROR),
                           None)
        self.selected = first_error if first_error is not None else 0

    def change_settings(self, direction: int) -> bool:
        """A deeper or shallower search for the next analysis (A runs it)."""
        new = stepped(self.settings, direction)
        if new is None:
            self.notices.append(Notice(f"{self.session.game.name} is reviewed with its exact "
                                       "search: there is no depth to choose"))
            return False
        self.settings = new
        return True

    # ---- the selection -----------------------------------------------------------------
    @property
    def rows(self) -> Sequence[ReviewRow]:
        return self.review.rows if self.review is not None else ()

    @property
    def row(self) -> ReviewRow | None:
        rows = self.rows
        return rows[self.selected] if 0 <= self.selected < len(rows) else None

    def select(self, i: int) -> None:
        if self.rows:
            self.selected = max(0, min(len(self.rows) - 1, i))
            self.stop_line()

    def step(self, direction: int) -> None:
        self.select(self.selected + direction)

    def error_step(self, direction: int) -> bool:
        """The next (+1) or previous (-1) marked move; False, with a notice, when none."""
        rows = self.rows
        i = self.selected + direction
        while 0 <= i < len(rows):
            if rows[i].severity > NO_ERROR:
                self.select(i)
                return True
            i += direction
        word = "after" if direction > 0 else "before"
        self.notices.append(Notice(f"No marked move {word} this one"))
        return False

    # ---- the board ---------------------------------------------------------------------
    def shown(self) -> Shown | None:
        """The position the board shows now (the line's when one is stepped)."""
        row = self.row
        if row is None:
            return None
        if self.line:
            return self._line_shown(row)
        s = self.session
        state = s.state_at(row.index)
        previous = s.state_at(row.index - 1) if row.index > 0 else None
        last = s.history_since(row.index - 1)[0][1] if row.index > 0 else None
        if row.kind != "move":
            return Shown(state, s.stakes_at(row.index), previous, last)
        played, best = self.parse(state, row.move), self.parse(state, row.best_move)
        return Shown(state, s.stakes_at(row.index), previous, last, played, best,
                     row.value_after if played is not None else None,
                     row.value_before if best is not None else None)

    def parse(self, state: State, text: str) -> Move | None:
        """A move of the review in notation, back to a move of ``state`` (None: unreadable)."""
        try:
            return self.session.parse_move_text(state, text)
        except (ValueError, TypeError, KeyError, IndexError):
            return None

    # ---- the line ----------------------------------------------------------------------
    def start_line(self, now: float) -> bool:
        """Step the engine's best line from the selected position on the board, a move per
        LINE_STEP_S (or per press of ``advance_line``)."""
        row = self.row
        if row is None or not row.line:
            self.notices.append(Notice("No line for this decision"))
            return False
        state = self.session.state_at(row.index)
        stakes = self.session.start_stakes
        line: list[tuple[State, Move]] = []
        for text in row.line:
            move = self.parse(state, text)
            if move is None:
                break
            line.append((state, move))
            if stakes is None or not stakes.is_decision(move):
                state = state.apply(move)
        if not line:
            self.notices.append(Notice(f"Cannot show the line: {row.line[0]!r} does not read"))
            return False
        self.line, self.line_step, self.line_next_at = line, 1, now + LINE_STEP_S
        return True

    def advance_line(self, now: float) -> None:
        """One more move of the line (it stays on its last position)."""
        if self.line and self.line_step < len(self.line):
            self.line_step += 1
        self.line_next_at = now + LINE_STEP_S

    def tick(self, now: float) -> None:
        """The line's timer: one more move when it is due."""
        if self.line and self.line_step < len(self.line) and now >= self.line_next_at:
            self.advance_line(now)

    def line_due_in(self, now: float) -> float | None:
        """Seconds until the line's next move (None: no line moving)."""
        if not self.line or self.line_step >= len(self.line):
            return None
        return max(0.0, self.line_next_at - now)

    def stop_line(self) -> bool:
        stopped = bool(self.line)
        self.line, self.line_step = [], 0
        return stopped

    def line_texts(self) -> list[str]:
        row = self.row
        return list(row.line[:len(self.line)]) if row is not None else []

    def _line_shown(self, row: ReviewRow) -> Shown:
        k = self.line_step
        before, move = self.line[k - 1]
        stakes = self.session.stakes_at(row.index)
        state = self.line[k][0] if k < len(self.line) else _after(before, move, stakes)
        following = self.line[k][1] if k < len(self.line) else None
        return Shown(state, stakes, before, move, best=following)


def _after(state: State, move: Move, stakes: Stakes | None) -> State:
    if stakes is not None and stakes.is_decision(move):
        return state
    return state.apply(move)


def _is_progress(value: object) -> TypeGuard[tuple[int, int]]:
    return (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(v, int) for v in value))
