"""The speed-ups behind the search's node rates change no result.

Table-driven tic-tac-toe rules and evaluator are checked against the plain definitions on every
reachable position; the bit-set shot cost of the backgammon evaluator against the per-roll loop
it replaced; and a few bench searches keep their exact value, move and node count (recorded
before the speed-ups), so a change of ordering or of the transposition table shows up here.
"""

from __future__ import annotations

import threading

import pytest

from ai.api import Limits, SearchConfig
from ai.engine import make_searcher
from game.core import TERMINAL
from game.playouts import random_positions
from game.registry import get_game
from games.backgammon.ai import evaluation as bg
from games.backgammon.game import GAME as BACKGAMMON
from games.tictactoe.ai.evaluation import TicTacToeEvaluator
from games.tictactoe.rules import GAME as TICTACTOE
from games.tictactoe.rules import LINES


def _reachable_tictactoe() -> list:
    seen = {}
    stack = [TICTACTOE.initial_state()]
    while stack:
        s = stack.pop()
        if s.key() not in seen:
            seen[s.key()] = s
            stack.extend(s.apply(m) for m in s.legal_moves())
    return list(seen.values())


def test_tictactoe_tables_agree_with_the_plain_rules() -> None:
    ev = TicTacToeEvaluator()
    positions = _reachable_tictactoe()
    assert len(positions) == 5478
    for s in positions:
        b = s.board
        lines = [b[i] for i, j, k in LINES if b[i] is not None and b[i] == b[j] == b[k]]
        winner = lines[0] if lines else None
        assert s.winner() == winner
        over = winner is not None or None not in b
        assert s.legal_moves() == (() if over else tuple(i for i, c in enumerate(b) if c is None))
        assert (s.current_player() == TERMINAL) == over
        for p in (0, 1):
            open_p = sum(all(b[i] != 1 - p for i in line) for line in LINES)
            open_q = sum(all(b[i] != p for i in line) for line in LINES)
            assert ev.evaluate(s, p) == float(open_p - open_q)


def test_tictactoe_tt_key_is_a_collision_free_index() -> None:
    keys = [s.tt_key() for s in _reachable_tictactoe()]
    assert len(set(keys)) == len(keys) == 5478
    assert min(keys) >= 0 and max(keys) < 2**16
    # Built from the board (not by apply) it is the same number.
    s = TICTACTOE.initial_state().apply(4).apply(0).apply(8)
    assert TICTACTOE.parse_position(TICTACTOE.format_position(s)).tt_key() == s.tt_key()


def _shot_cost_reference(side: list[int], other: list[int]) -> float:
    """The per-roll loop the bit-set version replaced (same floats, same summation order)."""
    blots = [x for x in range(1, 25) if side[x] == 1]
    if not blots:
        return 0.0
    sources = [0] if other[0] else [s for s in range(1, 24) if other[s]]
    worst = [0.0] * len(bg._ROLLS)
    for x in blots:
        cost = 0.25 + 0.75 * (25 - x) / 24.0
        for s in sources:
            k = x - s
            if k <= 0:
                continue
            for idx, alts in bg._HIT_TABLE[k]:
                if worst[idx] >= cost:
                    continue
                for alt in alts:
                    if all(side[s + o] < 2 for o in alt):
                        worst[idx] = cost
                        break
    return sum(w * c for w, c in zip(bg._ROLL_WEIGHT, worst, strict=True)) / 36.0


def _backgammon_sample(seed: int, n: int) -> list:
    return random_positions(BACKGAMMON, n, seed)


def test_backgammon_shot_cost_matches_the_per_roll_reference() -> None:
    hits = 0
    for s in _backgammon_sample(11, 400):
        me, them = bg._own_views(s, s.to_move)
        for side, other in ((me, them[::-1]), (them, me[::-1])):
            want = _shot_cost_reference(side, other)
            assert bg._shot_cost(side, other) == want
            hits += want > 0
    assert hits > 100  # the sample really exercises hits, not just blot-free boards


@pytest.mark.parametrize(
    ("position", "player", "equity"),
    [
        ("4HPwATDgc/ABMA 31", 0, 0.16036379709294185),
        ("4HPwATDgc/ABMA 31", 1, -0.16036379709294205),
        ("Zj3BABPg03ADMA 53", 0, -0.37068054149558943),
        ("Zj3BABPg03ADMA 53", 1, 0.3706805414955896),
    ],
)
def test_backgammon_equity_is_bit_identical(position: str, player: int, equity: float) -> None:
    s = BACKGAMMON.parse_position(position)
    assert bg.evaluate_with(bg.DEFAULT_WEIGHTS, s, player) == equity
    if position.endswith("53") and player == 0:
        assert bg.features(s, player) == [
            1.0, -0.31, 0.4826388888888889, 0.6666666666666666, -0.3333333333333333,
            0.0, 0.2, 0.0, 0.0, 0.0, 0.2, 0.0,
        ]  # fmt: skip


# Node counts include the root once per pass of iterative deepening (one pass per depth).
@pytest.mark.parametrize(
    ("game_id", "position", "algorithm", "depth", "score", "move", "nodes"),
    [
        ("tictactoe", None, "alphabeta", 9, 0.0, 4, 6620),
        ("nim", "2,3,4 1", "alphabeta", 9, 9993.0, (2, 3), 1590),
        # Othello values are discs (the hand-made evaluator scaled per stage).
        ("othello", None, "alphabeta", 6, -0.178325, 19, 1016),
        (
            "othello",
            "-------X------X--XXXXX--X-XXXX--OXXXXO---OXOOX---XXXO---X--X-O-- X",
            "alphabeta",
            5,
            14.222515041269842,
            40,
            1557,
        ),
        ("backgammon", "4HPwATDgc/ABMA 31", "expectiminimax", 3, 0.24237984199142104,
         ((8, 5), (6, 5)), 1479),
    ],
)
def test_bench_searches_keep_their_results(
    game_id: str, position: str | None, algorithm: str, depth: int, score: float, move: object,
    nodes: int,
) -> None:
    game = get_game(game_id)
    options = {"max_take": None} if game_id == "nim" else {}  # as the bench has it
    state = game.initial_state() if position is None else game.parse_position(position, **options)
    config = SearchConfig(game_id=game_id, algorithm=algorithm, limits=Limits(depth=depth))
    result = make_searcher(config).search(state, config.limits, threading.Event())
    assert (result.score, result.move, result.stats.nodes) == (score, move, nodes)
