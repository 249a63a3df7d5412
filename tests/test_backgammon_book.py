"""Backgammon's opening book: all 15 opening rolls with legal moves, one entry for both colours,
no answer anywhere but the first move, the top levels answering from it, a damaged file named
in one line, and a build that the same seed repeats and a resumed run finishes the same."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from ai.api import BOOK
from ai.engine import run_search
from ai.kit import get_level
from game.paths import asset_path
from game.registry import get_game, get_kit
from games.backgammon.ai.book import (
    BOOK_FILE,
    is_opening_move,
    read_book,
    roll_key,
    shipped_book,
)
from games.backgammon.rules import BackgammonState
from games.backgammon.training.book import OPENING_ROLLS, build, roll_entry, worth

GAME = get_game("backgammon")


def opening(dice: tuple[int, int], white_first: bool = True) -> BackgammonState:
    """The first move of a game: the opening roll won by White (die a) or Red (die b)."""
    high, low = dice
    return GAME.initial_state().apply((high, low) if white_first else (low, high))


def test_the_book_holds_every_opening_roll_with_legal_moves_best_first() -> None:
    book = shipped_book()
    assert book is not None and len(book) == 15
    assert {roll_key(d) for d in OPENING_ROLLS} == set(book.rolls)
    for dice in OPENING_ROLLS:
        entry = book.rolls[roll_key(dice)]
        legal = set(BackgammonState(dice=dice).legal_moves())
        assert entry.lines and all(line.move in legal for line in entry.lines)
        equities = [line.equity for line in entry.lines]
        assert equities == sorted(equities, reverse=True) and entry.lines[0].diff == 0.0


def test_one_entry_answers_for_both_colours_in_their_own_point_numbers() -> None:
    book = shipped_book()
    assert book is not None
    for white_first in (True, False):
        state = opening((3, 1), white_first)
        assert state.to_move == (0 if white_first else 1) and is_opening_move(state)
        result = book.result(state)
        assert result is not None and result.algorithm == BOOK
        assert GAME.format_move(state, result.move) == "8/5 6/5"  # the classic 3-1 point


def test_the_book_answers_only_the_first_move() -> None:
    book = shipped_book()
    assert book is not None
    state = opening((6, 5))
    after = state.apply(book.result(state).move)
    assert after.current_player() not in (0, 1)  # the reply's dice are still to roll
    reply = after.apply((3, 1))
    assert not is_opening_move(reply) and book.result(reply) is None
    assert book.result(BackgammonState(dice=(3, 3))) is None  # a double is no opening roll


def test_the_network_levels_answer_from_the_book_and_the_switch_closes_it() -> None:
    state = opening((4, 3))
    for level in ("Intermediate", "Advanced", "Master"):
        config = get_level(get_kit("backgammon"), level).config(get_kit("backgammon"), seed=0)
        result = run_search(state, config)
        assert result.algorithm == BOOK and result.root_values_exact
        assert result.move == shipped_book().result(state).move
        searched = run_search(state, replace(config, use_book=False))
        assert searched.algorithm != BOOK
    for level in ("Advanced-nobook", "Casual"):
        assert run_search(state, get_level(get_kit("backgammon"), level).config(
            get_kit("backgammon"), seed=0)).algorithm != BOOK


@pytest.mark.parametrize("text, reason", [
    ("{", "cannot read"),
    ('{"format": "kibitz-othello-book", "version": 1}', "not a version 1"),
    ('{"format": "kibitz-backgammon-book", "version": 1, "rolls": {"33": '
     '{"trials": 1, "moves": []}}}', "not a non-double roll"),
    ('{"format": "kibitz-backgammon-book", "version": 1, "rolls": {"31": {"trials": 1, '
     '"moves": [{"move": "24/18", "equity": 0, "se": 0, "diff": 0, "diff_se": 0}]}}}',
     "damaged book entry"),
])
def test_a_damaged_book_is_one_line(tmp_path, text: str, reason: str) -> None:
    path = tmp_path / "book.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        read_book(path)
    message = str(caught.value)
    assert reason in message and "\n" not in message and message.startswith("book.json")


def test_a_build_repeats_from_its_seed_and_a_resumed_one_finishes_the_same(tmp_path) -> None:
    settings = {"candidates": 2, "trials": 3, "truncate": 2, "seed": 5}
    whole = build(tmp_path / "a.json", **settings)
    again = build(tmp_path / "b.json", **settings)
    strip = lambda book: {k: {**r, "seconds": 0} for k, r in book["rolls"].items()}  # noqa: E731
    assert strip(whole) == strip(again)
    part = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    part["rolls"] = {k: part["rolls"][k] for k in list(part["rolls"])[:4]}
    (tmp_path / "c.json").write_text(json.dumps(part), encoding="utf-8")
    resumed = build(tmp_path / "c.json", **settings)
    assert strip(resumed) == strip(whole)
    assert read_book(tmp_path / "c.json").rolls.keys() == read_book(tmp_path / "a.json").rolls.keys()
    gain, se = worth(whole, "Advanced")
    assert gain >= 0.0 and se >= 0.0  # the book's best is never worse than a level's choice


def test_the_book_is_searched_and_scored_by_the_network_it_names() -> None:
    """The shipped book was made on generation 0 (the TD network) and says so: its recorded
    levels' choices are generation 0's searches, and ``--network`` reaches the rollouts too."""
    book = json.loads(asset_path(*BOOK_FILE).read_text(encoding="utf-8"))
    assert book["network"] == "gen0" and book["command"].endswith("--network gen0")
    for key in ("43", "64"):  # where the shipped network's Intermediate plays otherwise
        dice = (int(key[0]), int(key[1]))
        state = opening(dice)
        for level in ("Intermediate", "Advanced"):
            config = replace(get_level(get_kit("backgammon"), f"{level}-gen0").config(get_kit("backgammon")),
                             use_book=False)
            played = GAME.format_move(state, run_search(state, config).move)
            assert book["rolls"][key]["levels"][level] == played, (key, level)
    settings = {"candidates": 2, "trials": 2, "truncate": 2, "seed": 5}
    td, shipped = roll_entry((2, 1), **settings, network="gen0"), roll_entry((2, 1), **settings)
    assert [m["equity"] for m in td["moves"]] != [m["equity"] for m in shipped["moves"]]


def test_explain_and_analyze_say_the_book_answered_and_how_it_was_made(capsys) -> None:
    import main

    main.main(["explain", "--game", "backgammon", "--position", "4HPwATDgc/ABMA 43 0",
               "--level", "Master"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "opening-book: 4HPwATDgc/ABMA 43"  # no depth: a book has none
    assert any("rolled out by Kibitz" in line for line in lines)
    main.main(["analyze", "--game", "backgammon", "--position", "4HPwATDgc/ABMA 43 1",
               "--level", "Master"])
    report = json.loads(capsys.readouterr().out)
    assert report["algorithm"] == BOOK and report["value"] is not None
    assert report["value_text"].endswith("points a game for Red")


def test_the_lab_draws_the_book_answer_as_a_decision_with_its_moves_below() -> None:
    from ai.lab.record import record_search
    from ai.lab.search import lab_config

    state = opening((2, 1))
    recording = record_search(state, lab_config(get_kit("backgammon"), "Master", None), level="Master")
    assert recording.answered_by == BOOK
    root = recording.root
    assert root.children and root.kind != "leaf"  # a decision, not a leaf square
    book = shipped_book().result(state)
    assert {recording.nodes[c].move: recording.nodes[c].value for c in root.children} == {
        GAME.format_move(state, m): v for m, v in book.root_values}
