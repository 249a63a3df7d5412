"""A game's optional parts (its play part, its screen part): a missing one means "none", but an
error inside one that exists reaches the caller instead of being read as its absence."""

from __future__ import annotations

import pytest

from game.registry import all_kits, get_kit
from play.kit import NOTHING, game_play
from ui.kit import lab_views


def test_the_parts_each_package_has_are_found() -> None:
    found = {kit.id: (kit.has_part("play.kit"), kit.has_part("ui.kit")) for kit in all_kits()}
    assert found["backgammon"] == (True, True)
    assert found["othello"] == (True, True)  # its GTP engines
    assert found["classroom"] == (False, False)
    assert not get_kit("nim").has_part("no_such_module")


def test_a_game_without_a_play_part_adds_nothing() -> None:
    assert game_play(get_kit("kalah")) is NOTHING
    assert game_play(get_kit("backgammon")) is not NOTHING
    assert lab_views(get_kit("classroom")) == ()


def test_an_error_inside_an_existing_part_is_not_taken_for_its_absence(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: a ValueError raised while the backgammon play part loaded made the match
    quietly play without its doubling cube."""
    kit = get_kit("backgammon")

    def broken(module: str, name: str, missing: str | None = None) -> object:
        raise ValueError("the play part is broken")

    monkeypatch.setattr(kit, "part", broken)
    with pytest.raises(ValueError, match="broken"):
        game_play(kit)
    with pytest.raises(ValueError, match="broken"):
        lab_views(kit)
