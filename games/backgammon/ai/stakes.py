"""The doubling cube for the headless commands (``match --cube`` and the engine's ``cube``) and
for a game review (its cube decisions weighed: games.backgammon.ai.cube_review)."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping

from ai.api import SearchConfig
from ai.kit import StakesAI, StakesSwitch
from game.core import State
from game.jsontypes import JSONObject
from games.backgammon.ai.cube import CubefulRecord, cube_answer, play_cubeful_game
from games.backgammon.ai.cube_review import review_cube
from games.backgammon.cube import Cube, decode_match_id
from games.backgammon.ids import has_match_id, parse_gnu_ids
from games.backgammon.rules import BackgammonState


def backgammon_state(state: State) -> BackgammonState:
    """The kit hands its stakes only backgammon positions; anything else is refused."""
    if not isinstance(state, BackgammonState):
        raise ValueError(f"the doubling cube is backgammon's, not {type(state).__name__}'s")
    return state


def engine_answer(state: State, request: Mapping[str, object]) -> JSONObject:
    """The network's cube decision for the engine's request: the cube from its ``match_id``,
    else from a GNU Backgammon pair given as the position, else centred (``jacoby``: the
    Jacoby rule). The request's keys are of the types ``request_keys`` says (the engine
    checked them)."""
    jacoby = request.get("jacoby", False) is True
    cube = Cube(jacoby=jacoby)
    position, match_id = request.get("position"), request.get("match_id")
    if isinstance(match_id, str):
        cube = decode_match_id(match_id, jacoby).cube
    elif isinstance(position, str) and has_match_id(position):
        cube = parse_gnu_ids(position, jacoby).cube
    return cube_answer(backgammon_state(state), cube)


def play_money_game(state: State, configs: tuple[SearchConfig, SearchConfig],
                    rng: random.Random, switches: Collection[str],
                    max_plies: int) -> CubefulRecord:
    """``match``'s game with the cube (``switches`` holds "jacoby" for the Jacoby rule)."""
    return play_cubeful_game(backgammon_state(state), configs, rng, "jacoby" in switches, max_plies)


STAKES = StakesAI(
    name="the doubling cube",
    play_game=play_money_game,
    answer=engine_answer,
    command="cube",
    request_keys={"match_id": (str,), "jacoby": (bool,)},
    switches=(
        StakesSwitch("cube", "backgammon: money play with the doubling cube (cube decisions "
                             "by the network)"),
        StakesSwitch("jacoby", "backgammon with --cube: gammons count single until the cube "
                               "is turned", needs="cube"),
    ),
    review=review_cube,
)
