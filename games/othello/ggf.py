"""GGF game records (the Generic Game Format of GGS, read and written by NBoard, WZebra and
Edax) and one reader for every Othello notation Kibitz accepts.

A GGF game is ``(;`` then properties ``KEY[value]`` then ``;)``; a file holds any number of
games one after another. The properties used here:

- ``GM[Othello]``; ``TY[8]`` (board type: 8x8; ``8r`` is a random start given by ``BO``);
- ``BO[8 <64 cells, eight rows of eight from a1..h1 down to a8..h8> <side>]``: the start,
  ``*`` Black, ``O`` White, ``-`` empty, the side to move ``*`` or ``O``;
- ``B[f5]`` / ``W[d6]``: moves in order; ``PA`` is a pass; a move may carry ``/eval/time``;
- ``PB``, ``PW`` (player names), ``RB``, ``RW`` (ratings), ``PC`` (place), ``DT`` (date),
  ``TI`` (time control), ``RE`` (result: Black's final disc margin, e.g. ``+12.000``).

Other properties are kept and written back unchanged. ``]`` and ``\\`` inside a value are
escaped with a backslash.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core import IllegalMoveError, NotationError
from games.othello.rules import (
    PASS,
    OthelloState,
    final_margin,
    format_board,
    initial_state,
    parse_board,
    parse_square,
    parse_transcript,
    square_name,
)

#: Board types whose rules are plain Othello (the start comes from BO).
PLAIN_TYPES = ("8", "8r")


def replay(start: OthelloState, moves: list[int]) -> OthelloState:
    """The position after ``moves`` from ``start`` (both a GGF game and a pasted record end
    where their moves lead)."""
    state = start
    for move in moves:
        state = state.apply(move)
    return state


@dataclass
class GgfGame:
    """One game: its start, its moves (squares, PASS for a pass) and its other properties."""

    start: OthelloState
    moves: list[int]
    #: Every property but BO and the moves, in file order (GM, TY, PB, RE, ...).
    tags: dict[str, str] = field(default_factory=dict)

    def final(self) -> OthelloState:
        return replay(self.start, self.moves)


# -- reading ---------------------------------------------------------------------------------


def _properties(body: str, where: str) -> list[tuple[str, str]]:
    """``KEY[value]`` pairs of one game's text (between ``(;`` and ``;)``)."""
    out: list[tuple[str, str]] = []
    i, n = 0, len(body)
    while i < n:
        if body[i].isspace() or body[i] == ";":
            i += 1
            continue
        key_start = i
        # ASCII only: some letters change length or gain a combining mark when upper-cased,
        # and the key would then not read back.
        while i < n and body[i].isascii() and body[i].isalnum():
            i += 1
        key = body[key_start:i]
        if not key or i >= n or body[i] != "[":
            raise NotationError(f"{where}: expected KEY[value] at {body[key_start:key_start + 12]!r}")
        i += 1
        value: list[str] = []
        while i < n and body[i] != "]":
            if body[i] == "\\" and i + 1 < n:
                i += 1
            value.append(body[i])
            i += 1
        if i >= n:
            raise NotationError(f"{where}: the value of {key} has no closing ]")
        i += 1
        out.append((key.upper(), "".join(value)))
    return out


def _board(value: str, where: str) -> OthelloState:
    parts = value.split()
    if not parts or parts[0] != "8":
        raise NotationError(f"{where}: BO must describe an 8x8 board, got {value[:20]!r}")
    cells = "".join(parts[1:-1]) if len(parts) > 2 else ""
    side = parts[-1] if len(parts) > 1 else ""
    if len(cells) != 64 or any(c not in "*O-" for c in cells) or side not in ("*", "O"):
        raise NotationError(f"{where}: BO needs 64 cells of *, O or - and the side to move")
    text = cells.replace("*", "X") + " " + ("X" if side == "*" else "O")
    try:
        return parse_board(text)
    except NotationError as exc:
        raise NotationError(f"{where}: BO {exc}") from None


def _game(body: str, number: int) -> GgfGame:
    where = f"GGF game {number}"
    props = _properties(body, where)
    tags: dict[str, str] = {}
    start: OthelloState | None = None
    move_props: list[tuple[str, str]] = []
    for key, value in props:
        if key == "BO":
            start = _board(value, where)
        elif key in ("B", "W"):
            move_props.append((key, value))
        else:
            tags[key] = value
    if tags.get("GM", "Othello").lower() != "othello":
        raise NotationError(f"{where}: GM[{_shown(tags['GM'])}] is not Othello")
    board_type = tags.get("TY", "8").strip().lower()
    if board_type not in PLAIN_TYPES:
        raise NotationError(
            f"{where}: board type TY[{_shown(tags['TY'])}] is not plain 8x8 Othello (only 8 and 8r are)"
        )
    state = start if start is not None else initial_state()
    moves: list[int] = []
    for index, (colour, value) in enumerate(move_props, start=1):
        square_text = value.split("/")[0].strip()
        try:
            move = parse_square(square_text)
        except NotationError:
            raise NotationError(
                f"{where}, move {index}: {_shown(square_text)!r} is not a square") from None
        if state.must_pass() and move != PASS:
            moves.append(PASS)  # a forced pass the record left out
            state = state.apply(PASS)
        mover = "B" if state.to_move == 0 else "W"
        if colour != mover:
            raise NotationError(
                f"{where}, move {index}: {colour}[{_shown(value)}] but {('Black', 'White')[state.to_move]}"
                " is to move"
            )
        try:
            state = state.apply(move)
        except IllegalMoveError as exc:
            raise NotationError(f"{where}, move {index} ({square_name(move)}): {exc}") from None
        moves.append(move)
    game = GgfGame(start if start is not None else initial_state(), moves, tags)
    return game


def parse_ggf(text: str) -> list[GgfGame]:
    """Every game of a GGF text (one game or a file of games); NotationError naming the game
    and the problem otherwise. One pass over the text, however many ``;)`` its values hold."""
    games: list[GgfGame] = []
    i = 0
    while True:
        start = text.find("(;", i)
        if start < 0:
            break
        end = _game_end(text, start + 2)
        if end < 0:
            raise NotationError(f"GGF game {len(games) + 1} has no closing ;)")
        games.append(_game(text[start + 2 : end], len(games) + 1))
        i = end + 2
    if not games:
        raise NotationError("no GGF game found: a game starts with (; and ends with ;)")
    return games


def _game_end(text: str, pos: int) -> int:
    """Where the ``;)`` closing the game whose properties start at ``pos`` is (-1: nowhere);
    a ``;)`` inside a [value] is part of the value. Every character is looked at a bounded
    number of times, so a value full of ``;)`` costs no more than any other."""
    close = text.find(";)", pos)
    while close >= 0:
        bracket = text.find("[", pos, close)
        if bracket < 0:
            return close
        pos = _value_end(text, bracket + 1)
        if pos < 0:
            return -1
        if pos > close:
            close = text.find(";)", pos)
    return -1


def _value_end(text: str, pos: int) -> int:
    """The index after the ``]`` closing the value that starts at ``pos`` (-1: none); a
    ``]`` after an odd run of backslashes is escaped."""
    while True:
        end = text.find("]", pos)
        if end < 0:
            return -1
        backslashes = 0
        while end - backslashes > pos and text[end - backslashes - 1] == "\\":
            backslashes += 1
        if backslashes % 2 == 0:
            return end + 1
        pos = end + 1


def _shown(value: str, limit: int = 24) -> str:
    """A value of the file as an error quotes it: on one line (a NUL or other control
    character shown as a space), cut when long."""
    head = value[: limit * 4]  # a value may be megabytes: only its start can be shown
    flat = " ".join("".join(c if c.isprintable() else " " for c in head).split())
    return flat if len(flat) <= limit and head == value else flat[:limit] + "..."


# -- writing ---------------------------------------------------------------------------------


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def board_value(state: OthelloState) -> str:
    """A position as GGF's BO value."""
    cells = format_board(state).split()[0].replace("X", "*")
    rows = " ".join(cells[r * 8 : r * 8 + 8] for r in range(8))
    return f"8 {rows} {'*' if state.to_move == 0 else 'O'}"


def format_ggf(game: GgfGame) -> str:
    """One game as GGF; RE is filled in from the final position when the game is over."""
    tags = {"GM": "Othello", **game.tags}
    tags.setdefault("TY", "8")
    final = game.final()
    if final.is_over():
        tags["RE"] = f"{final_margin(final, 0):+d}.000"
    head = "".join(f"{k}[{_escape(v)}]" for k, v in tags.items())
    state = game.start
    moves = []
    for move in game.moves:
        colour = "B" if state.to_move == 0 else "W"
        moves.append(f"{colour}[{'PA' if move == PASS else square_name(move).upper()}]")
        state = state.apply(move)
    return f"(;{head}BO[{board_value(game.start)}]{''.join(moves)};)"


def format_ggf_file(games: list[GgfGame]) -> str:
    """A file of games: one game a line."""
    return "".join(format_ggf(g) + "\n" for g in games)


# -- one reader for every notation -----------------------------------------------------------


@dataclass
class OthelloRecord:
    """What a pasted or loaded text holds: a start and the moves played from it."""

    start: OthelloState
    moves: list[int]
    #: "board", "transcript" or "GGF".
    notation: str
    tags: dict[str, str] = field(default_factory=dict)

    def final(self) -> OthelloState:
        return replay(self.start, self.moves)


def read_othello(text: str) -> OthelloRecord:
    """A board with the side to move, a move transcript, or a GGF game (the first of a file).

    NotationError saying, for each notation, why the text is not one.
    """
    text = text.strip()
    if not text:
        raise NotationError(
            "nothing to read: give 64 cells and the side to move, a transcript or a GGF game"
        )
    problems: list[str] = []
    if "(;" in text:
        try:
            game = parse_ggf(text)[0]
            return OthelloRecord(game.start, game.moves, "GGF", game.tags)
        except NotationError as exc:
            problems.append(f"GGF: {exc}")
        raise NotationError("; ".join(problems))
    try:
        return OthelloRecord(parse_board(text), [], "board")
    except NotationError as exc:
        problems.append(f"not a board and side to move ({exc})")
    try:
        moves = parse_transcript(text)
        return OthelloRecord(initial_state(), moves, "transcript")
    except (NotationError, IllegalMoveError) as exc:
        problems.append(f"not a transcript ({exc})")
    raise NotationError("; ".join(problems))
