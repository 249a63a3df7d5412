"""Othello (Reversi) on the 8x8 board: a hand-made and a learned evaluator, an exact endgame solver.

The kit below is the game's one entry in Kibitz (game.kit): its layers load on first use.
"""

from __future__ import annotations

import re

from game.core import Move, State
from game.kit import GameKit


class OthelloKit(GameKit):
    id = "othello"
    title = "Othello"
    rules_module = "game"
    order = 20

    def read_record(self, text: str) -> tuple[State, tuple[Move, ...]] | None:
        """A GGF record's first game (as NBoard, WZebra or Edax write it), or a file holding
        a move transcript alone (``f5d6c3d3c4...``, as Othello players write a game down)."""
        if "(;" in text:
            from games.othello.ggf import parse_ggf  # a record's reader: when one is opened

            try:
                record = parse_ggf(text)[0]
            except ValueError as exc:
                raise ValueError(f"GGF game: {exc}") from None
            return record.start, tuple(record.moves)
        if not _TRANSCRIPT.fullmatch(text.strip()):
            return None
        from games.othello.rules import initial_state, parse_transcript  # as above

        try:
            return initial_state(), tuple(parse_transcript(text))
        except ValueError as exc:
            raise ValueError(f"Othello transcript: {exc}") from None


#: A text that can only be an Othello transcript: squares (and passes), nothing else.
_TRANSCRIPT = re.compile(r"(?:\s*(?:[a-hA-H][1-8]|pass|pa|ps)[\s,.;-]*){1,60}")


KIT = OthelloKit()
