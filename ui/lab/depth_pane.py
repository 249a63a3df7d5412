"""The depth chart pane: the position searched to depth 1, 2, 3, ... (ai.lab.depth_chart.depth_chart, the
same rows as ``explain --depth-chart``), run as one task on the worker. Each depth's row
arrives as it finishes, so the chart grows while the search runs; the next depth's time is
estimated from the last one (its time times the growth in nodes) so a long wait is announced
and can be stopped. A game with noisy moves charts the search with and without quiescence
search side by side (two rows a depth), so the student sees where the answer changes when the
search looks past its depth limit, and what that costs in nodes. Once the search is done,
the real tree is counted depth by depth (ai.lab.minimal_tree: minimax's nodes and leaves,
alpha-beta's best case), and the status says so: each counted row comes again and takes its
depth's place.
"""

from __future__ import annotations

import pygame

from ai.api import SearchConfig
from ai.kit import profile_for
from ai.lab.depth_chart import CountingTree, DepthRow
from ai.lab.search import TEACHING, lab_config, quiescence_applies
from ai.lab.tasks import DepthChartTask
from ui import theme
from ui.assets import font
from ui.lab import charts, style
from ui.lab.chart_pane import ChartPane
from ui.lab.depth_plot import algorithm_label
from ui.lab.export import export_depth_png
from ui.lab.pane import LabContext
from ui.text import two_lines
from ui.widgets import Button, Choice, Widget, draw_centred_lines


class DepthPane(ChartPane):
    title = "Depth chart"

    def __init__(self, ctx: LabContext) -> None:
        super().__init__(ctx)
        self.rows: list[DepthRow] = []
        #: The depth whose whole tree is being counted (the search is done), else None.
        self.counting: int | None = None
        self.max_depth = min(ctx.defaults.max_depth, ctx.defaults.depth + 3)
        self.status_x = self.rect.x

    def config(self) -> SearchConfig:
        """The level's search (its evaluator and refinements) to the chart's last depth."""
        level = getattr(self.ctx, "level", TEACHING)
        return lab_config(self.ctx.kit, level, self.max_depth, self.ctx.state)

    def with_quiescence(self) -> bool:
        """Two series: the game has noisy moves and the search is one that follows them."""
        return quiescence_applies(self.config())

    def on_level(self, level: str) -> None:
        """Chart the new level's search, past the depth it opens at."""
        if self.running:
            self.ctx.jobs.cancel()
        self.max_depth = min(self.ctx.defaults.max_depth, self.ctx.defaults.depth + 3)
        self.run()

    def run(self) -> None:
        self.rows = []
        self.counting = None
        self.error = ""
        self.started = True
        task = DepthChartTask(self.ctx.state, self.config(), self.max_depth,
                              with_quiescence=self.with_quiescence())
        self.ctx.jobs.start(task, self.ctx.state, on_done=self._done, on_error=self._failed,
                            on_progress=self._progress, owner=self)

    def stop(self) -> None:
        if self.running:
            self.ctx.jobs.cancel()
            if self.counting is not None:  # the search was done: only the count stops
                self.ctx.show_message(f"Stopped counting the tree at depth {self.counting}")
            else:
                self.ctx.show_message(
                    f"Stopped after depth {self.rows[-1].depth if self.rows else 0}")
            self.counting = None

    def _progress(self, item: DepthRow | CountingTree) -> None:
        """A searched depth is a new row; a counted one replaces its depth's row."""
        if isinstance(item, CountingTree):
            self.counting = item.depth
            return
        same = [i for i, r in enumerate(self.rows)
                if (r.depth, r.quiescence) == (item.depth, item.quiescence)]
        if same:
            self.rows[same[0]] = item
        else:
            self.rows.append(item)

    def _done(self, rows: list[DepthRow]) -> None:
        self.rows = list(rows)
        self.counting = None
        if self.rows and self._reached() < self.max_depth and not self.rows[-1].exact:
            self.ctx.show_message(f"Stopped at depth {self.rows[-1].depth}: the next depth "
                                  "was estimated to take too long")

    def _reached(self) -> int:
        """The deepest depth answered: the last row's, or the next one when the searcher
        takes it over from the last (it is not charted, but it was not cut short either)."""
        last = self.rows[-1]
        return last.depth + 1 if last.next_taken_over else last.depth

    def _done_text(self) -> str:
        last = self.rows[-1].depth
        if self._reached() > last and self.max_depth > last:
            # Short: the status shares its row with the controls (taken_over_note, in full,
            # is the tree's header and the compare note).
            return f"Done: depths 1 to {last} ({last + 1} ends on a chance layer: {last}'s answer)"
        return f"Done: depths 1 to {last}"

    def _failed(self, message: str) -> None:
        self.error = message
        self.counting = None
        self.ctx.show_message(f"Depth chart: {message}", True)

    @property
    def branching(self) -> float:
        return self.rows[0].branching if self.rows else 1.0

    def estimate_next_s(self) -> float | None:
        """Seconds the depth being searched should take: the last depth's time times the
        growth in nodes from the depth before it (None until two depths are known); with
        two series, both searches of a depth together."""
        per_depth: dict[int, tuple[int, float]] = {}
        for r in self.rows:
            nodes, seconds = per_depth.get(r.depth, (0, 0.0))
            per_depth[r.depth] = (nodes + r.nodes, seconds + r.time_s)
        done = [per_depth[d] for d in sorted(per_depth)]
        if len(done) < 2 or not done[-2][0]:
            return None
        growth = done[-1][0] / done[-2][0]
        return done[-1][1] * max(1.0, growth)

    # ---- layout and events ---------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        specs: list[tuple[Widget, int]] = [
            (Choice("Deepest", [(d, str(d)) for d in range(2, self.ctx.defaults.max_depth + 1)],
                    self.max_depth, lambda v: setattr(self, "max_depth", v)), 3),
            (Button("Run  ↵", self.run, active=True), 2),
            (Button("Stop  S", self.stop, enabled=self.running), 2),
        ]
        self.status_x = self.layout_controls(rect, specs) + self.ctx.text_size

    def export_png(self, path: str) -> None:
        if not self.rows:
            raise ValueError("no depth finished yet")
        export_depth_png(self.rows, path, self.title_text(), self._unit(), self.ctx.kit,
                         self._algorithm())

    def title_text(self) -> str:
        algorithm = self.config().algorithm
        how = (f"{algorithm} with and without quiescence search" if self.with_quiescence()
               else f"{algorithm} with iterative deepening")
        return f"{self.ctx.game.name}: {how} on {self.ctx.game.format_position(self.ctx.state)}"

    def _algorithm(self) -> str:
        """The search's name as the chart labels it ("alpha-beta")."""
        return algorithm_label(self.config().algorithm)

    def _unit(self) -> str:
        return profile_for(self.ctx.kit).unit

    def draw(self, surface: pygame.Surface) -> None:
        size = self.ctx.text_size
        body = self.draw_frame(surface)
        if self.rows:
            charts.draw_depth_chart(surface, body, self.rows, self.branching, size,
                                    self._unit(), self.ctx.kit, self._algorithm())
        for w in self.widgets:
            w.draw(surface)
        if self.running and self.counting is not None:
            text = (f"Counting the tree to depth {self.counting}… "
                    f"{self.ctx.jobs.elapsed_s:.1f} s (S stops)")
            col = theme.color("accent")
        elif self.running:
            est = self.estimate_next_s()
            nxt = (self.rows[-1].depth + 1) if self.rows else 1
            text = f"Searching depth {nxt}… {self.ctx.jobs.elapsed_s:.1f} s"
            if est is not None:
                text += f" (depth {nxt} estimated ~{charts.seconds_text(est)}: S stops)"
            col = theme.color("accent")
        else:
            text = self.error or (self._done_text() if self.rows else "Press Run")
            col = theme.color("bad") if self.error else style.DIM
        room = self.rect.right - self.status_x
        mid = self.widgets[0].rect.centery if self.widgets else self.rect.bottom
        # A long reason ("the position is at a chance event ...") takes two lines, not "…".
        draw_centred_lines(surface, two_lines(text, font(size), room), self.status_x, mid,
                           size, col, int(size * 1.15), room)
