"""The depth limit drawn across a recorded tree whose search went past it (quiescence search).

A dashed line under the labels of the nodes at the depth limit, above the edges quiescence
search went on along: everything under it was searched past the limit (those nodes also wear
their dashed ring, style.node_marks). The line is drawn into the tree view's tiles (and so into
exported pictures); its label "depth limit" is drawn per frame at the window's left edge, so it
stays in sight however the tree is panned, where the tree leaves room beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ui.assets import font
from ui.lab import style
from ui.lab.tree_camera import TreeCamera

#: Dash length of the line, in pixels.
DASH = 10
LABEL = "depth limit"


def depth_limit_y(view: TreeCamera) -> float:
    """World y of the line in ``view`` (a tree view's camera): under the value and window of
    the nodes at the limit (row ``view.shape.horizon_row``)."""
    row = view.shape.horizon_row or 0
    return (row * view.row_h + view.row_h * 0.45 + view.radius + 4 + view.text_size * 1.25
            + view.small_size * 1.3)


def draw_depth_limit(view: TreeCamera, target: pygame.Surface, ox: float, oy: float,
                     avoid: Sequence[pygame.Rect] = ()) -> None:
    """The dashed line across ``target`` placed at world (ox, oy), broken where it would run
    through a label in ``avoid`` (rectangles in ``target``'s pixels); the dashes sit on a
    world grid, so they run on from tile to tile."""
    y = depth_limit_y(view) - oy
    if not -2 <= y <= target.get_height() + 2:
        return
    gaps = sorted((r.left - 4, r.right + 4) for r in avoid if r.top - 2 <= y <= r.bottom + 2)
    x = -(ox % (2 * DASH))
    while x < target.get_width():
        a, b = x, x + DASH
        for g0, g1 in gaps:
            if g0 < b and a < g1:  # cut the dash around the label
                if a < g0:
                    pygame.draw.line(target, style.QUIESCENCE_DIM, (a, y), (g0, y), 2)
                a = max(a, g1)
        if a < b:
            pygame.draw.line(target, style.QUIESCENCE_DIM, (a, y), (b, y), 2)
        x += 2 * DASH


def label_depth_limit(view: TreeCamera, surface: pygame.Surface) -> None:
    """"depth limit" just above the line, on a dark patch, when the line is in the window
    (between the header and the key): at the window's left edge, or its right edge, where
    the tree leaves room beside the rows at and under the limit (else the key says it)."""
    y = view.rect.y + depth_limit_y(view) - view.cam_y
    if not view.rect.top + view.top_margin < y < view.rect.bottom - view.bottom_margin:
        return
    img = font(view.small_size).render(LABEL, True, style.QUIESCENCE)
    box = img.get_rect(bottomleft=(view.rect.x + 6, int(y) - 3))
    lo, hi = _tree_span(view)
    if box.right + 6 > lo:
        box.bottomright = (view.rect.right - 6, int(y) - 3)
        if box.left - 6 < hi:
            return  # no room on either side: the key to the shapes names the line
    surface.fill(style.BG, box.inflate(6, 2))
    surface.blit(img, box)


def _tree_span(view: TreeCamera) -> tuple[float, float]:
    """Screen x from the left end to the right end of what is drawn in the rows at and just
    under the depth limit (nodes, stubs and their labels)."""
    lay = view.shape.layout
    limit = view.shape.horizon_row or 0  # as depth_limit_y: drawn only where there is a limit
    rows = [r for r in (limit, limit + 1) if 0 <= r < len(lay.row_xs)]
    xs = [x for r in rows for x in lay.row_xs[r]]
    xs += [x for r in rows if r < len(lay.row_stub_xs) for x in lay.row_stub_xs[r]]
    if not xs:
        return (float("inf"), float("-inf"))
    reach = max(view.slot * 0.6, view.radius * 1.6 + 6)  # a label's half width at most
    to_screen = view.rect.x - view.cam_x
    return ((min(xs) + 0.5) * view.slot + to_screen - reach,
            (max(xs) + 0.5) * view.slot + to_screen + reach)
