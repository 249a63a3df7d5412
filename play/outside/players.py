"""A player outside Kibitz from its name, and the chooser a game asks for its moves."""

from __future__ import annotations

from pathlib import Path

from ai.selfplay import Chooser
from game.core import Move, State
from game.kit import GameKit
from play.outside.engine_client import EngineClient
from play.outside.protocol import OutsidePlayer
from play.outside.python_agent import PythonAgent
from play.outside.spec import OutsideSpec


def outside_player(kit: GameKit, spec: OutsideSpec, log_path: Path) -> OutsidePlayer:
    """The player ``spec`` names, not yet started (it starts when first asked for a move)."""
    if spec.kind == "file":
        return PythonAgent(kit, spec.path, log_path)
    return EngineClient(kit, list(spec.argv), log_path)


def outside_chooser(player: OutsidePlayer, seconds: float) -> Chooser:
    """Asks ``player`` for each move with ``seconds`` to choose it (Forfeit propagates)."""

    def choose(state: State) -> Move:
        return player.choose(state, seconds).move

    return choose
