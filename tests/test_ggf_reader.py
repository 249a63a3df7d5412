"""The GGF reader reads in one pass: a value full of ``;)`` (which once made it start over
from the game's first property for every one) costs no more than any other text, and what it
reads back is what was written. Its errors are one line, however the file is laid out."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import NotationError
from games.othello.ggf import _escape, parse_ggf

#: Far above what the one-pass reader needs (milliseconds); the old reader took minutes.
GENEROUS_S = 5.0


def _semicolons_in_a_value(size: int) -> str:
    return "(;GM[Othello]PC[" + ";)" * (size // 2) + "]B[f5];)"


def test_a_value_full_of_game_ends_reads_in_linear_time() -> None:
    started = time.perf_counter()
    (game,) = parse_ggf(_semicolons_in_a_value(200_000))
    assert time.perf_counter() - started < GENEROUS_S
    assert game.moves == [37] and game.tags["PC"] == ";)" * 100_000


def test_many_games_of_many_values_read_in_linear_time() -> None:
    one = "(;GM[Othello]" + "C[;)]" * 50 + "B[f5];)\n"
    started = time.perf_counter()
    games = parse_ggf(one * 800)
    assert time.perf_counter() - started < GENEROUS_S and len(games) == 800


_VALUE = st.text(alphabet="ab;)(][\\ \n", max_size=12)
_KEYS = ("PC", "PB", "PW", "DT", "C", "XY")


@settings(max_examples=50, deadline=None)
@given(values=st.lists(_VALUE, min_size=1, max_size=len(_KEYS)), games=st.integers(1, 3),
       between=st.sampled_from(["", "\n", " junk ", "\r\n"]))
def test_what_is_written_is_read_back(values: list[str], games: int, between: str) -> None:
    tags = dict(zip(_KEYS, values, strict=False))
    game = ("(;GM[Othello]" + "".join(f"{k}[{_escape(v)}]" for k, v in tags.items())
            + "B[f5];)")
    read = parse_ggf(between.join([game] * games))
    assert len(read) == games
    for one in read:
        assert one.tags == {"GM": "Othello", **tags} and one.moves == [37]


@settings(max_examples=50, deadline=None)
@given(text=st.text(alphabet="(;)[]\\BW f5GM\n", max_size=40))
def test_any_text_is_read_or_refused_in_one_line(text: str) -> None:
    try:
        parse_ggf(text)
    except NotationError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 200


@pytest.mark.parametrize("record", [
    "(;GM[Othello]B[f5]W[d6\nnot\na\nsquare];)",
    "(;GM[Othello]B[f5]B[d6\n" + "x" * 5000 + "];)",
    "(;GM[Go\nGame\n" + "y" * 5000 + "];)",
    "(;GM[Othello]TY[10\n12];)",
])
def test_errors_quote_the_file_on_one_short_line(record: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_ggf(record)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 200, message
