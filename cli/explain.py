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
import math
from pathlib import Path

from ai.api import BOOK, SearchConfig
from ai.kit import get_level, profile_for
from ai.lab.compare import compare
from ai.lab.compare_notes import (
    agreement_text,
    aspiration_note,
    counting_note,
    refinement_notes,
    taken_over_note,
)
from ai.lab.depth_chart import depth_chart
from ai.lab.record import record_search
from ai.lab.recording import SearchRecording
from ai.lab.search import evaluator_title, usual_algorithm
from ai.mcts.units import value_label
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
    if depth is None and args.time is None and args.level is None:
        depth = kit.tree_height(state)
        if depth is None:
            raise RequestError("give --depth, --time or --level (keep it small: every node is "
                               "recorded)")
    if algorithm is None and args.level is None:
        algorithm = usual_algorithm(kit, state)
    config = build_config(
        kit, algorithm=algorithm, level=args.level, depth=depth, time_s=args.time,
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
        leaves = ", ".join(_number(v) for v in recording.evaluated_leaves)
        print(f"leaves evaluated, in order: {leaves}")
    return 0


def value_text(recording: SearchRecording, kit: GameKit) -> str:
    """The recorded value in the game's words (``kit``: the game searched); exact ("draw",
    "win in 5") when the search proved it, an estimate otherwise."""
    return value_label(profile_for(kit), recording.value, exact=recording.exact,
                       algorithm=recording.algorithm).long


def summary(recording: SearchRecording, kit: GameKit, position: str) -> list[str]:
    """The lines above the tree: whose search, what it found, and what it cost."""
    lines = []
    if recording.description:
        lines.append(recording.description)
    # A book answer has no depth of its own (the book says how it was made, below).
    how = "" if recording.answered_by == BOOK else f", depth {recording.depth}"
    if recording.searched_depth:
        how = f", depth {recording.searched_depth} ({taken_over_note(recording.searched_depth)})"
    lines.append(f"{recording.algorithm_label}{how}: {position}")
    proven = " (proven)" if recording.exact else ""
    prunings = recording.cutoffs
    skipped = sum(n.pruned for n in recording.nodes)
    pruned = (f"{prunings:,} pruning{'s' if prunings != 1 else ''} ({skipped:,} skipped)"
              if prunings else "no pruning") + recording.filtered_text()
    quiet = recording.quiescence_nodes
    quiet_text = f", {quiet:,} past the depth limit (quiescence)" if quiet else ""
    lines.append(f"value {value_text(recording, kit)}{proven}, move {recording.move}; "
                 f"{recording.node_count:,} nodes{quiet_text}, {recording.leaves:,} leaves, "
                 f"{pruned}")
    if recording.best_move is not None:
        lines.append(f"(the level's noise chose {recording.move}; the search's best was "
                     f"{recording.best_move})")
    if recording.answered_by == BOOK:
        origin = profile_for(kit).book_origin.format(depth=recording.depth)
        lines.append(f"(answered by the opening book: each move with the value it had when the "
                     f"book was made, {origin})")
    elif recording.solved:
        flat = all(n.parent in (None, 0) for n in recording.nodes)
        shown = ("each move with the value it proved" if flat else
                 "its last proof, node by node")
        lines.append(f"(answered by the exact solver, {recording.answered_by}: {shown}; "
                     f"{recording.total_nodes:,} positions searched in all)")
    elif len(recording.passes) > 1:
        lines.append(f"(the depth-{recording.depth} pass of iterative deepening; all "
                     f"{len(recording.passes)} passes together: {recording.total_nodes:,} nodes)")
    lines += probe_lines(recording, kit)
    if recording.first_try is not None:

        def window(alpha: float | None, beta: float | None) -> str:
            low = "-inf" if alpha is None else _precise(alpha, kit)
            return f"({low}, {'+inf' if beta is None else _precise(beta, kit)})"

        def value(x: float | None) -> str:  # fractions: a try off by less than a disc
            return _precise(x, kit)

        root = recording.root
        lines.append(f"(first try: {aspiration_note(recording.first_try, window, value)}; "
                     f"searched again with {window(root.alpha, root.beta)}: "
                     f"{_value(recording.value, kit)})")
    return lines


def probe_lines(recording: SearchRecording, kit: GameKit) -> list[str]:
    """MTD(f)'s probes of the recorded pass, one line each: the test, the answer, the bounds
    after it (MAX's view)."""
    lines = []
    for p in recording.probes:
        low = "-inf" if p.lower is None else _precise(p.lower, kit)
        high = "+inf" if p.upper is None else _precise(p.upper, kit)
        words = {"lower": "at least", "upper": "at most"}.get(p.answer, "exactly")
        skipped = f", {len(p.skipped)} root moves not needed" if p.skipped else ""
        lines.append(f"probe {p.index}: null window at {_precise(p.test, kit)} -> {words} "
                     f"{_precise(p.value, kit)}; value in [{low}, {high}]; "
                     f"{p.nodes:,} nodes{skipped}")
    return lines


def text_tree(recording: SearchRecording, kit: GameKit, limit: int) -> list[str]:
    """The recorded tree as indented lines, depth first, at most ``limit`` nodes."""
    def value(x: float | None) -> str:
        return _value(x, kit)

    lines: list[str] = []
    stack: list[tuple[int, str, str]] = [(0, "", "")]
    while stack:
        if len(lines) >= limit:
            lines.append(f"... {len(recording.nodes) - limit:,} more nodes (use --json)")
            break
        node_id, lead, branch = stack.pop()
        n = recording.nodes[node_id]
        bound = {"upper": "<=", "lower": ">="}.get(n.bound, "")
        parts = [n.move or "root", n.kind.upper() if n.kind != "leaf" else "leaf"]
        if n.probability is not None:
            parts.append(f"p={n.probability:.3g}")
        if n.null_window:
            parts.append(f"(null window at {value(n.alpha)})")
        elif n.alpha is not None or n.beta is not None:
            low = "-inf" if n.alpha is None else value(n.alpha)
            high = "+inf" if n.beta is None else value(n.beta)
            parts.append(f"[{low}, {high}]")
        parts.append(f"= {bound}{value(n.value)}")
        if n.cutoff:
            parts.append(f"cutoff ({n.pruned} skipped)" if n.pruned else "cutoff")
        if n.tt_hit:
            parts.append("table hit")
        if n.research:
            parts.append("re-search")
        if n.probe and n.parent == 0:
            parts.append(f"(probe {n.probe})")
        if n.filtered:
            parts.append(f"{n.filtered} filtered out")
        if n.stand_pat is not None:
            parts.append(f"quiescence (stand pat {value(n.stand_pat)})")
        elif n.quiescence:
            parts.append("quiescence")
        if n.on_pv:
            parts.append("*")
        lines.append(lead + branch + " ".join(parts))
        child_lead = lead + ("" if not branch else ("   " if branch.startswith("└") else "│  "))
        children = n.children
        for i, c in reversed(list(enumerate(children))):
            stack.append((c, child_lead, "└─ " if i == len(children) - 1 else "├─ "))
    return lines


def _value(x: float | None, kit: GameKit) -> str:
    """A value in the tree's words: the game's short label, or plain numbers as written on
    the slide for a classroom tree."""
    if x is None:
        return "?"
    if not kit.playable or math.isinf(x):
        return _number(x)
    return profile_for(kit).value_label(x, exact=False).short


def _precise(x: float | None, kit: GameKit) -> str:
    """A probe's figure: the game's label for a whole value (a win, a disc count), else the
    number itself, since the probes of an estimate differ by fractions the label rounds."""
    if x is not None and not math.isinf(x) and x != round(x):
        return f"{x:+.3f}"
    return _value(x, kit)


def _number(x: float) -> str:
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    x = round(x, 6) + 0.0  # a null window's side 1e-9 off a whole number is that number
    return str(int(x)) if x == int(x) else f"{x:.4g}"


def teaching_kit() -> GameKit:
    """The game whose trees are typed, not played (the classroom's)."""
    return next(kit for kit in all_kits() if not kit.playable)
