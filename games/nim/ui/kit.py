"""Nim's screen side: the heaps, and the lab's Nim in binary."""

from __future__ import annotations

from games.nim.ui.board import NimView
from games.nim.ui.lab_pane import NimPane
from ui.kit import GameUI, LabView

BINARY = LabView(
    name="nim",
    tab="Nim in binary",
    button="Binary",
    key="b",
    help="the heaps in binary with the nim-sum: why the winning move wins",
    search_line="No search here: the nim-sum of the heaps decides (Bouton's rule)",
    make_pane=NimPane,
)

UI = GameUI(view_class=NimView, lab_views=(BINARY,))
