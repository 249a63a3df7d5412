"""How a search tree looks: one shape per node kind, so the tree reads without colour.

max = a triangle pointing up (the player who wants the value up), min = a triangle pointing
down, chance = a circle, leaf (evaluated position) = a square, and a cutoff stub = a small
hatched grey box on a dashed edge. Colour is only a second cue (blue / orange / violet / grey,
a palette that stays distinct under the common forms of colour blindness). What else a node
was (on the principal variation, a table hit, a re-search, searched by quiescence search past
the depth limit) is a mark of its own: ``node_marks``; quiescence's is a dashed pink ring.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache

import pygame

from ai.kit import profile_for
from ai.lab.recording import RecordedNode
from ai.profiles import Profile, true_minus
from game.core import Move, State
from game.kit import GameKit

KINDS = ("max", "min", "chance", "leaf")

KIND_COLOR: dict[str, tuple[int, int, int]] = {
    "max": (86, 160, 240),
    "min": (236, 140, 60),
    "chance": (176, 132, 230),
    "leaf": (200, 204, 212),
}
KIND_NAME: dict[str, str] = {
    "max": "max (root player to move)",
    "min": "min (opponent to move)",
    "chance": "chance (dice)",
    "leaf": "leaf (evaluated)",
}
BG = (28, 31, 38)
EDGE = (104, 112, 128)
PV = (240, 196, 72)
STUB = (110, 114, 122)
TEXT = (226, 230, 238)
DIM = (140, 146, 160)
TT = (120, 210, 150)
UNVISITED = (70, 76, 88)
CURRENT = (255, 255, 255)
#: Quiescence search: a node searched past the depth limit gets a dashed ring of this colour
#: (pink: apart from PV gold, table green, re-search cyan and the kinds' colours), and the
#: depth limit a dashed line across the tree in its darker shade.
QUIESCENCE = (255, 96, 176)
QUIESCENCE_DIM = (150, 62, 110)


def node_marks(node: RecordedNode) -> frozenset[str]:
    """What the tree draws on a searched node besides its shape: "pv" (thick gold outline),
    "quiescence" (dashed pink ring: searched past the depth limit by quiescence search, or
    the horizon node it went on from), "tt" (green dot: a table hit), "research" (a move
    searched again after a probe)."""
    marks = []
    if getattr(node, "on_pv", False):
        marks.append("pv")
    if getattr(node, "quiescence", False):
        marks.append("quiescence")
    if getattr(node, "tt_hit", False):
        marks.append("tt")
    if getattr(node, "research", False):
        marks.append("research")
    return frozenset(marks)


def quiescence_ring(r: float) -> float:
    """The radius of the quiescence ring around a node of half-size ``r``: clear of every
    shape's corners (a triangle's reach 1.28 r)."""
    return r * 1.3 + 3


def draw_dashed_ring(surface: pygame.Surface, color: tuple[int, ...],
                     center: tuple[float, float], radius: float, width: int = 2) -> None:
    """A dashed circle (quiescence nodes): a pattern as well as a colour."""
    cx, cy = center
    if radius < 4:
        pygame.draw.circle(surface, color, (cx, cy), radius, 1)
        return
    n = max(8, int(radius * 2 * math.pi / 5) // 2 * 2)  # an even count: dash, gap, dash...
    for i in range(0, n, 2):
        a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
        pygame.draw.line(surface, color, (cx + radius * math.cos(a0), cy + radius * math.sin(a0)),
                         (cx + radius * math.cos(a1), cy + radius * math.sin(a1)), width)


def shape_points(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of a node of ``kind`` centred at (cx, cy) with half-size ``r``."""
    if kind == "max":
        return [(cx, cy - r), (cx + r, cy + 0.8 * r), (cx - r, cy + 0.8 * r)]
    if kind == "min":
        return [(cx - r, cy - 0.8 * r), (cx + r, cy - 0.8 * r), (cx, cy + r)]
    if kind == "chance":
        return [(cx + r * math.cos(a * math.pi / 8), cy + r * math.sin(a * math.pi / 8))
                for a in range(16)]
    if kind == "leaf":
        s = 0.8 * r
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    raise ValueError(f"unknown node kind {kind!r}")


def draw_shape(surface: pygame.Surface, kind: str, center: tuple[float, float], r: float,
               fill: tuple[int, ...] | None, outline: tuple[int, ...], width: int = 2) -> None:
    """One node: filled (``fill``) or hollow (``fill`` None: not yet visited in step mode)."""
    cx, cy = center
    if r < 2.5:
        surface.fill(fill or outline, (int(cx - 1), int(cy - 1), 3, 3))
        return
    if kind == "chance":
        if fill is not None:
            pygame.draw.circle(surface, fill, (cx, cy), r)
        pygame.draw.circle(surface, outline, (cx, cy), r, width)
        return
    pts = shape_points(kind, cx, cy, r)
    if fill is not None:
        pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, outline, pts, width)


def draw_stub(surface: pygame.Surface, center: tuple[float, float], r: float) -> pygame.Rect:
    """A hatched grey box: the siblings a cutoff never searched."""
    box = pygame.Rect(0, 0, int(2 * r), int(1.4 * r))
    box.center = (int(center[0]), int(center[1]))
    pygame.draw.rect(surface, STUB, box, 1)
    if r >= 4:
        step = max(3, int(r / 2))
        for off in range(-box.height, box.width, step):
            a = (box.x + max(0, off), box.bottom - max(0, -off) - 1)
            b = (box.x + min(box.width, off + box.height) - 1,
                 box.bottom - min(box.height, off + box.height))
            pygame.draw.line(surface, STUB, a, b, 1)
    return box


def draw_dashed(surface: pygame.Surface, color: tuple[int, ...], a: tuple[float, float],
                b: tuple[float, float], dash: float = 5.0) -> None:
    """A dashed line (cutoff edges): pattern as well as grey, for colour-blind readers."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    n = max(1, int(length / dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surface, color, (a[0] + dx * t0, a[1] + dy * t0),
                         (a[0] + dx * t1, a[1] + dy * t1), 1)


#: A value cut short by the window is a bound: "at most" (≤) or "at least" (≥).
BOUND_PREFIX = {"upper": "≤", "lower": "≥", "exact": ""}


@cache
def _profile(kit: GameKit):  # -> ai.profiles.Profile | None

    try:
        profile = profile_for(kit)
    except ValueError:
        return None
    # A teaching tree has no unit: its values are the plain numbers written on the slide.
    return None if type(profile) is Profile else profile


def value_text(value: float | None, kit: GameKit | None = None) -> str:
    """A node value, short, in the game's terms: "W5", "+4" (discs), "+0.12" (points a
    game); a teaching tree's values as written: "3", "2.2"."""
    if value is None:
        return "—"
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    value = round(value, 6)  # a window edge 1e-9 off a whole number is that number
    profile = _profile(kit) if kit is not None else None
    if profile is not None:
        return true_minus(profile.value_label(value, exact=False).short)
    return true_minus(f"{value:.4g}" if value != int(value) else str(int(value)))


def bound_text(value: float | None, infinite_sign: int, kit: GameKit | None = None) -> str:
    if value is None:
        return "+∞" if infinite_sign > 0 else "−∞"
    if math.isinf(value) or abs(value) >= 1e9:
        return "+∞" if value > 0 else "−∞"
    return value_text(value, kit)


#: Narrower than this, a window is a principal-variation "null window" (alpha, alpha + ε).
NULL_WINDOW = 1e-6


def window_text(alpha: float | None, beta: float | None, kit: GameKit | None = None) -> str:
    """The (alpha, beta) window a node was entered with, e.g. "(3, +∞)"; a null window
    (PVS's "is this move better than alpha?") as "null window at 3", since "(L4, L4+ε)" is no
    value a game can have."""
    low = bound_text(alpha, -1, kit)
    if alpha is not None and beta is not None and 0 < beta - alpha < NULL_WINDOW:
        return f"null window at {low}"
    if alpha is not None and beta is not None and 0 < alpha - beta < NULL_WINDOW:
        return f"null window at {bound_text(beta, 1, kit)}"
    return f"({low}, {bound_text(beta, 1, kit)})"


def probability_text(p: float | None) -> str:
    """A chance edge's probability as a reader expects it: 1/36, 1/18, 0.9."""
    if p is None:
        return ""
    for den in (2, 3, 4, 6, 8, 9, 12, 18, 36):
        num = p * den
        if abs(num - round(num)) < 1e-9 and round(num) >= 1 and den > 2 and p < 0.5:
            return f"{int(round(num))}/{den}"
    return f"{p:.2g}"


# ---- what the edges and the header say ---------------------------------------------------
#: A child a cutoff left unsearched: drawn hollow-grey on a dashed edge, its value when known.
SKIPPED_FILL = (54, 58, 66)
#: The badge of a move searched a second time (a re-search after a null-window probe).
RESEARCH = (120, 200, 230)


def edge_text(node: RecordedNode, kit: GameKit | None = None) -> str:
    """The label of the edge into ``node``: the move in the game's notation, or what the
    game's kit labels it with (``GameKit.edge_label``: Nim's heaps left, "3,1,5")."""
    move = getattr(node, "move", None) or ""
    state = getattr(node, "state", None)
    label = _edge_label(kit)
    if label is None or not move or state is None:
        return move
    return label(state, getattr(node, "raw_move", None))


def skipped_edge_text(parent: RecordedNode, label: str, kit: GameKit | None = None) -> str:
    """The label of the edge to a child a cutoff skipped: its move, or what the kit labels
    it with, worked out from the parent's position (the rules are cheap)."""
    state = getattr(parent, "state", None)
    edge_label = _edge_label(kit)
    if kit is None or edge_label is None or state is None:
        return label
    try:
        move = kit.rules().parse_move(state, label)
        return edge_label(state.apply(move), move)
    except ValueError:  # a label the rules cannot read: show it as recorded
        return label


@cache
def _edge_label(kit: GameKit | None) -> Callable[[State, Move], str] | None:
    """The kit's edge labeller (None: the move's notation, or no game), read from the kit's
    class: it is a plain function there, never a method of the kit."""
    return None if kit is None else type(kit).edge_label


def skipped_kind(nodes: Sequence[RecordedNode], parent: RecordedNode, value: float | None) -> str:
    """The shape a skipped child is drawn with: a leaf when its value is known or the horizon
    is one ply down; else the kind of its searched siblings (what the next ply is)."""
    if value is not None or parent.depth <= 1:
        return "leaf"
    for cid in parent.children:
        kind = nodes[cid].kind
        if kind != "leaf":
            return kind
    return {"max": "min", "min": "max"}.get(parent.kind, "max")


def pruning_text(nodes: Sequence[RecordedNode]) -> str:
    """The header's prunings, counted as the slides count them: "1 pruning (2 leaves
    skipped)"; a pruning is a node whose cutoff skipped at least one child, and the skipped
    children are named by what they are (leaves, whole subtrees, rolls of the dice)."""
    prunings = 0
    counts = {"leaf": 0, "subtree": 0, "roll": 0}
    for node in nodes:
        if not node.pruned:
            continue
        prunings += 1
        values = [v for _, v in getattr(node, "skipped", ())]
        values += [None] * max(0, node.pruned - len(values))
        for value in values[:node.pruned]:
            if node.kind == "chance":
                counts["roll"] += 1
            elif value is not None or node.depth <= 1:
                counts["leaf"] += 1
            else:
                counts["subtree"] += 1
    if not prunings:
        return "no pruning"
    words = {"leaf": ("leaf", "leaves"), "subtree": ("subtree", "subtrees"),
             "roll": ("roll", "rolls")}
    skipped = ", ".join(f"{n:,} {words[k][n != 1]}" for k, n in counts.items() if n)
    return f"{prunings:,} pruning{'s' if prunings != 1 else ''} ({skipped} skipped)"


def research_pairs(nodes: Sequence[RecordedNode]) -> dict[int, int]:
    """First visit -> re-search, for every move searched twice at one node: PVS's
    null-window probe followed by the full-window search of the same move, or a root move
    tried in a failed aspiration window and then searched again. The screen draws such a
    move once, as the re-search, with its first visit dashed beside it."""
    pairs: dict[int, int] = {}
    for node in nodes:
        if not any(nodes[c].research for c in node.children):
            continue
        earlier: dict[str | None, list[int]] = {}
        for cid in node.children:
            child = nodes[cid]
            if child.research and earlier.get(child.move):
                pairs[earlier[child.move].pop()] = cid
            # A re-search can be superseded in turn (an aspiration re-pass's probe).
            earlier.setdefault(child.move, []).append(cid)
    return pairs
