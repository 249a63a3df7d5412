"""What the AI knows about the position on the board: one model every display reads.

Each search the play screen runs becomes a ``SearchReport`` tagged with the position it
searched (its key) and with what produced it (purpose, algorithm, depth, complete, exact).
``Knowledge`` holds the reports for the position shown and nothing else: the moment the
position changes (a move, undo, redo, new game, paste, load) every report about another
position is dropped, so the panel, the values on the board, the hint arrow and the move list
cannot show a number about a position that is no longer there. The one exception is the search
behind the last move played, kept (and labelled as such) while that move is the last one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace

from ai.api import Result
from ai.worker import DepthDone, Failed, Finished, Progressed, Reply
from game.core import Move, State
from play.jobs import Job, JobReply, Purpose, failure_text
from play.loader import Loader


@dataclass
class SearchReport:
    """Everything one search has said so far about one position."""

    job_id: int
    purpose: Purpose
    title: str
    position: Hashable
    state: State
    mover: int
    algorithm: str
    noise_text: str | None = None
    thinking: bool = True
    failed: str | None = None
    # The depth being searched now (live figures from progress replies).
    depth: int = 0
    nodes: int = 0
    #: Seconds since the search began: for a search kept from a ponder hit, the pondered
    #: seconds (``pondered_s``, on the human's time) included.
    elapsed_s: float = 0.0
    pondered_s: float = 0.0
    best_so_far: Move | None = None
    score_so_far: float | None = None
    # The last completed depth.
    done_depth: int = 0
    best: Move | None = None
    score: float | None = None
    exact: bool = False
    pv: tuple[Move, ...] = ()
    cutoffs: int = 0
    tt_hits: int = 0
    tt_probes: int = 0
    #: Every root move's value, when this search proved exact values (not bounds).
    values: dict[Move, float] | None = None
    values_depth: int = 0
    values_exact: bool = False
    # The final answer.
    finished: bool = False
    complete: bool = True
    #: The move the search hands back (a noisy level's random pick): the one played.
    chosen: Move | None = None
    chosen_score: float | None = None

    @property
    def shown_move(self) -> Move | None:
        """The move to name: the final choice, else the best of the last finished depth, else
        the best so far in the depth being searched."""
        if self.finished:
            return self.chosen
        return self.best if self.best is not None else self.best_so_far

    @property
    def shown_score(self) -> float | None:
        if self.finished:
            return self.chosen_score
        return self.score if self.best is not None else self.score_so_far

    @property
    def own_time_s(self) -> float:
        """Seconds the search took on its own side's time: after a ponder hit, only the time
        after the human moved."""
        return max(0.0, self.elapsed_s - self.pondered_s)

    @property
    def noisy_pick(self) -> bool:
        """The final move is not the search's best: the level's deliberate randomness."""
        return (self.finished and self.noise_text is not None and self.chosen is not None
                and self.best is not None and self.chosen != self.best)


def _algorithm(result: Result, fallback: str) -> str:
    """What actually ran (a solver may have answered for a named level)."""
    return result.algorithm or fallback


@dataclass
class Knowledge:
    """The reports about the position on the board (and the search behind the last move)."""

    position: Hashable = None
    reports: dict[Purpose, SearchReport] = field(default_factory=dict)
    #: The finished move search that chose the last decision move played, while it is last.
    last_move_search: SearchReport | None = None
    #: What an evaluator believes about the shown position without a search (backgammon: the
    #: network's chances and candidate equities), computed off the window's thread (its first
    #: time loads the evaluator), by a key that holds the position: another position's belief
    #: can never be shown.
    belief: Loader[object] = field(default_factory=Loader)
    #: The rollout of the shown position (the game's table, e.g. backgammon's ``Rollout``:
    #: the game's own screen reads it) as far as it got, its job, and whether it is still
    #: running.
    rollout: object = None
    rollout_job: int | None = None
    rollout_running: bool = False

    # ---- the position shown -------------------------------------------------------------
    def show(self, state: State, last_decision: tuple[State, Move] | None) -> None:
        """The board now shows ``state``; ``last_decision`` is the last (position, move) of a
        player that led to it. Everything about other positions goes at once."""
        key = state.key()
        candidates = [r for r in self.reports.values() if r.purpose is Purpose.MOVE]
        if self.last_move_search is not None:
            candidates.append(self.last_move_search)
        self.last_move_search = None
        if last_decision is not None:
            before, move = last_decision
            for report in candidates:
                if report.finished and report.position == before.key() and report.chosen == move:
                    self.last_move_search = report
                    break
        if key != self.position:
            self.reports = {}
            self.position = key
            self.belief.forget()
            self._drop_rollout()

    def clear(self) -> None:
        self.position = None
        self.reports = {}
        self.last_move_search = None
        self.belief.forget()
        self._drop_rollout()

    def _drop_rollout(self) -> None:
        self.rollout = self.rollout_job = None
        self.rollout_running = False

    def believed(self, key: Hashable, compute: Callable[[], object]) -> object:
        """The evaluator's view of the shown position, computed once per ``key`` (the position
        and anything beside it that the view depends on, such as the cube); None while it is
        on its way (the screen says so and looks again, ``wake_in``). ``object``: each game's
        view is its own (the game's screen that asked reads it)."""
        return self.belief.get(key, compute)[1]

    def stopped(self, job: Job) -> None:
        """``job`` was cancelled: its report stops "thinking" (an unfinished hint goes; the
        depths a values pass completed stay, labelled with their depth)."""
        if job.purpose is Purpose.ROLLOUT and job.id == self.rollout_job:
            self.rollout_running = False
        report = self.reports.get(job.purpose)
        if report is None or report.job_id != job.id or not report.thinking:
            return
        report.thinking = False
        if job.purpose is Purpose.HINT:
            del self.reports[job.purpose]

    def is_current(self, job: Job) -> bool:
        return job.state.key() == self.position

    # ---- feeding it ---------------------------------------------------------------------
    def start(self, job: Job, noise_text: str | None = None,
              pondered_s: float = 0.0) -> SearchReport:
        report = SearchReport(
            job_id=job.id, purpose=job.purpose, title=job.title, position=job.state.key(),
            state=job.state, mover=job.state.current_player(),
            algorithm=job.config.algorithm if job.config is not None else job.title,
            noise_text=noise_text, pondered_s=pondered_s,
        )
        if report.position == self.position:
            old = self.reports.get(job.purpose)
            if old is not None and old.values:
                # A restarted values pass (after a hint interrupted it): the values already
                # proved stay on the board, with their depth, until deeper ones arrive.
                report.values, report.values_depth = old.values, old.values_depth
                report.values_exact = old.values_exact
                report.done_depth = old.done_depth
                report.best, report.score = old.best, old.score
            self.reports[job.purpose] = report
        return report

    def start_rollout(self, job: Job) -> None:
        """A rollout of the shown position began (the previous table stays until it reports)."""
        if job.state.key() == self.position:
            self.rollout_job, self.rollout_running = job.id, True

    def hint_from_values(self) -> bool:
        """Answer a hint from the finished values pass (so hint and board cannot differ)."""
        values = self.reports.get(Purpose.VALUES)
        if values is None or not values.finished or not values.values:
            return False
        best = self.values_best()
        hint = replace(values, purpose=Purpose.HINT, title="Hint", chosen=best,
                       chosen_score=values.values[best], best=best,
                       score=values.values[best], noise_text=None)
        self.reports[Purpose.HINT] = hint
        return True

    def take(self, answer: JobReply) -> SearchReport | None:
        """Fold a reply into its report; None when it is about another position or search."""
        job, reply = answer.job, answer.reply
        if job.purpose is Purpose.ROLLOUT:
            self._take_rollout(job, reply)
            return None
        report = self.reports.get(job.purpose)
        if report is None or report.job_id != job.id or report.position != self.position:
            return None
        if isinstance(reply, Progressed):
            p = reply.progress
            if p is not None:
                report.depth, report.nodes, report.elapsed_s = p.depth, p.nodes, p.elapsed_s
                if p.best_move is not None:
                    report.best_so_far, report.score_so_far = p.best_move, p.score
        elif isinstance(reply, DepthDone | Finished) and reply.result is not None:
            # The final answer of a noisy level is its random pick: the search's own best
            # stays the last completed depth's, so the panel can tell the two apart.
            result = reply.result
            final = isinstance(reply, Finished)
            keep_best = final and report.best is not None
            best, score = report.best, report.score
            self._take_result(report, result)
            if keep_best:
                report.best, report.score = best, score
            if final:
                report.thinking, report.finished = False, True
                report.chosen, report.chosen_score = result.move, result.score
                report.complete = bool(result.complete)
        elif isinstance(reply, Failed | Finished):  # a search that ended without an answer
            report.thinking = False
            report.failed = failure_text(reply)
        return report

    def _take_rollout(self, job: Job, reply: Reply) -> None:
        if job.id != self.rollout_job or job.state.key() != self.position:
            return
        if isinstance(reply, Progressed | Finished) and reply.value is not None:
            self.rollout = reply.value
        if isinstance(reply, Finished | Failed):
            self.rollout_running = False

    @staticmethod
    def _take_result(report: SearchReport, r: Result) -> None:
        st = r.stats
        report.algorithm = _algorithm(r, report.algorithm)
        report.exact = r.exact
        report.depth = report.done_depth = r.depth
        report.nodes, report.elapsed_s = st.nodes, st.time_s
        report.cutoffs, report.tt_hits, report.tt_probes = st.cutoffs, st.tt_hits, st.tt_probes
        report.complete = bool(r.complete)
        report.pv = tuple(r.pv)
        if r.move is not None:
            report.best, report.score = r.move, r.score
            report.best_so_far, report.score_so_far = None, None
        if r.root_values and r.root_values_exact:  # bounds would mislead as values
            report.values = dict(r.root_values)
            report.values_depth = r.depth
            report.values_exact = report.exact

    # ---- reading it ---------------------------------------------------------------------
    def report(self, purpose: Purpose) -> SearchReport | None:
        return self.reports.get(purpose)

    def board_values(self) -> dict[Move, float] | None:
        """The values drawn on the board: the values pass's last completed depth only."""
        report = self.reports.get(Purpose.VALUES)
        return report.values if report is not None else None

    def values_exact(self) -> bool:
        """The board values were proved by an exact solver (true results, not estimates)."""
        report = self.reports.get(Purpose.VALUES)
        return report is not None and report.values_exact

    def values_settled(self) -> bool:
        """The values pass for this position has ended (finished or failed)."""
        report = self.reports.get(Purpose.VALUES)
        return report is not None and not report.thinking

    def hint_move(self) -> Move | None:
        report = self.reports.get(Purpose.HINT)
        return report.chosen if report is not None and report.finished else None

    def highlight(self) -> Move | None:
        """The move marked on the board: the hint, else the thinking AI's current best."""
        hint = self.hint_move()
        if hint is not None:
            return hint
        report = self.reports.get(Purpose.MOVE)
        if report is not None and report.thinking:
            return report.shown_move
        return None

    def values_best(self) -> Move | None:
        values = self.board_values()
        if not values:
            return None
        return max(values.items(), key=lambda kv: kv[1])[0]
