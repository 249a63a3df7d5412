"""Backgammon text formats: the GNU Backgammon Position ID and the usual move notation.

Position ID (as GNU Backgammon's own ``PositionKey`` builds it): a bit string with, for each
side, one ``1`` per checker and a ``0`` after each of its 25 slots (its points 1..24 in its own
numbering, then its bar). The side *not* on roll comes first (gnubg's ``anBoard[0]``), then the
side on roll (``anBoard[1]``, the one whose moves ``ApplySubMove`` plays). The bits are packed
little-endian into 10 bytes and written as 14 base64 characters. The start position, symmetric,
is ``4HPwATDgc/ABMA`` either way.

Moves: ``13/10 24/23*``, ``bar/22``, ``6/off``, ``8/5(2)``, chains ``24/18*/13``, ``none``.
A move's text is resolved through the position it produces, so any legal way of writing a turn
(``13/7`` or ``13/10 10/7``) names the same move, exactly as legal_moves() deduplicates them.
"""

from __future__ import annotations

import re

from game.core import IllegalMoveError, NotationError, quoted
from games.backgammon.movegen import Board, Steps

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_B64_INDEX = {c: i for i, c in enumerate(_B64)}

BAR, OFF = 25, 0
EMPTY_MOVE = "none"


def encode_position_id(me: Board | list[int], opp: Board | list[int]) -> str:
    """The 14-character ID of a mover-relative board (see the module docstring)."""
    bits: list[int] = []
    # Opponent's point j (his numbering) is the mover's point 25 - j; his bar is opp[0].
    for count in [opp[25 - j] for j in range(1, 25)] + [opp[0]]:
        bits.extend([1] * count)
        bits.append(0)
    for count in list(me[1:25]) + [me[25]]:
        bits.extend([1] * count)
        bits.append(0)
    bits.extend([0] * (80 - len(bits)))
    key = bytearray(10)
    for i, b in enumerate(bits):
        if b:
            key[i // 8] |= 1 << (i % 8)
    # 10 bytes -> 80 bits -> 14 sextets (the last one padded with zero bits).
    value = int.from_bytes(key, "big") << 4
    return "".join(_B64[(value >> (6 * (13 - k))) & 63] for k in range(14))


def decode_position_id(text: str) -> tuple[list[int], list[int]]:
    """(me, opp) lists for the side on roll; NotationError if the ID cannot be a position."""
    if len(text) != 14 or any(c not in _B64_INDEX for c in text):
        raise NotationError(
            f"a position ID is 14 base64 characters (A-Z a-z 0-9 + /), got {quoted(text)}"
        )
    value = 0
    for c in text:
        value = (value << 6) | _B64_INDEX[c]
    if value & 0xF:
        raise NotationError(f"position ID {quoted(text)} has stray bits after the 80-bit key")
    key = (value >> 4).to_bytes(10, "big")
    bits = [(key[i // 8] >> (i % 8)) & 1 for i in range(80)]
    slots: list[int] = []
    count = 0
    for b in bits:
        if len(slots) == 50:
            if b:
                raise NotationError(f"position ID {quoted(text)} has checkers beyond the two sides")
            continue
        if b:
            count += 1
        else:
            slots.append(count)
            count = 0
    if len(slots) < 50:
        raise NotationError(f"position ID {quoted(text)} describes more than 80 bits of checkers")
    theirs, mine = slots[:25], slots[25:]
    if sum(theirs) > 15 or sum(mine) > 15:
        raise NotationError(f"position ID {quoted(text)} gives a side more than 15 checkers")
    me = [0] * 26
    opp = [0] * 26
    me[1:25] = mine[:24]
    me[25] = mine[24]
    me[0] = 15 - sum(mine)
    for j in range(1, 25):
        opp[25 - j] = theirs[j - 1]
    opp[0] = theirs[24]
    opp[25] = 15 - sum(theirs)
    for p in range(1, 25):
        if me[p] and opp[p]:
            raise NotationError(
                f"position ID {quoted(text)} puts both sides on point {p} of the player on roll"
            )
    if me[0] == 15:
        raise NotationError(
            f"position ID {quoted(text)}: the player on roll has no checkers left, the game is over"
        )
    return me, opp


def _point_name(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


def format_steps(me: Board | list[int], opp: Board | list[int], steps: Steps) -> str:
    """GNU-style text of a legal turn: chains of one checker joined, repeats as ``(n)``."""
    if not steps:
        return EMPTY_MOVE
    opp = list(opp)
    chains: list[tuple[list[int], list[bool]]] = []
    for src, dst in steps:
        hit = dst != OFF and opp[dst] == 1
        if hit:
            opp[dst] = 0
        for path, hits in reversed(chains):
            if path[-1] == src:
                path.append(dst)
                hits.append(hit)
                break
        else:
            chains.append(([src, dst], [False, hit]))
    texts: list[tuple[int, int, str]] = []
    for path, hits in chains:
        last = len(path) - 1
        parts = [
            _point_name(p) + ("*" if hits[i] else "")
            for i, p in enumerate(path)
            if i in (0, last) or hits[i]
        ]
        texts.append((path[0], path[-1], "/".join(parts)))
    texts.sort(key=lambda t: (-t[0], -t[1], t[2]))
    out: list[str] = []
    i = 0
    while i < len(texts):
        j = i
        while j < len(texts) and texts[j][2] == texts[i][2]:
            j += 1
        out.append(texts[i][2] + (f"({j - i})" if j - i > 1 else ""))
        i = j
    return " ".join(out)


_TOKEN = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<n>\d+)\))?$")


def _parse_point(part: str, token: str) -> tuple[int, bool]:
    hit = part.endswith("*")
    name = part[:-1] if hit else part
    if name in ("bar", "b"):
        return BAR, hit
    if name in ("off", "o"):
        return OFF, hit
    if not name.isdigit():
        raise NotationError(f"{quoted(token)}: {quoted(part)} is not a point (1-24, bar or off)")
    p = int(name)
    if not 0 <= p <= 25:
        shown = p if p < 1000 else quoted(name)  # a point may be written with 10,000 digits
        raise NotationError(f"{quoted(token)}: point {shown} is off the board (1-24, 25 = bar, "
                            "0 = off)")
    return p, hit


def quote(text: str, limit: int = 60) -> str:
    """A move's text as error messages show it: stripped, quoted like the other games' (so a
    newline or control character shows as an escape, never breaks the line), and capped."""
    t = text.strip()
    return repr(t) if len(t) <= limit else repr(t[:limit]) + "..."


def parse_chains(text: str) -> list[tuple[list[int], list[bool]]]:
    """The checker paths a move's text names (each repeated as ``(n)`` says); NotationError."""
    t = text.strip().lower()
    if t in ("", "-", "none", "pass", "no move"):
        return []
    chains: list[tuple[list[int], list[bool]]] = []
    for token in re.split(r"[\s,]+", t):
        m = _TOKEN.match(token)
        if not m:
            raise NotationError(f"{quoted(token)} is not a move like 13/10, bar/22, 6/off or 8/5(2)")
        parts = m.group("path").split("/")
        if len(parts) < 2 or "" in parts:
            raise NotationError(f"{quoted(token)}: a step is written from/to, e.g. 13/10")
        points: list[int] = []
        hits: list[bool] = []
        for part in parts:
            p, hit = _parse_point(part, token)
            points.append(p)
            hits.append(hit)
        if hits[0]:
            raise NotationError(f"{quoted(token)}: '*' marks a hit where a checker lands, not its start")
        for a, b in zip(points, points[1:], strict=False):
            if b >= a:
                raise NotationError(
                    f"{quoted(token)}: checkers move to lower points ({_point_name(a)} -> {_point_name(b)})"
                )
        n = int(m.group("n") or 1)
        if not 1 <= n <= 4:
            raise NotationError(f"{quoted(token)}: a step repeats 1 to 4 times, not {n}")
        chains.extend((points, hits) for _ in range(n))
    return chains


def chains_result(
    me: Board | list[int],
    opp: Board | list[int],
    chains: list[tuple[list[int], list[bool]]],
    text: str,
) -> tuple[Board, Board]:
    """The (me, opp) that the chains produce: checkers moved, blots hit where a checker lands."""
    me2 = list(me)
    opp2 = list(opp)
    landed: set[int] = set()
    for points, hits in chains:
        src, dst = points[0], points[-1]
        if me2[src] <= 0:
            where = "on the bar" if src == BAR else f"on point {src}"
            raise IllegalMoveError(f"{quote(text)} is not legal: no checker left {where}")
        me2[src] -= 1
        me2[dst] += 1
        for p, hit in zip(points[1:], hits[1:], strict=True):
            if p == OFF:
                continue
            if hit and opp[p] != 1:
                raise IllegalMoveError(f"{quote(text)} is not legal: no blot to hit on {p}")
            landed.add(p)
    for p in landed:
        if opp[p] == 1:
            opp2[p] = 0
            opp2[0] += 1
    return tuple(me2), tuple(opp2)
