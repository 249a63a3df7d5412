"""The fuzz campaign's surfaces that read files or a command line: settings, saved reviews,
opening books, learned weights and ``main.py``'s subcommands (scripts/fuzz_surfaces.py holds
the notations, saves, GGF and the engine).

Files are damaged COPIES written to a temporary folder: the shipped assets are only read. A
file-reading surface's corpus is its file's content; each input is the damaged content.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from scripts.fuzz_mutate import mutate_bytes, mutate_json, mutate_text
from scripts.fuzz_surfaces import (
    ROOT,
    Surface,
    one_line_problem,
    random_session,
    sessions,
    text_surfaces,
)

#: Longest line main.py writes for a bad flag: its prefix, the 300-character message and
#: the pointer to --help.
MAX_CLI_ERROR_CHARS = 360


class FileSurface(Surface):
    """A surface whose input is a file: the damaged content is written to a temporary file
    (one per surface, overwritten each time) and ``read`` is given its path."""

    suffix = ".txt"

    def path(self) -> Path:
        folder = self.__dict__.get("_folder")
        if folder is None:
            folder = self.__dict__["_folder"] = Path(tempfile.mkdtemp(prefix="kibitz-fuzz-"))
        return folder / f"{self.name}{self.suffix}"

    def write(self, value: str | bytes) -> Path:
        path = self.path()
        if isinstance(value, bytes):
            path.write_bytes(value)
        else:
            path.write_text(value, encoding="utf-8", errors="surrogatepass")
        return path


class SettingsSurface(FileSurface):
    """The settings file ALWAYS loads: defaults plus at most one short warning line, and
    settings that write back as strict JSON."""

    name = "settings"
    suffix = ".json"
    errors = ()

    def corpus(self) -> list[str]:
        from game.registry import game_ids
        from ui.settings import Settings

        found = []
        for index, game_id in enumerate(game_ids()):
            found.append(Settings.with_values(
                game=game_id, first=index % 2, show_values=bool(index % 2),
                window_size=(900 + index * 50, 700), recent_files=[f"/tmp/{game_id}.txt"],
            ).to_json())
        return found

    def mutate(self, rng: random.Random, value: str) -> str:
        return mutate_json(rng, value)

    def check(self, value: str) -> str | None:
        from ui.settings import read_settings

        with contextlib.redirect_stderr(io.StringIO()):
            settings, warning = read_settings(self.write(value))
        if warning is not None and (problem := one_line_problem(warning)):
            return problem
        json.loads(settings.to_json(), parse_constant=lambda name: 1 / 0)
        return None


@cache
def sample_review() -> str:
    """The sample Othello game of docs/games with its analysis at depth 2, as saved."""
    from ai.review.analysis import ReviewSettings, review_session
    from game import savefile

    path = ROOT / "docs" / "games" / "othello-advanced-v-advanced.kibitz.txt"
    session, _ = savefile.load_review(savefile.read_file(path))
    return savefile.save_text(session, review_session(session, ReviewSettings(depth=2)))


class ReviewSurface(Surface):
    """Saved reviews: SaveFormatError in one line, or a game and review that save and load
    again, with every note one short line."""

    name = "reviews"

    def corpus(self) -> list[str]:
        return [sample_review()]

    def mutate(self, rng: random.Random, value: str) -> str:
        head, marker, review = value.partition("review: ")
        if marker and rng.random() < 0.7:
            return head + marker + mutate_json(rng, review.strip()) + "\n"
        return mutate_text(rng, value)

    def check(self, value: str) -> str | None:
        from game import savefile

        loaded, failure = self.guarded(lambda: savefile.load_review(value))
        if loaded is None:
            return failure
        session, review = loaded
        for note in getattr(review, "notes", None) or []:
            if problem := one_line_problem(str(note)):
                return f"review note: {problem}"
        again, _ = savefile.load_review(savefile.save_text(session, review))
        return None if again.moves == session.moves else "review changed on reload"


class BookSurface(FileSurface):
    """Opening books: ValueError in one line, or a book whose answers are legal moves."""

    suffix = ".json"

    def __init__(self, game_id: str, read: Callable[[Path], Any]) -> None:
        # The readers cache by path: the uncached function reads each damaged copy afresh.
        self.name, self.game_id = f"book-{game_id}", game_id
        self.read = getattr(read, "__wrapped__", read)

    def corpus(self) -> list[str]:
        return [(ROOT / "assets" / "books" / f"{self.game_id}_book.json").read_text("utf-8")]

    def mutate(self, rng: random.Random, value: str) -> str:
        return mutate_json(rng, value)

    def check(self, value: str) -> str | None:
        book, failure = self.guarded(lambda: self.read(self.write(value)))
        if book is None:
            return failure
        states = [random_session(self.game_id, seed, plies).current
                  for seed in range(3) for plies in (0, 1, 2)]
        for state in states:
            if state.current_player() < 0:
                continue
            result = book.result(state)
            if result is not None and result.move not in state.legal_moves():
                return f"book move {result.move!r} is not legal"
        return None


class WeightsSurface(FileSurface):
    """Learned weights and tables: the loader's documented error in one line, or a load."""

    def __init__(self, file_name: str, load: Callable[[Path], Any]) -> None:
        self.name = "weights-" + file_name.split(".")[0]
        self.suffix = "." + file_name.split(".")[-1]
        self.file_name, self.load = file_name, getattr(load, "__wrapped__", load)

    def corpus(self) -> list[bytes]:
        return [(ROOT / "assets" / "weights" / self.file_name).read_bytes()]

    def mutate(self, rng: random.Random, value: bytes) -> bytes:
        if self.suffix == ".json":
            return mutate_json(rng, value.decode("utf-8")).encode("utf-8", "surrogatepass")
        return mutate_bytes(rng, value)

    def check(self, value: bytes) -> str | None:
        _, failure = self.guarded(lambda: self.load(self.write(value)))
        return failure


#: Cheap commands only: every search has a small depth or time, appended after the
#: damaged flags (argparse keeps the last), so no input asks for an hour's search.
CLI_COMMANDS: tuple[tuple[list[str], list[str]], ...] = (
    (["analyze", "--game", "tictactoe", "--position", "XO------- X", "--depth", "2"],
     ["--time", "0.2", "--depth", "3"]),
    (["analyze", "--game", "nim", "--options", '{"heaps": [3, 4], "max_take": 3}',
      "--position", "3,4 1", "--level", "Master"], ["--time", "0.2", "--depth", "4"]),
    (["analyze", "--game", "othello", "--depth", "1", "--weights", "corners=0,mobility=2"],
     ["--time", "0.2", "--depth", "2"]),
    (["analyze", "--game", "backgammon", "--position", "4HPwATDgc/ABMA 31", "--depth", "1"],
     ["--time", "0.2", "--depth", "1"]),
    (["analyze", "--game", "kalah", "--depth", "2", "--no-tt"], ["--time", "0.2", "--depth", "3"]),
    (["explain", "--game", "tictactoe", "--position", "XO------- X", "--depth", "2"],
     ["--max-seconds", "1", "--depth", "2"]),
    (["explain", "--game", "classroom", "--tree", "[[3,12,8],[2,4,6],[14,5,2]]"],
     ["--max-seconds", "1"]),
    (["explain", "--game", "nim", "--position", "2,3 1", "--compare", "--depth", "3"],
     ["--max-seconds", "1", "--depth", "3"]),
)
#: Flags that would write files or start long work: never passed, whatever a mutation makes.
CLI_FORBIDDEN = ("--png", "--csv", "--pn", "--cs", "--rollout", "--ro", "--node")


class CliSurface(Surface):
    """``main.py``'s subcommands run in-process: status 0 with output, or status 2 with one
    line of error on stderr; never an exception out of ``main``."""

    name = "cli"

    def corpus(self) -> list[tuple[list[str], list[str]]]:
        return [(list(args), list(limit)) for args, limit in CLI_COMMANDS]

    def mutate(self, rng: random.Random, value: tuple[list[str], list[str]]) -> Any:
        args, limit = list(value[0]), value[1]
        for _ in range(rng.randint(1, 2)):
            at = rng.randrange(1, len(args))
            kind = rng.choice(["value", "value", "drop", "duplicate", "swap"])
            if kind == "value":
                args[at] = (mutate_json(rng, args[at]) if args[at].startswith(("[", "{"))
                            else mutate_text(rng, args[at]))[:70_000]
            elif kind == "drop":
                del args[at]
            elif kind == "duplicate":
                args[at:at] = args[at : at + 2]
            else:
                other = rng.randrange(1, len(args))
                args[at], args[other] = args[other], args[at]
            if len(args) < 2:
                args.append("--depth")
        return args, limit

    def generate(self, rng: random.Random) -> Any:
        args, limit = super().generate(rng)
        # An operating system's argv cannot hold a NUL: drop it as the shell would stop there.
        args = [a.replace("\x00", "") for a in args]
        return [a for a in args if not a.startswith(CLI_FORBIDDEN)] + limit

    def check(self, value: list[str]) -> str | None:
        import main

        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main.main(list(value))
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 2
        lines = [line for line in err.getvalue().splitlines()
                 if not line.startswith("kibitz: warning")]
        if status not in (0, 2):
            return f"exit status {status}"
        if status == 2:
            if len(lines) != 1:
                return f"error of {len(lines)} lines: {err.getvalue()[:300]!r}"
            return one_line_problem(lines[0], MAX_CLI_ERROR_CHARS)
        if value[0] == "analyze" and "--help" not in value and "-h" not in value:
            json.loads(out.getvalue())
        return None


def file_surfaces() -> list[Surface]:
    """The file and command-line surfaces, in the campaign's order."""
    from games.backgammon.ai import book as backgammon_book
    from games.backgammon.ai.bearoff import load_table
    from games.backgammon.ai.net import load_net
    from games.backgammon.ai.td import load_weights as load_td
    from games.othello.ai import book as othello_book
    from games.othello.ai.patterns import load_weights as load_patterns

    return [
        SettingsSurface(), ReviewSurface(),
        BookSurface("othello", othello_book.read_book),
        BookSurface("backgammon", backgammon_book.read_book),
        WeightsSurface("backgammon_td.json", load_td),
        WeightsSurface("backgammon_net.npz", load_net),
        WeightsSurface("backgammon_bearoff.npz", load_table),
        WeightsSurface("othello_patterns.bin", load_patterns),
        CliSurface(),
    ]


def all_surfaces() -> list[Surface]:
    """Every surface: the text ones and the files' and command line's."""
    return [*text_surfaces(), *file_surfaces()]


__all__ = ["all_surfaces", "file_surfaces", "sessions"]
