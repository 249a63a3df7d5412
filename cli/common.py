"""Flags and helpers shared by the headless commands, so analyze, engine, match and bench agree.

Every command reads a game the same way (id, JSON options, position notation) and builds its
search the same way (an algorithm or a named level, depth/time limits, TT and ordering
switches). Search modules are imported inside the functions: ``main.py`` imports every cli
module just to build its parser, and that must stay cheap.
"""

from __future__ import annotations

import argparse
import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import NoReturn, TypeVar

from ai.api import ALGORITHMS, Limits, Refinements, SearchConfig
from ai.engine import default_algorithm
from ai.kit import game_ai
from ai.lab.editor import default_scale, features
from ai.levels import search_levels, unknown_level_message
from game.core import CHANCE, TERMINAL, Game, State
from game.jsontypes import JSONValue
from game.kit import GameKit
from game.registry import game_ids

T = TypeVar("T")
#: Deepest search a request may ask for (deeper is never useful and only ties up a core).
MAX_DEPTH = 64
#: Longest think a request may ask for, in seconds.
MAX_TIME_S = 3600.0
#: Think time used when neither a depth, a time nor a level is given.
DEFAULT_TIME_S = 2.0
#: Shortest think a request may ask for: below this a search cannot finish its first depth
#: and the answer would be a guess.
MIN_TIME_S = 0.01

#: Numbers in flags and engine fields are plain ASCII decimals: no signs, exponents,
#: underscores, spaces or other scripts' digits (which int() and float() would accept).
_PLAIN_INT = re.compile(r"[0-9]{1,18}")
_PLAIN_DECIMAL = re.compile(r"[0-9]{1,9}(\.[0-9]{1,9})?|\.[0-9]{1,9}")
#: The factors ``--weights`` may put on a feature (the lab's editor offers -1 to 3); beyond
#: this one feature swamps every other and the evaluation says nothing a player can use.
WEIGHT_MIN, WEIGHT_MAX = -100.0, 100.0


class RequestError(ValueError):
    """A request (flag value or engine JSON field) that cannot be served; one line for a person."""


# --------------------------------------------------------------------------- value parsing


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 20 else repr(text[:20]) + "..."


def plain_int(text: str, what: str) -> int:
    """A whole number written with ASCII digits only (at most 18 of them)."""
    if not _PLAIN_INT.fullmatch(text):
        raise RequestError(f"{what} must be a whole number in plain digits, got {_shown(text)}")
    return int(text)


def plain_decimal(text: str, what: str) -> float:
    """A number written as ASCII digits with an optional decimal point (``2``, ``0.5``)."""
    if not _PLAIN_DECIMAL.fullmatch(text):
        raise RequestError(f"{what} must be a plain decimal number such as 2 or 0.5, "
                           f"got {_shown(text)}")
    return float(text)


def parse_weight(text: str, feature: str) -> float:
    """One factor of ``--weights``: a plain decimal, minus allowed, WEIGHT_MIN..WEIGHT_MAX
    (float() would take nan, inf and 1e308, which make every move score the same)."""
    digits = text[1:] if text.startswith("-") else text
    value = float(text) if _PLAIN_DECIMAL.fullmatch(digits) else math.nan
    if not WEIGHT_MIN <= value <= WEIGHT_MAX:
        raise RequestError(f"--weights: {feature} = {_shown(text)} is not a plain decimal "
                           f"from {WEIGHT_MIN:g} to {WEIGHT_MAX:g}")
    return value


def parse_depth(value: object) -> int:
    """A search depth from a flag or a JSON field; bools and floats like 2.5 are refused."""
    if isinstance(value, str):
        value = plain_int(value, "depth")
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"depth must be a whole number, got {value!r}")
    if not 1 <= value <= MAX_DEPTH:
        raise RequestError(f"depth must be between 1 and {MAX_DEPTH}, got {value}")
    return value


def parse_time(value: object) -> float:
    """A think time in seconds from a flag or a JSON field, MIN_TIME_S..MAX_TIME_S."""
    if isinstance(value, str):
        value = plain_decimal(value, "time")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RequestError(f"time must be a number of seconds, got {value!r}")
    if not (math.isfinite(value) and MIN_TIME_S <= value <= MAX_TIME_S):
        raise RequestError(
            f"time must be from {MIN_TIME_S:g} to {MAX_TIME_S:g} seconds, got {value:.6g}"
        )
    return float(value)


def parse_seed(value: object) -> int:
    """A seed: a whole number from 0 (plain digits in a flag)."""
    if isinstance(value, str):
        value = plain_int(value, "seed")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise RequestError(f"seed must be a whole number from 0 to 2**63 - 1, got {value!r}")
    return value


def _no_constant(name: str) -> NoReturn:
    raise RequestError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RequestError(f"the number {text[:20]} is too large for a double")
    return value


def decode_json(text: str) -> object:
    """Strict JSON: NaN/Infinity, numbers beyond a double (1e400, which Python would read as
    infinity and could then only write back as the invalid ``Infinity``), absurdly deep
    nesting and over-long numbers are refused with a RequestError."""
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        # "(column N)": a message ending in "at" made "at at column N"
        raise RequestError(f"{exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise RequestError("nested too deeply") from None
    except RequestError:
        raise
    except ValueError:  # an integer of thousands of digits (Python's conversion limit)
        raise RequestError("a number is too long") from None


def parse_options(value: object) -> dict[str, JSONValue]:
    """Game options from JSON text (a flag) or an already decoded JSON object (a request)."""
    if value is None:
        return {}
    if isinstance(value, str):
        try:
            value = decode_json(value)
        except RequestError as exc:
            raise RequestError(f"options must be a JSON object: {exc}") from None
    if not isinstance(value, dict):
        raise RequestError(f"options must be a JSON object, got {type(value).__name__}")
    return dict(value)


def argparse_type(fn: Callable[[str], T]) -> Callable[[str], T]:
    """Adapt a parser above so argparse reports its message as a one-line flag error."""

    def convert(text: str) -> T:
        try:
            return fn(text)
        except RequestError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = fn.__name__.removeprefix("parse_")
    return convert


# --------------------------------------------------------------------------- flags


def add_game_arguments(parser: argparse.ArgumentParser, *, position: bool = True) -> None:
    """--game, --options and (optionally) --position."""
    parser.add_argument("--game", required=True, choices=game_ids(), help="which game")
    parser.add_argument(
        "--options",
        type=argparse_type(parse_options),
        default={},
        metavar="JSON",
        help='game options as a JSON object, e.g. \'{"heaps": [3, 4, 5], "max_take": 3}\'',
    )
    if position:
        parser.add_argument(
            "--position",
            default=None,
            metavar="NOTATION",
            help="position in the game's notation (default: the initial position)",
        )


def add_search_arguments(parser: argparse.ArgumentParser) -> None:
    """--algorithm | --level, --depth, --time, --no-tt, --no-ordering, --no-quiescence,
    --seed."""
    who = parser.add_mutually_exclusive_group()
    who.add_argument(
        "--algorithm",
        default=None,
        help="minimax, alphabeta, mtdf, expectiminimax or mcts (default: the game's usual one)",
    )
    who.add_argument("--level", default=None, help="a named difficulty level, e.g. Master")
    parser.add_argument("--depth", type=argparse_type(parse_depth), default=None,
                        help="depth limit in plies")
    parser.add_argument("--time", type=argparse_type(parse_time), default=None,
                        metavar="SECONDS", help="time limit")
    parser.add_argument("--iterations", type=whole_number(1, 10_000_000), default=None,
                        metavar="N", help="Monte Carlo tree search (mcts): iterations")
    parser.add_argument(
        "--exact",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="let the game's exact solver answer where it can (default: a level's own "
        "setting; off when an algorithm is named, so exactly that algorithm runs)",
    )
    parser.add_argument("--no-tt", action="store_true", help="switch the transposition table off")
    parser.add_argument("--no-ordering", action="store_true", help="switch move ordering off")
    parser.add_argument("--no-quiescence", action="store_true",
                        help="switch quiescence search off (games with captures: Kalah)")
    parser.add_argument(
        "--seed", type=argparse_type(parse_seed), default=None, help="seed for a level's noise"
    )
    add_weights_argument(parser, "the evaluation")
    parser.add_argument("--no-book", action="store_true",
                        help="close a level's opening book (Othello's Advanced and Master)")


def add_weights_argument(parser: argparse.ArgumentParser, whose: str) -> None:
    parser.add_argument(
        "--weights", default=None, metavar="NAME=X,...",
        help=f"multiply features of {whose} (Othello, tic-tac-toe: the hand-made one), e.g. "
             "'corners=0,mobility=2' (the lab's evaluation editor); each factor a plain "
             f"decimal from {WEIGHT_MIN:g} to {WEIGHT_MAX:g}",
    )


def with_weights(config: SearchConfig, text: str | None, no_book: bool = False) -> SearchConfig:
    """``config`` with the evaluation's features weighted as ``text`` says ("corners=0,
    mobility=2": factors on the shipped weights, names as the lab shows them, any case), and
    its opening book closed when ``no_book`` (or when the evaluation is edited: the book
    holds the shipped evaluation's moves)."""
    if no_book or text is not None:
        config = replace(config, use_book=False)
    if text is None:
        return config
    names = features(config.kit)
    if not names:
        raise RequestError(f"{config.game_id}'s evaluation has no features to weigh")
    if config.evaluator is not None:
        raise RequestError(f"--weights edits the hand-made evaluation; this search uses the "
                           f"{config.evaluator!r} one (name an --algorithm, or a level that "
                           "plays the hand-made one)")
    weights = list(default_scale(config.kit))
    for part in text.split(","):
        name, sep, value = part.partition("=")
        key = name.strip().lower()
        found = [i for i, n in enumerate(names) if n.lower() == key]
        if not sep or not found:
            raise RequestError(f"--weights: {part.strip()!r} is not NAME=NUMBER with a name of: "
                               f"{', '.join(names)}")
        weights[found[0]] = parse_weight(value.strip(), names[found[0]])
    return replace(config, evaluator_weights=tuple(weights))


# --------------------------------------------------------------------------- positions


def load_state(kit: GameKit, position: object, options: Mapping[str, object]) -> tuple[Game, State]:
    """The game and the position to search: the initial one when no notation is given."""
    game = kit.rules()
    if position is None:
        return game, game.initial_state(**options)
    if not isinstance(position, str):
        raise RequestError(f"position must be a string of {kit.id} notation")
    return game, game.parse_position(position, **options)


def require_decision(game: Game, state: State) -> None:
    """Refuse positions where nobody has a move to choose: over, or waiting for dice."""
    player = state.current_player()
    if player == TERMINAL:
        raise RequestError(f"the game is over ({game.describe_result(state)}): no move to find")
    if player == CHANCE:
        raise RequestError("the position has no dice: give the dice, e.g. '4HPwATDgc/ABMA 31'")


# --------------------------------------------------------------------------- search configs


def algorithm_names() -> tuple[str, ...]:
    return tuple(ALGORITHMS)


def build_config(
    kit: GameKit,
    *,
    algorithm: str | None = None,
    level: str | None = None,
    depth: int | None = None,
    time_s: float | None = None,
    use_tt: bool = True,
    use_ordering: bool = True,
    seed: int | None = None,
    exact: bool | None = None,
    use_quiescence: bool = True,
    iterations: int | None = None,
) -> SearchConfig:
    """A SearchConfig from either an algorithm or a level; explicit limits override the level's.

    ``exact`` (None: the default) switches the game's exact solver: a level keeps its own
    setting, a named algorithm runs alone (the solver stays off) unless ``exact`` is True."""
    if algorithm is not None and level is not None:
        raise RequestError("give an algorithm or a level, not both")
    if level is not None:
        config = level_config(kit, level, seed)
        limits = config.limits
        if depth is not None or time_s is not None or iterations is not None:
            limits = replace(
                limits,
                depth=depth if depth is not None else limits.depth,
                time_s=time_s if time_s is not None else limits.time_s,
                iterations=iterations if iterations is not None else limits.iterations,
            )
        return replace(
            config,
            limits=limits,
            refinements=config.refinements.but(
                tt=config.refinements.tt and use_tt,
                ordering=config.refinements.ordering and use_ordering,
                quiescence=config.refinements.quiescence and use_quiescence),
            exact=config.exact if exact is None else exact,
        )

    if algorithm is None:
        algorithm = default_algorithm(kit)
    elif algorithm not in algorithm_names():
        raise RequestError(
            f"unknown algorithm {algorithm!r}; choose one of: {', '.join(algorithm_names())}"
        )
    if depth is None and time_s is None and iterations is None:
        time_s = DEFAULT_TIME_S
    return SearchConfig(
        game_id=kit.id,
        algorithm=algorithm,
        limits=Limits(depth=depth, time_s=time_s, iterations=iterations),
        refinements=Refinements(tt=use_tt, ordering=use_ordering, quiescence=use_quiescence),
        seed=seed,
        exact=bool(exact),
    )


def level_config(kit: GameKit, name: str, seed: int | None = None) -> SearchConfig:
    """The SearchConfig of a named level; the level name is matched without regard to case."""
    levels = game_ai(kit).all_levels()
    for lv in levels + (search_levels(name, levels) if levels else ()):
        if lv.name.lower() == str(name).lower():
            return lv.config(kit, seed=seed)
    if not levels:
        raise RequestError(f"{kit.id} has no levels: name an --algorithm instead")
    raise RequestError(unknown_level_message(kit, name, levels))


def config_from_args(args: argparse.Namespace, kit: GameKit) -> SearchConfig:
    """build_config from the flags that add_search_arguments declared, for ``--game``'s kit."""
    return with_weights(build_config(
        kit,
        algorithm=args.algorithm,
        level=args.level,
        depth=args.depth,
        time_s=args.time,
        use_tt=not args.no_tt,
        use_ordering=not args.no_ordering,
        use_quiescence=not args.no_quiescence,
        seed=args.seed,
        exact=args.exact,
        iterations=args.iterations,
    ), args.weights, getattr(args, "no_book", False))


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type for a whole number in ``low..high``: bounded, because a huge count
    (match --games, bench --repeat) would otherwise run until memory or patience runs out."""

    def parse(text: str) -> int:
        if not _PLAIN_INT.fullmatch(text):
            raise argparse.ArgumentTypeError(
                f"expected a whole number in plain digits, got {_shown(text)}")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected {low} to {high}, got {text[:40]}")
        return value

    return parse
