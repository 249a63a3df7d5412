"""The doubling cube for the headless commands (``match --cube`` and the engine's ``cube``) and
for a game review (its cube decisions weighed: games.backgammon.ai.cube_review)."""

from __future__ import annotations

from typing import Any

from ai.kit import StakesAI
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


STAKES = StakesAI(
    play_game=play_cubeful_game,
    answer=engine_answer,  # type: ignore[arg-type]
    review=review_cube,  # type: ignore[arg-type]
)
