"""``match``'s stakes switches (``--cube``, ``--jacoby``): named by the games played for stakes
(ai.kit.StakesAI.switches), so the command grows with the games and names none of them."""

from __future__ import annotations

import argparse

from ai.kit import StakesSwitch, game_ai
from cli.common import RequestError
from game.kit import GameKit
from game.registry import playable_kits


def stakes_switches() -> list[StakesSwitch]:
    """Every switch the games played for stakes add to ``match`` (``--cube``, ``--jacoby``)."""
    found: dict[str, StakesSwitch] = {}
    for kit in playable_kits():
        stakes = game_ai(kit).stakes
        for switch in stakes.switches if stakes is not None else ():
            found.setdefault(switch.name, switch)
    return list(found.values())


def stakes_chosen(args: argparse.Namespace, kit: GameKit) -> tuple[str, ...]:
    """The stakes switches given for ``kit``'s game (``args.game``); a one-line error for a
    switch of another game's stakes or one given without the switch it needs."""
    given = tuple(sw.name for sw in stakes_switches() if getattr(args, sw.name, False))
    stakes = game_ai(kit).stakes
    own = {sw.name: sw for sw in stakes.switches} if stakes is not None else {}
    foreign = [name for name in given if name not in own]
    if foreign:
        games = [k.id for k in playable_kits() if (s := game_ai(k).stakes) is not None
                 and foreign[0] in {sw.name for sw in s.switches}]
        flags = " and ".join(f"--{name}" for name in foreign)
        raise RequestError(f"{flags}: not an option of {kit.id} ({', '.join(games)} "
                           "options)")
    for name in given:
        needs = own[name].needs
        if needs is not None and needs not in given:
            raise RequestError(f"--{name} needs --{needs}")
    return given
