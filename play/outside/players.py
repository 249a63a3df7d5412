"""A player outside Kibitz from its name, and the chooser a game asks for its moves.

``file:`` and ``cmd:`` are every game's; any other prefix is the game's own kind of program,
made by the factory its play part registers for it (``play.kit.GamePlay.engines``), so this
module names no game and no game's program.
"""

from __future__ import annotations

from pathlib import Path

from ai.selfplay import Chooser
from game.core import Move, State
from game.kit import GameKit
from play.kit import game_play
from play.outside.engine_client import EngineClient
from play.outside.protocol import OutsidePlayer
from play.outside.python_agent import PythonAgent
from play.outside.spec import CMD_PREFIX, FILE_PREFIX, OutsideSpec, prefix_of

#: The kinds every game takes.
COMMON_KINDS = ("file", "cmd")


def prefixes(kit: GameKit) -> list[str]:
    """The program prefixes ``kit``'s game takes: ``file:``, ``cmd:``, then its own."""
    return [FILE_PREFIX, CMD_PREFIX, *(f"{kind}:" for kind in game_play(kit).engines)]


def takes_program(kit: GameKit, name: str) -> bool:
    """True when ``kit``'s game offers the kind of program ``name`` names (its prefix alone:
    nothing is checked or started)."""
    prefix = prefix_of(name)
    return prefix is not None and f"{prefix}:" in prefixes(kit)


def outside_player(kit: GameKit, spec: OutsideSpec, log_path: Path | None) -> OutsidePlayer:
    """The player ``spec`` names, not yet started (it starts when first asked for a move).
    A one-line ValueError for a prefix the game does not offer ("xyz: is not a player of
    GAME; it takes file:, cmd:") or a rest its factory refuses; a game's own kind may raise
    Forfeit when its program is not installed."""
    if spec.kind == "file":
        return PythonAgent(kit, spec.path, log_path)
    if spec.kind == "cmd":
        return EngineClient(kit, list(spec.argv), log_path)
    factory = game_play(kit).engines.get(spec.kind)
    if factory is None:
        raise ValueError(f"{spec.kind}: is not a player of {kit.id}; it takes "
                         f"{', '.join(prefixes(kit))}")
    return factory(spec.rest, log_path)


def check_outside(kit: GameKit, spec: OutsideSpec) -> None:
    """A one-line ValueError unless ``kit``'s game can make the player ``spec`` names (its
    prefix offered, the rest understood, a game's own program installed); nothing starts."""
    if spec.kind in COMMON_KINDS:
        return
    outside_player(kit, spec, None).close()


def outside_chooser(player: OutsidePlayer, seconds: float) -> Chooser:
    """Asks ``player`` for each move with ``seconds`` to choose it (Forfeit propagates)."""

    def choose(state: State) -> Move:
        return player.choose(state, seconds).move

    return choose
