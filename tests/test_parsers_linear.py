"""Every text reader a person or a program can hand text to reads it in linear time (or
refuses it quickly, naming the limit), and says what is wrong in one short line."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import savefile
from game.registry import all_kits, get_kit

ROOT = Path(__file__).resolve().parents[1]
#: Far above what a linear reader needs for the texts below (milliseconds).
GENEROUS_S = 20.0
#: Longest error a reader may give for a junk text: a quote is cut, never the whole input.
SHORT_ERROR = 240


def _runs_within(code: str, seconds: float) -> None:
    """Run ``code`` in a fresh interpreter; a reader that backtracks for ages fails here
    instead of hanging the test run."""
    try:
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        pytest.fail(f"still reading after {seconds} s: {code}")


def test_an_almost_transcript_is_refused_at_once() -> None:
    # Thirty moves with two spaces between them and a stray letter: every split of the spaces
    # between two patterns was tried before (3**29 ways), now none is.
    _runs_within("from game.registry import all_kits\n"
                 "[k.read_record('a1  ' * 30 + 'x') for k in all_kits()]\n"
                 "from game import savefile\n"
                 "try:\n    savefile.load('a1 ' * 60 + 'x')\n"
                 "except ValueError:\n    pass\n", GENEROUS_S)


class _CountingText(str):
    """A text that counts the characters of every slice taken of it."""

    sliced = 0

    def __getitem__(self, key):  # type: ignore[no-untyped-def]
        part = str.__getitem__(self, key)
        _CountingText.sliced += len(part)
        return part


@pytest.mark.parametrize("unit", ["1,", "[", ", ", "{0.5: 1, 0.5: 2}, "])
def test_the_tree_reader_looks_at_the_text_a_bounded_number_of_times(unit: str) -> None:
    from games.classroom.rules import MAX_TEXT, _Parser

    text = unit * (MAX_TEXT // len(unit))
    _CountingText.sliced = 0
    with contextlib.suppress(ValueError):
        _Parser(_CountingText(text))
    # Before, "only spaces left?" copied the rest of the text at every token: n*n/4 here.
    assert _CountingText.sliced <= 4 * len(text)


_LEAF = st.integers(-99, 99).map(str)
_TREES = st.recursive(_LEAF, lambda kids: st.lists(kids, min_size=1, max_size=4).map(
    lambda items: "[" + ", ".join(items) + "]"), max_leaves=20)


@settings(max_examples=50, deadline=None)
@given(tree=_TREES.filter(lambda t: t.startswith("[")), pad=st.sampled_from(["", " ", "\n\t "]))
def test_the_tree_reader_reads_back_what_it_writes(tree: str, pad: str) -> None:
    game = get_kit("classroom").rules()
    state = game.parse_position(pad + tree + pad)
    assert game.parse_position(game.format_position(state)) == state


_JUNK = [
    "x" * 50_000,
    "line one\nline two\n" * 2000,
    "1," * 20_000 + "1 1",
    "a1 " * 10_000 + "\n",
    "[" * 30_000,
    "13/10 " * 5000,
    "4HPwATDgc/ABMA " + "9 " * 5000,
    "X-O------ " + "X" * 40_000,
]


@pytest.mark.parametrize("kit_id", [k.id for k in all_kits()])
def test_junk_gets_one_short_line_from_every_reader(kit_id: str) -> None:
    kit = get_kit(kit_id)
    game = kit.rules()
    start = game.initial_state()
    if start.current_player() < 0:
        start = start.apply(start.chance_outcomes()[0][0])
    readers = [
        ("position", lambda text: game.parse_position(text)),
        ("move", lambda text: game.parse_move(start, text)),
        ("paste", lambda text: kit.parse_position_text(text, {}, None)),
    ]
    for junk in _JUNK:
        for name, read in readers:
            try:
                read(junk)
            except ValueError as exc:
                message = str(exc)
                assert "\n" not in message and len(message) <= SHORT_ERROR, (name, message[:300])


@pytest.mark.parametrize("junk", _JUNK)
def test_a_junk_file_is_one_short_load_error(junk: str) -> None:
    with pytest.raises(savefile.SaveFormatError) as caught:
        savefile.load(junk)
    message = str(caught.value)
    assert "\n" not in message and len(message) <= SHORT_ERROR, message[:300]


def test_a_file_past_the_size_limit_is_refused_naming_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "huge.kibitz.txt"
    path.write_text("x" * (3 * savefile.MAX_SAVE_CHARS), encoding="utf-8")
    with pytest.raises(savefile.SaveFormatError) as caught:
        savefile.load_file(path)
    assert str(caught.value) == (f"file too large for a saved game (more than "
                                 f"{savefile.MAX_SAVE_CHARS:,} characters)")
