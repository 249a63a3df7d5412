"""A Kalah move as the board shows it, moment by moment: the pit emptied, the seeds dropped one
by one, then a capture or the sweep flying to a store. Plain data from the rules' own ``sow``,
so the timeline is tested without drawing anything (tests/test_kalah_view.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.kalah.rules import NAMES, KalahState, Slot, Sowing, pit_slot, store_slot


@dataclass(frozen=True)
class Frame:
    """One moment of a sowing: seeds at rest per slot, seeds in the air, pits about to empty."""

    counts: tuple[int, ...]
    #: (from slot, to slot, seeds, progress 0..1): the hand, or captured/swept seeds flying.
    flights: tuple[tuple[Slot, Slot, int, float], ...]
    flashing: tuple[Slot, ...]

    @property
    def in_air(self) -> int:
        return sum(f[2] for f in self.flights)


def ring_of(state: KalahState) -> list[int]:
    """The board's counts by slot (South's pits, South's store, North's pits, North's store)."""
    m = state.size
    return [*state.pits[:m], state.stores[0], *state.pits[m:], state.stores[1]]


def steps(s: Sowing) -> int:
    """The sowing's time in equal steps: each seed, the capture, the sweep, and a last rest."""
    return len(s.drops) + bool(s.captured) + bool(s.swept) + 1


def sowing_frame(s: Sowing, t: float) -> Frame:
    """The board ``t`` (0..1) into the animation of ``s``: at 0 the sown pit is empty and every
    seed in hand; seed k lands at (k+1)/steps; then the capture (the pits flash, then their
    seeds fly to the store), then the sweep likewise; from then on, the position after."""
    m, n = s.before.size, len(s.drops)
    board = ring_of(s.before)
    start = pit_slot(m, s.player, s.pit)
    board[start] = 0
    at = min(1.0, max(0.0, t)) * steps(s)
    landed = min(n, int(at))
    for slot in s.drops[:landed]:
        board[slot] += 1
    if landed < n:
        origin = s.drops[landed - 1] if landed else start
        return Frame(tuple(board), ((origin, s.drops[landed], n - landed, at - landed),), ())
    phase = at - n
    moves_of = []
    if s.captured:
        moves_of.append(lambda: [(x, store_slot(m, s.player)) for x in s.capture_slots])
    if s.swept:
        moves_of.append(lambda: [(x, m if x < m else 2 * m + 1) for x in range(2 * m + 1)
                                 if x != m and board[x]])
    for moves in moves_of:
        pairs = moves()
        if phase < 0.5:
            return Frame(tuple(board), (), tuple(x for x, _ in pairs))
        flights = tuple((x, to, board[x], min(1.0, (phase - 0.5) * 2)) for x, to in pairs)
        for x, _ in pairs:
            board[x] = 0
        if phase < 1.0:
            return Frame(tuple(board), flights, ())
        for _, to, k, _ in flights:
            board[to] += k
        phase -= 1.0
    return Frame(tuple(board), (), ())


def shown_counts(s: Sowing, t: float) -> tuple[int, ...]:
    """The seeds at rest in each slot ``t`` into the sowing (those in the air not counted)."""
    return sowing_frame(s, t).counts


def event_text(s: Sowing) -> str:
    """What the move did beyond sowing, in words ("" when nothing)."""
    name = NAMES[s.player]
    parts = [f"{name} captures {s.captured}"] if s.captured else []
    if s.swept:
        parts.append("Game over: each side's seeds go to its store")
    elif s.extra_turn:
        parts.append(f"Extra turn: {name} moves again")
    return " · ".join(parts)
