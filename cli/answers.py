"""The fields of a headless answer about a searched position (``analyze``, ``engine``): the
position, the value in the game's units, each root move's value, the evaluator's chances and
a level's noise, as JSON-ready data."""

from __future__ import annotations

import math
from collections.abc import Mapping

from ai.api import BOOK, Cancel, Result, SearchConfig
from ai.engine import make_searcher, run_search
from ai.kit import get_evaluator, get_level, profile_for
from ai.mcts.report import tree_report
from ai.mcts.searcher import MctsSearcher
from ai.mcts.tree import principal_line
from ai.mcts.units import value_label
from game.core import State, format_line
from game.jsontypes import JSONObject, JSONValue
from game.kit import GameKit


def json_number(x: float) -> float | int:
    """A finite, rounded number: JSON has no infinity and six decimals are plenty."""
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    x = float(x)
    if math.isnan(x):
        return 0.0
    if math.isinf(x):
        return 1e9 if x > 0 else -1e9
    return round(x, 6)


def figure(row: Mapping[str, JSONValue], key: str) -> float:
    """A number a bench row holds under ``key`` (TypeError if it holds none: a bench bug)."""
    value = row[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{key} is not a number: {value!r}")
    return value


def numbers(value: JSONValue) -> list[float | None]:
    """A list of numbers a row holds, None among them (a bound at infinity, say)."""
    if not isinstance(value, list):
        raise TypeError(f"not a list of numbers: {value!r}")
    found: list[float | None] = []
    for v in value:
        if v is not None and (isinstance(v, bool) or not isinstance(v, int | float)):
            raise TypeError(f"not a number: {v!r}")
        found.append(v)
    return found


def position_fields(kit: GameKit, state: State) -> JSONObject:
    """The position in notation ("position"), then as other programs write it where the
    game's kit knows how (backgammon: "gnu_id", GNU Backgammon's pair of IDs)."""
    return {"position": kit.rules().format_position(state), **kit.position_fields(state)}


def point_of_view(kit: GameKit, player: int) -> str:
    """Whose view a value is from, e.g. "for X", "for White"."""
    return f"for {kit.rules().player_names[player]}"


def value_fields(kit: GameKit, state: State, result: Result) -> JSONObject:
    """What ran and what the value means: "algorithm", "exact", "value" (the number, from the
    side to move's point of view), "value_text" in the game's units with that point of view
    ("win in 5 for X", "+12 discs (predicted final margin) for White"), "point_of_view"."""
    profile = profile_for(kit)
    pov = point_of_view(kit, state.current_player())
    if result.depth == 0 and not result.exact and result.algorithm != BOOK:  # stopped early
        value, text = None, "not known: stopped before the first depth was finished"
    else:
        value = json_number(result.score)
        label = value_label(profile, result.score, exact=result.exact, algorithm=result.algorithm)
        text = f"{label.long} {pov}"
    return {
        "algorithm": result.algorithm,
        "exact": result.exact,
        "value": value,
        "value_text": text,
        "point_of_view": pov.removeprefix("for "),
    }


def probability_fields(kit: GameKit, state: State, config: SearchConfig) -> JSONObject:
    """The searching evaluator's chances for the side to move in the position asked about
    ("probabilities": {"win": .., "win_gammon": .., ...}), when it gives them with their
    names (backgammon's network does; the hand-made evaluators and pubeval give only an
    equity), and where they come from when it says ("probabilities_source": "network", or
    "bear-off database": exact race values when both sides are bearing off)."""
    if not config.use_evaluator or config.evaluator is None:
        return {}
    evaluator = get_evaluator(kit, config.evaluator)
    chances = getattr(evaluator, "probabilities", None)
    names = getattr(evaluator, "outcome_names", None)
    player = state.current_player()
    if chances is None or names is None or player not in (0, 1):
        return {}
    probs = [float(p) for p in chances(state, player)]
    if len(probs) != len(names):
        return {}
    fields: JSONObject = {
        "probabilities": {k: round(p, 4) for k, p in zip(names, probs, strict=True)}
    }
    source = getattr(evaluator, "probabilities_source", None)
    if source is not None:  # where an evaluator's chances come from, when it says
        fields["probabilities_source"] = source(state)
    return fields


def root_value_fields(kit: GameKit, state: State, result: Result) -> JSONObject:
    """Each root move's value in notation ("root_values") and as text ("root_values_text").
    When alpha-beta only proved a move no better than the best, its text says so."""
    profile = profile_for(kit)
    pov = point_of_view(kit, state.current_player())
    numbers: JSONObject = {}
    texts: JSONObject = {}
    game = kit.rules()
    for move, value in result.root_values:
        name = game.format_move(state, move)
        numbers[name] = json_number(value)
        text = value_label(profile, value, exact=result.exact, algorithm=result.algorithm).long
        if not result.root_values_exact and move != result.move:
            text = f"no better than {text}"
        texts[name] = f"{text} {pov}"
    return {"root_values": numbers, "root_values_text": texts}


def noise_fields(kit: GameKit, level: str | None, config: SearchConfig) -> dict[str, str]:
    """{"noise_text": ...} when a level plays with deliberate randomness: its move may then
    differ from the best root value, and the answer says why."""
    if level is None or config.noise <= 0:
        return {}
    name = get_level(kit, level).name
    text = profile_for(kit).noise_text(name, config.noise)
    return {"noise_text": text} if text else {}


def search_with_report(kit: GameKit, state: State, config: SearchConfig,
                       cancel: Cancel | None = None) -> tuple[Result, JSONObject]:
    """``run_search``, and what a Monte Carlo tree search adds ("mcts": each root move's
    visits, mean and UCB terms, the line by visits, iterations and playouts per second)."""
    searcher = make_searcher(config) if config.algorithm == "mcts" else None
    result = run_search(state, config, cancel=cancel, searcher=searcher)
    if not isinstance(searcher, MctsSearcher) or searcher.root is None:
        return result, {}
    game = kit.rules()
    line = format_line(game, state, principal_line(searcher.root))
    report = tree_report(searcher.snapshot(max_depth=1), profile_for(kit), searcher.c,
                         result.stats, line, lambda move: game.format_move(state, move))
    return result, {"mcts": report}
