"""Weigh every decision of a game: the move played against the engine's best, in the game's
units, from the mover's point of view (one decision at a time: ai.review.weigh).

Each position a player decided in is searched with the review's setting (a level's recipe
with the depth or time the user chose), the move played valued as exactly as the best (a
full window of its own, and kept in where the searcher filters its root moves:
``SearchConfig.keep_root_moves``). So a row's ``value_before`` is ``analyze``'s value of the
position and its ``value_after`` is ``analyze --all-values``'s value of the move played, on
the same setting; the other moves cost only what alpha-beta needs to prove them no better.
An error gets a second search, of the position after it, for the line that refutes it.
Stakes decisions (backgammon's cube) are weighed by the game's own ``StakesAI.review``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from ai.api import Cancel, Limits, SearchConfig
from ai.kit import game_ai, get_level, profile_for
from ai.review.scale import ReviewScale
from ai.review.summary import summarise
from ai.review.weigh import Decision, Weigher
from ai.tasks import Report, Task, worker_task
from game.core import CHANCE
from game.jsontypes import JSONObject
from game.kit import GameKit
from game.review import GameReview, ReviewRow
from game.savefile import load
from game.session import Session

#: What a review reports while it runs: (decisions weighed, decisions in all).
ReviewProgress = Callable[[tuple[int, int]], None]


class ReviewCancelled(Exception):
    """The review was cancelled; ``partial`` holds the rows weighed before."""

    def __init__(self, partial: GameReview) -> None:
        super().__init__("review cancelled")
        self.partial = partial


@dataclass(frozen=True)
class ReviewSettings:
    """The search a review runs at every decision: a level's recipe, with a depth or a time
    per move in place of its own (None: the game's review default, ReviewScale)."""

    level: str | None = None
    depth: int | None = None
    time_s: float | None = None

    def as_dict(self) -> JSONObject:
        return {"level": self.level, "depth": self.depth, "time": self.time_s}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> ReviewSettings:
        """The settings ``as_dict`` wrote (or game.review_read checked): a value of another
        type reads as None, the game's default."""
        level, depth, time_s = data.get("level"), data.get("depth"), data.get("time")
        return cls(level if isinstance(level, str) else None,
                   depth if isinstance(depth, int) and not isinstance(depth, bool) else None,
                   time_s if isinstance(time_s, int | float) and not isinstance(time_s, bool)
                   else None)

    def resolved(self, scale: ReviewScale) -> ReviewSettings:
        """These settings with the game's defaults filled in."""
        level = self.level or scale.level
        if self.depth is None and self.time_s is None:
            return ReviewSettings(level, scale.depth, scale.time_s)
        return ReviewSettings(level, self.depth, self.time_s)

    def config(self, kit: GameKit) -> SearchConfig:
        """The search config of one decision (the level's, without noise)."""
        config = get_level(kit, self.level or "Master").config(kit, seed=0)
        limits = config.limits
        if self.depth is not None or self.time_s is not None:
            limits = Limits(depth=self.depth, time_s=self.time_s)
        return replace(config, limits=limits, noise=0.0, use_book=False)  # weighed by search

    def resolved_config(self, kit: GameKit) -> SearchConfig:
        """The config of one decision with the game's defaults filled in: what ``analyze``
        runs to give the same values."""
        return self.resolved(game_ai(kit).review).config(kit)

    def text(self) -> str:
        """In words: "Master's search, depth 6"."""
        if self.depth is not None:
            limit = f"depth {self.depth}"
        elif self.time_s is not None:
            limit = f"{self.time_s:g} s a move"
        else:
            limit = "its own depth"
        return f"{self.level}'s search, {limit}"


def decisions(session: Session) -> list[Decision]:
    """The moves of ``session`` worth weighing: board moves, and, in a game played for
    stakes whose AI reviews them, every move the stakes may have something to say about (a
    roll where a double was possible, a double, its answer)."""
    stakes_ai = game_ai(session.kit).stakes
    reviews_stakes = stakes_ai is not None and stakes_ai.review is not None
    out = []
    for index, (state, move) in enumerate(session.history_since(0)):
        stakes = session.stakes_at(index)
        stakes_move = stakes is not None and (stakes.is_decision(move)
                                              or state.current_player() == CHANCE)
        if stakes_move and reviews_stakes:
            out.append(Decision(index, state, move, stakes))
        elif not stakes_move and state.current_player() in (0, 1):
            out.append(Decision(index, state, move, None))
    return out


def review_session(
    session: Session,
    settings: ReviewSettings | None = None,
    cancel: Cancel | None = None,
    progress: ReviewProgress | None = None,
) -> GameReview:
    """The review of every decision in ``session`` so far (ReviewCancelled with the rows
    weighed before, when ``cancel`` is set part way)."""
    kit_ai = game_ai(session.kit)
    scale = kit_ai.review
    settings = (settings or ReviewSettings()).resolved(scale)
    config = settings.config(session.kit)
    weigher = Weigher(session.game, scale, config, cancel)
    todo = decisions(session)
    started = time.monotonic()
    rows: list[ReviewRow] = []
    ply = 0
    for done, decision in enumerate(todo):
        if cancel is not None and cancel.is_set():
            partial = _review(session, scale, settings, rows, started, complete=False)
            raise ReviewCancelled(partial)
        row = weigher.weigh(decision, ply + 1, kit_ai.stakes)
        if row is not None:
            rows.append(row)
            ply += 1
        if progress is not None:
            progress((done + 1, len(todo)))
    return _review(session, scale, settings, rows, started, complete=True)


def review_saved_game(save_text: str, settings: Mapping[str, object],
                      cancel: Cancel | None = None,
                      progress: ReviewProgress | None = None) -> GameReview:
    """``review_session`` of a save's text (the worker's task: a session travels to the
    worker process as its save). A cancelled review returns what it weighed (complete=False)."""
    session = load(save_text)
    try:
        return review_session(session, ReviewSettings.from_dict(settings), cancel, progress)
    except ReviewCancelled as stop:
        return stop.partial


@worker_task
@dataclass(frozen=True)
class ReviewTask(Task[GameReview, tuple[int, int]]):
    """A game's review in the worker (``review_saved_game``: the game travels as its save)."""

    save_text: str
    settings: JSONObject

    def run(self, cancel: Cancel, progress: Report[tuple[int, int]]) -> GameReview:
        # The worker's cancel is Event-like (is_set, all the search asks of it).
        return review_saved_game(self.save_text, self.settings, cancel,
                                 progress)


def _review(session: Session, scale: ReviewScale, settings: ReviewSettings,
            rows: list[ReviewRow], started: float, complete: bool) -> GameReview:
    profile = profile_for(session.kit)
    names = session.game.player_names
    bounds = scale.chart_bounds
    if bounds is None:
        bounds = (-1.0, 1.0) if scale.by_outcome else profile.value_bounds
    return GameReview(
        game_id=session.game_id,
        settings_text=settings.text(),
        settings=settings.as_dict(),
        loss_unit=scale.loss_unit,
        chart_label=scale.chart_label.format(player=names[0]),
        chart_bounds=(float(bounds[0]), float(bounds[1])),
        rows=tuple(rows),
        summaries=summarise(rows, scale, names),
        marks_source=scale.source,
        moves=session.ply,
        complete=complete,
        seconds=time.monotonic() - started,
    )
