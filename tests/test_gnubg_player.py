"""GNU Backgammon as a player: recorded conversations replayed (everywhere), a bad answer as
one Forfeit line, and a whole game against the real program where it is installed
(apt-get install gnubg)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from ai.kit import get_level
from ai.selfplay import play_out, searcher
from game.core import TERMINAL, Move, State
from game.registry import get_kit
from games.backgammon.game import GAME
from games.backgammon.play.gnubg_player import (
    SERVER,
    GnubgPlayer,
    gnubg_argv,
    gnubg_player,
    gnubg_request,
)
from games.backgammon.rules import BackgammonState
from play.kit import game_play
from play.outside.protocol import Forfeit
from tests.outside_helpers import children, run_match
from tests.transcript_channel import Replay, conversations

GNUBG = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
RECORDED = conversations("gnubg.txt")


def position(text: str) -> BackgammonState:
    state = GAME.parse_position(text)
    assert isinstance(state, BackgammonState)
    return state


def test_the_recorded_moves_are_read_as_kibitz_moves() -> None:
    channel = Replay(RECORDED["expert"])
    player = GnubgPlayer(channel)
    for text, move in (("4HPwATDgc/ABMA 31", "8/5 6/5"), ("4HPwATDgc/ABMA 65 1", "24/13"),
                       ("4HPwATDgc/ABMA 66", "24/18(2) 13/7(2)")):
        state = position(text)
        answer = player.choose(state, 5.0)
        assert answer.move in state.legal_moves()
        assert GAME.format_move(state, answer.move) == move
    player.close()
    assert channel.finished and channel.closed


def test_a_deeper_search_is_asked_with_its_plies() -> None:
    channel = Replay(RECORDED["two plies"])
    state = position("4HPwATDgc/ABMA 66")
    assert gnubg_request(state, 2) == "4HPwATDgc/ABMA 6 6 2"
    assert gnubg_request(state) == "4HPwATDgc/ABMA 6 6"
    assert GnubgPlayer(channel, plies=2).choose(state, 5.0).move in state.legal_moves()
    assert channel.finished


@pytest.mark.parametrize(("name", "reason"), [
    ("illegal", "illegal move '24/21 24/21' in 4HPwATDgc/ABMA with 3-1"),
    ("garbled", "not a move: '8/x5' in 4HPwATDgc/ABMA with 3-1"),
    ("late", "no move within 5 s"),
    ("exit before ready", "the program exited (code 0) before answering"),
])
def test_a_bad_answer_is_one_forfeit_line(name: str, reason: str) -> None:
    channel = Replay(RECORDED[name])
    with pytest.raises(Forfeit) as caught:
        GnubgPlayer(channel).choose(position("4HPwATDgc/ABMA 31"), 5.0)
    assert str(caught.value) == reason
    assert channel.finished


def test_the_spec_and_the_server() -> None:
    assert SERVER.is_file() and "READY" in SERVER.read_text()
    assert gnubg_argv("gnubg")[1:] == ["-t", "-q", "-p", str(SERVER)]
    for bad in ("3", "x", "-1"):
        with pytest.raises(ValueError, match="takes the plies 0, 1, 2"):
            gnubg_player(bad)
    with pytest.raises(ValueError, match="plies must be one of"):
        GnubgPlayer(Replay([]), plies=5)


@pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon is not installed (apt-get install gnubg)")
def test_a_whole_game_against_gnubg(tmp_path: Path) -> None:
    """Kibitz's Intermediate level against GNU Backgammon at 0-ply, as a match plays (forced
    moves not asked): every one of GNU's moves legal, the game played to its end."""
    kit = get_kit("backgammon")
    player = gnubg_player("0", tmp_path / "gnubg.log")

    def gnu(state: State) -> Move:
        return player.choose(state, 10.0).move

    try:
        record = play_out(kit.rules().initial_state(), (searcher(
            get_level(kit, "Intermediate").config(kit, seed=1)), gnu), random.Random(3))
    finally:
        player.close()
    assert record.finished and record.final.current_player() == TERMINAL
    assert record.asked[1] >= 10


def test_the_kits_play_part_offers_gnubg() -> None:
    assert game_play(get_kit("backgammon")).engines == {"gnubg": gnubg_player}


@pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon is not installed (apt-get install gnubg)")
def test_a_match_takes_gnubg_by_its_name() -> None:
    """``match --a gnubg:0``: the kit's factory makes the player, each game starts and ends
    GNU Backgammon, no forfeit, no process left."""
    s = run_match("--game", "backgammon", "--a", "gnubg:0", "--b", "Advanced", "--games", "2",
                  "--seed", "7", "--jobs", "1")
    assert s["games"] == 2 and "forfeits" not in s and s["unfinished"] == 0, s
    assert children() == []
