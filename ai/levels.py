"""Named difficulty levels: each is a plain search recipe (algorithm, depth or time, noise).

Weak levels are weak in an honest way a person can learn from: they look fewer moves ahead
and, at the bottom, choose at random among the moves within ``noise`` of the best (in the
game's evaluation units). The top level of every game is as strong as the engine gets in a few
seconds a move (two; Othello's four), with exact solving wherever it applies; every level is meant to be
measurably stronger than the one below (backgammon's Master searches two chance layers, about
half a second a move, and beats one chance layer over 2,000 games).

Each game's levels live in its kit (``games/<id>/ai/kit.py``), with the reasons for their
settings. Noise is in the game's value units (its profile says them, and describes a level's
noise for the screen).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import KW_ONLY, dataclass, replace

from ai.api import Limits, Refinements, SearchConfig
from game.kit import GameKit

#: Noise that makes every move a candidate: a uniformly random player.
RANDOM = 1e6


@dataclass(frozen=True)
class Level:
    name: str
    #: Every setting after the name by keyword: six look-alike numbers and flags in a row
    #: were a depth and a time away from being swapped unseen.
    _: KW_ONLY
    algorithm: str
    depth: int | None
    time_s: float | None
    noise: float
    exact: bool
    #: False: search without the game's evaluator (see SearchConfig.use_evaluator).
    use_evaluator: bool = True
    #: Evaluator variant (SearchConfig.evaluator): "td" = backgammon weights learned by
    #: self-play, "patterns" = Othello pattern tables fitted to self-play results; both beat
    #: the hand-made evaluator (see docs/levels.md).
    evaluator: str | None = None
    #: False: no quiescence search at the depth limit (Refinements.quiescence), for a
    #: game with noisy moves whose weaker levels are weaker without it.
    quiescence: bool = True
    #: Answer from the game's opening book where it has the position (SearchConfig.use_book).
    book: bool = False
    #: Monte Carlo tree search's iterations (Limits.iterations).
    iterations: int | None = None

    def config(self, kit: GameKit, seed: int | None = None) -> SearchConfig:
        return SearchConfig(
            game_id=kit.id,
            algorithm=self.algorithm,
            limits=Limits(depth=self.depth, time_s=self.time_s, iterations=self.iterations),
            noise=self.noise,
            seed=seed,
            exact=self.exact,
            use_evaluator=self.use_evaluator,
            evaluator=self.evaluator,
            refinements=Refinements(quiescence=self.quiescence),
            use_book=self.book,
        )


NAMES = ("Beginner", "Casual", "Intermediate", "Advanced", "Master")

#: A level named by its search alone: "MCTS-1s" (Monte Carlo tree search, a second a move),
#: "MCTS-10k" (ten thousand iterations a move), "MCTS-0.5s", "MCTS-200k"; and "AB-1s", the
#: game's own tree search at a second a move, MCTS's opponent at equal time.
_SEARCH_LEVEL = re.compile(r"(mcts|ab)-([0-9]{1,6}(?:\.[0-9]{1,3})?)([sk])", re.IGNORECASE)


def search_levels(name: str, levels: tuple[Level, ...]) -> tuple[Level, ...]:
    """The level ``name`` describes by its search, for a game whose named levels are
    ``levels``, or () for any other name (``match``, ``analyze``, the engine).

    "AB-<n>s" is the game's Master recipe (its algorithm, evaluator and quiescence) searched
    by iterative deepening for n seconds a move, with no solver and no book: search against
    search, so that a match against "MCTS-<n>s" compares the two roads and nothing else."""
    found = _SEARCH_LEVEL.fullmatch(name.strip())
    if found is None:
        return ()
    family, amount, unit = found.group(1).lower(), float(found.group(2)), found.group(3).lower()
    seconds = unit == "s"
    iterations = None if seconds else int(amount * 1000)
    if (seconds and not 0.01 <= amount <= 3600) or (iterations is not None and iterations < 1):
        return ()
    if family == "mcts":
        return (Level(name.strip(), algorithm="mcts", depth=None,
                      time_s=amount if seconds else None, noise=0.0, exact=False,
                      iterations=iterations),)
    master = next((level for level in levels if level.name == "Master"), None)
    if master is None or not seconds:
        return ()
    return (replace(master, name=name.strip(), depth=None, time_s=amount, noise=0.0,
                    exact=False, book=False),)


def unknown_level_message(kit: GameKit, name: str, levels: tuple[Level, ...]) -> str:
    """One short line for a level name that is not there: the closest names when some are
    near, else the game's own levels (a game may also carry a score of benchmark opponents,
    and listing every one buried the answer in a paragraph)."""
    text = str(name)
    shown = repr(text) if len(text) <= 24 else repr(text[:24]) + "..."
    by_folded = {lv.name.lower(): lv.name for lv in levels}
    near = difflib.get_close_matches(text.strip().lower(), list(by_folded), n=3, cutoff=0.6)
    if near:
        closest = _either([by_folded[folded] for folded in near])
        return f"unknown level {shown} for {kit.id}; did you mean {closest}?"
    own = [lv.name for lv in levels if lv.name in NAMES] or [lv.name for lv in levels[:5]]
    return f"unknown level {shown} for {kit.id}; choose {_either(own)}"


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
