"""``match --ladder``: every level of a game against the one below it (or ``--a`` against
``--b``), the table the lab's ladder screen fills in, as text or CSV, and its chart as a PNG.
With a program in ``--a`` and no ``--b`` it places the program among the levels instead:
``tournament --place``'s run without a folder (cli.placement)."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from ai.ladder import (
    LadderUpdate,
    RungFigures,
    csv_text,
    ladder_rungs,
    run_ladder,
    spread_ladder,
)
from ai.spread import ClusterError, spread_for
from cli.common import RequestError, level_config, parse_options
from cli.match_stakes import stakes_chosen
from cli.tournament import placement_plan, play_plan
from game.jsontypes import JSONObject
from game.kit import GameKit
from game.progress import ProgressBar
from game.registry import get_kit
from play.outside.spec import is_outside


def run_ladder_command(args: argparse.Namespace) -> int:
    options = parse_options(args.options)
    kit = get_kit(args.game)
    kit.rules().initial_state(**options)  # bad options: one error now
    if args.a is not None and args.b is None and is_outside(args.a):
        return _place(args, kit, options)
    if (args.a is None) != (args.b is None):
        raise RequestError("give both --a and --b for one rung, or neither for the whole ladder")
    if args.a is not None:
        for name in (args.a, args.b):
            level_config(kit, name)
        rungs = [(args.a, args.b)]
    else:
        rungs = ladder_rungs(kit)
        if not rungs:
            raise RequestError(f"{args.game} has fewer than two levels: no ladder to climb")
    for path in (args.csv, args.png):
        if path is not None and not Path(path).parent.exists():
            raise RequestError(f"cannot write {path}: no such folder")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        figures = _climb(kit, rungs, args.games, seed, options, args.jobs, args.cluster)
    except ClusterError as exc:
        raise RequestError(str(exc)) from None
    print(f"{args.game} ladder, {args.games} games a rung, seed {seed}")
    print(table_text(figures))
    if args.csv is not None:
        Path(args.csv).write_text(csv_text(figures), encoding="utf-8")
    if args.png is not None:
        # the window's modules: only when a picture is asked for (no pygame at start)
        from ui.ladder_chart import export_ladder_png

        export_ladder_png(figures, args.png, f"{kit.rules().name}: the ladder")
    return 0


def _climb(kit: GameKit, rungs: list[tuple[str, str]], games: int, seed: int,
           options: JSONObject, jobs: int, cluster: str | None) -> list[RungFigures]:
    """Every rung's games, in this process (``--jobs 1``: the ladder screen's own run) or
    spread over ``jobs`` processes or a cluster; the same figures either way (clocks aside)."""
    bar: ProgressBar | None = None
    done = 0

    def finished(rung: int, figures: list[RungFigures], note: str = "") -> None:
        nonlocal done
        done += 1
        if bar is not None:
            f = figures[rung]
            bar.update(done, f"{f.upper} v {f.lower} {f.score:.2f}{note}")

    def heard(update: LadderUpdate) -> None:
        if update.kind == "game":
            finished(update.rung, list(update.figures))

    if jobs <= 1 and cluster is None:
        bar = ProgressBar(len(rungs) * games, "games")
        try:
            return run_ladder(kit, rungs, games, seed, options, progress=heard)
        finally:
            bar.close()
    with spread_for(jobs, cluster) as spread:  # unreachable: one line, no bar
        bar = ProgressBar(len(rungs) * games, "games")
        try:
            return spread_ladder(kit, rungs, games, seed, options, spread,
                                 lambda rung, figures: finished(rung, figures, spread.note()))
        finally:
            bar.close()


def _place(args: argparse.Namespace, kit: GameKit, options: JSONObject) -> int:
    """The program in ``--a`` placed among every level (``tournament --place``, no folder)."""
    if args.csv is not None or args.png is not None:
        raise RequestError("--csv and --png belong to a ladder of levels, not a program's "
                           "placement")
    if stakes_chosen(args, kit):
        raise RequestError("a program (file:, cmd:, ...) plays the game alone: no stakes "
                           "switches")
    return play_plan(kit, placement_plan(kit, args.a, None), options, games=args.games,
                     seed=args.seed, jobs=args.jobs, seconds=args.move_time, folder=None,
                     as_json=args.json, cluster=args.cluster)


def table_text(figures: list[RungFigures]) -> str:
    lines = [f"{'upper':<14}{'lower':<14}{'games':>6}{'score':>8}  {'95% CI':<13}"
             f"{'s/move up':>10}{'s/move low':>11}{'nodes up':>10}{'nodes low':>10}"]
    for f in figures:
        lo, hi = f.interval
        lines.append(f"{f.upper:<14}{f.lower:<14}{f.games:>6}{f.score:>8.3f}  "
                     f"{lo:.3f}..{hi:.3f}  {f.upper_side.time_per_move:>9.4f}"
                     f"{f.lower_side.time_per_move:>11.4f}{f.upper_side.nodes_per_move:>10.0f}"
                     f"{f.lower_side.nodes_per_move:>10.0f}")
    return "\n".join(lines)


def add_ladder_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ladder", action="store_true",
                        help="every level against the one below (or --a against --b), "
                             "--games each, live figures, on --jobs processes or --cluster. "
                             "With a program in --a and no --b: place it among the levels "
                             "(tournament --place)")
    parser.add_argument("--csv", default=None, metavar="FILE", help="--ladder: the table as CSV")
    parser.add_argument("--png", default=None, metavar="FILE",
                        help="--ladder: the strength and cost chart as a PNG")


