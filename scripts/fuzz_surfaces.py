"""The surfaces the fuzz campaign drives: each turns a seeded random generator into one damaged
input and says whether the code under test kept the README's promise for it ("bad input gets
a clear one-line error and loses nothing: never a traceback").

A surface's corpus is made by the code itself (positions by ``format_position``, saves by
``Session.save``...), so the campaign follows the formats as they change. A check returns
None when the input was handled as documented, else a short description of the failure; an
exception escaping a check is a failure too (``Surface.outcome`` catches it), and so is an
input that takes more than SLOW_SECONDS of CPU time.

The surfaces reading files and the command line live in scripts/fuzz_files.py.
"""

from __future__ import annotations

import json
import random
import signal
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cli.engine import MAX_ERROR_CHARS, answer_line, encode  # noqa: E402
from game.registry import game_ids, get_game, get_kit  # noqa: E402
from game.session import Session  # noqa: E402
from scripts.fuzz_mutate import mutate_json, mutate_text  # noqa: E402

#: CPU seconds after which an input counts as a "slow" failure (CPU, not wall time: the
#: campaign shares its machine, and a busy neighbour must not make an input look slow).
SLOW_SECONDS = 2.0
#: Wall seconds after which an input is interrupted and reported as a hang.
HANG_SECONDS = 30.0
#: Share of inputs left undamaged: the valid inputs must keep working too.
CLEAN_SHARE = 0.1


@dataclass
class Outcome:
    """One input tried: its size, how long it took, and the failure (None when it held)."""

    size: int
    seconds: float
    failure: str | None


class Hang(Exception):
    """Raised by the alarm when an input runs past HANG_SECONDS."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise Hang(f"no answer after {HANG_SECONDS:.0f} s")


def one_line_problem(message: str, limit: int = MAX_ERROR_CHARS) -> str | None:
    """Why ``message`` breaks the one-short-line rule, or None."""
    if any(c in message for c in "\n\r\x00\x85\u2028\u2029"):
        return f"multi-line error: {message[:200]!r}"
    if len(message) > limit:
        return f"error of {len(message)} characters: {message[:120]!r}..."
    if not message.strip():
        return "empty error message"
    return None


class Surface:
    """One place input enters the program. ``generate`` draws an input from the corpus and
    damages it; ``check`` feeds it in and returns None or the failure."""

    name = ""
    #: Exceptions the surface documents for bad input (their message must be one line).
    errors: tuple[type[BaseException], ...] = (ValueError,)

    def corpus(self) -> list[Any]:
        raise NotImplementedError

    def mutate(self, rng: random.Random, value: Any) -> Any:
        return mutate_text(rng, value)

    def generate(self, rng: random.Random) -> Any:
        value = rng.choice(self._corpus())
        return value if rng.random() < CLEAN_SHARE else self.mutate(rng, value)

    def _corpus(self) -> list[Any]:
        cached = self.__dict__.get("_cached_corpus")
        if cached is None:
            cached = self.__dict__["_cached_corpus"] = self.corpus()
        return cached

    def check(self, value: Any) -> str | None:
        raise NotImplementedError

    def guarded(self, call: Callable[[], Any]) -> tuple[Any, str | None]:
        """(call's result, None), or (None, failure) when it raised: a documented error with
        a one-line message is no failure (result None, failure None)."""
        try:
            return call(), None
        except self.errors as exc:
            return None, one_line_problem(str(exc))

    def outcome(self, value: Any) -> Outcome:
        """``check`` timed and guarded: a traceback, a hang or a slow input is a failure."""
        use_alarm = hasattr(signal, "setitimer") and _main_thread()
        if use_alarm:
            previous = signal.signal(signal.SIGALRM, _on_alarm)
            signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
        start_cpu, start = time.process_time(), time.perf_counter()
        try:
            failure = self.check(value)
        except Hang as exc:
            failure = f"hang: {exc}"
        except Exception:
            failure = "traceback:\n" + traceback.format_exc()
        finally:
            if use_alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
        cpu = time.process_time() - start_cpu
        size = len(value) if isinstance(value, str | bytes) else len(repr(value))
        if failure is None and cpu > SLOW_SECONDS:
            failure = f"slow: {cpu:.1f} s of CPU for an input of {size} characters"
        return Outcome(size, time.perf_counter() - start, failure)

    def try_one(self, rng: random.Random) -> str | None:
        """One generated input's failure, or None: what the tests assert on."""
        return self.outcome(self.generate(rng)).failure


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def random_session(game_id: str, seed: int, plies: int) -> Session:
    """A session after up to ``plies`` random plies (dice rolled from the same seed)."""
    rng = random.Random(seed)
    session = Session(get_kit(game_id))
    for _ in range(plies):
        state = session.current
        if state.current_player() == -2:
            break
        if state.current_player() == -1:
            session.roll(rng)
        else:
            session.play(rng.choice(state.legal_moves()))
    return session


@cache
def sessions() -> tuple[Session, ...]:
    """A few sessions of every game at various lengths: the corpus of the notations."""
    return tuple(random_session(g, seed, plies) for g in game_ids()
                 for seed, plies in ((1, 0), (2, 3), (3, 9), (4, 25), (5, 60)))


class PositionSurface(Surface):
    """Position notation: a parsed position must print back to one that parses equal."""

    name = "positions"

    def corpus(self) -> list[tuple[str, str]]:
        found = []
        for session in sessions():
            game = get_game(session.game_id)
            for state in session._states[:: max(1, len(session._states) // 4)]:
                found.append((session.game_id, game.format_position(state)))
        return found

    def mutate(self, rng: random.Random, value: tuple[str, str]) -> tuple[str, str]:
        return value[0], mutate_text(rng, value[1])

    def check(self, value: tuple[str, str]) -> str | None:
        game = get_game(value[0])
        state, failure = self.guarded(lambda: game.parse_position(value[1]))
        if state is None:
            return failure
        again = game.parse_position(game.format_position(state))
        return None if again.key() == state.key() else "position does not read back equal"


class MoveSurface(Surface):
    """Move notation: a move read from text must be one of the position's legal moves."""

    name = "moves"

    def corpus(self) -> list[tuple[str, str, str]]:
        found = []
        for session in sessions():
            game = get_game(session.game_id)
            state = session.current
            if state.current_player() < 0:
                continue
            for move in state.legal_moves()[:6]:
                found.append((session.game_id, game.format_position(state),
                              game.format_move(state, move)))
        return found

    def mutate(self, rng: random.Random, value: tuple[str, str, str]) -> tuple[str, str, str]:
        return value[0], value[1], mutate_text(rng, value[2])

    def check(self, value: tuple[str, str, str]) -> str | None:
        game = get_game(value[0])
        state = game.parse_position(value[1])
        move, failure = self.guarded(lambda: game.parse_move(state, value[2]))
        if move is None:
            return failure
        return None if move in state.legal_moves() else f"illegal move accepted: {move!r}"


class SaveSurface(Surface):
    """Saved games: SaveFormatError in one line, or a session that saves and loads equal."""

    name = "saves"

    def corpus(self) -> list[str]:
        return [session.save() for session in sessions()]

    def check(self, value: str) -> str | None:
        from game.savefile import load

        session, failure = self.guarded(lambda: load(value))
        if session is None:
            return failure
        return None if load(session.save()).moves == session.moves else "save changed on reload"


class GgfSurface(Surface):
    """Othello's GGF records: NotationError in one line, or games that print back equal."""

    name = "ggf"

    def corpus(self) -> list[str]:
        from games.othello.ggf import GgfGame, format_ggf, format_ggf_file

        games = [GgfGame(s._states[0], list(s.moves), {"PB": "a", "PW": "b[c]"})
                 for s in sessions() if s.game_id == "othello"]
        return [format_ggf(g) for g in games] + [format_ggf_file(games)]

    def check(self, value: str) -> str | None:
        from games.othello.ggf import format_ggf, parse_ggf

        games, failure = self.guarded(lambda: parse_ggf(value))
        if games is None:
            return failure
        for game in games:
            game.final()
            if parse_ggf(format_ggf(game))[0].moves != game.moves:
                return "GGF game does not read back equal"
        return None


class Deadline:
    """An Event-like cancel that fires after a few milliseconds: every search is cut short,
    as a client's stop would cut it."""

    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds

    def is_set(self) -> bool:
        return time.monotonic() >= self.at


def engine_requests() -> list[str]:
    """Requests as a client writes them: every game, command and search setting."""
    found = []
    for session in sessions():
        position = get_game(session.game_id).format_position(session.current)
        for cmd, extra in (("legal", {}), ("bestmove", {"depth": 2}),
                           ("bestmove", {"algorithm": "minimax", "time": 0.1}),
                           ("bestmove", {"depth": 64, "exact": True, "id": 7})):
            found.append(json.dumps({"game": session.game_id, "cmd": cmd,
                                     "position": position, **extra}))
    found.append(json.dumps({"game": "nim", "options": {"heaps": [3, 4], "max_take": 2}}))
    return found


def _refuse(name: str) -> Any:
    raise ValueError(f"{name} in an answer")


class EngineSurface(Surface):
    """The engine's JSON lines: one line of strict JSON, errors short, moves legal."""

    name = "engine"

    def corpus(self) -> list[str]:
        return engine_requests()

    def mutate(self, rng: random.Random, value: str) -> str:
        return mutate_json(rng, value)

    def check(self, value: str) -> str | None:
        answer, _ = answer_line(value, cancel=Deadline(0.05))
        line = encode(answer)
        if "\n" in line:
            return "answer is not one line"
        try:
            json.loads(line, parse_constant=_refuse)
        except ValueError as exc:
            return f"answer is not strict JSON: {exc}"
        if "error" in answer:
            message = answer["error"]
            if "internal error" in message:
                return message
            return one_line_problem(message)
        return self._legal(value, answer)

    def _legal(self, value: str, answer: dict[str, Any]) -> str | None:
        """A best move must be among the moves the same request's "legal" answer lists."""
        if "move" not in answer:
            return None
        try:
            request = json.loads(value)
        except (ValueError, RecursionError):
            return None
        if not isinstance(request, dict):
            return None
        keep = {k: request[k] for k in ("game", "position", "options") if k in request}
        legal, _ = answer_line(json.dumps({**keep, "cmd": "legal"}))
        if "moves" in legal and answer["move"] not in legal["moves"]:
            return f"best move {answer['move']!r} is not legal"
        return None


def text_surfaces() -> list[Surface]:
    """The surfaces of text a person types or pastes and of the engine's requests
    (scripts/fuzz_files.py adds the files and the command line)."""
    return [PositionSurface(), MoveSurface(), SaveSurface(), GgfSurface(), EngineSurface()]
