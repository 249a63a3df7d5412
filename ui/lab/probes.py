"""MTD(f)'s probes in words: the step panel, the tree's header and the node card say each
null-window test, its answer and the interval the value is known to lie in, the way the slides
walk through the driver ("is it at least 3? yes, at least 3; is it above 3? no: it is 3")."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ai.lab.recording import SearchRecording, StepEvent
from game.kit import GameKit
from ui.lab import style

#: A test this close above the lower bound asks "above lower?" (beta = lower + eps).
_CLOSE = 1e-6


def precise(value: float | None, kit: GameKit | None, sign: int) -> str:
    """A test or bound: the game's label for a whole value, else the number itself (probes
    of an estimate differ by fractions a disc label would round away)."""
    if value is not None and abs(value - round(value)) > 1e-6:
        return f"{value:+.3f}" if _playable(kit) else f"{value:.4g}"
    return style.bound_text(value, sign, kit)


def precise_texts(kit: GameKit | None) -> tuple[Callable[[float | None, float | None], str],
                                          Callable[[float | None], str]]:
    """(window, value) in ``precise`` figures: a failed aspiration window and its bound, which
    differ by fractions the disc labels would round into nonsense ("(+6, +14): at most +5")."""
    def window(alpha: float | None, beta: float | None) -> str:
        return f"({precise(alpha, kit, -1)}, {precise(beta, kit, 1)})"

    return window, lambda value: precise(value, kit, 1)


def _playable(kit: GameKit | None) -> bool:
    """A real game (signed figures in its units), not a classroom tree (numbers as written);
    a recording of a game the registry does not know counts as one."""
    return kit is None or kit.playable


def question(recording: SearchRecording, index: int) -> str:
    """Probe ``index``'s (1-based) test as a question from MAX's side."""
    probes = recording.probes
    probe = probes[index - 1]
    before = probes[index - 2] if index >= 2 else None
    kit = recording.kit
    if recording.nodes[0].kind != "min":
        low = before.lower if before is not None else None
        if low is not None and abs(probe.test - low) < _CLOSE:
            return f"is the value above {precise(low, kit, -1)}?"
        return f"is the value at least {precise(probe.test, kit, 1)}?"
    high = before.upper if before is not None else None
    if high is not None and abs(probe.test - high) < _CLOSE:
        return f"is the value below {precise(high, kit, 1)}?"
    return f"is the value at most {precise(probe.test, kit, -1)}?"


def answer(recording: SearchRecording, index: int) -> str:
    """What probe ``index`` proved: "at least 3", "at most 3" or "exactly 3"."""
    probe = recording.probes[index - 1]
    value = precise(probe.value, recording.kit, 1)
    words = {"lower": "at least", "upper": "at most"}.get(probe.answer, "exactly")
    return f"{words} {value}"


def interval(recording: SearchRecording, index: int) -> str:
    """The interval known after probe ``index``: "the value lies in [3, +∞]", or "the value
    is 3" once the bounds meet."""
    probe = recording.probes[index - 1]
    kit = recording.kit
    if probe.lower is not None and probe.lower == probe.upper:
        return f"the value is {precise(probe.lower, kit, 1)}"
    return (f"the value lies in [{precise(probe.lower, kit, -1)}, "
            f"{precise(probe.upper, kit, 1)}]")


def probe_index(events: Sequence[StepEvent], position: int) -> int:
    """Which probe the step at ``position`` (events replayed so far) belongs to: 0 before
    the first."""
    return sum(1 for ev in events[:position] if ev.kind == "probe")


def event_text(recording: SearchRecording, kind: str, index: int) -> str:
    """A "probe" or "bound" step in words."""
    count = len(recording.probes)
    if kind == "probe":
        return (f"MTD(f) probe {index} of {count}: {question(recording, index)} One alpha-beta "
                "search of the root with a null window: it can only answer yes or no.")
    done = interval(recording, index)
    skipped = recording.probes[index - 1].skipped
    cut = (f" It stopped early: {', '.join(skipped)} not needed for the answer."
           if skipped else "")
    met = " The bounds meet: the search is over." if index == count else ""
    return f"Probe {index} answers {answer(recording, index)}: {done}.{cut}{met}"


def summary(recording: SearchRecording) -> str:
    """The header's figure: "MTD(f): 2 probes (≥ 0 → at least 3; > 3 → at most 3)"."""
    probes = recording.probes
    steps = "; ".join(f"{answer(recording, p.index)}" for p in probes)
    return f"{len(probes)} null-window probe{'s' if len(probes) != 1 else ''}: {steps}"


def node_line(recording: SearchRecording, nid: int) -> str:
    """The node card's line for a node searched inside a probe; "" elsewhere."""
    probe = getattr(recording.nodes[nid], "probe", 0)
    if not probe or not getattr(recording, "probes", None):
        return ""
    return (f"Searched in MTD(f) probe {probe} of {len(recording.probes)}: "
            f"{question(recording, probe)} (answer: {answer(recording, probe)})")
