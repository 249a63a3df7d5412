"""The tree explorer's cached picture: 512-pixel tiles, and the stretched picture of a zoom.

Tiles are drawn on demand (tree_paint.py) and kept until the zoom, the text sizes, the layout
or the step change (``key``); panning then costs a dozen blits a frame. A wheel step would
redraw every tile at once, so ``zoomed`` keeps the window's picture stretched to the new zoom
instead, and sharp tiles replace it once the wheel rests, a few milliseconds' worth a frame.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from ui.lab import style
from ui.lab.tree_camera import TreeCamera
from ui.lab.tree_paint import TreePainter
from ui.lab.tree_shape import TreeShape

TILE = 512
MAX_TILES = 64
#: After a wheel step, sharp tiles wait this long for the next step (a gesture is several).
ZOOM_SETTLE_S = 0.12
#: Time per frame spent drawing sharp tiles over a stretched picture.
TILE_BUDGET_S = 0.006

#: The stretched picture shown while zooming: (surface, cam_x, cam_y, tile key).
Preview = tuple[pygame.Surface, float, float, tuple[object, ...]]


class TileCache:
    """The drawn tiles of ``painter``'s picture and the zoom's stretched picture."""

    def __init__(self, shape: TreeShape, camera: TreeCamera, painter: TreePainter) -> None:
        self.shape = shape
        self.camera = camera
        self.painter = painter
        self.tiles: dict[tuple[int, int], pygame.Surface] = {}
        self._tile_key: tuple[object, ...] = ()
        self.preview: Preview | None = None
        self._zoomed_at = -1.0
        #: The time source of the zoom's settling (a test sets its own).
        self.clock: Callable[[], float] = time.perf_counter

    def key(self) -> tuple[object, ...]:
        cam = self.camera
        return (cam.slot, cam.text_size, cam.small_size, cam.row_texts,
                *self.shape.tile_version())

    def invalidate(self) -> None:
        """Forget the drawn tiles (after a change of zoom, size or what is shown)."""
        self.tiles.clear()
        self.preview = None

    def set_clock(self, clock: Callable[[], float]) -> None:
        self.clock = clock

    def zoomed(self, before: pygame.Surface, factor: float, old_cam_x: float) -> None:
        """The camera zoomed by ``factor``: ``before`` (the picture as it stood) stretched
        is shown until the sharp tiles are drawn."""
        cam = self.camera
        self.invalidate()
        self.preview = (stretch(before, factor, old_cam_x, cam.cam_x), cam.cam_x, cam.cam_y,
                        self.key())
        self._zoomed_at = self.clock()

    def compose(self) -> pygame.Surface:
        """The window's tree picture as it stands (stretched picture and sharp tiles)."""
        cam = self.camera
        key = self.key()
        preview = self.preview
        if (preview is not None and preview[3] == key and not self.tiles
                and (preview[1], preview[2]) == (cam.cam_x, cam.cam_y)):
            return preview[0]  # mid-gesture: the picture on screen is the stretched one
        shot = pygame.Surface(cam.rect.size)
        shot.fill(style.BG)
        if preview is not None and preview[3] == key:
            pic, px, py, _ = preview
            shot.blit(pic, (px - cam.cam_x, py - cam.cam_y))
        if self._tile_key == key:
            for (tx, ty), tile in self.tiles.items():
                shot.blit(tile, (tx * TILE - cam.cam_x, ty * TILE - cam.cam_y))
        return shot

    def draw(self, surface: pygame.Surface) -> None:
        """The tiles in the window onto ``surface`` (clipped by the caller), drawing the
        missing ones (behind a stretched picture, a few a frame once the wheel rests)."""
        cam = self.camera
        key = self.key()
        if key != self._tile_key:
            self.tiles.clear()
            self._tile_key = key
        preview = self.preview if self.preview is not None and self.preview[3] == key else None
        self.preview = preview
        if preview is not None:
            pic, px, py, _ = preview
            surface.blit(pic, (cam.rect.x + px - cam.cam_x, cam.rect.y + py - cam.cam_y))
        tx0, ty0 = int(cam.cam_x // TILE), int(cam.cam_y // TILE)
        tx1 = int((cam.cam_x + cam.rect.width) // TILE)
        ty1 = int((cam.cam_y + cam.rect.height) // TILE)
        rendered = missing = 0
        now = self.clock()
        # Behind a stretched picture: no sharp tile while the wheel turns, then a few a frame.
        settling = preview is not None and now - self._zoomed_at < ZOOM_SETTLE_S
        for ty in range(ty0, ty1 + 1):
            for tx in range(tx0, tx1 + 1):
                tile = self.tiles.get((tx, ty))
                if tile is None:
                    if preview is not None and (
                            settling or (rendered and self.clock() - now > TILE_BUDGET_S)):
                        missing += 1
                        continue
                    tile = self._store(tx, ty)
                    rendered += 1
                surface.blit(tile, (cam.rect.x + tx * TILE - cam.cam_x,
                                    cam.rect.y + ty * TILE - cam.cam_y))
        if preview is not None and not missing:
            self.preview = None  # every tile in the window is sharp again
        if not rendered and not missing:
            self._prefetch(tx0, ty0, tx1, ty1)

    def _store(self, tx: int, ty: int) -> pygame.Surface:
        if len(self.tiles) >= MAX_TILES:
            self.tiles.clear()
        tile = pygame.Surface((TILE, TILE))
        if pygame.display.get_surface() is not None:
            tile = tile.convert()
        tile.fill(style.BG)
        self.painter.render_world(tile, tx * TILE, ty * TILE)
        self.tiles[(tx, ty)] = tile
        return tile

    def _prefetch(self, tx0: int, ty0: int, tx1: int, ty1: int) -> None:
        """In a frame that rendered nothing, render one tile just outside the window, so a
        pan reaches tiles that are already drawn instead of drawing several in one frame."""
        rows = range(max(ty0 - 1, -1), ty1 + 2)
        ring = [(tx, ty) for ty in rows for tx in (tx0 - 1, tx1 + 1)]
        ring += [(tx, ty) for tx in range(tx0, tx1 + 1) for ty in (ty0 - 1, ty1 + 1)]
        world_h = self.shape.layout.rows * self.camera.row_h
        for tx, ty in ring:
            if (tx, ty) not in self.tiles and ty * TILE < world_h and (ty + 1) * TILE > -TILE:
                if len(self.tiles) < MAX_TILES:
                    self._store(tx, ty)
                return


def stretch(picture: pygame.Surface, factor: float, old_cam_x: float,
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
