"""What the long fuzz campaign (scripts/fuzz_campaign.py) found, each kept as a test: a file
nested deeper than the stack, a number past a float's range and a value of thousands of
characters each gave a traceback or a message of 10,000 characters from the book and
weights readers; quoted characters that repr writes long (a BOM is six) and a point of 240
digits made move errors over 300 characters; a NUL in a GGF value was quoted into the
error, a non-ASCII GGF key was written back upper-cased into one that does not read, and a
long TD weights version was quoted whole."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.core import NotationError, quoted
from game.registry import get_game
from games.backgammon.ai import book as backgammon_book
from games.backgammon.ai import td
from games.othello.ai import book as othello_book
from games.othello.ggf import format_ggf, parse_ggf

ASSETS = Path(__file__).resolve().parent.parent / "assets"
READERS: dict[str, tuple[Path, Callable[[Path], Any]]] = {
    "othello book": (ASSETS / "books" / "othello_book.json", othello_book.read_book),
    "backgammon book": (ASSETS / "books" / "backgammon_book.json", backgammon_book.read_book),
    "td weights": (ASSETS / "weights" / "backgammon_td.json", td.load_weights),
}


def read_damaged(tmp_path: Path, which: str, text: str) -> str:
    """The one-line error the reader gives for ``text`` (uncached: readers cache by path)."""
    _, reader = READERS[which]
    path = tmp_path / "damaged.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        getattr(reader, "__wrapped__", reader)(path)
    message = str(caught.value)
    assert "\n" not in message and len(message) <= 300, message
    return message


def damaged(which: str, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(READERS[which][0].read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("which", list(READERS))
def test_a_file_nested_too_deep_is_a_one_line_error(tmp_path: Path, which: str) -> None:
    message = read_damaged(tmp_path, which, "[" * 100_000 + "]" * 100_000)
    assert "cannot read" in message or "unreadable" in message, message


def first_row(data: dict[str, Any], table: str) -> dict[str, Any]:
    return next(iter(data[table].values()))


def test_a_book_number_past_a_floats_range_is_a_one_line_error(tmp_path: Path) -> None:
    def infinite_move(data: dict[str, Any]) -> None:
        first_row(data, "positions")["values"][0][0] = float("inf")

    def infinite_trials(data: dict[str, Any]) -> None:
        first_row(data, "rolls")["trials"] = float("inf")

    read_damaged(tmp_path, "othello book", damaged("othello book", infinite_move))
    read_damaged(tmp_path, "backgammon book", damaged("backgammon book", infinite_trials))


@pytest.mark.parametrize("table_value", ["", 7, 1e40, [], [1, 2, 3], None])
def test_a_books_table_that_is_not_an_object_is_a_one_line_error(tmp_path: Path,
                                                                   table_value: Any) -> None:
    """The hour's campaign (seed 42) gave "rolls": [] or "positions": "" an AttributeError."""
    for which, table in (("othello book", "positions"), ("backgammon book", "rolls")):
        text = damaged(which, lambda data, table=table: data.__setitem__(table, table_value))
        assert "damaged book entry" in read_damaged(tmp_path, which, text)


def test_a_long_damaged_value_is_named_in_one_short_line(tmp_path: Path) -> None:
    def long_value(data: dict[str, Any]) -> None:
        first_row(data, "positions")["values"][0][1] = "x" * 10_000

    def long_equity(data: dict[str, Any]) -> None:
        first_row(data, "rolls")["moves"][0]["equity"] = "x" * 10_000

    def long_weight(data: dict[str, Any]) -> None:
        data["weights"][0][0][0] = "x" * 10_000

    read_damaged(tmp_path, "othello book", damaged("othello book", long_value))
    read_damaged(tmp_path, "backgammon book", damaged("backgammon book", long_equity))
    assert "non-number" in read_damaged(tmp_path, "td weights", damaged("td weights",
                                                                          long_weight))


def test_a_quote_stays_short_whatever_characters_it_quotes() -> None:
    for text in ("\ufeff" * 100, "\x00" * 40, "\U0001f600" * 30, "a" * 1000):
        assert len(quoted(text)) <= 120, text
    assert quoted("d3") == "'d3'"


@pytest.mark.parametrize(("game_id", "position", "move"), [
    ("nim", "4 2", "1:2" + "\U000e0001" * 60),
    ("backgammon", "oZPjABzQr8jBAA 54 1", "18/1" + "0" * 240),
], ids=["nim-characters-repr-writes-long", "backgammon-point-of-240-digits"])
def test_a_move_error_is_short_whatever_the_move_text(game_id: str, position: str,
                                                      move: str) -> None:
    game = get_game(game_id)
    with pytest.raises(ValueError) as caught:
        game.parse_move(game.parse_position(position), move)
    assert len(str(caught.value)) <= 300, str(caught.value)


def test_a_long_td_weights_version_is_named_in_one_short_line(tmp_path: Path) -> None:
    def long_version(data: dict[str, Any]) -> None:
        data["version"] = "x" * 10_000

    assert "version" in read_damaged(tmp_path, "td weights", damaged("td weights", long_version))


GGF_START = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"


@pytest.mark.parametrize("value", ["Oth\x00ello", "Oth\nello", "\x00" * 30, "Oth\x85x"])
def test_a_ggf_error_quotes_a_value_on_one_printable_line(value: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_ggf(f"(;GM[{value}]{GGF_START};)")
    message = str(caught.value)
    assert message.isprintable() and len(message) <= 300, repr(message)


@pytest.mark.parametrize("key", ["\u1fe7O", "\u00df", "PB", "XY"])
def test_a_ggf_game_that_reads_writes_back_readable(key: str) -> None:
    try:
        games = parse_ggf(f"(;GM[Othello]{key}[a]{GGF_START}B[D3];)")
    except NotationError:
        return  # a key GGF does not allow is refused, in one line
    assert parse_ggf(format_ggf(games[0]))[0].moves == games[0].moves


@pytest.mark.parametrize("header", [b"[" * 100_000 + b"]" * 100_000, b"[1, 2]", b'"text"'])
def test_othello_pattern_weights_with_a_header_not_an_object_are_a_one_line_error(
        tmp_path: Path, header: bytes) -> None:
    """The test suite's own fuzzing found a nested header raising RecursionError, and a header
    that is a list would have raised AttributeError."""
    from games.othello.ai import patterns

    shipped = (ASSETS / "weights" / "othello_patterns.bin").read_bytes()
    rest = shipped[shipped.index(b"\n", len(patterns.MAGIC)):]
    path = tmp_path / "patterns.bin"
    path.write_bytes(patterns.MAGIC + header + rest)
    with pytest.raises(ValueError) as caught:
        patterns.load_weights(path)
    message = str(caught.value)
    assert "\n" not in message and len(message) <= 300, message
