"""Numbers on the command line: every numeric flag and every ``--weights`` factor is a clean
value or one line of refusal (exit 2), whatever is typed: nan, inf, 1e400, 0x10, 1_000,
other scripts' digits, nothing at all."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_cli import run_main

import main
from cli.common import WEIGHT_MAX, WEIGHT_MIN

#: Texts that Python's int() or float() would take but a person did not mean as a number.
TRICKY = ["nan", "NaN", "inf", "-inf", "Infinity", "1e400", "1e308", "-1e308", "0x10",
          "1_000", "", "=", " 2", "2 ", "+3", "--1", "1.", ".5", "0", "-0", "١٢", "２", "𝟓",
          "1e-3", "3.0000000001", "99999999999999999999", "-", ".", "0.5.5", "1,5", "\n1"]

FLAGS = [("analyze", "--depth"), ("analyze", "--time"), ("analyze", "--seed"),
         ("analyze", "--rollout"), ("analyze", "--truncate"), ("analyze", "--candidates"),
         ("analyze", "--jobs"),
         ("match", "--games"), ("match", "--seed"), ("match", "--jobs"), ("bench", "--repeat")]

number_texts = st.one_of(
    st.sampled_from(TRICKY),
    st.text(alphabet="0123456789.-+e_xnaif ١２", max_size=12),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.integers(min_value=-10**30, max_value=10**30).map(str),
)


def _refused_in_one_line(code: int, out: str, err: str) -> bool:
    return (code == 2 and out == "" and err.startswith("kibitz: error: ")
            and err.count("\n") == 1 and "Traceback" not in err)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # capsys is read each run
@given(flag=st.sampled_from(FLAGS), text=number_texts)
def test_a_numeric_flag_is_a_finite_number_or_one_line_of_refusal(
    capsys: pytest.CaptureFixture[str], flag: tuple[str, str], text: str
) -> None:
    command, name = flag
    try:
        args = main.build_parser(command).parse_args([command, f"{name}={text}"])
    except SystemExit as exc:
        out, err = capsys.readouterr()
        assert _refused_in_one_line(int(exc.code or 0), out, err), (text, err)
        return
    value = getattr(args, name.removeprefix("--").replace("-", "_"))
    assert isinstance(value, int | float) and not isinstance(value, bool)
    assert math.isfinite(value) and value >= 0, (text, value)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # capsys is read each run
@given(text=number_texts)
def test_a_weight_is_a_plain_decimal_in_range_or_one_line_of_refusal(
    capsys: pytest.CaptureFixture[str], text: str
) -> None:
    code, out, err = run_main(capsys, "analyze", "--game", "tictactoe", "--depth", "1",
                              "--weights", f"centre={text}")
    if code == 0:
        # Spaces around a factor are the list's, like those around its commas.
        assert WEIGHT_MIN <= float(text) <= WEIGHT_MAX
        return
    assert _refused_in_one_line(code, out, err), (text, err)
    assert "centre" in err


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308", "1e400", "101", "-100.5",
                                   "0x10", "1_000", "", "٣"])
def test_weights_refuse_what_is_not_a_plain_finite_decimal_in_range(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    code, out, err = run_main(capsys, "analyze", "--game", "othello", "--depth", "2",
                              "--weights", f"corners={value}")
    assert _refused_in_one_line(code, out, err), err
    assert "corners" in err and f"{WEIGHT_MIN:g} to {WEIGHT_MAX:g}" in err


@pytest.mark.parametrize("value", ["0", "2", "-1", "0.25", "100", "-100"])
def test_weights_take_plain_decimals_with_a_minus(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    code, out, err = run_main(capsys, "analyze", "--game", "tictactoe", "--depth", "1",
                              "--weights", f"centre={value}")
    assert code == 0, err
