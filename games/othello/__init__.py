"""Othello (Reversi) on the 8x8 board: a hand-made and a learned evaluator, an exact endgame solver.

The kit below is the game's one entry in Kibitz (game.kit): its layers load on first use.
"""

from __future__ import annotations

from game.core import Move, State
from game.kit import GameKit


class OthelloKit(GameKit):
    id = "othello"
    title = "Othello"
    rules_module = "game"
    order = 20

    def read_record(self, text: str) -> tuple[State, tuple[Move, ...]] | None:
        """A GGF record's first game (as NBoard, WZebra or Edax write it)."""
        if "(;" not in text:
            return None
        from games.othello.ggf import parse_ggf  # a record's reader: when one is opened

        try:
            record = parse_ggf(text)[0]
        except ValueError as exc:
            raise ValueError(f"GGF game: {exc}") from None
        return record.start, tuple(record.moves)


KIT = OthelloKit()
