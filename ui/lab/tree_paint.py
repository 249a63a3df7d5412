"""The tree explorer's drawing: nodes, edges, stubs and their labels, and the per-frame marks.

``TreePainter`` draws the part of the shown tree (tree_shape.py) that reaches into a surface
placed at a world position (a cached tile, or an exported picture), at the camera's sizes
(tree_camera.py), with the texts of tree_labels.py. What the picture teaches is described in
treeview.py; the overlay (the selection, step mode's current node and its rising value, the
hovered node, the depth limit's label) is drawn over the tiles every frame.
"""

from __future__ import annotations

import pygame

from ai.lab import mcts_text
from ui import scene_record
from ui.lab import style
from ui.lab.depth_limit import draw_depth_limit, label_depth_limit
from ui.lab.shown_tree import SkippedChild, WithSkipped
from ui.lab.stepper import OPEN, UNSEEN
from ui.lab.tree_camera import TreeCamera
from ui.lab.tree_labels import TreeLabels
from ui.lab.tree_shape import TreeShape

Point = tuple[float, float]


class TreePainter:
    """Draws ``shape`` through ``camera`` with ``labels``."""

    def __init__(self, shape: TreeShape, camera: TreeCamera, labels: TreeLabels) -> None:
        self.shape = shape
        self.camera = camera
        self.labels = labels

    def render_world(self, target: pygame.Surface, ox: float, oy: float) -> None:
        """Draw every edge, stub and node reaching into ``target`` placed at world (ox, oy)."""
        w, h = target.get_size()
        cam, lay, shape = self.camera, self.shape.layout, self.shape
        slot, row_h, r = cam.slot, cam.row_h, cam.radius
        labels_on = cam.labels_on
        margin = (max(slot, cam.label_slot) if labels_on else r) / slot + 1
        x0, x1 = ox / slot - margin, (ox + w) / slot + margin
        row0 = max(0, int(oy // row_h) - 1)
        row1 = min(lay.rows - 1, int((oy + h) // row_h) + 1)
        self.labels.start_pass()  # labels in this pass: none may cover another
        dense = slot < 1.0

        def pos(nid: int) -> Point:
            return ((lay.x[nid] + 0.5) * slot - ox, lay.row[nid] * row_h + row_h * 0.45 - oy)

        def in_row(row: int, reach: float = 0.0) -> list[int]:
            if dense:  # several nodes a pixel: one per pixel column is the picture
                return lay.sampled_in(row, x0 - reach, x1 + reach, 1.0 / slot)
            return lay.visible_in(row, x0, x1, reach)

        if labels_on:  # nodes' values and windows first: edge labels keep clear of them
            for row in range(max(0, row0 - 1), row1 + 1):
                for nid in in_row(row):
                    if not shape.is_skipped(nid):
                        self.labels.reserve(
                            rect for *_, rect in self.labels.node_labels(nid, pos(nid), r))
        if shape.has_quiescence and r >= 2.5:  # rings under the edges and their labels
            for row in range(row0, row1 + 1):
                for nid in in_row(row):
                    if not shape.is_skipped(nid) and "quiescence" in shape.node_style(nid):
                        style.draw_dashed_ring(target, style.QUIESCENCE, pos(nid),
                                               style.quiescence_ring(r), 2 if r >= 6 else 1)
        # Edges: every edge ending in a drawn row whose child lies within reach of the tile.
        for row in range(max(1, row0), min(lay.rows - 1, row1 + 1) + 1):
            reach = lay.row_reach[row]
            for nid in in_row(row, reach):
                self._edge(target, nid, pos(self.shape.nodes[nid].parent), pos(nid), r)
            for stub in lay.stubs_in(row, x0 - reach, x1 + reach):
                b = ((stub.x + 0.5) * slot - ox, row * row_h + row_h * 0.45 - oy)
                self._stub(target, stub.parent, stub.skipped, pos(stub.parent), b, r)
        if shape.shows_depth_limit():  # over the edges it cuts, never through a label
            draw_depth_limit(cam, target, ox, oy, self.labels.placed)
        for row in range(row0, row1 + 1):
            for nid in in_row(row):
                node = shape.nodes[nid]
                if isinstance(node, SkippedChild):
                    if shape.shows_as_skipped(nid):
                        self._draw_skipped(target, node, pos(nid), r)
                    else:  # hollow, as every node the search has not reached yet
                        style.draw_shape(target, node.kind, pos(nid), r, None,
                                         style.UNVISITED, 2)
                    continue
                self._draw_node(target, nid, pos(nid), r)

    # ---- edges ------------------------------------------------------------------------------
    def _edge(self, target: pygame.Surface, nid: int, a: Point, b: Point, r: float) -> None:
        """The edge into ``nid`` from its parent at ``a``, and its label."""
        node = self.shape.nodes[nid]
        step = self.shape.stepper
        labels_on = self.camera.labels_on
        if isinstance(node, SkippedChild):
            if self.shape.shows_as_skipped(nid):
                # The dashed grey edge to a child a cutoff skipped, labelled with its move.
                style.draw_dashed(target, style.STUB, (a[0], a[1] + r * 0.8), (b[0], b[1] - r))
                if labels_on and node.label:
                    self.labels.place_label(target, [(node.label, style.DIM)], a, b, r)
            else:  # step mode before its cutoff: a child not reached yet, like any
                pygame.draw.line(target, style.UNVISITED, (a[0], a[1] + r * 0.8),
                                 (b[0], b[1] - r), 1)
                if labels_on and node.label:
                    self.labels.place_label(target, [(node.label, style.TEXT)], a, b, r)
            return
        if step is not None and step.node_status(nid) == UNSEEN:
            col, width = style.UNVISITED, 1
        elif node.on_pv and (step is None or step.at_end):
            col, width = style.PV, 3 if self.camera.slot >= 6 else 2
        else:
            col, width = style.EDGE, 1
        if getattr(node, "visits", None) is not None and col != style.UNVISITED:
            # MCTS: as wide as its visits (in step mode, its visits as of the step)
            shown = getattr(step, "node_stats", None)
            n, root_n = ((shown(nid)[0], shown(0)[0]) if shown is not None
                         else (node.visits, self.shape.nodes[0].visits or 1))
            width = mcts_text.edge_width(n, root_n)
        start, end = (a[0], a[1] + r * 0.8), (b[0], b[1] - r)
        if nid in self.shape.research_of:  # a first visit, searched again beside it
            style.draw_dashed(target, col, start, end)
        else:
            pygame.draw.line(target, col, start, end, width)
        if labels_on:
            self.labels.place_label(target, self.labels.edge_lines(nid), a, b, r)

    def _stub(self, target: pygame.Surface, parent: int, count: int, a: Point, b: Point,
              r: float) -> None:
        """The children a cutoff skipped, gathered into one stub under ``parent``."""
        step = self.shape.stepper
        if step is not None and parent not in step.cut:
            self._unreached_stub(target, count, a, b, r)
            return
        style.draw_dashed(target, style.STUB, (a[0], a[1] + r * 0.8), b)
        style.draw_stub(target, b, max(r, 2.0))
        if self.camera.labels_on:
            node = self.shape.nodes[parent]
            more = isinstance(node, WithSkipped) and node.shown_skipped
            text = f"+{count} more" if more else f"{count} skipped"
            self.labels.text(target, text, (b[0], b[1] + r + 2), style.DIM, "midtop",
                             small=True)

    def _unreached_stub(self, target: pygame.Surface, count: int, a: Point, b: Point,
                        r: float) -> None:
        """Step mode, before a cutoff: the moves its stub will hold, drawn as moves not
        reached yet (a plain edge, a hollow box, "n more")."""
        pygame.draw.line(target, style.UNVISITED, (a[0], a[1] + r * 0.8), (b[0], b[1] - r), 1)
        box = pygame.Rect(0, 0, int(2 * max(r, 2.0)), int(1.4 * max(r, 2.0)))
        box.center = (int(b[0]), int(b[1]))
        pygame.draw.rect(target, style.UNVISITED, box, 1)
        if self.camera.labels_on:
            self.labels.text(target, f"{count} more", (b[0], b[1] + r + 2), style.DIM,
                             "midtop", small=True)

    # ---- nodes ------------------------------------------------------------------------------
    def _draw_skipped(self, target: pygame.Surface, node: SkippedChild, p: Point,
                      r: float) -> None:
        """A skipped child: its shape hollow in grey, its value (when known) below in grey,
        "not searched" otherwise."""
        style.draw_shape(target, node.kind, p, r, style.SKIPPED_FILL, style.STUB, 1)
        if not self.camera.labels_on:
            return
        text = (style.value_text(node.value, self.shape.kit) if node.value is not None
                else "not searched")
        small = node.value is None
        self.labels.text(target, text, (p[0], p[1] + r + 2),
                         style.STUB if small else style.DIM, "midtop", small=small,
                         boxed=True, fit=self.labels.room(node.id) if small else None)

    def _draw_node(self, target: pygame.Surface, nid: int, p: Point, r: float) -> None:
        node = self.shape.nodes[nid]
        col = style.KIND_COLOR.get(node.kind, style.KIND_COLOR["leaf"])
        step = self.shape.stepper
        labels_on = self.camera.labels_on
        fill: tuple[int, ...] | None = col
        outline: tuple[int, ...] = (20, 22, 28)
        if step is not None:
            status = step.node_status(nid)
            if status == UNSEEN:
                fill, outline = None, style.UNVISITED
            elif status == OPEN:
                fill, outline = tuple(c // 2 for c in col), col
        if "pv" in self.shape.node_style(nid):
            outline = style.PV  # in step mode the answer is not known before the end
        style.draw_shape(target, node.kind, p, r, fill, outline, 3 if node.on_pv else 2)
        if node.tt_hit and r >= 4:
            pygame.draw.circle(target, style.TT, (p[0] + r, p[1] - r), max(3, r * 0.35))
            if labels_on:
                self.labels.text(target, "TT", (p[0] + r * 1.5, p[1] - r), style.TT,
                                 "midleft", small=True)
        hidden = self.shape.layout.hidden
        if nid in hidden and r >= 3:
            # Collapsed: a "closed folder" arrow and how many nodes hide below.
            if labels_on:
                self.labels.text(target, f"▸{hidden[nid]}", (p[0] + r + 3, p[1]),
                                 style.DIM, "midleft", small=True)
            else:
                pygame.draw.line(target, style.DIM, (p[0], p[1] + r + 2), (p[0], p[1] + r + 6))
        if not labels_on:
            return
        for img, rect in self.labels.node_labels(nid, p, r):
            target.fill(style.BG, rect.inflate(4, 0))  # edges pass under the label
            target.blit(img, rect)

    # ---- per frame, over the tiles ------------------------------------------------------------
    def draw_overlay(self, surface: pygame.Surface, selected: int | None,
                     hover: int | None) -> None:
        """The selection, step mode's current node and rising value, the hovered node."""
        cam, lay, step = self.camera, self.shape.layout, self.shape.stepper
        r = cam.radius
        marks = []
        if selected is not None and selected in lay.x:
            marks.append((selected, style.TEXT))
        if step is not None and step.current in lay.x:
            marks.append((step.current, style.CURRENT))
        for nid, col in marks:
            x, y = cam.screen_pos(nid)
            pygame.draw.circle(surface, col, (x, y), r + 5, 2)
        if self.shape.shows_depth_limit():
            label_depth_limit(cam, surface)
        rising = step.rising() if step is not None else None
        if rising is not None and rising[0] in lay.x and rising[1] in lay.x:
            self._draw_rising(surface, *rising)
        if hover is not None and hover != selected:
            x, y = cam.screen_pos(hover)
            pygame.draw.circle(surface, style.DIM, (x, y), r + 4, 1)
        if selected is not None and step is None and mcts_text.is_mcts(self.shape.recording):
            self._draw_path_ucb(surface, selected)

    def _draw_path_ucb(self, surface: pygame.Surface, selected: int) -> None:
        """MCTS: on each edge of the path to the selected node, the UCB value selection
        compared there, split: exploitation + exploration = UCB."""
        rec, lay, cam = self.shape.recording, self.shape.layout, self.camera
        if not cam.labels_on or selected >= len(rec.nodes):
            return
        taken: list[pygame.Rect] = []
        for nid, text in mcts_text.path_ucb(rec, rec.path_to(selected)):
            parent = rec.nodes[nid].parent
            if parent is None or nid not in lay.x or parent not in lay.x:
                continue
            label = "UCB " + text
            size = self.labels.render(label, cam.small_size, style.PV).get_size()
            spot = self._ucb_spot(parent, nid, size, taken)
            taken.append(spot)
            self.labels.text(surface, label, spot.topleft, style.PV, "topleft", small=True,
                             boxed=True)
            mid = spot.midleft
            scene_record.note(surface, "mcts-ucb", pygame.Rect(int(mid[0]), int(mid[1]), 1, 1),
                              nid=nid, text=text,
                              exploitation=rec.nodes[nid].exploitation,
                              exploration=rec.nodes[nid].exploration)

    def _ucb_spot(self, parent: int, nid: int, size: tuple[int, int],
                  taken: list[pygame.Rect]) -> pygame.Rect:
        """Where an edge's UCB label goes: beside the edge, between the parent's labels and
        the child's move, clear of every node's labels in those two rows and of the path's
        other UCB labels if any such place exists (else the first tried)."""
        cam, rec = self.camera, self.shape.recording
        (cx, cy), (px, py) = cam.screen_pos(nid), cam.screen_pos(parent)
        rows = {rec.nodes[parent].depth, rec.nodes[nid].depth}
        r, small, text = cam.radius, cam.small_size, cam.text_size
        # A node's labels: its move above, its mean and N below, about a value's width.
        half, above, below = 1.5 * text, r + 1.6 * small, r + 2.5 * text
        zones = [pygame.Rect(int(x - half), int(y - above), int(2 * half), int(above + below))
                 for x, y in (cam.screen_pos(n) for n in self.shape.layout.x
                              if rec.nodes[n].depth in rows)]
        away = -1 if cx < px else 1  # the side of the edge away from the parent's column
        tried: list[tuple[int, pygame.Rect]] = []
        for fraction in (0.5, 0.4, 0.6, 0.3, 0.7):
            ax, ay = px + (cx - px) * fraction, py + (cy - py) * fraction
            for side in (away, -away):
                spot = pygame.Rect((0, 0), size)
                if side > 0:
                    spot.midleft = (int(ax + r + 4), int(ay))
                else:
                    spot.midright = (int(ax - r - 4), int(ay))
                covered = sum(_area(spot.clip(z)) for z in zones + taken)
                if covered == 0:
                    return spot
                tried.append((covered, spot))
        return min(tried, key=lambda t: t[0])[1]  # the least covered, the earliest on a tie

    def _draw_rising(self, surface: pygame.Surface, child: int, parent: int,
                     value: float | None) -> None:
        """Step mode: an arrow up the edge along which a value has just been backed up."""
        (cx, cy), (px, py) = self.camera.screen_pos(child), self.camera.screen_pos(parent)
        r = self.camera.radius
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
        if self.camera.labels_on and value is not None:
            mid = ((a[0] + b[0]) / 2 + ox, (a[1] + b[1]) / 2 + oy)
            self.labels.text(surface, style.value_text(value, self.shape.kit), mid,
                             style.PV, "center", boxed=True)


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height
