"""A backgammon position with its cube as GNU Backgammon copies it: ``Position ID:Match ID``.

GNU Backgammon identifies a position by two IDs: the Position ID (the checkers, seen from the
player on roll) and the Match ID (cube value and owner, the player on roll, the player to act,
a pending double, the dice, the game state, match length and score; see ``backgammon_cube``).
It writes them as one token, ``4HPwATDgc/ABMA:cAkAAAAAAAAA``, or in its board header as::

     GNU Backgammon  Position ID: 4HPwATDgc/ABMA
                     Match ID   : cAkAAAAAAAAA

This module turns a position and its cube into the short form and reads both forms back.
Players are GNU Backgammon's players 0 and 1 as Kibitz's (White is player 0), so a fresh money
game with White to roll is ``4HPwATDgc/ABMA:MAEAAAAAAAAA`` and with Red to roll
``4HPwATDgc/ABMA:cAkAAAAAAAAA``. Before the opening roll no game has started (game state 0,
``MAAAAAAAAAAA``). Kibitz plays money games only: a Match ID of a match (length above 0), or
with a resignation on offer, is refused with a one-line error saying so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.core import NotationError
from games.backgammon import notation
from games.backgammon.cube import (
    DROPPED,
    NOT_STARTED,
    OVER,
    PLAYING,
    RESIGNED,
    Cube,
    MatchInfo,
    decode_match_id,
    match_id,
)
from games.backgammon.rules import BackgammonState, parse_plain_position

#: ``PositionID:MatchID`` (spaces around the colon tolerated).
_SHORT = re.compile(r"\s*([^\s:]+)\s*:\s*(\S+)\s*")
#: GNU Backgammon's board header: ``Position ID: ...`` and ``Match ID   : ...``, any case.
_LONG_POSITION = re.compile(r"position\s*id\s*:\s*(\S*)", re.IGNORECASE)
_LONG_MATCH = re.compile(r"match\s*id\s*:\s*(\S*)", re.IGNORECASE)


@dataclass(frozen=True)
class CubefulPosition:
    """A position and the cube beside it, as one pair of GNU IDs describes them."""

    state: BackgammonState
    cube: Cube


def position_id(state: BackgammonState) -> str:
    """The 14-character Position ID of ``state`` (seen from the player on roll)."""
    return notation.encode_position_id(*state.mover_view())


def gnu_ids(state: BackgammonState, cube: Cube | None = None) -> str:
    """``PositionID:MatchID`` of ``state`` with ``cube`` (a cubeless game: the cube centred
    at 1, as GNU Backgammon shows a money game whose cube was never turned)."""
    return f"{position_id(state)}:{match_id(cube or Cube(), state)}"


def has_match_id(text: str) -> bool:
    """The text gives a Match ID (short or long form), so ``parse_gnu_ids`` must read it."""
    return bool(_SHORT.fullmatch(text) or _LONG_MATCH.search(text))


def parse_gnu_ids(text: str, jacoby: bool = False) -> CubefulPosition:
    """The position and cube of ``PositionID:MatchID`` or of GNU's two-line header.

    NotationError (one line, naming what failed) for a malformed ID, a match rather than a
    money game, or a Match ID that contradicts itself or the board.
    """
    pid, mid = _split(text)
    info = decode_match_id(mid, jacoby)
    _check_money_game(info)
    cube = info.cube
    if info.state == DROPPED:
        # The double was dropped by the opponent of the player on roll (who doubled).
        cube = Cube(cube.value, cube.owner, None, jacoby, dropped_by=1 - info.on_roll)
    state = _board(pid, info)
    _check_turn(info, state)
    return CubefulPosition(state, cube)


def _split(text: str) -> tuple[str, str]:
    short = _SHORT.fullmatch(text)
    if short:
        return short.group(1), short.group(2)
    pos, match = _LONG_POSITION.search(text), _LONG_MATCH.search(text)
    if match is None:
        raise NotationError("no Match ID: expected 'PositionID:MatchID' or GNU Backgammon's "
                            "'Position ID: ... Match ID: ...'")
    if pos is None:
        raise NotationError("a Match ID needs its Position ID: 'Position ID: ... Match ID: ...'")
    rest = (text[: pos.start()] + text[pos.end() : match.start()] + text[match.end() :]).split()
    if rest and rest != ["GNU", "Backgammon"]:  # GNU's header begins with its own name
        raise NotationError(f"unexpected {' '.join(rest)[:40]!r} beside the Position and Match IDs")
    return pos.group(1), match.group(1)


def _check_money_game(info: MatchInfo) -> None:
    if info.match_length:
        raise NotationError(
            f"Match ID: a {info.match_length}-point match at {info.score[0]}-{info.score[1]};"
            " only money games (match length 0) are played here")
    if info.score != (0, 0) or info.crawford:
        raise NotationError("Match ID: a money game has no match score and no Crawford game")
    if info.state == RESIGNED or info.resign:
        raise NotationError("Match ID: a resignation; resigning is not part of this game")


def _board(pid: str, info: MatchInfo) -> BackgammonState:
    """The position the Position ID shows, with the player on roll and the dice of the
    Match ID (through the game's own notation, so its checks apply)."""
    if info.state == NOT_STARTED:
        if info.dice is not None or info.cube != Cube(jacoby=info.cube.jacoby):
            raise NotationError("Match ID: no game started, yet dice or a turned cube")
        return parse_plain_position(f"{pid} opening")
    dice = "-" if info.dice is None else f"{info.dice[0]}{info.dice[1]}"
    try:
        if info.state in (OVER, DROPPED):
            return parse_plain_position(f"{pid} - {info.on_roll}")
        return parse_plain_position(f"{pid} {dice} {info.on_roll}")
    except NotationError as exc:
        raise NotationError(f"Position ID with the Match ID: {exc}") from None


def _check_turn(info: MatchInfo, state: BackgammonState) -> None:
    """The Match ID agrees with itself and with the board."""
    over = state.is_over()
    if info.state == PLAYING and over:
        raise NotationError("Match ID: a game in play, yet the Position ID shows it over")
    if info.state == OVER and not over:
        raise NotationError("Match ID: the game is over, yet no side has borne off all 15")
    if info.state == DROPPED and over:
        raise NotationError("Match ID: a dropped double, yet the game was played out")
    cube = info.cube
    if cube.offered_by is not None:
        if info.dice is not None:
            raise NotationError("Match ID: a double offered after the dice were rolled")
        if cube.offered_by != info.on_roll:
            raise NotationError("Match ID: a double offered by the player not on roll")
        if cube.owner is not None and cube.owner != info.on_roll:
            raise NotationError("Match ID: a double offered by the player who does not own "
                                "the cube")
    elif info.state == PLAYING and info.turn != info.on_roll:
        raise NotationError(f"Match ID: player {info.turn} to act while player "
                            f"{info.on_roll} is on roll, with no double offered")


# -- what the kit answers the session (game.kit) ---------------------------------------------------


def position_text(state: BackgammonState, cube: Cube | None) -> str:
    """The position to copy: GNU Backgammon's ``PositionID:MatchID``, which carries the cube
    (value, owner, a double waiting), the player on roll and the dice, and pastes into GNU
    Backgammon as it is."""
    return gnu_ids(state, cube)


def parse_position_text(text: str, options: Mapping[str, object], cube: Cube | None,
                        parse_plain: Callable[[str], BackgammonState]) -> tuple[BackgammonState,
                                                                                Cube | None]:
    """(position, cube) of pasted text. With GNU Backgammon's Match ID the game starts with the
    cube it describes (value, owner, a pending double, a dropped one) under the rule of
    ``cube`` (Jacoby or not); a cubeless game stays cubeless unless that cube was turned or
    offered. Without one: ``parse_plain`` reads the text, and ``cube`` is the new game's."""
    if not has_match_id(text):
        return parse_plain(text), cube
    given = parse_gnu_ids(text, jacoby=cube is not None and cube.jacoby)
    fresh = Cube(jacoby=given.cube.jacoby)
    return given.state, (given.cube if cube is not None or given.cube != fresh else None)


def cube_from_save(text: str, start: BackgammonState) -> Cube:
    """The cube a saved game started with, from its ``cube:`` line's value (``on`` or
    ``jacoby``, then a Match ID when the cube was not fresh, which must agree with the start
    position: same player on roll, same dice); a NotationError saying what is wrong."""
    rule, _, given_id = text.strip().partition(" ")
    if rule not in ("on", "jacoby"):
        raise NotationError("expected 'on' or 'jacoby'")
    jacoby = rule == "jacoby"
    if not given_id.strip():
        return Cube(jacoby=jacoby)
    given = parse_gnu_ids(f"{position_id(start)}:{given_id.strip()}", jacoby)
    if given.state.key() != start.key():
        raise NotationError("the Match ID does not agree with the start position (player on "
                            "roll or dice)")
    return given.cube
