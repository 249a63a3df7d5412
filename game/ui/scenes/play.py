"""The play screen around one match (its layout, input and drawing are in ``play_layout``,
``play_input`` and ``play_draw``).

The match is a Session; the AI is reached only through ``AiJobs`` (one live search, typed
replies, everything superseded dropped); what the AI knows about the position on the board is
one ``Knowledge`` that every display reads; the commands (buttons, keys, help) are listed once
in ``play_commands``. Any change of position goes through ``_position_changed``, which cancels
a search of another position and clears what was known about it, so the AI can never play,
and the screen never show, a move computed for a position that is no longer on the board.
"""

from __future__ import annotations

import logging
import random
from typing import Any

import pygame

from game.core import CHANCE, IllegalMoveError, Move, State
from game.session import Session
from game.ui.boards.base import BoardView, ViewContext
from game.ui.commands import Commands
from game.ui.kit import make_view
from game.ui.movelist import MoveListView, MoveRecord
from game.ui.panel import PanelLine, PanelText, panel_lines
from game.ui.scenes.ai_jobs import AiJobs, Job, Purpose
from game.ui.scenes.common import DialogHost, MessageLine
from game.ui.scenes.confirm import ConfirmDialog
from game.ui.scenes.knowledge import Knowledge
from game.ui.scenes.play_ai import AiTurns
from game.ui.scenes.play_commands import play_commands
from game.ui.scenes.play_draw import draw_play_screen
from game.ui.scenes.play_files import GameFiles
from game.ui.scenes.play_input import handle_play_event
from game.ui.scenes.play_layout import layout_play_screen
from game.ui.scenes.play_setup import (  # noqa: F401 - re-exported for the menu and tools
    build_session,
    default_save_path,
    describe_seat,
    load_session_file,
    noise_text,
    search_config,
    strongest_config,
    values_config,
)
from game.ui.text import error_line
from game.ui.value_text import value_text
from game.ui.widgets import Button, TextDialog
from games.backgammon.ui.cube_turns import CubeTurns

log = logging.getLogger(__name__)

ANIM_S = 0.35
ROLL_DELAY_S = 0.7
HUMAN_VS_AI_PAUSE_S = 0.25
PACE_STEPS = (0.0, 0.1, 0.2, 0.4, 0.6, 1.0, 1.5, 2.0, 3.0)


class PlayScene(DialogHost):
    def __init__(self, app: Any, session: Session, own_position: bool = False) -> None:
        self.app = app
        self.view: BoardView = make_view(session.game)
        self.message = MessageLine()
        self.dialog: Any = None  # a modal: TextDialog, FileChooser or ConfirmDialog
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.rng = random.Random(getattr(app, "seed", None))
        self.show_values = bool(app.settings.show_values)
        self.paused = False
        self.help_open = False
        self.knowledge = Knowledge()
        self.jobs = AiJobs(lambda: self.app.worker, lambda: self.app.has_worker,
                           on_cancel=self.knowledge.stopped)
        self.pending: tuple[Job, Move] | None = None
        self.cube_turns = CubeTurns(self)
        self._set_session(session, own_position)
        self.files = GameFiles(self)
        self.ai = AiTurns(self)
        self.commands = Commands(play_commands(self))
        if any(not s.is_human for s in session.seats):
            try:
                _ = self.app.worker  # start the worker process now, not on the AI's first turn
            except Exception as exc:  # noqa: BLE001
                self.show_message(f"AI unavailable: {exc}", True)

    @property
    def job(self) -> Job | None:
        """The one search the screen still waits for (None when idle)."""
        return self.jobs.current

    # ---- session changes -----------------------------------------------------------------
    def _set_session(self, session: Session, own_position: bool = False) -> None:
        self.jobs.cancel()
        self.session = session
        #: The game began from a position the player pasted or loaded: leaving it asks first.
        self.own_position = own_position
        self.game = session.game
        self.knowledge.clear()
        self.words = PanelText(self.game, self._fmt_move)
        self.record = MoveRecord(self.view.record_text, self.view.record_side)
        self.moves_view = MoveListView(self.record, self.view.record_sample)
        self._position_changed(animate=False)

    def _last_decision(self) -> tuple[State, Move] | None:
        for state, move in reversed(self.session.history_since(self.session.ply - 3)):
            if state.current_player() in (0, 1):
                return state, move
        return None

    def position_changed(self, animate: bool = True) -> None:
        """The shown position (or the cube beside it) changed: see ``_position_changed``."""
        self._position_changed(animate)

    def _position_changed(self, animate: bool = True) -> None:
        """Everything that must happen whenever the shown position changes."""
        cur = self.session.current
        job = self.jobs.current
        if job is not None and job.state is not cur:
            self.jobs.cancel()
        self.pending = None
        self.knowledge.show(cur, self._last_decision())
        self.cube_turns.record_result()
        last = self.session.history_since(self.session.ply - 1)
        self.prev_state, self.last_move = last[-1] if last else (None, None)
        self.record.sync(self.session)
        self.moves_view.caption = self.view.record_caption(self.session.start,
                                                           self.session.moves)
        self.moves_view.to_end()
        now = self.app.now
        anim = ANIM_S if (animate and self.app.settings.animations) else 0.0
        self.anim_start, self.anim_len = now, anim
        both_ai = all(not s.is_human for s in self.session.seats)
        pace = self.app.settings.ai_delay_s if both_ai else HUMAN_VS_AI_PAUSE_S
        self.ai_apply_at = now + anim + pace
        self.ai_submit_at = now + (anim + pace if both_ai else 0.0)
        self.roll_at = now + anim + ROLL_DELAY_S
        try:
            self.view.reset_interaction()
        except Exception as exc:  # noqa: BLE001
            self.view_error(exc)
        self._over_announced = False

    @property
    def in_progress(self) -> bool:
        """A game someone would mind losing, not over: moves played (not just dice), or a
        position the player brought (pasted or loaded), even before its first move."""
        return (len(self.record) > 0 or self.own_position) and not self.session.is_over

    @property
    def moves_text(self) -> str:
        """"1 move", "12 moves": the moves of the move list (a dice roll is not a move)."""
        n = len(self.record)
        return f"{n} move" if n == 1 else f"{n} moves"

    # ---- layout --------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        layout_play_screen(self, rect)

    def refresh_buttons(self) -> None:
        """Mirror the match in the buttons, so AI moves, dice and new layouts can never leave a
        button looking usable when pressing it would do nothing."""
        for b in self.buttons:
            command = b.command  # type: ignore[attr-defined]
            b.enabled = command.enabled()
            b.active = command.active()

    # ---- helpers -------------------------------------------------------------------------
    def show_message(self, text: str, error: bool = False) -> None:
        self.message.show(text, error, self.app.now)

    def view_error(self, exc: BaseException) -> None:
        log.exception("board view error", exc_info=exc)
        self.show_message(f"Board error: {error_line(exc)}", True)

    def _fmt_move(self, state: State, move: Move) -> str:
        try:
            return self.session.format_move_text(state, move)
        except Exception:  # noqa: BLE001 - a label must never break the frame
            return str(move)

    @property
    def anim_t(self) -> float:
        if self.anim_len <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.app.now - self.anim_start) / self.anim_len))

    def deciding_side(self) -> int | None:
        """The side whose decision the game waits for (a move, or a cube decision before the
        roll), None while dice roll by themselves or after the end."""
        player = self.session.current.current_player()
        if player in (0, 1) and not self.session.is_over:
            return player
        return self.cube_turns.deciding_side()

    def is_human_turn(self) -> bool:
        return self.session.is_human_turn and self.dialog is None

    def context(self) -> ViewContext:
        values = self.knowledge.board_values() if self.show_values else None
        mover = self.session.current.current_player()
        labels = None
        if values:
            exact = self.knowledge.values_exact()
            labels = {m: value_text(self.game.id, v, exact=exact).short
                      for m, v in values.items()}
        return ViewContext(
            last_move=self.last_move,
            previous_state=self.prev_state,
            anim_t=self.anim_t,
            interactive=self.is_human_turn() and self.pending is None,
            move_values=values,
            value_labels=labels,
            values_for=self.game.player_names[mover] if mover in (0, 1) else "",
            highlight_move=self.knowledge.highlight(),
            extra={"human_sides": tuple(i for i, s in enumerate(self.session.seats)
                                        if s.is_human),
                   "cube": self.session.cube},
        )

    # ---- the AI --------------------------------------------------------------------------
    def ai_to_move(self) -> bool:
        seat = self.session.seat_to_move()
        return seat is not None and not seat.is_human and not self.paused

    # ---- commands -------------------------------------------------------------------------
    def play_move(self, move: Move) -> bool:
        """Play a player's move on the board; one that is not legal now (none is at a roll,
        while a double waits or after the end) is refused with a message and a log line."""
        state = self.session.current
        try:
            why_not = self.why_no_move_now()
            if why_not is not None:
                raise IllegalMoveError(f"no move is due now: {why_not}")
            if move not in state.legal_moves():
                raise IllegalMoveError(self._fmt_move(state, move))
            self.session.play(move)
        except ValueError as exc:
            log.warning("refused move %r: %s", move, exc)
            self.show_message(f"Illegal move: {error_line(exc)}", True)
            return False
        self.app.play_click()
        self._position_changed()
        return True

    def why_no_move_now(self) -> str | None:
        """Why no player may move on the board now (None: the side to move may)."""
        s = self.session
        if s.is_over:
            return "the game is over"
        cube = s.cube
        if cube is not None and cube.offered_by is not None:
            return "a double waits for its answer"
        if s.current.current_player() not in (0, 1):
            return "the dice are to be rolled"
        return None

    def can_hint(self) -> bool:
        return self.session.is_human_turn and self.session.current.current_player() in (0, 1)

    def why_no_hint(self) -> str:
        if self.session.is_over:
            return "The game is over — N for a new game"
        if self.cube_turns.waiting_for_human():
            return "Hints are for checker play: this is a cube decision (the panel advises)"
        return "Hints are for your own turn"

    def hint(self) -> None:
        if not self.can_hint():
            self.show_message(self.why_no_hint())
            return
        self.ai.hint()

    def move_now(self) -> None:
        """Cut the AI's turn short: stop its search and play the best move found so far, or
        skip the AI-vs-AI pause (which comes before the search) and search at once."""
        if not self.ai_to_move():
            self.show_message("It is not the AI's turn")
            return
        if self.jobs.running(Purpose.MOVE):
            self.jobs.hurry()  # the job still ends with its final reply and best move
        cube = self.session.cube
        if cube is not None and cube.offered_by is not None:
            self.cube_turns.hurry()
        self.ai_submit_at = self.ai_apply_at = self.app.now

    def toggle_values(self) -> None:
        self.show_values = not self.show_values
        self.app.settings.show_values = self.show_values

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        if not self.paused:
            self.ai_submit_at = min(self.ai_submit_at, self.app.now)

    def toggle_help(self) -> None:
        self.help_open = not self.help_open

    def change_pace(self, direction: int) -> None:
        cur = self.app.settings.ai_delay_s
        idx = min(range(len(PACE_STEPS)), key=lambda i: abs(PACE_STEPS[i] - cur))
        idx = max(0, min(len(PACE_STEPS) - 1, idx + direction))
        self.app.settings.ai_delay_s = PACE_STEPS[idx]
        self.show_message(f"AI vs AI pause: {PACE_STEPS[idx]:.1f} s between moves")

    def can_undo(self) -> bool:
        """Something to take back: a checker of the turn being built, or a move (against the
        AI: a move of a human player, since undo returns to the human's own decision)."""
        if self.view.has_partial_move():
            return True
        if any(seat.is_human for seat in self.session.seats):
            humans = {i for i, seat in enumerate(self.session.seats) if seat.is_human}
            return any(entry.side in humans for entry in self.record.entries)
        return self.session.can_undo

    def undo(self) -> None:
        if self.is_human_turn() and self.view.undo_partial_move():
            self.show_message("Took back the last checker")
            return
        self.jobs.cancel()
        s = self.session
        if not s.can_undo:
            self.show_message("Nothing to undo")
            return
        if any(seat.is_human for seat in s.seats):
            if s.undo_to_human() == 0:
                self.show_message("Nothing of yours to undo yet")
                return
        else:
            s.undo()
            while s.current.current_player() == CHANCE and s.can_undo:
                s.undo()
            self.paused = True
            self.show_message("Undone; paused — Space resumes")
        self._position_changed(animate=False)

    def redo(self) -> None:
        self.jobs.cancel()
        s = self.session
        if not s.can_redo:
            self.show_message("Nothing to redo")
            return
        s.redo()
        while s.can_redo and not s.is_human_turn and not s.is_over:
            s.redo()
        if all(not seat.is_human for seat in s.seats):
            self.paused = True
        self._position_changed(animate=False)

    def _ask(self, question: str, action: Any) -> None:
        """Run ``action`` at once, or after a yes when it would end a game in progress."""
        if not self.in_progress:
            action()
            return
        self.open_dialog(ConfirmDialog(
            question, f"The game in progress ({self.moves_text}) will be lost. "
            "Esc keeps playing it.", action))

    def ask_new_game(self) -> None:
        self._ask("Start a new game?", self.new_game)

    def ask_load(self) -> None:
        self._ask("Load another game?", self.files.open_load_dialog)

    def ask_paste(self) -> None:
        self._ask("Replace this game with the pasted position?", self.files.paste_position)

    def fresh_cube(self) -> Any:
        """A new game's cube: centred at 1 with this game's rule, or None if cubeless."""
        start = self.session.start_cube
        return None if start is None else type(start)(jacoby=start.jacoby)

    def new_game(self) -> None:
        s = self.session
        try:
            fresh = Session(s.game_id, s.options | self.view.new_game_options(s.start), s.seats,
                            cube=self.fresh_cube())
        except ValueError as exc:
            self.show_message(str(exc), True)
            return
        self.paused = False
        self._set_session(fresh)
        self.show_message("New game")

    def to_menu(self) -> None:
        """Back to the start screen; a game in progress waits there to be resumed."""
        from game.ui.scenes.menu import MenuScene

        self.app.suspended = self if self.in_progress else None
        self.app.switch(MenuScene(self.app))

    def resume(self) -> None:
        """Back from the menu: carry on where the game was left (searches start afresh)."""
        self.dialog = None
        self._position_changed(animate=False)
        self.show_message("Game resumed")

    def on_exit(self) -> None:
        self.jobs.cancel()

    def replace_session(self, session: Session, message: str) -> None:
        """Play ``session`` instead (loaded or pasted): here, or on a new screen for another
        game. The caller has asked first if a game was in progress."""
        if session.game_id != self.game.id or (
                (session.start_cube is None) != (self.session.start_cube is None)):
            # Another game, or with the cube where there was none (its commands): a new screen.
            screen = PlayScene(self.app, session, own_position=True)
            self.app.switch(screen)
            screen.show_message(message)
            return
        self._set_session(session, own_position=True)
        self.paused = False
        self.show_message(message)

    def open_text_dialog(self, title: str, prompt: str, text: str, ok: Any) -> None:
        self.open_dialog(TextDialog(title, prompt, text, ok))

    # ---- events ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        handle_play_event(self, event)

    def run_command(self, command: Any) -> None:
        """Run a command from a key or a button, or say why it cannot run now."""
        if not command.enabled():
            reason = command.why_not()
            if reason:
                self.show_message(reason)
            return
        command.action()
        self.refresh_buttons()

    # ---- per frame ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.ai.poll()
        if self.dialog is not None:
            return
        s = self.session
        now = self.app.now
        player = s.current.current_player()
        if s.is_over:  # the last move, or a dropped double
            if not self._over_announced:
                self._over_announced = True
                self.jobs.cancel()
            return
        if self.paused or self.cube_turns.step(now):
            return
        if player == CHANCE:
            if now >= self.roll_at:
                self.roll_dice()
            return
        seat = s.seat_to_move()
        if seat is not None:
            self.ai.step(seat, now)

    def roll_dice(self) -> None:
        self.session.roll(self.rng)
        self._position_changed()

    def next_frame_in(self) -> float | None:
        """Seconds until the screen must be drawn again though nothing happens (0: keep
        drawing at full rate; None: only when an event comes)."""
        now = self.app.now
        if self.jobs.busy or self.anim_t < 1.0:
            return 0.0
        waits = []
        if self.dialog is not None:
            waits.append(0.5)  # the text cursor blinks
        elif not self.paused and not self.session.is_over:
            player = self.session.current.current_player()
            wake = self.cube_turns.wake_at()
            if wake is not None:
                if wake < float("inf"):
                    waits.append(wake - now)
            elif player == CHANCE:
                waits.append(self.roll_at - now)
            elif self.ai_to_move():
                waits.append((self.ai_apply_at if self.pending else self.ai_submit_at) - now)
            elif self.ai.values_wanted():
                waits.append(0.0)
        if self.message.visible(now):
            waits.append(self.message.until - now)
        return max(0.0, min(waits)) if waits else None

    def draw(self, surface: pygame.Surface) -> None:
        draw_play_screen(self, surface)

    def panel_lines(self) -> list[PanelLine]:
        return panel_lines(self.words, self.knowledge, show_values=self.show_values,
                           belief=self.belief_lines())

    def belief_lines(self) -> list[PanelLine]:
        """What the game's evaluator believes about the shown position (backgammon's network:
        chances and candidate equities); computed once per position."""
        if self.game.id != "backgammon":
            return []
        from games.backgammon.ui.insight import insight, insight_panel_lines

        state, cube = self.session.current, self.session.cube
        money = self.cube_turns.score_lines()
        if self.session.is_over:  # over by a dropped double too: nothing left to believe
            return money
        info = self.knowledge.believed((state.key(), cube),
                                       lambda: insight(state, cube, max_moves=4))
        belief = insight_panel_lines(info)
        return [*money, PanelLine("", "rule"), *belief] if money and belief else money + belief

    def turn_text(self) -> str:
        s = self.session
        player = s.current.current_player()
        if s.is_over:
            return s.result_text or "Game over"
        cube_text = self.cube_turns.turn_text()
        if cube_text:
            return cube_text
        if player == CHANCE:
            turn = "Rolling the dice…" if not self.paused else "Dice to roll (paused)"
            number = self.record.next_number(1)  # the turn in progress, or the next one
        else:
            turn = f"{self.game.player_names[player]} to move — {describe_seat(s.seats[player])}"
            if self.paused:
                turn += "  (paused)"
            number = self.record.next_number(player)
        # The move list's own turn number: "Move 3" is the row "3." the move will go on.
        return f"Move {number}   {turn}"

    def turn_max_width(self) -> int:
        """All of the top bar right of the game's name (the turn line or the result banner)."""
        return self.banner_rect.width
