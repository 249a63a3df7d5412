"""A match in progress: who sits where, the moves so far, undo/redo, and its save text.

The session works for every game through the rules protocol, and for a game played for stakes
(backgammon's doubling cube) through game.stakes, so it never names a game. Dice rolls and
other random events are moves of the chance player, recorded like any other move, so replaying
a saved game reproduces it exactly; stakes decisions (``double``, ``take``, ``drop``) are moves
too, so undo, redo and saves carry them. The save format and its reader: game.savefile.
A game a program forfeited (an illegal move, no answer in time) ends there: ``forfeit`` keeps
the losing side and the note, and the save keeps them.

Longer than most files: the match's moves, undo, notation and save text are one object.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping

from game.core import CHANCE, TERMINAL, Game, IllegalMoveError, Move, State, quoted
from game.jsontypes import JSONObject
from game.kit import GameKit
from game.seat import Seat
from game.stakes import Stakes

FORMAT_NAME = "kibitz-save"
FORMAT_VERSION = 1
ROLL_PREFIX = "roll "


class Session:
    """One match: the start position, the moves played (undo = pop) and the moves undone.

    ``options`` are the game's options for a new game; with ``start_state`` (a set-up or loaded
    position, which carries its own options) they are not used.
    """

    def __init__(
        self,
        kit: GameKit,
        options: Mapping[str, object] | None = None,
        seats: tuple[Seat, Seat] | list[Seat] | None = None,
        start_state: State | None = None,
        stakes: Stakes | None = None,
    ) -> None:
        """``stakes``: what the game is played for, when its kit has stakes (backgammon's
        doubling cube; None: the game alone)."""
        self.kit = kit
        self.game: Game = kit.rules()
        self.game_id = kit.id
        self.start_stakes = stakes
        given = (Seat.human(), Seat.human()) if seats is None else tuple(seats)
        if len(given) != 2 or not all(isinstance(s, Seat) for s in given):
            raise ValueError("a session needs exactly two Seat objects")
        self.seats: tuple[Seat, Seat] = (given[0], given[1])
        if start_state is None:
            start_state = self.game.initial_state(**(options or {}))
        self.start: State = start_state
        self._states: list[State] = [start_state]
        #: The stakes after each position (a decision changes them; anything else keeps them),
        #: so asking for them never replays the game.
        self._stakes: list[Stakes | None] = [stakes]
        self._moves: list[Move] = []
        #: Each move's text, kept as moves are played and taken back, so a long game's move
        #: list costs nothing to read (``move_text``, ``moves_text``).
        self._texts: list[str] = []
        self._redo: list[Move] = []
        #: (the side that lost, "forfeit: <reason> at move N") once a program forfeited.
        self.forfeit: tuple[int, str] | None = None
        self._outcome_cache: dict[tuple[tuple[Move, float], ...],
                                  tuple[dict[Move, str], dict[str, Move]]] = {}

    # -- the match --------------------------------------------------------------------------

    @property
    def options(self) -> JSONObject:
        """The game options of this match, as ``parse_position`` needs them."""
        return self.game.options(self.start)

    @property
    def current(self) -> State:
        return self._states[-1]

    @property
    def history(self) -> tuple[tuple[State, Move], ...]:
        """(position, move played there) for every move so far."""
        return tuple(zip(self._states, self._moves, strict=False))

    def history_since(self, start: int) -> tuple[tuple[State, Move], ...]:
        """The (position, move) pairs from ply ``start`` on: the end of ``history`` without
        copying a long game whole (the play screen asks for it at every move)."""
        start = max(0, start)
        return tuple(zip(self._states[start : len(self._moves)], self._moves[start:], strict=True))

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def ply(self) -> int:
        return len(self._moves)

    @property
    def stakes(self) -> Stakes | None:
        """The stakes now (None: the game alone), after the stakes decisions played."""
        return self._stakes[-1]

    def stakes_at(self, ply: int) -> Stakes | None:
        """The stakes in the position before move ``ply`` (0 = the start)."""
        return self._stakes[ply]

    def state_at(self, ply: int) -> State:
        """The position before move ``ply`` (0 = the start; ``ply`` = the current one)."""
        return self._states[ply]

    @property
    def is_over(self) -> bool:
        if self.forfeit is not None:
            return True
        if self.current.current_player() == TERMINAL:
            return True
        stakes = self.stakes
        return stakes is not None and stakes.ended_game()

    @property
    def result_text(self) -> str | None:
        """The game's one-line result once it is over, else None (with stakes: its points)."""
        if not self.is_over:
            return None
        if self.forfeit is not None:
            loser, note = self.forfeit
            return f"{self.game.player_names[1 - loser]} wins — {note}"
        board_result = self.game.describe_result(self.current)
        stakes = self.stakes
        return board_result if stakes is None else stakes.result_text(self.current, board_result)

    def forfeit_game(self, side: int, note: str) -> None:
        """``side`` lost here by forfeit (``note``: "forfeit: <reason> at move N", one line)."""
        if side not in (0, 1) or self.is_over:
            raise ValueError("only a game in progress can be forfeited, by side 1 or 2")
        self.forfeit = (side, " ".join(note.split()))

    def seat_to_move(self) -> Seat | None:
        """The seat whose decision it is; None at a chance event or after the end (a pending
        double: the seat that must take or drop)."""
        stakes = self.stakes
        answering = None if stakes is None else stakes.answering_player()
        if answering is not None:
            return self.seats[answering]
        if self.is_over:
            return None
        player = self.current.current_player()
        return self.seats[player] if player in (0, 1) else None

    def _is_decision(self, move: Move) -> bool:
        return self.start_stakes is not None and self.start_stakes.is_decision(move)

    def _next(self, move: Move) -> tuple[State, Stakes | None]:
        """The position and stakes after ``move``; IllegalMoveError when it is not allowed."""
        stakes = self.stakes
        if stakes is not None and stakes.is_decision(move):
            return self.current, stakes.after(self.current, move)
        why_not = None if stakes is None else stakes.why_no_board_move()
        if why_not is not None:
            raise IllegalMoveError(why_not)
        return self.current.apply(move), stakes

    @property
    def is_human_turn(self) -> bool:
        seat = self.seat_to_move()
        return seat is not None and seat.is_human

    def play(self, move: Move) -> State:
        """Play a move (or a chance outcome); a new move forgets the moves undone before it."""
        new, stakes = self._next(move)
        self._push(move, new, stakes)
        self._redo.clear()
        return new

    def play_text(self, text: str) -> State:
        """Play a move given in the game's notation (``roll ...`` at a chance event)."""
        return self.play(self.parse_move_text(self.current, text))

    def roll(self, rng: random.Random) -> Move:
        """At a chance event, draw an outcome by its probability and play it."""
        outcomes = self.current.chance_outcomes()
        if self.current.current_player() != CHANCE or not outcomes:
            raise IllegalMoveError("there is nothing to roll: it is not a chance event")
        moves = [m for m, _ in outcomes]
        move = rng.choices(moves, weights=[p for _, p in outcomes])[0]
        self.play(move)
        return move

    def replay(self, move: Move, state: State, text: str) -> None:
        """Record ``move`` leading to ``state`` with its ``text``, all three already worked
        out by a reader that played this move from this position before (game.savefile's
        replay of a long game, which meets the same positions thousands of times; stakes
        decisions are played, not replayed, so the stakes stay as they are)."""
        self._push(move, state, self.stakes, text)
        self._redo.clear()

    def _push(self, move: Move, state: State, stakes: Stakes | None,
              text: str | None = None) -> None:
        """Record ``move`` (played in the current position), the position it leads to and
        the stakes after it."""
        if text is None:
            text = self.format_move_text(self.current, move)
        self._texts.append(text)
        self._moves.append(move)
        self._states.append(state)
        self._stakes.append(stakes)

    # -- undo / redo ------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Move | None:
        """Take back the last move (of anyone, dice included); None when there is none. A
        forfeit after it is taken back with it."""
        if not self._moves:
            return None
        self.forfeit = None
        self._states.pop()
        self._stakes.pop()
        self._texts.pop()
        move = self._moves.pop()
        self._redo.append(move)
        return move

    def redo(self) -> Move | None:
        """Replay the last move undone; None when there is none."""
        if not self._redo:
            return None
        move = self._redo.pop()
        self._push(move, *self._next(move))
        return move

    def fresh_stakes(self) -> Stakes | None:
        """A new game's stakes under this match's rule (None: none)."""
        return None if self.start_stakes is None else self.start_stakes.fresh()

    def last_decision(self) -> tuple[State, Move] | None:
        """The last (position, move) a player decided (the dice after it skipped)."""
        for state, move in reversed(self.history_since(self.ply - 3)):
            if state.current_player() in (0, 1):
                return state, move
        return None

    def why_no_move(self) -> str | None:
        """Why no player may move on the board now (None: the side to move may)."""
        if self.is_over:
            return "the game is over"
        pending = None if self.stakes is None else self.stakes.pending_text()
        if pending is not None:
            return pending
        if self.current.current_player() not in (0, 1):
            return "the dice are to be rolled"
        return None

    def undo_decision(self) -> None:
        """Take back the last move and the dice before it: back to the last decision."""
        self.undo()
        while self.current.current_player() == CHANCE and self.can_undo:
            self.undo()

    def redo_to_human(self) -> None:
        """Replay moves taken back until a human is to decide again (or none are left)."""
        self.redo()
        while self.can_redo and not self.is_human_turn and not self.is_over:
            self.redo()

    def undo_to_human(self) -> int:
        """Take back moves until a human is to make again the last decision a human made.

        AI moves and dice after it are taken back too, so "undo" against the computer returns
        the player to their own previous choice. Does nothing (returns 0) when no human has
        moved yet; otherwise returns the number of moves taken back.
        """
        deciders = (self._decider(i) for i in range(len(self._moves)))
        human_plies = [i for i, d in enumerate(deciders) if d is not None and self.seats[d].is_human]
        if not human_plies:
            return 0
        count = len(self._moves) - human_plies[-1]
        for _ in range(count):
            self.undo()
        return count

    def _decider(self, i: int) -> int | None:
        """The player who made move ``i`` (a stakes decision's too: the double is the side on
        roll's, the take or drop the other side's); None for a chance outcome."""
        state, move = self._states[i], self._moves[i]
        if self.start_stakes is not None and self.start_stakes.is_decision(move):
            return self.start_stakes.decided_by(state, move)
        player = state.current_player()
        return player if player in (0, 1) else None

    # -- notation ---------------------------------------------------------------------------

    def position_text(self) -> str:
        """The position on the board as text to copy, as the game's kit writes it (with the
        stakes, where the game's notation carries them)."""
        return self.kit.position_text(self.current, self.stakes)

    @classmethod
    def from_position(cls, kit: GameKit, text: str, seats: tuple[Seat, Seat] | None,
                      stakes: Stakes | None, options: Mapping[str, object]) -> Session:
        """A new match from a position in text (pasted), with ``stakes`` as a new game's
        (the kit may start with the stakes the text describes instead)."""
        kit.rules().initial_state(**options)  # the options are checked as for any position
        state, start_stakes = kit.parse_position_text(text, options, stakes)
        return cls(kit, None, seats, start_state=state, stakes=start_stakes)

    def format_move_text(self, state: State, move: Move) -> str:
        """A move in the game's notation; a chance outcome as ``roll <outcome>``."""
        if self._is_decision(move):
            return str(move)
        if state.current_player() != CHANCE:
            return self.game.format_move(state, move)
        return self._outcome_names(state)[0][move]

    def _outcome_names(self, state: State) -> tuple[dict[Move, str], dict[str, Move]]:
        """Text of each chance outcome at ``state`` and back. An outcome's name depends on the
        outcome only (dice "31" read the same in every position), so the two tables are kept
        per set of outcomes: a long game of dice rolls names each roll once, not 21 times a
        turn."""
        outcomes = state.chance_outcomes()
        names = self._outcome_cache.get(outcomes)
        if names is None:
            by_move: dict[Move, str] = {}
            for move, _ in outcomes:
                try:
                    text = self.game.format_move(state, move)
                except ValueError:
                    text = _outcome_text(move)  # the rules only name decision moves
                by_move[move] = text if text.startswith(ROLL_PREFIX) else ROLL_PREFIX + text
            names = (by_move, {text: move for move, text in by_move.items()})
            self._outcome_cache[outcomes] = names
        return names

    def parse_move_text(self, state: State, text: str) -> Move:
        """The inverse of ``format_move_text``; a ValueError naming the problem otherwise."""
        text = text.strip()
        decision = None if self.start_stakes is None else self.start_stakes.parse_decision(text)
        if decision is not None:
            return decision
        player = state.current_player()
        if player == TERMINAL:
            raise IllegalMoveError(
                f"the game is already over, so {quoted(text)} cannot be played"
            )
        if player == CHANCE:
            by_move, by_text = self._outcome_names(state)
            if text in by_text:
                return by_text[text]
            choices = ", ".join(by_move.values())
            raise IllegalMoveError(f"{quoted(text)} is not a possible outcome here ({choices})")
        return self.game.parse_move(state, text)

    def moves_text(self) -> list[str]:
        """Every move so far in the game's notation, dice as ``roll ...``."""
        return list(self._texts)

    def move_text(self, index: int) -> str:
        """The text of move ``index`` (0 = the first; negative counts from the last), without
        copying the whole list: a move list draws only the rows it shows."""
        return self._texts[index]

    # -- save -------------------------------------------------------------------------------

    def save(self) -> str:
        """The whole match as readable text (the format: game.savefile, whose ``load`` turns
        it back into an equal session)."""
        stakes = self.start_stakes
        lines = [
            f"{FORMAT_NAME}: {FORMAT_VERSION}",
            f"game: {self.game_id}",
            f"options: {json.dumps(self.options, sort_keys=True)}",
            f"seat 1: {self.seats[0].to_text()}",
            f"seat 2: {self.seats[1].to_text()}",
            f"start: {self.game.format_position(self.start)}",
            *([f"{self.kit.stakes_word}: {stakes.save_text(self.start)}"]
              if stakes is not None else []),
            f"moves: {len(self._moves)}",
            *self.moves_text(),
            *([f"forfeit: {self.forfeit[0] + 1} {self.forfeit[1]}"] if self.forfeit else []),
        ]
        return "\n".join(lines) + "\n"


def _outcome_text(outcome: Move) -> str:
    """A chance outcome the rules cannot name: dice (3, 1) read "31", as players say it."""
    if isinstance(outcome, tuple) and all(isinstance(x, int) and 0 <= x <= 9 for x in outcome):
        return "".join(map(str, outcome))
    if isinstance(outcome, tuple) and all(isinstance(x, int) for x in outcome):
        return "-".join(map(str, outcome))
    return str(outcome)
