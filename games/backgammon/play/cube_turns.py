"""The doubling cube in a match: a human's Double / Roll / Take / Drop, and the AI's.

A money game's cube decisions come at the start of a turn, before the roll. So that a human
can double, the dice of a human who may double wait for "Roll" (or "Double"); otherwise they
roll by themselves as in a cubeless game. The AI offers and answers from the network's
probabilities (``games.backgammon.ai.cube``: a Janowski-style cubeful estimate), decided here in the
match's frame (one network evaluation, about a millisecond), never by a search. Each decision
is a move of the session (``double``, ``take``, ``drop``), so undo, redo and saves carry it.
"""

from __future__ import annotations

from ai.profiles import true_minus
from game.core import CHANCE, IllegalMoveError, own_state
from game.session import Session
from games.backgammon.ai.cube import advise, cubeful, probabilities, take_decision
from games.backgammon.cube import Cube
from games.backgammon.rules import BackgammonState
from play.turns import MatchSide

#: How long the AI seems to consider a double before answering (seconds).
ANSWER_PAUSE_S = 0.8


class CubeTurns:
    def __init__(self, match: MatchSide) -> None:
        self.match = match
        #: The ply at which the AI on roll last made its cube decision (once per turn).
        self._ai_decided_at: int | None = None
        #: The money score of this screen: each finished game with the cube (kept by its
        #: session) and its points for (player 0, player 1).
        self._results: dict[int, tuple[Session, tuple[int, int]]] = {}

    # ---- facts --------------------------------------------------------------------------
    @property
    def cube(self) -> Cube | None:
        """The match's cube (a backgammon match's stakes are its cube, or None: cubeless)."""
        stakes = self.match.session.stakes
        return stakes if isinstance(stakes, Cube) else None

    @property
    def _on(self) -> Cube:
        """The cube, where only a game with it gets (every cube command is off without)."""
        cube = self.cube
        if cube is None:
            raise ValueError("this game is played without the doubling cube")
        return cube

    @property
    def _state(self) -> BackgammonState:
        """The shown position, as the backgammon state it is (a cube goes only with it)."""
        return own_state(self.match.session.current, BackgammonState)

    def _doubler(self) -> int:
        """Who offered the double that waits for its answer (asked only while one waits)."""
        doubler = self._on.offered_by
        if doubler is None:
            raise ValueError("no double waits for an answer")
        return doubler

    def before_roll(self) -> bool:
        """A turn starts: dice not rolled yet, past the opening roll, the game on."""
        s = self.match.session
        state = s.current
        return (not s.is_over and state.current_player() == CHANCE
                and not getattr(state, "opening", True))

    def may_double(self) -> bool:
        """The side on roll may double now (whoever plays it)."""
        cube = self.cube
        if cube is None or not self.before_roll():
            return False
        player = self._state.to_move
        return cube.may_double(player, rolled=False, over=False)

    def _human_on_roll(self) -> bool:
        s = self.match.session
        return s.seats[self._state.to_move].is_human

    def waiting_for_human(self) -> bool:
        """The dice wait: a human on roll may double, or must answer a double."""
        cube = self.cube
        if cube is None or self.match.session.is_over:
            return False
        if cube.offered_by is not None:
            return self.match.session.seats[1 - cube.offered_by].is_human
        return self.may_double() and self._human_on_roll()

    # ---- the human's commands -----------------------------------------------------------
    def can_double(self) -> bool:
        return self.may_double() and self._human_on_roll()

    def why_no_double(self) -> str:
        """Why Double is not possible now, in a player's words."""
        s = self.match.session
        cube = self.cube
        if cube is None:
            return "This game is played without the doubling cube (start screen: Doubling cube)"
        if s.is_over:
            return "The game is over"
        if cube.offered_by is not None:
            return "A double is waiting for an answer: Take or Drop"
        state = self._state
        if state.opening:
            return "No double before the opening roll"
        if state.current_player() != CHANCE:
            return "A double comes before the roll, at the start of your turn"
        if not s.seats[state.to_move].is_human:
            return "You may double only at the start of your own turn"
        if cube.owner is not None and cube.owner != state.to_move:
            owner = self.match.session.game.player_names[cube.owner]
            return f"{owner} owns the cube: only the cube's owner may redouble"
        return "The cube cannot go higher"

    def must_answer(self) -> bool:
        """A human must take or drop a double offered to him."""
        cube = self.cube
        return (cube is not None and cube.offered_by is not None
                and self.match.session.seats[1 - cube.offered_by].is_human)

    def why_no_answer(self) -> str:
        cube = self.cube
        if cube is None:
            return "This game is played without the doubling cube"
        if cube.offered_by is None:
            return "No double has been offered"
        return "The double is not yours to answer"

    def can_roll(self) -> bool:
        return self.waiting_for_human() and self._on.offered_by is None

    def double(self) -> None:
        self._play("double")
        cube = self._on
        s = self.match
        doubler = s.session.game.player_names[self._doubler()]
        s.notice(f"{doubler} doubles to {cube.value * 2}")

    def take(self) -> None:
        self._answer("take")

    def drop(self) -> None:
        self._answer("drop")

    def roll(self) -> None:
        """The human on roll chose not to double: roll now."""
        self.match.roll_now()

    def advice(self) -> str | None:
        """What the cube AI advises the human whose cube decision the dice wait for (H on
        the play screen): take or drop a double offered, or double or roll; None when no
        human decides, or without the network."""
        if not self.waiting_for_human():
            return None
        s = self.match.session
        state, cube = self._state, self._on
        names = s.game.player_names
        try:
            if cube.offered_by is not None:
                taker = 1 - cube.offered_by
                probs = probabilities(state, taker)
                taking = 2.0 * cubeful(probs, "me")
                action = "take" if taking >= -1.0 else "drop"
                return (f"Hint: {action} — taking is worth {true_minus(format(taking, '+.2f'))} cubes to "
                        f"{names[taker]}, dropping {true_minus(format(-1.0, '+.2f'))} ({probs[0]:.2f} wins, "
                        f"{probs[1]:.2f} gammons)")
            player = state.to_move
            advice = advise(probabilities(state, player), cube, player)
        except ValueError as exc:  # the network's weights are missing
            return f"No cube advice: {exc}"
        action = "double" if advice.double else "roll"
        return f"Hint: {action} — {advice.text()} for {names[player]}"

    # ---- the money score -------------------------------------------------------------------
    def record_result(self) -> None:
        """Count the shown game in the score once it is over, at its cube value; a game
        taken back out of its end stops counting."""
        session = self.match.session
        cube = self.cube
        if cube is None or not session.is_over:
            self._results.pop(id(session), None)
            return
        if cube.dropped_by is not None:
            a, b = cube.drop_returns()
            points = (int(a), int(b))
        else:
            state = self._state
            k = cube.points(state.game_value())
            points = (k, -k) if state.winner() == 0 else (-k, k)
        self._results[id(session)] = (session, points)

    def score(self) -> tuple[int, int] | None:
        """Points won by each side over the finished cube games of this screen."""
        if not self._results:
            return None
        return (sum(p[0] for _, p in self._results.values()),
                sum(p[1] for _, p in self._results.values()))

    def score_lines(self) -> list[tuple[str, str]]:
        """The money score for the panel: ("Money score, 2 games", "White +3 · Red -3")."""
        score = self.score()
        if score is None:
            return []
        names = self.match.session.game.player_names
        games = len(self._results)
        return [(f"Money score, {games} game{'s' if games > 1 else ''}",
                 f"{names[0]} {score[0]:+d} · {names[1]} {score[1]:+d}")]

    # ---- the screen ---------------------------------------------------------------------
    def turn_text(self) -> str:
        """The top bar during a cube decision ("" when there is none)."""
        s = self.match
        cube = self.cube
        if cube is None or s.session.is_over:
            return ""
        names = s.session.game.player_names
        if cube.offered_by is not None:
            taker = 1 - cube.offered_by
            text = f"{names[cube.offered_by]} doubles to {cube.value * 2}"
            if s.session.seats[taker].is_human:
                return f"{text} — {names[taker]}: Take (A) or Drop (P)?"
            return f"{text} — {names[taker]} is thinking"
        if self.waiting_for_human():
            player = self._state.to_move
            return f"{names[player]} to roll — Double (O) or Roll (Enter)"
        return ""

    def deciding_side(self) -> int | None:
        """The side with a cube decision to make now (the taker of a double, or a human on
        roll who may double), else None."""
        cube = self.cube
        if cube is None or self.match.session.is_over:
            return None
        if cube.offered_by is not None:
            return 1 - cube.offered_by
        if self.waiting_for_human():
            return self._state.to_move
        return None

    def wake_at(self) -> float | None:
        """When the frame loop must look again for the cube: inf while a human decides, the
        AI's answer time while it considers a double, None when the cube waits for nothing."""
        cube = self.cube
        if cube is None or self.match.session.is_over or self.match.paused:
            return None
        if self.waiting_for_human():
            return float("inf")
        if cube.offered_by is not None:
            return self.match.schedule.roll_at + ANSWER_PAUSE_S
        return None

    # ---- the AI ---------------------------------------------------------------------------
    def step(self, now: float) -> bool:
        """One frame of the cube for the AI; True when the dice must wait (a double pending
        or a human's cube decision)."""
        s = self.match
        cube = self.cube
        if cube is None:
            return False
        if cube.offered_by is not None:
            taker = 1 - cube.offered_by
            if not s.session.seats[taker].is_human and now >= s.schedule.roll_at + ANSWER_PAUSE_S:
                self._ai_answer(taker)
            return True
        if self.may_double() and not self._human_on_roll():
            if self._ai_decided_at != s.session.ply:
                self._ai_decided_at = s.session.ply
                self._ai_offer()
            return self._on.offered_by is not None
        return self.waiting_for_human()

    def hurry(self) -> None:
        """"Now!" while the AI considers a double: it answers at once."""
        cube = self.cube
        if cube is not None and cube.answering_player() is not None:
            self.match.schedule.hurry_roll(ANSWER_PAUSE_S)

    def _ai_offer(self) -> None:
        s = self.match
        state, cube = self._state, self._on
        player = state.to_move
        try:
            advice = advise(probabilities(state, player), cube, player)
        except ValueError as exc:  # the network's weights are missing: play on cubeless
            s.notice(f"No cube decisions: {exc}", True)
            return
        if advice.double:
            self._play("double")
            s.notice(f"{s.session.game.player_names[player]} doubles to {cube.value * 2} "
                           f"({advice.text()})")

    def _ai_answer(self, taker: int) -> None:
        try:
            take = take_decision(self._state, taker)
        except ValueError:
            take = True  # without the network the AI never gives the game away
        self._answer("take" if take else "drop")

    # ---- shared -----------------------------------------------------------------------------
    def _answer(self, kind: str) -> None:
        s = self.match
        taker = 1 - self._doubler()
        self._play(kind)
        name = s.session.game.player_names[taker]
        if kind == "take":
            s.notice(f"{name} takes: the cube is at {self._on.value}, {name} owns it")
        else:
            s.notice(s.session.result_text or f"{name} drops")

    def _play(self, kind: str) -> None:
        s = self.match
        try:
            s.session.play_text(kind)
        except IllegalMoveError as exc:
            s.notice(str(exc), True)
            return
        s.position_changed(animate=False)
