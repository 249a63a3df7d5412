"""CLI misuse found by trying the commands as a careful tester (each failed before its fix)."""

from __future__ import annotations

import pytest

import main


@pytest.mark.parametrize("game,position", [
    ("backgammon", "A" * 3000),          # a position ID quoted back whole: 3,063 characters
    ("tictactoe", "X" * 2000 + "\n O"),  # and with a line break in it
])
def test_an_error_about_a_huge_argument_is_one_short_line(capsys, game, position):
    code = main.main(["analyze", "--game", game, "--position", position])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("kibitz: error: ") and err.endswith("\n")
    assert err.count("\n") == 1
    assert len(err) <= main.MAX_ERROR_CHARS + 40
