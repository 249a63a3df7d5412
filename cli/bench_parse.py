"""``bench parse``: every text reader at its worst, as time per KB of text at two sizes.

A reader that is linear in its input takes about the same time per KB at 10 KB as at 100 KB;
one that is quadratic takes ten times as long per KB at the larger size, so the "growth"
column (the large size's time per KB over the small one's) shows it at a glance. The readers
are what a person or another program can hand Kibitz text through: each game's position and
move notation (on texts any notation may meet: its own text repeated, separators, nesting),
each game's own worst cases (``SpeedBench.parse_cases``: a GGF file, a tree), the save file,
the engine's line reader and requests, and the settings file. A reader that refuses a text
with a one-line ValueError has answered; any other exception is printed as a crash.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from ai.bench import ParseCase
from ai.kit import game_ai
from game import savefile
from game.jsontypes import JSONObject
from game.kit import GameKit
from game.registry import all_kits


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--kb", type=_sizes, default=(10, 100), metavar="SMALL,LARGE",
                        help="bench parse: the two text sizes in KB (default 10,100)")


def _sizes(text: str) -> tuple[int, int]:
    try:
        small, large = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("give two sizes in KB, e.g. 10,100") from None
    if not 1 <= small < large <= 10_000:
        raise argparse.ArgumentTypeError("the sizes must grow, from 1 to 10000 KB")
    return small, large


def _kit_cases(kit: GameKit) -> Iterator[ParseCase]:
    """The worst cases any notation may meet, in this game's own terms, then its own."""
    game = kit.rules()
    start = game.initial_state()
    while start.current_player() < 0 and start.chance_outcomes():  # a roll before a move
        start = start.apply(start.chance_outcomes()[0][0])
    own = game.format_position(start)
    moves = start.legal_moves()
    move = game.format_move(start, moves[0]) if moves else "a"

    def repeated(unit: str) -> Callable[[int], str]:
        return lambda n: unit * max(1, n // len(unit))

    def position(text: str) -> object:
        return game.parse_position(text)

    def a_move(text: str) -> object:
        return game.parse_move(start, text)

    yield ParseCase(f"{kit.id} position: its own text repeated", repeated(own + " "), position)
    yield ParseCase(f"{kit.id} position: separators", repeated(", "), position)
    yield ParseCase(f"{kit.id} position: spaces, then a stray letter",
                    lambda n: " " * n + "?", position)
    yield ParseCase(f"{kit.id} position: nesting", repeated("["), position)
    yield ParseCase(f"{kit.id} move: its first move repeated", repeated(move + " "), a_move)
    for case in game_ai(kit).speed.parse_cases:
        yield ParseCase(f"{kit.id} {case.name}", case.make, case.read, case.max_chars)


def _engine_lines(text: str) -> list[str]:
    from cli.engine_lines import READ_BYTES, chunk_lines

    data = text.encode()
    chunks = iter([data[i:i + READ_BYTES] for i in range(0, len(data), READ_BYTES)])
    return list(chunk_lines(lambda: next(chunks, b"")))


def _engine_request(text: str) -> object:
    from cli.engine import answer_line

    return answer_line(text)


def _settings(text: str) -> object:
    from ui.settings import read_settings

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_text(text, encoding="utf-8")
        return read_settings(path)


def shared_cases() -> tuple[ParseCase, ...]:
    """The readers every game shares: the save file, the engine, the settings."""
    return (
        ParseCase("save file: comment lines", lambda n: "# note\n" * (n // 7), savefile.load),
        ParseCase("save file: a long header line",
                  lambda n: "kibitz-save: 1\ngame: " + "x" * n, savefile.load),
        ParseCase("engine: many requests in one write",
                  lambda n: '{"cmd": "stop"}\n' * (n // 16), _engine_lines),
        ParseCase("engine: one long line", lambda n: "x" * n, _engine_lines),
        ParseCase("engine request: deep nesting", lambda n: "[" * n, _engine_request),
        ParseCase("engine request: a long string",
                  lambda n: '{"game": "' + "x" * n + '"}', _engine_request),
        ParseCase("settings: deep nesting", lambda n: "[" * n, _settings),
        ParseCase("settings: a long list", lambda n: '{"recent_files": ['
                  + ",".join(['"x"'] * (n // 4)) + "]}", _settings),
    )


def _time(case: ParseCase, chars: int, repeat: int) -> tuple[float, int, str]:
    """(fastest seconds of ``repeat`` reads, the text's length, what the reader did)."""
    text = case.make(chars)
    while case.max_chars is not None and len(text) > case.max_chars and chars > 1:
        chars = max(1, chars - (len(text) - case.max_chars))  # the longest text it accepts
        text = case.make(chars)
    with contextlib.suppress(Exception):  # once untimed: the first read loads its imports
        case.read(case.make(64))
    best, outcome = float("inf"), "read"
    for _ in range(repeat):
        started = time.perf_counter()
        try:
            case.read(text)
            outcome = "read"
        except ValueError:
            outcome = "refused"
        except Exception as exc:  # noqa: BLE001 - a crash is what this bench is here to show
            outcome = f"crash: {type(exc).__name__}"
        best = min(best, time.perf_counter() - started)
    return best, len(text), outcome


def bench(sizes_kb: tuple[int, int], repeat: int,
          games: set[str] | None = None) -> dict[str, JSONObject]:
    """reader -> its microseconds per KB at each size, their growth and its last outcome."""
    cases = [c for kit in all_kits() if games is None or kit.id in games for c in _kit_cases(kit)]
    figures: dict[str, JSONObject] = {}
    for case in [*cases, *shared_cases()]:
        per_kb: list[float] = []
        outcome = ""
        for kb in sizes_kb:
            seconds, length, outcome = _time(case, kb * 1024, repeat)
            per_kb.append(round(seconds * 1e6 / max(length / 1024, 1e-3), 1))
        growth = per_kb[1] / per_kb[0] if per_kb[0] > 0 else 1.0
        figures[case.name] = {"us_per_kb": [*per_kb], "growth": round(growth, 2), "outcome": outcome}
    return figures


def format_table(figures: Mapping[str, JSONObject], sizes_kb: tuple[int, int]) -> str:
    width = max([len(name) for name in figures] + [10])
    small, large = (f"{kb} KB" for kb in sizes_kb)
    lines = [f"parse: time per KB of each reader's worst text (growth 1 is linear, "
             f"{sizes_kb[1] / sizes_kb[0]:g} quadratic)",
             f"  {'reader':<{width}} {small:>11} {large:>11} {'growth':>7}  outcome"]
    for name, f in figures.items():
        per_kb = f["us_per_kb"]
        if not isinstance(per_kb, list):
            raise TypeError(f"{name}: no times per KB")
        a, b = per_kb
        lines.append(f"  {name:<{width}} {a:>8.1f} us {b:>8.1f} us {f['growth']:>6.2f}x  "
                     f"{f['outcome']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    sizes = tuple(getattr(args, "kb", (10, 100)))
    figures = bench(sizes, args.repeat, args.games)
    print(format_table(figures, sizes), flush=True)
    sys.stdout.write(json.dumps({"repeat": args.repeat, "kb": list(sizes), "parse": figures},
                                allow_nan=False) + "\n")
    return 0
