"""Reviewing a game: known errors get the right mark and loss, the values are analyze's on the
same position and search, a cancelled review leaves the game alone, and a saved analysis
comes back as it was."""

from __future__ import annotations

import json
import threading
from dataclasses import replace

import pytest

from ai.review.analysis import ReviewCancelled, ReviewSettings, review_session
from ai.review.scale import THROWS_AWAY_WIN, TURNS_DRAW_TO_LOSS
from cli.analyze import analyze
from game.registry import get_kit
from game.review import BAD, NO_ERROR, GameReview
from game.savefile import SaveFormatError, load_review, save_text
from game.session import Session

#: An Othello endgame (Black to move, two empties g8 and h8): h8 wins by 32, g8 hands White
#: the h8 corner and wins by 26 only. The endgame solver proves both.
OTHELLO_ENDGAME = "XXXXXXXXXXXXXXXXXXOOOOXOXXXOOXXOXXOOOOXOXXXXXXOOXXXOXXOOXXXXXX-- X"


def _session(game_id: str, moves: list[str], **options: object) -> Session:
    session = Session(get_kit(game_id), options)
    for move in moves:
        session.play_text(move)
    return session


def test_tictactoe_marks_by_outcome() -> None:
    # O's edge answer to the centre loses; X then has a win and c2 lets it go.
    review = review_session(_session("tictactoe", ["b2", "a2", "c2"]))
    first, answer, miss = review.rows
    assert (first.mark, first.loss, first.severity) == ("best", 0.0, NO_ERROR)
    assert answer.mark == TURNS_DRAW_TO_LOSS and answer.loss == 1.0 and answer.severity == BAD
    assert miss.mark == THROWS_AWAY_WIN and miss.loss == 1.0 and miss.best_move == "a1"
    assert miss.value_before_text == "win in 5" and miss.value_after_text == "draw"
    assert miss.note.startswith("c2 throws away the win (a1 was best)")
    assert [r.chart for r in review.rows] == [0.0, 0.0, 1.0]  # X's result before each move
    x, o = review.summaries
    assert x.errors[THROWS_AWAY_WIN] == 1 and o.errors[TURNS_DRAW_TO_LOSS] == 1
    assert x.decisions == 2 and o.decisions == 1


def test_nim_seven_coins() -> None:
    # Seven coins, take one to three, the last coin wins: taking 3 leaves 4, a lost heap for
    # the opponent; taking 1 throws the win away.
    review = review_session(_session("nim", ["1:1"], heaps=(7,), max_take=3))
    (row,) = review.rows
    assert row.best_move == "1:3" and row.mark == THROWS_AWAY_WIN and row.exact


def test_othello_corner_given_up_in_a_solved_endgame() -> None:
    state = Session(get_kit("othello")).game.parse_position(OTHELLO_ENDGAME)
    session = Session(get_kit("othello"), start_state=state)
    session.play_text("g8")
    (row,) = review_session(session).rows
    assert row.exact and (row.best_move, row.move) == ("h8", "g8")
    assert (row.value_before, row.value_after, row.loss) == (32.0, 26.0, 6.0)
    assert row.mark == "mistake" and row.reply_line == ("h8",)
    assert row.note == "g8 gives up 6 discs (h8 was best): after it, White takes the h8 corner"


def test_values_are_analyze_on_the_same_search() -> None:
    session = _session("othello", ["f5", "f6", "e6", "f4", "c3"])
    settings = ReviewSettings(depth=3)
    review = review_session(session, settings)
    # --all-values: every root move with a full window, as the review values the move played
    config = replace(settings.resolved_config(get_kit("othello")), exact_root_values=True)
    for row, (state, _) in zip(review.rows, session.history_since(0), strict=True):
        text = session.game.format_position(state)
        answer = analyze(get_kit("othello"), text, {}, config)
        # analyze prints six decimals
        assert row.value_before == pytest.approx(answer["value"], abs=1e-6)
        assert row.best_move == answer["best_move"]
        assert row.value_after == pytest.approx(answer["root_values"][row.move], abs=1e-6)
        assert row.loss == pytest.approx(max(0.0, row.value_before - row.value_after))


def test_cancel_keeps_the_game_and_the_rows_so_far() -> None:
    session = _session("othello", ["f5", "f6", "e6", "f4", "c3", "c4"])
    saved = session.save()
    cancel = threading.Event()

    def progress(step: tuple[int, int]) -> None:
        if step[0] == 2:
            cancel.set()

    with pytest.raises(ReviewCancelled) as stop:
        review_session(session, ReviewSettings(depth=2), cancel, progress)
    partial = stop.value.partial
    assert not partial.complete and [r.ply for r in partial.rows] == [1, 2]
    assert session.save() == saved and session.ply == 6


def test_a_saved_review_round_trips() -> None:
    session = _session("tictactoe", ["b2", "a2", "c2"])
    review = review_session(session)
    text = save_text(session, review)
    assert text.startswith(session.save()) and "\nreview: {" in text
    loaded, again = load_review(text)
    assert loaded.moves == session.moves
    assert isinstance(again, GameReview)
    assert again.to_json() == review.to_json()


@pytest.mark.parametrize("damage, left_out", [
    (lambda t: t.replace('"rows": [', '"rows": [7, ', 1), "row 1 (not an object)"),
    (lambda t: t.replace('"index": 2', '"index": 9', 1), "row 3 (a move not played)"),
    (lambda t: t.replace('"severity": 0', '"severity": 4', 1), "row 1 (severity)"),
    (lambda t: t.replace('"note": ""', '"note": 7', 1), "row 1's note"),
])
def test_a_damaged_row_is_left_out_and_named(damage: object, left_out: str) -> None:
    session = _session("tictactoe", ["b2", "a2", "c2"])
    review = review_session(session)
    loaded, again = load_review(damage(save_text(session, review)))  # type: ignore[operator]
    assert loaded.moves == session.moves and again is not None
    assert again.notes == (left_out,)
    assert len(again.rows) >= len(review.rows) - 1


@pytest.mark.parametrize("damage", [
    lambda t: t.replace('"game": "tictactoe"', '"game": "othello"', 1),
    lambda t: t.replace('"moves": 3', '"moves": 1e400', 1),
    lambda t: t + "d1\n",
    lambda t: t.replace("review: {", "review: {{", 1),
])
def test_a_damaged_review_is_one_line_error(damage: object) -> None:
    session = _session("tictactoe", ["b2", "a2", "c2"])
    text = damage(save_text(session, review_session(session)))  # type: ignore[operator]
    with pytest.raises(SaveFormatError) as err:
        load_review(text)
    assert "\n" not in str(err.value)


def test_review_json_rows(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from main import main

    path = tmp_path / "game.txt"  # type: ignore[operator]
    path.write_text(_session("tictactoe", ["b2", "a2", "c2"]).save())
    assert main(["review", str(path), "--json", "--quiet"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [r["ply"] for r in rows] == [1, 2, 3]
    keys = {"ply", "player", "move", "best_move", "value_before", "value_after", "loss", "mark"}
    assert all(keys <= set(r) for r in rows)
    assert rows[2]["mark"] == THROWS_AWAY_WIN and rows[0]["loss"] == 0


def test_review_of_an_analysed_save_does_not_search(tmp_path: object,
                                                    capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import cli.review
    from main import main

    session = _session("tictactoe", ["b2", "a2", "c2"])
    path = tmp_path / "game.txt"  # type: ignore[operator]
    path.write_text(save_text(session, review_session(session)))

    def no_search(*_: object, **__: object) -> None:
        raise AssertionError("searched again")

    monkeypatch.setattr(cli.review, "review_session", no_search)
    assert main(["review", str(path)]) == 0
    out = capsys.readouterr().out
    assert "THROWS AWAY THE WIN" in out and "c2" in out


def test_review_of_a_bad_file_is_one_line(tmp_path: object,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from main import main

    path = tmp_path / "bad.txt"  # type: ignore[operator]
    path.write_text("kibitz-save: 1\ngame: chess\n")
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kibitz: error:") and err.count("\n") == 1


@pytest.mark.parametrize("game_id, moves", [
    ("othello", ["f5", "f6", "e6", "f4"]),
    ("kalah", ["3", "1", "6"]),
    ("tictactoe", ["a1"]),
])
def test_a_kept_root_move_is_valued_exactly(game_id: str, moves: list[str]) -> None:
    """Alpha-beta values a kept root move with a full window of its own: the value every
    root move gets when all are searched exactly, and the best move and value unchanged."""
    from ai.engine import run_search

    state = _session(game_id, moves).current
    config = replace(ReviewSettings(depth=4).resolved_config(get_kit(game_id)), exact=False)
    exact = run_search(state, replace(config, exact_root_values=True))
    everything = dict(exact.root_values)
    for move in state.legal_moves():
        kept = run_search(state, replace(config, keep_root_moves=(move,)))
        assert dict(kept.root_values)[move] == pytest.approx(everything[move])
        assert kept.score == pytest.approx(exact.score)


def test_an_othello_transcript_file_is_reviewed(tmp_path: object,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from main import main

    path = tmp_path / "game.txt"  # type: ignore[operator]
    path.write_text("f5d6c3d3c4\n")
    assert main(["review", str(path), "--json", "--quiet", "--depth", "2"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [r["move"] for r in rows] == ["f5", "d6", "c3", "d3", "c4"]
    path.write_text("f5d6c3d3c4c4\n")
    assert main(["review", str(path)]) == 2
    assert "c4 is already occupied" in capsys.readouterr().err


def test_the_sample_games_load() -> None:
    """docs/reviewing.md's review figures are measured on the games in docs/games: they stay readable."""
    from pathlib import Path

    from game.savefile import read_file

    folder = Path(__file__).resolve().parent.parent / "docs" / "games"
    files = sorted(folder.glob("*.kibitz.txt"))
    assert len(files) >= 3
    for path in files:
        session, review = load_review(read_file(path))
        assert session.is_over and review is None
