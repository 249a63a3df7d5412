"""Every command line the docs show is one the program accepts, so the pages cannot drift from
the flags.

The commands are found where a reader would copy them from: lines of fenced code blocks and
inline code spans in README.md, docs/*.md and games/*/README.md that start with
``python main.py`` (or ``kibitz``, the built executable). Each is parsed by main.py's own parser,
built for its subcommand as ``main`` builds it, and a named level or algorithm is checked
against the game's list; nothing is run, so the whole check takes a moment. Placeholders
(``FILE``, ``N``, ``<n>``) get sample values; a line that elides its flags (``...``) is skipped.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

import main
from ai.kit import levels_of
from ai.levels import search_levels
from cli.common import algorithm_names, level_config
from game.registry import get_kit
from play.outside.spec import is_outside, parse_spec

ROOT = Path(__file__).resolve().parent.parent

#: How a shown command starts, and how many of its words are the program itself.
PROGRAMS = (("python main.py", 2), (".venv/bin/python main.py", 2), ("python3 main.py", 2),
            ("./dist/kibitz", 1), ("dist/kibitz", 1), ("kibitz", 1))

#: A placeholder's sample value by its name (G a game, N a count, S a seed, FILE a saved game).
SAMPLES = {"G": "tictactoe", "GAME": "tictactoe", "LEVEL": "Master", "L": "Master", "LOWER": "Advanced",
           "N": "2", "S": "7", "TRIALS": "2", "FILE": "docs/games/othello-advanced-v-advanced.kibitz.txt"}
DEFAULT_SAMPLE = "2"
#: A game's levels, for telling "AB-1s" (a level made from its Master) from a placeholder.
MASTERED = levels_of(get_kit("tictactoe"))
#: A placeholder, whole or before a lower-case suffix (``LEVEL-noq``: a level's variant).
PLACEHOLDER = re.compile(r"^(<[^>]+>|[A-Z][A-Z_]*)$")
#: A word that offers alternatives: ``bench rules|search|ui`` is three commands.
ALTERNATIVES = re.compile(r"^[a-z-]+(\|[a-z-]+)+$")


@dataclass(frozen=True)
class Shown:
    """A command line as a page shows it."""

    where: str  # "docs/commands.md:12"
    text: str
    fragment: bool = False  # a subcommand and flags named in prose (`match --ladder`)


def doc_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
            *sorted((ROOT / "games").glob("*/README.md"))]


def _is_command(text: str) -> bool:
    return any(text == start or text.startswith(start + " ") for start, _ in PROGRAMS)


def _is_fragment(text: str) -> bool:
    """A subcommand with a flag, written without the program (`analyze --rollout TRIALS`)."""
    subcommands = "|".join(main.SUBCOMMANDS)
    return re.match(rf"^({subcommands})( [a-z]+)? --[a-z]", text) is not None


def shown_commands(text: str, name: str) -> list[Shown]:
    """The command lines in one page: fenced lines, and inline spans (which may wrap)."""
    found: list[Shown] = []
    prose: list[str] = []
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            prose.append("")
            continue
        if fenced:
            if _is_command(line.strip()):
                found.append(Shown(f"{name}:{number}", line.strip()))
            prose.append("")
        else:
            prose.append(line)
    joined = "\n".join(prose)
    for span in re.finditer(r"`([^`]+)`", joined):
        command = " ".join(span.group(1).split())
        number = joined.count("\n", 0, span.start()) + 1
        if _is_command(command):
            found.append(Shown(f"{name}:{number}", command))
        elif _is_fragment(command):
            found.append(Shown(f"{name}:{number}", "python main.py " + command, fragment=True))
    return found


def all_shown() -> list[Shown]:
    return [shown for path in doc_files()
            for shown in shown_commands(path.read_text(encoding="utf-8"),
                                        str(path.relative_to(ROOT)))]


def argvs_of(command: str) -> list[list[str]]:
    """The arguments after the program, placeholders filled in, one list per alternative
    (none for a line that elides its arguments)."""
    words = shlex.split(command, comments=True)
    skip = next(count for start, count in PROGRAMS
                if command == start or command.startswith(start + " "))
    argvs: list[list[str]] = [[]]
    for word in words[skip:]:
        if "..." in word or "…" in word:
            return []
        choices = word.split("|") if ALTERNATIVES.match(word) else [word]
        placeholder, suffix = word.partition("-")[::2]
        if (PLACEHOLDER.match(placeholder) and (not suffix or suffix.islower())
                and not search_levels(word, MASTERED)):  # MCTS-1s, AB-1s: levels, no placeholders
            choices = [SAMPLES.get(placeholder, DEFAULT_SAMPLE) + ("-" + suffix if suffix else "")]
        argvs = [argv + [choice] for argv in argvs for choice in choices]
    return argvs


def parse_problem(argv: list[str], *, check_levels: bool = True) -> str | None:
    """What main.py's parser says against ``argv`` (None: accepted), as ``main.main`` parses;
    then the levels named are the game's (``check_levels``: the game is the page's own)."""
    named = argv[0] if argv and argv[0] in main.SUBCOMMANDS else None
    errors, shown = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(shown):
            if "--version" in argv and len(argv) > 1:
                return "--version takes no other arguments"
            args = main.build_parser(named).parse_args(argv)
            if args.command is None:
                args = main.build_parser("play").parse_args(["play", *argv])
    except SystemExit as stop:
        return None if stop.code in (0, None) else errors.getvalue().strip() or f"exit {stop.code}"
    game = getattr(args, "game", None)
    for flag in ("level", "a", "b"):
        name = getattr(args, flag, None)
        if game and name and check_levels:
            try:
                if is_outside(name) and flag != "level":  # a program: file:AGENT.py, cmd:...
                    spec = parse_spec(name)
                    if spec.kind == "file" and spec.path.startswith("examples/") and not (
                            ROOT / spec.path).is_file():
                        return f"--{flag} {name}: no such example"
                else:
                    level_config(get_kit(game), name)
            except ValueError as refused:
                return f"--{flag} {name}: {refused}"
    algorithm = getattr(args, "algorithm", None)
    if algorithm and algorithm not in algorithm_names():
        return f"no algorithm {algorithm!r}: {algorithm_names()}"
    return None


def fragment_problem(argv: list[str]) -> str | None:
    """A fragment's flags checked: prose names the flags that matter, not every required one
    (the game is filled in) nor always a flag's value (`analyze --rollout`)."""
    problem = parse_problem(argv)
    if problem and "required: --game" in problem:
        problem = parse_problem([*argv, "--game", SAMPLES["G"]], check_levels=False)
    tolerated = ("arguments are required", "expected one argument")
    return None if problem and any(words in problem for words in tolerated) else problem


SHOWN = all_shown()


def test_the_pages_show_many_commands() -> None:
    """The finder finds them: an empty list would pass every check below."""
    assert len(SHOWN) >= 30, [shown.where for shown in SHOWN]
    assert {shown.where.split(":")[0] for shown in SHOWN} >= {"docs/commands.md", "docs/lab.md"}


@pytest.mark.parametrize("shown", SHOWN, ids=lambda shown: shown.where)
def test_every_shown_command_parses(shown: Shown) -> None:
    argvs = argvs_of(shown.text)
    if not argvs:
        pytest.skip("elided arguments")
    problems = [(argv, fragment_problem(argv) if shown.fragment else parse_problem(argv))
                for argv in argvs]
    assert not [found for found in problems if found[1]], f"{shown.where}: {problems}"


def test_a_made_up_flag_is_reported() -> None:
    page = "Run this:\n\n```sh\npython main.py analyze --game nim --no-such-flag\n```\n"
    (shown,) = shown_commands(page, "page.md")
    (argv,) = argvs_of(shown.text)
    problem = parse_problem(argv)
    assert problem is not None and "--no-such-flag" in problem


def test_a_bad_choice_and_an_unknown_level_are_reported() -> None:
    assert "chess" in (parse_problem(["analyze", "--game", "chess"]) or "")
    assert "Grandmaster" in (parse_problem(["analyze", "--game", "nim", "--level", "Grandmaster"])
                             or "")


def test_a_wrapped_inline_command_is_found_with_its_placeholders_filled() -> None:
    page = "from `python main.py match --game G --a LEVEL --b\nLOWER --games N` (pairs)"
    (shown,) = shown_commands(page, "page.md")
    (argv,) = argvs_of(shown.text)
    assert argv == ["match", "--game", "tictactoe", "--a", "Master", "--b", "Advanced",
                    "--games", "2"]
    assert parse_problem(argv) is None


def test_a_flag_named_in_prose_is_checked_too() -> None:
    page = "with `analyze --all-values` and `match --no-such-flag` and `analyze` alone"
    found = shown_commands(page, "page.md")
    assert [shown.text for shown in found] == ["python main.py analyze --all-values",
                                               "python main.py match --no-such-flag"]
    assert fragment_problem(argvs_of(found[0].text)[0]) is None
    assert "--no-such-flag" in (fragment_problem(argvs_of(found[1].text)[0]) or "")


def test_alternatives_are_each_checked() -> None:
    assert argvs_of("python main.py bench rules|search") == [["bench", "rules"],
                                                             ["bench", "search"]]
    assert parse_problem(["bench", "rules"]) is None
    assert parse_problem(["bench", "nosuchpart"]) is not None
