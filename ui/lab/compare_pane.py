"""The compare pane: the position searched by each algorithm and refinement, as bars.

The comparison is ai.lab.compare.compare (the same rows as ``explain --compare``), run as one task on
the worker: each row arrives as it finishes, so the bars grow while the rest run. A row whose
estimate (the same search at shallower depths, extrapolated) is over ai.lab.compare.LONG_ROW_S is not
run but shows its estimate; "Run long ones" runs the comparison again with those included, and
Stop cancels (the running row ends "stopped").
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ai.api import SearchConfig
from ai.lab.compare import LONG_ROW_S, CompareRow, compare_specs
from ai.lab.compare_mcts import MCTS_LABELS
from ai.lab.search import TEACHING, lab_config
from ai.lab.tasks import CompareTask
from ui import theme
from ui.assets import font
from ui.lab import charts
from ui.lab.chart_pane import ChartPane
from ui.lab.export import export_compare_png
from ui.lab.pane import LabContext
from ui.text import first_fitting
from ui.widgets import Button, Choice, Widget, draw_text


class ComparePane(ChartPane):
    title = "Compare"

    def __init__(self, ctx: LabContext) -> None:
        super().__init__(ctx)
        self.depth = ctx.defaults.depth
        self.rows: list[CompareRow] = []
        self.labels: list[str] = []
        self.force = False
        self.stopped = False

    # ---- running ---------------------------------------------------------------------------
    def run(self, force: bool = False) -> None:
        """Compare at the chosen depth; ``force`` also runs the rows estimated too long."""
        state = self.ctx.state
        base, level = self.level_search()
        self.labels = [*(s.label for s in compare_specs(state, self.ctx.kit, self.depth,
                                                        base, level)), *MCTS_LABELS]
        self.rows, self.force, self.stopped, self.error = [], force, False, ""
        self.started = True
        task = CompareTask(state, self.ctx.game_id, self.depth, force=force,
                           max_row_s=LONG_ROW_S, base=base, level=level, with_mcts=True)
        self.ctx.jobs.start(task, state, on_done=self._done, on_error=self._failed,
                            on_progress=self._row, owner=self)

    def level_search(self) -> tuple[SearchConfig, str | None]:
        """The level's configuration the rows are built from (its evaluator; the row that is
        its own search is marked), and its name (None in teaching mode: no row "plays")."""
        level = getattr(self.ctx, "level", TEACHING)
        base = lab_config(self.ctx.kit, level, self.depth, self.ctx.state)
        return base, None if level.lower() == TEACHING.lower() else level

    def on_level(self, level: str) -> None:
        """Compare again with the new level's evaluator, at the depth it opens at."""
        if self.running:
            self.ctx.jobs.cancel()
        self.depth = self.ctx.defaults.depth
        self.run()

    def run_long(self) -> None:
        self.run(force=True)

    def stop(self) -> None:
        if self.running:
            self.ctx.jobs.cancel()
            self.stopped = True
            self.ctx.show_message("Comparison stopped")

    def _row(self, row: CompareRow) -> None:
        self.rows.append(row)

    def _done(self, rows: list[CompareRow]) -> None:
        self.rows = list(rows)

    def _failed(self, message: str) -> None:
        self.error = message
        self.ctx.show_message(f"Compare: {message}", True)

    def notes(self) -> dict[int, tuple[str, ...]]:
        """Status text for every row without bars (not run yet, running, too long...), each
        as its wordings, longest first: the chart draws the longest that fits its row (a
        busy machine's longer estimate must not run past the bars' room)."""
        out: dict[int, tuple[str, ...]] = {}
        for i in range(len(self.labels)):
            if i < len(self.rows):
                row = self.rows[i]
                seconds = f"~{charts.seconds_text(row.estimate_s)}"
                est = f"estimated {seconds}, ~{charts.si(row.estimate_nodes)} nodes"
                if row.status == "too long":
                    out[i] = (f"not run: {est} — L runs it", f"not run: {est}",
                              f"not run: {seconds} — L runs it", "not run (L runs it)")
                elif row.status == "stopped":
                    out[i] = ((f"stopped ({est})", f"stopped ({seconds})", "stopped")
                              if row.estimate_s else ("stopped",))
            elif i == len(self.rows) and self.running:
                out[i] = (f"running… {self.ctx.jobs.elapsed_s:.1f} s (S stops)", "running…")
            else:
                out[i] = ("stopped",) if self.stopped or self.error else ("waiting",)
        return out

    def shown_rows(self) -> list[CompareRow]:
        """A row per search: the finished ones, then placeholders labelled for the rest."""
        rows: list[CompareRow] = list(self.rows)
        for label in self.labels[len(rows):]:
            rows.append(CompareRow(label, "", {}, self.depth, "waiting"))
        return rows

    # ---- layout and events ---------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        specs: list[tuple[Widget, int]] = [
            (Choice("Depth", [(d, str(d)) for d in range(1, self.ctx.defaults.max_depth + 1)],
                    self.depth, lambda v: setattr(self, "depth", v)), 3),
            (Button("Run  ↵", self.run, active=True), 2),
            (Button("Run long ones  L", self.run_long), 3),
            (Button("Stop  S", self.stop), 2),
        ]
        self.layout_controls(rect, specs)

    def keys(self) -> dict[int, Callable[[], None]]:
        return {**super().keys(), pygame.K_l: self.run_long}

    def update(self, dt: float) -> None:
        super().update(dt)
        for w in self.widgets:
            if isinstance(w, Button) and w.text.startswith("Run long"):
                w.enabled = not self.running and any(
                    r.status in ("too long", "stopped") for r in self.rows)

    def title_text(self) -> str:
        return (f"{self.ctx.game.name}, depth {self.depth}: the same position searched "
                f"each way ({self.ctx.game.format_position(self.ctx.state)})")

    def export_png(self, path: str) -> None:
        if not any(r.status == "done" for r in self.rows):
            raise ValueError("no search finished yet")
        export_compare_png(self.rows, path, self.title_text(), self.ctx.kit)

    def draw(self, surface: pygame.Surface) -> None:
        size = self.ctx.text_size
        body = self.draw_frame(surface)
        charts.draw_compare(surface, body, self.shown_rows(), size, self.notes(),
                            self.ctx.kit)
        for w in self.widgets:
            w.draw(surface)
        room = self.rect.right - self.widgets[-1].rect.right - size
        # The longest wording that fits beside the buttons (a projector's text is large).
        note = first_fitting(("Log scales: each grid line ×10", "Log scales: ×10 a line",
                              "log ×10"), font(max(10, size - 2)), room)
        draw_text(surface, note,
                  (self.widgets[-1].rect.right + size, self.widgets[-1].rect.centery),
                  max(10, size - 2), theme.color("text_dim"), anchor="midleft",
                  max_width=room)
