"""The convergence pane: Monte Carlo tree search on the position, watched as it learns
(ai.lab.convergence, run as one task on the worker). Each doubling of the iterations arrives
as it is done, so the lines grow while the search runs; at the end the minimax value joins
them where the position can be searched to its end.

Always offered, whatever the lab's level: the chart is MCTS's answer to the question the
other views raise ("what would the other road make of this position?"), with the level's
playouts (guided where the game offers them). A classroom tree has no games to play out.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ai.api import SearchConfig
from ai.kit import profile_for
from ai.lab.convergence import ConvergenceChart, ConvergencePoint
from ai.lab.search import TEACHING, lab_config, playout_words
from ai.lab.tasks import ConvergenceTask
from ai.mcts.units import mean_label
from ai.profiles import true_minus
from ui import theme
from ui.assets import font
from ui.lab import style
from ui.lab.chart_pane import ChartPane
from ui.lab.convergence_plot import draw_convergence
from ui.lab.pane import LabContext
from ui.text import two_lines
from ui.widgets import Button, Choice, Widget, draw_centred_lines

#: The iterations offered, and the first choice.
ITERATIONS = (256, 1024, 4096, 16384, 65536)
DEFAULT_ITERATIONS = 2048


class ConvergencePane(ChartPane):
    title = "Convergence"

    def __init__(self, ctx: LabContext) -> None:
        super().__init__(ctx)
        self.iterations = DEFAULT_ITERATIONS
        self.points: list[ConvergencePoint] = []
        self.chart_data: ConvergenceChart | None = None
        self.status_x = self.rect.x

    def config(self) -> SearchConfig:
        """The level's search, whose playouts MCTS uses (ai.lab.convergence.mcts_config)."""
        level = getattr(self.ctx, "level", TEACHING)
        return lab_config(self.ctx.kit, level, None, self.ctx.state)

    def search_words(self) -> str:
        """The line under the tabs: whose search this view runs, and its playouts (guided
        by the level's evaluator where the game offers that, else uniformly random)."""
        playouts = playout_words(replace(self.config(), algorithm="mcts"))
        return f"MCTS (UCT, C = √2), {self.iterations:,} iterations, {playouts}"

    def on_level(self, level: str) -> None:
        if self.running:
            self.ctx.jobs.cancel()
        self.run()

    def run(self) -> None:
        self.points = []
        self.chart_data = None
        self.error = ""
        self.started = True
        task = ConvergenceTask(self.ctx.state, self.config(), self.iterations)
        self.ctx.jobs.start(task, self.ctx.state, on_done=self._done, on_error=self._failed,
                            on_progress=self._progress, owner=self)

    def stop(self) -> None:
        if self.running:
            self.ctx.jobs.cancel()
            last = self.points[-1].iterations if self.points else 0
            self.ctx.show_message(f"Stopped after {last:,} iterations")

    def _progress(self, point: ConvergencePoint) -> None:
        if self.points and self.points[-1].iterations == point.iterations:
            self.points[-1] = point
        else:
            self.points.append(point)

    def _done(self, chart: ConvergenceChart) -> None:
        self.chart_data = chart
        self.points = list(chart.points)

    def _failed(self, message: str) -> None:
        self.error = message
        self.ctx.show_message(f"Convergence: {message}", True)

    def _choose(self, n: int) -> None:
        self.iterations = n

    # ---- layout and events ---------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        choices = [(n, f"{n // 1024}k" if n >= 1024 else str(n))
                   for n in sorted({*ITERATIONS, DEFAULT_ITERATIONS})]
        specs: list[tuple[Widget, int]] = [
            (Choice("Iterations", choices, self.iterations, self._choose), 3),
            (Button("Run  ↵", self.run, active=True), 2),
            (Button("Stop  S", self.stop, enabled=self.running), 2),
        ]
        self.status_x = self.layout_controls(rect, specs) + self.ctx.text_size

    def title_text(self) -> str:
        return (f"{self.ctx.game.name}: MCTS converging on "
                f"{self.ctx.game.format_position(self.ctx.state)}")

    def export_png(self, path: str) -> None:
        if not self.points:
            raise ValueError("no iterations done yet")
        surface = pygame.Surface((1280, 720))
        surface.fill(style.BG)
        draw_convergence(surface, surface.get_rect().inflate(-48, -48), self.chart_data,
                         self.points, 18, 15)
        pygame.image.save(surface, path)

    def _status(self) -> tuple[str, tuple[int, ...]]:
        if self.running:
            done = self.points[-1].iterations if self.points else 0
            return (f"Searching… {done:,} of {self.iterations:,} iterations, "
                    f"{self.ctx.jobs.elapsed_s:.1f} s (S stops)", theme.color("accent"))
        if self.error:
            return self.error, theme.color("bad")
        chart = self.chart_data
        if chart is None:
            return "Press Run", style.DIM
        best = next((m for m in chart.points[-1].moves if m.move == chart.best), None)
        said = mean_label(profile_for(self.ctx.kit), best.mean).long if best else ""
        return (true_minus(f"Done: {chart.points[-1].iterations:,} iterations; plays "
                           f"{chart.best}, {said}"), style.DIM)

    def draw(self, surface: pygame.Surface) -> None:
        size = self.ctx.text_size
        body = self.draw_frame(surface)
        if self.points or not self.error:
            draw_convergence(surface, body, self.chart_data, self.points, size,
                             self.ctx.small_size)
        for w in self.widgets:
            w.draw(surface)
        text, col = self._status()
        room = self.rect.right - self.status_x
        mid = self.widgets[0].rect.centery if self.widgets else self.rect.bottom
        draw_centred_lines(surface, two_lines(text, font(size), room), self.status_x, mid,
                           size, col, int(size * 1.15), room)
