"""The network's inputs by agreement: the batched bit-mask code (encoding, bitboards and the
feature modules) against each input's definition, written out here position by position in
plain Python from the modules' docstrings, on any positions hypothesis can build; and a row's
inputs do not depend on the batch it is encoded in (a search encodes batches of every size)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.backgammon.ai import prime_features
from games.backgammon.ai.encoding import ENCODINGS, N_INPUTS, encode, encode_as, is_race
from games.backgammon.ai.net import load_net

Side = list[int]
NET = load_net()
#: The 36 ordered rolls (contact_features' "shots" counts them, doubles once).
ROLLS = [(i, j) for i in range(1, 7) for j in range(1, 7)]


@st.composite
def position(draw: st.DrawFn) -> tuple[Side, Side]:
    """Sides ``a`` (on roll) and ``b`` in their own numberings, 0..15 checkers on the board
    each (the rest borne off), the bar and both home boards as likely as any point."""
    a, b = [0] * 26, [0] * 26
    for place in draw(st.lists(st.integers(0, 25), min_size=15, max_size=15)):
        a[place] += 1
    for place in draw(st.lists(st.integers(0, 25), min_size=15, max_size=15)):
        if 1 <= place <= 24 and a[25 - place]:
            place = 25  # his point q is a's place 25 - q: a holds it, so he waits on the bar
        b[place] += 1
    return a, b


def theirs_at(other: Side, place: int) -> int:
    """The opponent's checkers on the side's own place (0: his bar)."""
    return other[25] if place == 0 else other[25 - place]


def rearmost(side: Side) -> int:
    return max((p for p in range(1, 26) if side[p]), default=0)


def longest_run(points: list[bool]) -> int:
    best = run = 0
    for made in points:
        run = run + 1 if made else 0
        best = max(best, run)
    return best


def v1_side(own: Side, other: Side) -> list[float]:
    units: list[float] = []
    for n in own[1:25]:
        units += [n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2]
    blots = [p for p in range(1, 25) if own[p] == 1]
    direct = [p for p in blots if any(theirs_at(other, r) for r in range(max(0, p - 6), p))]
    return units + [
        own[25] / 2, own[0] / 15,
        sum(p * own[p] for p in range(1, 26)) / 100,
        len(blots) / 5,
        sum(own[p] >= 2 for p in range(1, 7)) / 6,
        longest_run([own[p] >= 2 for p in range(1, 25)]) / 6,
        sum(own[19:26]) / 5,
        len(direct) / 3,
    ]


def contact_side(own: Side, other: Side) -> list[float]:
    blots = [p for p in range(1, 25) if own[p] == 1]
    shots = 0
    for i, j in ROLLS:
        reach = {i, 2 * i, 3 * i, 4 * i} if i == j else {i, j, i + j}
        shots += any(p - d >= 0 and theirs_at(other, p - d) for p in blots for d in reach)
    back = rearmost(own)
    blocked = sum(back - d >= 1 and theirs_at(other, back - d) >= 2 for d in range(1, 7))
    front = 25 - rearmost(other)
    return [
        shots / 36,
        sum(own[p] >= 2 for p in range(19, 25)) / 2,
        1 - (blocked / 6) ** 2 if back >= 19 else 1.0,
        sum(own[p] * max(p - front, 0) for p in range(1, 26)) / 150,
    ]


def blots_reached(own: Side, other: Side, d1: int, d2: int) -> set[int]:
    """Own blots an opposing checker reaches with the roll, every landing spot on the way
    open (not made by the side)."""
    def open_(place: int) -> bool:
        return place > 24 or own[place] < 2

    reached: set[int] = set()
    for r in range(25):
        if not theirs_at(other, r):
            continue
        if d1 == d2:
            ends, at = [], r
            for _ in range(4):
                at += d1
                ends.append(at)
                if not open_(at):
                    break
        else:
            ends = [r + d1, r + d2]
            if open_(r + d1) or open_(r + d2):
                ends.append(r + d1 + d2)
        reached |= {e for e in ends if e <= 24 and own[e] == 1}
    return reached


def shot_side(own: Side, other: Side) -> list[float]:
    hit = two = loss = 0.0
    for lo in range(1, 7):
        for hi in range(lo, 7):
            weight = 1 / 36 if lo == hi else 2 / 36
            reached = blots_reached(own, other, lo, hi)
            hit += weight * bool(reached)
            two += weight * (len(reached) >= 2)
            loss += weight * (25 - min(reached) if reached else 0)
    return [hit, two, loss / 25]


def escapes_from(place: int, other: Side) -> float:
    blocked = sum(1 << (t - 1) for t in range(1, 13)
                  if place - t >= 1 and theirs_at(other, place - t) >= 2)
    return prime_features._escapes(blocked) / 36


def prime_side(own: Side, other: Side) -> list[float]:
    back = rearmost(own)
    spares = sum(max(own[p] - 2, 0) * (p - 1) for p in range(1, 7))
    return [
        escapes_from(back, other) if back > 12 else 1.0,
        1 - min(escapes_from(p, other) for p in range(13, 25)),
        (sum(own[p] * max(p - 6, 0) for p in range(26)) + spares) / 100,
        (own[1] + own[2]) / 5,
    ]


def defined_inputs(a: Side, b: Side) -> list[float]:
    """The "v3" inputs of one position, from the definitions."""
    race = rearmost(a) + rearmost(b) <= 25
    row = v1_side(a, b) + v1_side(b, a) + [float(race)]
    for side in (contact_side, shot_side, prime_side):
        row += side(a, b) + side(b, a)
    return [float(value) for value in row]


@settings(max_examples=300, deadline=None)
@given(st.lists(position(), min_size=1, max_size=6))
def test_every_input_is_what_its_definition_says(batch: list[tuple[Side, Side]]) -> None:
    a = np.array([p[0] for p in batch])
    b = np.array([p[1] for p in batch])
    batched = encode_as(a, b, "v3")
    assert batched.shape == (len(batch), ENCODINGS["v3"])
    for row, (pa, pb) in zip(batched, batch, strict=True):
        assert row.tolist() == pytest.approx(defined_inputs(pa, pb), abs=1e-12)
    assert np.array_equal(encode(a, b), batched[:, :N_INPUTS])
    assert is_race(a, b).tolist() == [bool(r) for r in batched[:, N_INPUTS - 1]]


@settings(max_examples=50, deadline=None)
@given(st.lists(position(), min_size=2, max_size=40))
def test_a_rows_inputs_and_value_do_not_depend_on_its_batch(batch: list[tuple[Side, Side]]
                                                           ) -> None:
    """Up to rounding: a matrix product sums in an order that can depend on the batch's size.
    The shipped network's halves take the race rows and the contact rows of a batch apart."""
    a = np.array([p[0] for p in batch])
    b = np.array([p[1] for p in batch])
    together, probs = encode_as(a, b, "v3"), NET.probs(a, b)
    for i in range(len(batch)):
        alone = slice(i, i + 1)
        assert np.allclose(encode_as(a[alone], b[alone], "v3")[0], together[i], rtol=0,
                           atol=1e-12)
        assert np.allclose(NET.probs(a[alone], b[alone])[0], probs[i], rtol=0, atol=1e-9)
