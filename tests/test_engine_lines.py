"""The engine's line reader: a request is answered as soon as its line has arrived, even when
an over-long line came before it in the same write, and the long line gets a one-line error
naming the limit."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli.engine import answer_line
from cli.engine_lines import MAX_LINE_BYTES, OverlongLine, chunk_lines, text_lines

ROOT = Path(__file__).resolve().parents[1]
#: Seconds an answer may take on a loaded machine; the engine answers a legal-moves request
#: in milliseconds, and before the fix it never answered at all without more input.
ANSWER_WAIT_S = 30.0


def _answers(stream: object, into: queue.Queue) -> None:
    for line in iter(stream.readline, b""):  # type: ignore[attr-defined]
        into.put(line)


def test_a_request_after_an_overlong_line_in_the_same_write_is_answered_at_once() -> None:
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "engine"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None
    answers: queue.Queue = queue.Queue()
    threading.Thread(target=_answers, args=(proc.stdout, answers), daemon=True).start()
    one_write = (b'{"id": "' + b"x" * (MAX_LINE_BYTES + 10) + b'"}\n'
                 + b'{"id": 2, "cmd": "legal", "game": "tictactoe"}\n')
    # The input stays open: the answers must come without more input or its end.
    writer = threading.Thread(target=lambda: (proc.stdin.write(one_write),  # type: ignore[union-attr]
                                              proc.stdin.flush()), daemon=True)  # type: ignore[union-attr]
    writer.start()
    try:
        first = json.loads(answers.get(timeout=ANSWER_WAIT_S))
        second = json.loads(answers.get(timeout=ANSWER_WAIT_S))
    finally:
        proc.kill()
        proc.wait()
    assert first == {"error": f"request longer than {MAX_LINE_BYTES} bytes: skipped"
                              " (one request a line)"}
    assert second["id"] == 2 and len(second["moves"]) == 9


def test_an_overlong_line_is_answered_with_the_limit_on_one_line() -> None:
    (line,) = list(chunk_lines(iter([b"y" * 40, b"y" * 40, b"\n", b""]).__next__, limit=50))
    answer, stop = answer_line(line)
    assert isinstance(line, OverlongLine) and not stop
    assert answer == {"error": "request longer than 50 bytes: skipped (one request a line)"}
    assert "\n" not in answer["error"]


def _expected(data: bytes, limit: int) -> list[str | None]:
    """What the reader should hand on for ``data``: each line's text, None for a long one."""
    parts = data.split(b"\n")
    last = parts.pop()
    out: list[str | None] = [None if len(p) > limit else p.decode("utf-8", "replace")
                             for p in parts]
    if last:
        out.append(None if len(last) > limit else last.decode("utf-8", "replace"))
    return out


_LINE_BYTES = st.binary(max_size=12).map(lambda b: b.replace(b"\n", b"")) | st.sampled_from(
    [b"", b"\xc3", b"\xc3\xa9", b"z" * 9, b"q" * 30])


@settings(max_examples=50, deadline=None)
@given(lines=st.lists(_LINE_BYTES, max_size=8), end_newline=st.booleans(),
       cuts=st.lists(st.integers(min_value=0, max_value=200), max_size=10))
def test_the_line_reader_hands_on_every_line_before_reading_more(
    lines: list[bytes], end_newline: bool, cuts: list[int]
) -> None:
    limit = 10
    data = b"\n".join(lines) + (b"\n" if end_newline and lines else b"")
    bounds = sorted({0, len(data), *(c for c in cuts if c < len(data))})
    chunks = [data[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
    got: list[str] = []
    given_so_far = bytearray()

    def read() -> bytes:
        # Every line complete in what was read so far has been handed on already.
        complete = given_so_far.count(b"\n")
        assert len(got) >= complete, (bytes(given_so_far), got)
        chunk = chunks.pop(0) if chunks else b""
        given_so_far.extend(chunk)
        return chunk

    reader: Iterator[str] = chunk_lines(read, limit=limit)
    for line in reader:
        got.append(line)
    shown = [None if isinstance(line, OverlongLine) else line for line in got]
    assert shown == _expected(data, limit)


def test_a_text_stream_refuses_an_overlong_line_and_reads_the_next() -> None:
    import io

    stream = io.StringIO("a" * 30 + "\n" + '{"cmd": "stop"}\n')
    got = list(text_lines(stream.readline, limit=20))
    assert isinstance(got[0], OverlongLine) and got[1:] == ['{"cmd": "stop"}\n']


def test_a_json_error_names_its_column_once() -> None:
    """Before: "Unterminated string starting at at column 1"."""
    from cli.common import RequestError, decode_json

    with pytest.raises(RequestError) as caught:
        decode_json('"no end')
    assert str(caught.value) == "Unterminated string starting at (column 1)"
