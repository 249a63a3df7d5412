"""Kalah's noisy moves, the ones quiescence search follows past the depth limit: a move whose
last seed lands in the mover's store (another turn) or makes a capture.

At the depth limit a position with a capture on the board is not what it seems: its value
jumps by the captured seeds one ply later (the horizon effect). Quiescence search asks this
module at every leaf, so the landing pit is worked out by arithmetic on the ring, without
sowing; a test holds it to the rules' own sowing (games.kalah.rules.sow).
"""

from __future__ import annotations

from games.kalah.rules import KalahState


def noisy_moves(state: KalahState) -> tuple[int, ...]:
    """The mover's captures, biggest first, then the moves that earn another turn (in the
    order of the pits): the likeliest to settle a quiescence search early come first."""
    pits = state.pits
    m = len(pits) >> 1
    if not any(pits):
        return ()
    p = state.to_move
    own = pits[p * m : p * m + m]
    other = pits[m - p * m : 2 * m - p * m]
    length = 2 * m + 1
    captures: list[tuple[int, int]] = []
    extra: list[int] = []
    for pit in range(m):
        seeds = own[pit]
        if not seeds:
            continue
        last = (pit + seeds) % length
        if last == m:
            extra.append(pit)
            continue
        if last > m:
            continue
        laps, rest = divmod(seeds, length)
        landed = (0 if last == pit else own[last]) + laps + (1 if rest else 0)
        if landed != 1:
            continue
        # The facing pit, on the ring from the mover's side, and what the sowing put there.
        facing_ring = 2 * m - last
        facing = other[facing_ring - m - 1] + laps
        if rest and 1 <= (facing_ring - pit) % length <= rest:
            facing += 1
        if facing or state.empty_capture:
            captures.append((facing + 1, pit))
    captures.sort(key=lambda c: -c[0])
    return tuple(pit for _, pit in captures) + tuple(extra)
