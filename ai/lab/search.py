"""Whose search the lab shows: a level's, exactly as it plays, or the labelled teaching mode.

The lab exists so that a student can believe it, so its tree, step mode, compare bars, depth
chart and ``explain`` all search with the configuration of a level the user picks (its
algorithm, evaluator, switches, exact solving and noise), only with a depth the screen can
draw. The hand-made evaluator with every refinement off is a choice of its own, "Teaching",
named on screen like any level, never a silent default. ``describe`` is the line that says
which search the pictures come from.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ai.api import BOOK, Cancel, Limits, Refinements, Result, SearchConfig
from ai.engine import default_algorithm, run_search
from ai.kit import game_ai, get_level, levels_of, profile_for
from ai.levels import Level
from ai.quiescence import QUIESCENT_ALGORITHMS
from game.core import State
from game.kit import GameKit

#: The lab-only choice: the game's usual algorithm as the textbook writes it, on the game's
#: hand-made evaluator, with no table, ordering, PVS, aspiration, Star1, filtering, quiescence
#: or solver.
TEACHING = "Teaching"


def has_quiescence(kit: GameKit) -> bool:
    """Does the game name noisy moves, so that quiescence search can follow them past the
    depth limit? (Decided by the profile, never by the game's id.)"""
    return profile_for(kit).noisy_moves is not None


def quiescence_applies(config: SearchConfig) -> bool:
    """Would ``config``'s search run quiescence search if switched on (its game has noisy
    moves and its algorithm is one that follows them)?"""
    return config.algorithm in QUIESCENT_ALGORITHMS and has_quiescence(config.kit)


def noisy_words(kit: GameKit | None) -> tuple[str, str]:
    """The game's noisy moves in words, (one, several), as its profile says them; plain
    "noisy moves" for a game the registry does not know (None) or without an AI part."""
    try:
        if kit is not None:
            return profile_for(kit).noisy_words
    except ValueError:
        pass
    return ("a noisy move", "noisy moves")


def lab_levels(kit: GameKit) -> tuple[str, ...]:
    """The choices offered in the lab: the game's levels, weakest first, then TEACHING
    (a classroom tree has no levels: only TEACHING)."""
    return tuple(level.name for level in levels_of(kit)) + (TEACHING,)


def default_level(kit: GameKit) -> str:
    """The strongest level where the game has levels, else TEACHING."""
    return lab_levels(kit)[-2] if levels_of(kit) else TEACHING


def usual_algorithm(kit: GameKit, state: State | None = None) -> str:
    """The algorithm for ``state``: the game's usual one, or expectiminimax for a classroom
    tree with a roll in it (the screen and ``explain`` must agree on it)."""
    has_chance = getattr(state, "has_chance", None)
    if has_chance is not None and has_chance():
        return "expectiminimax"
    return default_algorithm(kit)


def lab_config(kit: GameKit, level: str, depth: int | None, state: State | None = None
               ) -> SearchConfig:
    """The SearchConfig the lab records for ``level`` (any case; a ValueError lists the
    choices), limited to ``depth`` when given (else the level's own limits). ``state`` picks
    the teaching mode's algorithm (a classroom tree with dice: expectiminimax)."""
    if level.strip().lower() == TEACHING.lower():
        return teaching_config(kit, depth or 1, usual_algorithm(kit, state))
    # Seed 0: a level with noise picks the same move every time the lab records it.
    config = get_level(kit, level).config(kit, seed=0)
    if depth is not None:
        config = replace(config, limits=Limits(depth=depth))
    return config


def teaching_config(kit: GameKit, depth: int, algorithm: str) -> SearchConfig:
    """The textbook's search: ``algorithm`` with every refinement off."""
    return SearchConfig(kit.id, algorithm, Limits(depth=depth), Refinements.none(), exact=False)


def evaluator_title(config: SearchConfig) -> str:
    """The evaluation a search uses, in words ("learned tables", "hand-made evaluation"); for
    MCTS, which evaluates by playing out, its playouts."""
    if config.algorithm == "mcts":
        return playout_words(config)
    if not config.use_evaluator:
        return "no evaluation (wins and losses only)"
    return game_ai(config.kit).evaluator_title(config.evaluator)


def playout_words(config: SearchConfig) -> str:
    """MCTS's playouts in words: ε-greedy on the evaluator where the game's kit guides them
    and the search uses its evaluator, else uniformly random."""
    ai = game_ai(config.kit)
    guide = ai.playout_guide
    if guide is None or not config.use_evaluator:
        return "uniformly random playouts"
    return (f"ε-greedy playouts on the {ai.evaluator_title(config.evaluator)} "
            f"(ε = {guide.epsilon:g})")


def refinements(config: SearchConfig) -> list[str]:
    """The refinements switched on in ``config``, as a reader names them."""
    profile = profile_for(config.kit)
    r = config.refinements
    quiescence = ("quiescence", r.quiescence and quiescence_applies(config))
    if config.algorithm == "minimax":
        return ["quiescence"] if quiescence[1] else []
    on = [
        ("table", r.tt), ("ordering", r.ordering),
        ("PVS", r.pvs and config.algorithm == "alphabeta"),
        ("aspiration", r.aspiration and profile.aspiration is not None
         and config.algorithm == "alphabeta"),
        ("Star1", r.star1 and profile.points and config.algorithm == "expectiminimax"),
        ("move filter", r.move_filter and profile.move_filter is not None
         and config.algorithm == "expectiminimax"),
        quiescence,
    ]
    return [name for name, used in on if used]


def _own_limit(kit: GameKit, level: str, depth: int) -> str:
    """What the level plays with when the lab records its recipe at another depth: the lab
    opens at a depth that draws a readable tree, and a line reading "Master's search: depth
    3" under a Master that plays at depth 5 would teach the wrong depth."""
    if level.strip().lower() == TEACHING.lower():
        return ""
    own = get_level(kit, level)
    if own.time_s is not None:
        return f" (in play: {own.time_s:g} s a move, deepening)"
    if own.depth is not None and own.depth != depth:
        return f" (in play: depth {own.depth})"
    return ""


def describe(kit: GameKit, level: str, config: SearchConfig, solved_by: str | None = None
             ) -> str:
    """One line for the screen: "Master's search: learned tables, depth 3". ``solved_by``:
    the exact solver answered instead of the search (so the depth did not matter)."""
    if solved_by == BOOK:
        return (f"{get_level(kit, level).name}'s answer: its opening book, each move "
                "with the value it was given when the book was made")
    if solved_by is not None:
        return (f"{get_level(kit, level).name}'s answer: solved exactly by the "
                f"{solved_by.replace('-', ' ')}, no depth limit")
    depth = config.limits.depth
    parts = [evaluator_title(config)]
    if depth is not None:
        parts.append(f"depth {depth}" + _own_limit(kit, level, depth))
    elif config.limits.iterations is not None:  # MCTS
        parts.append(f"{config.limits.iterations:,} iterations")
    elif config.limits.time_s is not None:
        parts.append(f"{config.limits.time_s:g} s a move")
    if level.strip().lower() == TEACHING.lower():
        extras = refinements(config)
        switches = ", ".join(extras) if extras else "no refinements"
        if config.algorithm == "mcts":  # none of the refinements is MCTS's
            return f"Teaching mode: mcts, {parts[0]}, " + ", ".join(parts[1:])
        return f"Teaching mode: {config.algorithm}, {parts[0]}, {switches}, " + ", ".join(
            parts[1:])
    name = get_level(kit, level).name
    if quiescence_applies(config):  # a game with captures: does this level look past them?
        parts.append("quiescence" if config.refinements.quiescence else "no quiescence")
    if config.exact:
        parts.append("exact solving where it reaches")
    if config.noise > 0:
        parts.append("with noise")
    if get_level(kit, level).book and config.use_book:  # not when --no-book closed it
        parts.append("opening book first")
    return f"{name}'s search: " + ", ".join(parts)


@dataclass(frozen=True)
class LevelPlay:
    """What a level plays on a position, searched exactly as in play (its depth or its clock,
    seed 0 as the lab records): the lab draws a smaller tree when the level's is too big to
    draw, and names this move beside it, so the tree is never mistaken for the level's choice."""

    level: str
    move: str
    #: The depth its search finished (0: an exact solver or the opening book answered).
    depth: int
    #: Its limit in words ("at depth 4", "at depth 7 in its 4 s a move", "by solving exactly",
    #: "after proving who wins"), read as "Master plays …: f2".
    how: str


def level_play(state: State, kit: GameKit, level: str,
               cancel: Cancel | None = None) -> LevelPlay | None:
    """The level's own search of ``state`` as it plays (None for teaching mode, or stopped)."""
    if level.strip().lower() == TEACHING.lower():
        return None
    own = get_level(kit, level)
    result = run_search(state, own.config(kit, seed=0), cancel)
    if cancel is not None and cancel.is_set():
        return None
    return play_words(state, kit, own, result)


def own_search(kit: GameKit, level: str | None, config: SearchConfig) -> Level | None:
    """The level whose search ``config`` is exactly as it plays (its own limits, seed 0), so
    that a run of ``config`` also says what the level plays; None for teaching mode or a
    config the lab changed (a depth of its own)."""
    if level is None or level.strip().lower() == TEACHING.lower():
        return None
    own = get_level(kit, level)
    return own if own.config(kit, seed=0) == config else None


def play_words(state: State, kit: GameKit, own: Level, result: Result) -> LevelPlay | None:
    """``result``, the level ``own``'s search of ``state`` as it plays, as the lab names it
    (None if it found no move)."""
    # A search on the clock ends incomplete by design: its last finished depth is its answer.
    if result.move is None:
        return None
    move = kit.rules().format_move(state, result.move)
    searched = result.algorithm in ("", own.algorithm)
    if not searched:
        how = ("from its opening book" if result.algorithm == BOOK
               else "after proving who wins" if profile_for(kit).winner_only(result.score)
               else "by solving exactly")
        return LevelPlay(own.name, move, 0, how)
    how = f"at depth {result.depth}"
    if own.time_s is not None and (own.depth is None or result.depth < own.depth):
        # Its clock ran out inside the next depth, whose best move so far it may have taken.
        part = f" and part of {result.depth + 1}" if not result.complete else ""
        how += f"{part} in its {own.time_s:g} s a move"
    return LevelPlay(own.name, move, result.depth, how)
