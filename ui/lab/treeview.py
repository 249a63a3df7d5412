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

Longer than most: the tiles, the stretched zoom and the drawing of nodes, edges and labels
share one transform from tree to screen and one cache key (zoom, layout, step); split into
modules, each part would reach into the others' private state on every frame.
"""

from __future__ import annotations

import time
from bisect import bisect_left
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ai.lab.recording import SearchRecording
from ui import scene_record
from ui.assets import font
from ui.lab import style
from ui.lab.depth_limit import draw_depth_limit, label_depth_limit
from ui.lab.layout import TreeLayout, default_collapsed, layout_tree, subtree_sizes
from ui.lab.shown_tree import SkippedChild, WithSkipped, shown_nodes
from ui.lab.stepper import OPEN, UNSEEN, Stepper

TILE = 512
MIN_SLOT, MAX_SLOT = 0.02, 240.0
#: Slot width (px) from which a node shows its move, value and window (up to 22 px text;
#: beyond, the widths grow with the text), unless the tree's values are all short: then room
#: for its widest value and LABEL_PAD is enough (a slide's "12" needs less than "+0.171").
LABEL_SLOT = 58.0
LABEL_PAD = 16.0
#: The least slot width labels ever show at (22 px text).
MIN_LABEL_SLOT = 36.0
#: The first view's slot width: labels and most windows fit.
READ_SLOT = 80.0
#: The text size the fitted zoom's cap is for.
BASE_TEXT = 14
#: Rows are this many text heights apart; fitting a tall tree may close them up to the least.
ROW_TEXTS, MIN_ROW_TEXTS = 6.2, 4.6
MAX_TILES = 64
#: After a wheel step, sharp tiles wait this long for the next step (a gesture is several).
ZOOM_SETTLE_S = 0.12
#: Time per frame spent drawing sharp tiles over a stretched picture.
TILE_BUDGET_S = 0.006


class TreeView:
    """Owns the camera and the cached drawing; the scene owns the window and the keys."""

    def __init__(self, recording: SearchRecording, text_size: int = 14,
                 small_size: int | None = None) -> None:
        self.recording = recording
        self.game_id: str = getattr(recording, "game_id", "")
        self._widest: tuple[int, float] = (0, 0.0)
        #: Ids below this are searched nodes; the rest are children cutoffs skipped.
        self.searched = len(recording.nodes)
        self.nodes: Sequence[Any] = shown_nodes(recording.nodes, self.game_id)
        # "▸n collapsed" counts searched nodes only: a skipped child was never a node.
        self.sizes = subtree_sizes(recording.nodes) + [0] * (len(self.nodes) - self.searched)
        #: First visit -> re-search of the same move (drawn as one move, see the docstring).
        self.research_of = style.research_pairs(recording.nodes)
        self.collapsed: set[int] = default_collapsed(self.nodes)
        self.layout: TreeLayout = layout_tree(self.nodes, self.collapsed, self.sizes)
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.text_size = text_size
        self.small_size = small_size or max(10, round(text_size * 0.86))
        #: Row spacing in text heights (fit closes it up for a tall tree).
        self.row_texts = ROW_TEXTS
        self.slot = 80.0  # px per layout slot (the zoom)
        self.cam_x = 0.0  # world px at the view's left edge
        self.cam_y = 0.0
        self.selected: int | None = None
        self.stepper: Stepper | None = None
        #: (alpha, beta) under each node, for a search that kept a window (not minimax, not
        #: backgammon's batched ply search: ai.lab.recording.SearchRecording.windows).
        self.windows_on = (getattr(recording, "windows", True)
                           and getattr(recording, "algorithm", "") != "minimax")
        #: The row of the depth limit when quiescence search went past it (a dashed line
        #: under it), else None.
        self.has_quiescence = any(getattr(n, "quiescence", False) for n in recording.nodes)
        #: The marks the legend keys besides the collapsed ones (legend_keys adds those).
        self._marks = frozenset(key for key, present in (
            ("chance", any(n.kind == "chance" for n in recording.nodes)),
            ("quiescence", self.has_quiescence),
            ("skipped", any(getattr(n, "pruned", 0) for n in recording.nodes)),
            ("pv", any(getattr(n, "on_pv", False) for n in recording.nodes)),
            ("tt", any(getattr(n, "tt_hit", False) for n in recording.nodes)),
            ("research", any(getattr(n, "research", False) or getattr(n, "probe", 0)
                             for n in recording.nodes)),
            ("unrecorded", any(getattr(n, "unrecorded", 0) for n in recording.nodes)))
            if present)
        self.horizon_row: int | None = (getattr(recording, "depth", None)
                                        if self.has_quiescence else None)
        self._tiles: dict[tuple[int, int], pygame.Surface] = {}
        self._tile_key: tuple = ()
        self._labels: dict[tuple[str, int, tuple], pygame.Surface] = {}
        self._drag: tuple[int, int] | None = None
        self._placed: list[pygame.Rect] = []  # edge labels drawn in the current render pass
        #: The stretched picture shown while zooming: (surface, cam_x, cam_y, tile key).
        self._preview: tuple[pygame.Surface, float, float, tuple] | None = None
        self._zoomed_at = -1.0
        self._fitted_at: tuple[float, ...] = ()
        self.clock: Callable[[], float] = time.perf_counter

    # ---- geometry ------------------------------------------------------------------------
    @property
    def row_h(self) -> float:
        return self.text_size * self.row_texts

    @property
    def radius(self) -> float:
        # Rows closed up by Fit take smaller nodes, so a value, a window and the next edge's
        # label still fit between two rows.
        return max(1.5, min(self.text_size * 0.95, self.slot * 0.3, self.row_h * 0.16))

    @property
    def label_slot(self) -> float:
        """The slot width from which labels show: room for this tree's widest value at this
        text size (edge labels that would touch and windows wider than a slot are left out
        one by one)."""
        scale = max(1.0, self.text_size / 22)
        return min(LABEL_SLOT * scale, max(MIN_LABEL_SLOT * scale,
                                           self._widest_value() + LABEL_PAD))

    def _widest_value(self) -> float:
        """The widest value label of the tree in pixels ("≤" or "≥" included), at the text
        size (kept until it changes: the recording's values never do)."""
        if self._widest[0] != self.text_size:
            texts = {style.value_text(getattr(n, "value", None), self.game_id)
                     for n in self.nodes if getattr(n, "value", None) is not None}
            face = font(self.text_size)
            widest = max((face.size("≤" + t)[0] for t in texts), default=0)
            self._widest = (self.text_size, float(widest))
        return self._widest[1]

    @property
    def read_slot(self) -> float:
        return max(READ_SLOT, self.text_size * READ_SLOT / 22)

    @property
    def labels_on(self) -> bool:
        return self.slot >= self.label_slot and self.row_texts >= MIN_ROW_TEXTS

    def legend_keys(self) -> frozenset[str]:
        """The marks this tree shows now, for the legend (tree_header.draw_legend): in step
        mode "skipped" only once a step has cut (before, nothing is drawn skipped)."""
        marks = self._marks | ({"collapsed"} if self.collapsed else set())
        step = self.stepper
        if step is not None and not any(self.recording.nodes[n].pruned for n in step.cut):
            marks -= {"skipped"}
        return marks

    def is_skipped(self, nid: int) -> bool:
        """A child a cutoff skipped (drawn greyed; not a searched node)."""
        return nid >= self.searched

    def shows_as_skipped(self, nid: int) -> bool:
        """Is ``nid`` drawn as a child a cutoff skipped (grey, dashed, its value)? Always
        outside step mode; in step mode only from the step of its parent's cutoff: before
        it, it looks like any child the search has not reached yet, so the steps never
        answer "which leaves get pruned?" ahead of the search."""
        if not self.is_skipped(nid):
            return False
        return self.stepper is None or self.nodes[nid].parent in self.stepper.cut

    def world(self, nid: int) -> tuple[float, float]:
        """Node centre in world pixels (before the camera)."""
        return ((self.layout.x[nid] + 0.5) * self.slot,
                self.layout.row[nid] * self.row_h + self.row_h * 0.45)

    def screen_pos(self, nid: int) -> tuple[float, float]:
        wx, wy = self.world(nid)
        return (self.rect.x + wx - self.cam_x, self.rect.y + wy - self.cam_y)

    def world_size(self) -> tuple[float, float]:
        return (self.layout.width * self.slot, self.layout.rows * self.row_h)

    def set_rect(self, rect: pygame.Rect, text_size: int | None = None,
                 small_size: int | None = None) -> None:
        if text_size is not None and text_size != self.text_size:
            self.text_size = text_size
            self.invalidate()
        if small_size is not None and small_size != self.small_size:
            self.small_size = small_size
            self.invalidate()
        self.rect = pygame.Rect(rect)
        self.invalidate()

    # ---- camera ----------------------------------------------------------------------------
    #: Room left above the root for the pane's header lines, and below the tree for the key.
    top_margin = 0.0
    bottom_margin = 0.0

    def fit(self) -> None:
        """Zoom so the whole shown tree fits the window: its width by the zoom (never beyond
        readable size), its height by closing the rows up as far as their labels allow."""
        width = max(1, self.layout.width)
        self.slot = max(MIN_SLOT, min(110.0 * max(1.0, self.text_size / BASE_TEXT),
                                      (self.rect.width - 20) / width))
        # The root's apex just under the header; under the last row, its value and window.
        above = self.radius + 4
        # Under the last row its value, and its window where that row has inner nodes (a
        # row of leaves shows values only).
        last = self.layout.rows - 1
        windowed = self.windows_on and any(
            row == last and self.nodes[nid].kind != "leaf" for nid, row in self.layout.row.items())
        below = self.radius + 4 + self.text_size + (self.small_size * 1.3 if windowed else 0)
        room = self.rect.height - self.top_margin - self.bottom_margin - above - below
        gaps = max(1, self.layout.rows - 1)
        # Rows closer than their labels need: the whole tree's shape, its labels left out
        # (Fit means the whole tree; zooming in brings them back).
        self.row_texts = max(0.2, min(ROW_TEXTS, room / (gaps * self.text_size)))
        ww, _ = self.world_size()
        self.cam_x = (ww - self.rect.width) / 2
        self.cam_y = self.world(0)[1] - above - self.top_margin
        self._fitted_at = self._camera()
        self.invalidate()

    def _camera(self) -> tuple[float, ...]:
        return (self.slot, self.row_texts, self.cam_x, self.cam_y, *self.rect)

    @property
    def fitted(self) -> bool:
        """Is the picture as Fit left it (no pan, zoom or resize since)?"""
        return self._fitted_at == self._camera()

    def fits_readably(self) -> bool:
        """Does the whole shown tree fit the window with its labels on?"""
        width = max(1, self.layout.width)
        return (self.rect.width - 20) / width >= self.label_slot

    def readable(self) -> None:
        """Fit, but never so small that the labels disappear: then show the root's part,
        leaning toward the principal variation's first move (centred on the root alone, a
        wide tree opened with the move the search chose cut off at the edge)."""
        self.fit()
        too_narrow = self.slot < self.read_slot and not self.fits_readably()
        if too_narrow or self.row_texts < MIN_ROW_TEXTS:
            # Rows as close as Fit put them, but never closer than their labels need: a
            # tree too wide is panned sideways with all of its rows in sight if they fit.
            self.row_texts = max(MIN_ROW_TEXTS, self.row_texts)
            if too_narrow:
                self.slot = self.read_slot
            root_x, _ = self.world(0)
            wx = root_x
            pv = self.recording.principal_variation()
            if too_narrow and len(pv) > 1 and pv[1] in self.layout.x:
                wx = (wx + self.world(pv[1])[0]) / 2
            # Leaning, but never so far that the root leaves the window.
            edge = min(self.rect.width / 2, self.slot)
            wx = max(root_x - self.rect.width / 2 + edge,
                     min(root_x + self.rect.width / 2 - edge, wx))
            self.cam_x = wx - self.rect.width / 2
            self.cam_y = self.world(0)[1] - self.radius - 4 - self.top_margin
            self.clamp()
            self.invalidate()

    def pan(self, dx: float, dy: float) -> None:
        """Move the picture by (dx, dy) screen pixels."""
        self.cam_x -= dx
        self.cam_y -= dy
        self.clamp()

    def zoom_at(self, factor: float, pos: tuple[int, int] | None = None) -> None:
        """Zoom around a screen point (the mouse for the wheel, the centre for keys). The
        picture on screen is stretched at once; the sharp one is drawn when the wheel rests."""
        px = (pos or self.rect.center)[0] - self.rect.x
        world_x = (self.cam_x + px) / self.slot
        new = max(MIN_SLOT, min(MAX_SLOT, self.slot * factor))
        if new == self.slot:
            return
        before = self._compose()
        old_slot, old_cam_x = self.slot, self.cam_x
        self.slot = new
        if factor > 1 and self.row_texts < ROW_TEXTS:  # rows squeezed by Fit open up again
            self.row_texts = min(ROW_TEXTS, self.row_texts * factor)
        self.cam_x = world_x * self.slot - px
        self.clamp()
        self.invalidate()
        self._preview = (_stretch(before, self.slot / old_slot, old_cam_x, self.cam_x),
                         self.cam_x, self.cam_y, self._key())
        self._zoomed_at = self.clock()

    def _compose(self) -> pygame.Surface:
        """The window's tree picture as it stands (stretched picture and sharp tiles)."""
        key = self._key()
        preview = self._preview
        if (preview is not None and preview[3] == key and not self._tiles
                and (preview[1], preview[2]) == (self.cam_x, self.cam_y)):
            return preview[0]  # mid-gesture: the picture on screen is the stretched one
        shot = pygame.Surface(self.rect.size)
        shot.fill(style.BG)
        if self._preview is not None and self._preview[3] == key:
            pic, px, py, _ = self._preview
            shot.blit(pic, (px - self.cam_x, py - self.cam_y))
        if self._tile_key == key:
            for (tx, ty), tile in self._tiles.items():
                shot.blit(tile, (tx * TILE - self.cam_x, ty * TILE - self.cam_y))
        return shot

    def clamp(self) -> None:
        """Keep some of the tree on screen whatever the pan."""
        ww, wh = self.world_size()
        margin_x = self.rect.width * 0.8
        self.cam_x = max(-margin_x, min(ww - self.rect.width + margin_x, self.cam_x))
        self.cam_y = max(-self.rect.height * 0.5 - self.top_margin,
                         min(wh - self.rect.height * 0.3, self.cam_y))

    # ---- tree shape ------------------------------------------------------------------------
    def toggle(self, nid: int) -> None:
        """Expand a collapsed node, or collapse an open one (a leaf does nothing)."""
        if not self.nodes[nid].children:
            return
        anchor = self.screen_pos(nid)
        if nid in self.collapsed:
            self.collapsed.discard(nid)
        else:
            self.collapsed.add(nid)
        self._relayout(nid, anchor)

    def set_collapsed(self, collapsed: set[int]) -> None:
        """Show the tree with exactly these nodes closed (an exported picture copies the
        screen's)."""
        self.collapsed = set(collapsed)
        self._relayout(None, None)

    def expand_all(self) -> None:
        self.collapsed.clear()
        self._relayout(self.selected, None)

    def collapse_to_default(self) -> None:
        self.collapsed = default_collapsed(self.nodes)
        self._relayout(self.selected, None)

    def reveal(self, nid: int) -> None:
        """Open every ancestor of ``nid`` (step mode follows the search into closed parts)."""
        changed = False
        parent = self.nodes[nid].parent
        while parent is not None:
            if parent in self.collapsed:
                self.collapsed.discard(parent)
                changed = True
            parent = self.nodes[parent].parent
        if changed:
            self._relayout(None, None)

    def _relayout(self, keep: int | None, anchor: tuple[float, float] | None) -> None:
        self.layout = layout_tree(self.nodes, self.collapsed, self.sizes)
        if keep is not None and anchor is not None and keep in self.layout.x:
            # Keep the toggled node under the mouse: the picture must not jump away.
            wx, wy = self.world(keep)
            self.cam_x = wx - (anchor[0] - self.rect.x)
            self.cam_y = wy - (anchor[1] - self.rect.y)
        self.clamp()
        self.invalidate()

    # ---- input -------------------------------------------------------------------------------
    def node_at(self, pos: tuple[int, int]) -> int | None:
        """The node drawn at a screen point, if any."""
        if not self.rect.collidepoint(pos):
            return None
        wx = pos[0] - self.rect.x + self.cam_x
        wy = pos[1] - self.rect.y + self.cam_y
        row = int(round((wy - self.row_h * 0.45) / self.row_h))
        node_y = row * self.row_h + self.row_h * 0.45
        grab = max(self.radius * 1.4, 6.0)
        if abs(wy - node_y) > grab:
            return None
        nid = self.layout.node_at(wx / self.slot - 0.5, row, max(grab / self.slot, 0.5))
        return None if nid is None or self.is_skipped(nid) else nid

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Drag to pan, wheel to zoom, click to select, double-click or right-click to toggle."""
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
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
                mouse = self.rect.center
            if self.rect.collidepoint(mouse):
                self.zoom_at(1.25 ** event.y, mouse)
                return True
        return False

    # ---- drawing ------------------------------------------------------------------------
    def invalidate(self) -> None:
        """Forget the drawn tiles (after a change of zoom, size or what is shown)."""
        self._tiles.clear()
        self._preview = None

    def _key(self) -> tuple:
        return (self.slot, self.text_size, self.small_size, self.row_texts, id(self.layout),
                self.stepper.version if self.stepper else -1)

    def draw(self, surface: pygame.Surface) -> None:
        key = self._key()
        if key != self._tile_key:
            self._tiles.clear()
            self._tile_key = key
        preview = self._preview if self._preview is not None and self._preview[3] == key \
            else None
        self._preview = preview
        clip = surface.get_clip()
        surface.fill(style.BG, self.rect.clip(clip) if clip else self.rect)
        # Under the header and the legend nothing of the tree is drawn: panned there, a
        # node's labels would run through their words.
        surface.set_clip(self.drawing_area().clip(clip) if clip else self.drawing_area())
        if preview is not None:
            pic, px, py, _ = preview
            surface.blit(pic, (self.rect.x + px - self.cam_x, self.rect.y + py - self.cam_y))
        tx0 = int(self.cam_x // TILE)
        ty0 = int(self.cam_y // TILE)
        tx1 = int((self.cam_x + self.rect.width) // TILE)
        ty1 = int((self.cam_y + self.rect.height) // TILE)
        rendered = 0
        missing = 0
        now = self.clock()
        # Behind a stretched picture: no sharp tile while the wheel turns, then a few a frame.
        settling = preview is not None and now - self._zoomed_at < ZOOM_SETTLE_S
        for ty in range(ty0, ty1 + 1):
            for tx in range(tx0, tx1 + 1):
                tile = self._tiles.get((tx, ty))
                if tile is None:
                    if preview is not None and (
                            settling or (rendered and self.clock() - now > TILE_BUDGET_S)):
                        missing += 1
                        continue
                    tile = self._store(tx, ty)
                    rendered += 1
                surface.blit(tile, (self.rect.x + tx * TILE - self.cam_x,
                                    self.rect.y + ty * TILE - self.cam_y))
        if preview is not None and not missing:
            self._preview = None  # every tile in the window is sharp again
        self._draw_overlay(surface)
        surface.set_clip(clip)
        if scene_record.active():
            self._note_nodes(surface)
        if not rendered and not missing:
            self._prefetch(tx0, ty0, tx1, ty1)

    def drawing_area(self) -> pygame.Rect:
        """Where nodes may be seen: the view less the header above and the legend below."""
        top = int(self.top_margin)
        return pygame.Rect(self.rect.x, self.rect.y + top, self.rect.width,
                           max(0, self.rect.height - top - int(self.bottom_margin)))

    def node_box(self, nid: int, lines: list[tuple[str, int, tuple[int, ...]]] | None = None
                 ) -> pygame.Rect:
        """A node's shape and the labels under it, on screen: what must be in sight for the
        node to be read (a value behind the legend is hidden)."""
        if lines is None:
            lines = [] if self.is_skipped(nid) or not self.labels_on else self.label_texts(nid)
        x, y = self.screen_pos(nid)
        r = max(1, int(self.radius))
        box = pygame.Rect(int(x) - r, int(y) - r, 2 * r, 2 * r)
        box.height += sum(self._advance(color) for _, _, color in lines) + 2 * bool(lines)
        return box

    def _note_nodes(self, surface: pygame.Surface) -> None:
        """The scene record's view of the tree: the tiles are cached pictures, so what they
        show is noted here every frame - each node's place on screen with the value and
        window its labels read (as drawn now, step mode included)."""
        current = self.stepper.current if self.stepper is not None else None
        scene_record.note(surface, "tree-area", self.drawing_area(), rows=self.layout.rows,
                          labels=self.labels_on, fitted=self.fitted, step_current=current)
        for nid in self.layout.x:
            node = self.nodes[nid]
            skipped = self.is_skipped(nid)
            lines = [] if skipped or not self.labels_on else self.label_texts(nid)
            texts = [text for text, _, _ in lines]
            scene_record.note(surface, "tree-node", self.node_box(nid, lines),
                              nid=nid, row=self.layout.row[nid], root=nid == 0,
                              move=getattr(node, "move", None), skipped=skipped,
                              labels=texts)

    def _store(self, tx: int, ty: int) -> pygame.Surface:
        if len(self._tiles) >= MAX_TILES:
            self._tiles.clear()
        tile = self._tiles[(tx, ty)] = self._render_tile(tx, ty)
        return tile

    def _prefetch(self, tx0: int, ty0: int, tx1: int, ty1: int) -> None:
        """In a frame that rendered nothing, render one tile just outside the window, so a
        pan reaches tiles that are already drawn instead of drawing several in one frame."""
        rows = range(max(ty0 - 1, -1), ty1 + 2)
        ring = [(tx, ty) for ty in rows for tx in (tx0 - 1, tx1 + 1)]
        ring += [(tx, ty) for tx in range(tx0, tx1 + 1) for ty in (ty0 - 1, ty1 + 1)]
        world_h = self.layout.rows * self.row_h
        for tx, ty in ring:
            if (tx, ty) not in self._tiles and ty * TILE < world_h and (ty + 1) * TILE > -TILE:
                if len(self._tiles) < MAX_TILES:
                    self._store(tx, ty)
                return

    def _render_tile(self, tx: int, ty: int) -> pygame.Surface:
        tile = pygame.Surface((TILE, TILE))
        if pygame.display.get_surface() is not None:
            tile = tile.convert()
        tile.fill(style.BG)
        self.render_world(tile, tx * TILE, ty * TILE)
        return tile

    def render_world(self, target: pygame.Surface, ox: float, oy: float) -> None:
        """Draw every edge, stub and node reaching into ``target`` placed at world (ox, oy)."""
        w, h = target.get_size()
        slot, row_h, r = self.slot, self.row_h, self.radius
        margin = (max(slot, self.label_slot) if self.labels_on else r) / slot + 1
        x0, x1 = ox / slot - margin, (ox + w) / slot + margin
        lay = self.layout
        row0 = max(0, int(oy // row_h) - 1)
        row1 = min(lay.rows - 1, int((oy + h) // row_h) + 1)
        step = self.stepper

        self._placed = []  # labels in this pass: none may cover another
        dense = slot < 1.0

        def pos(nid: int) -> tuple[float, float]:
            return ((lay.x[nid] + 0.5) * slot - ox, lay.row[nid] * row_h + row_h * 0.45 - oy)

        def in_row(row: int, reach: float = 0.0) -> list[int]:
            if dense:  # several nodes a pixel: one per pixel column is the picture
                return lay.sampled_in(row, x0 - reach, x1 + reach, 1.0 / slot)
            return lay.visible_in(row, x0, x1, reach)

        if self.labels_on:  # nodes' values and windows first: edge labels keep clear of them
            for row in range(max(0, row0 - 1), row1 + 1):
                for nid in in_row(row):
                    if not self.is_skipped(nid):
                        self._placed += [rect for *_, rect in self._node_labels(nid, pos(nid), r)]
        if self.has_quiescence and r >= 2.5:  # rings under the edges and their labels
            for row in range(row0, row1 + 1):
                for nid in in_row(row):
                    if not self.is_skipped(nid) and "quiescence" in self.node_style(nid):
                        style.draw_dashed_ring(target, style.QUIESCENCE, pos(nid),
                                               style.quiescence_ring(r), 2 if r >= 6 else 1)
        # Edges: every edge ending in a drawn row whose child lies within reach of the tile.
        for row in range(max(1, row0), min(lay.rows - 1, row1 + 1) + 1):
            reach = lay.row_reach[row]
            for nid in in_row(row, reach):
                node = self.nodes[nid]
                a, b = pos(node.parent), pos(nid)
                if isinstance(node, SkippedChild):
                    if self.shows_as_skipped(nid):
                        self._skipped_edge(target, node, a, b, r)
                    else:  # step mode before its cutoff: a child not reached yet, like any
                        pygame.draw.line(target, style.UNVISITED, (a[0], a[1] + r * 0.8),
                                         (b[0], b[1] - r), 1)
                        if self.labels_on and node.label:
                            self._place_label(target, [(node.label, style.TEXT)], a, b, r)
                    continue
                if step is not None and step.node_status(nid) == UNSEEN:
                    col, width = style.UNVISITED, 1
                elif node.on_pv and (step is None or step.at_end):
                    col, width = style.PV, 3 if slot >= 6 else 2
                else:
                    col, width = style.EDGE, 1
                start, end = (a[0], a[1] + r * 0.8), (b[0], b[1] - r)
                if nid in self.research_of:  # a first visit, searched again beside it
                    style.draw_dashed(target, col, start, end)
                else:
                    pygame.draw.line(target, col, start, end, width)
                if self.labels_on:
                    self._edge_label(target, nid, a, b, r)
            for stub in lay.stubs_in(row, x0 - reach, x1 + reach):
                a = pos(stub.parent)
                b = ((stub.x + 0.5) * slot - ox, row * row_h + row_h * 0.45 - oy)
                if step is not None and stub.parent not in step.cut:
                    self._unreached_stub(target, stub.skipped, a, b, r)
                    continue
                style.draw_dashed(target, style.STUB, (a[0], a[1] + r * 0.8), b)
                style.draw_stub(target, b, max(r, 2.0))
                if self.labels_on:
                    parent = self.nodes[stub.parent]
                    more = isinstance(parent, WithSkipped) and parent.shown_skipped
                    text = f"+{stub.skipped} more" if more else f"{stub.skipped} skipped"
                    self._text(target, text, (b[0], b[1] + r + 2), style.DIM, "midtop",
                               small=True)
        if self.shows_depth_limit():  # over the edges it cuts, never through a label
            draw_depth_limit(self, target, ox, oy, self._placed)
        for row in range(row0, row1 + 1):
            for nid in in_row(row):
                node = self.nodes[nid]
                if isinstance(node, SkippedChild):
                    if self.shows_as_skipped(nid):
                        self._draw_skipped(target, node, pos(nid), r)
                    else:  # hollow, as every node the search has not reached yet
                        style.draw_shape(target, node.kind, pos(nid), r, None,
                                         style.UNVISITED, 2)
                    continue
                self._draw_node(target, nid, pos(nid), r)

    def shows_depth_limit(self) -> bool:
        """Is the depth limit's line drawn: quiescence went past it, and the rows shown
        reach below it (a tree collapsed above the limit does not show it)?"""
        return self.horizon_row is not None and self.layout.rows > self.horizon_row + 1

    def node_style(self, nid: int) -> frozenset[str]:
        """The marks ``nid`` is drawn with (style.node_marks), as shown now: in step mode a
        node the search has not reached yet wears none, and the answer's line ("pv") only
        once the search has finished."""
        marks = style.node_marks(self.nodes[nid])
        step = self.stepper
        if step is not None:
            if step.node_status(nid) == UNSEEN:
                return frozenset()
            if not step.at_end:
                marks -= {"pv"}
        return marks

    def _edge_lines(self, nid: int) -> list[tuple[str, tuple[int, ...]]]:
        """The label of the edge into a searched node, line by line with colours: the move
        (Nim: the heaps it leaves), a chance outcome's probability, and for a move searched
        twice its name once: "probe" on the first visit, "↻ re-searched" under the move on
        the second."""
        node = self.nodes[nid]
        lines: list[tuple[str, tuple[int, ...]]] = []
        if nid in self.research_of:
            # A root move of a failed aspiration window is its first try, however it was
            # searched inside that try (PVS's null window too).
            aspiration = (node.parent == 0 and not node.research
                          and getattr(self.recording, "first_try", None) is not None)
            first = "probe" if node.null_window and not aspiration else "first try"
            return [(first, style.DIM)]
        label = style.edge_text(node, self.game_id)
        if label:
            lines.append((label, style.TEXT))
        if node.probability is not None:
            lines.append((style.probability_text(node.probability), style.DIM))
        if node.research:
            lines.append(("↻ re-searched", style.RESEARCH))
        if getattr(node, "probe", 0) and node.parent == 0:  # MTD(f): the root's moves again
            lines.append((f"probe {node.probe}", style.RESEARCH))
        return lines

    def _edge_label(self, target: pygame.Surface, nid: int, a: tuple[float, float],
                    b: tuple[float, float], r: float) -> None:
        self._place_label(target, self._edge_lines(nid), a, b, r)

    def _place_label(self, target: pygame.Surface, lines: list[tuple[str, tuple[int, ...]]],
                     a: tuple[float, float], b: tuple[float, float], r: float) -> None:
        if not lines:
            return
        # Just above the child, where sibling labels sit a whole slot apart and clear of the
        # parent's value and window; a label that would run into one already drawn is left
        # out (the node card always has it).
        top, bottom = a[1] + r * 0.8, b[1] - r
        size = self.small_size
        imgs = [self._render(text, size, color) for text, color in lines]
        height = sum(img.get_height() for img in imgs)
        box = pygame.Rect(0, 0, max(img.get_width() for img in imgs), height)
        # A gap of about a letter between neighbours: labels of moves written with spaces
        # ("bar/23 24/23 8/7") would otherwise run together into one. Where the first place
        # is taken (a parent's window), the label tries the top of the child.
        for gap in (self.text_size * 0.3, 1.0):
            t = max(0.5, 1.0 - gap / max(1.0, bottom - top))
            box.midbottom = (int(a[0] + (b[0] - a[0]) * t), int(top + (bottom - top) * t))
            if box.inflate(size, 0).collidelist(self._placed) < 0:
                break
        else:
            return
        self._placed.append(box)
        if len(imgs) > 1:  # a label of several lines sits on its edge: the line passes under
            target.fill(style.BG, box.inflate(4, 0))
        yy = box.y
        for img in imgs:
            target.blit(img, img.get_rect(midtop=(box.centerx, yy)))
            yy += img.get_height()

    def _skipped_edge(self, target: pygame.Surface, node: SkippedChild,
                      a: tuple[float, float], b: tuple[float, float], r: float) -> None:
        """The dashed grey edge to a child a cutoff skipped, labelled with its move."""
        style.draw_dashed(target, style.STUB, (a[0], a[1] + r * 0.8), (b[0], b[1] - r))
        if self.labels_on and node.label:
            self._place_label(target, [(node.label, style.DIM)], a, b, r)

    def _unreached_stub(self, target: pygame.Surface, count: int, a: tuple[float, float],
                        b: tuple[float, float], r: float) -> None:
        """Step mode, before a cutoff: the moves its stub will hold, drawn as moves not
        reached yet (a plain edge, a hollow box, "n more")."""
        pygame.draw.line(target, style.UNVISITED, (a[0], a[1] + r * 0.8), (b[0], b[1] - r), 1)
        box = pygame.Rect(0, 0, int(2 * max(r, 2.0)), int(1.4 * max(r, 2.0)))
        box.center = (int(b[0]), int(b[1]))
        pygame.draw.rect(target, style.UNVISITED, box, 1)
        if self.labels_on:
            self._text(target, f"{count} more", (b[0], b[1] + r + 2), style.DIM, "midtop",
                       small=True)

    def _draw_skipped(self, target: pygame.Surface, node: SkippedChild,
                      p: tuple[float, float], r: float) -> None:
        """A skipped child: its shape hollow in grey, its value (when known) below in grey,
        "not searched" otherwise."""
        style.draw_shape(target, node.kind, p, r, style.SKIPPED_FILL, style.STUB, 1)
        if not self.labels_on:
            return
        text = (style.value_text(node.value, self.game_id) if node.value is not None
                else "not searched")
        small = node.value is None
        self._text(target, text, (p[0], p[1] + r + 2), style.STUB if small else style.DIM,
                   "midtop", small=small, boxed=True, fit=self._room(node.id) if small else None)

    def _draw_node(self, target: pygame.Surface, nid: int, p: tuple[float, float],
                   r: float) -> None:
        node = self.nodes[nid]
        col = style.KIND_COLOR.get(node.kind, style.KIND_COLOR["leaf"])
        step = self.stepper
        fill: tuple[int, ...] | None = col
        outline: tuple[int, ...] = (20, 22, 28)
        if step is not None:
            status = step.node_status(nid)
            if status == UNSEEN:
                fill, outline = None, style.UNVISITED
            elif status == OPEN:
                fill, outline = tuple(c // 2 for c in col), col
        marks = self.node_style(nid)
        if "pv" in marks:
            outline = style.PV  # in step mode the answer is not known before the end
        style.draw_shape(target, node.kind, p, r, fill, outline, 3 if node.on_pv else 2)
        if node.tt_hit and r >= 4:
            pygame.draw.circle(target, style.TT, (p[0] + r, p[1] - r), max(3, r * 0.35))
            if self.labels_on:
                self._text(target, "TT", (p[0] + r * 1.5, p[1] - r), style.TT, "midleft",
                           small=True)
        if nid in self.layout.hidden and r >= 3:
            # Collapsed: a "closed folder" arrow and how many nodes hide below.
            if self.labels_on:
                self._text(target, f"▸{self.layout.hidden[nid]}", (p[0] + r + 3, p[1]),
                           style.DIM, "midleft", small=True)
            else:
                pygame.draw.line(target, style.DIM, (p[0], p[1] + r + 2), (p[0], p[1] + r + 6))
        if not self.labels_on:
            return
        for img, rect in self._node_labels(nid, p, r):
            target.fill(style.BG, rect.inflate(4, 0))  # edges pass under the label
            target.blit(img, rect)

    def node_label_texts(self, nid: int) -> list[str]:
        """The texts under a searched node, top down, as drawn now (label_texts)."""
        return [text for text, _, _ in self.label_texts(nid)]

    def label_texts(self, nid: int) -> list[tuple[str, int, tuple[int, ...]]]:
        """The lines under a searched node as (text, size, colour): its value (with "≤" or
        "≥" for a bound, "…" while step mode is still working it out), its window where it
        fits, and how many children went unrecorded. The drawing and the scene record both
        read them here, so what a test reads is what the tree shows."""
        node = self.nodes[nid]
        step = self.stepper
        value = node.value if step is None else step.shown_value(nid)
        window: tuple[float | None, float | None] = (
            (node.alpha, node.beta) if step is None else step.windows.get(nid, (None, None)))
        out: list[tuple[str, int, tuple[int, ...]]] = []
        if step is None or value is not None:
            text = style.value_text(value, self.game_id)
            if step is None:
                text = style.BOUND_PREFIX.get(getattr(node, "bound", "exact"), "") + text
            # In step mode a value still being worked out ("best so far") is drawn in the
            # highlight colour with a trailing "…"; a returned value in plain text.
            working = step is not None and step.node_status(nid) == OPEN
            out.append((text + ("…" if working else ""), int(self.text_size * 0.9),
                        style.PV if working else style.TEXT))
        if node.kind != "leaf" and self.windows_on and (step is None or nid in step.windows):
            text = style.window_text(*window, self.game_id)
            if self._render(text, self.small_size, style.DIM).get_width() <= self._room(nid):
                out.append((text, self.small_size, style.DIM))
        if getattr(node, "unrecorded", 0):
            # Children searched after the node budget ran out: a subtree cut, or left out
            # whole (not a leaf); the node's card says so in full where the row is tight.
            text = f"{node.unrecorded} not recorded"
            if self._render(text, self.small_size, style.STUB).get_width() > self._room(nid):
                text = f"+{node.unrecorded}"
            out.append((text, self.small_size, style.STUB))
        return out

    def _node_labels(self, nid: int, p: tuple[float, float], r: float
                     ) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The value and window under a searched node, as pictures and where they go."""
        out = []
        y = p[1] + r + 2
        for text, size, color in self.label_texts(nid):
            img = self._render(text, size, color)
            out.append((img, img.get_rect(midtop=(int(p[0]), int(y)))))
            y += self._advance(color)
        return out

    def _advance(self, color: tuple[int, ...]) -> int:
        """How far down the next label under a node starts (the value's line is taller)."""
        return (self.text_size if color in (style.TEXT, style.PV) else self.small_size) + 1

    def _room(self, nid: int) -> float:
        """Pixels a label under ``nid`` may take: the gap to its neighbours in its row (a
        root or a lone node has room for a whole window, however narrow the slots)."""
        lay = self.layout
        if nid not in lay.row:  # inside a collapsed subtree: not drawn, no neighbours
            return float("inf")
        row = lay.row[nid]
        xs = lay.row_xs[row]
        x = lay.x[nid]
        i = bisect_left(xs, x)
        gaps = [x - xs[i - 1]] if i > 0 else []
        if i + 1 < len(xs):
            gaps.append(xs[i + 1] - x)
        stubs = lay.row_stub_xs[row] if row < len(lay.row_stub_xs) else []
        j = bisect_left(stubs, x)
        gaps += [abs(stubs[k] - x) for k in (j - 1, j) if 0 <= k < len(stubs)]
        return (min(gaps) if gaps else 4.0) * self.slot - 6

    def _text(self, target: pygame.Surface, text: str, at: tuple[float, float],
              color: tuple[int, ...], anchor: str, small: bool = False,
              boxed: bool = False, fit: float | None = None) -> None:
        """A cached label; with ``fit``, left out when wider than that (no overlaps)."""
        size = self.small_size if small else int(self.text_size * 0.9)
        img = self._render(text, size, color)
        if fit is not None and img.get_width() > fit:
            return
        rect = img.get_rect(**{anchor: (int(at[0]), int(at[1]))})
        if boxed:  # edges pass under the label, never through its digits
            target.fill(style.BG, rect.inflate(4, 0))
        target.blit(img, rect)

    def _render(self, text: str, size: int, color: tuple[int, ...]) -> pygame.Surface:
        key = (text, size, color)
        img = self._labels.get(key)
        if img is None:
            if len(self._labels) > 4000:
                self._labels.clear()
            img = font(size).render(text, True, color)
            self._labels[key] = img
        return img

    def _draw_overlay(self, surface: pygame.Surface) -> None:
        """Per frame, on top of the tiles: the selection and step mode's current node."""
        r = self.radius
        marks = []
        if self.selected is not None and self.selected in self.layout.x:
            marks.append((self.selected, style.TEXT))
        if self.stepper is not None and self.stepper.current in self.layout.x:
            marks.append((self.stepper.current, style.CURRENT))
        for nid, col in marks:
            x, y = self.screen_pos(nid)
            pygame.draw.circle(surface, col, (x, y), r + 5, 2)
        if self.shows_depth_limit():
            label_depth_limit(self, surface)
        rising = self.stepper.rising() if self.stepper is not None else None
        if rising is not None and rising[0] in self.layout.x and rising[1] in self.layout.x:
            self._draw_rising(surface, *rising)
        hover = self._hovered()
        if hover is not None and hover != self.selected:
            x, y = self.screen_pos(hover)
            pygame.draw.circle(surface, style.DIM, (x, y), r + 4, 1)

    def _hovered(self) -> int | None:
        try:
            pos = pygame.mouse.get_pos()
        except pygame.error:
            return None
        if not pygame.mouse.get_focused():
            return None
        return self.node_at(pos)

    def _draw_rising(self, surface: pygame.Surface, child: int, parent: int,
                     value: float | None) -> None:
        """Step mode: an arrow up the edge along which a value has just been backed up."""
        (cx, cy), (px, py) = self.screen_pos(child), self.screen_pos(parent)
        r = self.radius
        dx, dy = px - cx, py - cy
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / length, dy / length
        # Beside the edge (not on it), so the move label on the edge stays readable.
        side = 10.0 if dx <= 0 else -10.0
        ox, oy = -uy * side, ux * side
        # From the child to the middle of the edge: clear of the parent's value and window.
        a = (cx + ux * (r + 4) + ox, cy + uy * (r + 4) + oy)
        b = (cx + dx * 0.55 + ox, cy + dy * 0.55 + oy)
        pygame.draw.line(surface, style.PV, a, b, 3)
        head = max(6.0, r * 0.7)
        left = (b[0] - ux * head - uy * head * 0.6, b[1] - uy * head + ux * head * 0.6)
        right = (b[0] - ux * head + uy * head * 0.6, b[1] - uy * head - ux * head * 0.6)
        pygame.draw.polygon(surface, style.PV, [b, left, right])
        if self.labels_on and value is not None:
            mid = ((a[0] + b[0]) / 2 + ox, (a[1] + b[1]) / 2 + oy)
            self._text(surface, style.value_text(value, self.game_id), mid, style.PV,
                       "center", boxed=True)


def _stretch(picture: pygame.Surface, factor: float, old_cam_x: float,
             new_cam_x: float) -> pygame.Surface:
    """``picture`` (the window at the old zoom) widened by ``factor`` and placed for the new
    camera: only the columns that stay in the window are scaled, so a step costs one scale of
    at most the window's size whatever the zoom."""
    w, h = picture.get_size()
    out = pygame.Surface((w, h))
    offset = old_cam_x * factor - new_cam_x  # new screen x = old screen x * factor + offset
    s0 = max(0.0, -offset / factor)
    s1 = min(float(w), (w - offset) / factor)
    left, right = 0, 0
    if s1 - s0 >= 1:
        src = picture.subsurface(pygame.Rect(int(s0), 0, max(1, int(s1 - s0)), h))
        width = max(1, int(round(src.get_width() * factor)))
        left = int(round(s0 * factor + offset))
        right = left + width
        if left >= 0 and right <= w:  # scaled straight into place: no second copy
            pygame.transform.scale(src, (width, h), out.subsurface((left, 0, width, h)))
        else:  # rounding reached a pixel past an edge
            out.blit(pygame.transform.scale(src, (width, h)), (left, 0))
    # Only the strips the old picture does not reach are cleared (zooming out).
    if left > 0:
        out.fill(style.BG, (0, 0, left, h))
    if right < w:
        out.fill(style.BG, (max(0, right), 0, w - max(0, right), h))
    return out
