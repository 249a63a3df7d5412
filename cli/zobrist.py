"""``explain --zobrist``: a position's Zobrist key, number by number, one move's update, and
two move orders that meet (game.zobrist; the lab's Zobrist view shows the same)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from cli.common import RequestError
from game.core import Game, Move, State
from game.jsontypes import JSONObject
from game.kit import GameKit
from game.zobrist import Change, PieceBoard, ZobristReport, hex_key, report


def run_zobrist(kit: GameKit, state: State, move_text: str | None, as_json: bool) -> int:
    game = kit.rules()
    if kit.piece_board(state) is None:
        raise RequestError(f"{kit.title} is not described as pieces on squares: no Zobrist "
                           "keys to show (try othello, tictactoe or kalah)")
    move = None
    if move_text is not None:
        if state.current_player() < 0:
            raise RequestError("the game is over: there is no move to show")
        try:
            move = game.parse_move(state, move_text)
        except ValueError as exc:
            raise RequestError(f"--move: {exc}") from None
        if move not in state.legal_moves():
            raise RequestError(f"--move: {move_text} is not legal here")
    elif state.current_player() >= 0:
        move = state.legal_moves()[0]
    shown = report(state, move, kit.piece_board)
    if as_json:
        print(json.dumps(_as_json(shown, game, state)))
        return 0
    for line in _lines(shown, game, state):
        print(line)
    return 0


def _moves(game: Game, state: State, moves: Sequence[Move]) -> list[str]:
    out = []
    for move in moves:
        out.append(game.format_move(state, move))
        state = state.apply(move)
    return out


def _change_lines(change: Change, board: PieceBoard) -> list[str]:
    out = [f"  key before          {hex_key(change.before)}"]
    for term in change.removed:
        out.append(f"  XOR {hex_key(term.number)}  out: {term.name(board)}")
    for term in change.added:
        out.append(f"  XOR {hex_key(term.number)}  in:  {term.name(board)}")
    if change.side is not None:
        out.append(f"  XOR {hex_key(change.side.number)}  the turn passes")
    out.append(f"  key after           {hex_key(change.after)}")
    return out


def _lines(shown: ZobristReport, game: Game, state: State) -> list[str]:
    board = shown.board
    lines = [f"Zobrist key of {game.format_position(state)}: {hex_key(shown.key)}",
             f"= XOR of {len(shown.terms)} random 64-bit numbers, one per piece on its square:"]
    lines += [f"  {hex_key(t.number)}  {t.name(board)}" for t in shown.terms]
    if shown.change is not None:
        move = game.format_move(state, shown.move)
        lines.append(f"Move {move} updates it with {len(shown.change.terms)} XORs:")
        lines += _change_lines(shown.change, board)
        same = "the same" if shown.fresh_after == shown.change.after else "DIFFERENT"
        lines.append(f"  from scratch        {hex_key(shown.fresh_after or 0)}  ({same})")
    found = shown.transposition
    if found is None:
        lines.append("No two orders of the same three moves meet from here.")
        return lines
    first, second = _moves(game, state, found.first), _moves(game, state, found.second)
    lines.append(f"Two orders, one position: {' '.join(first)} and {' '.join(second)}")
    for name, changes in ((first, shown.first_keys), (second, shown.second_keys)):
        steps = "  ".join(f"{m} {hex_key(c.after)}" for m, c in zip(name, changes, strict=True))
        lines.append(f"  {steps}")
    lines.append("Both end on the same key: a transposition table stores the position once, "
                 "and the search that reaches it the second way finds it there.")
    return lines


def _as_json(shown: ZobristReport, game: Game, state: State) -> JSONObject:
    board = shown.board

    def change(c: Change | None) -> JSONObject | None:
        if c is None:
            return None
        return {"before": hex_key(c.before), "after": hex_key(c.after),
                "out": [t.name(board) for t in c.removed],
                "in": [t.name(board) for t in c.added], "turn_passes": c.side is not None}

    found = shown.transposition
    return {
        "position": game.format_position(state),
        "key": hex_key(shown.key),
        "terms": [{"piece": t.name(board), "number": hex_key(t.number)} for t in shown.terms],
        "move": None if shown.move is None else game.format_move(state, shown.move),
        "change": change(shown.change),
        "fresh_after": None if shown.fresh_after is None else hex_key(shown.fresh_after),
        "transposition": None if found is None else {
            "first": [*_moves(game, state, found.first)],
            "second": [*_moves(game, state, found.second)],
            "first_keys": [hex_key(c.after) for c in shown.first_keys],
            "second_keys": [hex_key(c.after) for c in shown.second_keys],
        },
    }
