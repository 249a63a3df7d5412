"""Weighing one decision: the position searched with the move played kept in, the loss and
its mark in the game's scale, the refuting line of an error and a sentence saying why it
costs what it costs."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ai.api import ALGORITHMS, Cancel, Result, SearchConfig
from ai.engine import run_search
from ai.kit import StakesAI, profile_for
from ai.review.scale import ReviewScale, outcome
from game.core import Game, Move, State, format_line
from game.review import NO_ERROR, ReviewRow
from game.stakes import Stakes


@dataclass(frozen=True)
class Decision:
    """One position a player decided in: the session's move ``index`` was played there."""

    index: int
    state: State
    move: Move
    #: The stakes, for a decision the game's stakes weigh (None: a board move).
    stakes: Stakes | None


class Weigher:
    """Searches one decision after another with the same setting."""

    def __init__(self, game: Game, scale: ReviewScale, config: SearchConfig,
                 cancel: Cancel | None) -> None:
        self.game = game
        self.scale = scale
        self.config = config
        self.cancel = cancel
        self.profile = profile_for(config.kit)

    def weigh(self, decision: Decision, ply: int, stakes_ai: StakesAI | None) -> ReviewRow | None:
        state, move = decision.state, decision.move
        if decision.stakes is not None:
            if stakes_ai is None or stakes_ai.review is None:
                raise ValueError("a stakes decision of a game whose stakes are not reviewed")
            verdict = stakes_ai.review(state, decision.stakes, move)
            return None if verdict is None else replace(verdict, ply=ply, index=decision.index)
        return self._board_move(decision, ply)

    def search(self, state: State, keep: tuple[Move, ...] = ()) -> Result:
        """The position searched with the moves ``keep`` valued as exactly as the best."""
        config = replace(self.config, keep_root_moves=keep)
        result = run_search(state, config, self.cancel)
        if not self._values_known(result, keep) and result.algorithm != config.algorithm:
            # An exact solver proved the best move without valuing the others (Othello's
            # endgame): ask it for every root move's exact value.
            result = run_search(state, replace(config, exact_root_values=True), self.cancel)
        if not self._values_known(result, keep):
            result = run_search(state, replace(config, exact=False), self.cancel)
        return result

    @staticmethod
    def _values_known(result: Result, keep: tuple[Move, ...]) -> bool:
        values = dict(result.root_values)
        return all(m in values for m in keep) and (
            result.root_values_exact or result.algorithm in ALGORITHMS)

    def _board_move(self, decision: Decision, ply: int) -> ReviewRow:
        state, move = decision.state, decision.move
        side = state.current_player()
        legal = state.legal_moves()
        result = self.search(state, (move,))
        values = dict(result.root_values)
        best_move = result.move if result.move is not None else move
        before = result.score
        after = values.get(move, before)
        if move == best_move:
            after = before
        scale = self.scale
        loss = scale.loss(before, after)
        mark, severity = scale.mark(before, after, loss)
        names = self.game.player_names
        line = tuple(format_line(self.game, state, result.pv))
        reply: tuple[Move, ...] = ()
        if severity > NO_ERROR:
            reply = self._reply(state, move)
        label = self.profile.value_label
        places = scale.decimals(result.exact)  # the loss's, so best − played reads as it
        loss_text = scale.loss_text(before, after, loss, result.exact)
        return ReviewRow(
            ply=ply,
            index=decision.index,
            side=side,
            player=names[side],
            kind="move",
            move=self.game.format_move(state, move),
            best_move=self.game.format_move(state, best_move),
            value_before=before,
            value_after=after,
            loss=loss,
            mark=mark,
            severity=severity,
            note=self._note(state, move, best_move, loss_text, mark, reply) if severity else "",
            chart=self._chart(before, side),
            win_chance=scale.win_chance(state) if scale.win_chance is not None else None,
            line=line,
            reply_line=tuple(format_line(self.game, state.apply(move), reply)),
            forced=len(legal) == 1,
            exact=result.exact,
            value_before_text=label(before, exact=result.exact, decimals=places).long,
            value_after_text=label(after, exact=result.exact, decimals=places).long,
        )

    def _chart(self, before: float, side: int) -> float:
        first = before if side == 0 else -before
        return float(outcome(first)) if self.scale.by_outcome else first

    def _reply(self, state: State, move: Move) -> tuple[Move, ...]:
        """The best line after ``move`` (its refutation), where a player decides next."""
        after = state.apply(move)
        if after.current_player() not in (0, 1):
            return ()
        config = self.config
        if config.limits.depth is not None and config.limits.depth > 1:
            config = replace(config, limits=replace(config.limits, depth=config.limits.depth - 1))
        result = run_search(after, replace(config, exact_root_values=False), self.cancel)
        return result.pv

    def _note(self, state: State, move: Move, best: Move, loss: str, mark: str,
              reply: tuple[Move, ...]) -> str:
        """"e6 gives up 8 discs: after it, White takes the h8 corner" (``loss`` as the panel
        writes it, beside the two values it is the difference of)."""
        game = self.game
        played = game.format_move(state, move)
        if self.scale.by_outcome:
            head = f"{played} {mark}"
        else:
            head = f"{played} gives up {loss} {self.scale.loss_unit}"
        head += f" ({game.format_move(state, best)} was best)"
        if not reply:
            words = ""
            if self.scale.move_words is not None:
                words = self.scale.move_words(game, state, move, best)
            return f"{head}: {words}" if words else head
        after = state.apply(move)
        opponent = game.player_names[after.current_player()]
        words = ""
        if self.scale.reply_words is not None:
            words = self.scale.reply_words(game, state, move, best, reply)
        if not words:
            reply_text = game.format_move(after, reply[0])
            same = after.current_player() == state.current_player()  # an extra turn
            words = f"moves again: {reply_text}" if same else f"answers {reply_text}"
        return f"{head}: after it, {opponent} {words}"
