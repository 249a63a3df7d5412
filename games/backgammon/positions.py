"""The positions a roll can reach, without the moves that reach them: the search's inner loop.

A search below the root needs only where each legal turn leads, not its steps: the network
scores positions. This module gives exactly :func:`movegen.generate`'s positions, in its order,
as **packed positions**: one Python int, a byte per place (``me[i]`` is byte ``i``, ``opp[i]``
byte ``26 + i``), so that a step or a hit is one integer addition instead of list edits, a
result is one int to hash instead of two 26-tuples, and a batch of results becomes a numpy
array with one ``frombuffer`` (the network's side, :mod:`games.backgammon.ai.net`).

Why it is faster than the general generator: while no checker can be borne off during the turn
(too many stand outside the home board, or one enters from the bar), the opponent's blocks
cannot change as the turn is played (a hit only empties a blot's point, which was open
already). So the sources a die may move from are found once per call, not once per step, and a
turn of two dice is a pair of steps from two lists. The rest (a possible bear-off, two
checkers on the bar that cannot both enter, a roll that cannot be played in full) goes to
:func:`movegen.generate` and is packed.

The order is part of the contract: a greedy player takes the first of equal values, so a
rollout or a labelled game played with these positions is the same game, bit for bit, as one
played with ``generate`` (checked on thousands of positions by tests/test_backgammon_positions.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.backgammon import movegen as mg

Packed = int
#: Bytes of a packed position: the mover's 26 places, then the opponent's.
WIDTH = 52

#: ``_STEP[src][dst]``: what moving one of the mover's checkers from ``src`` to ``dst`` adds.
_STEP = [[(1 << 8 * dst) - (1 << 8 * src) for dst in range(26)] for src in range(26)]
#: What hitting the opponent's blot on ``dst`` adds: it goes to his bar, his place 0.
_HIT = [(1 << 8 * 26) - (1 << 8 * (26 + dst)) for dst in range(26)]


def pack(me: Sequence[int], opp: Sequence[int]) -> Packed:
    """Both sides' 26 counts as one int, a byte each (counts never exceed 15)."""
    return int.from_bytes(bytes(me) + bytes(opp), "little")


def unpack(packed: Packed) -> tuple[list[int], list[int]]:
    """(me, opp) as movegen's lists."""
    raw = packed.to_bytes(WIDTH, "little")
    return list(raw[:26]), list(raw[26:])


def packed_bytes(found: list[Packed]) -> bytes:
    """The packed positions as WIDTH bytes each, back to back: the rows of an (N, 52) array."""
    return b"".join([p.to_bytes(WIDTH, "little") for p in found])


def positions(me: list[int], opp: list[int], d1: int, d2: int) -> list[Packed]:
    """``(me, opp)`` packed after each legal turn of ``d1-d2``, as ``movegen.generate`` orders
    them. ``me`` and ``opp`` are lists (a double's steps are played on them and taken back):
    they are left as they were."""
    bar = me[25]
    if d1 != d2:
        hi, lo = max(d1, d2), min(d1, d2)
        found: list[Packed] = []
        if bar == 1 or (not bar and sum(me[7:25]) >= 2):  # no bear-off during the turn
            found = _two_dice(me, opp, hi, lo)
        elif bar >= 2 and opp[25 - hi] < 2 and opp[25 - lo] < 2:
            found = [_enter_both(me, opp, hi, lo)]
        if found:
            return found
    elif bar or sum(me[7:25]) >= 4 or _steps_home(me, d1) >= 4:
        return _double(me, opp, d1)  # a checker on the bar is four steps from home at least
    return [pack(m, o) for _, m, o in mg.generate(me, opp, d1, d2)]


def _steps_home(me: list[int], die: int) -> int:
    """Steps of ``die`` the checkers outside the home board need, at least, to get home."""
    return sum(me[p] * -((6 - p) // die) for p in range(7, 25) if me[p])


def _sources(me: list[int], opp: list[int], die: int) -> list[int]:
    """Points (not the bar) a checker may leave with ``die``, highest first, bear-off aside."""
    return [s for s in range(24, die, -1) if me[s] and opp[s - die] < 2]


def _enter_both(me: list[int], opp: list[int], hi: int, lo: int) -> Packed:
    """Two checkers (of two or more) entering from the bar with both dice."""
    key = pack(me, opp) + _STEP[25][25 - hi] + _STEP[25][25 - lo]
    for die in (hi, lo):
        if opp[25 - die] == 1:
            key += _HIT[25 - die]
    return key


def _two_dice(me: list[int], opp: list[int], hi: int, lo: int) -> list[Packed]:
    """A non-double with the blocks fixed (at most one checker on the bar); empty when the roll
    cannot be played in full."""
    start = pack(me, opp)
    by_hi, by_lo = _sources(me, opp, hi), _sources(me, opp, lo)
    results: dict[Packed, None] = {}
    if me[25]:
        # Enter with either die, then play the other: generate's two orders, larger die first.
        for first, second, by_second in ((hi, lo, by_lo), (lo, hi, by_hi)):
            if opp[25 - first] < 2:
                _then(results, me, opp, start, 25, first, second, by_second)
        return list(results)
    for s in by_hi:
        _then(results, me, opp, start, s, hi, lo, by_lo)
    # The smaller die first finds nothing new but one checker's both dice through the point
    # the larger die could not use (or hit on the way where that one would not).
    for s in by_lo:
        mid = s - lo
        end = mid - hi
        if end >= 1 and opp[end] < 2:
            key = start + _STEP[s][end]
            if opp[mid] == 1:
                key += _HIT[mid]
            if opp[end] == 1:
                key += _HIT[end]
            if key not in results:
                results[key] = None
    return list(results)


def _then(results: dict[Packed, None], me: list[int], opp: list[int], start: Packed, s: int,
          first: int, second: int, by_second: list[int]) -> None:
    """Add the turns that move a checker from ``s`` with ``first``, then any checker with
    ``second`` (the sources ``by_second`` had before the first step, brought up to date)."""
    mid = s - first
    hit = opp[mid] == 1
    key1 = start + _STEP[s][mid] + _HIT[mid] if hit else start + _STEP[s][mid]
    seconds = by_second
    gone = s < 25 and me[s] == 1 and s > second and opp[s - second] < 2
    came = not me[mid] and mid > second and opp[mid - second] < 2
    if gone or came:
        seconds = [t for t in by_second if t != s] if gone else list(by_second)
        if came:
            seconds.append(mid)
            seconds.sort(reverse=True)
    for t in seconds:
        end = t - second
        key = key1 + _STEP[t][end]
        if opp[end] == 1 and not (hit and end == mid):
            key += _HIT[end]
        if key not in results:
            results[key] = None


def _double(me: list[int], opp: list[int], die: int) -> list[Packed]:
    """A double with the blocks fixed and no bear-off possible: the steps from non-increasing
    sources (the bar first), as generate plays them, tracking the packed sides."""
    sources = [s for s in range(25 if opp[25 - die] < 2 else 24, die, -1)
               if s == 25 or opp[s - die] < 2]
    count = len(sources)
    results: dict[Packed, None] = {}
    best = 0

    def walk(left: int, first: int, key: Packed) -> None:
        nonlocal best
        moved = False
        entering = me[25] > 0  # the bar first: nothing else moves while a checker waits
        if left:
            for i in range(first, count):
                s = sources[i]
                if not me[s]:
                    continue
                if entering and s != 25:
                    break
                moved = True
                dst = s - die
                hit = opp[dst] == 1
                child = key + _STEP[s][dst] + _HIT[dst] if hit else key + _STEP[s][dst]
                if left == 1:  # the last step: a turn of four, kept without a call
                    if best < 4:
                        results.clear()
                        best = 4
                    results[child] = None
                    continue
                me[s] -= 1
                me[dst] += 1
                if hit:
                    opp[dst] = 0
                walk(left - 1, i, child)
                if hit:
                    opp[dst] = 1
                me[s] += 1
                me[dst] -= 1
        if not moved:
            played = 4 - left
            if played < best:
                return
            if played > best:
                results.clear()
                best = played
            results[key] = None

    walk(4, 0, pack(me, opp))
    return list(results)
