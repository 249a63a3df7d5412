"""Othello's checks for ``main.py selftest``: the learned pattern tables load strictly, and
how long a fresh process waits for the compiled endgame (games.othello.ai.first_solve)."""

from __future__ import annotations

from ai.kit import SelfTest
from games.othello.ai import patterns


def _pattern_tables() -> str:
    patterns.load_weights(patterns.default_weights_path())
    return "Othello pattern tables"


def _kernels() -> str:
    # numba and the timing runs only when the check runs
    from games.othello.ai.first_solve import kernels_check

    return kernels_check()


SELFTEST = SelfTest(tables=_pattern_tables, checks=(("othello kernels", _kernels),))
