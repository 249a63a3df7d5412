"""Othello (Reversi) on the 8x8 board: a hand-made and a learned evaluator, an exact endgame solver.

The kit below is the game's one entry in Kibitz (game.kit): its layers load on first use.
"""

from __future__ import annotations

import re

from game.core import Move, State, own_state
from game.kit import GameKit
from game.zobrist import PieceBoard

#: a1 .. h8 in the rules' square order (a1 = 0, h1 = 7, a8 = 56).
_SQUARES = tuple("abcdefgh"[sq & 7] + str((sq >> 3) + 1) for sq in range(64))


class OthelloKit(GameKit):
    id = "othello"
    title = "Othello"
    rules_module = "game"
    order = 20

    def piece_board(self, state: State) -> PieceBoard:
        """Black and white discs on the 64 squares."""
        from games.othello.rules import OthelloState  # the rules: on first use

        state = own_state(state, OthelloState)
        mover, other, side = state.me, state.opp, state.to_move
        placed = tuple((sq, side if mover >> sq & 1 else 1 - side)
                       for sq in range(64) if (mover | other) >> sq & 1)
        return PieceBoard(_SQUARES, ("black", "white"), placed, side == 1)

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


#: A text that can only be an Othello transcript: squares (and passes), nothing else. Every
#: quantifier is possessive (nothing given back), so a text that is almost one is refused in
#: linear time: with the spaces between moves free to go to either of two ``\s*``, a few
#: dozen moves and a stray letter once took the matcher longer than a lifetime.
_TRANSCRIPT = re.compile(r"\s*+(?:(?:[a-hA-H][1-8]|pass|pa|ps)[\s,.;-]*+){1,60}+")


KIT = OthelloKit()
