"""Programs as players in a match: every example agent plays through ``file:``, Kibitz plays
itself through ``cmd:``, and each deliberately bad agent (tests/agents/) loses its game with
its exact one-line reason, the match finishing and reporting it, no process left behind."""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
import time
from pathlib import Path

import pytest

import main
from cli.match_record import MatchRecord
from game.jsontypes import JSONObject
from tests.outside_helpers import AGENTS, PYTHON, ROOT, alive, children, run_match

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes and /proc")

EXAMPLES = sorted((ROOT / "examples" / "agents").glob("*/*.py"))
#: A short move time keeps the tests fast.
FAST = ("--move-time", "0.3")


def test_there_are_nine_example_agents() -> None:
    assert len(EXAMPLES) == 9, EXAMPLES


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_agent_plays_a_match(path: Path) -> None:
    game = path.parent.name
    s = run_match("--game", game, "--a", f"file:{path}", "--b", "Beginner", "--games", "2",
                  "--seed", "11", "--jobs", "1", *FAST)
    assert s["games"] == 2 and "forfeits" not in s, s
    assert s["unfinished"] == 0
    assert children() == []


def test_kibitz_plays_kibitz_through_its_engine() -> None:
    command = f"cmd:{PYTHON} {ROOT / 'main.py'} engine"
    s = run_match("--game", "tictactoe", "--a", command, "--b", "Master", "--games", "2",
                  "--seed", "3", "--jobs", "1", "--move-time", "0.5")
    assert s["games"] == 2 and "forfeits" not in s, s
    assert s["losses"] == 0  # perfect play both ways: draws
    assert children() == []


def test_the_engine_gets_the_game_s_options() -> None:
    """Kalah with the house rule: the engine must be told it, or its moves would be judged by
    other rules (a wrong move would forfeit)."""
    command = f"cmd:{PYTHON} {ROOT / 'main.py'} engine"
    s = run_match("--game", "kalah", "--options", '{"empty_capture": true}', "--a", command,
                  "--b", "Beginner", "--games", "1", "--seed", "4", "--jobs", "1", *FAST)
    assert s["games"] == 1 and "forfeits" not in s and s["unfinished"] == 0, s
    assert children() == []


#: (the player, the game, its one-line reason).
BAD = [
    ("file:crash_first.py", "tictactoe", "the program crashed (signal SIGSEGV)"),
    ("file:crash_late.py", "othello", "the program crashed (exit code 1)"),
    ("file:sleeper.py", "tictactoe", "no move within 0.3 s"),
    ("file:illegal.py", "tictactoe", "illegal move a1"),
    ("file:garbage.py", "tictactoe", "not a move: 'garbage'"),
    ("file:exits.py", "tictactoe", "the program exited (code 3) before answering"),
    ("file:raises.py", "tictactoe", "the agent raised ValueError: no idea what to play"),
    ("file:hog.py", "tictactoe", "the agent raised MemoryError"),
    ("file:reads_input.py", "tictactoe", "the agent raised EOFError: EOF when reading a line"),
    ("file:no_entry.py", "tictactoe",
     "the agent did not load: no_entry.py defines no choose_move(position)"),
    ("file:missing.py", "tictactoe", "the program did not start: no file '{agents}/missing.py'"),
    ("cmd:no-such-kibitz-program", "tictactoe",
     "the program did not start: No such file or directory: 'no-such-kibitz-program'"),
    ("cmd:{python} flood.py", "tictactoe", "output flood (an answer line over 64 KB)"),
    ("cmd:{python} silent_exit.py", "tictactoe", "the program exited (code 3) before answering"),
]


def _player(name: str) -> str:
    kind, rest = name.split(":", 1)
    if kind == "file":
        return f"file:{AGENTS / rest}"
    return "cmd:" + " ".join(str(AGENTS / w) if w.endswith(".py") else w
                             for w in rest.format(python=PYTHON).split())


@pytest.mark.parametrize(("name", "game", "reason"), BAD, ids=[row[0] for row in BAD])
def test_a_bad_agent_forfeits_with_its_reason(name: str, game: str, reason: str) -> None:
    reason = reason.format(agents=AGENTS)
    start = time.monotonic()
    s = run_match("--game", game, "--a", _player(name), "--b", "Beginner", "--games", "1",
                  "--seed", "5", "--jobs", "1", *FAST)
    assert time.monotonic() - start < 15
    assert (s["games"], s["losses"]) == (1, 1), s
    forfeits = s["forfeits"]
    assert isinstance(forfeits, dict) and (forfeits["A"], forfeits["B"]) == (1, 0)
    kinds = forfeits["kinds"]
    assert isinstance(kinds, list) and len(kinds) == 1
    kind = kinds[0]
    assert isinstance(kind, dict) and kind["count"] == 1
    first = str(kind["first"])
    assert re.fullmatch(rf"A: {re.escape(reason)} at move \d+ \(game 1\)", first), first
    assert children() == []


def test_the_text_summary_lists_the_forfeits() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main.main(["match", "--game", "tictactoe", "--a", "Beginner", "--b",
                          _player("file:garbage.py"), "--games", "2", "--seed", "5",
                          "--jobs", "1", *FAST])
    text = out.getvalue()
    assert code == 0 and "A: 2 wins, 0 draws, 0 losses" in text, text
    assert "forfeits: A 0, B 2\n" in text
    assert re.search(r"\n  2 x not a move: first B: not a move: 'garbage' at move \d+ \(game 1\)\n",
                     text), text
    assert "the programs' standard error: " in text


def test_a_program_and_its_children_are_ended_when_it_is_late() -> None:
    """The forker starts a child, answers once, then sleeps: killing its group ends both."""
    s = run_match("--game", "tictactoe", "--a", _player("cmd:{python} forker.py"), "--b",
                  "Beginner", "--games", "1", "--seed", "5", "--jobs", "1", *FAST)
    assert s["losses"] == 1, s
    log = Path(str(s["logs"])) / "game1-A.log"
    grandchild = int(log.read_text().split()[0])
    deadline = time.monotonic() + 2
    while alive(grandchild) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(grandchild)
    assert children() == []


def test_an_agent_s_prints_go_to_its_log_capped() -> None:
    s = run_match("--game", "tictactoe", "--a", _player("file:chatty.py"), "--b", "Beginner",
                  "--games", "1", "--seed", "5", "--jobs", "1", *FAST)
    assert s["games"] == 1 and "forfeits" not in s, s
    log = (Path(str(s["logs"])) / "game1-A.log").read_bytes()
    assert 1024 * 1024 <= len(log) < 1024 * 1024 + 200
    assert log.endswith(b"[kibitz: the log stops here, at 1 MB of standard error]\n")


def test_forfeits_are_kept_in_the_record_and_read_back(tmp_path: Path) -> None:
    record = tmp_path / "m.jsonl"
    argv = ("--game", "tictactoe", "--a", _player("file:garbage.py"), "--b", "Beginner",
            "--games", "4", "--seed", "9", "--jobs", "2", *FAST, "--record", str(record))
    first = run_match(*argv)
    lines = record.read_text().splitlines()
    assert len(lines) == 5 and all('"note": "forfeit: not a move' in line for line in lines[1:])
    again = run_match(*argv)  # nothing left to play: the record's games, read back
    assert again == first
    forfeits = first["forfeits"]
    assert isinstance(forfeits, dict) and (forfeits["A"], forfeits["B"]) == (4, 0)
    kinds = forfeits["kinds"]
    assert isinstance(kinds, list) and len(kinds) == 1 and isinstance(kinds[0], dict)
    assert (kinds[0]["kind"], kinds[0]["count"]) == ("not a move", 4)
    match = MatchRecord(record, {k: v for k, v in _header(record).items() if k != "format"})
    assert {o.get("note", "")[:22] for o in match.played} == {"forfeit: not a move: '"}
    match.close()
    assert children() == []


def _header(path: Path) -> JSONObject:
    header = json.loads(path.read_text().splitlines()[0])
    assert isinstance(header, dict)
    return header
