"""Backgammon's checks for ``main.py selftest``: the network and the bear-off database load
strictly, and the network (numpy and its weights) answers Master's search of an opening roll."""

from __future__ import annotations

from ai.engine import run_search
from ai.kit import SelfTest, get_level
from game.registry import get_kit
from games.backgammon.game import GAME


def _tables() -> str:
    # numpy and the weights files: when the selftest runs, not whenever the AI loads.
    from games.backgammon.ai import bearoff, net

    net.load_net()
    table = bearoff.load_table()
    return f"backgammon network, bear-off database ({len(table.off)} positions)"


def _network() -> str:
    state = GAME.parse_position("4HPwATDgc/ABMA 31")
    kit = get_kit("backgammon")
    result = run_search(state, get_level(kit, "Master").config(kit))
    return f"Master plays 31 as {GAME.format_move(state, result.move)} ({result.score:+.3f})"


SELFTEST = SelfTest(tables=_tables, checks=(("backgammon network", _network),))
