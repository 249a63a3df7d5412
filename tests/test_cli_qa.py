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


@pytest.mark.parametrize("game_id,options", [
    ("nim", '{"self": 1}'), ("tictactoe", '{"text": 1}'), ("othello", '{"state": 2}'),
    ("nim", '{"max_take": -4}'),
])
def test_a_bad_option_in_a_save_names_the_options_line(game_id, options):
    from game.registry import get_kit
    from game.savefile import SaveFormatError, load
    from game.session import Session

    text = Session(get_kit(game_id)).save()
    lines = text.splitlines()
    assert lines[2].startswith("options: ")
    lines[2] = f"options: {options}"
    with pytest.raises(SaveFormatError) as caught:
        load("\n".join(lines) + "\n")
    message = str(caught.value)
    assert message.startswith("line 3 (options): "), message
    assert "\n" not in message


def test_an_even_match_reports_elo_zero_without_a_sign():
    from cli.match_tally import _fmt_elo

    assert _fmt_elo(-0.3, False) == "0" and _fmt_elo(0.0, True) == "0"
    assert _fmt_elo(146.6, False) == "+147" and _fmt_elo(-31.5, True) == "-32"
    assert _fmt_elo(None, True) == "-inf"
