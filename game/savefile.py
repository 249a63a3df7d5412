"""The save file: a match as plain text a person can read and a bug report can quote.

::

    kibitz-save: 1
    game: nim
    options: {"max_take": 3, "misere": false, "variant": "nim"}
    seat 1: human
    seat 2: ai level=medium
    start: 7 1
    moves: 2
    1:3
    1:1

The header is ``key: value`` lines in exactly that order; ``moves`` counts the lines that follow
(one move each, in the game's notation; chance outcomes as ``roll <outcome>``, e.g.
``roll 31``), so a truncated file is caught. Blank lines and ``#`` comment lines are ignored.

A game played for stakes has one more header line after ``start``, under its kit's
``stakes_word``: a backgammon money game's is ``cube: on`` (or ``cube: jacoby`` with the
Jacoby rule), whose value the game's kit writes and reads (game.stakes); its decisions are move lines of their own
(``double``, then ``take`` or ``drop``). A game that did not start with the cube fresh (a
pasted position with a turned or offered cube) gives its starting cube as GNU Backgammon's
Match ID after the rule: ``cube: on UYkWAAAAAAAA``.

A reviewed game may carry its analysis (game.review) on one more line after the moves,
``review: {...}`` (a JSON object: the search used, a row per decision, each player's figures),
so re-opening it shows the review without searching again (``save_text`` writes it,
``load_review`` reads it; ``load`` reads the game alone).

A game a program forfeited has, right after the moves, ``forfeit: 2 forfeit: illegal move e9
at move 5`` (the side that lost, 1 or 2, and the note the game's end shows).

``Session.save`` writes the text; ``load`` reads it back and replays every move, and anything
wrong in a file becomes a one-line SaveFormatError. A record another program wrote (Othello's
GGF) loads too, through the kit that reads it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

from game.core import Move, State, one_line
from game.kit import GameKit
from game.registry import all_kits, game_ids, get_kit
from game.review import SAVE_KEY as REVIEW_KEY
from game.review import GameReview
from game.seat import Seat
from game.session import FORMAT_NAME, FORMAT_VERSION, Session

#: Longest file ``load`` accepts: far beyond any real game, short of exhausting memory.
MAX_SAVE_CHARS = 2_000_000


class SaveFormatError(ValueError):
    """A saved game that cannot be loaded; the message names the line and the problem."""


_HEADER_KEYS = (FORMAT_NAME, "game", "options", "seat 1", "seat 2", "start", "moves")


def _stakes_word(game_id: str) -> str:
    """The header key of the stakes line in a save of ``game_id`` (its kit's word, "cube"
    for backgammon; the generic word for a game the registry does not know)."""
    try:
        return get_kit(game_id).stakes_word
    except ValueError:
        return GameKit.stakes_word


def _tuples(value: object) -> object:
    """JSON arrays back to tuples, as game options (e.g. heap sizes) are tuples in memory."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuples(v) for k, v in value.items()}
    return value


def load(text: str) -> Session:
    """A session from ``Session.save()`` text, fully replayed and checked.

    Anything wrong - a foreign or truncated file, an unknown game, a bad option, an illegal
    move - raises SaveFormatError (a ValueError) with one line naming the problem.
    """
    return load_review(text)[0]


def load_review(text: str) -> tuple[Session, GameReview | None]:
    """``load``, and the game's analysis when the save carries one (a ``review:`` line after
    the moves, written by ``save_text``). An analysis of another game, or without its rows,
    is a SaveFormatError too; a damaged row or field is left out and named in the review's
    ``notes`` (game.review_read), so the rest still shows."""
    if not isinstance(text, str):
        raise SaveFormatError("a saved game must be text")
    if len(text) > MAX_SAVE_CHARS:
        # Only the limit is known: a file is read no further than one character past it.
        raise SaveFormatError(f"file too large for a saved game (more than {MAX_SAVE_CHARS:,} "
                              "characters)")
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    if not text.lstrip().startswith(FORMAT_NAME):
        record = _load_record(text)
        if record is not None:
            return record, None
    raw = text.splitlines()
    # (line number, text) pairs are made as they are read, never all at once: a long game's
    # moves would cost a tuple each.
    lines = _content_lines(raw, 0)
    header: dict[str, str] = {}
    number_of: dict[str, int] = {}
    stakes_text, stakes_line = None, 0
    for index, key in enumerate(_HEADER_KEYS):
        got = next(lines, None)
        if (got is not None and key == "moves"
                and got[1].partition(":")[0].strip() == _stakes_word(header.get("game", ""))):
            # The optional line of a game played for stakes (a money game with the cube).
            stakes_line, stakes_text = got[0], got[1].partition(":")[2].strip()
            got = next(lines, None)
        if got is None:
            if index == 0:
                raise SaveFormatError("the file is empty, not a saved game")
            raise SaveFormatError(f"the file ends before the '{key}:' line (truncated?)")
        number, line = got
        number_of[key] = number
        name, sep, value = line.partition(":")
        if not sep or name.strip() != key:
            if index == 0:
                raise SaveFormatError(
                    f"not a Kibitz saved game (the first line should be "
                    f"'{FORMAT_NAME}: {FORMAT_VERSION}')"
                )
            raise SaveFormatError(f"line {number}: expected '{key}: ...', got {line[:60]!r}")
        header[key] = value.strip()
    version = header[FORMAT_NAME]
    if version != str(FORMAT_VERSION):
        if version.isascii() and version.isdigit() and int(version) > FORMAT_VERSION:
            raise SaveFormatError(
                f"saved by a newer Kibitz (format {version}); this version reads format "
                f"{FORMAT_VERSION}"
            )
        raise SaveFormatError(f"unknown save format version {version[:20]!r}")

    def fail(key: str, problem: str) -> SaveFormatError:
        return SaveFormatError(f"line {number_of[key]} ({key}): {_reason(problem)}")

    game_id = header["game"]
    if game_id not in game_ids():
        raise fail("game", f"unknown game {game_id[:40]!r}; known: {', '.join(game_ids())}")
    try:
        options = _tuples(json.loads(header["options"]))
    except (ValueError, RecursionError):
        raise fail("options", "not a valid JSON object") from None
    if not isinstance(options, dict):
        raise fail("options", "must be a JSON object such as {}")
    seats = []
    for key in ("seat 1", "seat 2"):
        try:
            seats.append(Seat.from_text(header[key]))
        except ValueError as exc:
            raise fail(key, str(exc)) from None
    moves_count = header["moves"]
    if not (moves_count.isascii() and moves_count.isdigit() and len(moves_count) <= 7):
        raise fail("moves", f"expected a count of moves, got {moves_count[:20]!r}")
    expected = int(moves_count)
    first_move = number_of["moves"]  # index in ``raw`` of the line after the header
    listed = 0
    review_at: tuple[int, str] | None = None
    forfeit_at: tuple[int, str] | None = None
    for number, line in _content_lines(raw, first_move):
        if listed == expected and not (review_at or forfeit_at) and line.startswith("forfeit:"):
            forfeit_at = number, line.partition(":")[2].strip()
            continue
        if listed == expected and review_at is None and _is_review(line):
            review_at = number, line.partition(":")[2].strip()
            continue
        if listed == expected:
            raise SaveFormatError(
                f"line {number}: unexpected text after the {expected} moves: {line[:60]!r}"
            )
        listed += 1
    if listed < expected:
        raise SaveFormatError(f"the file lists {listed} of its {expected} moves (truncated?)")
    kit = get_kit(game_id)
    game = kit.rules()
    try:  # the options alone first: an unknown or bad option is the options line's fault
        game.initial_state(**options)
    except ValueError as exc:
        raise fail("options", _reason(exc)) from None
    except Exception as exc:  # noqa: BLE001 - as below: a corrupt file never crashes the caller
        raise fail("options", f"cannot use them ({type(exc).__name__})") from None
    try:
        start = game.parse_position(header["start"], **options)
    except ValueError as exc:
        raise fail("start", _reason(exc)) from None
    except Exception as exc:  # a rules bug on odd input must still surface as a load error
        raise fail(
            "start", f"cannot read the position ({type(exc).__name__}: {_reason(exc)})"
        ) from None
    stakes = None
    if stakes_text is not None:
        try:
            stakes = kit.new_stakes(stakes_text, start)
        except ValueError as exc:
            raise SaveFormatError(f"line {stakes_line} ({kit.stakes_word}): "
                                  f"{_reason(exc)}") from None
    session = Session(kit, None, seats, start, stakes)
    replay = _Replay(session)
    after_moves = {found[0] for found in (forfeit_at, review_at) if found is not None}
    for number, line in _content_lines(raw, first_move):
        if number in after_moves:
            break
        try:
            replay.play_text(line)
        except ValueError as exc:
            raise SaveFormatError(f"line {number}: move {line[:40]!r}: {_reason(exc)}") from None
        except Exception as exc:  # as above: never let a corrupt file crash the caller
            raise SaveFormatError(
                f"line {number}: cannot read move {line[:40]!r} ({type(exc).__name__})"
            ) from None
    if forfeit_at is not None:
        _read_forfeit(forfeit_at, session)
    return session, _read_review(review_at, session)


def _read_forfeit(found: tuple[int, str], session: Session) -> None:
    """``forfeit: 2 forfeit: illegal move e9 at move 5``: the side that lost, and why."""
    number, text = found
    side, _, note = text.partition(" ")
    if side not in ("1", "2") or not note.strip():
        raise SaveFormatError(f"line {number}: a forfeit reads 'forfeit: 2 <why>', "
                              f"got {text[:60]!r}")
    try:
        session.forfeit_game(int(side) - 1, note)
    except ValueError as exc:
        raise SaveFormatError(f"line {number}: {_reason(exc)}") from None


def _is_review(line: str) -> bool:
    return line.partition(":")[0].strip() == REVIEW_KEY


def _read_review(found: tuple[int, str] | None, session: Session) -> GameReview | None:
    """The analysis a save carries, checked against its game."""
    if found is None:
        return None
    number, value = found
    try:
        review = GameReview.from_save_text(value)
    except ValueError as exc:
        raise SaveFormatError(f"line {number} ({REVIEW_KEY}): {_reason(exc)}") from None
    if review.game_id != session.game_id or review.moves > session.ply:
        raise SaveFormatError(f"line {number} ({REVIEW_KEY}): the analysis is of another game")
    if any(not 0 <= row.index < review.moves for row in review.rows):
        raise SaveFormatError(f"line {number} ({REVIEW_KEY}): a row is about a move not played")
    return review


def save_text(session: Session, review: GameReview | None = None) -> str:
    """The session's save text, with its analysis after the moves when there is one."""
    text = session.save()
    return text if review is None else text + review.save_text() + "\n"


def _content_lines(raw: list[str], start: int) -> Iterator[tuple[int, str]]:
    """(line number, stripped text) of the lines from index ``start`` that are neither blank
    nor ``#`` comments."""
    for index in range(start, len(raw)):
        line = raw[index].strip()
        if line and not line.startswith("#"):
            yield index + 1, line


class _Replay:
    """Plays a saved game's moves into a session in time and memory linear in the moves.

    A position met again with the same move text (a long game where both sides are shut out
    repeats a handful of positions thousands of times) is looked up instead of parsed and
    played again, and every position is kept as one state object however often it recurs,
    not as a fresh copy each time. States are immutable and hashable, so sharing is safe."""

    #: Entries kept before the tables start afresh (bounds their memory on a game that never
    #: repeats a position).
    LIMIT = 4096

    def __init__(self, session: Session) -> None:
        self.session = session
        self.seen: dict[tuple[State, str], tuple[Move, State, str]] = {}
        self.positions: dict[State, State] = {session.current: session.current}

    def play_text(self, text: str) -> None:
        session = self.session
        stakes = session.start_stakes
        if stakes is not None and stakes.parse_decision(text) is not None:
            session.play_text(text)  # its validity depends on the stakes, not the position
            return
        key = (session.current, text)
        hit = self.seen.get(key)
        if hit is None:
            move = session.parse_move_text(session.current, text)
            after = session.current.apply(move)
            if len(self.seen) >= self.LIMIT:
                self.seen.clear()
                self.positions.clear()
            name = session.format_move_text(session.current, move)
            hit = (move, self.positions.setdefault(after, after), name)
            self.seen[key] = hit
        session.replay(*hit)


def _reason(problem: BaseException | str) -> str:
    return one_line(problem, 200)


def _load_record(text: str) -> Session | None:
    """A game recorded by another program (Othello's GGF, as NBoard, WZebra or Edax write it),
    with its moves, so it can be replayed and taken over: the first kit that reads it."""
    for kit in all_kits():
        try:
            record = kit.read_record(text)
        except ValueError as exc:
            raise SaveFormatError(
                f"not a Kibitz saved game, and not a usable {_reason(exc)}"
            ) from None
        if record is not None:
            start, moves = record
            session = Session(kit, None, None, start_state=start)
            for move in moves:
                session.play(move)
            return session
    return None


def load_file(path: str | os.PathLike[str]) -> Session:
    """``load`` for a file; unreadable bytes become a SaveFormatError too (OSError passes)."""
    return load_review(read_file(path))[0]


def read_file(path: str | os.PathLike[str]) -> str:
    """A save file's text; unreadable bytes become a SaveFormatError (OSError passes)."""
    with open(path, encoding="utf-8") as f:
        try:
            return f.read(MAX_SAVE_CHARS + 1)
        except UnicodeDecodeError:
            raise SaveFormatError(f"{path}: not a text file, so not a saved game") from None


def save_file(session: Session, path: str | os.PathLike[str],
              review: GameReview | None = None) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(save_text(session, review))
