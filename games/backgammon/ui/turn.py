"""Building a backgammon turn one checker step at a time, without pygame.

A backgammon move is a whole turn, but a person plays it step by step. The rules give every legal
full step sequence (in all orders); this module keeps the steps played so far, answers which
sources and destinations are still legal, and applies steps to a lightweight board snapshot so the
view can show a half-played turn. Steps use the mover's own numbering: 25 = bar, 0 = off.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.backgammon.rules import BackgammonState

Step = tuple[int, int]
BAR, OFF = 25, 0


def point_index(player: int, point: int) -> int:
    """Index into ``points`` of ``point`` (1..24) counted from ``player``'s side."""
    return point - 1 if player == 0 else 24 - point


def own_point(player: int, index: int) -> int:
    """Inverse of point_index: the number ``player`` calls the point at ``index``."""
    return index + 1 if player == 0 else 24 - index


@dataclass
class Snapshot:
    """Checker placement only (no dice, no turn): what the board view draws."""

    points: list[int]
    bar: list[int]
    off: list[int]

    @classmethod
    def of(cls, state: BackgammonState) -> Snapshot:
        return cls(list(state.points), list(state.bar), list(state.off))

    def copy(self) -> Snapshot:
        return Snapshot(list(self.points), list(self.bar), list(self.off))

    def count(self, player: int, point: int) -> int:
        """Checkers of ``player`` on his own ``point`` (25 = bar, 0 = off)."""
        if point == BAR:
            return self.bar[player]
        if point == OFF:
            return self.off[player]
        v = self.points[point_index(player, point)]
        return max(0, v) if player == 0 else max(0, -v)

    def lift(self, player: int, src: int) -> None:
        """Take one of ``player``'s checkers off ``src`` (the first half of a step)."""
        if src == BAR:
            if self.bar[player] <= 0:
                raise ValueError(f"no checker of player {player} on the bar")
            self.bar[player] -= 1
            return
        i = point_index(player, src)
        sign = 1 if player == 0 else -1
        if self.points[i] * sign <= 0:
            raise ValueError(f"no checker of player {player} on point {src}")
        self.points[i] -= sign

    def land(self, player: int, dst: int) -> bool:
        """Put one checker on ``dst``; True when it hit a blot (sent to the bar)."""
        if dst == OFF:
            self.off[player] += 1
            return False
        i = point_index(player, dst)
        sign = 1 if player == 0 else -1
        hit = self.points[i] == -sign
        if hit:
            self.points[i] = 0
            self.bar[1 - player] += 1
        self.points[i] += sign
        return hit

    def step(self, player: int, step: Step) -> bool:
        self.lift(player, step[0])
        return self.land(player, step[1])

    def pips(self, player: int) -> int:
        total = 25 * self.bar[player]
        for i, v in enumerate(self.points):
            n = v if player == 0 else -v
            if n > 0:
                total += n * own_point(player, i)
        return total


def dice_list(dice: tuple[int, ...] | None) -> list[int]:
    """The dice a turn may use: a double gives four."""
    if not dice:
        return []
    if len(dice) == 2 and dice[0] == dice[1]:
        return [dice[0]] * 4
    return list(dice)


def step_fits(step: Step, die: int) -> bool:
    """Whether ``die`` can be the die behind ``step`` (bearing off may use a larger die)."""
    src, dst = step
    if dst == OFF:
        return die >= src
    return src - dst == die


def assign_dice(steps: list[Step], dice: list[int]) -> list[int] | None:
    """Which die each step used (exact dice preferred), or None when no assignment exists."""
    if not steps:
        return []
    first, rest = steps[0], steps[1:]
    # Exact dice first, then the smallest larger die (bearing off), so the display is natural.
    for die in sorted(set(dice), key=lambda d: (not _exact(first, d), d)):
        if step_fits(first, die):
            left = list(dice)
            left.remove(die)
            tail = assign_dice(rest, left)
            if tail is not None:
                return [die, *tail]
    return None


def _exact(step: Step, die: int) -> bool:
    src, dst = step
    return (src - dst if dst != OFF else src) == die


@dataclass
class TurnBuilder:
    """The steps chosen so far this turn and what may legally follow."""

    mover: int
    dice: tuple[int, ...] | None
    sequences: list[tuple[Step, ...]]
    steps: list[Step] = field(default_factory=list)

    def consistent(self) -> list[tuple[Step, ...]]:
        k = len(self.steps)
        prefix = tuple(self.steps)
        return [s for s in self.sequences if tuple(s[:k]) == prefix]

    def is_empty_turn(self) -> bool:
        """The only legal move is to play nothing."""
        return all(len(s) == 0 for s in self.sequences)

    def next_steps(self) -> set[Step]:
        k = len(self.steps)
        return {s[k] for s in self.consistent() if len(s) > k}

    def sources(self) -> set[int]:
        return {src for src, _ in self.next_steps()}

    def destinations(self, src: int) -> dict[int, list[Step]]:
        """Every point ``src``'s checker can reach this turn, with the steps that get it there.

        One-step destinations come first; a further point reached by moving the same checker
        again (e.g. 13 to 9 with 3-1) is offered too, so a person can click the end point.
        """
        k = len(self.steps)
        found: dict[int, list[Step]] = {}
        for seq in self.consistent():
            rest = seq[k:]
            if not rest or rest[0][0] != src:
                continue
            chain: list[Step] = []
            at = src
            for st in rest:
                if st[0] != at:
                    break
                chain.append(st)
                at = st[1]
                known = found.get(at)
                if known is None or len(known) > len(chain):
                    found[at] = list(chain)
                if at == OFF:
                    break
        return found

    def step_for_die(self, src: int, die: int) -> Step | None:
        """The next step from ``src`` that uses ``die``, if there is one."""
        if die not in self.unused_dice():
            return None
        options = [st for st in self.next_steps() if st[0] == src and step_fits(st, die)]
        options.sort(key=lambda st: not _exact(st, die))
        return options[0] if options else None

    def used_dice(self) -> list[int]:
        return assign_dice(self.steps, dice_list(self.dice)) or []

    def unused_dice(self) -> list[int]:
        left = dice_list(self.dice)
        for d in self.used_dice():
            if d in left:
                left.remove(d)
        return left

    def play(self, steps: list[Step]) -> None:
        legal = self.next_steps()
        for st in steps:
            if st not in legal:
                raise ValueError(f"step {st} is not legal now")
            self.steps.append(st)
            legal = self.next_steps()

    def complete(self) -> bool:
        k = len(self.steps)
        return any(len(s) == k for s in self.consistent())

    def preview(self, base: Snapshot) -> Snapshot:
        snap = base.copy()
        for st in self.steps:
            snap.step(self.mover, st)
        return snap
