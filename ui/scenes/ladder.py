"""The difficulty ladder on screen: levels play each other game after game in the background
worker (ai.ladder), and the class watches the board, the running scores with their 95%
intervals, each side's time and nodes per move, and the chart of strength and cost against the
level fill in as games finish. Enter starts, S stops, P saves the chart as a PNG, X the table
as CSV, Esc goes back (stopping the run)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from ai.kit import levels_of
from ai.ladder import LadderTask, LadderUpdate, RungFigures, csv_text, ladder_rungs
from game.kit import GameKit
from play.jobs import JobRunner, Purpose
from play.setup import default_save_path
from ui import theme
from ui.boards.base import ViewContext
from ui.host import Host
from ui.kit import make_view
from ui.ladder_chart import draw_ladder_chart, export_ladder_png
from ui.scenes.common import MessageLine, draw_background
from ui.widgets import Button, Choice, Widget, dispatch_pointer, draw_text

GAMES = (10, 20, 50, 100, 200)
LADDER, HEAD_TO_HEAD = "ladder", "two"


class LadderScene:
    def __init__(self, app: Host, kit: GameKit) -> None:
        self.app = app
        self.game_id = kit.id
        self.kit = kit
        self.game = self.kit.rules()
        self.board_view = make_view(self.kit)
        self.levels = [level.name for level in levels_of(kit)]
        self.mode = LADDER
        self.level_a = self.levels[-1]
        self.level_b = self.levels[-2]
        self.games = GAMES[1]
        self.seed = 1
        self.jobs = JobRunner(lambda: app.worker, lambda: app.has_worker)
        self.figures: list[RungFigures] = []
        self.update_seen: LadderUpdate | None = None
        self.started_at = 0.0
        #: How the last run ended, in words that stay on screen ("Ladder finished: 40
        #: games"); "" before any run and while one runs. The message fades; this stays.
        self.outcome = ""
        self.outcome_detail = ""
        self.message = MessageLine()
        self.widgets: list[Widget] = []
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.size, self.small = 14, 12

    # ---- commands ------------------------------------------------------------------------
    def rungs(self) -> list[tuple[str, str]]:
        if self.mode == LADDER:
            return ladder_rungs(self.kit)
        return [(self.level_a, self.level_b)]

    def start(self) -> None:
        if self.jobs.busy:
            return
        if self.mode == HEAD_TO_HEAD and self.level_a == self.level_b:
            self.show_message("Choose two different levels", True)
            return
        self.seed = random.SystemRandom().randrange(1, 10**6)
        self.figures = [RungFigures(upper, lower) for upper, lower in self.rungs()]
        self.update_seen = None
        self.outcome = self.outcome_detail = ""
        self.started_at = time.perf_counter()
        task = LadderTask(self.game_id, tuple(self.rungs()), self.games, self.seed)
        # The games start from the game's own opening (ai.selfplay), the job's position.
        self.jobs.start(task, self.game.initial_state(), on_done=self._done,
                        on_error=self._failed, on_progress=self._heard, owner=self,
                        purpose=Purpose.LADDER)
        self.layout(self.rect)

    def stop(self) -> None:
        if self.jobs.busy:
            self.jobs.cancel()
            self.show_message("Stopped: the figures are the games finished so far")
            self._ended(f"Ladder stopped: {self._games_played()} games finished",
                        "Enter starts it again")

    def _heard(self, update: LadderUpdate) -> None:
        self.update_seen = update
        self.figures = list(update.figures)

    def _done(self, figures: list[RungFigures]) -> None:
        self.figures = list(figures)
        took = time.perf_counter() - self.started_at
        finished = f"Ladder finished: {self._games_played()} games"
        self.show_message(f"{finished} in {took:.0f} s (seed {self.seed})")
        self._ended(finished, f"in {took:.0f} s (seed {self.seed}); Enter runs it again")

    def _failed(self, error: str) -> None:
        self.show_message(f"The ladder stopped: {error}", True)
        self._ended(f"Ladder stopped: {self._games_played()} games finished", error)

    def _games_played(self) -> int:
        return sum(f.games for f in self.figures)

    def _ended(self, outcome: str, detail: str) -> None:
        """The run is over: say how, above the board, until the next run starts."""
        self.outcome, self.outcome_detail = outcome, detail
        self.layout(self.rect)

    def export(self, kind: str) -> None:
        """The chart (PNG) or the table (CSV) in the save folder; the message says where."""
        if not any(f.games for f in self.figures):
            self.show_message("Nothing to save yet: start the ladder first", True)
            return
        folder = default_save_path(self.kit).parent
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = Path(folder) / f"{self.game_id}-ladder-{stamp}.{kind}"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if kind == "png":
                export_ladder_png(self.figures, str(path), f"{self.kit.title}: the ladder")
            else:
                path.write_text(csv_text(self.figures), encoding="utf-8")
        except (OSError, ValueError, pygame.error) as exc:
            self.show_message(f"Cannot save: {exc}", True)
            return
        self.show_message(f"Saved {path}")

    def back(self) -> None:
        self.jobs.cancel()
        self.app.open_menu(suspend=self.app.suspended)

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.show(text, error, self.app.now)

    # ---- the scene protocol ----------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        pad = max(8, rect.height // 60)
        row_h = max(26, min(40, rect.height // 22))
        running = self.jobs.busy
        widgets: list[tuple[Widget, int]] = [
            (Choice("Mode", [(LADDER, "every level v the one below"),
                             (HEAD_TO_HEAD, "two levels")], self.mode,
                    lambda v: self._set("mode", v)), 6),
        ]
        if self.mode == HEAD_TO_HEAD:
            names = [(n, n) for n in self.levels]
            widgets += [(Choice("A", names, self.level_a, lambda v: self._set("level_a", v)), 3),
                        (Choice("B", names, self.level_b, lambda v: self._set("level_b", v)), 3)]
        widgets += [
            (Choice("Games", [(g, f"{g} a rung") for g in GAMES], self.games,
                    lambda v: self._set("games", v)), 3),
            (Button("Stop  S" if running else "Start  ↵", self.stop if running else self.start,
                    active=True), 2),
            (Button("PNG  P", lambda: self.export("png")), 2),
            (Button("CSV  X", lambda: self.export("csv")), 2),
            (Button("Back  Esc", self.back), 2),
        ]
        y = rect.y + pad + int(row_h * 1.4)
        units = sum(u for _, u in widgets)
        unit_w = (rect.width - 2 * pad - pad * (len(widgets) - 1)) / units
        x: float = rect.x + pad
        for w, u in widgets:
            w.rect = pygame.Rect(int(x), y, int(unit_w * u), row_h)
            x += unit_w * u + pad
            if isinstance(w, Choice):
                w.enabled = not running
        self.widgets = [w for w, _ in widgets]
        top = y + row_h + pad
        self.message_rect = pygame.Rect(rect.x + pad, rect.bottom - row_h - pad,
                                        rect.width - 2 * pad, row_h)
        body_h = self.message_rect.y - pad - top
        self.size = max(14, rect.height // 42)
        self.small = max(11, int(self.size * 0.85))
        caption_h = int(self.small * 1.35) * 2 + pad
        side = min(int(rect.width * 0.3), body_h - caption_h)
        self.board_rect = pygame.Rect(rect.x + pad, top + caption_h, side, side)
        table_h = (len(self.rungs()) + 1) * int(self.small * 1.45) + int(self.small * 0.3)
        self.table_rect = pygame.Rect(self.board_rect.right + 2 * pad, top,
                                      rect.right - pad - self.board_rect.right - 2 * pad,
                                      table_h + pad)
        self.chart_rect = pygame.Rect(self.table_rect.x, self.table_rect.bottom + pad,
                                      self.table_rect.width, body_h - self.table_rect.height - pad)

    def _set(self, name: str, value: object) -> None:
        if not self.jobs.busy:
            setattr(self, name, value)
            self.layout(self.rect)

    def on_exit(self) -> None:
        self.jobs.cancel()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            actions = {pygame.K_ESCAPE: self.back, pygame.K_RETURN: self.start,
                       pygame.K_s: self.stop, pygame.K_p: lambda: self.export("png"),
                       pygame.K_x: lambda: self.export("csv")}
            action = actions.get(event.key)
            if action is not None:
                action()
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            dispatch_pointer(self.widgets, event)

    def update(self, dt: float) -> None:
        was = self.jobs.busy
        self.jobs.poll()
        if was and not self.jobs.busy:
            self.layout(self.rect)

    def next_frame_in(self) -> float | None:
        if self.jobs.busy:
            return 1 / 30
        return self.message.fades_in(self.app.now)

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        r = self.rect
        size, small = self.size, self.small
        draw_text(surface, f"Ladder · {self.kit.title}", (r.x + 10, r.y + 8), int(size * 1.4),
                  theme.color("accent"), bold=True)
        for w in self.widgets:
            w.draw(surface)
        self._draw_board(surface, size, small)
        self._draw_table(surface, size, small)
        if self.figures:
            draw_ladder_chart(surface, self.chart_rect, self.figures, small)
        self.message.draw(surface, self.message_rect, self.app.now)

    def _draw_board(self, surface: pygame.Surface, size: int, small: int) -> None:
        seen = self.update_seen
        lines = ["Press Enter: the levels play each other", "in the background"]
        if seen is not None:
            rung = seen.figures[seen.rung]
            upper_colour = self.game.player_names[seen.upper_plays]
            lines = [f"Rung {seen.rung + 1} of {len(seen.figures)}: {rung.upper} "
                     f"({upper_colour}) v {rung.lower}",
                     f"game {seen.game + 1} of {self.games}"]
            self.board_view.draw(surface, self.board_rect, seen.state, ViewContext())
        y = self.board_rect.y - 2 * int(small * 1.35) - small // 2
        room = self.table_rect.x - self.board_rect.x - 4
        if self.outcome and not self.jobs.busy:  # over: how it ended, until the next run
            draw_text(surface, self.outcome, (self.board_rect.x, y), small,
                      theme.color("accent"), bold=True, max_width=room, kind="status")
            lines = [self.outcome_detail]
            y += int(small * 1.35)
        for line in lines:
            draw_text(surface, line, (self.board_rect.x, y), small, theme.color("text_dim"),
                      max_width=room, essential=not self.outcome)
            y += int(small * 1.35)

    def _draw_table(self, surface: pygame.Surface, size: int, small: int) -> None:
        t = self.table_rect
        heads = ("upper", "lower", "games", "score", "95% interval", "s/move", "nodes/move")
        widths = (0.17, 0.17, 0.08, 0.1, 0.18, 0.15, 0.15)
        xs = [t.x]
        for w in widths[:-1]:
            xs.append(xs[-1] + int(t.width * w))
        # Each cell within its column (a wide figure must not run into the next one).
        rooms = [right - x - 6 for x, right in zip(xs, [*xs[1:], t.right + 6], strict=True)]
        y = t.y
        for x, head, room in zip(xs, heads, rooms, strict=True):
            draw_text(surface, head, (x, y), small, theme.color("text_dim"), bold=True,
                      max_width=room)
        y += int(small * 1.6)
        for f in self.figures or [RungFigures(u, lo) for u, lo in self.rungs()]:
            lo, hi = f.interval
            cells = (f.upper, f.lower, str(f.games), f"{f.score:.0%}" if f.games else "—",
                     f"{lo:.0%} – {hi:.0%}" if f.games else "—",
                     _pair(f.upper_side.time_per_move, f.lower_side.time_per_move, _secs),
                     _pair(f.upper_side.nodes_per_move, f.lower_side.nodes_per_move, _count))
            for x, cell, room in zip(xs, cells, rooms, strict=True):
                draw_text(surface, cell, (x, y), small, theme.color("text"), max_width=room)
            y += int(small * 1.45)
            if y > t.bottom - small:
                break


def _pair(upper: float, lower: float, fmt: Callable[[float], str]) -> str:
    return f"{fmt(upper)} / {fmt(lower)}" if upper or lower else "—"


def _secs(s: float) -> str:
    return f"{s * 1000:.1f} ms" if s < 1 else f"{s:.2f} s"


def _count(n: float) -> str:
    return f"{n / 1000:.1f}k" if n >= 1000 else f"{n:.0f}"
