"""Search correctness: every pruned search agrees with plain minimax, on hand-made trees (with
chance nodes and double moves) and on random positions of every registered game."""

from __future__ import annotations

import importlib
import itertools
import random
import threading
import time
from dataclasses import dataclass, replace

import pytest

from ai.alphabeta import AlphaBetaSearcher
from ai.api import ALGORITHMS, Limits, Progress, Refinements, SearchConfig
from ai.engine import apply_noise, default_algorithm, make_searcher, run_search
from ai.expectiminimax import ExpectiminimaxSearcher
from ai.minimax import MinimaxSearcher
from ai.searchbase import WIN, Scoring, zero_eval
from ai.tt import EXACT, LOWER, TranspositionTable
from game.core import CHANCE, TERMINAL, State
from game.registry import game_ids, get_game, get_kit

# --------------------------------------------------------------------------- a tree game
# Nodes are nested tuples, so equal subtrees are equal (hashable) positions:
#   ("D", player, h, children)   decision; h = heuristic value for player 0
#   ("C", h, ((prob, child), ...))  chance
#   ("T", r0)                    terminal; returns (r0, -r0)


@dataclass(frozen=True)
class TreeState:
    node: tuple

    def current_player(self) -> int:
        kind = self.node[0]
        return self.node[1] if kind == "D" else CHANCE if kind == "C" else TERMINAL

    def legal_moves(self) -> tuple[int, ...]:
        return tuple(range(len(self.node[3]))) if self.node[0] == "D" else ()

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        if self.node[0] != "C":
            return ()
        return tuple((i, p) for i, (p, _) in enumerate(self.node[2]))

    def apply(self, move: int) -> TreeState:
        if self.node[0] == "D":
            return TreeState(self.node[3][move])
        return TreeState(self.node[2][move][1])

    def returns(self) -> tuple[float, float]:
        return (self.node[1], -self.node[1])

    def key(self) -> tuple:
        return self.node


def tree_eval(state: State, player: int) -> float:
    h = state.node[2] if state.node[0] == "D" else state.node[1]
    return h if player == 0 else -h


def random_tree(rng: random.Random, depth: int, chance: bool, values: tuple[int, int]) -> tuple:
    lo, hi = values
    if depth == 0 or rng.random() < 0.12:
        return ("T", rng.randint(lo, hi))
    if chance and rng.random() < 0.3:
        n = rng.randint(2, 3)
        weights = [rng.randint(1, 4) for _ in range(n)]
        total = sum(weights)
        return ("C", rng.randint(lo, hi), tuple(
            (w / total, random_tree(rng, depth - 1, chance, values)) for w in weights))
    # Players mostly alternate, but about one node in four gives the same player a second move.
    player = rng.randint(0, 1)
    kids = tuple(random_tree(rng, depth - 1, chance, values) for _ in range(rng.randint(1, 4)))
    return ("D", player, rng.randint(lo, hi), kids)


def decision_root(rng: random.Random, depth: int, chance: bool, values=(-20, 20)) -> TreeState:
    while True:
        node = random_tree(rng, depth, chance, values)
        if node[0] == "D":
            return TreeState(node)


POINTS = Scoring(points=True)
WINS = Scoring(points=False)


def searchers_under_test(scoring: Scoring, bounds=(-20.0, 20.0)):
    """Every alpha-beta toggle combination, and expectiminimax with and without Star1."""
    for use_tt, use_ordering, exact_root, aspiration in itertools.product(
        (False, True), (False, True), (False, True), (None, 1.0)
    ):
        yield f"ab tt={use_tt} ord={use_ordering} root={exact_root} asp={aspiration}", (
            AlphaBetaSearcher(tree_eval, scoring, use_tt=use_tt, use_ordering=use_ordering,
                              exact_root_values=exact_root, aspiration=aspiration))
    for star1, use_tt in itertools.product((False, True), (False, True)):
        s = ExpectiminimaxSearcher(tree_eval, scoring, star1=star1, use_tt=use_tt)
        s.lo, s.hi = bounds
        yield f"emm star1={star1} tt={use_tt}", s


# --------------------------------------------------------------------------- tree tests


def test_course_example_chance_node_is_ten() -> None:
    # Max chooses between a sure 9 and a gamble worth (1/2)(8) + (1/3)(24) + (1/6)(-12) = 10.
    gamble = ("C", 0, ((1 / 2, ("T", 8)), (1 / 3, ("T", 24)), (1 / 6, ("T", -12))))
    root = TreeState(("D", 0, 0, (("T", 9), gamble)))
    for name, s in [("minimax", MinimaxSearcher(tree_eval, POINTS)),
                    *searchers_under_test(POINTS, bounds=(-30.0, 30.0))]:
        r = s.search(root, Limits(depth=2))
        assert r.move == 1, name
        assert r.score == pytest.approx(10.0), name
        assert dict(r.root_values)[0] == pytest.approx(9.0) or not r.root_values_exact


def test_same_player_moving_twice_keeps_the_sign() -> None:
    # Player 0 moves, then player 0 moves again: the second choice is a max, not a min.
    again = ("D", 0, 0, (("T", -5), ("T", 7)))
    root = TreeState(("D", 0, 0, (again, ("T", 3))))
    for name, s in [("minimax", MinimaxSearcher(tree_eval, POINTS)),
                    *searchers_under_test(POINTS)]:
        r = s.search(root, Limits(depth=2))
        assert (r.move, r.score) == (0, 7.0), name
        assert r.pv == (0, 1), name


@pytest.mark.parametrize("chance", [False, True])
def test_pruned_searches_equal_minimax_on_random_trees(chance: bool) -> None:
    rng = random.Random(1234 + chance)
    for _ in range(40):
        root = decision_root(rng, 5, chance)
        for depth in (1, 2, 3, 4):
            want = MinimaxSearcher(tree_eval, POINTS).search(root, Limits(depth=depth))
            for name, s in searchers_under_test(POINTS):
                got = s.search(root, Limits(depth=depth))
                assert got.score == pytest.approx(want.score), (name, depth, root)
                assert dict(want.root_values)[got.move] == pytest.approx(want.score), name
                if got.root_values_exact:
                    assert dict(got.root_values) == pytest.approx(dict(want.root_values)), name


def test_win_scores_prefer_the_faster_win() -> None:
    slow = ("D", 1, 0, (("D", 0, 0, (("T", 1),)),))
    root = TreeState(("D", 0, 0, (slow, ("T", 1))))
    for s in (MinimaxSearcher(tree_eval, WINS), AlphaBetaSearcher(tree_eval, WINS)):
        r = s.search(root, Limits(depth=4))
        assert r.move == 1 and r.score == WIN - 1
        assert dict(r.root_values)[0] <= WIN - 3


def test_finished_tree_stops_deepening_and_is_complete() -> None:
    root = TreeState(("D", 0, 0, (("T", 1), ("D", 1, 0, (("T", -1),)))))
    r = AlphaBetaSearcher(tree_eval, POINTS).search(root, Limits(time_s=5))
    assert r.complete and r.depth == 2 and r.score == 1


# --------------------------------------------------------------------------- real games


def random_positions(game_id: str, count: int, seed: int) -> list[State]:
    """Decision positions reached by random play (dice rolled at random as well)."""
    game = get_game(game_id)
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        s = game.initial_state()
        for _ in range(rng.randint(0, 40)):
            p = s.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                outcomes, probs = zip(*s.chance_outcomes(), strict=True)
                s = s.apply(rng.choices(outcomes, probs)[0])
            else:
                s = s.apply(rng.choice(s.legal_moves()))
        while s.current_player() == CHANCE:
            s = s.apply(rng.choice(s.chance_outcomes())[0])
        if s.current_player() >= 0:
            out.append(s)
    return out


#: Depths checked against minimax per game (backgammon's tree is 20 x 21 x 20 per layer pair).
DEPTHS = {"tictactoe": (1, 2, 3, 4), "nim": (1, 2, 3, 4), "othello": (1, 2, 3, 4),
          "backgammon": (1, 2), "kalah": (1, 2, 3, 4)}
POSITIONS = {"tictactoe": 8, "nim": 8, "othello": 5, "backgammon": 3, "kalah": 8}


@pytest.mark.parametrize("game_id", game_ids())
def test_alphabeta_equals_minimax_on_every_game(game_id: str) -> None:
    for state in random_positions(game_id, POSITIONS[game_id], seed=7):
        for depth in DEPTHS[game_id]:
            base = SearchConfig(game_id, "minimax", Limits(depth=depth), exact=False)
            want = make_searcher(base).search(state, base.limits)
            for use_tt, use_ordering in itertools.product((False, True), (False, True)):
                for algorithm in ("alphabeta", "expectiminimax"):
                    if algorithm == "expectiminimax" and game_id != "backgammon":
                        continue
                    config = replace(base.with_refinements(tt=use_tt, ordering=use_ordering),
                                     algorithm=algorithm)
                    searcher = make_searcher(config)
                    if algorithm == "expectiminimax":
                        searcher.filter_k = searcher.root_filter_k = None  # exact tree
                    got = searcher.search(state, config.limits)
                    assert got.score == pytest.approx(want.score, abs=1e-9), (
                        game_id, algorithm, use_tt, use_ordering, depth)
                    assert dict(want.root_values)[got.move] == pytest.approx(want.score)


def test_minimax_counts_more_nodes_than_alphabeta() -> None:
    state = get_game("tictactoe").initial_state()
    nodes = {}
    for algorithm in ("minimax", "alphabeta"):
        config = SearchConfig("tictactoe", algorithm, Limits(depth=5), exact=False)
        nodes[algorithm] = make_searcher(config).search(state, config.limits).stats.nodes
    # Minimax visits every node in one pass (no game ends before ply 5): the root, then
    # 9 + 9*8 + ... + 9*8*7*6*5.
    assert nodes["minimax"] == 1 + 9 + 72 + 504 + 3024 + 15120
    assert nodes["alphabeta"] < nodes["minimax"] / 5


def test_fixed_depth_minimax_is_one_pass_over_the_whole_tictactoe_tree() -> None:
    """549,946 positions in the tic-tac-toe game tree, the empty board included; 255,168
    finished games (the well-known count of tic-tac-toe games)."""
    state = get_game("tictactoe").initial_state()
    r = run_search(state, SearchConfig("tictactoe", "minimax", Limits(depth=9)))
    s = r.stats
    assert (s.nodes, s.leaves, s.nodes_per_depth) == (549_946, 255_168, (549_946,))
    assert (s.cutoffs, s.tt_probes, s.tt_hits) == (0, 0, 0)
    assert (r.algorithm, r.exact, r.score, r.depth, r.complete) == ("minimax", True, 0.0, 9, True)


def test_minimax_deepens_under_a_time_limit_and_reports_each_pass() -> None:
    state = get_game("tictactoe").initial_state()
    r = run_search(state, SearchConfig("tictactoe", "minimax", Limits(depth=3, time_s=60.0)))
    # Each pass visits the root and the tree below it to that depth.
    assert r.stats.nodes_per_depth == (1 + 9, 1 + 9 + 72, 1 + 9 + 72 + 504)
    assert r.stats.nodes == sum(r.stats.nodes_per_depth)


def test_bare_alphabeta_is_one_pass_without_table_probes() -> None:
    state = get_game("tictactoe").initial_state()
    config = SearchConfig("tictactoe", "alphabeta", Limits(depth=9),
                          Refinements(tt=False, ordering=False))
    r = run_search(state, config)
    assert r.stats.tt_probes == 0 and r.stats.tt_hits == 0
    assert len(r.stats.nodes_per_depth) == 1 and r.algorithm == "alphabeta"
    assert r.score == 0.0 and r.exact


def test_a_named_algorithm_runs_unless_exact_solving_is_asked_for() -> None:
    state = get_game("nim").initial_state(heaps=(3, 4, 5))
    searched = run_search(state, SearchConfig("nim", "alphabeta", Limits(depth=2)))
    assert searched.algorithm == "alphabeta" and not searched.exact
    solved = run_search(state, SearchConfig("nim", "alphabeta", Limits(depth=2), exact=True))
    assert solved.algorithm == "nim-solver" and solved.exact


# --------------------------------------------------------------------------- tic-tac-toe


def test_tictactoe_perfect_play_from_the_empty_board_is_a_draw() -> None:
    state = get_game("tictactoe").initial_state()
    r = run_search(state, SearchConfig("tictactoe", exact=True))
    assert r.score == 0 and r.complete and r.depth == 9
    assert r.algorithm == "tictactoe-solver" and r.exact


def test_tictactoe_takes_the_win_and_blocks() -> None:
    game = get_game("tictactoe")
    win = game.parse_position("XX-OO---- X")
    r = run_search(win, SearchConfig("tictactoe", exact=True))
    assert r.move == 2 and r.score == WIN - 1
    block = game.parse_position("XX-O----- O")
    r = run_search(block, SearchConfig("tictactoe", limits=Limits(depth=2), exact=False))
    assert r.move == 2


def test_tictactoe_master_never_loses_against_any_opponent_line() -> None:
    from ai.kit import get_level

    game = get_game("tictactoe")
    config = get_level(get_kit("tictactoe"), "Master").config(get_kit("tictactoe"))
    memo: dict = {}

    def ai_move(s):
        if s.key() not in memo:
            memo[s.key()] = run_search(s, config).move
        return memo[s.key()]

    def worst_for_ai(s, ai: int) -> int:
        """Lowest result (+1 win, 0 draw, -1 loss) the AI can get when the opponent tries all."""
        p = s.current_player()
        if p == TERMINAL:
            return int(s.returns()[ai])
        if p == ai:
            return worst_for_ai(s.apply(ai_move(s)), ai)
        return min(worst_for_ai(s.apply(m), ai) for m in s.legal_moves())

    for ai in (0, 1):
        assert worst_for_ai(game.initial_state(), ai) >= 0


# --------------------------------------------------------------------------- Nim


def _nim_states():
    nim = importlib.import_module("games.nim.rules")
    for heaps in itertools.product(range(5), repeat=3):
        if any(heaps):
            yield nim.NimState(heaps, 0)
    for heaps in itertools.product(range(8), repeat=2):
        if any(heaps):
            yield nim.NimState(heaps, 1, max_take=3)



def test_the_nim_solver_knows_how_long_the_game_lasts() -> None:
    """The solver's score and every root move's value agree with a full-depth search (which
    scores a win by its distance): "win in 7", not just "a win". Alpha-beta stands in for
    minimax here (the same values, which the agreement tests above hold) at a fraction of
    its time."""
    for state in _nim_states():
        solved = run_search(state, SearchConfig("nim", exact=True))
        full = AlphaBetaSearcher(zero_eval, WINS).search(state, Limits(depth=sum(state.heaps)))
        assert solved.score == full.score, state
        for move, value in solved.root_values:
            child = state.apply(move)
            if child.current_player() == TERMINAL:
                continue
            deeper = AlphaBetaSearcher(zero_eval, WINS).search(
                child, Limits(depth=sum(child.heaps)))
            expected = -deeper.score - 1 if -deeper.score > 0 else -deeper.score + 1
            assert value == expected, (state, move)

def test_nim_play_agrees_with_grundy_theory_on_every_small_position() -> None:
    """Full search without game knowledge, and the exact solver, both match XOR theory."""
    for state in _nim_states():
        k = state.max_take
        x = 0
        for h in state.heaps:
            x ^= h if k is None else h % (k + 1)
        searcher = AlphaBetaSearcher(zero_eval, WINS)
        searched = searcher.search(state, Limits(depth=sum(state.heaps)))
        solved = run_search(state, SearchConfig("nim", exact=True))
        assert solved.algorithm == "nim-solver" and solved.exact
        assert (searched.score > 0) == (x != 0), state
        assert (solved.score > 0) == (x != 0), state
        for r in (searched, solved):
            if x:
                after = r.move
                heaps = list(state.heaps)
                heaps[after[0]] -= after[1]
                y = 0
                for h in heaps:
                    y ^= h if k is None else h % (k + 1)
                assert y == 0, (state, r.move)


# --------------------------------------------------------------------------- budget & stats


def _othello_midgame() -> State:
    return get_game("othello").parse_position(
        "----------X-------X-XXX---XXO---OOOOO-------OO--------O--------- X")


def test_cancel_from_another_thread_returns_promptly() -> None:
    state = _othello_midgame()
    config = SearchConfig("othello", limits=Limits(), exact=False)
    cancel = threading.Event()
    timer = threading.Timer(0.2, cancel.set)
    start = time.perf_counter()
    timer.start()
    r = run_search(state, config, cancel)
    elapsed = time.perf_counter() - start
    timer.cancel()
    assert elapsed < 2.0
    assert r.move in state.legal_moves() and not r.complete


def test_node_limit_and_time_limit_stop_the_search() -> None:
    state = _othello_midgame()
    config = SearchConfig("othello", limits=Limits(nodes=500), exact=False)
    r = run_search(state, config)
    assert r.stats.nodes <= 500 and r.move in state.legal_moves()
    start = time.perf_counter()
    r = run_search(state, SearchConfig("othello", limits=Limits(time_s=0.3), exact=False))
    assert time.perf_counter() - start < 2.0 and r.depth >= 1


def test_progress_is_reported_and_throttled() -> None:
    state = _othello_midgame()
    seen: list[Progress] = []
    depths = []
    config = SearchConfig("othello", limits=Limits(depth=6), exact=False)
    start = time.perf_counter()
    r = run_search(state, config, progress=seen.append, on_depth=depths.append)
    elapsed = time.perf_counter() - start
    assert [d.depth for d in depths] == [1, 2, 3, 4, 5, 6]
    assert depths[-1].move == r.move
    assert len(seen) <= elapsed * 10 + 1
    assert all(p.nodes <= r.stats.nodes for p in seen)


def test_stats_pv_and_root_values_are_filled() -> None:
    state = _othello_midgame()
    config = SearchConfig("othello", limits=Limits(depth=4), exact=False, exact_root_values=True)
    r = run_search(state, config)
    assert r.stats.nodes > r.stats.leaves > 0 and r.stats.tt_probes >= r.stats.tt_hits > 0
    assert r.stats.cutoffs > 0 and r.stats.depth == 4 and r.stats.time_s > 0
    assert len(r.pv) == 4 and r.pv[0] == r.move
    assert {m for m, _ in r.root_values} == set(state.legal_moves())
    assert max(v for _, v in r.root_values) == r.score
    s = state
    for m in r.pv:  # the PV is a legal line
        s = s.apply(m)


# --------------------------------------------------------------------------- engine


def test_noise_is_seeded_and_stays_within_the_margin() -> None:
    state = get_game("tictactoe").initial_state()
    config = SearchConfig("tictactoe", limits=Limits(depth=1), exact=False, noise=1.5, seed=5)
    moves = {run_search(state, replace(config, seed=seed)).move for seed in range(30)}
    # open lines after the first move: centre 4, corners 3, edges 2 -> centre or a corner.
    assert moves == {0, 2, 4, 6, 8}
    assert run_search(state, config).move == run_search(state, config).move
    plain = run_search(state, replace(config, noise=0.0))
    assert plain.move == 4 and apply_noise(plain, 0.0, 1) is plain


def test_engine_names_and_errors() -> None:
    assert ALGORITHMS == ("minimax", "alphabeta", "mtdf", "expectiminimax", "mcts")
    assert default_algorithm(get_kit("backgammon")) == "expectiminimax"
    assert default_algorithm(get_kit("othello")) == "alphabeta"
    game = get_game("tictactoe")
    with pytest.raises(ValueError, match="unknown algorithm"):
        make_searcher(SearchConfig("tictactoe", "negascout"))
    with pytest.raises(ValueError, match="game is over"):
        run_search(game.parse_position("XXXOO---- O"), SearchConfig("tictactoe"))
    with pytest.raises(ValueError, match="depth"):
        run_search(game.initial_state(), SearchConfig("tictactoe", limits=Limits(depth=0),
                                                      exact=False))


def test_othello_exact_endgame_reports_the_disc_margin() -> None:
    endgame = pytest.importorskip("games.othello.ai.endgame")  # reported if absent
    state = _late_othello()
    r = run_search(state, SearchConfig("othello", limits=Limits(time_s=2.0), exact=True))
    want = endgame.solve(state)
    assert r.complete and r.score == want.margin and r.move == want.move
    assert r.algorithm == "othello-endgame-solver" and r.exact


def _late_othello() -> State:
    game = get_game("othello")
    rng = random.Random(5)
    s = game.initial_state()
    while s.empties > 10:
        s = s.apply(rng.choice(s.legal_moves()))
        assert s.current_player() != TERMINAL
    return s


# --------------------------------------------------------------------------- TT


def test_transposition_table_is_bounded_and_two_tier() -> None:
    tt = TranspositionTable(size_log2=4)
    for k in range(1000):
        tt.store(k, k % 7, float(k), EXACT, None, True)
    assert len(tt) <= 32
    tt = TranspositionTable(size_log2=4)
    tt.store(1, 5, 1.0, EXACT, "deep", False)
    tt.store(17, 2, 2.0, LOWER, "shallow", False)  # same slot: goes to the second tier
    assert tt.probe(1).move == "deep" and tt.probe(17).move == "shallow"
    tt.store(33, 1, 3.0, EXACT, "newer", False)  # replaces the always-replace tier only
    assert tt.probe(1).move == "deep" and tt.probe(17) is None and tt.probe(33).value == 3.0
    tt.new_search()
    tt.store(49, 0, 4.0, EXACT, "next search", False)  # an old generation loses the deep tier
    assert tt.probe(49).move == "next search" and tt.probe(1).move == "deep"


def test_tt_on_and_off_agree_where_positions_transpose_at_different_depths() -> None:
    """Nim reaches one position by paths of different lengths (take 1+2 or 3); the table may
    only reuse a value found at the same remaining depth."""
    nim = importlib.import_module("games.nim.rules")
    for heaps in [(3, 4, 5), (2, 5, 6), (1, 3, 5, 7)]:
        state = nim.NimState(heaps, 0)
        for depth in (2, 3, 4, 5):
            base = SearchConfig("nim", "minimax", Limits(depth=depth), exact=False,
                                use_evaluator=False)
            want = make_searcher(base).search(state, base.limits).score
            for use_tt in (False, True):
                config = replace(base.with_refinements(tt=use_tt), algorithm="alphabeta")
                got = make_searcher(config).search(state, config.limits).score
                assert got == want, (heaps, depth, use_tt)
