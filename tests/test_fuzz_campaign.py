"""The fuzz campaign (scripts/fuzz_campaign.py) at a small budget: every surface holds for the
inputs hypothesis draws (its random generator shrinks and replays like any strategy), the
runner prints its table, one seed gives the same inputs every time, and a broken check is
reported with the key that reproduces it."""

from __future__ import annotations

import hashlib
import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scripts.fuzz_campaign import Campaign, input_rng, main
from scripts.fuzz_files import all_surfaces
from scripts.fuzz_surfaces import Surface

SURFACES = {surface.name: surface for surface in all_surfaces()}


@pytest.mark.parametrize("name", list(SURFACES))
@settings(max_examples=25)
@given(rng=st.randoms(use_true_random=False))
def test_a_surface_holds_for_damaged_input(name: str, rng: random.Random) -> None:
    assert SURFACES[name].try_one(rng) is None


def test_every_input_surface_is_driven() -> None:
    assert {"positions", "moves", "saves", "ggf", "engine", "settings", "reviews", "cli",
            "book-othello", "book-backgammon"} <= set(SURFACES)
    assert sum(name.startswith("weights-") for name in SURFACES) >= 3


def input_hashes(seed: int, count: int = 12) -> list[str]:
    return [hashlib.sha256(repr(surface.generate(input_rng(seed, name, i))).encode(
        "utf-8", "surrogatepass")).hexdigest()
            for name, surface in SURFACES.items() for i in range(count)]


def test_one_seed_gives_the_same_inputs_every_time() -> None:
    assert input_hashes(5) == input_hashes(5)
    assert input_hashes(5) != input_hashes(6)


def test_a_short_campaign_prints_its_table_and_summary(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--seed", "3", "--minutes", str(2 / 60), "--surfaces", "positions,moves",
                   "--out", str(tmp_path)])
    out = capsys.readouterr().out.splitlines()
    assert out[0].split(" | ")[0].strip() == "surface" and "failures" in out[0]
    assert [line.split(" | ")[0].strip() for line in out[2:4]] == ["positions", "moves"]
    summary = json.loads(out[-1])
    assert status == 0 and summary["failures"] == 0 and summary["tried"] > 2
    saved = json.loads((tmp_path / "checkpoint.json").read_text(encoding="utf-8"))
    assert saved["surfaces"]["moves"]["next_index"] == saved["surfaces"]["moves"]["tried"] > 0


def test_a_resumed_campaign_goes_on_from_its_next_index(tmp_path: Path) -> None:
    first = Campaign(3, [SURFACES["ggf"]], tmp_path)
    first.run(0.3, stream=io.StringIO())
    done = first.tallies["ggf"].next_index
    again = Campaign(3, [SURFACES["ggf"]], tmp_path)
    again.resume()
    assert again.tallies["ggf"].next_index == done > 0
    again.run(0.3, stream=io.StringIO())
    assert again.tallies["ggf"].next_index > done


class BrokenSurface(Surface):
    """A surface whose check rejects any input holding a "b": the runner must report it."""

    name = "broken"

    def corpus(self) -> list[str]:
        return ["abc", "aaa"]

    def check(self, value: str) -> str | None:
        return "found a b" if "b" in value else None


def test_a_failing_check_is_reported_with_its_key(tmp_path: Path) -> None:
    campaign = Campaign(9, [BrokenSurface()], tmp_path)
    campaign.run(0.3, stream=io.StringIO())
    assert campaign.summary()["failures"] == campaign.tallies["broken"].failures > 0
    assert "broken" in campaign.summary()["failed_surfaces"]
    report = sorted((tmp_path / "failures").glob("broken-*.txt"))[0]
    index = int(report.stem.split("-")[1])
    text = report.read_text(encoding="utf-8")
    assert "found a b" in text and f"--seed 9 --replay broken:{index}" in text
    # The key alone gives the same input back.
    assert "b" in BrokenSurface().generate(input_rng(9, "broken", index))


def test_an_exception_in_a_check_is_a_failure_not_a_crash() -> None:
    class Raising(BrokenSurface):
        def check(self, value: str) -> str | None:
            raise KeyError(value)

    failure = Raising().try_one(random.Random(1))
    assert failure is not None and failure.startswith("traceback:") and "KeyError" in failure
