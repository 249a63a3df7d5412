"""The parts of play/outside one by one: player names, the line channel's deadline and caps,
the student API as the agent host serves it, the hidden subcommand, and a record's notes."""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
import time
from pathlib import Path

import pytest

import main
from ai.kit import game_ai
from ai.selfplay import Forfeited, play_out
from cli.agent_host import answer
from cli.match_record import MatchRecord, RecordError
from cli.match_tally import forfeit_kind
from game.core import Move, State
from game.jsontypes import JSONObject
from game.registry import get_kit, playable_kits
from play.outside.channel import LineChannel, exit_reason
from play.outside.engine_client import EngineClient
from play.outside.position import Position
from play.outside.protocol import Forfeit
from play.outside.python_agent import MAIN, host_argv
from play.outside.spec import is_outside, parse_spec
from tests.outside_helpers import PYTHON, children

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes")


def test_player_names() -> None:
    assert parse_spec("file:agents/me.py").path == "agents/me.py"
    assert parse_spec('cmd:python main.py engine --x "a b"').argv == (
        "python", "main.py", "engine", "--x", "a b")
    assert is_outside("cmd:x") and is_outside("file:x.py") and not is_outside("Master")
    assert is_outside("gtp:gtp-rhino -l 3") and not is_outside("AB-2s") and not is_outside(":x")
    assert parse_spec("gtp:gtp-rhino -l 3").kind == "gtp"
    assert parse_spec("gtp:gtp-rhino -l 3").rest == "gtp-rhino -l 3"
    for bad, says in (("file:", "needs a Python file"), ("file:agent.txt", "ending in .py"),
                      ("cmd:", "needs a command line"), ('cmd:"open', "cannot split"),
                      ("Master", "names no program")):
        with pytest.raises(ValueError, match=says) as caught:
            parse_spec(bad)
        assert "\n" not in str(caught.value)


def test_a_bad_name_stops_the_match_before_any_game() -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main.main(["match", "--game", "tictactoe", "--a", "file:", "--b", "Master"])
    assert code == 2 and err.getvalue().count("\n") == 1 and "file:" in err.getvalue()


@pytest.mark.parametrize(("game", "name", "says"), [
    ("kalah", "gtp:gtp-rhino -l 1", "gtp: is not a player of kalah; it takes file:, cmd:"),
    ("othello", "gnubg:0", "gnubg: is not a player of othello; it takes file:, cmd:, gtp:"),
    ("backgammon", "gnubg:3", "gnubg: takes the plies 0, 1, 2, got '3'"),
    ("othello", "gtp:no-such-kibitz-engine", "no-such-kibitz-engine not found: not on PATH"),
])
def test_a_game_s_own_kind_of_program_is_checked_before_any_game(game: str, name: str,
                                                                says: str) -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main.main(["match", "--game", game, "--a", name, "--b", "Beginner"])
    assert code == 2 and err.getvalue().count("\n") == 1 and says in err.getvalue()


def test_no_level_name_holds_a_colon() -> None:
    """A name with a word and a colon is a program's (is_outside): no level may look like one."""
    for kit in playable_kits():
        assert not [lv.name for lv in game_ai(kit).all_levels() if is_outside(lv.name)], kit.id


def test_the_agent_host_is_kept_out_of_help() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main.main(["--help"])
    assert "agent-host" not in out.getvalue() and "match" in out.getvalue()
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main.main(["agent-host", "--help"])
    assert "--memory-mb" in out.getvalue()


@posix
def test_a_silent_program_never_holds_the_caller_past_its_deadline(tmp_path: Path) -> None:
    channel = LineChannel([PYTHON, "-c", "import time; time.sleep(60)"], tmp_path / "log")
    channel.send("hello")
    start = time.monotonic()
    with pytest.raises(Forfeit, match="^late$"):
        channel.read_line(0.3, "late")
    assert time.monotonic() - start < 1.0
    channel.close()
    assert children() == []


ECHO = "import sys\nfor line in sys.stdin:\n    print('got ' + line.strip(), flush=True)\n"


@posix
@pytest.mark.parametrize("threaded", [False, True], ids=["selectors", "thread"])
def test_the_channel_answers_floods_and_exits(tmp_path: Path, threaded: bool) -> None:
    """The thread reads where pipes cannot be selected on (Windows); both ways behave alike."""
    channel = LineChannel([PYTHON, "-c", ECHO], tmp_path / "log", threaded=threaded)
    channel.send("a")
    channel.send("b")
    assert [channel.read_line(5.0, "late"), channel.read_line(5.0, "late")] == ["got a", "got b"]
    start = time.monotonic()
    with pytest.raises(Forfeit, match="^late$"):
        channel.read_line(0.2, "late")
    assert time.monotonic() - start < 1.0
    flood = LineChannel([PYTHON, "-c", "print('x' * 200000, flush=True)"], tmp_path / "f",
                        threaded=threaded)
    with pytest.raises(Forfeit, match=r"^output flood \(an answer line over 64 KB\)$"):
        flood.read_line(5.0, "late")
    leaves = LineChannel([PYTHON, "-c", "import sys; sys.exit(4)"], tmp_path / "e",
                         threaded=threaded)
    with pytest.raises(Forfeit, match=r"^the program exited \(code 4\) before answering$"):
        leaves.read_line(5.0, "late")
    for each in (channel, flood, leaves):
        each.close()
    assert children() == []


@posix
def test_a_channel_without_a_log_in_a_folder_of_its_own(tmp_path: Path) -> None:
    """No log (its standard error goes nowhere, however much), a working folder, a start on
    the first line sent, and no start at all once closed."""
    noisy = ("import os, sys\nsys.stderr.write('e' * 300000)\nsys.stderr.flush()\n"
             "print(os.getcwd(), flush=True)\nsys.stdin.readline()\n")
    channel = LineChannel([PYTHON, "-c", noisy], None, cwd=tmp_path)
    assert not channel.started
    channel.send("go")
    assert channel.started and channel.read_line(5.0, "late") == str(tmp_path)
    channel.close()
    never = LineChannel([PYTHON, "-c", "print(1)"])
    never.close()
    with pytest.raises(Forfeit, match="^the program was closed before it started$"):
        never.send("x")
    assert not never.started
    assert children() == []


@posix
def test_how_a_program_ended_is_said_in_one_line() -> None:
    assert exit_reason(-11) == "the program crashed (signal SIGSEGV)"
    assert exit_reason(1) == "the program crashed (exit code 1)"
    assert exit_reason(0) == "the program exited (code 0) before answering"


@posix
def test_the_engine_client_reads_what_the_program_reports(tmp_path: Path) -> None:
    script = ('import sys, json\nfor line in sys.stdin:\n'
              '    print(json.dumps({"move": "b2", "nodes": 42, "pv": ["b2", "a1"],'
              ' "time": 0.01}), flush=True)\n')
    kit = get_kit("tictactoe")
    client = EngineClient(kit, [PYTHON, "-c", script], tmp_path / "log")
    state = kit.rules().initial_state()
    got = client.choose(state, 0.5)
    assert (kit.rules().format_move(state, got.move), got.nodes, got.pv, got.seconds) == (
        "b2", 42, "b2 a1", 0.01)
    with pytest.raises(Forfeit, match="^illegal move b2$"):
        client.choose(state.apply(got.move), 0.5)
    client.close()
    client.close()  # twice is fine
    assert children() == []


def _request(position: str = "--------- X", seconds: float = 1.0) -> str:
    return json.dumps({"cmd": "bestmove", "game": "tictactoe", "options": {},
                       "position": position, "time": seconds})


def test_the_student_api() -> None:
    seen: dict[str, object] = {}

    def agent(position: Position) -> object:
        moves = position.legal_moves()
        after = position.play("b2")
        seen.update(game=position.game, player=position.player, moves=len(moves),
                    next_player=after.player, text=position.move_text(moves[0]),
                    notation=after.notation(), over=after.is_over(),
                    time_left=0 < position.time_left <= 1.0)
        with pytest.raises(ValueError, match="not over"):
            after.score(0)
        won = position
        for square in ("a1", "a2", "b1", "b2", "c1"):
            won = won.play(square)
        seen.update(won_over=won.is_over(), x_score=won.score(0), o_score=won.score(1))
        position.report(nodes=123, line=["b2", moves[0]])
        return moves[4]

    reply = answer(_request(), agent, None)
    assert reply["move"] == "b2" and reply["nodes"] == 123 and reply["pv"] == ["b2", "a1"]
    assert seen == {"game": "tictactoe", "player": 0, "moves": 9, "next_player": 1,
                    "text": "a1", "notation": "----X---- O", "over": False,
                    "time_left": True, "won_over": True, "x_score": 1.0, "o_score": -1.0}


def test_the_host_answers_an_agent_s_mistakes_as_reasons() -> None:
    def raises(position: Position) -> object:
        raise KeyError("x")

    assert answer(_request(), raises, None) == {"error": "the agent raised KeyError: 'x'"}
    assert answer(_request(), None, "the agent did not load: X") == {
        "error": "the agent did not load: X"}
    assert answer(_request(), lambda p: None, None)["move"] == "None"
    assert answer('{"cmd": "quit"}', None, None) == {"quit": True}


def test_the_host_is_this_python_running_main_or_the_frozen_executable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert host_argv("a.py") == [sys.executable, str(MAIN), "agent-host", "a.py"]
    assert MAIN.name == "main.py" and MAIN.is_file()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert host_argv("a.py") == [sys.executable, "agent-host", "a.py"]


def test_a_forfeit_is_the_forfeiting_player_s_loss() -> None:
    kit = get_kit("tictactoe")
    state = kit.rules().initial_state()

    def first(s: State) -> Move:
        return s.legal_moves()[0]

    def gives_up(s: State) -> Move:
        raise Forfeit("illegal move e9")

    record = play_out(state, (first, gives_up), random.Random(1))
    assert record.forfeit == (1, 2, "illegal move e9") and record.returns == (1.0, -1.0)
    assert record.finished and len(record.moves) == 1
    assert issubclass(Forfeit, Forfeited)


def test_forfeit_kinds() -> None:
    assert forfeit_kind("illegal move e9") == "illegal move"
    assert forfeit_kind("not a move: 'garbage'") == "not a move"
    assert forfeit_kind("no move within 2.0 s") == "no move within"
    assert forfeit_kind("the program crashed (exit code 1)") == "the program crashed"
    assert forfeit_kind("the agent raised ValueError: x") == "the agent raised ValueError"


def test_a_record_keeps_notes_and_refuses_a_bad_one(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    match: JSONObject = {"game": "tictactoe", "a": "file:x.py", "b": "Master",
                                "seed": 1, "games": 4, "options": {}}
    header = json.dumps({"format": "kibitz-match-record", **match})
    good = {"index": 0, "result": -1, "points_a": -1.0, "plies": 3, "finished": True,
            "note": "forfeit: illegal move a1 at move 3"}
    plain = {"index": 1, "result": 0, "points_a": 0.0, "plies": 9, "finished": True}
    path.write_text("\n".join([header, json.dumps(good), json.dumps(plain)]) + "\n")
    record = MatchRecord(path, match)
    assert record.played == [good, plain]
    record.close()
    for note in (5, "two\nlines", "x" * 600):
        path.write_text("\n".join([header, json.dumps({**good, "note": note})]) + "\n")
        with pytest.raises(RecordError, match="wrong kind"):
            MatchRecord(path, match)
