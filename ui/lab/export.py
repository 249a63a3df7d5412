"""PNG pictures of the lab's views for slides, on screen or headless (SDL dummy driver).

``export_tree_png``, ``export_compare_png`` and ``export_depth_png`` draw with the same code
as the screen (TreeView, charts) onto an off-screen surface, so ``python main.py explain
--png`` produces exactly what the lab shows, without a window.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pygame

from ai.lab import mcts_text
from ai.lab.compare import CompareRow
from ai.lab.depth_chart import DepthRow
from ai.lab.recording import SearchRecording
from game.kit import GameKit
from ui import theme
from ui.lab import charts, style
from ui.lab.step_panel import draw_step_panel
from ui.lab.stepper import Stepper
from ui.lab.tree_camera import MIN_SLOT
from ui.lab.tree_header import draw_legend, header_lines
from ui.lab.treeview import TreeView
from ui.widgets import draw_text

#: Widest exported tree picture; wider trees are drawn smaller (labels drop below a size).
MAX_WIDTH = 8000
#: Text sizes of exported pictures (values and titles; windows, edge labels and the key).
TEXT = 16
SMALL = 14


def _ready() -> None:
    """Fonts and surfaces without a window: headless runs use the dummy video driver."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

    if not pygame.font.get_init():
        pygame.font.init()


def save_png(surface: pygame.Surface, path: str | Path) -> Path:
    """Write ``surface`` as a PNG; a path that cannot be one is a one-line ValueError."""
    path = Path(path)
    if path.suffix.lower() != ".png":
        raise ValueError(f"the picture file must end in .png, got {path.name!r}")
    if path.parent and not path.parent.exists():
        raise ValueError(f"no such folder: {path.parent}")
    pygame.image.save(surface, str(path))
    return path


def export_pane_png(pane: DrawnIntoRect, path: str | Path) -> Path:
    """A pane that draws itself into any rectangle (``draw_into``) saved at its size."""
    surface = pygame.Surface(pane.rect.size)
    surface.fill(style.BG)
    pane.draw_into(surface, surface.get_rect())
    return save_png(surface, path)


class DrawnIntoRect:
    """A lab pane that draws itself into any rectangle: on screen into its own, and into a
    picture of its size for Export PNG (Nim in binary, the Zobrist keys, the editor)."""

    rect: pygame.Rect

    def draw_into(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        raise NotImplementedError

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_into(surface, self.rect)

    def export_png(self, path: str) -> None:
        export_pane_png(self, path)


def export_tree_png(recording: SearchRecording, path: str | Path, view: TreeView | None = None,
                    title: str | None = None) -> Path:
    """The recorded tree as a PNG: the nodes the lab shows open (``view``'s collapsed set),
    or its first view; with title, figures, the "not recorded" note and the shape key. In
    step mode (``view.shape.stepper`` set) the picture is the replayed state on screen: the nodes
    not reached yet drawn hollow, the values found so far, the current node ringed, and the
    step panel (the algorithm with its running line) beside the tree."""
    _ready()

    tv = TreeView(recording, TEXT, SMALL)
    stepper = view.shape.stepper if view is not None else None
    if view is not None:
        tv.set_collapsed(view.shape.collapsed)
    tv.set_stepper(stepper)
    width_slots = max(1, tv.shape.layout.width)
    # As large as readable, never wider than MAX_WIDTH: a huge open tree becomes a picture of
    # its shape (labels appear only where there is room for them).
    tv.camera.look(slot=max(MIN_SLOT, min(96.0, (MAX_WIDTH - 80) / width_slots)))
    head = TEXT * 5
    legend = TEXT * 3
    side_w = STEP_PANEL_W if stepper is not None else 0
    tree_w = int(width_slots * tv.camera.slot)
    w = max(900, tree_w + 80)
    h = int(tv.shape.layout.rows * tv.camera.row_h) + head + legend + 20
    if stepper is not None:
        h = max(h, STEP_PANEL_H)
    surface = pygame.Surface((w + side_w, h))
    surface.fill(style.BG)
    canvas = pygame.Rect(0, head, w, h - head)
    tree_surface = surface.subsurface(pygame.Rect(0, head, w, h - head - legend))
    ox = -(w - tree_w) / 2
    tv.render_world(tree_surface, ox, 0)
    title = title or _title(recording)
    figures = _figures(recording)
    if stepper is not None:
        title = f"Step {stepper.position} of {len(stepper.events)} — {title}"
        _ring_current(tree_surface, tv, stepper, ox)
        _draw_step_side(surface, pygame.Rect(w, 0, side_w, h), recording, stepper)
    room = w - 40  # the step panel, when there is one, has the right side to the top
    draw_text(surface, title, (20, 10), int(TEXT * 1.3), style.PV, bold=True, max_width=room)
    draw_text(surface, figures, (20, 14 + int(TEXT * 1.6)), TEXT, style.TEXT, max_width=room)
    if recording.truncated:
        draw_text(surface, header_lines(recording)[1], (20, 18 + int(TEXT * 2.9)), TEXT,
                  (230, 96, 90), max_width=room)
    draw_legend(surface, canvas, SMALL, tv.shape.legend_keys())
    return save_png(surface, path)


#: Step mode's exported side panel (the code and the search's state), in pixels.
STEP_PANEL_W, STEP_PANEL_H = 460, 900


def _ring_current(target: pygame.Surface, tv: TreeView, stepper: Stepper, ox: float) -> None:
    """The node the replay is at, ringed as on screen."""
    nid = stepper.current
    if nid is None or nid not in tv.shape.layout.x:
        return
    wx, wy = tv.camera.world(nid)
    pygame.draw.circle(target, style.CURRENT, (wx - ox, wy), tv.camera.radius + 5, 2)


def _draw_step_side(surface: pygame.Surface, rect: pygame.Rect, recording: SearchRecording,
                    stepper: Stepper) -> None:
    pygame.draw.rect(surface, theme.color("panel"), rect)
    draw_step_panel(surface, rect.inflate(-24, -24), recording, stepper, TEXT)


def _title(recording: SearchRecording) -> str:
    """The game and whose search: the recording's own words ("Master's search: learned
    tables, depth 3") where it has them, else the algorithm and depth."""
    kit = recording.kit
    name = kit.rules().name if kit is not None else recording.game_id
    description = getattr(recording, "description", "")
    if description:
        return f"{name}: {description}"
    if mcts_text.is_mcts(recording):  # no depth: "MCTS (UCT, C = 1.41) · 500 iterations"
        return f"{name}: {mcts_text.header_parts(recording)[0]}"
    label = getattr(recording, "algorithm_label", recording.algorithm)
    return f"{name}: {label}, depth {recording.depth}"


def _figures(recording: SearchRecording) -> str:
    """The header's figures, as the lab's tree pane writes them."""
    figures = header_lines(recording)[0].split("   ")
    if not getattr(recording, "description", ""):
        figures = figures[1:]  # the title already names the algorithm and the depth
    return " · ".join(figures)


def _chart_canvas(w: int, h: int, title: str) -> pygame.Surface:
    """A blank picture in the lab's colours with ``title`` at the top left."""
    _ready()

    surface = pygame.Surface((w, h))
    surface.fill(style.BG)
    draw_text(surface, title, (24, 14), int(TEXT * 1.3), style.PV, bold=True)
    return surface


def export_compare_png(rows: Sequence[CompareRow], path: str | Path, title: str = "",
                       kit: GameKit | None = None) -> Path:
    """The compare bars (nodes and time per algorithm, log scales) as a PNG."""
    w, h = 1400, max(420, 170 + 46 * len(rows))
    surface = _chart_canvas(w, h, title or "Comparing the algorithms")
    charts.draw_compare(surface, pygame.Rect(24, 24 + TEXT * 2, w - 48, h - 48 - TEXT * 2),
                        rows, TEXT, kit=kit)
    return save_png(surface, path)


def export_depth_png(rows: Sequence[DepthRow], path: str | Path, title: str = "", unit: str = "",
                     kit: GameKit | None = None, algorithm: str = "alpha-beta") -> Path:
    """The depth chart (ai.lab.depth_chart.DepthRow: value and move per depth; nodes and leaves per
    depth on a log scale beside minimax's and alpha-beta's best case, ui.lab.depth_refs)
    as a PNG."""
    w, h = 1400, 900
    surface = _chart_canvas(w, h, title or "What depth changes")
    charts.draw_depth_chart(surface, pygame.Rect(24, 30 + TEXT * 2, w - 48, h - 60 - TEXT * 2),
                            rows, rows[0].branching if rows else 1.0, TEXT, unit, kit,
                            algorithm)
    return save_png(surface, path)
