"""The doubling cube of a money game, and GNU Backgammon's Match ID beside the Position ID.

The cube sits beside the board position, not inside it: the search interface stays cube-free
(a position's checker play does not depend on the cube in this model), and the cube's state is
this small record that the game loop (match runner, session) carries along.

Rules (money play): the cube starts in the middle at 1. A player may offer a double only at the
start of his own turn, before rolling, when the cube is in the middle or his own. The opponent
either takes (the cube value doubles and the taker now owns it: only he may redouble) or drops
(the game ends at once and the doubler wins the cube's value before the double). A finished
game scores its single / gammon / backgammon value times the cube. Jacoby rule (an option):
gammons and backgammons count as single games while the cube has not been turned.

Match ID: GNU Backgammon's 12-character Base64 form of a 66-bit key (its manual, "A technical
description of the Match ID"), least significant bit first: cube log2 (4 bits), cube owner
(2: 0, 1, or 3 = centred), player on roll (1), Crawford (1), game state (3: 1 playing, 2 over,
4 ended by a dropped cube), player to decide (1), double offered (1), resignation (2), the two
dice (3 each), match length (15; 0 = money game), the two scores (15 each).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, replace
from typing import cast

from game.core import IllegalMoveError, Move, NotationError, State, quoted
from games.backgammon.rules import PLAYER_NAMES, BackgammonState

#: Game states of the Match ID.
NOT_STARTED, PLAYING, OVER, RESIGNED, DROPPED = 0, 1, 2, 3, 4
MAX_CUBE = 2**15


@dataclass(frozen=True)
class Cube:
    """The cube of one money game."""

    value: int = 1
    #: None = in the middle; otherwise the player (0 or 1) who owns it.
    owner: int | None = None
    #: The player who has offered a double not yet answered, else None.
    offered_by: int | None = None
    jacoby: bool = False
    #: The player who dropped a double (the game is over, lost at ``value``), else None.
    dropped_by: int | None = None

    def may_double(self, player: int, *, rolled: bool, over: bool) -> bool:
        """Whether ``player`` may offer a double now: on roll before rolling, cube in the
        middle or his, no double pending, the game on."""
        return (
            not over
            and not rolled
            and self.offered_by is None
            and self.dropped_by is None
            and (self.owner is None or self.owner == player)
            and self.value < MAX_CUBE
        )

    def double(self, player: int, *, rolled: bool, over: bool) -> Cube:
        if not self.may_double(player, rolled=rolled, over=over):
            raise IllegalMoveError(self._why_not(player, rolled, over))
        return replace(self, offered_by=player)

    def take(self, player: int) -> Cube:
        """``player`` accepts the pending double: the cube doubles and becomes his."""
        self._check_answer(player)
        return replace(self, value=self.value * 2, owner=player, offered_by=None)

    def drop(self, player: int) -> Cube:
        """``player`` refuses the pending double: he loses the game at the current value."""
        self._check_answer(player)
        return replace(self, offered_by=None, dropped_by=player)

    def points(self, game_value: int) -> int:
        """What a finished game (1 single, 2 gammon, 3 backgammon) is worth with this cube."""
        if self.jacoby and self.owner is None and self.value == 1:
            game_value = 1
        return game_value * self.value

    def drop_returns(self) -> tuple[float, float]:
        """(player 0, player 1) points after a dropped double."""
        assert self.dropped_by is not None
        won = float(self.value)
        return (-won, won) if self.dropped_by == 0 else (won, -won)

    def describe(self) -> str:
        where = "in the middle" if self.owner is None else f"owned by player {self.owner + 1}"
        text = f"cube {self.value}, {where}"
        if self.offered_by is not None:
            text += f"; player {self.offered_by + 1} doubles to {self.value * 2}"
        return text

    # -- the session's view of the cube (game.stakes.Stakes) ------------------------------
    # The session hands over its backgammon positions, and as decisions only the moves
    # is_decision accepted: cube actions.
    def is_decision(self, move: object) -> bool:
        return isinstance(move, CubeAction)

    def parse_decision(self, text: str) -> CubeAction | None:
        return CubeAction(text) if text in CUBE_WORDS else None

    def after(self, state: State, decision: Move) -> Cube:
        return apply_action(self, cast(BackgammonState, state), cast(CubeAction, decision))

    def decided_by(self, state: State, decision: Move) -> int:
        to_move = cast(BackgammonState, state).to_move
        return to_move if cast(CubeAction, decision).kind == "double" else 1 - to_move

    def fresh(self) -> Cube:
        return Cube(jacoby=self.jacoby)

    def why_no_board_move(self) -> str | None:
        if self.dropped_by is not None:
            return "the game is over: a double was dropped"
        if self.offered_by is not None:
            return "a double is waiting for an answer: take or drop"
        return None

    def pending_text(self) -> str | None:
        return "a double waits for its answer" if self.offered_by is not None else None

    def ended_game(self) -> bool:
        return self.dropped_by is not None

    def answering_player(self) -> int | None:
        return None if self.offered_by is None else 1 - self.offered_by

    def result_text(self, state: State, board_result: str) -> str:
        if self.dropped_by is not None:
            return drop_text(self)
        game_value = cast(BackgammonState, state).game_value()
        return f"{board_result}; with the cube: {self.points(game_value)} points"

    def save_text(self, start: State) -> str:
        """``on`` or ``jacoby``, then the start's Match ID when the game did not start with
        the cube fresh (a pasted position with a turned or offered cube)."""
        text = "jacoby" if self.jacoby else "on"
        if self != Cube(jacoby=self.jacoby):
            text += f" {match_id(self, cast(BackgammonState, start))}"
        return text

    def _check_answer(self, player: int) -> None:
        if self.offered_by is None:
            raise IllegalMoveError("no double has been offered")
        if player == self.offered_by:
            raise IllegalMoveError("the player who doubled cannot answer his own double")

    def _why_not(self, player: int, rolled: bool, over: bool) -> str:
        if over or self.dropped_by is not None:
            return "the game is over"
        if self.offered_by is not None:
            return "a double is already waiting for an answer"
        if rolled:
            return "a double comes before the roll"
        if self.owner is not None and self.owner != player:
            return "only the cube's owner may redouble"
        return f"the cube cannot go above {MAX_CUBE}"


# -- Match ID --------------------------------------------------------------------------------------

_FIELDS = (  # (name, bits), least significant first
    ("cube_log2", 4), ("owner", 2), ("on_roll", 1), ("crawford", 1), ("state", 3),
    ("turn", 1), ("doubled", 1), ("resign", 2), ("die1", 3), ("die2", 3),
    ("match_length", 15), ("score0", 15), ("score1", 15),
)  # fmt: skip


@dataclass(frozen=True)
class MatchInfo:
    """What a Match ID holds (money play: match length and scores 0)."""

    cube: Cube
    on_roll: int
    #: The player who must act next (the opponent while a double waits for an answer).
    turn: int
    dice: tuple[int, int] | None
    state: int = PLAYING
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    #: A resignation on offer: 0 none, 1 single, 2 gammon, 3 backgammon.
    resign: int = 0


def encode_match_id(info: MatchInfo) -> str:
    cube = info.cube
    values = {
        "cube_log2": cube.value.bit_length() - 1,
        "owner": 3 if cube.owner is None else cube.owner,
        "on_roll": info.on_roll,
        "crawford": int(info.crawford),
        "state": DROPPED if cube.dropped_by is not None else info.state,
        "turn": info.turn,
        "doubled": int(cube.offered_by is not None),
        "resign": info.resign,
        "die1": info.dice[0] if info.dice else 0,
        "die2": info.dice[1] if info.dice else 0,
        "match_length": info.match_length,
        "score0": info.score[0],
        "score1": info.score[1],
    }
    key, shift = 0, 0
    for name, bits in _FIELDS:
        key |= (values[name] & ((1 << bits) - 1)) << shift
        shift += bits
    return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")


def decode_match_id(text: str, jacoby: bool = False) -> MatchInfo:
    """A MatchInfo from a 12-character Match ID; NotationError saying what is wrong."""
    text = text.strip()
    try:
        if len(text) != 12:
            raise ValueError
        raw = base64.b64decode(text, validate=True)
    except ValueError:
        raise NotationError(f"a Match ID is 12 Base64 characters, got {text[:20]!r}") from None
    key = int.from_bytes(raw, "little")
    v: dict[str, int] = {}
    for name, bits in _FIELDS:
        v[name] = key & ((1 << bits) - 1)
        key >>= bits
    if v["owner"] == 2:
        raise NotationError("Match ID: cube owner 2 does not exist (0, 1 or 3 = centred)")
    if v["state"] not in (NOT_STARTED, PLAYING, OVER, RESIGNED, DROPPED):
        raise NotationError(f"Match ID: unknown game state {v['state']}")
    dice = (v["die1"], v["die2"]) if v["die1"] or v["die2"] else None
    if dice is not None and not all(1 <= d <= 6 for d in dice):
        raise NotationError(f"Match ID: dice {dice} are not two dice 1-6")
    owner = None if v["owner"] == 3 else v["owner"]
    offered = (1 - v["turn"]) if v["doubled"] else None
    cube = Cube(1 << v["cube_log2"], owner, offered, jacoby)
    return MatchInfo(
        cube, v["on_roll"], v["turn"], dice, v["state"], v["match_length"],
        (v["score0"], v["score1"]), bool(v["crawford"]), v["resign"],
    )  # fmt: skip


# -- cube actions in a move list --------------------------------------------------------------------

CUBE_WORDS = ("double", "take", "drop")


@dataclass(frozen=True)
class CubeAction:
    """A cube decision recorded among a game's moves (a session's history, a save file):
    ``double`` by the player on roll before his roll, then ``take`` or ``drop`` by the other."""

    kind: str

    def __post_init__(self) -> None:
        if self.kind not in CUBE_WORDS:
            raise NotationError(f"a cube action is one of {', '.join(CUBE_WORDS)}, got {quoted(self.kind)}")

    def __str__(self) -> str:
        return self.kind


def apply_action(cube: Cube, state: BackgammonState, action: CubeAction) -> Cube:
    """The cube after ``action`` in ``state``; IllegalMoveError when it is not allowed."""
    if action.kind == "double":
        if state.opening:
            raise IllegalMoveError("no double before the opening roll")
        return cube.double(state.to_move, rolled=state.dice is not None, over=state.is_over())
    if cube.offered_by is None:
        raise IllegalMoveError("no double has been offered")
    answer = 1 - cube.offered_by
    return cube.take(answer) if action.kind == "take" else cube.drop(answer)


def drop_text(cube: Cube) -> str:
    """The result line of a game ended by a dropped double."""
    assert cube.dropped_by is not None
    names = PLAYER_NAMES
    points = "point" if cube.value == 1 else "points"
    return (
        f"{names[cube.dropped_by]} drops the cube: {names[1 - cube.dropped_by]} wins"
        f" {cube.value} {points}"
    )


def match_id(cube: Cube, state: BackgammonState) -> str:
    """The Match ID of a money game in ``state`` with ``cube`` (beside its Position ID).

    Before the opening roll no game has started (game state 0, player 0 "on roll"); after a
    dropped double the player to act is the one who dropped."""
    if state.opening:
        return encode_match_id(MatchInfo(cube, 0, 0, None, NOT_STARTED))
    turn = state.to_move
    if cube.offered_by is not None:
        turn = 1 - cube.offered_by
    elif cube.dropped_by is not None:
        turn = cube.dropped_by
    game_state = OVER if state.is_over() else PLAYING
    return encode_match_id(MatchInfo(cube, state.to_move, turn, state.dice, game_state))
