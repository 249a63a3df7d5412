"""Protocol properties every game's rules must keep, checked along seeded random playouts.

Written over ``game.registry.game_ids()`` so a new game gets the same scrutiny for free.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import CHANCE, TERMINAL, IllegalMoveError, State
from game.registry import game_ids, get_game, get_kit

#: Upper bound on plies of any game (backgammon with random play is the longest by far).
MAX_PLIES = {"tictactoe": 9, "nim": 1000, "othello": 130, "backgammon": 5000, "kalah": 400}
#: Examples per game: the slower rules get fewer, all stay quick.
EXAMPLES = {"tictactoe": 40, "nim": 40, "othello": 12, "backgammon": 8, "kalah": 30}
#: Games that can end in a draw.
DRAWS = ("tictactoe", "othello", "kalah")
#: Extra option sets worth a playout (besides the defaults).
OPTION_SETS = {
    "nim": [
        {},
        {"heaps": (3, 4, 5), "max_take": None},
        {"heaps": (5, 0, 9), "max_take": 2, "misere": True},
        {"heaps": (12, 3), "variant": "grundy"},
        {"heaps": (10,), "variant": "grundy", "misere": True},
    ]
}


class NotAMove:
    """A move no game can accept."""

    def __repr__(self) -> str:
        return "NotAMove()"


def playout(game_id: str, seed: int) -> Iterator[State]:
    """Every state of one random game, from the start to the end."""
    game = get_game(game_id)
    rng = random.Random(seed)
    option_sets = OPTION_SETS.get(game_id, [{}])
    state = game.initial_state(**option_sets[seed % len(option_sets)])
    for _ in range(MAX_PLIES[game_id] + 1):
        yield state
        player = state.current_player()
        if player == TERMINAL:
            return
        if player == CHANCE:
            moves, weights = zip(*state.chance_outcomes(), strict=True)
            state = state.apply(rng.choices(moves, weights=weights)[0])
        else:
            state = state.apply(rng.choice(state.legal_moves()))
    raise AssertionError(f"{game_id}: no end after {MAX_PLIES[game_id]} plies (seed {seed})")


def per_game(test):
    """Run ``test(game_id, seed)`` for every game with that game's example budget."""

    @pytest.mark.parametrize("game_id", game_ids())
    def wrapper(game_id: str) -> None:
        @settings(max_examples=EXAMPLES.get(game_id, 10))
        @given(seed=st.integers(0, 2**32 - 1))
        def run(seed: int) -> None:
            test(game_id, seed)

        run()

    wrapper.__name__ = test.__name__
    wrapper.__doc__ = test.__doc__
    return wrapper


@per_game
def test_playouts_terminate_with_zero_sum_returns(game_id: str, seed: int) -> None:
    last = None
    for last in playout(game_id, seed):
        player = last.current_player()
        assert player in (0, 1, CHANCE, TERMINAL)
    assert last is not None and last.current_player() == TERMINAL
    r0, r1 = last.returns()
    assert r0 + r1 == 0
    assert r0 != 0 or game_id in DRAWS
    assert get_game(game_id).describe_result(last)


@per_game
def test_apply_never_mutates_and_every_listed_move_applies(game_id: str, seed: int) -> None:
    game = get_game(game_id)
    for state in playout(game_id, seed):
        before = (state.key(), game.format_position(state), hash(state))
        moves = state.legal_moves()
        if state.current_player() == CHANCE:
            moves = tuple(m for m, _ in state.chance_outcomes())
        for move in moves:
            child = state.apply(move)
            assert child.key() != state.key() or game_id == "othello"  # only a pass may repeat
        assert (state.key(), game.format_position(state), hash(state)) == before


@per_game
def test_position_and_move_notation_round_trip(game_id: str, seed: int) -> None:
    game = get_game(game_id)
    for state in playout(game_id, seed):
        text = game.format_position(state)
        parsed = game.parse_position(text, **game.options(state))
        assert parsed.key() == state.key(), text
        assert hash(parsed.key()) == hash(state.key())
        assert parsed == state and hash(parsed) == hash(state)
        assert game.format_position(parsed) == text
        if state.current_player() in (0, 1):
            moves = state.legal_moves()
            texts = [game.format_move(state, m) for m in moves]
            assert len(set(texts)) == len(texts), "two moves share a name"
            for move, move_text in zip(moves, texts, strict=True):
                assert game.parse_move(state, move_text) == move, move_text


@per_game
def test_node_kinds(game_id: str, seed: int) -> None:
    for state in playout(game_id, seed):
        player = state.current_player()
        if player in (0, 1):
            assert state.legal_moves(), "a decision node without moves (a pass must be a move)"
            assert state.chance_outcomes() == ()
            with pytest.raises(IllegalMoveError):
                state.apply(NotAMove())
        elif player == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes and state.legal_moves() == ()
            assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
            assert all(p > 0 for _, p in outcomes)
            assert len({m for m, _ in outcomes}) == len(outcomes)
            with pytest.raises(IllegalMoveError):
                state.apply(NotAMove())
        else:
            assert state.legal_moves() == () and state.chance_outcomes() == ()
            with pytest.raises(IllegalMoveError):
                state.apply(NotAMove())


@per_game
def test_terminal_states_reject_formerly_legal_moves(game_id: str, seed: int) -> None:
    previous = None
    for state in playout(game_id, seed):
        if state.current_player() == TERMINAL and previous is not None:
            for move in previous.legal_moves()[:20]:
                with pytest.raises(IllegalMoveError):
                    state.apply(move)
        previous = state


@per_game
def test_transpositions_share_keys(game_id: str, seed: int) -> None:
    """Reaching one position by two routes must give equal keys and hashes."""
    game = get_game(game_id)
    states = list(playout(game_id, seed))
    by_text: dict[str, State] = {}
    for state in states:
        for move in state.legal_moves()[:8]:
            child = state.apply(move)
            text = game.format_position(child)
            other = by_text.setdefault(text, child)
            if other is not child and game.options(other) == game.options(child):
                assert other.key() == child.key() and hash(other.key()) == hash(child.key())


def test_known_transposition_in_nim_and_tictactoe() -> None:
    t = get_game("tictactoe").initial_state()
    assert t.apply(0).apply(4).apply(8).key() == t.apply(8).apply(4).apply(0).key()
    n = get_game("nim").initial_state(heaps=(3, 4), max_take=None)
    a, b = n.apply((0, 1)).apply((1, 2)), n.apply((1, 2)).apply((0, 1))
    assert a.key() == b.key() and hash(a) == hash(b) and a == b


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_an_evaluator(game_id: str) -> None:
    from ai.kit import get_evaluator

    evaluator = get_evaluator(get_kit(game_id))
    decisions = [s for s in playout(game_id, 1) if s.current_player() in (0, 1)]
    for state in decisions[:: max(1, len(decisions) // 10)]:
        for player in (0, 1):
            value = evaluator.evaluate(state, player)
            assert isinstance(value, float | int) and math.isfinite(value)
