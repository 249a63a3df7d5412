"""Backgammon on the start screen: money play with the doubling cube, or cubeless."""

from __future__ import annotations

from collections.abc import Mapping

from game.setup import GameSetup, SetupField
from games.backgammon.cube import Cube


def _options(values: Mapping[str, object]) -> tuple[dict[str, object], Cube | None]:
    rule = values["bg_cube"]
    return {}, None if rule == "off" else Cube(jacoby=rule == "jacoby")


SETUP = GameSetup(
    fields=(
        # "off" (cubeless), "on" (the doubling cube), "jacoby" (gammons count single until
        # the cube is turned).
        SetupField("bg_cube", "Doubling cube", "off",
                   (("off", "off (cubeless)"), ("on", "on (money)"),
                    ("jacoby", "on, Jacoby rule"))),
    ),
    make=_options,
)
