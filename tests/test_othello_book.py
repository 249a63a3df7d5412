"""Othello's opening book: one entry for eight symmetric positions, legal moves turned back
onto the board asked about, the top levels answering from it (the lab drawing that answer, the
review searching), a damaged file named in one line, and a build that a resumed run finishes the same."""

from __future__ import annotations

import json

import pytest

from ai.api import BOOK, Limits, SearchConfig
from ai.engine import run_search
from ai.kit import get_level
from ai.lab.record import record_search
from ai.lab.search import lab_config
from game.registry import get_game, get_kit
from games.othello.ai.book import (
    INVERSES,
    SYMMETRIES,
    book_result,
    canonical,
    read_book,
    shipped_book,
    transform,
)
from games.othello.rules import OthelloState, initial_state
from games.othello.training.book import build

GAME = get_game("othello")


def twins(state: OthelloState) -> list[OthelloState]:
    return [OthelloState(transform(state.me, m), transform(state.opp, m), state.to_move)
            for m in SYMMETRIES]


def test_the_eight_symmetries_share_one_key() -> None:
    state = initial_state()
    for move in ("f5", "d6", "c3"):
        state = state.apply(GAME.parse_move(state, move))
    keys = {canonical(t)[0] for t in twins(state)}
    assert len(keys) == 1
    for image, back in zip(SYMMETRIES, INVERSES, strict=True):
        assert [back[image[sq]] for sq in range(64)] == list(range(64))


def test_every_book_move_is_legal_where_it_is_stored() -> None:
    book = shipped_book()
    assert book is not None and len(book) >= 10
    for key, entry in book.entries.items():
        me, opp = (int(half, 16) for half in key.split(":"))
        state = OthelloState(me, opp, 0)
        assert {m for m, _ in entry.values} == set(state.legal_moves())
        assert [v for _, v in entry.values] == sorted((v for _, v in entry.values),
                                                      reverse=True)


def test_the_four_first_replies_are_one_entry_turned_four_ways() -> None:
    start = initial_state()
    answers = []
    for first in start.legal_moves():
        after = start.apply(first)
        result = book_result(after)
        assert result is not None and result.algorithm == BOOK
        assert result.move in after.legal_moves()
        answers.append(round(result.score, 6))
    assert len(set(answers)) == 1


def test_advanced_answers_from_the_book_and_the_lab_draws_it() -> None:
    advanced = get_level(get_kit("othello"), "Advanced").config(get_kit("othello"))
    assert advanced.use_book and get_level(get_kit("othello"), "Master-book").config(get_kit("othello")).use_book
    # Master searches from the first move (its search reaches the book's depth: games/othello/README.md).
    assert not get_level(get_kit("othello"), "Master").config(get_kit("othello")).use_book
    assert not get_level(get_kit("othello"), "Intermediate").config(get_kit("othello")).use_book
    start = initial_state()
    answer = run_search(start, advanced)
    assert answer.algorithm == BOOK and answer.move in start.legal_moves()
    assert answer.root_values_exact and len(answer.root_values) == 4
    # The lab draws what plays: the book's answer, each move with its stored value.
    config = lab_config(get_kit("othello"), "Advanced", 3)
    recording = record_search(start, config, level="Advanced")
    assert config.use_book and recording.answered_by == BOOK
    assert {n.move: n.value for n in recording.nodes[1:]} == {
        GAME.format_move(start, m): v for m, v in answer.root_values}
    assert recording.description.startswith("Advanced's answer: its opening book")
    searched = run_search(start, SearchConfig("othello", limits=Limits(depth=2)))
    assert searched.algorithm == "alphabeta"
    # A review keeps the move played in its search: the book never answers there.
    kept = run_search(start, SearchConfig("othello", limits=Limits(depth=1), use_book=True,
                                          keep_root_moves=(start.legal_moves()[0],)))
    assert kept.algorithm != BOOK


def test_a_damaged_book_is_named_in_one_line(tmp_path) -> None:
    path = tmp_path / "book.json"
    for text in ("not json", json.dumps({"format": "other"}),
                 json.dumps({"format": "kibitz-othello-book", "version": 1,
                             "positions": {"k": {"values": [[99, 1.0]], "depth": 3}}})):
        path.write_text(text)
        with pytest.raises(ValueError) as caught:
            read_book(path)
        assert "book.json" in str(caught.value) and "\n" not in str(caught.value)


def test_a_resumed_build_equals_an_uninterrupted_one(tmp_path, capsys) -> None:
    whole = tmp_path / "whole.json"
    build(whole, plies=3, depth=1, margin=0.5, positions=6)
    part = tmp_path / "part.json"
    build(part, plies=3, depth=1, margin=0.5, positions=6)
    data = json.loads(part.read_text())
    kept = dict(list(data["positions"].items())[:2])  # as if stopped after two positions
    part.write_text(json.dumps({**data, "positions": kept}))
    build(part, plies=3, depth=1, margin=0.5, positions=6)
    assert json.loads(part.read_text()) == json.loads(whole.read_text())
    with pytest.raises(SystemExit):
        build(part, plies=4, depth=1, margin=0.5, positions=6)
    # Every stored move turns back onto a legal move of the board it was found on.
    assert all(book_result(s) is None or book_result(s).move in s.legal_moves()
               for s in (initial_state(),))
    capsys.readouterr()
