"""The root's extra searches as the lab records them: one MTD(f) probe (ai.lab.recording's
``SearchRecording.probes``), and an aspiration window that failed (``first_try``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.jsontypes import JSONObject


@dataclass
class ProbeRecord:
    """One MTD(f) probe of the root, in MAX's view: the test ("is the value at least
    ``test``?" at a MAX root, "at most" at a MIN root), the value the null-window search
    returned, the interval [lower, upper] the value is known to lie in afterwards (None: open),
    and the recorded nodes of the probe, from node id ``first_node`` on."""

    index: int
    test: float
    lower: float | None
    upper: float | None
    first_node: int = 0
    value: float | None = None
    nodes: int = 0
    #: What the probe proved, in MAX's view: "lower" (the value is at least ``value``),
    #: "upper" (at most ``value``) or "exact" (the value itself, inside the null window).
    answer: str = ""
    #: The root's moves this probe never searched: it cut off before them (a fail high).
    skipped: list[str] = field(default_factory=list)

    def to_json(self) -> JSONObject:
        return {"index": self.index, "test": _round(self.test), "value": _round(self.value),
                "lower": _round(self.lower), "upper": _round(self.upper), "nodes": self.nodes,
                "answer": self.answer, "skipped": list(self.skipped)}


@dataclass
class AspirationTry:
    """The root's first search, in an aspiration window around the previous depth's value,
    when the value fell outside it, in MAX's view: the window (a side None: open), the value
    that try returned (only a bound: "upper", failed low, at most ``value``; "lower", failed
    high, at least ``value``), and the root's moves it cut off before (a fail high). The
    search then searched the root again with a wider window; its value is the answer."""

    alpha: float | None
    beta: float | None
    value: float | None
    answer: str
    skipped: list[str] = field(default_factory=list)

    def to_json(self) -> JSONObject:
        return {"alpha": _round(self.alpha), "beta": _round(self.beta),
                "value": _round(self.value), "answer": self.answer,
                "skipped": list(self.skipped)}


def _round(x: float | None) -> float | None:
    """A finite figure for JSON (a probe's bounds are None where open, never infinite)."""
    return None if x is None else round(float(x), 6)
