"""Step mode for a Monte Carlo tree search (ai.lab.mcts_steps): the tree grows from nothing,
iteration by iteration, phase by phase, with MCTS's pseudocode lit (ai.lab.textbook_mcts).

``MctsStepper`` is the lab's Stepper (nodes not reached yet hollow, the current node ringed)
that also keeps each node's N and W as of the step: a node shows N 0 until backpropagation
reaches it, then its new N and its mean. ``draw_mcts_panel`` is the side panel: the code with
the running line lit, the step in words, and at a selection step the children's UCB1 values
side by side (the one taken marked), at backpropagation N and W before and after.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ai.lab.mcts_step_data import MctsStep
from ai.lab.recording import RecordedNode, SearchRecording, StepEvent
from ai.lab.textbook import PSEUDOCODE
from ai.profiles import true_minus
from ui import theme
from ui.assets import font
from ui.lab import style
from ui.lab.pseudocode import draw_pseudocode
from ui.lab.stepper import Stepper
from ui.widgets import draw_text, wrap_text

PHASE_COLOUR = {"selection": (86, 180, 233), "expansion": (0, 170, 130),
                "playout": (230, 120, 60), "backpropagation": (240, 196, 72)}


class MctsStepper(Stepper):
    """The Stepper with each node's (N, W) as of the step (``stats``)."""

    def __init__(self, nodes: Sequence[RecordedNode], events: Sequence[StepEvent],
                 steps: Sequence[MctsStep]) -> None:
        super().__init__(nodes, events)
        self.steps = steps
        self.stats: dict[int, tuple[int, float]] = {}
        self._stats_undo: list[tuple[int, tuple[int, float] | None] | None] = []

    def forward(self) -> bool:
        position = self.position
        if not super().forward():
            return False
        change = self.steps[position].stats
        if change is None:
            self._stats_undo.append(None)
        else:
            nid, n, w = change
            self._stats_undo.append((nid, self.stats.get(nid)))
            self.stats[nid] = (n, w)
        return True

    def back(self) -> bool:
        if not super().back():
            return False
        undo = self._stats_undo.pop()
        if undo is not None:
            nid, before = undo
            if before is None:
                self.stats.pop(nid, None)
            else:
                self.stats[nid] = before
        return True

    @property
    def step(self) -> MctsStep | None:
        return self.steps[self.position - 1] if self.position else None

    def node_stats(self, nid: int) -> tuple[int, float]:
        return self.stats.get(nid, (0, 0.0))

    def mean_for_max(self, nid: int, max_player: int) -> float | None:
        n, w = self.node_stats(nid)
        if not n:
            return None
        view = self.nodes[nid].view
        return w / n if view == max_player else -w / n


def _signed(x: float) -> str:
    return true_minus("0" if abs(x) < 5e-3 else f"{x:+.2f}")


def draw_mcts_panel(surface: pygame.Surface, rect: pygame.Rect, recording: SearchRecording,
                    stepper: MctsStepper, size: int, small: int) -> int:
    """The step panel for MCTS; returns the y below what it drew."""
    y = rect.y
    step = stepper.step
    title = f"MCTS (UCT): {step.phase}" if step is not None else "MCTS (UCT), step by step"
    colour = PHASE_COLOUR.get(step.phase, theme.color("accent")) if step else theme.color(
        "accent")
    draw_text(surface, title, (rect.x, y), size, colour, bold=True, max_width=rect.width)
    y += int(size * 1.5)
    lines = [(str(name), str(text)) for name, text in PSEUDOCODE["mcts"]]
    words_h = int(small * (1.4 + 7 * 1.3))
    code_h = max(5 * int(small * 1.32),
                 min(len(lines) * int(small * 1.32) + small, rect.bottom - y - words_h))
    code_rect = pygame.Rect(rect.x + 4, y, rect.width - 8, code_h)
    y = draw_pseudocode(surface, code_rect, lines, stepper.line, small, "",
                        min_size=small if small >= 18 else 0)
    y += small // 2
    pygame.draw.line(surface, theme.color("panel_border"), (rect.x, y), (rect.right, y), 1)
    y += small // 2
    it = f", iteration {step.iteration}" if step is not None else ""
    draw_text(surface, f"Step {stepper.position} of {len(stepper.events)}{it}",
              (rect.x, y), small, theme.color("text_dim"))
    y += int(small * 1.4)
    text = step.text if step is not None else "Press N (or Step ▶) to start the first iteration."
    for ln in wrap_text(true_minus(text), font(small), rect.width)[:4]:
        draw_text(surface, ln, (rect.x, y), small, style.TEXT)
        y += int(small * 1.3)
    if step is not None and step.candidates:
        y = _draw_candidates(surface, rect, y, step, small)
    return y


def _draw_candidates(surface: pygame.Surface, rect: pygame.Rect, y: int, step: MctsStep,
                     small: int) -> int:
    """The children compared, best UCB first: move, N, exploitation + exploration = UCB."""
    row = int(small * 1.3)
    draw_text(surface, "UCB1 = W/N + C·√(ln N(parent)/N):", (rect.x, y), small,
              theme.color("text_dim"), max_width=rect.width)
    y += row
    order = sorted(range(len(step.candidates)), key=lambda i: -step.candidates[i].ucb)
    room = max(0, (rect.bottom - y) // row)
    for i in order[:room]:
        c = step.candidates[i]
        taken = i == step.chosen
        text = (f"{'▶' if taken else ' '} {c.move}  N {c.n}:  {_signed(c.exploitation)} + "
                f"{c.exploration:.2f} = {_signed(c.ucb)}")
        draw_text(surface, text, (rect.x + small // 2, y), small,
                  style.PV if taken else style.TEXT, bold=taken,
                  max_width=rect.width - small // 2)
        y += row
    return y
