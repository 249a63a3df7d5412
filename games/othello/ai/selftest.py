"""Othello's checks for ``main.py selftest``: the learned pattern tables load strictly."""

from __future__ import annotations

from ai.kit import SelfTest
from games.othello.ai import patterns


def _pattern_tables() -> str:
    patterns.load_weights(patterns.default_weights_path())
    return "Othello pattern tables"


SELFTEST = SelfTest(tables=_pattern_tables)
