"""The compare pane: the position searched by each algorithm and refinement, as bars.

Rows run one at a time on the worker, cheapest first (the search that plays), so by the time
the expensive ones come (plain minimax) the machine's speed is known: a row whose estimated
time is over ``LONG_S`` waits for the teacher to ask for it, with its estimate shown, and a
running row can be stopped. The estimate for a full-width tree multiplies the number of moves
(or dice outcomes) along the first line of play, ply by ply, and divides by the measured speed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ai.api import Limits, SearchConfig
from game.core import CHANCE, TERMINAL
from game.ui import theme
from game.ui.lab import charts, style
from game.ui.widgets import Button, Choice, Widget, dispatch_pointer, draw_text

LONG_S = 15.0
#: Speed assumed before any row has run (nodes per second of the pure-Python searchers).
FIRST_GUESS_NPS = 50_000.0


@dataclass
class Row:
    label: str
    config: SearchConfig
    nodes: int = 0
    time_s: float = 0.0
    value: float | None = None
    move: str | None = None
    status: str = "waiting"  # waiting | running | done | long | stopped | error
    estimate_nodes: float = 0.0


def full_tree_estimate(state: Any, depth: int) -> float:
    """Nodes of a full-width search to ``depth``: 1 + b1 + b1*b2 + ..., with b_i the number of
    moves (or dice outcomes) at ply i along the first line of play."""
    total, width = 1.0, 1.0
    for _ in range(depth):
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            options = state.chance_outcomes()
            width *= len(options)
            state = state.apply(options[0][0])
        else:
            moves = state.legal_moves()
            width *= len(moves)
            state = state.apply(moves[0])
        total += width
    return total


def compare_rows(game_id: str, depth: int, chance: bool) -> list[Row]:
    """The searches to compare, in the order of the picture (most nodes first)."""
    limits = Limits(depth=depth)
    plain = SearchConfig(game_id, "alphabeta", limits, use_tt=False, use_ordering=False,
                         exact=False, use_pvs=False, use_aspiration=False)
    if chance:
        emm = SearchConfig(game_id, "expectiminimax", limits, exact=False, use_star1=False,
                           use_move_filter=False)
        return [
            Row("expectiminimax, no pruning", emm),
            Row("+ Star1 pruning", _with(emm, use_star1=True)),
            Row("+ move filtering (plays)", _with(emm, use_star1=True, use_move_filter=True)),
        ]
    return [
        Row("minimax", SearchConfig(game_id, "minimax", limits, use_tt=False,
                                    use_ordering=False, exact=False)),
        Row("alpha-beta, no ordering", plain),
        Row("+ move ordering", _with(plain, use_ordering=True)),
        Row("+ transposition table", _with(plain, use_ordering=True, use_tt=True)),
        Row("+ PVS, aspiration (plays)", _with(plain, use_ordering=True, use_tt=True,
                                              use_pvs=True, use_aspiration=True)),
    ]


def _with(config: SearchConfig, **switches: Any) -> SearchConfig:
    from dataclasses import replace

    return replace(config, **switches)


class ComparePane:
    title = "Compare"

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self.depth = ctx.defaults.depth
        self.rows: list[Row] = []
        self.current: int | None = None
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.widgets: list[Widget] = []
        self.started = False
        from ai.profiles import profile_for

        self.chance = profile_for(ctx.game_id).default_algorithm == "expectiminimax"

    # ---- running ---------------------------------------------------------------------------
    def on_show(self) -> None:
        if not self.started:
            self.run()

    def run(self, include_long: bool = False) -> None:
        """Start (or restart) the comparison; ``include_long`` also runs the long rows."""
        if not include_long or not self.rows:
            self.rows = compare_rows(self.ctx.game_id, self.depth, self.chance)
            for row in self.rows:
                row.estimate_nodes = full_tree_estimate(self.ctx.state, self.depth)
        self.started = True
        self.include_long = include_long
        self._next()

    def run_long(self) -> None:
        for row in self.rows:
            if row.status in ("long", "stopped"):
                row.status = "waiting"
        self.run(include_long=True)

    def nodes_per_s(self) -> float:
        done = [r for r in self.rows if r.status == "done" and r.time_s > 0.05]
        if not done:
            return FIRST_GUESS_NPS
        return sum(r.nodes for r in done) / sum(r.time_s for r in done)

    def estimate_s(self, row: Row) -> float:
        return row.estimate_nodes / self.nodes_per_s()

    def _next(self) -> None:
        """Run the cheapest row still waiting (rows are listed most expensive first)."""
        for i in range(len(self.rows) - 1, -1, -1):
            row = self.rows[i]
            if row.status != "waiting":
                continue
            full_width = i == 0  # minimax / expectiminimax without pruning
            if full_width and not self.include_long and self.estimate_s(row) > LONG_S:
                row.status = "long"
                continue
            self.current = i
            row.status = "running"
            self.ctx.jobs.start_search(self.ctx.state, row.config, on_done=self._done,
                                       on_error=self._failed)
            return
        self.current = None

    def _done(self, result: Any) -> None:
        row = self.rows[self.current] if self.current is not None else None
        if row is None:
            return
        row.nodes, row.time_s = result.stats.nodes, result.stats.time_s
        row.value, row.status = result.score, "done"
        try:
            row.move = self.ctx.game.format_move(self.ctx.state, result.move)
        except Exception:  # noqa: BLE001
            row.move = str(result.move)
        self._next()

    def _failed(self, message: str) -> None:
        if self.current is not None:
            self.rows[self.current].status = "error"
        self.ctx.show_message(f"Compare: {message}", True)
        self._next()

    def stop(self) -> None:
        if self.current is not None and self.ctx.jobs.running:
            row = self.rows[self.current]
            row.status = "stopped"
            row.time_s = self.ctx.jobs.elapsed_s
            self.ctx.jobs.stop()
            self.current = None
            self.ctx.show_message(f"Stopped {row.label}")

    def notes(self) -> dict[int, str]:
        out = {}
        for i, row in enumerate(self.rows):
            est = (f"estimated ~{charts.seconds_text(self.estimate_s(row))}, "
                   f"~{charts.si(row.estimate_nodes)} nodes")
            if row.status == "running":
                p = self.ctx.jobs.progress
                seen = f", {charts.si(p.nodes)} nodes so far" if p is not None else ""
                out[i] = f"running… {self.ctx.jobs.elapsed_s:.1f} s{seen} ({est})"
            elif row.status == "long":
                out[i] = f"not run: {est} — press L to run it"
            elif row.status == "stopped":
                out[i] = f"stopped after {row.time_s:.1f} s ({est})"
            elif row.status == "waiting":
                out[i] = "waiting"
            elif row.status == "error":
                out[i] = "failed"
        return out

    # ---- layout and events ---------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        size = self.ctx.text_size
        row = max(24, int(size * 1.9))
        self.chart = pygame.Rect(rect.x, rect.y, rect.width, rect.height - row - size)
        y = self.chart.bottom + size // 2
        specs: list[tuple[Widget, int]] = [
            (Choice("Depth", [(d, str(d)) for d in range(1, self.ctx.defaults.max_depth + 1)],
                    self.depth, lambda v: setattr(self, "depth", v)), 3),
            (Button("Run  ↵", self.run, active=True), 2),
            (Button("Run long ones  L", self.run_long), 3),
            (Button("Stop  S", self.stop), 2),
        ]
        x = rect.x
        self.widgets = []
        for w, units in specs:
            w.rect = pygame.Rect(x, y, int(rect.width * 0.075 * units), row)
            x = w.rect.right + size // 2
            self.widgets.append(w)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
            if any(w.rect.collidepoint(pos) for w in self.widgets):
                dispatch_pointer(self.widgets, event)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_RETURN: self.run, pygame.K_KP_ENTER: self.run,
                    pygame.K_l: self.run_long, pygame.K_s: self.stop}
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        return False

    def update(self, dt: float) -> None:
        for w in self.widgets:
            if isinstance(w, Button) and w.text.startswith("Stop"):
                w.enabled = self.current is not None
            if isinstance(w, Button) and w.text.startswith("Run long"):
                w.enabled = any(r.status in ("long", "stopped") for r in self.rows)

    def title_text(self) -> str:
        return (f"{self.ctx.game.name}, depth {self.depth}: the same position searched "
                f"each way ({self.ctx.game.format_position(self.ctx.state)})")

    def export_png(self, path: str) -> None:
        from game.ui.lab.export import export_compare_png

        if not any(r.status == "done" for r in self.rows):
            raise ValueError("no search finished yet")
        export_compare_png([r for r in self.rows if r.status == "done"], path,
                           self.title_text(), self.ctx.game_id)

    def draw(self, surface: pygame.Surface) -> None:
        size = self.ctx.text_size
        pygame.draw.rect(surface, style.BG, self.chart, border_radius=8)
        inner = self.chart.inflate(-2 * size, -2 * size)
        draw_text(surface, self.title_text(), (inner.x, inner.y), size, style.PV, bold=True,
                  max_width=inner.width)
        body = pygame.Rect(inner.x, inner.y + int(size * 2), inner.width,
                           inner.height - int(size * 2))
        charts.draw_compare(surface, body, self.rows, size, self.notes(), self.ctx.game_id)
        for w in self.widgets:
            w.draw(surface)
        draw_text(surface, "Bars on log scales: each grid line is ten times the one before.",
                  (self.widgets[-1].rect.right + size, self.widgets[-1].rect.centery),
                  max(10, size - 2), theme.color("text_dim"), anchor="midleft",
                  max_width=self.rect.right - self.widgets[-1].rect.right - size)
