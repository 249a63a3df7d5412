"""Backgammon's Game object (game.core's protocol): the rules of games.backgammon.rules with
its notations, GNU Backgammon's IDs among them (games.backgammon.ids)."""

from __future__ import annotations

from game.core import IllegalMoveError, Move, check_option_names
from game.jsontypes import JSONObject
from games.backgammon import ids, notation
from games.backgammon.rules import (
    PLAYER_NAMES,
    RED,
    BackgammonState,
    Step,
    as_steps,
    parse_plain_position,
)


class Backgammon:
    id = "backgammon"
    name = "Backgammon"
    player_names = PLAYER_NAMES

    def initial_state(self, /, **options: object) -> BackgammonState:
        check_option_names("backgammon", options, ())
        return BackgammonState(opening=True)

    def options(self, state: BackgammonState) -> JSONObject:
        return {}

    def parse_position(self, text: str, /, **options: object) -> BackgammonState:
        """``ID [dice] [player]``, e.g. ``4HPwATDgc/ABMA 31 1``; ``ID opening`` before the first roll.

        The ID is seen from the player on roll (``0`` White, the default, or ``1`` Red); without
        dice it is that player's roll. GNU Backgammon's ``PositionID:MatchID`` (or its
        ``Position ID: ... Match ID: ...`` header) is read too: the Match ID gives the player
        on roll and the dice (its cube, which a position does not hold, is read by
        ``ids.parse_gnu_ids``).
        """
        self.initial_state(**options)
        if ids.has_match_id(text):
            return ids.parse_gnu_ids(text).state
        return parse_plain_position(text)

    def format_position(self, state: BackgammonState) -> str:
        me, opp = state.mover_view()
        text = notation.encode_position_id(me, opp)
        if state.opening:
            return f"{text} opening"
        if state.dice is not None:
            text += f" {state.dice[0]}{state.dice[1]}"
        if state.to_move == RED:
            text += " 1"
        return text

    def parse_move(self, state: BackgammonState, text: str) -> tuple[Step, ...]:
        if state.dice is None or state.is_over():
            raise IllegalMoveError(
                "no move to make: "
                + ("the game is over" if state.is_over() else "roll the dice first")
            )
        chains = notation.parse_chains(text)
        me, opp = state.mover_view()
        d1, d2 = state.dice
        shown = notation.quote(text) if text.strip() else notation.EMPTY_MOVE
        illegal = f"{shown} is not legal with {d1}-{d2}"
        result = (
            notation.chains_result(me, opp, chains, text) if chains else (tuple(me), tuple(opp))
        )
        for move, res in state._generated().items():
            if res == result:
                return move
        raise IllegalMoveError(illegal)

    def format_move(self, state: BackgammonState, move: Move) -> str:
        me, opp = state.mover_view()
        return notation.format_steps(me, opp, as_steps(move))

    def describe_result(self, state: BackgammonState) -> str:
        w = state.winner()
        if w is None:
            return "Game in progress"
        k = state.game_value()
        kind = {
            1: "a single game (1 point)",
            2: "a gammon (2 points)",
            3: "a backgammon (3 points)",
        }[k]
        return f"{PLAYER_NAMES[w]} wins {kind}"


GAME = Backgammon()
