"""The tree explorer's words: what each node and edge reads, and where a label may go.

``TreeLabels`` says the lines under a searched node (its value, its window where it fits, how
many children went unrecorded) and the label of the edge into it, keeps the rendered texts,
and places edge labels so that none covers another drawn in the same pass. The drawing
(tree_paint.py) and the scene record both read the texts here, so what a test reads is what
the tree shows.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

import pygame

from ai.lab import mcts_text
from ui.assets import font
from ui.lab import style
from ui.lab.stepper import OPEN, UNSEEN
from ui.lab.tree_camera import TreeCamera
from ui.lab.tree_shape import TreeShape

#: A label line: (text, size, colour); an edge label line: (text, colour).
Line = tuple[str, int, tuple[int, ...]]
EdgeLine = tuple[str, tuple[int, ...]]
#: Rendered texts kept at most (then the cache starts afresh).
MAX_CACHED = 4000


class TreeLabels:
    """The texts of ``shape``'s nodes and edges at ``camera``'s sizes."""

    def __init__(self, shape: TreeShape, camera: TreeCamera) -> None:
        self.shape = shape
        self.camera = camera
        self._cache: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = {}
        #: Edge labels drawn in the current render pass (none may cover another).
        self.placed: list[pygame.Rect] = []

    # ---- what they read ---------------------------------------------------------------------
    def edge_lines(self, nid: int) -> list[EdgeLine]:
        """The label of the edge into a searched node, line by line with colours: the move
        (Nim: the heaps it leaves), a chance outcome's probability, and for a move searched
        twice its name once: "probe" on the first visit, "↻ re-searched" under the move on
        the second."""
        shape = self.shape
        node = shape.nodes[nid]
        lines: list[EdgeLine] = []
        if nid in shape.research_of:
            # A root move of a failed aspiration window is its first try, however it was
            # searched inside that try (PVS's null window too).
            aspiration = (node.parent == 0 and not node.research
                          and getattr(shape.recording, "first_try", None) is not None)
            first = "probe" if node.null_window and not aspiration else "first try"
            return [(first, style.DIM)]
        label = style.edge_text(node, shape.kit)
        if label:
            lines.append((label, style.TEXT))
        if node.probability is not None:
            lines.append((style.probability_text(node.probability), style.DIM))
        if node.research:
            lines.append(("↻ re-searched", style.RESEARCH))
        if getattr(node, "probe", 0) and node.parent == 0:  # MTD(f): the root's moves again
            lines.append((f"probe {node.probe}", style.RESEARCH))
        return lines

    def node_label_texts(self, nid: int) -> list[str]:
        """The texts under a searched node, top down, as drawn now (label_texts)."""
        return [text for text, _, _ in self.label_texts(nid)]

    def label_texts(self, nid: int) -> list[Line]:
        """The lines under a searched node as (text, size, colour): its value (with "≤" or
        "≥" for a bound, "…" while step mode is still working it out), its window where it
        fits, and how many children went unrecorded."""
        shape, cam = self.shape, self.camera
        node = shape.nodes[nid]
        step = shape.stepper
        value = node.value if step is None else step.shown_value(nid)
        window: tuple[float | None, float | None] = (
            (node.alpha, node.beta) if step is None else step.windows.get(nid, (None, None)))
        out: list[Line] = []
        if getattr(node, "visits", None) is not None:  # MCTS: its mean and visits
            mean, visits = mcts_text.node_texts(node)
            if step is not None:  # as of the step: nothing before the node is made
                if step.node_status(nid) == UNSEEN:
                    return []
                shown = getattr(step, "node_stats", None)
                n, _ = shown(nid) if shown is not None else (0, 0.0)
                mean = mcts_text.mean_text(value)
                visits = f"N {n:,}"
            return [(mean, int(cam.text_size * 0.9), style.TEXT),
                    (visits, cam.small_size, style.DIM)]
        if step is None or value is not None:
            text = style.value_text(value, shape.kit)
            if step is None:
                text = style.BOUND_PREFIX.get(getattr(node, "bound", "exact"), "") + text
            # In step mode a value still being worked out ("best so far") is drawn in the
            # highlight colour with a trailing "…"; a returned value in plain text.
            working = step is not None and step.node_status(nid) == OPEN
            out.append((text + ("…" if working else ""), int(cam.text_size * 0.9),
                        style.PV if working else style.TEXT))
        if node.kind != "leaf" and shape.windows_on and (step is None or nid in step.windows):
            text = style.window_text(*window, shape.kit)
            if self.render(text, cam.small_size, style.DIM).get_width() <= self.room(nid):
                out.append((text, cam.small_size, style.DIM))
        if getattr(node, "unrecorded", 0):
            # Children searched after the node budget ran out: a subtree cut, or left out
            # whole (not a leaf); the node's card says so in full where the row is tight.
            text = f"{node.unrecorded} not recorded"
            if self.render(text, cam.small_size, style.STUB).get_width() > self.room(nid):
                text = f"+{node.unrecorded}"
            out.append((text, cam.small_size, style.STUB))
        return out

    def shown_lines(self, nid: int) -> list[Line]:
        """The lines under ``nid`` as drawn now: none for a skipped child or while the zoom
        leaves labels out."""
        if self.shape.is_skipped(nid) or not self.camera.labels_on:
            return []
        return self.label_texts(nid)

    # ---- where they go ------------------------------------------------------------------------
    def node_labels(self, nid: int, p: tuple[float, float], r: float
                    ) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The value and window under a searched node, as pictures and where they go."""
        out = []
        y = p[1] + r + 2
        for text, size, color in self.label_texts(nid):
            img = self.render(text, size, color)
            out.append((img, img.get_rect(midtop=(int(p[0]), int(y)))))
            y += self.advance(color)
        return out

    def node_box(self, nid: int, lines: list[Line] | None = None) -> pygame.Rect:
        """A node's shape and the labels under it, on screen: what must be in sight for the
        node to be read (a value behind the legend is hidden)."""
        if lines is None:
            lines = self.shown_lines(nid)
        x, y = self.camera.screen_pos(nid)
        r = max(1, int(self.camera.radius))
        box = pygame.Rect(int(x) - r, int(y) - r, 2 * r, 2 * r)
        box.height += sum(self.advance(color) for _, _, color in lines) + 2 * bool(lines)
        return box

    def advance(self, color: tuple[int, ...]) -> int:
        """How far down the next label under a node starts (the value's line is taller)."""
        cam = self.camera
        return (cam.text_size if color in (style.TEXT, style.PV) else cam.small_size) + 1

    def room(self, nid: int) -> float:
        """Pixels a label under ``nid`` may take: the gap to its neighbours in its row (a
        root or a lone node has room for a whole window, however narrow the slots)."""
        lay = self.shape.layout
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
        return (min(gaps) if gaps else 4.0) * self.camera.slot - 6

    def start_pass(self) -> None:
        """A new picture: no label placed yet."""
        self.placed = []

    def reserve(self, rects: Iterable[pygame.Rect]) -> None:
        """Places taken by node labels: edge labels keep clear of them."""
        self.placed.extend(rects)

    def place_label(self, target: pygame.Surface, lines: list[EdgeLine],
                    a: tuple[float, float], b: tuple[float, float], r: float) -> None:
        """An edge's label from ``a`` to ``b``, left out where it would cover one placed."""
        if not lines:
            return
        # Just above the child, where sibling labels sit a whole slot apart and clear of the
        # parent's value and window; a label that would run into one already drawn is left
        # out (the node card always has it).
        top, bottom = a[1] + r * 0.8, b[1] - r
        size = self.camera.small_size
        imgs = [self.render(text, size, color) for text, color in lines]
        height = sum(img.get_height() for img in imgs)
        box = pygame.Rect(0, 0, max(img.get_width() for img in imgs), height)
        # A gap of about a letter between neighbours: labels of moves written with spaces
        # ("bar/23 24/23 8/7") would otherwise run together into one. Where the first place
        # is taken (a parent's window), the label tries the top of the child.
        for gap in (self.camera.text_size * 0.3, 1.0):
            t = max(0.5, 1.0 - gap / max(1.0, bottom - top))
            box.midbottom = (int(a[0] + (b[0] - a[0]) * t), int(top + (bottom - top) * t))
            if box.inflate(size, 0).collidelist(self.placed) < 0:
                break
        else:
            return
        self.placed.append(box)
        if len(imgs) > 1:  # a label of several lines sits on its edge: the line passes under
            target.fill(style.BG, box.inflate(4, 0))
        yy = box.y
        for img in imgs:
            target.blit(img, img.get_rect(midtop=(box.centerx, yy)))
            yy += img.get_height()

    # ---- pictures -----------------------------------------------------------------------------
    def text(self, target: pygame.Surface, text: str, at: tuple[float, float],
             color: tuple[int, ...], anchor: str, small: bool = False,
             boxed: bool = False, fit: float | None = None) -> None:
        """A cached label; with ``fit``, left out when wider than that (no overlaps)."""
        cam = self.camera
        size = cam.small_size if small else int(cam.text_size * 0.9)
        img = self.render(text, size, color)
        if fit is not None and img.get_width() > fit:
            return
        rect = img.get_rect(**{anchor: (int(at[0]), int(at[1]))})
        if boxed:  # edges pass under the label, never through its digits
            target.fill(style.BG, rect.inflate(4, 0))
        target.blit(img, rect)

    def render(self, text: str, size: int, color: tuple[int, ...]) -> pygame.Surface:
        key = (text, size, color)
        img = self._cache.get(key)
        if img is None:
            if len(self._cache) > MAX_CACHED:
                self._cache.clear()
            img = font(size).render(text, True, color)
            self._cache[key] = img
        return img

    def forget(self) -> None:
        """Drop the rendered texts (a test counts what is rendered afresh)."""
        self._cache.clear()
