"""The background search worker, in both modes: replies, cancel, stale jobs, prompt close."""

from __future__ import annotations

import os
import pickle
import signal
import time

import pytest

from ai.api import Limits, SearchConfig
from ai.kit import levels_of
from ai.worker import Reply, SearchWorker
from game.registry import game_ids, get_game, get_kit

MODES = ["thread", "process"]


def _othello():
    return get_game("othello").parse_position(
        "----------X-------X-XXX---XXO---OOOOO-------OO--------O--------- X")


#: Long enough that only a cancel ends it within the test.
ENDLESS = SearchConfig("othello", limits=Limits(), exact=False)
QUICK = SearchConfig("tictactoe", limits=Limits(depth=3), exact=False)


def wait_for_final(worker: SearchWorker, job_id: int, timeout: float = 30.0) -> tuple[Reply, list]:
    """Poll like the UI does until ``job_id``'s final reply; returns it and everything seen."""
    seen: list[Reply] = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for r in worker.poll():
            seen.append(r)
            if r.job_id == job_id and r.kind in ("done", "error"):
                return r, seen
        time.sleep(0.005)
    raise AssertionError(f"no final reply for job {job_id} within {timeout}s; saw {seen}")


def wait_until_searching(worker: SearchWorker, timeout: float = 30.0) -> list[Reply]:
    """Replies up to the first progress report: the search is really running."""
    seen: list[Reply] = []
    end = time.monotonic() + timeout
    while not any(r.kind == "progress" for r in seen):
        assert time.monotonic() < end, "the search never reported progress"
        seen += worker.poll()
        time.sleep(0.005)
    return seen


@pytest.fixture(params=MODES)
def worker(request):
    w = SearchWorker(request.param)
    yield w
    w.close()


def test_states_and_configs_are_picklable() -> None:
    for game_id, levels in ((g, levels_of(get_kit(g))) for g in game_ids()):
        for level in levels:
            config = level.config(get_kit(game_id), seed=1)
            assert pickle.loads(pickle.dumps(config)) == config
    for game_id in ("tictactoe", "othello", "nim", "backgammon"):
        state = get_game(game_id).initial_state()
        assert pickle.loads(pickle.dumps(state)).key() == state.key()


def test_submit_poll_done(worker: SearchWorker) -> None:
    state = get_game("tictactoe").initial_state()
    job = worker.submit(state, QUICK)
    final, seen = wait_for_final(worker, job)
    assert final.kind == "done" and final.result.move in state.legal_moves()
    assert [r.result.depth for r in seen if r.kind == "depth"] == [1, 2, 3]
    assert final.result.depth == 3 and final.result.complete
    assert not worker.busy


def test_cancel_mid_search_still_answers_with_the_best_so_far(worker: SearchWorker) -> None:
    state = _othello()
    job = worker.submit(state, ENDLESS)
    seen = wait_until_searching(worker)
    start = time.monotonic()
    worker.cancel()
    final, more = wait_for_final(worker, job)
    assert time.monotonic() - start < 2.0
    assert final.kind == "done" and not final.result.complete
    assert final.result.move in state.legal_moves()
    assert all(r.job_id == job for r in seen + more)


def test_a_new_job_supersedes_the_old_one(worker: SearchWorker) -> None:
    first = worker.submit(_othello(), ENDLESS)
    state = get_game("tictactoe").initial_state()
    second = worker.submit(state, QUICK)
    assert second > first
    final, seen = wait_for_final(worker, second)
    assert final.kind == "done" and final.result.depth == 3
    # The superseded job got its own (stale) final reply, before the new one.
    kinds = [(r.job_id, r.kind) for r in seen if r.kind in ("done", "error")]
    assert kinds == [(first, "done"), (second, "done")]


def test_bad_job_is_an_error_reply_and_the_worker_lives_on(worker: SearchWorker) -> None:
    over = get_game("tictactoe").parse_position("XXXOO---- O")
    job = worker.submit(over, QUICK)
    final, _ = wait_for_final(worker, job)
    assert final.kind == "error" and "game is over" in final.error
    job = worker.submit(get_game("tictactoe").initial_state(), QUICK)
    assert wait_for_final(worker, job)[0].kind == "done"


@pytest.mark.parametrize("mode", MODES)
def test_close_mid_search_is_prompt(mode: str) -> None:
    w = SearchWorker(mode)
    w.submit(_othello(), ENDLESS)
    time.sleep(0.3)
    start = time.monotonic()
    w.close()
    assert time.monotonic() - start < 3.0
    w.close()  # twice is harmless
    with pytest.raises(RuntimeError):
        w.submit(_othello(), ENDLESS)


def test_a_dead_process_is_restarted_and_its_job_fails() -> None:
    w = SearchWorker("process")
    try:
        job = w.submit(_othello(), ENDLESS)
        wait_until_searching(w)
        os.kill(w._proc.pid, signal.SIGKILL)
        final, _ = wait_for_final(w, job)
        assert final.kind == "error" and "stopped" in final.error
        job = w.submit(get_game("tictactoe").initial_state(), QUICK)
        assert wait_for_final(w, job)[0].kind == "done"
    finally:
        w.close()
