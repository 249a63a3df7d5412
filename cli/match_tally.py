"""A match's outcomes and their statistics: each game from A's seat (GameOutcome), the tally
(Tally), and the summary with its 95% intervals as JSON and as text (``match``, the ladder
and the outside-opponent scripts report alike)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

from ai.kit import game_ai, profile_for
from ai.selfplay import Z95, wilson
from cli.answers import figure, numbers
from game.jsontypes import JSONObject, JSONValue
from game.registry import get_kit


class Seat(Protocol):
    """What an outcome needs of its game's spec: which game of the match, and A's colour."""

    @property
    def index(self) -> int: ...

    @property
    def a_first(self) -> bool: ...


@dataclass(frozen=True)
class GameOutcome:
    index: int
    #: +1 A won, 0 draw, -1 A lost.
    result: int
    #: A's points (backgammon: 1, 2 or 3 for a single game, gammon, backgammon).
    points_a: float
    plies: int
    finished: bool
    error: str | None = None
    #: Seconds each side spent choosing its moves, and the moves it chose (forced ones aside);
    #: 0 where not measured (a record written before they were kept, a game with stakes).
    think_a: float = 0.0
    think_b: float = 0.0
    turns_a: int = 0
    turns_b: int = 0
    #: How the game ended when not by the rules: "forfeit: illegal move e9 at move 23" (a
    #: program's forfeit; the loser is the side the result says lost). None: played out.
    note: str | None = None

    @classmethod
    def of_game(cls, spec: Seat, returns: tuple[float, float], plies: int,
                finished: bool, thinking: tuple[float, float] = (0.0, 0.0),
                asked: tuple[int, int] = (0, 0), note: str | None = None) -> GameOutcome:
        """The outcome from A's seat: A is player 0 in the pair's even game."""
        a = 0 if spec.a_first else 1
        mine, theirs = returns[a], returns[1 - a]
        return cls(spec.index, (mine > theirs) - (mine < theirs), mine, plies, finished,
                   think_a=round(thinking[a], 3), think_b=round(thinking[1 - a], 3),
                   turns_a=asked[a], turns_b=asked[1 - a], note=note)

    @classmethod
    def failed(cls, spec: Seat, exc: Exception) -> GameOutcome:
        """A game that raised: carried back as data, so the parent reports it on one line."""
        return cls(spec.index, 0, 0.0, 0, False, f"{type(exc).__name__}: {exc}")


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    unfinished: int = 0
    points_a: float = 0.0
    plies: list[int] = field(default_factory=list)
    #: A's points by game index (pairs 2k, 2k+1 share their dice).
    points: dict[int, float] = field(default_factory=dict)
    #: Seconds spent choosing and moves chosen, A's then B's, over the games that kept them.
    thinking: list[float] = field(default_factory=lambda: [0.0, 0.0])
    turns: list[int] = field(default_factory=lambda: [0, 0])
    #: Forfeits by game index: (the side that forfeited, "A" or "B", the note).
    forfeits: dict[int, tuple[str, str]] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, outcome: GameOutcome) -> None:
        if outcome.result > 0:
            self.wins += 1
        elif outcome.result < 0:
            self.losses += 1
        else:
            self.draws += 1
        self.unfinished += not outcome.finished
        self.points_a += outcome.points_a
        self.plies.append(outcome.plies)
        self.points[outcome.index] = outcome.points_a
        self.thinking[0] += outcome.think_a
        self.thinking[1] += outcome.think_b
        self.turns[0] += outcome.turns_a
        self.turns[1] += outcome.turns_b
        if outcome.note is not None and outcome.note.startswith(FORFEIT):
            self.forfeits[outcome.index] = ("A" if outcome.result < 0 else "B",
                                            outcome.note[len(FORFEIT):])

    def forfeit_summary(self) -> JSONObject:
        """Forfeits by side, and by kind (what the reasons say before their particulars:
        "illegal move", "no move within") with a count and the first game's reason."""
        counts: dict[str, int] = {}
        first: dict[str, str] = {}
        for index in sorted(self.forfeits):
            side, reason = self.forfeits[index]
            kind = forfeit_kind(reason)
            counts[kind] = counts.get(kind, 0) + 1
            first.setdefault(kind, f"{side}: {reason} (game {index + 1})")
        sides = [side for side, _reason in self.forfeits.values()]
        return {"A": sides.count("A"), "B": sides.count("B"),
                "kinds": [{"kind": k, "count": n, "first": first[k]} for k, n in counts.items()]}

    def seconds_a_move(self) -> list[JSONValue] | None:
        """A's and B's mean seconds a chosen move (None where nothing was timed)."""
        if not all(self.turns):
            return None
        return [round(self.thinking[i] / self.turns[i], 3) for i in (0, 1)]

    def points_per_game(self) -> tuple[float, float, float]:
        """A's mean points a game and its 95% interval, with pairs of games (same dice, colours
        swapped) as the independent unit."""
        n = len(self.points)
        if n == 0:
            return (0.0, 0.0, 0.0)
        pairs: dict[int, list[float]] = {}
        for index, pts in self.points.items():
            pairs.setdefault(index // 2, []).append(pts)
        means = [sum(v) / len(v) for v in pairs.values()]
        mean = self.points_a / n
        k = len(means)
        var = sum((m - mean) ** 2 for m in means) / (k - 1) if k > 1 else 0.0
        half = Z95 * math.sqrt(var / k) if k > 1 else math.inf
        return (mean, mean - half, mean + half)



#: How a forfeit's note begins.
FORFEIT = "forfeit: "


def forfeit_kind(reason: str) -> str:
    """A reason without its particulars: its words up to a colon, or up to the first word
    that holds a digit, a quote or a bracket ("illegal move e9" -> "illegal move", "not a
    move: 'x'" -> "not a move")."""
    words = []
    for word in reason.split():
        plain = word.removesuffix(":")
        if any(c.isdigit() or c in "'\":()" for c in plain):
            break
        words.append(plain)
        if plain != word:
            break
    return " ".join(words) or reason


def elo(score: float) -> float:
    """Elo difference that predicts ``score``; infinite at a whitewash."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def summary(tally: Tally, **header: JSONValue) -> JSONObject:
    n = tally.games
    ppg, ppg_lo, ppg_hi = tally.points_per_game()
    score = (tally.wins + tally.draws / 2) / n if n else 0.0
    lo, hi = wilson(score, n)

    def finite(x: float, digits: int = 1) -> float | None:
        return round(x, digits) if math.isfinite(x) else None

    return {
        **header,
        "games": n,
        "wins": tally.wins,
        "draws": tally.draws,
        "losses": tally.losses,
        "unfinished": tally.unfinished,
        "points_a": tally.points_a,
        "score": round(score, 4),
        "score_ci95": [round(lo, 4), round(hi, 4)],
        "elo": finite(elo(score)),
        "elo_ci95": [finite(elo(lo)), finite(elo(hi))],
        "mean_plies": round(sum(tally.plies) / n, 1) if n else 0.0,
        "points_per_game": round(ppg, 4),
        "points_per_game_ci95": [finite(ppg_lo, 4), finite(ppg_hi, 4)],
        "seconds_a_move": tally.seconds_a_move(),
        "moves_chosen": [*tally.turns],
        **({"forfeits": tally.forfeit_summary()} if tally.forfeits else {}),
    }


def _fmt_elo(x: float | None, lo_side: bool) -> str:
    if x is None:
        return "-inf" if lo_side else "+inf"
    rounded = round(x)
    return f"{rounded:+d}" if rounded else "0"  # an even score is "0", never "-0"


def format_text(s: JSONObject) -> str:
    lo, hi = numbers(s["score_ci95"])
    elo_lo, elo_hi = numbers(s["elo_ci95"])
    [elo_value] = numbers([s["elo"]])
    game = str(s["game"])
    elo_text = _fmt_elo(elo_value, figure(s, "score") <= 0)
    lines = [
        f"{s['game']}: A = {s['a']} vs B = {s['b']}, {s['games']} games, seed {s['seed']}"
        + (f" (A's evaluation weighted: {s['weights_a']})" if s.get("weights_a") else ""),
        f"A: {s['wins']} wins, {s['draws']} draws, {s['losses']} losses"
        + (f" ({s['unfinished']} unfinished, scored as draws)" if s["unfinished"] else ""),
        f"score {s['score']:.3f} (95% CI {lo:.3f} .. {hi:.3f})",
        f"Elo difference A - B: {elo_text} (95% CI {_fmt_elo(elo_lo, True)} .. {_fmt_elo(elo_hi, False)})",
    ]

    if s.get("seconds_a_move") is not None:
        a_s, b_s = numbers(s["seconds_a_move"])
        a_n, b_n = numbers(s["moves_chosen"])
        lines.append(f"thinking: A {a_s:.3f} s a move ({a_n:,.0f} moves chosen),"
                     f" B {b_s:.3f} s ({b_n:,.0f})")

    forfeits = s.get("forfeits")
    if isinstance(forfeits, dict):
        lines.append(f"forfeits: A {forfeits['A']}, B {forfeits['B']}")
        kinds = forfeits["kinds"]
        for kind in kinds if isinstance(kinds, list) else []:
            if isinstance(kind, dict):
                lines.append(f"  {kind['count']} x {kind['kind']}: first {kind['first']}")
    if s.get("logs"):
        lines.append(f"the programs' standard error: {s['logs']}")

    kit = get_kit(game)
    if profile_for(kit).points:
        lo_text, hi_text = (f"{v:+.3f}" if v is not None else "?"
                            for v in numbers(s["points_per_game_ci95"]))
        stakes = game_ai(kit).stakes
        staked = (f" with {stakes.name}" if stakes is not None and stakes.switches
                  and s.get(stakes.switches[0].name) else "")
        lines.append(f"A's points{staked} (gammons count 2, backgammons 3): {s['points_a']:+g}")
        lines.append(
            f"A's points per game {s['points_per_game']:+.3f} (95% CI {lo_text} .. {hi_text},"
            " pairs of games as the unit)"
        )
    return "\n".join(lines)
