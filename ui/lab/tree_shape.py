"""What the tree explorer shows of a recorded search: its nodes, which are open, the step.

``TreeShape`` owns the shown nodes (the searched ones, then the children cutoffs skipped,
shown_tree.py), the set of collapsed nodes and the layout computed from it (layout.py), and
step mode's ``Stepper`` when it runs. It knows how each node is drawn as of now (skipped or
not, its marks), but nothing of pixels: the camera (tree_camera.py) places the layout on
screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.lab.recording import SearchRecording
from game.kit import GameKit
from ui.lab import style
from ui.lab.layout import TreeLayout, default_collapsed, layout_tree, subtree_sizes
from ui.lab.shown_tree import shown_nodes
from ui.lab.stepper import UNSEEN, Stepper


class TreeShape:
    """The shown tree of one recording: nodes, collapsed set, layout, step state."""

    def __init__(self, recording: SearchRecording) -> None:
        self.recording = recording
        self.kit: GameKit | None = getattr(recording, "kit", None)
        #: Ids below this are searched nodes; the rest are children cutoffs skipped.
        self.searched = len(recording.nodes)
        self.nodes: Sequence[Any] = shown_nodes(recording.nodes, self.kit)
        # "▸n collapsed" counts searched nodes only: a skipped child was never a node.
        self.sizes = subtree_sizes(recording.nodes) + [0] * (len(self.nodes) - self.searched)
        #: First visit -> re-search of the same move (drawn as one move, see treeview.py).
        self.research_of = style.research_pairs(recording.nodes)
        self.collapsed: set[int] = default_collapsed(self.nodes)
        self.layout: TreeLayout = layout_tree(self.nodes, self.collapsed, self.sizes)
        self.stepper: Stepper | None = None
        #: (alpha, beta) under each node, for a search that kept a window (not minimax, not
        #: backgammon's batched ply search: ai.lab.recording.SearchRecording.windows).
        self.windows_on = (getattr(recording, "windows", True)
                           and getattr(recording, "algorithm", "") != "minimax")
        #: Quiescence search went past the depth limit (a dashed line under its row).
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
        #: The row of the depth limit when quiescence search went past it, else None.
        self.horizon_row: int | None = (getattr(recording, "depth", None)
                                        if self.has_quiescence else None)

    # ---- how a node is drawn now --------------------------------------------------------------
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

    def shows_depth_limit(self) -> bool:
        """Is the depth limit's line drawn: quiescence went past it, and the rows shown
        reach below it (a tree collapsed above the limit does not show it)?"""
        return self.horizon_row is not None and self.layout.rows > self.horizon_row + 1

    def tile_version(self) -> tuple[int, int]:
        """What the cached pictures of the tree depend on here: the layout and the step."""
        return (id(self.layout), self.stepper.version if self.stepper else -1)

    # ---- changes ------------------------------------------------------------------------------
    def set_stepper(self, stepper: Stepper | None) -> None:
        """Step mode on (the replay ``stepper`` drives what is drawn) or off (None)."""
        self.stepper = stepper

    def toggle(self, nid: int) -> bool:
        """Expand a collapsed node, or collapse an open one; False for a leaf (no change)."""
        if not self.nodes[nid].children:
            return False
        if nid in self.collapsed:
            self.collapsed.discard(nid)
        else:
            self.collapsed.add(nid)
        self._relayout()
        return True

    def set_collapsed(self, collapsed: set[int] | None) -> None:
        """Exactly these nodes closed (None: the first view's)."""
        self.collapsed = set(collapsed) if collapsed is not None else default_collapsed(
            self.nodes)
        self._relayout()

    def reveal(self, nid: int) -> bool:
        """Open every ancestor of ``nid``; False when all were open already."""
        changed = False
        parent = self.nodes[nid].parent
        while parent is not None:
            if parent in self.collapsed:
                self.collapsed.discard(parent)
                changed = True
            parent = self.nodes[parent].parent
        if changed:
            self._relayout()
        return changed

    def _relayout(self) -> None:
        self.layout = layout_tree(self.nodes, self.collapsed, self.sizes)
