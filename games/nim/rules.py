"""Nim (with an optional take limit and misère play) and Grundy's game.

Both are impartial heap games, so one state class serves both; the options travel inside the
state because they change who wins, and a transposition table must never mix them up.

Moves:

* ``variant="nim"``: ``(heap_index, count)`` takes ``count`` coins from one heap; notation
  ``"2:3"`` = take 3 coins from heap 2 (heap numbers are 1-based in notation only).
* ``variant="grundy"``: ``(heap_index, part)`` splits one heap into two unequal, non-empty heaps;
  ``part`` is the smaller one. Notation ``"1:3"`` = take 3 coins off heap 1 to form a new heap,
  placed right after it (heap 1 of 7 becomes the heaps 4 and 3). Naming the larger part
  (``"1:4"``) means the same split.

The player who cannot move loses (normal play); with ``misere=True`` that player wins instead,
i.e. whoever takes the last coin (or makes the last split) loses.

Position notation: heap sizes joined by commas, a space, the side to move ``1`` or ``2``, e.g.
``"3,4,5 1"`` or ``"0,4 2"``. The options are not part of the text: pass them to
``parse_position`` as keywords, as ``GAME.options(state)`` returns them.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from game.core import TERMINAL, IllegalMoveError, Move, NotationError, check_option_names, quoted
from game.jsontypes import JSONObject

VARIANTS = ("nim", "grundy")
#: Bounds that keep every position small enough to draw, search and type.
MAX_COINS = 1000
MAX_HEAPS = 2000
DEFAULT_HEAPS = (7,)
#: The classic classroom game: 7 coins, take 1 to 3.
DEFAULT_MAX_TAKE = 3
#: ``max_take`` not given: the variant's default (None is a value: no limit).
_UNSET = object()


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


@dataclass(frozen=True, slots=True)
class NimState:
    heaps: tuple[int, ...]
    to_move: int = 0
    max_take: int | None = None
    misere: bool = False
    variant: str = "nim"

    def current_player(self) -> int:
        return TERMINAL if self.is_over() else self.to_move

    def is_over(self) -> bool:
        if self.variant == "grundy":
            return all(h <= 2 for h in self.heaps)
        return not any(self.heaps)

    def legal_moves(self) -> tuple[tuple[int, int], ...]:
        if self.variant == "grundy":
            return tuple((i, k) for i, h in enumerate(self.heaps) for k in range(1, (h + 1) // 2))
        limit = self.max_take
        return tuple(
            (i, c)
            for i, h in enumerate(self.heaps)
            for c in range(1, (h if limit is None else min(h, limit)) + 1)
        )

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        return ()

    def apply(self, move: Move) -> NimState:
        if self.is_over():
            raise IllegalMoveError("the game is over")
        i, k = self._check_shape(move)
        h = self.heaps[i]
        if self.variant == "grundy":
            k = self._check_split(i, k)
            heaps = self.heaps[:i] + (h - k, k) + self.heaps[i + 1 :]
        else:
            self._check_take(i, k)
            heaps = self.heaps[:i] + (h - k,) + self.heaps[i + 1 :]
        return NimState(heaps, 1 - self.to_move, self.max_take, self.misere, self.variant)

    def _check_shape(self, move: object) -> tuple[int, int]:
        if (
            not isinstance(move, tuple)
            or len(move) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in move)
        ):
            raise IllegalMoveError(f"a move is (heap index, count), got {move!r}")
        i, k = move
        if not 0 <= i < len(self.heaps):
            n = len(self.heaps)
            raise IllegalMoveError(
                f"heap {i + 1} does not exist (there {'is' if n == 1 else 'are'} {n} "
                f"heap{'' if n == 1 else 's'})"
            )
        return i, k

    def _check_take(self, i: int, k: int) -> None:
        h = self.heaps[i]
        if h == 0:
            raise IllegalMoveError(f"heap {i + 1} is empty")
        if k < 1:
            raise IllegalMoveError("you must take at least 1 coin")
        if k > h:
            raise IllegalMoveError(f"heap {i + 1} has only {_coins(h)}")
        if self.max_take is not None and k > self.max_take:
            raise IllegalMoveError(f"you may take at most {self.max_take}")

    def _check_split(self, i: int, k: int) -> int:
        """The smaller part of a legal split of heap i (either part may be named)."""
        h = self.heaps[i]
        if h <= 2:
            raise IllegalMoveError(
                f"heap {i + 1} has only {_coins(h)}: it cannot be split into two unequal heaps"
            )
        if not 1 <= k < h:
            raise IllegalMoveError(
                f"split heap {i + 1} ({_coins(h)}) by taking off between 1 and {h - 1}"
            )
        if 2 * k == h:
            raise IllegalMoveError(f"heap {i + 1} may not be split into two equal heaps of {k}")
        return min(k, h - k)

    def returns(self) -> tuple[float, float]:
        if not self.is_over():
            return (0.0, 0.0)
        # The side to move cannot move: it loses under normal play, wins under misère.
        loser = 1 - self.to_move if self.misere else self.to_move
        return (-1.0, 1.0) if loser == 0 else (1.0, -1.0)

    def key(self) -> Hashable:
        return (self.heaps, self.to_move, self.max_take, self.misere, self.variant)


def make_state(
    heaps: object,
    to_move: int = 0,
    max_take: object = _UNSET,
    misere: object = False,
    variant: object = "nim",
) -> NimState:
    """A validated state; ValueError with one readable line for any bad option (each option is
    whatever a save or a setup passed, hence ``object``)."""
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError(f"variant must be 'nim' or 'grundy', got {variant!r}")
    if not isinstance(misere, bool):
        raise ValueError(f"misere must be true or false, got {misere!r}")
    if max_take is _UNSET:
        max_take = DEFAULT_MAX_TAKE if variant == "nim" else None
    take: int | None = None
    if max_take is not None:
        if variant == "grundy":
            raise ValueError("max_take does not apply to Grundy's game (a move splits a heap)")
        if not isinstance(max_take, int) or isinstance(max_take, bool) or max_take < 1:
            raise ValueError(f"max_take must be a whole number of at least 1, got {max_take!r}")
        take = max_take
    if isinstance(heaps, str | bytes) or not isinstance(heaps, tuple | list):
        raise ValueError(f"heaps must be a list of heap sizes, got {heaps!r}")
    given: tuple[object, ...] = tuple(heaps)
    if not given:
        raise ValueError("there must be at least one heap")
    if len(given) > MAX_HEAPS:
        raise ValueError(f"at most {MAX_HEAPS} heaps, got {len(given)}")
    sizes: list[int] = []
    for h in given:
        if not isinstance(h, int) or isinstance(h, bool) or h < 0:
            raise ValueError(f"a heap size must be a whole number of at least 0, got {h!r}")
        sizes.append(h)
    if sum(sizes) > MAX_COINS:
        raise ValueError(f"at most {MAX_COINS} coins in all, got {sum(sizes)}")
    if to_move not in (0, 1):
        raise ValueError(f"the side to move is player 1 or 2, got index {to_move!r}")
    return NimState(tuple(sizes), to_move, take, misere, variant)


_OPTION_NAMES = ("heaps", "max_take", "misere", "variant")


def _check_option_names(options: dict[str, object]) -> None:
    check_option_names("Nim", options, _OPTION_NAMES)


class Nim:
    id = "nim"
    name = "Nim"
    player_names = ("Player 1", "Player 2")

    def initial_state(self, /, **options: object) -> NimState:
        """Options: heaps, max_take, misere, variant (see the module docstring)."""
        _check_option_names(options)
        return make_state(options.pop("heaps", DEFAULT_HEAPS), 0, **options)

    def options(self, state: NimState) -> JSONObject:
        return {"max_take": state.max_take, "misere": state.misere, "variant": state.variant}

    def parse_position(self, text: str, /, **options: object) -> NimState:
        """The options as for ``initial_state``; ``heaps``, if given (a whole options dict passed
        along), is ignored because the text names the heaps."""
        _check_option_names(options)
        options.pop("heaps", None)
        parts = text.split()
        if len(parts) != 2:
            raise NotationError(
                "a Nim position is heap sizes joined by commas, a space, then the side to move "
                "1 or 2, e.g. '3,4,5 1'"
            )
        heap_text, side = parts
        sizes = []
        for item in heap_text.split(","):
            if not item.isascii() or not item.isdigit():
                raise NotationError(f"heap size must be a whole number, got {quoted(item)}")
            if len(item) > 6:
                raise NotationError(f"heap size {quoted(item)} is too large")
            sizes.append(int(item))
        if side not in ("1", "2"):
            raise NotationError(f"side to move must be 1 or 2, got {quoted(side)}")
        try:
            return make_state(tuple(sizes), int(side) - 1, **options)
        except NotationError:
            raise
        except ValueError as exc:
            raise NotationError(str(exc)) from None

    def format_position(self, state: NimState) -> str:
        return f"{','.join(map(str, state.heaps))} {state.to_move + 1}"

    def parse_move(self, state: NimState, text: str) -> tuple[int, int]:
        t = text.strip()
        heap_text, sep, count_text = t.partition(":")
        ok = (
            sep
            and heap_text.isascii()
            and heap_text.isdigit()
            and count_text.isascii()
            and count_text.isdigit()
            and len(heap_text) <= 6
            and len(count_text) <= 6
        )
        if not ok:
            what = (
                "split heap:coins taken off, e.g. '1:3'"
                if state.variant == "grundy"
                else ("heap:count, e.g. '2:3' takes 3 from heap 2")
            )
            raise NotationError(f"a move is {what}; got {quoted(text)}")
        heap, count = int(heap_text), int(count_text)
        if heap < 1:
            raise NotationError(f"heaps are numbered from 1, got {heap}")
        move = (heap - 1, count)
        state.apply(move)  # raises IllegalMoveError with the reason
        if state.variant == "grundy":
            move = (heap - 1, min(count, state.heaps[heap - 1] - count))
        return move

    def format_move(self, state: NimState, move: tuple[int, int]) -> str:
        return f"{move[0] + 1}:{move[1]}"

    def describe_result(self, state: NimState) -> str:
        if not state.is_over():
            return "Game in progress"
        r0, _ = state.returns()
        return f"{self.player_names[0 if r0 > 0 else 1]} wins"


GAME = Nim()
