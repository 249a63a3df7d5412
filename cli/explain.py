"""``kibitz explain``: the recorded search tree of one position, or the algorithms compared.

Examples::

    kibitz explain --example textbook --algorithm alphabeta --json
    kibitz explain --tree "[[3,12,8],[2,4,6],[14,5,2]]" --algorithm alphabeta
    kibitz explain --game tictactoe --position "X---O---- X" --algorithm minimax --depth 3
    kibitz explain --game othello --depth 5 --compare
    kibitz explain --game backgammon --position "4HPwATDgc/ABMA 31" --depth 3 --depth-chart
    kibitz explain --example textbook --algorithm alphabeta --png textbook.png

``--png`` draws with the lab's own drawing code (ui.lab.export) without opening a window.

The tree is recorded from the searcher that plays (ai.lab.recording), so its node count is the
searcher's own. Without ``--json`` it prints as indented text: each node's move, kind, window
[alpha, beta] and value ("<=" or ">=" when alpha-beta only proved a bound), cutoffs with the
number of siblings skipped, table hits, and ``*`` on the principal variation.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ai.api import SearchConfig
from ai.kit import get_level, profile_for
from ai.lab.compare import compare
from ai.lab.compare_notes import (
    agreement_text,
    counting_note,
    refinement_notes,
)
from ai.lab.depth_chart import depth_chart
from ai.lab.record import record_search
from ai.lab.search import evaluator_title, usual_algorithm
from cli.common import (
    RequestError,
    add_search_arguments,
    build_config,
    load_state,
    parse_options,
    parse_time,
    require_decision,
    whole_number,
    with_weights,
)
from cli.explain_text import number_text, summary, text_tree, value_text
from cli.zobrist import run_zobrist
from game.core import Game, State
from game.kit import GameKit
from game.registry import all_game_ids, all_kits, get_kit

#: Nodes printed by the text view before it points to --json.
TEXT_NODES = 300


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=all_game_ids(), default=None,
                        help="which game (classroom with --tree or --example)")
    parser.add_argument("--options", default=None, metavar="JSON", help="game options as JSON")
    parser.add_argument("--position", default=None, metavar="NOTATION",
                        help="position in the game's notation (default: the initial position)")
    tree = parser.add_mutually_exclusive_group()
    tree.add_argument("--example", default=None, metavar="NAME",
                      help="a classroom tree by name: textbook, four-ply, chance, chance-rescaled, "
                           "worst-case, worst-case-rescaled")
    tree.add_argument("--tree", default=None, metavar="TREE",
                      help='a classroom tree of your own, e.g. "[[3,12,8],[2,4,6],[14,5,2]]"')
    add_search_arguments(parser)
    for flag, what in (("pvs", "principal-variation search (null windows)"),
                       ("aspiration", "aspiration windows"), ("star1", "Star1 pruning"),
                       ("filter", "expectiminimax's move filtering")):
        parser.add_argument(f"--no-{flag}", action="store_true", help=f"switch {what} off")
    parser.add_argument("--node-budget", type=whole_number(1, 1_000_000), default=20_000,
                        help="most nodes recorded (the rest are counted, not recorded)")
    outputs = parser.add_mutually_exclusive_group()
    outputs.add_argument("--compare", action="store_true",
                      help="compare the algorithms on the position (a JSON table)")
    outputs.add_argument("--depth-chart", action="store_true",
                      help="iterative deepening depth by depth (a JSON table)")
    outputs.add_argument("--zobrist", action="store_true",
                      help="the position's Zobrist key number by number, one move's update "
                           "(--move, default the first legal move) and two move orders that meet")
    parser.add_argument("--move", default=None, metavar="MOVE",
                        help="--zobrist: the move whose key update is shown")
    parser.add_argument("--max-seconds", type=_seconds, default=15.0,
                        help="compare: rows estimated to take longer are not run")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--png", default=None, metavar="FILE",
                        help="also save the tree (or the compare bars, the depth chart) as a PNG")


def _seconds(text: str) -> float:
    try:
        return parse_time(text)
    except RequestError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _state(args: argparse.Namespace) -> tuple[GameKit, Game, State]:
    """The game ``--game`` names (or the classroom's, for a tree) and the position."""
    if args.example is not None or args.tree is not None:
        teaching = teaching_kit()
        if args.game not in (None, teaching.id):
            raise RequestError("--tree and --example are classroom trees: leave out --game")
        if args.position is not None:
            raise RequestError("give a --tree, an --example or a --position, not two")
        options = {"tree": args.tree} if args.tree is not None else {"example": args.example}
        game, state = load_state(teaching, None, options)
        return teaching, game, state
    if args.game is None:
        raise RequestError("give --game (or a classroom --tree or --example)")
    kit = get_kit(args.game)
    game, state = load_state(kit, args.position, parse_options(args.options))
    require_decision(game, state)
    return kit, game, state


def _config(args: argparse.Namespace, kit: GameKit, state: State) -> SearchConfig:
    """The search to record, built exactly as ``analyze`` builds it from the same flags (a
    level's own configuration, or the named algorithm), plus the lab's extra switches."""
    depth, algorithm = args.depth, args.algorithm
    if algorithm == "mcts" and depth is not None:
        raise RequestError("MCTS has no depth: give --iterations or --time")
    if args.iterations is not None and algorithm != "mcts" and args.level is None:
        raise RequestError("--iterations is for --algorithm mcts (give a depth or a time)")
    unlimited = depth is None and args.time is None and args.iterations is None
    if unlimited and args.level is None and algorithm != "mcts":
        depth = kit.tree_height(state)
        if depth is None:
            raise RequestError("give --depth, --time or --level (keep it small: every node is "
                               "recorded)")
    if algorithm is None and args.level is None:
        algorithm = usual_algorithm(kit, state)
    config = build_config(
        kit, algorithm=algorithm, level=args.level, depth=depth, time_s=args.time,
        iterations=args.iterations,
        use_tt=not args.no_tt, use_ordering=not args.no_ordering,
        use_quiescence=not args.no_quiescence, seed=args.seed,
        exact=args.exact,
    )
    config = with_weights(config, args.weights, args.no_book)
    on = config.refinements
    return config.with_refinements(
        pvs=on.pvs and not args.no_pvs,
        aspiration=on.aspiration and not args.no_aspiration,
        star1=on.star1 and not args.no_star1,
        move_filter=on.move_filter and not args.no_filter,
    )


def _whose(level: str | None, config: SearchConfig) -> str:
    """" (Master's search: learned tables)" for a picture's title; "" without a level."""
    if level is None:
        return ""

    return f" ({get_level(config.kit, level).name}'s search: {evaluator_title(config)})"


def _check_png(path: str | None) -> None:
    """A bad picture path is refused before the search runs, not after."""
    if path is None:
        return
    target = Path(path)
    if target.suffix.lower() != ".png":
        raise RequestError(f"the picture file must end in .png, got {target.name!r}")
    if not target.parent.is_dir():
        raise RequestError(f"no such folder: {target.parent}")


def run(args: argparse.Namespace) -> int:
    kit, game, state = _state(args)
    if args.zobrist:
        return run_zobrist(kit, state, args.move, args.json)
    config = _config(args, kit, state)
    _check_png(args.png)
    if args.compare:
        if config.limits.depth is None:
            raise RequestError("give --depth: the comparison searches to one depth")
        compare_rows = compare(state, kit, config.limits.depth,
                               max_row_s=args.max_seconds, base=config, level=args.level)
        if args.png is not None:
            # the window's modules: only when this runs (no pygame at start)
            from ui.lab.export import export_compare_png

            export_compare_png(compare_rows, args.png,
                               f"Comparing the algorithms: {game.name}, depth "
                               f"{config.limits.depth}{_whose(args.level, config)}",
                               kit=kit)
        print(json.dumps({
            "game": kit.id, "position": game.format_position(state),
            "depth": config.limits.depth, "level": args.level,
            "rows": [r.to_json() for r in compare_rows],
            "agreement": agreement_text(compare_rows),
            "counting": counting_note(compare_rows), "notes": refinement_notes(compare_rows),
        }))
        return 0
    if args.depth_chart:
        if config.limits.depth is None:
            raise RequestError("give --depth: the chart searches depth 1, 2, ... up to it")
        depth_rows = depth_chart(state, config, config.limits.depth)
        if args.png is not None:
            # the window's modules: only when this runs (no pygame at start)
            from ui.lab.depth_plot import algorithm_label
            from ui.lab.export import export_depth_png

            export_depth_png(depth_rows, args.png, f"What depth changes: {game.name}, "
                             f"{config.algorithm}{_whose(args.level, config)}",
                             profile_for(kit).unit, kit,
                             algorithm_label(config.algorithm))
        print(json.dumps({
            "game": kit.id, "position": game.format_position(state),
            "algorithm": config.algorithm, "rows": [r.to_json() for r in depth_rows],
        }))
        return 0

    recording = record_search(state, config, args.node_budget, level=args.level)
    if args.png is not None:
        # the window's modules: only when this runs (no pygame at start)
        from ui.lab.export import export_tree_png

        export_tree_png(recording, args.png)
    if args.json:
        out = recording.to_json()
        out["position"] = game.format_position(state)
        out["value_text"] = value_text(recording, kit)
        print(json.dumps(out))
        return 0
    for line in summary(recording, kit, game.format_position(state)):
        print(line)
    for line in text_tree(recording, kit, TEXT_NODES):
        print(line)
    if recording.truncated:
        print(f"({recording.truncated:,} more nodes were searched but not recorded: "
              f"raise --node-budget to see them)")
    if not kit.playable:  # a teaching tree: the slide's leaves, in order
        leaves = ", ".join(number_text(v) for v in recording.evaluated_leaves)
        print(f"leaves evaluated, in order: {leaves}")
    return 0


def teaching_kit() -> GameKit:
    """The game whose trees are typed, not played (the classroom's)."""
    return next(kit for kit in all_kits() if not kit.playable)
