"""The side panel's node card: what one recorded node is, and its position on a small board.

The small board is the game's own board view drawn into a small rectangle (the views scale to
any rectangle); a game without a board view (the classroom trees) shows its position in its
own notation instead.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from ai.lab import mcts_text
from ai.lab.compare_notes import aspiration_note
from ai.lab.recording import RecordedNode, SearchRecording
from ai.lab.search import noisy_words
from game.core import Game, State
from game.kit import GameKit
from ui import scene_record, theme
from ui.assets import font
from ui.boards.base import BoardView, ViewContext
from ui.lab import probes, style
from ui.widgets import draw_text, wrap_text

BOUND_WORDS = {"upper": "at most", "lower": "at least", "exact": ""}


def node_lines(recording: SearchRecording, nid: int, game: Game | None = None
               ) -> list[tuple[str, tuple]]:
    """The node card as (text, colour) lines."""
    node = recording.nodes[nid]
    kit = recording.kit
    path = [style.edge_text(recording.nodes[i], kit) for i in recording.path_to(nid)[1:]]
    lines: list[tuple[str, tuple]] = [
        (style.KIND_NAME.get(node.kind, node.kind).capitalize(), style.KIND_COLOR.get(
            node.kind, style.TEXT)),
        ("Path: " + (" → ".join(path) if path else "the root (the position searched)"),
         style.TEXT),
    ]
    if path and path[-1] != (node.move or ""):  # Nim's edges show heaps: the move as well
        lines.append((f"Move: {node.move}", style.DIM))
    if node.probability is not None:
        lines.append((f"Probability of this outcome: {style.probability_text(node.probability)}"
                      f" ({node.probability:.3g})", style.TEXT))
    if getattr(node, "visits", None) is not None:  # MCTS: N, W, UCB1 instead of windows
        lines += [(text, style.TEXT if i < 2 else style.PV)
                  for i, text in enumerate(mcts_text.card_lines(recording, nid))]
        if node.on_pv:
            lines.append(("On the principal line (the most visited child, level by level)",
                          style.PV))
        return lines
    bound = BOUND_WORDS.get(getattr(node, "bound", "exact"), "")
    value = style.value_text(node.value, recording.kit)
    lines.append((f"Value: {bound + ' ' if bound else ''}{value}"
                  f"{'  (a bound: the window cut it short)' if bound else ''}", style.TEXT))
    first_try = getattr(recording, "first_try", None) if nid == 0 else None
    if first_try is not None:  # the root's window is the re-search's, the one that answered
        lines += aspiration_lines(recording)
    elif node.alpha is not None or node.beta is not None:
        lines.append((f"Window on entry (α, β): {style.window_text(node.alpha, node.beta, recording.kit)}",
                      style.DIM))
    probe_line = probes.node_line(recording, nid)
    if probe_line:
        lines.append((probe_line, style.DIM))
    past = recording.plies_past_limit(nid)
    lines.append((f"Remaining depth: {node.depth}" + (
        f" ({past} pl{'y' if past == 1 else 'ies'} past the depth limit)" if past else ""),
        style.DIM))
    if node.kind == "leaf":
        what = "the game's result" if getattr(node, "terminal", False) else "static evaluation"
        lines.append((f"Leaf: {what}", style.DIM))
    else:
        left_out = getattr(node, "unrecorded", 0)
        searched = f"Children searched: {len(node.children) + left_out}"
        if left_out:
            lines.append((f"{searched}, {left_out} of them not recorded (the node budget ran "
                          "out)", style.STUB))
        else:
            lines.append((searched, style.DIM))
    if node.pruned:
        lines.append((f"Cutoff: {_skipped_words(node, kit)} never searched (drawn "
                      "greyed)", style.STUB))
    elif getattr(node, "cutoff", False):
        lines.append(("Cutoff: the loop stopped early (nothing left to skip)", style.STUB))
    if getattr(node, "filtered", 0):
        lines.append((f"Move filter dropped {node.filtered} move(s) after a quick look",
                      style.DIM))
    if node.tt_hit:
        lines.append(("Transposition table hit: value reused, subtree not searched", style.TT))
    lines += _research_lines(recording, nid)
    lines += quiescence_lines(recording, nid)
    if node.on_pv:
        lines.append(("On the principal variation (the expected line of play)", style.PV))
    return lines


def aspiration_lines(recording: SearchRecording) -> list[tuple[str, tuple]]:
    """The root of a search whose aspiration window failed: the window that found its value,
    and the failed first try, whose value was only a bound outside its window."""
    root, kit, first_try = recording.nodes[0], recording.kit, recording.first_try
    if first_try is None:  # the caller asks only of a recording with a failed first try
        return []
    note = aspiration_note(first_try, *probes.precise_texts(kit))
    window = style.window_text(root.alpha, root.beta, kit)
    return [(f"Window (α, β): {window}, the re-search that found the "
             "value", style.DIM),
            (f"First try: the {note}, outside it, so the root's moves were searched again "
             "(the dashed \"first try\" visits)", style.RESEARCH)]


def quiescence_lines(recording: SearchRecording, nid: int) -> list[tuple[str, tuple]]:
    """A node of quiescence search: where it is (at the depth limit, or past it), why it was
    searched on (a noisy move was on the board: its value would jump one ply later), and its
    stand pat."""
    node = recording.nodes[nid]
    if not getattr(node, "quiescence", False):
        return []
    one, several = noisy_words(recording.kit)
    kit = recording.kit
    stand = getattr(node, "stand_pat", None)
    past = recording.plies_past_limit(nid)
    if stand is not None:
        where = ("at the depth limit, but" if not past else
                 f"{past} pl{'y' if past == 1 else 'ies'} past the depth limit, and")
        return [(f"Quiescence: {where} {one} was on the board: its value would jump one ply "
                 f"later, so the search went on along {several} only", style.QUIESCENCE),
                (f"Stand pat: {style.value_text(stand, kit)} (its static value, the least "
                 "its mover is sure of: it may decline them all)", style.QUIESCENCE)]
    if getattr(node, "terminal", False):
        return [("Quiescence: searched past the depth limit (reached by one of the "
                 f"{several}); the game is over here", style.QUIESCENCE)]
    return [("Quiescence: searched past the depth limit (reached by one of the "
             f"{several}); quiet here, none of its moves is {one}, so its static value "
             "stands",
             style.QUIESCENCE)]


def _skipped_words(node: RecordedNode, kit: GameKit | None) -> str:
    """The children a cutoff skipped, named: "2 children: b (4), c (6)"."""
    skipped = list(getattr(node, "skipped", None) or ())
    count = f"{node.pruned} child{'ren' if node.pruned != 1 else ''}"
    if not skipped:
        return count
    names = [f"{move} ({style.value_text(value, kit)})" if value is not None else move
             for move, value in skipped[:8]]
    more = f", +{len(skipped) - 8} more" if len(skipped) > 8 else ""
    return f"{count}: {', '.join(names)}{more}"


def _research_lines(recording: SearchRecording, nid: int) -> list[tuple[str, tuple]]:
    """A move searched twice: what each visit was (the tree names the move once)."""
    node = recording.nodes[nid]
    if node.parent is None:
        return []
    siblings = recording.nodes[node.parent].children
    later = siblings[siblings.index(nid) + 1:]
    again = next((c for c in later if recording.nodes[c].move == node.move
                  and recording.nodes[c].research), None)
    if again is not None:
        if node.null_window:
            return [("Null-window probe: only asks \"is this move better than α?\"; it said "
                     "yes, so the move is searched again beside it with a real window",
                     style.RESEARCH)]
        return [("First try in the root's aspiration window: the value fell outside it, so "
                 "the move is searched again with a wider window", style.RESEARCH)]
    if node.research:
        return [("↻ Re-search of this move with a wider window (the dashed visit beside it "
                 "was the first try); its value is the one that counts", style.RESEARCH)]
    return []


def _wrap_anywhere(text: str, f: pygame.font.Font, width: int) -> Iterator[str]:
    """Lines of ``text`` no wider than ``width``: at spaces where it has them, else anywhere
    (a classroom tree is one long word of brackets and would run off the panel). A generator:
    the caller stops at the bottom of its box, so a long tree costs only the lines shown."""
    for line in wrap_text(text, f, width):
        while len(line) > 1 and f.size(line)[0] > width:
            lo, hi = 1, len(line) - 1  # the longest head that fits, by bisection
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if f.size(line[:mid])[0] <= width:
                    lo = mid
                else:
                    hi = mid - 1
            yield line[:lo]
            line = line[lo:]
        yield line


class NodeCard:
    """Draws the node card and the small board into a rectangle of the side panel."""

    def __init__(self, game: Game, board: BoardView | None) -> None:
        self.game = game
        self.board = board

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, recording: SearchRecording,
             nid: int | None, size: int) -> None:
        if nid is None:
            draw_text(surface, "Click a node to see it here.", (rect.x, rect.y), size,
                      theme.color("text_dim"), max_width=rect.width)
            return
        y = rect.y
        f = font(size)
        for text, col in node_lines(recording, nid, self.game):
            for ln in wrap_text(text, f, rect.width):
                if y + size > rect.bottom:
                    return
                draw_text(surface, ln, (rect.x, y), size, col, max_width=rect.width)
                y += int(size * 1.3)
        y += size // 2
        self.draw_position(surface, pygame.Rect(rect.x, y, rect.width, rect.bottom - y),
                           recording.nodes[nid].state, size)

    def draw_position(self, surface: pygame.Surface, rect: pygame.Rect, state: State | None,
                      size: int) -> None:
        if state is None or rect.height < 3 * size:
            return
        if self.board is not None:
            side = min(rect.width, rect.height)
            box = pygame.Rect(rect.x, rect.y, rect.width, side)
            pygame.draw.rect(surface, theme.color("board"), box, border_radius=6)
            self.board.draw(surface, box, state, ViewContext())
            # Which position the board shows, for the tests that hold it to the search.
            scene_record.note(surface, "lab-position", box,
                              position=self.game.format_position(state))
            return
        try:
            text = self.game.format_position(state)
        except Exception:  # noqa: BLE001 - a label must never break the frame
            text = str(state)
        draw_text(surface, "Position:", (rect.x, rect.y), size, theme.color("text_dim"))
        y = rect.y + int(size * 1.4)
        for ln in _wrap_anywhere(text, font(size, True), rect.width):
            if y + size > rect.bottom:
                break
            draw_text(surface, ln, (rect.x, y), size, style.TEXT, bold=True)
            y += int(size * 1.3)
