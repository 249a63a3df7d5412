"""The "watch it think" side panel: live search figures while the AI searches, the full story
(principal variation, nodes, cutoffs) once it has moved."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.ui import theme
from game.ui.widgets import draw_text, format_score


@dataclass
class ThinkInfo:
    """What the panel shows; the play scene fills it from worker replies."""

    title: str = ""
    algorithm: str = ""
    thinking: bool = False
    purpose: str = "move"  # "move" | "hint" | "analysis"
    depth: int = 0
    nodes: int = 0
    elapsed_s: float = 0.0
    best_move: str = ""
    score: float | None = None
    # after a finished search
    done: bool = False
    pv: list[str] = field(default_factory=list)
    cutoffs: int = 0
    tt_hits: int = 0
    tt_probes: int = 0
    complete: bool = True
    final_depth: int = 0

    @property
    def nodes_per_s(self) -> float:
        return self.nodes / self.elapsed_s if self.elapsed_s > 0 else 0.0


def _fmt_int(n: float) -> str:
    n = int(n)
    if n >= 10_000_000:
        return f"{n / 1e6:.1f} M"
    if n >= 100_000:
        return f"{n / 1e3:.0f} k"
    return f"{n:,}".replace(",", " ")


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    info: ThinkInfo,
    players: list[tuple[str, str, bool]],
    now: float,
    aux: ThinkInfo | None = None,
) -> int:
    """Draw the panel into ``rect``; ``players`` = (side name, who, to move). Returns the y
    below the drawn content so the caller can place buttons underneath."""
    pad = max(10, rect.width // 22)
    size = theme.text_size(surface.get_height())
    small = max(11, int(size * 0.85))
    line = int(size * 1.5)
    x, y = rect.x + pad, rect.y + pad
    width = rect.width - 2 * pad
    dim, text, accent = theme.color("text_dim"), theme.color("text"), theme.color("accent")

    for side, who, to_move in players:
        marker = "▶ " if to_move else "   "
        col = accent if to_move else text
        draw_text(surface, f"{marker}{side}", (x, y), size, col, bold=True, max_width=width // 2)
        draw_text(surface, who, (rect.right - pad, y), small, dim, anchor="topright",
                  max_width=width // 2 + pad)
        y += line
    y += line // 3
    pygame.draw.line(surface, theme.color("panel_border"), (x, y), (rect.right - pad, y), 1)
    y += line // 2

    if not info.algorithm and aux is not None:
        info, aux = aux, None  # no AI move yet: the hint / values search is the story
    heading = info.title or "AI"
    draw_text(surface, heading, (x, y), size, text, bold=True, max_width=width - size - 4)
    y += line
    if info.thinking:
        dots = "." * (1 + int(now * 3) % 3)
        draw_text(surface, f"thinking{dots}", (x, y - line // 4), small, accent, bold=True)
        # a small spinner so the player sees the search is alive
        cx, cy, r = rect.right - pad - size // 2, y - line + size // 2 + 2, size // 2
        a = now * 6.0
        pygame.draw.circle(surface, theme.color("panel_border"), (cx, cy), r, 2)
        pygame.draw.line(surface, accent, (cx, cy), (cx + r * math.cos(a), cy + r * math.sin(a)), 3)
        y += int(small * 1.3)
    elif info.done:
        done = "search finished" if info.complete else "search stopped at the limit"
        draw_text(surface, done, (x, y - line // 4), small, dim)
        y += int(small * 1.3)

    if not info.algorithm:
        draw_text(surface, "No search yet. Press H for a hint.", (x, y), small, dim,
                  max_width=width)
        return y + line

    rows = [
        ("Algorithm", info.algorithm),
        ("Depth", str(info.depth)),
        ("Nodes", _fmt_int(info.nodes)),
        ("Nodes/s", _fmt_int(info.nodes_per_s)),
        ("Time", f"{info.elapsed_s:.2f} s"),
        ("Best move", info.best_move or "—"),
        ("Value", format_score(info.score)),
    ]
    if info.done:
        rows.append(("Cutoffs", _fmt_int(info.cutoffs)))
        if info.tt_probes:
            rows.append(("TT hits", f"{_fmt_int(info.tt_hits)} / {_fmt_int(info.tt_probes)}"))
    for label, value in rows:
        draw_text(surface, label, (x, y), small, dim, max_width=width // 2)
        draw_text(surface, value, (rect.right - pad, y), small, text, bold=True,
                  anchor="topright", max_width=width // 2 + pad)
        y += int(small * 1.45)
    if info.done and info.pv:
        y += small // 2
        draw_text(surface, "Principal variation", (x, y), small, dim)
        y += int(small * 1.4)
        f_pv = " ".join(info.pv)
        from game.ui.assets import font
        from game.ui.widgets import wrap_text

        for ln in wrap_text(f_pv, font(small), width)[:3]:
            draw_text(surface, ln, (x, y), small, text, max_width=width)
            y += int(small * 1.35)
    if aux is not None and aux.algorithm:
        y += small
        pygame.draw.line(surface, theme.color("panel_border"), (x, y), (rect.right - pad, y), 1)
        y += small // 2
        state = "searching…" if aux.thinking else f"depth {aux.depth}"
        draw_text(surface, f"{aux.title}: {state}", (x, y), small, dim, bold=True,
                  max_width=width)
        y += int(small * 1.4)
        line2 = f"{_fmt_int(aux.nodes)} nodes · best {aux.best_move or '—'} {format_score(aux.score)}"
        draw_text(surface, line2, (x, y), small, text, max_width=width)
        y += int(small * 1.4)
    return y + small
