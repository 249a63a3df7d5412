"""Monte Carlo tree search's core (ai.mcts): convergence to the minimax answer, the tree's
counts, UCB1's arithmetic, chance nodes, determinism, kept trees, cancel, the observer."""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

import pytest

from ai.api import Limits, SearchConfig
from ai.engine import make_searcher, run_search
from ai.mcts import keep
from ai.mcts.observe import Iteration
from ai.mcts.reward import Reward, result_reward
from ai.mcts.searcher import MctsSearcher
from ai.mcts.snapshot import NodeSnapshot
from ai.mcts.tree import Node, check_counts, decided
from ai.mcts.ucb import select, ucb_parts
from game.core import CHANCE, TERMINAL, Move
from game.registry import get_kit


def searcher_for(game_id: str, seed: int = 1) -> MctsSearcher:
    found = make_searcher(SearchConfig(game_id, "mcts", seed=seed))
    assert isinstance(found, MctsSearcher)
    found.owner = None  # this test's tree only: no tree kept from another test
    return found


def position(game_id: str, text: str) -> object:
    return get_kit(game_id).rules().parse_position(text)


@pytest.mark.parametrize("game_id,text,best", [
    ("tictactoe", "XOX---O-- X", "c3"),  # the one move that wins (a fork), in 3 plies
    ("nim", "2,3 1", None),              # heaps 2 and 3: only evening them wins
])
def test_uct_converges_to_the_minimax_move_and_value(game_id: str, text: str,
                                                     best: str | None) -> None:
    kit = get_kit(game_id)
    game = kit.rules()
    state = game.parse_position(text)
    exact = run_search(state, SearchConfig(game_id, "alphabeta", Limits(depth=12),
                                           exact_root_values=True))
    winners = [m for m, v in exact.root_values if v > 0]
    assert len(winners) == 1
    if best is not None:
        assert game.format_move(state, winners[0]) == best
    result = searcher_for(game_id).search(state, Limits(iterations=3000))
    assert result.move == winners[0]
    assert result.score > 0.9  # the minimax value is a win: +1
    assert result.algorithm == "mcts"


def test_the_roots_visits_equal_the_iterations_and_every_node_adds_up() -> None:
    searcher = searcher_for("tictactoe")
    state = get_kit("tictactoe").rules().initial_state()
    result = searcher.search(state, Limits(iterations=777))
    root = searcher.root
    assert root is not None
    assert root.n == 777 == result.stats.nodes == result.stats.playouts
    assert check_counts(root) == []
    # The invariant, stated on the snapshot too: N = sum of the children's N + own visits
    # (1 for every expanded node, 0 for the root; all visits for a finished game).
    assert sum(c.n for c in searcher.snapshot().children) == 777
    assert root.size() - 1 == sum(1 for node in root.walk() if node.own == 1
                                  and node.player != TERMINAL) + sum(
        1 for node in root.walk() if node.player == TERMINAL)


def test_check_counts_catches_a_broken_count() -> None:
    searcher = searcher_for("tictactoe")
    searcher.search(get_kit("tictactoe").rules().initial_state(), Limits(iterations=100))
    assert searcher.root is not None
    searcher.root.children[0].n += 1
    assert check_counts(searcher.root) != []


def test_ucb_arithmetic_on_hand_computed_cases() -> None:
    parts = ucb_parts(10, 3, 2.0, c=1.0)
    assert parts.exploitation == pytest.approx(2 / 3)
    assert parts.exploration == pytest.approx(math.sqrt(math.log(10) / 3))  # 0.8761
    assert parts.value == pytest.approx(0.6667 + 0.8761, abs=1e-4)
    assert ucb_parts(100, 25, -5.0, c=2.0, scale=3.0).exploration == pytest.approx(
        2.0 * 3.0 * math.sqrt(math.log(100) / 25))  # 2.5751
    assert ucb_parts(10, 0, 0.0, c=1.0).exploration == math.inf


def test_selection_takes_the_highest_ucb_not_the_highest_mean() -> None:
    state = get_kit("nim").rules().parse_position("3 1")
    parent = Node(None, state, 0)
    stats = [(9, 8.0), (1, 0.0), (10, 0.0)]  # means 0.89, 0.0, 0.0; N = 20
    for move, (n, w) in zip(list(parent.untried), stats, strict=False):
        child = Node(move, state.apply(move), 0)
        child.n, child.w = n, w
        parent.children.append(child)
    parent.untried.clear()
    parent.n = 20
    # C=1: 0.889+0.577=1.466 vs 0+1.731 vs 0+0.547: the seldom tried child wins.
    assert select(parent, 1.0, 1.0) is parent.children[1]
    # C=0.1: exploitation decides.
    assert select(parent, 0.1, 1.0) is parent.children[0]


class Dice:
    """A two-move game: "safe" draws; "risky" rolls a die, a six wins, anything else loses.
    Expectimax: risky is worth 1/6 - 5/6 = -2/3, safe 0."""

    def __init__(self, stage: str = "start") -> None:
        self.stage = stage

    def current_player(self) -> int:
        return {"start": 0, "rolling": CHANCE}.get(self.stage, TERMINAL)

    def legal_moves(self) -> tuple[Move, ...]:
        return ("safe", "risky") if self.stage == "start" else ()

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        return tuple((face, 1 / 6) for face in range(1, 7)) if self.stage == "rolling" else ()

    def apply(self, move: Move) -> Dice:
        if self.stage == "start":
            return Dice("draw" if move == "safe" else "rolling")
        return Dice("won" if move == 6 else "lost")

    def returns(self) -> tuple[float, float]:
        r = {"won": 1.0, "lost": -1.0}.get(self.stage, 0.0)
        return (r, -r)

    def key(self) -> Hashable:
        return self.stage


def test_chance_nodes_average_their_outcomes_by_probability() -> None:
    searcher = MctsSearcher(Reward(result_reward), seed=3)
    result = searcher.search(Dice(), Limits(iterations=3000))
    assert result.move == "safe"
    tree = searcher.snapshot()
    risky = next(c for c in tree.children if c.move == "risky")
    assert risky.n > 20  # tried enough to know it
    assert risky.mean == pytest.approx(-2 / 3, abs=0.25)
    faces = {c.move: c for c in risky.children}
    assert all(c.probability == pytest.approx(1 / 6) for c in faces.values())
    assert faces[6].mean == 1.0 and all(faces[f].mean == -1.0 for f in range(1, 6))
    # The chance node's statistics are its outcomes' (visits-weighted), plus the playout of
    # the iteration that made it.
    assert risky.n == sum(c.n for c in risky.children) + 1
    assert risky.w - sum(c.w for c in risky.children) in (-1.0, 0.0, 1.0)


def test_the_same_seed_gives_the_same_tree_and_another_seed_another() -> None:
    state = get_kit("othello").rules().initial_state()

    def tree(seed: int) -> NodeSnapshot:
        searcher = searcher_for("othello", seed)
        searcher.search(state, Limits(iterations=150))
        return searcher.snapshot()

    assert tree(5) == tree(5)
    assert tree(5) != tree(6)


def test_an_observer_sees_every_phase_and_changes_nothing() -> None:
    state = get_kit("tictactoe").rules().initial_state()
    plain = searcher_for("tictactoe")
    plain.search(state, Limits(iterations=200))
    seen: list[Iteration] = []

    class Watch:
        def iteration(self, record: Iteration) -> None:
            seen.append(record)

    watched = searcher_for("tictactoe")
    watched.set_observer(Watch())
    watched.search(state, Limits(iterations=200))
    assert watched.snapshot() == plain.snapshot()
    assert [r.number for r in seen] == list(range(1, 201))
    last = seen[-1]
    assert last.selection and last.expansion is not None
    assert [u.path for u in last.backpropagation] == [
        last.playout.start[:i] for i in range(len(last.playout.start) + 1)]
    chosen = last.selection[0]
    best = max(chosen.candidates, key=lambda c: c.ucb)
    assert best.move == chosen.chosen  # selection compared the UCB values and took the best
    assert all(u.n_after == u.n_before + 1 for u in last.backpropagation)


def test_a_kept_subtree_keeps_its_statistics_after_a_move() -> None:
    keep.forget()
    config = SearchConfig("tictactoe", "mcts", Limits(iterations=2000), seed=2)
    game = get_kit("tictactoe").rules()
    state = game.initial_state()
    first = make_searcher(config)
    assert isinstance(first, MctsSearcher)
    first.search(state, config.limits)
    assert first.root is not None
    mine = max(first.root.children, key=lambda c: c.n)
    reply = max(mine.children, key=lambda c: c.n)
    kept_n, kept_w = reply.n, reply.w
    assert kept_n > 10
    second = make_searcher(config)  # a fresh searcher, as every move gets one
    assert isinstance(second, MctsSearcher)
    second.search(reply.state, Limits(iterations=100))
    assert second.root is reply  # the same node, its statistics carried on
    assert second.root.n == kept_n + 100
    assert check_counts(second.root) == []
    assert kept_w != 0 or kept_n > 0
    keep.forget()


def test_cancel_returns_the_best_move_so_far() -> None:
    class After:
        def __init__(self, looks: int) -> None:
            self.looks = looks

        def is_set(self) -> bool:
            self.looks -= 1
            return self.looks < 0

    state = get_kit("othello").rules().initial_state()
    searcher = searcher_for("othello")
    result = searcher.search(state, Limits(iterations=100_000), After(10))
    assert result.move in state.legal_moves()
    assert not result.complete
    assert 0 < result.stats.nodes < 100_000
    assert searcher.root is not None and result.stats.nodes == searcher.root.n
    assert result.move == max(searcher.root.children, key=lambda c: c.n).move


def test_anytime_answers_come_at_each_doubling_then_the_last() -> None:
    state = get_kit("tictactoe").rules().initial_state()
    answers = list(searcher_for("tictactoe").iterate(state, Limits(iterations=100)))
    assert [r.stats.nodes for r in answers] == [16, 32, 64, 100]
    assert all(r.pv and r.pv[0] == r.move for r in answers)


def test_a_games_fast_playout_makes_the_generic_playouts_moves() -> None:
    """Othello's bitboard playout (its kit's ``random_playout``) grows the same tree as the
    generic playout from the same seed, passes included (a late position has them)."""
    game = get_kit("othello").rules()
    for text in (None, "-XXX----XXXXXXXX--OXXOXXOOOXXXOXOOOXXOOOOOOOOOO--OOOOOO---O-X-XO X"):
        state = game.initial_state() if text is None else game.parse_position(text)
        fast = searcher_for("othello", 9)
        assert fast.fast_playout is not None
        generic = searcher_for("othello", 9)
        generic.fast_playout = None
        fast.search(state, Limits(iterations=300))
        generic.search(state, Limits(iterations=300))
        assert fast.snapshot() == generic.snapshot()


def test_guided_playouts_come_from_the_kit_and_follow_the_evaluator() -> None:
    from ai.mcts.playout import epsilon_greedy, random_move

    guided = make_searcher(SearchConfig("kalah", "mcts"))
    plain = make_searcher(SearchConfig("kalah", "mcts", use_evaluator=False))
    assert isinstance(guided, MctsSearcher) and isinstance(plain, MctsSearcher)
    assert guided.policy is not random_move and plain.policy is random_move
    state = get_kit("nim").rules().parse_position("1,4 1")
    # The evaluator's best for the mover, whatever the dice of epsilon say at 0.
    def coins(s: Any) -> int:
        return sum(s.heaps)

    by_heaps = epsilon_greedy(lambda s, p: -float(coins(s)), 0.0)
    import random as rnd
    moves = state.legal_moves()
    best = by_heaps(state, moves, rnd.Random(1))
    assert coins(state.apply(best)) == min(coins(state.apply(m)) for m in moves)
    # At 1 it is the random policy: several moves come up.
    anything = epsilon_greedy(lambda s, p: 0.0, 1.0)
    assert len({anything(state, moves, rnd.Random(i)) for i in range(40)}) > 1


def test_rewards_in_each_games_units() -> None:
    from ai.kit import profile_for
    from ai.mcts.reward import MARGIN, POINTS, RESULT, reward_for
    from ai.mcts.units import mean_label

    kinds = {g: reward_for(profile_for(get_kit(g))) for g in
             ("tictactoe", "nim", "othello", "kalah", "backgammon")}
    assert kinds["tictactoe"].kind == kinds["nim"].kind == RESULT
    assert kinds["othello"].kind == kinds["kalah"].kind == MARGIN
    assert kinds["backgammon"].kind == POINTS and kinds["backgammon"].scale == 3.0
    othello = get_kit("othello").rules()
    # A finished game: Black 33, White 31 (a win by 2 of 64: just above a half).
    won = othello.parse_position("X" * 33 + "O" * 31 + " X")
    assert kinds["othello"].score(won) == pytest.approx(0.5 + 0.5 * 2 / 64)
    assert mean_label(profile_for(get_kit("othello")), 0.24).long == (
        "mean +0.24 (62% score, weighted by the margin)")
    assert mean_label(profile_for(get_kit("tictactoe")), -0.5).long == "mean -0.50 (25% score)"
    assert "points a game" in mean_label(profile_for(get_kit("backgammon")), 0.43).long


def test_a_time_limit_stops_in_time_and_progress_is_reported() -> None:
    import time

    from ai.api import Progress

    heard: list[Progress] = []
    state = get_kit("othello").rules().initial_state()
    start = time.perf_counter()
    result = searcher_for("othello").search(state, Limits(time_s=0.35), None, heard.append)
    took = time.perf_counter() - start
    # By the deadline, or a little before once the move is settled (its last iterations
    # could no longer change it).
    assert took < 0.6 and result.complete and result.stats.nodes > 100
    assert heard and all(p.best_move in state.legal_moves() for p in heard)
    assert [p.nodes for p in heard] == sorted(p.nodes for p in heard)


def test_a_settled_move_ends_a_timed_search_and_never_a_counted_one() -> None:
    """One legal move: a search with five seconds answers at its first checkpoint; the same
    position searched by iterations runs them all (their count is the lesson's unit)."""
    only_move = position("nim", "1 1")
    timed = searcher_for("nim").search(only_move, Limits(time_s=5.0))
    assert timed.move == (0, 1) and timed.stats.nodes == 16
    counted = searcher_for("nim").search(only_move, Limits(iterations=100))
    assert counted.stats.nodes == 100


def test_decided_when_the_lead_outruns_the_iterations_left() -> None:
    root = Node(None, get_kit("tictactoe").rules().initial_state(), 0)
    rng = __import__("random").Random(1)
    while root.untried:
        root.expand(rng)
    for child, visits in zip(root.children, (50, 30, 1, 1, 1, 1, 1, 1, 1), strict=True):
        child.n = visits
    assert decided(root, 19.0) and not decided(root, 20.0)  # a tie could go either way
    lonely = Node(None, get_kit("tictactoe").rules().initial_state(), 0)
    lonely.expand(rng)
    assert not decided(lonely, 0.0)  # eight moves never tried: nothing is settled


def test_a_full_tree_stops_growing_and_its_counts_still_add_up() -> None:
    for make, state in ((lambda: searcher_for("tictactoe"),
                         get_kit("tictactoe").rules().initial_state()),
                        (lambda: MctsSearcher(Reward(result_reward), seed=1), Dice())):
        searcher = make()
        searcher.max_nodes = 5
        result = searcher.search(state, Limits(iterations=400))
        assert searcher.root is not None
        assert searcher.root.size() == searcher.size <= 5
        assert searcher.root.n == 400 == result.stats.nodes
        assert check_counts(searcher.root) == []


def test_the_kept_trees_are_few_and_taken_out_by_their_owner() -> None:
    keep.forget()
    game = get_kit("tictactoe").rules()
    state = game.initial_state()
    key = type(state).key
    roots = []
    for owner in range(keep.KEPT_TREES + 1):
        searcher = MctsSearcher(Reward(result_reward), seed=owner)
        searcher.search(state, Limits(iterations=50))
        assert searcher.root is not None
        roots.append(searcher.root)
        keep.put(owner, searcher.root)
    after = roots[-1].children[0].state
    assert keep.take(0, after, key) is None  # the oldest went
    found = keep.take(keep.KEPT_TREES, after, key)
    assert found is roots[-1].children[0]
    assert keep.take(keep.KEPT_TREES, after, key) is None  # taken out: nobody shares it
    keep.forget()


def test_uct_on_the_slides_tree_converges_to_minimax_in_the_leaves_units() -> None:
    """max(min(3,12,8), min(2,4,6), min(14,5,2)) = 3: UCT's most visited move is the left
    one and its mean sinks towards 3 as MIN's visits gather on the 3; the exploration term is
    weighed by the tree's largest leaf (14), not the notation's limit of a billion."""
    state = position("classroom", "[[3,12,8],[2,4,6],[14,5,2]]")
    means = []
    for iterations in (1_000, 20_000):
        searcher = searcher_for("classroom")
        result = searcher.search(state, Limits(iterations=iterations))
        assert result.move == 0 and searcher.reward.scale == 14.0
        means.append(result.score)
    assert means[0] > means[1] and abs(means[1] - 3.0) < 0.15
