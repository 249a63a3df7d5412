"""Hardening found by fuzzing: each numbered case of the report, at its cause.

1. option names that collide with parameters; 2. strict JSON; 5. a long legal save loads in
small memory; 6. one-line backgammon move errors; 7. capped messages, byte-order marks, every
non-blank engine line answered, plain decimal numbers on the command line, ``--version``.
(3, stopping a search, runs the engine as a subprocess: tests/test_engine_subprocess.py.)
"""

from __future__ import annotations

import io
import json
import tracemalloc

import pytest

import main
from cli.engine import answer_line, encode, serve
from game.core import IllegalMoveError
from game.registry import game_ids, get_game
from game.savefile import SaveFormatError, load


def strict_loads(line: str) -> object:
    """json.loads that refuses NaN and Infinity, as strict (RFC 8259) parsers do."""

    def refuse(name: str) -> object:
        raise ValueError(f"not JSON: {name}")

    return json.loads(line, parse_constant=refuse)


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    try:
        code = main.main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().err


def save_text(game: str, options: str, start: str, seat2: str = "human") -> str:
    return (
        f"kibitz-save: 1\ngame: {game}\noptions: {options}\nseat 1: human\n"
        f"seat 2: {seat2}\nstart: {start}\nmoves: 0\n"
    )


# --------------------------------------------------------------------------- 1. option names


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("name", ["self", "text", "options"])
def test_any_option_name_is_a_one_line_error_naming_the_accepted_ones(
    game_id: str, name: str
) -> None:
    game = get_game(game_id)
    with pytest.raises(ValueError) as new:
        game.initial_state(**{name: 1})
    start = game.format_position(game.initial_state())
    with pytest.raises(ValueError) as parsed:
        game.parse_position(start, **{name: 1})
    for exc in (new, parsed):
        message = str(exc.value)
        assert f"'{name}'" in message and "\n" not in message
        assert ("takes no options" in message or "known: heaps, max_take" in message
                or "known: pits, seeds, empty_capture" in message)


def test_colliding_options_on_every_entry_point(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run_main(capsys, "analyze", "--game", "tictactoe", "--options", '{"self": 1}')
    assert code == 2 and err.count("\n") == 1 and "it takes no options" in err
    code, err = run_main(capsys, "analyze", "--game", "nim", "--options", '{"text": 1}')
    assert code == 2 and "known: heaps, max_take, misere, variant" in err
    code, err = run_main(capsys, "match", "--game", "othello", "--options", '{"text": 1}',
                         "--a", "Beginner", "--b", "Beginner", "--games", "1", "--jobs", "1")
    assert code == 2 and "'text'" in err and "Traceback" not in err
    answer, _ = answer_line('{"id": 4, "game": "nim", "options": {"self": 1}, "cmd": "legal"}')
    assert answer["id"] == 4 and "internal error" not in answer["error"]
    assert "known: heaps" in answer["error"]
    with pytest.raises(SaveFormatError, match="known: heaps, max_take"):
        load(save_text("nim", '{"text": 1}', "3 1"))


# --------------------------------------------------------------------------- 2. strict JSON


def test_numbers_beyond_a_double_are_refused_not_echoed_as_infinity() -> None:
    answer, _ = answer_line('{"id": 1e400, "cmd": "legal", "game": "tictactoe"}')
    line = encode(answer)
    assert strict_loads(line) == answer and "too large" in answer["error"]
    answer, _ = answer_line('{"id": -1e400, "cmd": "legal", "game": "tictactoe"}')
    assert "error" in answer and "Infinity" not in encode(answer)


def test_an_answer_that_cannot_be_strict_json_becomes_an_error() -> None:
    line = encode({"id": 3, "value": float("nan")})
    answer = strict_loads(line)
    assert answer["id"] == 3 and "internal error" in answer["error"] and "NaN" not in line


# --------------------------------------------------------------------------- 5. long saves


def shut_out_save(turns: int) -> str:
    """Both sides on the bar against a closed board: every turn is a roll and no move."""
    rolls = ["roll 32", "roll 64", "roll 22", "roll 51", "roll 66", "roll 41"]
    moves = []
    for t in range(turns):
        moves += [rolls[t % len(rolls)], "none"]
    header = save_text("backgammon", "{}", "27YBAHDbtgEAcA").replace("moves: 0", "")
    return header.rstrip("\n") + f"\nmoves: {len(moves)}\n" + "\n".join(moves) + "\n"


def test_a_long_repetitive_game_loads_into_little_memory() -> None:
    text = shut_out_save(20_000)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        session = load(text)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert session.ply == 40_000 and session.current.bar == (3, 3)
    # Two list slots a move plus a few dozen distinct positions: well under 100 bytes a move
    # (a fresh state per move, as before, held about 700).
    assert held < 100 * session.ply, held
    assert session.save() == text
    # The move list is kept as moves come and go: reading one row costs nothing.
    assert session.move_text(-1) == "none" and session.move_text(0) == "roll 32"
    session.undo()
    assert session.move_text(-1) == "roll 64" and len(session.moves_text()) == 39_999
    session.redo()
    assert session.moves_text()[-2:] == ["roll 64", "none"]


# --------------------------------------------------------------------------- 6. one line


def test_backgammon_move_errors_quote_their_input_on_one_line() -> None:
    game = get_game("backgammon")
    state = game.parse_position("4HPwATDgc/ABMA 31")
    for text in ("24/20\n13/12", "24/21\r\n", "6/5\x00", "8/7*\u2028"):
        with pytest.raises(ValueError) as exc:
            game.parse_move(state, text)
        message = str(exc.value)
        assert not any(c in message for c in "\n\r\x00\u2028"), message
    with pytest.raises(IllegalMoveError, match=r"^'24/20 13/12' is not legal with 3-1$"):
        game.parse_move(state, "24/20 13/12")


# --------------------------------------------------------------------------- 7. smaller


def test_save_errors_are_capped_and_a_byte_order_mark_is_accepted() -> None:
    huge = save_text("tictactoe", "{}", "--------- X", seat2="ai algorithm=minimax depth=" +
                     "9" * 5000)
    with pytest.raises(SaveFormatError) as exc:
        load(huge)
    assert len(str(exc.value)) < 200 and "depth" in str(exc.value)
    for seat in ("ai algorithm=minimax depth=\u0663", "ai algorithm=minimax time=1_0",
                 "ai algorithm=minimax time=1e-320", "ai algorithm=minimax time=nan"):
        with pytest.raises(SaveFormatError):
            load(save_text("tictactoe", "{}", "--------- X", seat2=seat))
    session = load("\ufeff" + save_text("tictactoe", "{}", "X-------- O"))
    assert session.current.current_player() == 1


def test_every_non_blank_engine_line_gets_an_answer() -> None:
    odd = ["\u00a0", "\u2028", "\u3000", "\x85", "\x0b", "\x0c"]
    blank = ["", "   ", "\t", "\r"]
    out = io.StringIO()
    serve(io.StringIO("\n".join(odd + blank) + "\n"), out, eof_grace_s=None)
    answers = [strict_loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len(odd)
    assert all("bad JSON" in a["error"] for a in answers)


@pytest.mark.parametrize(
    "flags",
    [
        ["--depth", "\u0663"],  # Arabic-Indic three
        ["--depth", "+3"],
        ["--depth", " 3"],
        ["--time", "1_0"],
        ["--time", "1e-320"],
        ["--time", "0.001"],
        ["--time", "inf"],
        ["--seed", "1_000"],
        ["--seed", "-1"],
    ],
)
def test_cli_numbers_are_plain_decimals_with_a_sensible_minimum(
    capsys: pytest.CaptureFixture[str], flags: list[str]
) -> None:
    code, err = run_main(capsys, "analyze", "--game", "tictactoe", "--algorithm", "alphabeta",
                         *flags)
    assert code == 2 and err.startswith("kibitz: error: argument") and err.count("\n") == 1


def test_plain_numbers_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    code = main.main(["analyze", "--game", "tictactoe", "--algorithm", "alphabeta",
                      "--depth", "2", "--time", "0.5", "--seed", "7"])
    report = strict_loads(capsys.readouterr().out)
    assert code == 0 and report["depth"] == 2


def test_engine_time_below_the_minimum_is_refused() -> None:
    answer, _ = answer_line('{"game": "tictactoe", "time": 1e-320}')
    assert "time must be from 0.01" in answer["error"]


def test_version_takes_no_other_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run_main(capsys, "--version", "extra")
    assert code == 2 and "--version takes no other arguments" in err
    with pytest.raises(SystemExit) as exc:
        main.main(["--version"])
    assert exc.value.code == 0 and capsys.readouterr().out.startswith("kibitz ")


def test_an_overlong_engine_line_is_cut_short_and_the_next_one_still_read() -> None:
    import os
    import threading

    from cli.engine_lines import MAX_LINE_BYTES, OverlongLine, fd_lines

    read_fd, write_fd = os.pipe()

    def feed() -> None:
        with os.fdopen(write_fd, "wb") as out:
            out.write(b'{"id": "' + b"x" * (MAX_LINE_BYTES + 10) + b'"}\n')
            out.write('{"cmd": "legal", "game": "nim"}\n\u00e9'.encode())

    writer = threading.Thread(target=feed)
    writer.start()
    with os.fdopen(read_fd, "rb") as src:
        lines = list(fd_lines(src.fileno()))
    writer.join()
    assert len(lines) == 3 and isinstance(lines[0], OverlongLine) and len(lines[0]) < 100
    assert lines[1] == '{"cmd": "legal", "game": "nim"}' and lines[2] == "\u00e9"
    assert answer_line(lines[0])[0] == {"error": f"request longer than {MAX_LINE_BYTES} bytes:"
                                                 " skipped (one request a line)"}
