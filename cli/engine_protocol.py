"""The engine's protocol as ``python main.py engine --help`` prints it: one place for the spec."""

from __future__ import annotations

from cli.engine_lines import MAX_LINE_BYTES
from game.registry import game_ids

_PROTOCOL = """\
One request per line, a JSON object (UTF-8); exactly one answer per request, a JSON object on
one line (strict JSON: never NaN or Infinity), flushed at once, in the order of the requests.
Lines that are empty or hold only JSON whitespace (space, tab, CR) get no answer; every other
line does, a bad one an {{"error": "<one line>"}}, and the engine keeps serving. A line longer
than {limit} bytes is skipped and answered with {{"error": "request longer than {limit} bytes:
..."}}; the requests after it in the same write are answered at once.

Request keys (anything else is an error that lists these):
  cmd        "bestmove" (default), "legal", "cube", "stop" or "quit"
  id         a string, number or null; echoed back in the answer (also in error answers)
  game       {games} (required but for stop/quit)
  options    game options, e.g. {{"heaps": [3, 4, 5], "max_take": 3, "misere": true}}
  position   the game's notation (default: the initial position); backgammon needs the
             dice, e.g. "4HPwATDgc/ABMA 31"
  algorithm  "minimax", "alphabeta", "mtdf", "expectiminimax" or "mcts" (default: the game's
             own); the named algorithm is what runs
  level      a named difficulty level instead of an algorithm, e.g. "Master"
  depth      whole number of plies, 1..64
  time       seconds, more than 0, at most 3600 (default 2 when no depth, time, iterations
             or level)
  iterations "mcts": whole number of iterations, 1..10000000 (its answer adds "mcts": per
             root move visits, mean and UCB terms, the line by visits, playouts per second)
  exact      true: let the game's exact solver answer where it can (default: a level's
             own setting; false when an algorithm is named)
  use_tt, use_ordering, use_quiescence   true/false, default true
  use_book   false closes a level's opening book (Othello's Advanced and Master)
  seed       whole number: seeds a level's deliberate randomness
  match_id   backgammon "cube": GNU Backgammon Match ID of the cube (default: the position's
             own, given as "PositionID:MatchID", else centred at 1)
  jacoby     backgammon "cube": true for the Jacoby rule

Commands and answers:
  bestmove   {{"move": "d3", "algorithm": "alphabeta", "exact": false, "value": 0.63,
             "value_text": "+1 discs (predicted final margin) for Black",
             "point_of_view": "Black", "depth": 6, "complete": true, "nodes": 12345,
             "time": 0.41, "pv": [...], "root_values": {{...}}, "root_values_text": {{...}}}}
             "algorithm" is what actually ran (a solver's name such as "nim-solver" when
             exact solving answered); "exact" is true when the value is proven. A level
             that plays with deliberate randomness adds "noise_text", e.g. "Casual: picks
             at random among moves within 10 discs of the best". Backgammon searched
             with the network (Advanced, Master, "evaluator" net) adds the network's
             chances for the side to move in the position asked about: "probabilities":
             {{"win": .., "win_gammon": .., "win_backgammon": .., "lose_gammon": ..,
             "lose_backgammon": ..}}.
  legal      {{"moves": ["a1", "b1", ...]}}
  cube       backgammon money play, the position before the roll (no dice): {{"action":
             "double / take", "double": true, "take": true, "equities": {{"no_double": ..,
             "double_take": .., "double_pass": ..}}, "probabilities": {{"win": .., ...}},
             "text": "double / take, 0.62 wins, 0.21 gammons", "match_id": ".."}}; with a
             double pending in the Match ID, {{"action": "take"}} or "drop"
  stop       ends a running search at once: that search is answered first with the best
             move found so far ("complete": false), then the stop with {{"stopped": true}}.
             Every request sent before the stop is answered without further search.
  quit       like stop, then {{"quit": true}}, and the engine exits.
At the end of input the requests not yet answered get half a second more to search, then
stop as if told to; they are answered and the engine exits within a second.

Values are from the side to move's point of view, in the game's units: tic-tac-toe and Nim
proven results are 10000 minus the plies to the end ("win in 5", "loss in 6", 0 "draw");
Nim's solver answers them too, or +1/-1 (a win or loss with perfect play, its length not
known) for a game too big to play out to the end; Othello values are final disc
margins (predicted, or exact from the endgame solver); backgammon values are equity in
points a game. "value" is null when a search was stopped before it finished its first depth.
"""


def protocol_text() -> str:
    """The protocol, naming the games this build has."""
    ids = [f'"{game_id}"' for game_id in game_ids()]
    games = ", ".join(ids[:-1]) + f" or {ids[-1]}" if len(ids) > 1 else ids[0]
    return _PROTOCOL.format(games=games, limit=MAX_LINE_BYTES)
