"""The doubling cube for the headless commands (``match --cube`` and the engine's ``cube``) and
for a game review (its cube decisions weighed: games.backgammon.ai.cube_review)."""

from __future__ import annotations

from typing import Any

from ai.kit import StakesAI, StakesSwitch
from games.backgammon.ai.cube import cube_answer, play_cubeful_game
from games.backgammon.ai.cube_review import review_cube
from games.backgammon.cube import Cube, decode_match_id
from games.backgammon.ids import has_match_id, parse_gnu_ids
from games.backgammon.rules import BackgammonState


def engine_answer(state: BackgammonState, request: dict[str, Any]) -> dict[str, Any]:
    """The network's cube decision for the engine's request: the cube from its ``match_id``,
    else from a GNU Backgammon pair given as the position, else centred (``jacoby``: the
    Jacoby rule)."""
    jacoby = request.get("jacoby", False)
    cube = Cube(jacoby=jacoby)
    position = request.get("position")
    if "match_id" in request:
        cube = decode_match_id(request["match_id"], jacoby).cube
    elif isinstance(position, str) and has_match_id(position):
        cube = parse_gnu_ids(position, jacoby).cube
    return cube_answer(state, cube)


def play_money_game(state: BackgammonState, configs: Any, rng: Any, switches: Any,
                    max_plies: int) -> Any:
    """``match``'s game with the cube (``switches`` holds "jacoby" for the Jacoby rule)."""
    return play_cubeful_game(state, configs, rng, "jacoby" in switches, max_plies)


STAKES = StakesAI(
    name="the doubling cube",
    play_game=play_money_game,
    answer=engine_answer,  # type: ignore[arg-type]
    command="cube",
    request_keys={"match_id": (str,), "jacoby": (bool,)},
    switches=(
        StakesSwitch("cube", "backgammon: money play with the doubling cube (cube decisions "
                             "by the network)"),
        StakesSwitch("jacoby", "backgammon with --cube: gammons count single until the cube "
                               "is turned", needs="cube"),
    ),
    review=review_cube,  # type: ignore[arg-type]
)
