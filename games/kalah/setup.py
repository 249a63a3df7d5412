"""Kalah on the start screen: pits per side, seeds per pit and the capture rule."""

from __future__ import annotations

from collections.abc import Mapping

from game.setup import GameSetup, SetupField
from game.stakes import Stakes


def _options(values: Mapping[str, object]) -> tuple[dict[str, object], Stakes | None]:
    return {"pits": values["kalah_pits"], "seeds": values["kalah_seeds"],
            "empty_capture": values["kalah_empty_capture"]}, None


SETUP = GameSetup(
    fields=(
        SetupField("kalah_pits", "Pits per side", 6, tuple((m, str(m)) for m in range(1, 7))),
        SetupField("kalah_seeds", "Seeds per pit", 4, tuple((n, str(n)) for n in range(1, 7))),
        # The variant Irving, Donkers and Uiterwijk solved: a last seed in an own empty pit is
        # captured even when the pit opposite is empty.
        SetupField("kalah_empty_capture", "Capture", False,
                   ((False, "only with seeds opposite"), (True, "also facing an empty pit"))),
    ),
    make=_options,
)
