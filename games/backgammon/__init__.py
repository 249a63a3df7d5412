"""Backgammon: dice, expectiminimax, a learned network and the doubling cube.

The kit below is the game's one entry in Kibitz (game.kit): its layers load on first use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from game.core import State
from game.kit import GameKit
from game.setup import GameSetup
from game.stakes import Stakes

if TYPE_CHECKING:  # the rules load on first use, not with the kit
    from games.backgammon.cube import Cube
    from games.backgammon.rules import BackgammonState


class BackgammonKit(GameKit):
    id = "backgammon"
    title = "Backgammon"
    rules_module = "game"
    order = 40
    stakes_word = "cube"  # a money game's doubling cube: saves have written "cube:" since 1

    def setup(self) -> GameSetup:
        from games.backgammon.setup import SETUP  # the start screen's rows: when it asks

        return SETUP

    # The session's questions: GNU Backgammon's IDs carry the cube (games.backgammon.ids),
    # whose module loads with the rules, on first use. The session asks them about its
    # backgammon positions, with the stakes this kit made: a cube.
    def position_text(self, state: State, stakes: Stakes | None) -> str:
        from games.backgammon import ids

        return ids.position_text(cast("BackgammonState", state), cast("Cube | None", stakes))

    def position_fields(self, state: State) -> dict[str, str]:
        """GNU Backgammon's Position ID and Match ID ("4HPwATDgc/ABMA:MAEAAAAAAAAA"; the Match
        ID gives the player on roll and the dice, with the cube centred: a search here is
        cubeless)."""
        from games.backgammon import ids

        return {"gnu_id": ids.gnu_ids(cast("BackgammonState", state))}

    def parse_position_text(
        self, text: str, options: Mapping[str, object], stakes: Stakes | None
    ) -> tuple[State, Stakes | None]:
        from games.backgammon import ids

        def plain(text: str) -> BackgammonState:
            return cast("BackgammonState", self.rules().parse_position(text, **options))

        return ids.parse_position_text(text, options, cast("Cube | None", stakes), plain)

    def new_stakes(self, text: str, start: State) -> Stakes:
        from games.backgammon import ids

        return ids.cube_from_save(text, cast("BackgammonState", start))


KIT = BackgammonKit()
