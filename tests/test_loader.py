"""Nothing heavy on the window's thread (issue 42, item 6): the loader computes off the caller's
thread, the newest request wins, a failure reaches the caller; the lab names a learned
evaluation without loading it; backgammon's panel asks the loader, not the window's thread."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from ai.kit import game_ai
from game.registry import all_kits
from play.loader import Loader

ROOT = Path(__file__).resolve().parent.parent


def _ready(loader: Loader, key, compute):
    assert loader.wait(10)
    return loader.get(key, compute)


def test_the_value_is_computed_off_the_callers_thread_and_kept():
    threads: list[threading.Thread] = []

    def compute() -> int:
        threads.append(threading.current_thread())
        return 42

    loader = Loader()
    assert loader.get("a", compute) == (False, None)
    assert _ready(loader, "a", compute) == (True, 42)
    assert threads and threads[0] is not threading.main_thread()
    assert not loader.pending
    assert loader.get("a", compute) == (True, 42) and len(threads) == 1  # kept, not redone


def test_only_the_newest_request_is_computed_after_the_one_under_way():
    started, release = threading.Event(), threading.Event()
    computed: list[str] = []

    def compute(key: str):
        def run() -> str:
            if key == "a":
                started.set()
                release.wait(10)
            computed.append(key)
            return key.upper()
        return run

    loader = Loader()
    assert loader.get("a", compute("a")) == (False, None)
    assert started.wait(10)
    for key in ("b", "c"):
        assert loader.get(key, compute(key)) == (False, None)
    release.set()
    assert _ready(loader, "c", compute("c")) == (True, "C")
    assert computed == ["a", "c"]  # b was left before its turn came
    assert loader.get("a", compute("a")) == (True, "A")  # finished, unwanted, still kept


def test_a_left_request_stops_loading_and_the_oldest_answers_go_first():
    loader = Loader(keep=2)
    for key in ("a", "b", "c"):
        loader.get(key, lambda key=key: key)
        assert loader.wait(10)
    assert loader.get("a", lambda: "again")[0] is False  # dropped: the two newest are kept
    loader.forget()
    assert loader.wait(10)
    assert not loader.pending
    assert loader.get("c", lambda: "c") == (True, "c")


def test_a_failed_computation_is_raised_on_the_callers_thread_once():
    def broken() -> None:
        raise ValueError("the weights file is damaged")

    loader = Loader()
    loader.get("x", broken)
    assert loader.wait(10)
    assert loader.pending  # the failure waits for the caller's next look
    with pytest.raises(ValueError, match="damaged"):
        loader.get("x", broken)
    assert not loader.pending


def test_every_evaluator_is_named_as_the_built_one_names_itself():
    for kit in all_kits():
        ai = game_ai(kit)
        for variant in ai.evaluators:
            try:
                built = ai.evaluator(variant)
            except (ValueError, OSError):  # a training candidate whose file is not here
                continue
            assert ai.evaluator_title(variant) == getattr(built, "title",
                                                          type(built).__name__), (kit.id, variant)


def test_the_lab_names_every_levels_evaluation_without_loading_a_table():
    """In a fresh interpreter: the lab's header line for every level of every game, then
    neither numpy nor Othello's pattern tables nor backgammon's network is loaded."""
    script = textwrap.dedent("""
        import sys
        from ai.kit import game_ai
        from ai.lab.search import describe, lab_config
        from game.registry import all_kits
        import games.othello.ai.patterns as patterns
        for kit in all_kits():
            for level in game_ai(kit).levels:
                describe(kit, level.name, lab_config(kit, level.name, 2))
        loaded = [m for m in ("numpy", "games.backgammon.ai.net") if m in sys.modules]
        print(loaded, patterns._MODEL is not None)
    """)
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[] False"
