"""Nim and Grundy's game: games Sprague-Grundy theory solves.

The kit below is the game's one entry in Kibitz (game.kit): its layers load on first use.
"""

from __future__ import annotations

from game.kit import GameKit
from game.setup import GameSetup
from games.nim.labels import heaps_label


class NimKit(GameKit):
    id = "nim"
    title = "Nim"
    order = 30
    edge_label = staticmethod(heaps_label)
    edge_words = "the heaps left"

    def setup(self) -> GameSetup:
        from games.nim.setup import SETUP  # the start screen's rows: when it asks

        return SETUP


KIT = NimKit()
