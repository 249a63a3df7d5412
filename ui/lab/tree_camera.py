"""Where the tree explorer's picture sits: the window, the zoom, the pan and the text sizes.

``TreeCamera`` owns the one transform from the tree's layout (tree_shape.py) to the screen:
a slot width (the zoom: it widens the tree, rows keep their height), the row spacing in text
heights (Fit may close the rows up), the camera's world position and the margins the pane's
header and key take. Fit and "readable" choose these; panning and zooming move them.
"""

from __future__ import annotations

import pygame

from ai.lab import mcts_text
from ui.assets import font
from ui.lab import style
from ui.lab.tree_shape import TreeShape

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


class TreeCamera:
    """The view's window, zoom, pan and text sizes over ``shape``'s layout."""

    def __init__(self, shape: TreeShape, text_size: int, small_size: int | None) -> None:
        self.shape = shape
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.text_size = text_size
        self.small_size = small_size or max(10, round(text_size * 0.86))
        #: Row spacing in text heights (fit closes it up for a tall tree).
        self.row_texts = ROW_TEXTS
        self.slot = 80.0  # px per layout slot (the zoom)
        self.cam_x = 0.0  # world px at the view's left edge
        self.cam_y = 0.0
        #: Room left above the root for the pane's header lines, and below the tree for the key.
        self.top_margin = 0.0
        self.bottom_margin = 0.0
        self._widest: tuple[int, float] = (0, 0.0)
        self._fitted_at: tuple[float, ...] = ()

    # ---- sizes ------------------------------------------------------------------------------
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
            texts = {mcts_text.mean_text(n.value) if getattr(n, "visits", None) is not None
                     else style.value_text(n.value, self.shape.kit)  # MCTS: a mean, short
                     for n in self.shape.nodes if getattr(n, "value", None) is not None}
            face = font(self.text_size)
            widest = max((face.size("≤" + t)[0] for t in texts), default=0)
            self._widest = (self.text_size, float(widest))
        return self._widest[1]

    @property
    def labels_on(self) -> bool:
        return self.slot >= self.label_slot and self.row_texts >= MIN_ROW_TEXTS

    # ---- tree to screen -----------------------------------------------------------------------
    def world(self, nid: int) -> tuple[float, float]:
        """Node centre in world pixels (before the camera)."""
        lay = self.shape.layout
        return ((lay.x[nid] + 0.5) * self.slot, lay.row[nid] * self.row_h + self.row_h * 0.45)

    def screen_pos(self, nid: int) -> tuple[float, float]:
        wx, wy = self.world(nid)
        return (self.rect.x + wx - self.cam_x, self.rect.y + wy - self.cam_y)

    def world_size(self) -> tuple[float, float]:
        return (self.shape.layout.width * self.slot, self.shape.layout.rows * self.row_h)

    def drawing_area(self) -> pygame.Rect:
        """Where nodes may be seen: the view less the header above and the legend below."""
        top = int(self.top_margin)
        return pygame.Rect(self.rect.x, self.rect.y + top, self.rect.width,
                           max(0, self.rect.height - top - int(self.bottom_margin)))

    # ---- changes ------------------------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect, text_size: int | None = None,
                 small_size: int | None = None) -> None:
        self.text_size = text_size if text_size is not None else self.text_size
        self.small_size = small_size if small_size is not None else self.small_size
        self.rect = pygame.Rect(rect)

    def set_margins(self, top: float, bottom: float) -> None:
        """The room the pane's header lines take above the tree, and its key below."""
        self.top_margin, self.bottom_margin = top, bottom

    def look(self, slot: float | None = None, cam_x: float | None = None,
             cam_y: float | None = None) -> None:
        """Set the zoom and the camera as given (an exported picture, a benchmark's view)."""
        self.slot = slot if slot is not None else self.slot
        self.cam_x = cam_x if cam_x is not None else self.cam_x
        self.cam_y = cam_y if cam_y is not None else self.cam_y

    def fit(self) -> None:
        """Zoom so the whole shown tree fits the window: its width by the zoom (never beyond
        readable size), its height by closing the rows up as far as their labels allow."""
        lay, nodes = self.shape.layout, self.shape.nodes
        width = max(1, lay.width)
        self.slot = max(MIN_SLOT, min(110.0 * max(1.0, self.text_size / BASE_TEXT),
                                      (self.rect.width - 20) / width))
        # The root's apex just under the header; under the last row, its value and window.
        above = self.radius + 4
        # Under the last row its value, and its window where that row has inner nodes (a
        # row of leaves shows values only).
        last = lay.rows - 1
        windowed = self.shape.windows_on and any(
            row == last and nodes[nid].kind != "leaf" for nid, row in lay.row.items())
        below = self.radius + 4 + self.text_size + (self.small_size * 1.3 if windowed else 0)
        room = self.rect.height - self.top_margin - self.bottom_margin - above - below
        gaps = max(1, lay.rows - 1)
        # Rows closer than their labels need: the whole tree's shape, its labels left out
        # (Fit means the whole tree; zooming in brings them back).
        self.row_texts = max(0.2, min(ROW_TEXTS, room / (gaps * self.text_size)))
        ww, _ = self.world_size()
        self.cam_x = (ww - self.rect.width) / 2
        self.cam_y = self.world(0)[1] - above - self.top_margin
        self._fitted_at = self._camera()

    def _camera(self) -> tuple[float, ...]:
        return (self.slot, self.row_texts, self.cam_x, self.cam_y, *self.rect)

    @property
    def fitted(self) -> bool:
        """Is the picture as Fit left it (no pan, zoom or resize since)?"""
        return self._fitted_at == self._camera()

    def fits_readably(self) -> bool:
        """Does the whole shown tree fit the window with its labels on?"""
        width = max(1, self.shape.layout.width)
        return (self.rect.width - 20) / width >= self.label_slot

    def readable(self) -> None:
        """Fit, but never so small that the labels disappear: then show the root's part,
        leaning toward the principal variation's first move (centred on the root alone, a
        wide tree opened with the move the search chose cut off at the edge)."""
        self.fit()
        read_slot = max(READ_SLOT, self.text_size * READ_SLOT / 22)
        too_narrow = self.slot < read_slot and not self.fits_readably()
        if too_narrow or self.row_texts < MIN_ROW_TEXTS:
            # Rows as close as Fit put them, but never closer than their labels need: a
            # tree too wide is panned sideways with all of its rows in sight if they fit.
            self.row_texts = max(MIN_ROW_TEXTS, self.row_texts)
            if too_narrow:
                self.slot = read_slot
            root_x, _ = self.world(0)
            half = self.rect.width / 2
            # Half a slot of room beside a node keeps its box and its labels whole.
            edge = min(half, self.slot / 2)
            lo, hi = root_x - half + edge, root_x + half - edge
            wx = root_x
            pv = self.shape.recording.principal_variation()
            if too_narrow and len(pv) > 1 and pv[1] in self.shape.layout.x:
                # Leaning toward the chosen move, as far as keeps it whole too; the root
                # never leaves the window for it.
                chosen_x = self.world(pv[1])[0]
                wx = (root_x + chosen_x) / 2
                if chosen_x < root_x:
                    wx = min(wx, chosen_x + half - edge)
                else:
                    wx = max(wx, chosen_x - half + edge)
            wx = max(lo, min(hi, wx))
            self.cam_x = wx - self.rect.width / 2
            self.cam_y = self.world(0)[1] - self.radius - 4 - self.top_margin
            self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        """Move the picture by (dx, dy) screen pixels."""
        self.cam_x -= dx
        self.cam_y -= dy
        self.clamp()

    def zoom(self, factor: float, px: float) -> bool:
        """Zoom by ``factor`` around the window's column ``px``; False when at a limit."""
        world_x = (self.cam_x + px) / self.slot
        new = max(MIN_SLOT, min(MAX_SLOT, self.slot * factor))
        if new == self.slot:
            return False
        self.slot = new
        if factor > 1 and self.row_texts < ROW_TEXTS:  # rows squeezed by Fit open up again
            self.row_texts = min(ROW_TEXTS, self.row_texts * factor)
        self.cam_x = world_x * self.slot - px
        self.clamp()
        return True

    def keep_at(self, nid: int, anchor: tuple[float, float]) -> None:
        """Put node ``nid`` at screen point ``anchor`` (a toggled node stays under the mouse:
        the picture must not jump away)."""
        wx, wy = self.world(nid)
        self.cam_x = wx - (anchor[0] - self.rect.x)
        self.cam_y = wy - (anchor[1] - self.rect.y)

    def clamp(self) -> None:
        """Keep some of the tree on screen whatever the pan."""
        ww, wh = self.world_size()
        margin_x = self.rect.width * 0.8
        self.cam_x = max(-margin_x, min(ww - self.rect.width + margin_x, self.cam_x))
        self.cam_y = max(-self.rect.height * 0.5 - self.top_margin,
                         min(wh - self.rect.height * 0.3, self.cam_y))
