"""Nim positions as the lab's tree labels its edges: by the heaps a move leaves.

In Nim and Grundy's game the heaps after a move say more than the move's notation ("2:3",
"1:3"): a student reads "3,1,5" and sees the nim-sum at once.
"""

from __future__ import annotations


def heaps_label(after: object, move: object = None) -> str:
    """The heaps of ``after``, "3,1,5"; after a Grundy split ``move`` = (heap, part), the two
    heaps it made joined by "+": "3+1,3" (a split of a heap of 7 into 4 and 3 reads "4+3").
    Both are read by what they hold (``object``): a position without heaps labels as ""."""
    heaps = [str(h) for h in getattr(after, "heaps", ())]
    if (getattr(after, "variant", "") == "grundy" and isinstance(move, tuple) and len(move) == 2
            and isinstance(move[0], int) and 0 <= move[0] < len(heaps) - 1):
        i = move[0]
        heaps[i:i + 2] = [f"{heaps[i]}+{heaps[i + 1]}"]
    return ",".join(heaps)
