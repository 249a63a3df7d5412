"""Building a match from the start screen: its seats and the game's own fields (game.setup).

Kept apart from the menu so the menu and the tools that start games (screenshots, the UI
benchmark) share one definition of what a seat and a level mean; the search recipes of a seat
are play.setup's.
"""

from __future__ import annotations

from ai.api import TIMED_ALGORITHMS
from game.kit import GameKit
from game.seat import Seat
from game.session import Session
from play.outside.players import check_outside
from play.outside.protocol import Forfeit
from play.outside.spec import parse_spec
from play.setup import first_move_is_chosen
from ui.settings import SeatSetting, Settings


def seat_from_setting(setting: SeatSetting) -> Seat:
    if setting.kind == "level":
        return Seat.ai_level(setting.level)
    if setting.kind == "custom" and setting.algorithm in TIMED_ALGORITHMS:
        return Seat.ai(setting.algorithm, time_s=float(setting.time_s))
    if setting.kind == "custom":
        return Seat.ai(setting.algorithm, depth=int(setting.depth))
    if setting.kind == "program":
        return Seat.outside(setting.program, time_s=float(setting.time_s))
    return Seat.human()


def build_session(settings: Settings, kit: GameKit) -> Session:
    """The match the start screen describes (``kit``: its chosen game, ``settings.game``);
    ValueError with a readable line if impossible."""
    setup = kit.setup()
    options, stakes = setup.make(settings.game_values) if setup is not None else ({}, None)
    a, b = (seat_from_setting(s) for s in settings.seats)
    for setting in settings.seats:  # a program this game cannot seat: refused before play
        if setting.kind == "program":
            try:
                check_outside(kit, parse_spec(setting.program))
            except Forfeit as exc:  # its program is not on this machine
                raise ValueError(str(exc)) from None
    # Player A takes the side that moves first; where chance decides who moves first (the
    # opening roll), Player A is always the first player.
    first = settings.first if first_move_is_chosen(kit) else 0
    seats = (b, a) if first else (a, b)
    return Session(kit, options, seats, stakes=stakes)
