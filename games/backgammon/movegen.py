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


def _sources(me: list[int], top: int) -> range | tuple[int, ...]:
    if me[25]:
        return (25,) if top >= 25 else ()
    return range(min(top, 24), 0, -1)


def legal_sources(me: list[int], opp: list[int], die: int) -> tuple[int, ...] | list[int]:
    """The points (mover's numbering, 25 = bar) a checker may move from with ``die`` now,
    highest first: the bar alone while a checker is on it."""
    if me[25]:
        return (25,) if opp[25 - die] < 2 else ()
    top = 24
    while top and not me[top]:
        top -= 1
    out = []
    if top > 6:
        for src in range(top, die, -1):
            if me[src] and opp[src - die] < 2:
                out.append(src)
        return out
    for src in range(top, 0, -1):
        if me[src]:
            dst = src - die
            if dst >= 1:
                if opp[dst] < 2:
                    out.append(src)
            elif dst == 0 or src == top:
                out.append(src)
    return out


def generate(me: list[int], opp: list[int], d1: int, d2: int) -> list[tuple[Steps, Board, Board]]:
    """One (steps, me, opp) per distinct resulting position, obeying the maximum-dice rules.

    ``me``/``opp`` are restored before returning. Doubles are searched with non-increasing
    source points (any legal order can be rearranged that way, bar first, outside checkers
    before bearing off), which removes the permutations that only reach duplicates.

    This is the search's inner loop (most of a 1-ply search's time), so it is written for
    speed: the steps are played and taken back inline rather than through ``do_step`` and
    ``undo_step``, the legal sources of a die are found in one pass (``legal_sources``), and
    the opponent's side is copied into a result's key only when a step hit a blot.
    """
    results: dict[tuple[Board, Board], Steps] = {}
    opp_key = tuple(opp)
    if d1 == d2:
        die = d1
        best = 0
        steps: list[Step] = []
        hits = [0]

        def rec(left: int, top: int) -> None:
            nonlocal best
            moved = False
            if left:
                for src in legal_sources(me, opp, die):
                    if src > top:
                        continue
                    moved = True
                    dst = src - die
                    me[src] -= 1
                    hit = False
                    if dst <= 0:
                        dst = 0
                        me[0] += 1
                    else:
                        me[dst] += 1
                        if opp[dst] == 1:
                            opp[dst] = 0
                            opp[0] += 1
                            hit = True
                            hits[0] += 1
                    steps.append((src, dst))
                    rec(left - 1, src)
                    steps.pop()
                    me[src] += 1
                    me[dst] -= 1
                    if hit:
                        opp[dst] = 1
                        opp[0] -= 1
                        hits[0] -= 1
            if not moved:
                n = len(steps)
                if n < best:
                    return
                if n > best:
                    results.clear()
                    best = n
                key = (tuple(me), tuple(opp) if hits[0] else opp_key)
                if key not in results:
                    results[key] = tuple(steps)

        rec(4, 25)
        return [(s, k[0], k[1]) for k, s in results.items()]
    hi, lo = (d1, d2) if d1 > d2 else (d2, d1)
    #: Turns that play one die only: key -> (steps, the die played).
    ones: dict[tuple[Board, Board], tuple[Steps, int]] = {}
    for a, b in ((hi, lo), (lo, hi)):
        for src in legal_sources(me, opp, a):
            dst = src - a
            me[src] -= 1
            hit = False
            if dst <= 0:
                dst = 0
                me[0] += 1
            else:
                me[dst] += 1
                if opp[dst] == 1:
                    opp[dst] = 0
                    opp[0] += 1
                    hit = True
            seconds = legal_sources(me, opp, b)
            if seconds:
                for src2 in seconds:
                    dst2 = src2 - b
                    me[src2] -= 1
                    hit2 = False
                    if dst2 <= 0:
                        dst2 = 0
                        me[0] += 1
                    else:
                        me[dst2] += 1
                        if opp[dst2] == 1:
                            opp[dst2] = 0
                            opp[0] += 1
                            hit2 = True
                    key = (tuple(me), tuple(opp) if hit or hit2 else opp_key)
                    if key not in results:
                        results[key] = ((src, dst), (src2, dst2))
                    me[src2] += 1
                    me[dst2] -= 1
                    if hit2:
                        opp[dst2] = 1
                        opp[0] -= 1
            elif not results:
                key = (tuple(me), tuple(opp) if hit else opp_key)
                if key not in ones:
                    ones[key] = (((src, dst),), a)
            me[src] += 1
            me[dst] -= 1
            if hit:
                opp[dst] = 1
                opp[0] -= 1
    if results:
        return [(s, k[0], k[1]) for k, s in results.items()]
    if not ones:
        return [((), tuple(me), opp_key)]
    if any(a == hi for _, a in ones.values()):
        # Either die alone but not both: the larger one must be played.
        return [(s, k[0], k[1]) for k, (s, a) in ones.items() if a == hi]
    return [(s, k[0], k[1]) for k, (s, _) in ones.items()]


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
