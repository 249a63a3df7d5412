"""Backgammon move generation on a mover-relative board, kept apart from the state class for speed.

Everything here works on two mutable lists of length 26 seen from the player on roll ("mover"):

* ``me[i]``: the mover's checkers on his point ``i`` (1..24), ``me[25]`` his bar, ``me[0]`` borne off.
* ``opp[i]``: the opponent's checkers on the mover's point ``i`` (1..24), ``opp[0]`` the opponent's
  bar, ``opp[25]`` the opponent's borne-off checkers.

Steps are ``(src, dst)`` in the mover's numbering (25 = bar, 0 = off). Working mover-relative lets
one generator serve both colours without branching on direction in the inner loops.
"""

from __future__ import annotations

Step = tuple[int, int]
Steps = tuple[Step, ...]
Board = tuple[int, ...]


def perspective(
    points: tuple[int, ...], bar: tuple[int, int], off: tuple[int, int], mover: int
) -> tuple[list[int], list[int]]:
    """The (me, opp) lists of ``mover`` for a colour-absolute board."""
    me = [0] * 26
    opp = [0] * 26
    if mover == 0:
        for i in range(24):
            c = points[i]
            if c > 0:
                me[i + 1] = c
            elif c < 0:
                opp[i + 1] = -c
    else:
        for i in range(24):
            c = points[i]
            # Player 1's point p is player 0's point 25 - p, i.e. index 24 - p.
            if c < 0:
                me[24 - i] = -c
            elif c > 0:
                opp[24 - i] = c
    me[25] = bar[mover]
    me[0] = off[mover]
    opp[0] = bar[1 - mover]
    opp[25] = off[1 - mover]
    return me, opp


def absolute(
    me: Board | list[int], opp: Board | list[int], mover: int
) -> tuple[tuple[int, ...], tuple[int, int], tuple[int, int]]:
    """Inverse of :func:`perspective`: (points, bar, off) with player 0 positive."""
    if mover == 0:
        points = tuple(me[i + 1] - opp[i + 1] for i in range(24))
        return points, (me[25], opp[0]), (me[0], opp[25])
    points = tuple(opp[24 - i] - me[24 - i] for i in range(24))
    return points, (opp[0], me[25]), (opp[25], me[0])


def can_step(me: list[int], opp: list[int], src: int, die: int) -> bool:
    """Whether one checker may move from ``src`` with ``die`` right now (bar first, blocks, bear-off)."""
    if not me[src] or (me[25] and src != 25):
        return False
    dst = src - die
    if dst >= 1:
        return opp[dst] < 2
    if any(me[7:26]):
        return False
    # A larger die bears off only from the highest occupied point.
    return dst == 0 or not any(me[src + 1 : 7])


def do_step(me: list[int], opp: list[int], src: int, die: int) -> tuple[int, bool]:
    """Play a step already known legal; returns (dst, hit) so the caller can undo it."""
    dst = src - die
    me[src] -= 1
    if dst <= 0:
        me[0] += 1
        return 0, False
    me[dst] += 1
    if opp[dst] == 1:
        opp[dst] = 0
        opp[0] += 1
        return dst, True
    return dst, False


def undo_step(me: list[int], opp: list[int], src: int, dst: int, hit: bool) -> None:
    me[src] += 1
    if dst == 0:
        me[0] -= 1
        return
    me[dst] -= 1
    if hit:
        opp[dst] = 1
        opp[0] -= 1


def _sources(me: list[int], top: int) -> range | tuple[int]:
    if me[25]:
        return (25,) if top >= 25 else ()
    return range(min(top, 24), 0, -1)


def generate(me: list[int], opp: list[int], d1: int, d2: int) -> list[tuple[Steps, Board, Board]]:
    """One (steps, me, opp) per distinct resulting position, obeying the maximum-dice rules.

    ``me``/``opp`` are restored before returning. Doubles are searched with non-increasing
    source points (any legal order can be rearranged that way, bar first, outside checkers
    before bearing off), which removes the permutations that only reach duplicates.
    """
    results: dict[tuple[Board, Board], tuple[Steps, int]] = {}
    best = [0]
    steps: list[Step] = []

    def record(first_die: int) -> None:
        n = len(steps)
        if n < best[0]:
            return
        if n > best[0]:
            results.clear()
            best[0] = n
        key = (tuple(me), tuple(opp))
        if key not in results:
            results[key] = (tuple(steps), first_die)

    if d1 == d2:
        die = d1

        def rec(left: int, top: int) -> None:
            moved = False
            if left:
                for src in _sources(me, top):
                    if me[src] and can_step(me, opp, src, die):
                        moved = True
                        dst, hit = do_step(me, opp, src, die)
                        steps.append((src, dst))
                        rec(left - 1, src)
                        steps.pop()
                        undo_step(me, opp, src, dst, hit)
            if not moved:
                record(die)

        rec(4, 25)
    else:
        hi, lo = (d1, d2) if d1 > d2 else (d2, d1)
        any_first = False
        for a, b in ((hi, lo), (lo, hi)):
            for src in _sources(me, 25):
                if not (me[src] and can_step(me, opp, src, a)):
                    continue
                any_first = True
                dst, hit = do_step(me, opp, src, a)
                steps.append((src, dst))
                second = False
                for src2 in _sources(me, 25):
                    if me[src2] and can_step(me, opp, src2, b):
                        second = True
                        dst2, hit2 = do_step(me, opp, src2, b)
                        steps.append((src2, dst2))
                        record(a)
                        steps.pop()
                        undo_step(me, opp, src2, dst2, hit2)
                if not second:
                    record(a)
                steps.pop()
                undo_step(me, opp, src, dst, hit)
        if not any_first:
            record(0)
        elif best[0] == 1 and any(die == hi for _, die in results.values()):
            # Either die alone but not both: the larger one must be played.
            for key in [k for k, (_, die) in results.items() if die != hi]:
                del results[key]
    return [(s, k[0], k[1]) for k, (s, _) in results.items()]


def all_sequences(me: list[int], opp: list[int], d1: int, d2: int) -> tuple[Steps, ...]:
    """Every legal full step sequence in every order (for a UI that plays step by step).

    Slower than :func:`generate` (no order pruning); only called for the one position on screen.
    """
    dice = [d1, d2] * 2 if d1 == d2 else [d1, d2]
    moves = generate(me, opp, d1, d2)
    legal = {(m, o) for _, m, o in moves}
    need = len(moves[0][0])
    found: dict[Steps, None] = {}
    steps: list[Step] = []

    def rec(left: list[int]) -> None:
        moved = False
        for die in sorted(set(left), reverse=True):
            for src in _sources(me, 25):
                if me[src] and can_step(me, opp, src, die):
                    moved = True
                    dst, hit = do_step(me, opp, src, die)
                    steps.append((src, dst))
                    rest = list(left)
                    rest.remove(die)
                    rec(rest)
                    steps.pop()
                    undo_step(me, opp, src, dst, hit)
        if not moved and len(steps) == need and (tuple(me), tuple(opp)) in legal:
            found[tuple(steps)] = None

    rec(dice)
    return tuple(found)


def play_steps(
    me: list[int], opp: list[int], steps: Steps, d1: int, d2: int
) -> tuple[Board, Board] | None:
    """The (me, opp) after ``steps`` if each step is legal with some unused die, else None.

    Tries every assignment of dice to steps, since a bear-off step ``(s, 0)`` may use the exact
    die or a larger one. The max-dice rules are checked by the caller against :func:`generate`.
    """
    dice = [d1, d2] * 2 if d1 == d2 else [d1, d2]
    if len(steps) > len(dice):
        return None

    def rec(i: int, left: list[int]) -> tuple[Board, Board] | None:
        if i == len(steps):
            return tuple(me), tuple(opp)
        src, want = steps[i]
        for die in sorted(set(left)):
            dst = src - die
            if (dst if dst > 0 else 0) != want or not can_step(me, opp, src, die):
                continue
            d, hit = do_step(me, opp, src, die)
            rest = list(left)
            rest.remove(die)
            out = rec(i + 1, rest)
            undo_step(me, opp, src, d, hit)
            if out is not None:
                return out
        return None

    for src, dst in steps:
        if not (
            isinstance(src, int) and isinstance(dst, int) and 1 <= src <= 25 and 0 <= dst <= 24
        ):
            return None
    return rec(0, dice)


def pips(me: Board | list[int]) -> int:
    """Pip count of a mover-relative side (bar counts 25)."""
    return sum(i * me[i] for i in range(1, 26))
