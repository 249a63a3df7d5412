"""``explain``'s text: the lines above a recorded tree (whose search, what it found, what it
cost, MTD(f)'s probes, aspiration's first try) and the tree itself as indented lines, each
node with its window and value, or for MCTS its visits, mean and UCB1 terms
(ai.lab.mcts_text)."""

from __future__ import annotations

import math

from ai.api import BOOK
from ai.kit import profile_for
from ai.lab.compare_notes import aspiration_note, taken_over_note
from ai.lab.mcts_text import is_mcts, summary_lines, tree_line
from ai.lab.recording import SearchRecording
from ai.mcts.units import value_label
from game.kit import GameKit


def value_text(recording: SearchRecording, kit: GameKit) -> str:
    """The recorded value in the game's words (``kit``: the game searched); exact ("draw",
    "win in 5") when the search proved it, an estimate otherwise."""
    return value_label(profile_for(kit), recording.value, exact=recording.exact,
                       algorithm=recording.algorithm).long


def summary(recording: SearchRecording, kit: GameKit, position: str) -> list[str]:
    """The lines above the tree: whose search, what it found, and what it cost."""
    if is_mcts(recording):
        return summary_lines(recording, position)
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
    mcts = is_mcts(recording)
    stack: list[tuple[int, str, str]] = [(0, "", "")]
    while stack:
        if len(lines) >= limit:
            lines.append(f"... {len(recording.nodes) - limit:,} more nodes (use --json)")
            break
        node_id, lead, branch = stack.pop()
        n = recording.nodes[node_id]
        children = n.children
        if mcts:  # most visited first: the line the search believes in leads
            lines.append(lead + branch + tree_line(n))
            children = sorted(children, key=lambda c: -(recording.nodes[c].visits or 0))
            _push_children(stack, children, lead, branch)
            continue
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
        _push_children(stack, children, lead, branch)
    return lines


def _push_children(stack: list[tuple[int, str, str]], children: list[int], lead: str,
                   branch: str) -> None:
    """Stack ``children`` so they pop first to last, each with its branch drawing."""
    child_lead = lead + ("" if not branch else ("   " if branch.startswith("└") else "│  "))
    for i, c in reversed(list(enumerate(children))):
        stack.append((c, child_lead, "└─ " if i == len(children) - 1 else "├─ "))


def _value(x: float | None, kit: GameKit) -> str:
    """A value in the tree's words: the game's short label, or plain numbers as written on
    the slide for a classroom tree."""
    if x is None:
        return "?"
    if not kit.playable or math.isinf(x):
        return number_text(x)
    return profile_for(kit).value_label(x, exact=False).short


def _precise(x: float | None, kit: GameKit) -> str:
    """A probe's figure: the game's label for a whole value (a win, a disc count), else the
    number itself, since the probes of an estimate differ by fractions the label rounds."""
    if x is not None and not math.isinf(x) and x != round(x):
        return f"{x:+.3f}"
    return _value(x, kit)


def number_text(x: float) -> str:
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    x = round(x, 6) + 0.0  # a null window's side 1e-9 off a whole number is that number
    return str(int(x)) if x == int(x) else f"{x:.4g}"
