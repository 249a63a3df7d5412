"""The games Kibitz knows: one kit per package under ``games/``, found by looking there.

Adding a game is adding its package; nothing here lists them. A kit's package is imported
when the registry is first asked (cheap: a kit imports none of its layers until used).
"""

from __future__ import annotations

import functools
import importlib
import pkgutil

import games
from game.core import Game
from game.kit import GameKit


@functools.cache
def _kits() -> dict[str, GameKit]:
    found: list[GameKit] = []
    for info in pkgutil.iter_modules(games.__path__):
        if info.ispkg:
            kit = getattr(importlib.import_module(f"games.{info.name}"), "KIT", None)
            if isinstance(kit, GameKit):
                found.append(kit)
    found.sort(key=lambda kit: (kit.order, kit.id))
    return {kit.id: kit for kit in found}


def all_kits() -> tuple[GameKit, ...]:
    """Every kit, teaching games included, in menu order."""
    return tuple(_kits().values())


def playable_kits() -> tuple[GameKit, ...]:
    """The games people play against the AI (menus, levels, matches, benches)."""
    return tuple(kit for kit in _kits().values() if kit.playable)


def game_ids() -> tuple[str, ...]:
    return tuple(kit.id for kit in playable_kits())


def all_game_ids() -> tuple[str, ...]:
    return tuple(_kits())


def get_kit(game_id: str) -> GameKit:
    """The kit for ``game_id``; a ValueError naming the known ids for anything else."""
    kit = _kits().get(game_id)
    if kit is None:
        raise ValueError(
            f"unknown game {game_id!r}; choose one of: {', '.join(all_game_ids())}"
        )
    return kit


def get_game(game_id: str) -> Game:
    """The rules of ``game_id``; a ValueError naming the known ids for anything else."""
    return get_kit(game_id).rules()
