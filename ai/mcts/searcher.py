"""``MctsSearcher``: UCT as an ai.api Searcher, registered as the algorithm "mcts".

Each iteration walks the four phases: selection (UCB1 down the expanded tree; at a chance node
an outcome drawn by its probability), expansion (one new node), playout (to the end of the
game, ai.mcts.playout) and backpropagation (N and W updated up the path, each node's W from
its own ``view``'s side). The move played is the root child with the most visits.

Limits: ``Limits.iterations`` (or ``nodes``: the same count here), ``time_s``, or both; with
neither, DEFAULT_ITERATIONS. Limited by time alone, it stops as soon as its move is settled (a
single legal move, or a lead in visits the rest of the time could not overturn at the pace so
far: ai.mcts.tree's ``decided``), as a player with a clock moves when the choice is made. The
search is anytime: it yields a Result at every doubling of its iterations (16, 32, 64, ...)
and one at the end; cancelled or out of time, it answers with the
best so far. ``Result.score`` and ``root_values`` are mean rewards (ai.mcts.reward) from the
root mover's view, ``Stats.nodes`` counts iterations and ``Stats.playouts`` the playouts;
``Result.depth`` is the length of the principal line by visits (at least 1), ``pv`` that line.

Deterministic: ``random.Random(seed)`` (seed None: 0) drives every choice. The tree is kept
between moves (ai.mcts.keep) and, within one searcher, between searches.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import replace

from ai.algorithms import AlgorithmSpec, register
from ai.api import Cancel, Limits, Progress, ProgressCallback, Result, SearchConfig, Stats
from ai.kit import game_ai
from ai.mcts import keep
from ai.mcts.observe import Observer
from ai.mcts.playout import FastPlayout, Policy, epsilon_greedy, play_out, random_move
from ai.mcts.record import observed_iteration
from ai.mcts.reward import Reward, reward_for
from ai.mcts.snapshot import NodeSnapshot, snapshot
from ai.mcts.tree import Node, decided, most_visited, principal_line
from ai.mcts.ucb import DEFAULT_C, select
from ai.profiles import Profile
from ai.searchbase import EvalFn, Scoring, state_key_fn
from ai.trace import Tracer, trace_root_values
from game.core import CHANCE, TERMINAL, Move, State

#: The most nodes a tree holds (a few hundred bytes each): a long search of a small game
#: would otherwise fill the memory.
MAX_TREE_NODES = 300_000
#: Iterations of a search given no iterations and no time.
DEFAULT_ITERATIONS = 1_000
#: The first anytime answer; the next at every doubling.
FIRST_CHECKPOINT = 16
#: Iterations, and seconds, between two looks at the cancel flag.
CHECK_EVERY = 16
CHECK_EVERY_S = 0.01
PROGRESS_EVERY_S = 0.1


class MctsSearcher:
    """Monte Carlo tree search with UCB1 (UCT)."""

    name = "mcts"
    has_windows = False

    def __init__(self, reward: Reward, *, c: float = DEFAULT_C, seed: int | None = None,
                 policy: Policy = random_move, owner: Hashable | None = None,
                 fast_playout: FastPlayout | None = None,
                 scale_for: Callable[[State], float] | None = None) -> None:
        """``owner``: the key its trees are kept under between moves (None: this searcher
        keeps its own tree only); ``fast_playout``: the game's own random playout, used
        when ``policy`` is the random one; ``scale_for``: the rewards' half-range from a
        root, where the game's says less than the position (the profile's reward_scale)."""
        self.reward = reward
        self.scale_for = scale_for
        self.c = c
        self.seed = 0 if seed is None else seed
        self.policy = policy
        self.fast_playout = fast_playout if policy is random_move else None
        self.owner = owner
        self.final_result: Result | None = None
        #: The root of the last search's tree (None before one).
        self.root: Node | None = None
        self.tracer: Tracer | None = None
        self.observer: Observer | None = None
        self.kept_root_moves: tuple[Move, ...] = ()
        self._key: Callable[[State], Hashable] | None = None
        #: Nodes in the tree now, and the most it may hold (then iterations go on without
        #: expanding: selection, a playout from the leaf reached, backpropagation).
        self.size = 0
        self.max_nodes = MAX_TREE_NODES

    # ------------------------------------------------------------------ the protocol

    def set_tracer(self, tracer: Tracer | None) -> None:
        """The tracer hears each finished search's answer as a one-level tree (ai.trace's
        ``trace_root_values``): an MCTS tree is not a depth-first search to replay."""
        self.tracer = tracer

    def set_observer(self, observer: Observer | None) -> None:
        """Report every iteration's four phases to ``observer`` (ai.mcts.observe)."""
        self.observer = observer

    def keep_at_root(self, moves: tuple[Move, ...]) -> None:
        """Every root move is searched (expansion tries each before any twice): nothing to do
        beyond remembering them."""
        self.kept_root_moves = tuple(moves)

    def predicted_nodes(self, state: State, measured: Sequence[tuple[int, int, float]],
                        depth: int) -> float | None:
        return None

    def reuses_depth(self, depth: int) -> bool:
        return False

    def orders_moves(self) -> bool:
        return False

    def search(self, state: State, limits: Limits, cancel: Cancel | None = None,
               progress: ProgressCallback | None = None) -> Result:
        for _ in self.iterate(state, limits, cancel, progress):
            pass
        assert self.final_result is not None
        return self.final_result

    def snapshot(self, max_depth: int | None = None, min_visits: int = 0) -> NodeSnapshot:
        """The last search's tree, read-only (ai.mcts.snapshot)."""
        if self.root is None:
            raise ValueError("no search has run yet")
        return snapshot(self.root, self.c, self.reward.scale, max_depth, min_visits)

    # ------------------------------------------------------------------ the search

    def _root_for(self, state: State, player: int) -> Node:
        """The node of ``state`` in this searcher's last tree or the kept one, else new."""
        key = self._key = self._key or state_key_fn(state)
        found: Node | None = None
        if self.root is not None:
            found = (self.root if key(self.root.state) == key(state)
                     else keep.find(self.root, state, key))
        elif self.owner is not None:
            found = keep.take((self.owner, player), state, key)
        return found if found is not None else Node(None, state, player)

    def iterate(self, state: State, limits: Limits, cancel: Cancel | None = None,
                progress: ProgressCallback | None = None) -> Iterator[Result]:
        player = state.current_player()
        if player == TERMINAL:
            raise ValueError("the game is over: there is no move to search")
        if player == CHANCE:
            raise ValueError("the position is at a chance event: roll the dice first")
        budget = limits.iterations if limits.iterations is not None else limits.nodes
        if budget is None and limits.time_s is None:
            budget = DEFAULT_ITERATIONS
        if self.scale_for is not None:
            self.reward = replace(self.reward, scale=self.scale_for(state))
        rng = random.Random(self.seed)
        root = self.root = self._root_for(state, player)
        self.size = root.size()
        self.final_result = None
        start = time.perf_counter()
        deadline = start + limits.time_s if limits.time_s is not None else None
        last_progress = start
        checkpoint = FIRST_CHECKPOINT
        done = 0
        stopped = False
        run = self._iterate_observed if self.observer is not None else self._iterate
        last_check = start
        clock = time.perf_counter
        while budget is None or done < budget:
            if done:
                # The clock at every iteration (a slow game's playout takes milliseconds: a
                # time limit must not overrun by 16 of them); the cancel flag every 16 or
                # every CHECK_EVERY_S, whichever comes first.
                now = clock()
                if deadline is not None and now >= deadline:
                    break
                if done % CHECK_EVERY == 0 or now - last_check >= CHECK_EVERY_S:
                    last_check = now
                    if (budget is None and deadline is not None and done >= FIRST_CHECKPOINT
                            and decided(root, (deadline - now) * done / (now - start))):
                        break  # the move is settled: the rest of the time would not change it
                    if cancel is not None and cancel.is_set():
                        stopped = True
                        break
                    if progress is not None and now - last_progress >= PROGRESS_EVERY_S:
                        last_progress = now
                        progress(self._progress(root, done, now - start))
            run(root, rng, done + 1)
            done += 1
            if done == checkpoint and (budget is None or done < budget):
                checkpoint *= 2
                yield self._result(root, done, time.perf_counter() - start, True)
        self.final_result = self._result(root, done, time.perf_counter() - start, not stopped)
        if self.owner is not None:
            keep.put((self.owner, player), root)
        if self.tracer is not None and root.children:
            r = self.final_result
            trace_root_values(self.tracer, state, r.depth, r.score, r.root_values, r.pv)
        yield self.final_result

    def _iterate(self, root: Node, rng: random.Random, number: int) -> None:
        """One iteration, the four phases, as fast as plain Python goes."""
        grow = self.size < self.max_nodes
        node = root
        path = [root]
        first: list[Move] | None = None  # the new node's legal moves, for its playout
        while True:
            if node.untried:  # expansion
                if not grow:  # the tree is full: play out from here, add nothing
                    node.own += 1
                    break
                node = node.expand(rng)
                node.own = 1
                self.size += 1
                path.append(node)
                first = node.untried
                break
            p = node.player
            if p == TERMINAL:
                node.own += 1
                break
            if p == CHANCE:
                child, new = node.sample(rng, grow)
                if child is None:
                    node.own += 1
                    break
                node = child
                path.append(node)
                if new:
                    node.own = 1
                    self.size += 1
                    first = node.untried
                    break
                continue
            node = select(node, self.c, self.reward.scale)
            path.append(node)
        if node.player == TERMINAL:
            r = self.reward.score(node.state)
        elif self.fast_playout is not None:
            r = self.reward.score(self.fast_playout(node.state, rng))
        else:
            end = play_out(node.state, rng, self.policy, first or None)
            r = self.reward.score(end) if end is not None else 0.0
        for n in path:
            n.n += 1
            n.w += r if n.view == 0 else -r

    def _iterate_observed(self, root: Node, rng: random.Random, number: int) -> None:
        assert self.observer is not None
        record = observed_iteration(root, rng, number, self.c, self.reward, self.policy,
                                    self.size < self.max_nodes)
        self.size += record.expansion is not None
        self.observer.iteration(record)

    # ------------------------------------------------------------------ answers

    def _progress(self, root: Node, done: int, elapsed: float) -> Progress:
        best = most_visited(root) if root.children else None
        return Progress(depth=len(principal_line(root)), nodes=done, elapsed_s=elapsed,
                        best_move=best.move if best else None,
                        score=best.mean if best else None)

    def _result(self, root: Node, done: int, elapsed: float, complete: bool) -> Result:
        """The answer so far: the most visited move, its mean, every root move's mean."""
        if not root.children:  # no iteration ran: the first legal move, nothing known
            move = root.state.legal_moves()[0]
            stats = Stats(time_s=elapsed)
            return Result(move, 0.0, 0, False, (move,), stats, (), algorithm=self.name)
        best = most_visited(root)
        pv = principal_line(root)
        stats = Stats(nodes=done, leaves=done, depth=len(pv), time_s=elapsed, playouts=done)
        values = tuple((child.move, child.mean) for child in root.children)
        return Result(best.move, best.mean, max(1, len(pv)), complete, pv, stats, values,
                      algorithm=self.name)


def _build(evaluate: EvalFn, scoring: Scoring, profile: Profile,
           config: SearchConfig) -> MctsSearcher:
    """Guided playouts where the game's kit offers them and the config uses the evaluator;
    the tree kept between moves under the config (without its limits)."""
    ai = game_ai(config.kit)
    guide = ai.playout_guide if config.use_evaluator else None
    policy = epsilon_greedy(evaluate, guide.epsilon) if guide is not None else random_move
    owner = replace(config, limits=Limits())
    return MctsSearcher(reward_for(profile), seed=config.seed, policy=policy, owner=owner,
                        fast_playout=ai.random_playout, scale_for=profile.reward_scale)


register(AlgorithmSpec("mcts", _build, count_label="Iterations", prunes=False))


