"""Othello's Game object (game.core's protocol): the rules of games.othello.rules with every
notation a position can come in (a board, a transcript, a GGF game: games.othello.ggf)."""

from __future__ import annotations

from game.core import check_option_names
from game.jsontypes import JSONObject
from games.othello.ggf import read_othello
from games.othello.rules import (
    OthelloState,
    disc_counts,
    final_score,
    format_board,
    initial_state,
    parse_board,
    parse_square,
    square_name,
)


class Othello:
    id = "othello"
    name = "Othello"
    player_names = ("Black", "White")

    def initial_state(self, /, **options: object) -> OthelloState:
        check_option_names("Othello", options, ())
        return initial_state()

    def options(self, state: OthelloState) -> JSONObject:
        return {}

    def parse_position(self, text: str, /, **options: object) -> OthelloState:
        """The position a text describes: a board and side to move (see ``parse_board``), or
        the position reached by a move transcript or a GGF game (``othello_ggf``). The error
        says why the text is none of these."""
        self.initial_state(**options)
        return read_othello(text).final()

    def parse_board(self, text: str) -> OthelloState:
        """64 cells a1..h8 (``X``/``*`` black, ``O`` white, ``-``/``.`` empty), then ``X``/``O``."""
        return parse_board(text)

    def format_position(self, state: OthelloState) -> str:
        return format_board(state)

    def parse_move(self, state: OthelloState, text: str) -> int:
        move = parse_square(text)
        state.apply(move)  # IllegalMoveError with the reason if it is not legal here
        return move

    def format_move(self, state: OthelloState, move: int) -> str:
        return square_name(move)

    def describe_result(self, state: OthelloState) -> str:
        """The result under the world-championship rule, saying so when it mattered."""
        b, w = disc_counts(state)
        if not state.is_over():
            return f"Game in progress: Black {b}, White {w}"
        fb, fw = final_score(state)
        empties = 64 - b - w
        if fb == fw:
            head = f"Draw, {fb}-{fw}"
        else:
            head = f"{'Black' if fb > fw else 'White'} wins {max(fb, fw)}-{min(fb, fw)}"
        if not empties:
            return head
        if empties == 1:
            rest = "the empty square goes to the winner" if fb != fw else "it is shared"
        else:
            verb = "are shared" if fb == fw else "go to the winner"
            rest = f"the {empties} empty squares {verb}"
        # The winner's count first, as in the score before it ("White wins 37-27 (36-27 on the
        # board; ...)"): two scores in opposite orders read as a contradiction.
        first, second = (w, b) if fw > fb else (b, w)
        return f"{head} ({first}-{second} on the board; {rest})"


GAME = Othello()
