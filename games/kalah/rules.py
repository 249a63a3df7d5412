"""Kalah(m, n): the standard rules of the mancala game, its notation and perft.

The board is a ring of ``2m + 2`` slots, numbered the way seeds travel (counter-clockwise):
South's pits 1..m are slots ``0..m-1``, South's store is slot ``m``, North's pits 1..m are
slots ``m+1..2m`` and North's store is slot ``2m+1``. A pit's number counts in its owner's
sowing order, so pit m is always the one beside its owner's store, and North's pit i lies
opposite South's pit m+1-i (0-based: North pit i faces South pit m-1-i).

A move sows one of the mover's pits into the following slots, skipping the opponent's store (a
big pit laps the board and refills the pit it came from). A last seed in the mover's store gives
another turn; one in an own pit that was empty captures it and the seeds opposite, if any (with
``empty_capture``, a common house rule, even when there are none). When a move leaves one
side's pits empty, every seed left goes to its owner's store: the game is over exactly when
every pit is empty.

Position notation: South's pits 1..m, South's store, North's pits 1..m, North's store, then the
side to move ``S`` or ``N``: ``4,4,4,4,4,4|0|4,4,4,4,4,4|0 S``. The capture rule is an option
beside the text (``Kalah.options``), as Nim's take limit is. Move notation: the pit number
1..m (or a letter a..f), counted in the mover's own sowing order.

``apply``, the search's hot path, lays the board out from the mover's side (its pits, its store,
the other pits) so both players share one code path and no store needs skipping; ``sow`` plays
the move seed by seed on the real ring for the board's animation and the lab. They are written
apart on purpose, and the tests hold them equal.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from game.core import TERMINAL, IllegalMoveError, Move, NotationError, check_option_names
from game.jsontypes import JSONObject

SOUTH, NORTH = 0, 1
#: Bounds of a new game's board (``initial_state``); a parsed position holds up to MAX_COUNT.
MAX_PITS = 6
MAX_SEEDS = 6
#: The largest count the position notation accepts in a pit or a store (two digits to type).
MAX_COUNT = 99
SIDES = "SN"
NAMES = ("South", "North")
PIT_LETTERS = "abcdef"
EXAMPLE = "4,4,4,4,4,4|0|4,4,4,4,4,4|0 S"

#: An index on the board ring of 2m+2 slots (see the module docstring).
Slot = int


def pit_slot(size: int, player: int, pit: int) -> Slot:
    """The ring slot of ``player``'s pit ``pit`` (0-based) on a board of ``size`` pits a side."""
    if not 0 <= pit < size or player not in (SOUTH, NORTH):
        raise ValueError(f"no pit {pit!r} of player {player!r} on a board of {size} pits")
    return player * (size + 1) + pit


def store_slot(size: int, player: int) -> Slot:
    """The ring slot of ``player``'s store on a board of ``size`` pits a side."""
    if player not in (SOUTH, NORTH):
        raise ValueError(f"no player {player!r}")
    return player * (size + 1) + size


@dataclass(frozen=True, slots=True)
class KalahState:
    """An immutable Kalah position; the capture rule travels with it because it changes the
    game's value, and a transposition table must never mix the two rule sets up.

    ``pits`` holds South's pits 1..m then North's pits 1..m, so pit index k faces 2m-1-k.
    Direct construction is checked (a ValueError names the fault); ``apply`` builds its
    successors without the check, since it only makes valid positions."""

    pits: tuple[int, ...]
    stores: tuple[int, int]
    to_move: int
    empty_capture: bool = False

    def __post_init__(self) -> None:
        _check_fields(self.pits, self.stores, self.to_move, self.empty_capture)

    @property
    def size(self) -> int:
        """m, the number of pits on each side."""
        return len(self.pits) >> 1

    def side(self, player: int) -> tuple[int, ...]:
        """``player``'s m pits, pit 1 first."""
        m = len(self.pits) >> 1
        return self.pits[player * m : player * m + m]

    def current_player(self) -> int:
        return self.to_move if any(self.pits) else TERMINAL

    def legal_moves(self) -> tuple[int, ...]:
        m = len(self.pits) >> 1
        base = self.to_move * m
        pits = self.pits
        return tuple(i for i in range(m) if pits[base + i])

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        return ()

    def apply(self, move: Move) -> KalahState:
        pits = self.pits
        m = len(pits) >> 1
        p = self.to_move
        if type(move) is not int or not 0 <= move < m or not pits[p * m + move]:
            raise IllegalMoveError(_refusal(self, move))
        s0, s1 = self.stores
        # The ring from the mover's side: its pits 0..m-1, its store m, the other pits m+1..2m.
        ring = [*pits[m:], s1, *pits[:m]] if p else [*pits[:m], s0, *pits[m:]]
        length = 2 * m + 1
        seeds = ring[move]
        ring[move] = 0
        laps, rest = divmod(seeds, length)
        if laps:
            ring = [x + laps for x in ring]
        for k in range(move + 1, move + rest + 1):
            ring[k if k < length else k - length] += 1
        last = (move + seeds) % length
        if last < m and ring[last] == 1:
            facing = 2 * m - last
            caught = ring[facing]
            if caught or self.empty_capture:
                ring[m] += caught + 1
                ring[last] = ring[facing] = 0
        mine, swept = sum(ring[:m]), sum(ring[m + 1 :])
        if mine and swept:
            swept = 0
        else:  # one side is empty: the game ends, each side's seeds go to its owner's store
            ring = [0] * m + [ring[m] + mine] + [0] * m
        nxt = p if last == m else 1 - p
        rule = self.empty_capture
        if p:
            return _make(tuple(ring[m + 1 :] + ring[:m]), (s0 + swept, ring[m]), nxt, rule)
        return _make(tuple(ring[:m] + ring[m + 1 :]), (ring[m], s1 + swept), nxt, rule)

    def returns(self) -> tuple[float, float]:
        """By the stores once the game is over; (0, 0) before, as no result exists yet."""
        s0, s1 = self.stores
        if any(self.pits) or s0 == s1:
            return (0.0, 0.0)
        return (1.0, -1.0) if s0 > s1 else (-1.0, 1.0)

    def key(self) -> Hashable:
        return (self.pits, self.stores, self.to_move, self.empty_capture)

    def margin(self, player: int) -> int:
        """``player``'s final margin if the game ended now by the sweep rule (each side keeps
        the seeds on its own side); once the game is over, just the difference of the stores."""
        m = len(self.pits) >> 1
        own = self.stores[player] + sum(self.pits[player * m : player * m + m])
        total = self.stores[0] + self.stores[1] + sum(self.pits)
        return 2 * own - total


_new = object.__new__
_set = object.__setattr__


def _make(pits: tuple[int, ...], stores: tuple[int, int], to_move: int, rule: bool) -> KalahState:
    """A successor without ``__post_init__``'s checks: ``apply`` only builds valid positions,
    and the checks would make every apply about 70% slower."""
    s = _new(KalahState)
    _set(s, "pits", pits)
    _set(s, "stores", stores)
    _set(s, "to_move", to_move)
    _set(s, "empty_capture", rule)
    return s


def _check_fields(pits: object, stores: object, to_move: object, empty_capture: object) -> None:
    """ValueError, one line, for a state the rules cannot play from."""
    if not isinstance(pits, tuple) or len(pits) % 2 or not 2 <= len(pits) <= 2 * MAX_PITS:
        raise ValueError(f"pits must be a tuple of 2m counts, m from 1 to {MAX_PITS}")
    if not isinstance(stores, tuple) or len(stores) != 2:
        raise ValueError("stores must be a tuple of two counts")
    if not all(type(x) is int and x >= 0 for x in pits + stores):
        raise ValueError("every pit and store holds a whole number of seeds, at least 0")
    if type(to_move) is not int or to_move not in (SOUTH, NORTH):
        raise ValueError(f"to_move must be 0 (South) or 1 (North), got {to_move!r}")
    if not isinstance(empty_capture, bool):
        raise ValueError(f"empty_capture must be true or false, got {empty_capture!r}")
    m = len(pits) >> 1
    if any(pits[:m]) != any(pits[m:]):
        north = any(pits[m:])
        empty, full = ("South", "North") if north else ("North", "South")
        raise ValueError(
            f"{empty}'s pits are all empty but {full}'s are not: the game would already have "
            f"ended, {full}'s seeds swept into {full}'s store"
        )


def _refusal(state: KalahState, move: object) -> str:
    """Why ``move`` cannot be played, in one line that names the pit."""
    m = state.size
    name = NAMES[state.to_move]
    if not any(state.pits):
        return "the game is over: no pit can be sown"
    if type(move) is not int or not 0 <= move < m:
        return f"no pit {move!r}: a move is a pit index 0..{m - 1} ({name}'s pits 1..{m})"
    return f"{name}'s pit {move + 1} is empty: there is nothing to sow"


def perft(state: KalahState, depth: int) -> int:
    """Leaf count of the game tree to ``depth`` moves (an extra turn is a move of its own, a
    finished game a leaf): the number that move generators are checked against."""
    if depth < 0:
        raise ValueError("perft depth must be >= 0")
    if depth == 0 or not any(state.pits):
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.apply(move), depth - 1) for move in moves)


@dataclass(frozen=True)
class Sowing:
    """One move seed by seed, for the board's animation and the lab."""

    before: KalahState
    after: KalahState
    player: int
    pit: int
    #: The slot of each sown seed, in order.
    drops: tuple[Slot, ...]
    extra_turn: bool
    #: Seeds the capture put in the store, the last seed included; 0 when nothing was captured.
    captured: int
    #: The pits the capture emptied: the mover's own, then the opposite one when it held seeds.
    capture_slots: tuple[Slot, ...]
    #: The move ended the game; any seeds left went to their owners' stores.
    swept: bool


def sow(state: KalahState, move: Move) -> Sowing:
    """Play ``move`` seed by seed on the real ring (IllegalMoveError as ``apply`` raises)."""
    m = state.size
    p = state.to_move
    if type(move) is not int or not 0 <= move < m or not state.side(p)[move]:
        raise IllegalMoveError(_refusal(state, move))
    ring_len = 2 * m + 2
    board = [*state.pits[:m], state.stores[0], *state.pits[m:], state.stores[1]]
    slot = pit_slot(m, p, move)
    skipped = store_slot(m, 1 - p)
    seeds, board[slot] = board[slot], 0
    drops: list[Slot] = []
    for _ in range(seeds):
        slot = (slot + 1) % ring_len
        if slot == skipped:
            slot = (slot + 1) % ring_len
        board[slot] += 1
        drops.append(slot)
    own_store = store_slot(m, p)
    own_first = pit_slot(m, p, 0)
    captured = 0
    capture_slots: tuple[Slot, ...] = ()
    if own_first <= slot < own_store and board[slot] == 1:
        facing = 2 * m - slot  # the slots of facing pits add up to 2m
        if board[facing] or state.empty_capture:
            captured = 1 + board[facing]
            capture_slots = (slot, facing) if board[facing] else (slot,)
            board[own_store] += captured
            board[slot] = board[facing] = 0
    south, north = board[:m], board[m + 1 : 2 * m + 1]
    swept = not any(south) or not any(north)
    if swept:
        board = [0] * m + [board[m] + sum(south)] + [0] * m + [board[2 * m + 1] + sum(north)]
    extra = slot == own_store
    after = KalahState(
        tuple(board[:m] + board[m + 1 : 2 * m + 1]),
        (board[m], board[2 * m + 1]),
        p if extra else 1 - p,
        state.empty_capture,
    )
    return Sowing(state, after, p, move, tuple(drops), extra, captured, capture_slots, swept)


_OPTION_NAMES = ("pits", "seeds", "empty_capture")


def _whole(value: object, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, got {value!r}")
    return value


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"empty_capture must be true or false, got {value!r}")
    return value


def _count(item: str, where: str) -> int:
    """One count of the position notation; NotationError naming ``where`` otherwise."""
    shown = repr(item[:12] + ("..." if len(item) > 12 else ""))
    if not item:
        why = "a count is missing (two commas or bars in a row?)"
    elif item.startswith("-") and item[1:].isascii() and item[1:].isdigit():
        why = f"{shown} is negative; counts are 0 to {MAX_COUNT}"
    elif not (item.isascii() and item.isdigit()):
        why = f"{shown} is not a whole number of seeds"
    elif len(item) > 3 or int(item) > MAX_COUNT:
        why = f"{shown} is over {MAX_COUNT} seeds"
    else:
        return int(item)
    raise NotationError(f"{where}: {why}")


class Kalah:
    """The Game protocol for Kalah(m, n)."""

    id = "kalah"
    name = "Kalah"
    player_names = NAMES

    def initial_state(self, /, **options: object) -> KalahState:
        """Options: pits (m, 1..6, default 6), seeds (1..6, default 4), empty_capture."""
        check_option_names(self.name, options, _OPTION_NAMES)
        m = _whole(options.get("pits", 6), "pits", 1, MAX_PITS)
        n = _whole(options.get("seeds", 4), "seeds", 1, MAX_SEEDS)
        return KalahState((n,) * (2 * m), (0, 0), SOUTH, _flag(options.get("empty_capture", False)))

    def options(self, state: KalahState) -> JSONObject:
        return {"empty_capture": state.empty_capture}

    def parse_position(self, text: str, /, **options: object) -> KalahState:
        """Options: empty_capture. ``pits`` and ``seeds`` (a new game's whole options dict,
        passed along) are accepted and ignored, because the text gives the board."""
        check_option_names(self.name, options, _OPTION_NAMES)
        empty_capture = _flag(options.get("empty_capture", False))
        parts = text.split()
        if not parts:
            raise NotationError(f"the position is empty; a Kalah position reads e.g. {EXAMPLE!r}")
        fields = parts[0].split("|")
        if len(fields) != 4:
            what = "South's pits|South's store|North's pits|North's store"
            raise NotationError(f"expected 4 fields {what}, got {len(fields)}; e.g. {EXAMPLE!r}")
        if len(parts) == 1:
            raise NotationError("the side to move is missing: end the position with S or N")
        if len(parts) > 2:
            raise NotationError(f"unexpected text after the side to move: {parts[2][:20]!r}")
        side = parts[1].upper()
        if side not in ("S", "N"):
            raise NotationError(f"the side to move must be S or N, got {parts[1][:20]!r}")
        south, north = fields[0].split(","), fields[2].split(",")
        if len(south) != len(north):
            raise NotationError(f"South has {len(south)} pits but North has {len(north)}")
        if not 1 <= len(south) <= MAX_PITS:
            raise NotationError(f"each side has 1 to {MAX_PITS} pits, got {len(south)}")
        pits = tuple(_count(x, f"South's pit {i + 1}") for i, x in enumerate(south)) + tuple(
            _count(x, f"North's pit {i + 1}") for i, x in enumerate(north)
        )
        stores = (_count(fields[1], "South's store"), _count(fields[3], "North's store"))
        try:
            return KalahState(pits, stores, SIDES.index(side), empty_capture)
        except ValueError as exc:
            raise NotationError(str(exc)) from None

    def format_position(self, state: KalahState) -> str:
        south, north = state.side(SOUTH), state.side(NORTH)
        return (
            f"{','.join(map(str, south))}|{state.stores[0]}|"
            f"{','.join(map(str, north))}|{state.stores[1]} {SIDES[state.to_move]}"
        )

    def parse_move(self, state: KalahState, text: str) -> int:
        """A pit number 1..m or letter a..f, in the mover's own sowing order."""
        t = text.strip()
        m = state.size
        if state.current_player() == TERMINAL:
            raise IllegalMoveError("the game is over: no pit can be sown")
        if len(t) == 1 and t.lower() in PIT_LETTERS:
            number = PIT_LETTERS.index(t.lower()) + 1
        elif t.isascii() and t.isdigit() and len(t) <= 3:
            number = int(t)
        else:
            letters = f"a..{PIT_LETTERS[m - 1]}"
            raise NotationError(f"{t[:20]!r} is not a pit: give a pit 1..{m} or {letters}")
        name = NAMES[state.to_move]
        if not 1 <= number <= m:
            raise IllegalMoveError(f"pit {t} is out of range: {name} has pits 1..{m}")
        if not state.side(state.to_move)[number - 1]:
            raise IllegalMoveError(f"{name}'s pit {number} is empty: there is nothing to sow")
        return number - 1

    def format_move(self, state: KalahState, move: int) -> str:
        return str(move + 1)

    def describe_result(self, state: KalahState) -> str:
        if state.current_player() != TERMINAL:
            return "Game in progress"
        s0, s1 = state.stores
        if s0 == s1:
            return f"Draw {s0}-{s1}"
        return f"{NAMES[s1 > s0]} wins {max(s0, s1)}-{min(s0, s1)}"


GAME = Kalah()
