"""The tree explorer's canvas: a recorded search drawn with pan, zoom, expand and collapse.

Speed (a 20,000-node recording must pan at 60 fps): the layout is computed once per set of
collapsed nodes (layout.py), and the drawing is cut into 512-pixel tiles rendered on demand and
kept until the zoom, the layout or the step position changes. Panning then costs a dozen blits
per frame; a tile draws only the nodes and edges that reach into it (bisection per row).
Zooming would redraw every tile at once (60-75 ms for a fully open 20,000-node tree), so a
wheel step instead stretches the picture on screen (one scale of the window's pixels: zooming
only widens the tree, rows keep their height), and the sharp tiles are drawn once the wheel
rests, a few milliseconds' worth per frame, over the stretched picture. Labels
(move, value, window) appear once the nodes are far enough apart to hold them, so a zoomed-out
tree stays a readable picture instead of a smear of text.

What the picture teaches: children a cutoff skipped are drawn greyed on dashed edges, with
their value where it is known (shown_tree.py), and can be neither selected nor counted; a move
searched twice (a null-window probe, then the re-search) is named once, on the re-search,
with its first visit dashed beside it and labelled "probe"; a node searched past the depth limit
by quiescence search (or the horizon node it went on from) wears a dashed pink ring
(``node_style``), and a dashed line across the tree marks the depth limit. Every text size
comes from the
scene (``text_size`` for values, ``small_size`` for windows and edge labels), so presentation
mode enlarges the tree with the rest of the lab.

The parts, each owned by the view: ``TreeShape`` (tree_shape.py: the nodes, which are open,
the step), ``TreeCamera`` (tree_camera.py: window, zoom, pan, text sizes), ``TreeLabels``
(tree_labels.py: what nodes and edges read, where labels go), ``TreePainter`` (tree_paint.py:
the drawing) and ``TileCache`` (tree_tiles.py: the tiles and the zoom's stretched picture).
The view turns the mouse into their changes and keeps them in step (a change of shape or zoom
forgets the tiles).
"""

from __future__ import annotations

import pygame

from ai.lab.recording import SearchRecording
from ui import scene_record
from ui.lab import style
from ui.lab.stepper import Stepper
from ui.lab.tree_camera import TreeCamera
from ui.lab.tree_labels import TreeLabels
from ui.lab.tree_paint import TreePainter
from ui.lab.tree_shape import TreeShape
from ui.lab.tree_tiles import TileCache


class TreeView:
    """Owns the tree's parts and the selection; the scene owns the window and the keys."""

    def __init__(self, recording: SearchRecording, text_size: int = 14,
                 small_size: int | None = None) -> None:
        self.recording = recording
        self.shape = TreeShape(recording)
        self.camera = TreeCamera(self.shape, text_size, small_size)
        self.labels = TreeLabels(self.shape, self.camera)
        self.painter = TreePainter(self.shape, self.camera, self.labels)
        self.tiles = TileCache(self.shape, self.camera, self.painter)
        self.selected: int | None = None
        self._drag: tuple[int, int] | None = None

    # ---- the pane's changes -------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect, text_size: int | None = None,
                 small_size: int | None = None) -> None:
        self.camera.set_rect(rect, text_size, small_size)
        self.tiles.invalidate()

    def set_margins(self, top: float, bottom: float) -> None:
        """Room above the root for the pane's header lines, and below the tree for the key."""
        self.camera.set_margins(top, bottom)

    def set_stepper(self, stepper: Stepper | None) -> None:
        """Step mode on (the replay ``stepper`` drives the picture) or off (None)."""
        self.shape.set_stepper(stepper)

    def select(self, nid: int | None) -> None:
        self.selected = nid

    # ---- camera -------------------------------------------------------------------------------
    def fit(self) -> None:
        """Zoom so the whole shown tree fits the window (TreeCamera.fit)."""
        self.camera.fit()
        self.tiles.invalidate()

    def readable(self) -> None:
        """Fit, but never so small that the labels disappear (TreeCamera.readable)."""
        self.camera.readable()
        self.tiles.invalidate()

    def pan(self, dx: float, dy: float) -> None:
        """Move the picture by (dx, dy) screen pixels."""
        self.camera.pan(dx, dy)

    def clamp(self) -> None:
        """Keep some of the tree on screen whatever the pan."""
        self.camera.clamp()

    def zoom_at(self, factor: float, pos: tuple[int, int] | None = None) -> None:
        """Zoom around a screen point (the mouse for the wheel, the centre for keys). The
        picture on screen is stretched at once; the sharp one is drawn when the wheel rests."""
        cam = self.camera
        before_slot, before_cam_x = cam.slot, cam.cam_x
        before = self.tiles.compose()
        if cam.zoom(factor, (pos or cam.rect.center)[0] - cam.rect.x):
            self.tiles.zoomed(before, cam.slot / before_slot, before_cam_x)

    # ---- tree shape ---------------------------------------------------------------------------
    def toggle(self, nid: int) -> None:
        """Expand a collapsed node, or collapse an open one (a leaf does nothing); the node
        stays under the mouse."""
        if not self.shape.nodes[nid].children:
            return
        anchor = self.camera.screen_pos(nid)
        self.shape.toggle(nid)
        self._relayout(nid, anchor)

    def set_collapsed(self, collapsed: set[int]) -> None:
        """Show the tree with exactly these nodes closed (an exported picture copies the
        screen's)."""
        self.shape.set_collapsed(collapsed)
        self._relayout(None, None)

    def expand_all(self) -> None:
        self.shape.set_collapsed(set())
        self._relayout(None, None)

    def collapse_to_default(self) -> None:
        self.shape.set_collapsed(None)
        self._relayout(None, None)

    def reveal(self, nid: int) -> None:
        """Open every ancestor of ``nid`` (step mode follows the search into closed parts)."""
        if self.shape.reveal(nid):
            self._relayout(None, None)

    def _relayout(self, keep: int | None, anchor: tuple[float, float] | None) -> None:
        if keep is not None and anchor is not None and keep in self.shape.layout.x:
            self.camera.keep_at(keep, anchor)
        self.camera.clamp()
        self.tiles.invalidate()

    # ---- input --------------------------------------------------------------------------------
    def node_at(self, pos: tuple[int, int]) -> int | None:
        """The node drawn at a screen point, if any."""
        cam = self.camera
        if not cam.rect.collidepoint(pos):
            return None
        wx = pos[0] - cam.rect.x + cam.cam_x
        wy = pos[1] - cam.rect.y + cam.cam_y
        row = int(round((wy - cam.row_h * 0.45) / cam.row_h))
        node_y = row * cam.row_h + cam.row_h * 0.45
        grab = max(cam.radius * 1.4, 6.0)
        if abs(wy - node_y) > grab:
            return None
        nid = self.shape.layout.node_at(wx / cam.slot - 0.5, row, max(grab / cam.slot, 0.5))
        return None if nid is None or self.shape.is_skipped(nid) else nid

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Drag to pan, wheel to zoom, click to select, double-click or right-click to toggle."""
        rect = self.camera.rect
        if event.type == pygame.MOUSEBUTTONDOWN and rect.collidepoint(event.pos):
            if event.button == 1:
                self._drag = event.pos
                nid = self.node_at(event.pos)
                if nid is not None:
                    if nid == self.selected and getattr(event, "clicks", 1) >= 2:
                        self.toggle(nid)
                    self.selected = nid
                return True
            if event.button == 3:
                nid = self.node_at(event.pos)
                if nid is not None:
                    self.selected = nid
                    self.toggle(nid)
                return True
            return event.button in (4, 5)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            dx, dy = event.pos[0] - self._drag[0], event.pos[1] - self._drag[1]
            if dx or dy:
                self.pan(dx, dy)
                self._drag = event.pos
            return True
        if event.type == pygame.MOUSEWHEEL:
            try:
                mouse = pygame.mouse.get_pos()
            except pygame.error:
                mouse = rect.center
            if rect.collidepoint(mouse):
                self.zoom_at(1.25 ** event.y, mouse)
                return True
        return False

    def _hovered(self) -> int | None:
        try:
            pos = pygame.mouse.get_pos()
        except pygame.error:
            return None
        if not pygame.mouse.get_focused():
            return None
        return self.node_at(pos)

    # ---- drawing ------------------------------------------------------------------------------
    def invalidate(self) -> None:
        """Forget the drawn tiles (after a change of zoom, size or what is shown)."""
        self.tiles.invalidate()

    def render_world(self, target: pygame.Surface, ox: float, oy: float) -> None:
        """Draw every edge, stub and node reaching into ``target`` placed at world (ox, oy)."""
        self.painter.render_world(target, ox, oy)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.camera.rect
        clip = surface.get_clip()
        surface.fill(style.BG, rect.clip(clip) if clip else rect)
        # Under the header and the legend nothing of the tree is drawn: panned there, a
        # node's labels would run through their words.
        area = self.camera.drawing_area()
        surface.set_clip(area.clip(clip) if clip else area)
        self.tiles.draw(surface)
        self.painter.draw_overlay(surface, self.selected, self._hovered())
        surface.set_clip(clip)
        if scene_record.active():
            self._note_nodes(surface)

    def _note_nodes(self, surface: pygame.Surface) -> None:
        """The scene record's view of the tree: the tiles are cached pictures, so what they
        show is noted here every frame - each node's place on screen with the value and
        window its labels read (as drawn now, step mode included)."""
        shape, cam = self.shape, self.camera
        step = shape.stepper
        current = step.current if step is not None else None
        scene_record.note(surface, "tree-area", cam.drawing_area(), rows=shape.layout.rows,
                          labels=cam.labels_on, fitted=cam.fitted, step_current=current)
        for nid in shape.layout.x:
            node = shape.nodes[nid]
            lines = self.labels.shown_lines(nid)
            scene_record.note(surface, "tree-node", self.labels.node_box(nid, lines),
                              nid=nid, row=shape.layout.row[nid], root=nid == 0,
                              move=getattr(node, "move", None), skipped=shape.is_skipped(nid),
                              labels=[text for text, _, _ in lines],
                              visits=getattr(node, "visits", None),
                              reward=getattr(node, "reward", None))
