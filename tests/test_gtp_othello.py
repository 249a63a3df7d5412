"""The Othello GTP player: recorded conversations with gtp-rhino replayed (everywhere), bad
answers each ending as one Forfeit line, and a whole game against the real engine where
it is installed (apt-get install grhino)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from ai.kit import get_level
from ai.selfplay import play_out, searcher
from game.core import TERMINAL, Move, State
from game.registry import get_kit
from games.othello.play.gtp_player import (
    GtpOthelloPlayer,
    find_gtp_rhino,
    gtp_player,
    gtp_rhino_argv,
    moves_between,
)
from games.othello.rules import PASS, initial_state, parse_board, parse_square, play_transcript
from play.kit import game_play
from play.outside.locate import locate
from play.outside.protocol import Forfeit
from tests.outside_helpers import children, run_match
from tests.transcript_channel import Replay, conversations

RHINO = shutil.which("gtp-rhino") or shutil.which("gtp-rhino", path="/usr/games")
RECORDED = conversations("gtp_rhino.txt")
BAD = conversations("gtp_errors.txt")


def replayed(name: str, verify: bool = False) -> tuple[GtpOthelloPlayer, Replay]:
    channel = Replay(RECORDED[name] if name in RECORDED else BAD[name])
    return GtpOthelloPlayer(channel, verify=verify), channel


def test_the_recorded_opening_is_replayed_command_for_command() -> None:
    """Start, a reply told with play, the same position again (played again from the start),
    a position from elsewhere (set up): the engine's board checked each time."""
    player, channel = replayed("opening", verify=True)
    assert player.choose(initial_state(), 2.0).move == parse_square("c4")
    assert player.choose(play_transcript("c4c3"), 2.0).move == parse_square("f5")
    assert player.choose(play_transcript("c4c3f5b4"), 2.0).move == parse_square("d3")
    assert player.choose(play_transcript("c4c3"), 2.0).move == parse_square("d3")
    answer = player.choose(play_transcript("f5d6c3d3c4"), 3.0)
    assert answer.move == parse_square("f3") and answer.nodes is None
    player.close()
    assert channel.finished and channel.closed


def test_a_side_that_must_pass_gets_the_engines_pass() -> None:
    player, channel = replayed("must pass")
    board = parse_board("--XXXXOXXXXXXOOXXOXOOOOXXOXOOOOXXOOOXOOXXOXOOXOXXOOOOOXXXOOXXXXX X")
    assert board.must_pass()
    assert player.choose(board, 2.0).move == PASS
    player.close()
    assert channel.finished


def test_the_opponents_forced_pass_is_told_as_nothing() -> None:
    player, channel = replayed("opponent passes")
    board = parse_board("XXXXXXX-XXXXXOXXXXXXXOXXXXXXXOX-XOOXXOXOXOXOOXXOXXOXXOXOXOOOOOOO O")
    first = player.choose(board, 2.0).move
    assert first == parse_square("h1")
    after = board.apply(first)
    assert after.must_pass()
    assert player.choose(after.apply(PASS), 2.0).move == parse_square("h4")
    player.close()
    assert channel.finished


@pytest.mark.parametrize(("name", "reason"), [
    ("garbled coordinate", "not a move: 'Z9'"),
    ("pass with moves", "illegal move 'pass'"),
    ("occupied square", "illegal move 'D4'"),
    ("resign", "the engine resigned"),
    ("wrong id", "answer 9 came for command 4"),
    ("not an answer", "not a GTP answer: 'thinking... C4'"),
    ("late", "no move within 2 s"),
    ("exit", "the program exited (code 0) before answering"),
])
def test_a_bad_answer_is_one_forfeit_line(name: str, reason: str) -> None:
    player, channel = replayed(name)
    with pytest.raises(Forfeit) as caught:
        player.choose(initial_state(), 2.0)
    assert str(caught.value) == reason
    assert channel.finished


def test_an_error_answer_names_the_command_refused() -> None:
    player, channel = replayed("error answer")
    with pytest.raises(Forfeit, match=r"^the engine answered an error to 'play black c4': "
                                          r"illegal move$"):
        player.choose(play_transcript("c4"), 2.0)
    assert channel.finished


def test_a_position_off_the_line_needs_a_set_up_command() -> None:
    player, channel = replayed("no setup")
    with pytest.raises(Forfeit, match="cannot set up this position"):
        player.choose(play_transcript("f5d6c3d3c4"), 2.0)
    assert channel.finished


def test_an_answer_without_an_id_after_a_blank_line_is_read() -> None:
    player, channel = replayed("no id, blank lines")
    assert player.choose(initial_state(), 2.0).move == parse_square("c4")
    assert channel.finished


def test_finding_the_engine_and_its_levels() -> None:
    with pytest.raises(Forfeit, match="^no-such-engine-kibitz not found: apt-get install x$"):
        locate("no-such-engine-kibitz", "x")
    with pytest.raises(Forfeit, match="^no-such-engine-kibitz not found: not on PATH or in"):
        gtp_player("no-such-engine-kibitz -l 1")
    with pytest.raises(Forfeit, match="^/nowhere/gtp-rhino not found: apt-get install grhino$"):
        gtp_player("/nowhere/gtp-rhino -l 1")
    with pytest.raises(ValueError, match="levels are 1..5"):
        gtp_rhino_argv(6, program="gtp-rhino")
    assert gtp_rhino_argv(2, program="x") == ["x", "-l", "2"]
    with pytest.raises(ValueError, match="needs the engine's command line"):
        gtp_player("  ")


@pytest.mark.skipif(RHINO is None, reason="gtp-rhino is not installed (apt-get install grhino)")
def test_a_whole_game_against_gtp_rhino(tmp_path: Path) -> None:
    """Kibitz's Intermediate level against gtp-rhino level 1, each colour once, played as a
    match plays (forced moves and passes not asked): every engine move legal, the engine's
    board checked against the game's before each of its moves."""
    kit = get_kit("othello")
    kibitz = searcher(get_level(kit, "Intermediate").config(kit))
    for engine_side in (0, 1):
        player = gtp_player(f"{find_gtp_rhino()} -l 1", tmp_path / "rhino.log")
        player.verify = True

        def engine(state: State, player: GtpOthelloPlayer = player) -> Move:
            return player.choose(state, 5.0).move

        players = (engine, kibitz) if engine_side == 0 else (kibitz, engine)
        try:
            record = play_out(initial_state(), players, random.Random(0))
        finally:
            player.close()
        assert record.finished and record.final.current_player() == TERMINAL
        assert record.asked[engine_side] >= 10


def test_the_engines_passes_a_match_skips_are_played_through() -> None:
    player, channel = replayed("passes the match skips", verify=True)
    board = parse_board("OOOOOOOOOOXXOXX-XOXOXOXX-OOXXXX--OXXXXXX----XOXX---XXOOX-OOOOOOO X")
    assert player.choose(board, 2.0).move == parse_square("a4")
    board = board.apply(parse_square("a4")).apply(parse_square("a5"))
    assert player.choose(board, 2.0).move == parse_square("a6")
    board = board.apply(parse_square("a6"))
    for square in ("h2", "a7", "d6"):
        board = board.apply(parse_square(square))
        if board.must_pass():
            board = board.apply(PASS)
    assert board.to_move == 0
    assert player.choose(board, 2.0).move == parse_square("c6")
    player.close()
    assert channel.finished


def test_moves_between_finds_the_order_and_the_passes() -> None:
    start = play_transcript("f5d6c3d3c4")
    later = play_transcript("f5d6c3d3c4f4f6")
    assert moves_between(start, later) == [parse_square("f4"), parse_square("f6")]
    assert moves_between(later, start) is None
    assert moves_between(start, start) == []
    assert moves_between(initial_state(), play_transcript("f5d6c3d3c4f4f6f3e6")) is None


def test_the_kits_play_part_offers_the_gtp_player() -> None:
    assert game_play(get_kit("othello")).engines == {"gtp": gtp_player}


@pytest.mark.skipif(RHINO is None, reason="gtp-rhino is not installed (apt-get install grhino)")
def test_a_match_takes_the_engine_by_its_name() -> None:
    """``match --a "gtp:gtp-rhino -l 1"``: the kit's factory makes the player, each game
    starts and ends its engine, no forfeit, no process left."""
    s = run_match("--game", "othello", "--a", "gtp:gtp-rhino -l 1", "--b", "Intermediate",
                  "--games", "2", "--seed", "5", "--jobs", "1", "--move-time", "2")
    assert s["games"] == 2 and "forfeits" not in s and s["unfinished"] == 0, s
    assert children() == []
