"""Kalah rules, checked against a brute-force sowing written here apart from the rules.

The reference below names every place on the board ("a pit of a side" or "a store of a side")
and walks the seeds from place to place; it shares no code and no layout with rules.py (which
sows on a flat ring from the mover's side), so a slip in either shows up as a perft mismatch.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import TERMINAL, Game, IllegalMoveError, NotationError, State
from games.kalah.rules import (
    GAME,
    NORTH,
    SOUTH,
    KalahState,
    perft,
    pit_slot,
    sow,
    store_slot,
)

# -- the reference: places on the board, seeds walked one by one ---------------------------

Place = tuple[str, int, int]  # ("pit", side, index) or ("store", side, 0)
Ref = tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int], int, bool]


def ref_start(m: int, n: int, empty_capture: bool) -> Ref:
    return ((tuple([n] * m), tuple([n] * m)), (0, 0), 0, empty_capture)


def ref_moves(ref: Ref) -> list[int]:
    houses, _, mover, _ = ref
    if not any(houses[0]) and not any(houses[1]):
        return []
    return [k for k, seeds in enumerate(houses[mover]) if seeds > 0]


def ref_play(ref: Ref, pit: int) -> Ref:
    """The standard Kalah move, one seed at a time over named places."""
    (south, north), (store_s, store_n), mover, empty_capture = ref
    houses = [list(south), list(north)]
    stores = [store_s, store_n]
    m = len(south)

    def after(place: Place) -> Place:
        kind, side, k = place
        if kind == "pit":
            return ("pit", side, k + 1) if k + 1 < m else ("store", side, 0)
        return ("pit", 1 - side, 0)

    seeds = houses[mover][pit]
    houses[mover][pit] = 0
    place: Place = ("pit", mover, pit)
    while seeds:
        place = after(place)
        if place == ("store", 1 - mover, 0):
            continue  # the opponent's store is never sown into
        kind, side, k = place
        if kind == "store":
            stores[side] += 1
        else:
            houses[side][k] += 1
        seeds -= 1
    kind, side, k = place
    if kind == "pit" and side == mover and houses[mover][k] == 1:
        across = houses[1 - mover][m - 1 - k]
        if across > 0 or empty_capture:
            stores[mover] += 1 + across
            houses[mover][k] = 0
            houses[1 - mover][m - 1 - k] = 0
    if sum(houses[0]) == 0 or sum(houses[1]) == 0:
        for who in (0, 1):
            stores[who] += sum(houses[who])
            houses[who] = [0] * m
    next_mover = mover if place == ("store", mover, 0) else 1 - mover
    return ((tuple(houses[0]), tuple(houses[1])), (stores[0], stores[1]), next_mover, empty_capture)


def ref_perft(ref: Ref, depth: int) -> int:
    moves = ref_moves(ref)
    if depth == 0 or not moves:
        return 1
    return sum(ref_perft(ref_play(ref, k), depth - 1) for k in moves)


def ref_key(ref: Ref) -> tuple:
    (south, north), stores, mover, empty_capture = ref
    return (south + north, stores, mover, empty_capture)


def protocol_perft(state: State, depth: int) -> int:
    """Leaves counted through the Game protocol only (current_player, legal_moves, apply)."""
    if depth == 0 or state.current_player() == TERMINAL:
        return 1
    return sum(protocol_perft(state.apply(move), depth - 1) for move in state.legal_moves())


# -- (1) perft against the reference -------------------------------------------------------

#: (pits, seeds, empty_capture) -> leaf counts at depths 1, 2, ...; each list was produced by
#: the reference above and is pinned here so that a change of either side is noticed.
PERFT = {
    (1, 1, False): [1, 1, 1],
    (1, 1, True): [1, 1, 1],
    (2, 2, False): [2, 3, 3, 4, 6, 7, 7, 7, 7, 7],
    (2, 2, True): [2, 3, 3, 4, 6, 7, 7, 7, 7, 7],
    (3, 3, False): [3, 8, 19, 48, 120, 281, 611, 1295, 2612],
    (3, 3, True): [3, 8, 19, 48, 120, 281, 611, 1292, 2584],
    (4, 4, False): [4, 15, 51, 181, 644, 2203, 7470, 24423],
    (4, 4, True): [4, 15, 51, 181, 644, 2203, 7466, 24368],
    (6, 4, False): [6, 35, 185, 942, 4690, 23233],
    (6, 4, True): [6, 35, 185, 942, 4685, 23169],
    (6, 6, False): [6, 35, 190, 1056, 5882, 32243],
    (6, 6, True): [6, 35, 190, 1056, 5882, 32243],
}


def perft_id(case: tuple[int, int, bool]) -> str:
    return f"kalah{case[0]}-{case[1]}" + ("-empty" if case[2] else "")


@pytest.mark.parametrize("case", sorted(PERFT), ids=perft_id)
def test_perft_matches_the_reference(case: tuple[int, int, bool]) -> None:
    m, n, empty_capture = case
    state = GAME.initial_state(pits=m, seeds=n, empty_capture=empty_capture)
    ref = ref_start(m, n, empty_capture)
    counts = [perft(state, d) for d in range(1, len(PERFT[case]) + 1)]
    assert counts == [ref_perft(ref, d) for d in range(1, len(counts) + 1)]
    assert counts == PERFT[case]
    assert protocol_perft(state, len(counts)) == counts[-1]


#: Mid-game positions with big pits (laps of the board, the 13-seed capture), North to move in
#: one: (position, empty_capture) -> leaf counts at depths 1..6 from the reference.
PERFT_POSITIONS = {
    ("13,0,14,1,2,20|3|1,0,15,3,0,26|2 N", False): [4, 20, 112, 631, 3505, 19372],
    ("13,0,14,1,2,20|3|1,0,15,3,0,26|2 N", True): [4, 20, 112, 631, 3500, 19355],
    ("0,27,0,1,0,13|10|2,0,0,1,0,0|0 S", False): [3, 13, 63, 306, 1473, 6937],
    ("0,27,0,1,0,13|10|2,0,0,1,0,0|0 S", True): [3, 13, 61, 302, 1443, 6746],
    ("12,0,9|5|0,15,2|1 S", False): [2, 6, 18, 45, 124, 314],
    ("12,0,9|5|0,15,2|1 S", True): [2, 6, 18, 45, 124, 313],
}


def as_ref(state: KalahState) -> Ref:
    m = state.size
    return ((state.pits[:m], state.pits[m:]), state.stores, state.to_move, state.empty_capture)


@pytest.mark.parametrize("case", sorted(PERFT_POSITIONS))
def test_perft_from_mid_game_positions(case: tuple[str, bool]) -> None:
    state = GAME.parse_position(case[0], empty_capture=case[1])
    counts = [perft(state, d) for d in range(1, 7)]
    assert counts == [ref_perft(as_ref(state), d) for d in range(1, 7)]
    assert counts == PERFT_POSITIONS[case]


def walk(state: KalahState, ref: Ref, depth: int) -> Iterator[tuple[KalahState, Ref]]:
    yield state, ref
    if depth:
        for move in state.legal_moves():
            yield from walk(state.apply(move), ref_play(ref, move), depth - 1)


@pytest.mark.parametrize("m,n,depth", [(1, 1, 4), (2, 2, 6), (3, 3, 5), (4, 4, 4), (6, 6, 3)])
@pytest.mark.parametrize("empty_capture", [False, True])
def test_every_node_matches_the_reference(
    m: int, n: int, depth: int, empty_capture: bool
) -> None:
    """Not only the counts: every position of the tree, its moves and its successors."""
    start = GAME.initial_state(pits=m, seeds=n, empty_capture=empty_capture)
    for state, ref in walk(start, ref_start(m, n, empty_capture), depth):
        assert state.key() == ref_key(ref)
        assert list(state.legal_moves()) == ref_moves(ref)


def test_the_capture_rules_differ_in_perft() -> None:
    plain = GAME.initial_state()
    house = GAME.initial_state(empty_capture=True)
    assert perft(plain, 4) == perft(house, 4)
    assert perft(plain, 5) != perft(house, 5)


# -- (2) positions worked out by hand ------------------------------------------------------


def pos(text: str, empty_capture: bool = False) -> KalahState:
    return GAME.parse_position(text, empty_capture=empty_capture)


def text(state: KalahState) -> str:
    return GAME.format_position(state)


def test_opening_pit_3_ends_in_the_store_for_another_turn() -> None:
    start = GAME.initial_state()
    sowing = sow(start, 2)
    assert sowing.drops == (3, 4, 5, 6)
    assert sowing.drops[-1] == store_slot(6, SOUTH)
    assert sowing.extra_turn and sowing.captured == 0 and not sowing.swept
    after = start.apply(2)
    assert text(after) == "4,4,0,5,5,5|1|4,4,4,4,4,4|0 S"
    assert after.current_player() == SOUTH
    # North's pit 3 does the same for North: its seeds end in slot 13, North's store.
    north = pos("4,4,4,4,4,4|0|4,4,4,4,4,4|0 N")
    assert sow(north, 2).drops == (10, 11, 12, 13)
    assert text(north.apply(2)) == "4,4,4,4,4,4|0|4,4,0,5,5,5|1 N"


def test_a_capture_takes_the_last_seed_and_the_seeds_opposite() -> None:
    # South's pit 1 sows its seed into the empty pit 2; opposite lies North's pit 5 with 6.
    before = pos("1,0,3,0,0,2|5|1,2,3,4,6,1|7 S")
    sowing = sow(before, 0)
    assert sowing.drops == (1,)
    assert sowing.captured == 7
    assert sowing.capture_slots == (pit_slot(6, SOUTH, 1), pit_slot(6, NORTH, 4)) == (1, 11)
    assert text(before.apply(0)) == "0,0,3,0,0,2|12|1,2,3,4,0,1|7 N"


def test_a_north_capture_mirrors_it() -> None:
    before = pos("1,2,3,4,6,1|7|1,0,3,0,0,2|5 N")
    sowing = sow(before, 0)
    assert sowing.capture_slots == (8, 4) and sowing.captured == 7
    assert text(before.apply(0)) == "1,2,3,4,0,1|7|0,0,3,0,0,2|12 S"


def test_empty_capture_takes_the_last_seed_alone_where_the_standard_rule_does_not() -> None:
    board = "1,0,3,0,0,2|5|1,2,3,4,0,1|7 S"  # North's pit 5, opposite South's pit 2, is empty
    standard = sow(pos(board), 0)
    assert standard.captured == 0 and standard.capture_slots == ()
    assert text(standard.after) == "0,1,3,0,0,2|5|1,2,3,4,0,1|7 N"
    house = sow(pos(board, empty_capture=True), 0)
    assert house.captured == 1 and house.capture_slots == (1,)
    assert text(house.after) == "0,0,3,0,0,2|6|1,2,3,4,0,1|7 N"
    assert house.after.empty_capture and not standard.after.empty_capture


def test_a_move_that_empties_the_movers_side_sweeps_the_rest_to_north() -> None:
    before = pos("0,0,0,0,0,2|20|1,2,0,0,3,0|10 S")
    sowing = sow(before, 5)
    assert sowing.drops == (6, 7) and sowing.swept and not sowing.extra_turn
    after = sowing.after
    assert text(after) == "0,0,0,0,0,0|21|0,0,0,0,0,0|17 N"
    assert after.current_player() == TERMINAL and after.legal_moves() == ()
    assert after.returns() == (1.0, -1.0)
    assert GAME.describe_result(after) == "South wins 21-17"
    assert before.margin(SOUTH) == 22 - 16 and after.margin(SOUTH) == 21 - 17


def test_a_capture_that_empties_the_other_side_ends_the_game() -> None:
    before = pos("0,0,0,0,1,0|10|3,0,0,0,0,0|10 S")
    sowing = sow(before, 4)
    assert sowing.captured == 4 and sowing.swept
    assert text(sowing.after) == "0,0,0,0,0,0|14|0,0,0,0,0,0|10 N"


def test_an_extra_turn_that_ends_the_game_still_ends_it() -> None:
    after = pos("0,0,0,0,0,1|20|1,2,0,0,3,0|10 S").apply(5)
    assert text(after) == "0,0,0,0,0,0|21|0,0,0,0,0,0|16 S"
    assert after.current_player() == TERMINAL


def test_a_lap_skips_the_opponents_store() -> None:
    before = pos("1,1,1,1,1,9|0|1,1,1,1,1,1|0 S")
    sowing = sow(before, 5)
    assert sowing.drops == (6, 7, 8, 9, 10, 11, 12, 0, 1)
    assert store_slot(6, NORTH) not in sowing.drops
    assert text(sowing.after) == "2,2,1,1,1,0|1|2,2,2,2,2,2|0 N"
    # North's nine seeds skip South's store, slot 6, the same way.
    north = sow(pos("1,1,1,1,1,1|0|1,1,1,1,1,9|0 N"), 5)
    assert north.drops == (13, 0, 1, 2, 3, 4, 5, 7, 8)
    assert text(north.after) == "2,2,2,2,2,2|0|2,2,1,1,1,0|1 S"


def test_thirteen_seeds_lap_back_into_their_own_emptied_pit_and_capture() -> None:
    before = pos("0,0,13,0,0,0|0|1,1,1,1,1,1|0 S")
    sowing = sow(before, 2)
    assert len(sowing.drops) == 13 and sowing.drops[-1] == 2
    assert sowing.captured == 3 and sowing.capture_slots == (2, 10)
    assert text(sowing.after) == "1,1,0,1,1,1|4|2,2,2,0,2,2|0 N"


def test_a_lap_of_exactly_one_round_refills_every_slot_but_the_other_store() -> None:
    before = pos("13,1,1,1,1,1|0|1,1,1,1,1,1|0 S")
    sowing = sow(before, 0)
    assert sowing.drops == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0)
    # The last seed lands in the emptied pit 1, opposite North's pit 6 (2 seeds): a capture.
    assert sowing.capture_slots == (0, 12) and sowing.captured == 3
    assert text(sowing.after) == "0,2,2,2,2,2|4|2,2,2,2,2,0|0 N"


def test_results_and_margins() -> None:
    assert GAME.describe_result(pos("0,0,0,0,0,0|26|0,0,0,0,0,0|22 N")) == "South wins 26-22"
    assert GAME.describe_result(pos("0,0,0,0,0,0|23|0,0,0,0,0,0|25 S")) == "North wins 25-23"
    draw = pos("0,0,0,0,0,0|24|0,0,0,0,0,0|24 S")
    assert GAME.describe_result(draw) == "Draw 24-24" and draw.returns() == (0.0, 0.0)
    assert pos("0|3|0|5 S").returns() == (-1.0, 1.0)
    playing = pos("1,2|3|4,0|5 S")
    assert GAME.describe_result(playing) == "Game in progress"
    assert playing.margin(SOUTH) == (3 + 3) - (5 + 4) == -3 and playing.margin(NORTH) == 3


def test_turn_order_comes_from_the_state_not_from_move_parity() -> None:
    state = GAME.initial_state()
    movers = []
    for move in (2, 5, 0):  # pit 3 ends in the store: South moves twice running
        movers.append(state.current_player())
        state = state.apply(move)
    assert movers == [SOUTH, SOUTH, NORTH]


def test_kalah_obeys_the_game_protocol() -> None:
    state = GAME.initial_state()
    assert isinstance(GAME, Game) and isinstance(state, State)
    assert (GAME.id, GAME.name, GAME.player_names) == ("kalah", "Kalah", ("South", "North"))
    assert state.chance_outcomes() == () and state.size == 6 and state.side(NORTH) == (4,) * 6
    assert GAME.options(GAME.initial_state(empty_capture=True)) == {"empty_capture": True}
    assert GAME.initial_state(pits=3, seeds=5).pits == (5,) * 6
    assert state.key() == GAME.initial_state().key() and hash(state) == hash(GAME.initial_state())
    assert state.key() != GAME.initial_state(empty_capture=True).key()
    assert (pit_slot(6, NORTH, 0), store_slot(6, SOUTH), store_slot(4, NORTH)) == (7, 6, 9)
    played = state.apply(2).apply(0)  # built by apply's unchecked path: still a full state
    assert pickle.loads(pickle.dumps(played)) == played
    assert pickle.loads(pickle.dumps(sow(played, 1))) == sow(played, 1)


# -- (3) notation --------------------------------------------------------------------------

#: A random game: board size, seeds a pit, capture rule, then move choices (index into the
#: legal moves, modulo their number) until the choices or the game run out.
random_games = st.tuples(
    st.integers(1, 6), st.integers(1, 6), st.booleans(), st.lists(st.integers(0, 5), max_size=120)
)


def play_out(game: tuple[int, int, bool, list[int]]) -> list[tuple[KalahState, Ref, int]]:
    """Every position of a random game, the reference's position and the move played from it
    (-1 for the last)."""
    m, n, empty_capture, choices = game
    state = GAME.initial_state(pits=m, seeds=n, empty_capture=empty_capture)
    ref = ref_start(m, n, empty_capture)
    seen = []
    for choice in choices:
        moves = state.legal_moves()
        if not moves:
            break
        move = moves[choice % len(moves)]
        seen.append((state, ref, move))
        state, ref = state.apply(move), ref_play(ref, move)
    seen.append((state, ref, -1))
    return seen


@given(random_games)
def test_positions_and_moves_round_trip(game: tuple[int, int, bool, list[int]]) -> None:
    for state, _, _ in play_out(game):
        written = GAME.format_position(state)
        again = GAME.parse_position(written, **GAME.options(state))
        assert again == state and again.key() == state.key()
        assert GAME.format_position(again) == written
        for move in state.legal_moves():
            assert GAME.parse_move(state, GAME.format_move(state, move)) == move


def test_move_notation() -> None:
    state = GAME.initial_state()
    assert [GAME.format_move(state, m) for m in state.legal_moves()] == list("123456")
    assert GAME.parse_move(state, " 3 ") == 2
    assert [GAME.parse_move(state, c) for c in "aBcDeF"] == [0, 1, 2, 3, 4, 5]
    assert GAME.parse_move(pos("4,4|0|4,4|0 N"), "b") == 1


@pytest.mark.parametrize(
    "bad, says",
    [
        ("", "empty"),
        ("   \n ", "empty"),
        ("4,4|0|4,4 S", "got 3"),
        ("4,4|0|4,4|0|1 S", "got 5"),
        ("4,4,4|0|4,4|0 S", "South has 3 pits but North has 2"),
        ("4,4,4,4,4,4,4|0|4,4,4,4,4,4,4|0 S", "1 to 6 pits, got 7"),
        ("|0||0 S", "South's pit 1"),
        ("4,,4|0|4,4,4|0 S", "South's pit 2"),
        ("4,-1|0|4,4|0 S", "negative"),
        ("4,4|-3|4,4|0 S", "South's store"),
        ("4,x|0|4,4|0 S", "not a whole number"),
        ("4,1.5|0|4,4|0 S", "not a whole number"),
        ("4,4|0|4,²|0 S", "North's pit 2"),
        ("4,100|0|4,4|0 S", "over 99"),
        ("4,4|0|4,4|1000000000000000000000000 N", "over 99"),
        ("4,4|0|4,4|0", "side to move is missing"),
        ("4,4|0|4,4|0 X", "S or N"),
        ("4,4|0|4,4|0 South", "S or N"),
        ("4,4|0|4,4|0 S junk", "unexpected text"),
        ("4,4|0|4,4|0 S N", "unexpected text"),
        ("0,0|5|1,2|3 S", "South's pits are all empty but North's are not"),
        ("1,2|5|0,0|3 N", "North's pits are all empty but South's are not"),
    ],
)
def test_malformed_positions_give_one_clear_line(bad: str, says: str) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse_position(bad)
    message = str(caught.value)
    assert says in message and "\n" not in message


@pytest.mark.parametrize(
    "text_, says",
    [("x", "not a pit"), ("", "not a pit"), ("3.0", "not a pit"), ("-1", "not a pit"),
     ("0", "pit 0 is out of range"), ("7", "pit 7 is out of range"),
     ("g", "not a pit"), ("1000000", "not a pit")],
)
def test_malformed_moves_give_one_clear_line(text_: str, says: str) -> None:
    with pytest.raises((NotationError, IllegalMoveError)) as caught:
        GAME.parse_move(GAME.initial_state(), text_)
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_illegal_moves_name_the_pit_and_say_why() -> None:
    small = pos("0,3,1,2|0|1,1,1,1|0 S")
    with pytest.raises(IllegalMoveError, match="^pit e is out of range: South has pits 1..4$"):
        GAME.parse_move(small, "e")
    with pytest.raises(IllegalMoveError, match="^South's pit 1 is empty"):
        GAME.parse_move(small, "1")
    with pytest.raises(IllegalMoveError, match="^South's pit 1 is empty"):
        small.apply(0)
    with pytest.raises(IllegalMoveError, match="^South's pit 1 is empty"):
        sow(small, 0)
    for junk in (-1, 4, True, "1", 1.0, None):
        with pytest.raises(IllegalMoveError, match="no pit"):
            small.apply(junk)  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError, match="no pit"):
            sow(small, junk)  # type: ignore[arg-type]
    over = pos("0,0,0,0|10|0,0,0,0|10 S")
    for attempt in (lambda: over.apply(0), lambda: sow(over, 0),
                    lambda: GAME.parse_move(over, "1")):
        with pytest.raises(IllegalMoveError, match="^the game is over"):
            attempt()


@pytest.mark.parametrize(
    "options, says",
    [({"pits": 0}, "pits must be"), ({"pits": 7}, "pits must be"), ({"pits": True}, "pits"),
     ({"seeds": 0}, "seeds must be"), ({"seeds": 7}, "seeds must be"),
     ({"seeds": "4"}, "seeds"), ({"empty_capture": "yes"}, "empty_capture"),
     ({"colour": 1}, "unknown Kalah option")],
)
def test_bad_options_give_one_line(options: dict, says: str) -> None:
    with pytest.raises(ValueError, match=says) as caught:
        GAME.initial_state(**options)
    assert "\n" not in str(caught.value)


def test_parse_position_takes_a_new_games_options_and_ignores_the_board_ones() -> None:
    state = GAME.parse_position("1|0|1|0 S", pits=6, seeds=4, empty_capture=True)
    assert state.size == 1 and state.empty_capture
    with pytest.raises(ValueError, match="unknown Kalah option"):
        GAME.parse_position("1|0|1|0 S", misere=True)


def test_direct_construction_is_checked() -> None:
    for fields in [((4, 4, 4), (0, 0), 0), ((4, -1), (0, 0), 0), ((4, 4), (0,), 0),
                   ((4, 4), (0, 0), 2), ((4, 4), (0, 0), True), ((), (0, 0), 0),
                   ((0, 4), (0, 0), 0), ([4, 4], (0, 0), 0)]:
        with pytest.raises(ValueError):
            KalahState(*fields)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="empty_capture"):
        KalahState((1, 1), (0, 0), 0, 1)  # type: ignore[arg-type]


# -- (4) properties over random games ------------------------------------------------------


@settings(max_examples=80)
@given(random_games)
def test_random_games_keep_every_rule(game: tuple[int, int, bool, list[int]]) -> None:
    m = game[0]
    states = play_out(game)
    total = sum(states[0][0].pits) + sum(states[0][0].stores)
    for (state, ref, move), (nxt, nxt_ref, _) in zip(states, states[1:], strict=False):
        # Turn order comes from the state, and agrees with the reference's mover.
        player = state.current_player()
        assert player == state.to_move == ref[2]
        sowing = sow(state, move)
        assert sowing.after == state.apply(move) == nxt
        assert sowing.after.key() == ref_key(nxt_ref)
        assert (sowing.player, sowing.pit, sowing.before) == (player, move, state)
        assert len(sowing.drops) == state.side(player)[move]
        assert store_slot(m, 1 - player) not in sowing.drops
        own_store = store_slot(m, player)
        assert sowing.extra_turn == (sowing.drops[-1] == own_store)
        assert nxt.to_move == (player if sowing.extra_turn else 1 - player)
        if sowing.captured:
            assert sowing.capture_slots[0] == sowing.drops[-1]
            assert len(sowing.capture_slots) == (2 if sowing.captured > 1 else 1)
        assert sowing.swept == (nxt.current_player() == TERMINAL)
    for state, _, _ in states:
        assert sum(state.pits) + sum(state.stores) == total  # seeds are conserved
        over = not any(state.pits)
        assert (state.current_player() == TERMINAL) == over
        assert (state.legal_moves() == ()) == over
        assert state.legal_moves() == tuple(i for i in range(m) if state.side(state.to_move)[i])
        assert state.margin(SOUTH) == -state.margin(NORTH)
        r0, r1 = state.returns()
        assert r0 + r1 == 0
        if over:
            s0, s1 = state.stores
            assert state.margin(SOUTH) == s0 - s1
            assert (r0 > 0, r1 > 0) == (s0 > s1, s1 > s0)
        else:
            assert (r0, r1) == (0.0, 0.0)
            assert all(x > 0 for x in (sum(state.side(SOUTH)), sum(state.side(NORTH))))


@st.composite
def any_positions(draw: st.DrawFn) -> KalahState:
    """Any playable position, reachable or not: big pits that lap the board, either mover."""
    m = draw(st.integers(1, 6))
    counts = st.integers(0, 30)
    south = draw(st.lists(counts, min_size=m, max_size=m).filter(any))
    north = draw(st.lists(counts, min_size=m, max_size=m).filter(any))
    stores = (draw(st.integers(0, 40)), draw(st.integers(0, 40)))
    return KalahState(tuple(south + north), stores, draw(st.integers(0, 1)), draw(st.booleans()))


@settings(max_examples=150)
@given(any_positions())
def test_every_move_of_any_position_matches_the_reference(state: KalahState) -> None:
    assert GAME.parse_position(GAME.format_position(state), **GAME.options(state)) == state
    for move in state.legal_moves():
        after = state.apply(move)
        assert after == sow(state, move).after
        assert after.key() == ref_key(ref_play(as_ref(state), move))
