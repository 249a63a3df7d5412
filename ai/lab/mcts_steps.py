"""MCTS's step mode: the first iterations of a recorded search, phase by phase, as StepEvents
the lab's stepper replays (ui.lab.mcts_stepper), each with its MctsStep (words, statistics).

The iterations are the recorded search's own first ones (its observer, ai.mcts.observe), so
every node they touch is in the recorded tree. Lines (ai.lab.textbook_mcts.MCTS_PSEUDOCODE):

- selection: "enter" the root ("select-loop"), then each child UCB1 took ("select"), the
  children compared and their terms in the step; a chance outcome drawn is a "select" too;
- expansion: "enter" the new node ("expand");
- playout: one "playout" event per move played from the new node ("playout"; at most
  ``MAX_PLAYOUT_STEPS``, the rest told in one step), then the result ("reward");
- backpropagation: one "update" per node from the new node up to the root ("backprop"),
  value its new mean from MAX's view, the step its N and W before and after.
"""

from __future__ import annotations

from ai.lab.mcts_step_data import MctsStep, UcbCandidate
from ai.lab.recording import RecordedNode, StepEvent
from ai.mcts.observe import Iteration
from game.core import CHANCE, TERMINAL, Game, Move, State

#: Iterations step mode replays: the first ones, until ``STEP_SELECTIONS`` of them compared
#: children by UCB1, at most ``STEP_ITERATIONS``.
STEP_ITERATIONS = 16
STEP_SELECTIONS = 2
#: Playout moves shown one by one (a long game's playout: the rest in one step).
MAX_PLAYOUT_STEPS = 24


def _signed(x: float) -> str:
    return ("0" if abs(x) < 5e-3 else f"{x:+.2f}").replace("-", "−")


def build_steps(game: Game, nodes: list[RecordedNode], iterations: list[Iteration],
                max_player: int) -> tuple[list[StepEvent], list[MctsStep]]:
    """The events and steps of ``iterations``; an iteration touching a node the recording
    left out (the node budget) ends the list before it."""
    events: list[StepEvent] = []
    steps: list[MctsStep] = []
    for it in iterations:
        built = _iteration(game, nodes, it, max_player)
        if built is None:
            break
        events += built[0]
        steps += built[1]
    return events, steps


def _find(nodes: list[RecordedNode], path: tuple[Move, ...]) -> int | None:
    nid = 0
    for move in path:
        nid_next = next((c for c in nodes[nid].children if nodes[c].raw_move == move), None)
        if nid_next is None:
            return None
        nid = nid_next
    return nid


def _name(nodes: list[RecordedNode], nid: int) -> str:
    return nodes[nid].move or "the root"


def _iteration(game: Game, nodes: list[RecordedNode], it: Iteration, max_player: int
               ) -> tuple[list[StepEvent], list[MctsStep]] | None:
    ev: list[StepEvent] = []
    st: list[MctsStep] = []
    k = it.number

    def add(kind: str, nid: int, line: str, phase: str, text: str, value: float | None = None,
            stats: tuple[int, int, float] | None = None,
            candidates: tuple[UcbCandidate, ...] = (), chosen: int = -1,
            position: State | None = None) -> None:
        ev.append(StepEvent(kind, nid, None, None, value, line))
        st.append(MctsStep(phase, text, k, stats, candidates, chosen, position))

    add("enter", 0, "select-loop", "selection",
        f"Iteration {k}, selection: start at the root (N {it.backpropagation[0].n_before})")
    for sel in it.selection:
        nid = _find(nodes, (*sel.path, sel.chosen))
        if nid is None:
            return None
        if not sel.candidates:
            add("enter", nid, "select", "selection",
                f"A chance outcome is drawn by its probability: {_name(nodes, nid)}")
            continue
        here = nodes[nodes[nid].parent or 0].state
        labels = [game.format_move(here, c.move) if here is not None else str(c.move)
                  for c in sel.candidates]
        cands = tuple(UcbCandidate(label, c.n, c.exploitation, c.exploration)
                      for label, c in zip(labels, sel.candidates, strict=True))
        chosen = next(i for i, c in enumerate(sel.candidates) if c.move == sel.chosen)
        best = cands[chosen]
        add("enter", nid, "select", "selection",
            f"Every move here has been tried: UCB1 compares the {len(cands)} children and "
            f"takes {best.move} ({_signed(best.exploitation)} + {best.exploration:.2f} = "
            f"{_signed(best.ucb)}, the highest)", candidates=cands, chosen=chosen)
    new: int | None = None
    if it.expansion is not None:
        new = _find(nodes, (*it.expansion.parent, it.expansion.move))
        if new is None:
            return None
        add("enter", new, "expand", "expansion",
            f"Expansion: {_name(nodes, new)} is added below "
            f"{_name(nodes, nodes[new].parent or 0)} ({it.expansion.untried_left} moves "
            "there still untried)")
    leaf = _find(nodes, it.playout.start)
    if leaf is None:
        return None
    state: State | None = nodes[leaf].state
    moves = it.playout.moves
    for i, move in enumerate(moves[:MAX_PLAYOUT_STEPS]):
        label = str(move)
        if state is not None and state.current_player() != TERMINAL:
            label = (str(move) if state.current_player() == CHANCE
                     else game.format_move(state, move))
            state = state.apply(move)
        add("playout", leaf, "playout", "playout",
            f"Playout, move {i + 1}: {label} (at random)", position=state)
    if len(moves) > MAX_PLAYOUT_STEPS:
        add("playout", leaf, "playout", "playout",
            f"Playout: {len(moves) - MAX_PLAYOUT_STEPS} more moves to the end of the game")
    reward = it.playout.rewards[max_player]
    add("playout", leaf, "reward", "playout",
        f"The game is over after {len(moves)} playout moves: reward {_signed(reward)} for "
        "the player to move at the root", value=reward)
    path_ids: list[int] = []
    for up in it.backpropagation:
        nid = _find(nodes, up.path)
        if nid is None:
            return None
        path_ids.append(nid)
    for nid, up in reversed(list(zip(path_ids, it.backpropagation, strict=True))):
        sign = 1.0 if up.view == max_player else -1.0
        mean = sign * up.w_after / up.n_after
        add("update", nid, "backprop", "backpropagation",
            f"Backpropagation at {_name(nodes, nid)}: N {up.n_before} → {up.n_after}, "
            f"W {_signed(up.w_before)} → {_signed(up.w_after)} (the reward "
            f"{_signed(up.reward)} from the side of the player "
            f"{'to move here' if nid == 0 else 'who moved here'})",
            value=mean, stats=(nid, up.n_after, up.w_after))
    return ev, st
