"""A Monte Carlo tree search's recording (ai.lab.mcts_recording) in words and widths, for the
tree explorer and ``explain`` alike: each node's visits N and mean reward, edges as wide as
their visits, the node card's N, W and UCB1 terms, and over the path to the selected node each
edge's UCB value split into exploitation + exploration (what selection compared to walk it).

Values are mean rewards (ai.mcts.units), never the game's units: "+0.24", not "W5".
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ai.kit import profile_for
from ai.lab.recording import RecordedNode, SearchRecording
from ai.mcts.units import mean_label
from ai.profiles import true_minus

#: The widest edge, in px, for the most visited child of the root.
MAX_EDGE_PX = 9


def is_mcts(recording: object) -> bool:
    return getattr(recording, "algorithm", "") == "mcts"


def mean_text(value: float | None) -> str:
    if value is None:
        return "—"
    return true_minus("0" if abs(value) < 5e-3 else f"{value:+.2f}")


def node_texts(node: RecordedNode) -> list[str]:
    """The lines under a node: its mean (MAX's view) and its visits."""
    return [mean_text(node.value), f"N {node.visits or 0:,}"]


def edge_width(visits: int, root_visits: int) -> int:
    """An edge's width by its child's visits: the square root of its share of the root's,
    so the most visited line stands out and a single visit still shows."""
    share = visits / max(1, root_visits)
    return max(1, round(MAX_EDGE_PX * math.sqrt(share)))


def ucb_text(node: RecordedNode) -> str | None:
    """"0.31 + 0.21 = 0.52": exploitation + exploration = UCB, as the parent compares it
    (None: the root, a chance outcome)."""
    a, b = node.exploitation, node.exploration
    if a is None or b is None:
        return None
    return f"{mean_text(a)} + {b:.2f} = {mean_text(a + b)}"


def header_parts(rec: SearchRecording) -> list[str]:
    """The header's figures for an MCTS recording."""
    kit = rec.kit
    counted = rec.stats.get("iterations")
    iterations = int(counted) if isinstance(counted, (int, float)) else rec.nodes[0].visits or 0
    c = rec.stats.get("c", 0)
    said = (mean_label(profile_for(kit), rec.value).long if kit is not None
            else mean_text(rec.value))
    c_text = f"{float(c):.2f}" if isinstance(c, (int, float)) else "?"
    return [f"MCTS (UCT, C = {c_text}) · {iterations:,} iterations",
            f"{rec.node_count:,} nodes",
            true_minus(f"move {rec.move or '—'} (most visits): {said}")]


def summary_lines(rec: SearchRecording, position: str) -> list[str]:
    """``explain``'s lines above an MCTS tree: iterations, not a depth; visits and mean
    rewards, not pruning."""
    lines = [rec.description] if rec.description else []
    search, size, answer = header_parts(rec)
    lines.append(f"{search}: {position}")
    lines.append(f"{answer}; {size} in the tree")
    lines.append("(each node: its visits N; its mean reward from MAX's view, the root mover's; "
                 "and UCB1 = exploitation + exploration as its parent compares it, the "
                 "exploitation from the view of the side choosing there; * the line by visits)")
    if rec.truncated:
        lines.append(f"(only nodes with enough visits are listed: {rec.truncated:,} seldom "
                     "visited nodes are left out)")
    return lines


def tree_line(node: RecordedNode) -> str:
    """One node as ``explain`` lists it: "a3 MIN  N 45  mean +0.07  UCB +0.07 + 0.61 = +0.68"
    (the mean from MAX's view, as the explorer colours it)."""
    kind = "leaf" if node.kind == "leaf" else node.kind.upper()
    parts = [node.move or "root", kind]
    if node.probability is not None:
        parts.append(f"p={node.probability:.3g}")
    parts += [f" N {node.visits or 0:,}", f" mean {mean_text(node.value)}"]
    ucb = ucb_text(node)
    if ucb is not None:
        parts.append(f" UCB {ucb}")
    if node.untried:
        parts.append(f" ({node.untried} untried)")
    if node.on_pv:
        parts.append("*")
    return " ".join(parts)


def card_lines(rec: SearchRecording, nid: int) -> list[str]:
    """The node card's MCTS lines: N, W, the mean, UCB1's terms, untried moves."""
    node = rec.nodes[nid]
    n, w = node.visits or 0, node.reward or 0.0
    who = "the player to move there" if node.parent is None else "the player who moved here"
    lines = [f"Visits N: {n:,}   total reward W: {true_minus(f'{w:+.2f}')} ({who})",
             f"Mean W/N: {mean_text(w / n if n else None)}"
             f"   (from MAX's view: {mean_text(node.value)})"]
    text = ucb_text(node)
    if text is not None:
        lines.append(f"UCB1 = exploitation + exploration = {text}")
    elif node.probability is not None:
        lines.append("A chance outcome: drawn by its probability, not chosen by UCB1")
    if node.untried:
        lines.append(f"Untried moves: {node.untried} (expanded one an iteration)")
    if node.unrecorded:
        lines.append(f"{node.unrecorded} children with few visits not drawn")
    return lines


def path_ucb(rec: SearchRecording, path: Sequence[int]) -> list[tuple[int, str]]:
    """(node, its UCB split) for each node on ``path`` below the root that has one."""
    out = []
    for nid in path[1:]:
        text = ucb_text(rec.nodes[nid])
        if text is not None:
            out.append((nid, text))
    return out

