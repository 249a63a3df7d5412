"""The play screen: it draws a match (play.controller.MatchController) and turns clicks and
keys into the match's commands.

The match owns the session, the AI's jobs and what the AI knows; the screen owns only what is
the screen's: the board view, the move list, the message line, the layout, dialogs and the
list of keys. It turns events into commands and moves itself; its parts are in
``play_layout`` (geometry), ``play_draw`` (drawing), ``play_commands`` (every command, defined
once) and ``play_files``, each told only what it uses (plain values or a small Protocol of its
own), so none of them imports this screen. The match tells the screen what happened through
events, drained once a frame (``_take_events``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pygame

from game.core import CHANCE, Move, error_line
from game.review import GameReview
from game.session import Session
from play.controller import MatchController
from play.events import MovePlayed, Notice, PositionShown
from play.jobs import JobRunner
from play.ponder import can_ponder
from play.turns import Pace
from ui.boards.base import BoardView, ViewContext
from ui.commands import Command, Commands
from ui.host import Host
from ui.kit import make_view
from ui.movelist import MoveListView, MoveRecord
from ui.panel import PanelText
from ui.scenes.common import Dialog, DialogHost, MessageLine
from ui.scenes.confirm import ConfirmDialog
from ui.scenes.play_banner import result_line
from ui.scenes.play_commands import HelpOverlay, pace_step, play_commands
from ui.scenes.play_draw import Animation, draw_play_screen, turn_line
from ui.scenes.play_files import GameFiles
from ui.scenes.play_layout import PlayLayout, layout_play_screen
from ui.value_text import value_text

log = logging.getLogger(__name__)

#: A move's animation on the board (seconds), when animations are on.
ANIM_S = 0.35


class PlayScene(DialogHost):
    def __init__(self, app: Host, session: Session, own_position: bool = False) -> None:
        self.app = app
        self.message = MessageLine()
        self.dialog: Dialog | None = None
        self.rect = pygame.Rect(0, 0, 800, 600)  # the window, for dialogs (DialogHost)
        self.help = HelpOverlay()
        self.anim = Animation()
        self.view: BoardView = make_view(session.kit)
        self.record = MoveRecord(self.view.record_text, self.view.record_side)
        self.moves_view = MoveListView(self.record, self.view.record_sample)
        self.words = PanelText(session.kit, session.format_move_text)
        settings = app.settings
        jobs = JobRunner(lambda: app.worker, lambda: app.has_worker)
        self.match = MatchController(
            session, jobs, clock=lambda: app.now, seed=getattr(app, "seed", None),
            # self.view exists before the match is made, so before the pace is first asked
            pace=lambda: Pace((self.view.animation_s or ANIM_S) if settings.animations else 0.0,
                              settings.ai_delay_s),
            own_position=own_position, show_values=bool(settings.show_values))
        self.match.ai.set_pondering(bool(settings.ponder))
        self.files = GameFiles(self)
        self.commands = Commands(play_commands(self))
        self.geometry = PlayLayout.empty()
        #: The position last shown was a finished game (its end clears the message line).
        self._shown_over = False
        self._take_events()
        if any(not s.is_human for s in session.seats):
            try:
                _ = app.worker  # start the worker process now, not on the AI's first turn
            except (OSError, RuntimeError, ValueError) as exc:
                self.show_message(f"AI unavailable: {error_line(exc)}", True)

    @property
    def session(self) -> Session:
        return self.match.session

    @property
    def now(self) -> float:
        """The app's clock (virtual seconds): messages, animations and the AI's pace."""
        return self.app.now

    # ---- what the match says ------------------------------------------------------------------
    def _take_events(self) -> None:
        """Follow the match: redraw and animate a new position, click for a move, show a
        notice. The only place the screen learns what changed."""
        for event in self.match.drain():
            if isinstance(event, PositionShown):
                session = self.match.session
                if session.is_over and not self._shown_over:
                    # What was said before the end ("Heap 2 is empty", "The dice roll by
                    # themselves now") is about a game that is no longer going on; the
                    # notices of the end itself come after this event.
                    self.message.clear()
                self._shown_over = session.is_over
                if self.words.game is not session.game:
                    self.words = PanelText(session.kit, session.format_move_text)
                self.record.sync(session)
                self.moves_view.caption = self.view.record_caption(session.start,
                                                                   session.moves)
                self.moves_view.footer = session.forfeit[1] if session.forfeit else ""
                self.moves_view.to_end()
                self.anim.start(self.app.now, self.match.pace().animation_s
                                if event.animate else 0.0)
                try:
                    self.view.reset_interaction()
                except Exception as exc:  # noqa: BLE001 - a view bug is a message, not a crash
                    self._view_error(exc)
            elif isinstance(event, MovePlayed):
                self.app.play_click()
            elif isinstance(event, Notice):
                self.show_message(event.text, event.error)
        self._fit_banner()

    def _fit_banner(self) -> None:
        """Lay the screen out again when the game ends or is taken back out of its end: the
        top bar is sized for the result it shows."""
        laid_out = self.geometry.rect.width > 0
        wanted = result_line(self.session) if self.session.is_over else None
        if laid_out and wanted != self.geometry.banner_text:
            self.layout(self.rect)

    def _view_error(self, exc: BaseException) -> None:
        log.exception("board view error", exc_info=exc)
        self.show_message(f"Board error: {error_line(exc)}", True)

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.show(text, error, self.app.now)

    # ---- commands --------------------------------------------------------------------------
    def play_move(self, move: Move) -> bool:
        """A move from the board (a human's); refused with a message when it is not due."""
        played = self.match.play_move(move)
        self._take_events()
        return played

    def run_command(self, command: Command) -> None:
        """Run a command from a key or a button, or say why it cannot run now."""
        if command.run(self.show_message):
            self._take_events()

    def ask(self, question: str, action: Callable[[], object]) -> None:
        """Run ``action`` at once, or after a yes when it would end a game in progress."""
        if not self.match.in_progress:
            action()
            return
        moves = len(self.record)
        self.open_dialog(ConfirmDialog(
            question, f"The game in progress ({moves} move{'' if moves == 1 else 's'}) will "
            "be lost. Esc keeps playing it.", action))

    def replace_session(self, session: Session, message: str,
                        review: GameReview | None = None) -> None:
        """Play ``session`` instead (loaded or pasted, with the analysis its save carried):
        here, or on a new screen for another game or stakes (its board and commands differ).
        The caller has asked first if a game was in progress."""
        if session.game_id != self.session.game_id or (
                (session.start_stakes is None) != (self.session.start_stakes is None)):
            screen = PlayScene(self.app, session, own_position=True)
            screen.files.keep_review(session, review)
            self.app.switch(screen)
            screen.show_message(message)
            return
        self.match.set_session(session, own_position=True)
        self.files.keep_review(session, review)
        self.match.resume()
        self.layout(self.rect)  # its seats may differ: Pause is a button only for two AIs
        self._take_events()
        self.show_message(message)

    def toggle_values(self) -> None:
        """Values on the board on or off, remembered in the settings."""
        on = not self.match.show_values
        self.match.set_show_values(on)
        self.app.settings.update(show_values=on)

    def toggle_ponder(self) -> None:
        """Pondering on or off, remembered in the settings; says whether this match's AI
        can."""
        on = not self.match.ponder.enabled
        self.match.ai.set_pondering(on)
        self.app.settings.update(ponder=on)
        if not on:
            self.show_message("Pondering off: the AI thinks on its own time only")
        elif can_ponder(self.session):
            self.show_message("Pondering on: the AI searches its next turn while you think")
        else:
            self.show_message("Pondering on — but no AI here searches by time (Master does)")

    def change_pace(self, direction: int) -> None:
        """One step slower (+1) or faster (-1) between two AIs' moves, remembered."""
        pause = pace_step(self.app.settings.ai_delay_s, direction)
        self.app.settings.update(ai_delay_s=pause)
        self.show_message(f"AI vs AI pause: {pause:.1f} s between moves")

    def open_review(self) -> None:
        """The review of the game on screen: its analysis when it has one (loaded with the
        game, or made before), else a new analysis; a finished analysis comes back here."""
        self.app.open_review(self.session, self.files.review(),
                             on_review=self.files.keep_review)

    def open_lab(self, view: str) -> None:
        """The lab's ``view`` on the position on screen."""
        self.app.open_lab(self.session, self.session.kit, view)

    def to_menu(self) -> None:
        """Back to the start screen; a game in progress waits there to be resumed."""
        self.app.open_menu(suspend=self if self.match.in_progress else None)

    def resume(self) -> None:
        """Back from the menu: carry on where the game was left (searches start afresh)."""
        self.dialog = None
        self.match.position_changed(animate=False)
        self._take_events()
        self.show_message("Game resumed")

    def on_exit(self) -> None:
        self.match.stop()

    # ---- the frame -------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.geometry = layout_play_screen(self.session, self.commands, rect)
        if self.dialog:
            self.dialog.layout(rect)

    def handle_event(self, event: pygame.event.Event) -> None:
        self._take_events()  # what happened before this event shows before its answer
        self._route(event)
        self._take_events()

    def _route(self, event: pygame.event.Event) -> None:
        """A modal dialog takes everything; then keys go to the commands, the wheel to the
        move list, a click to the keys' list (closing it), a button, or the board."""
        if self.dialog_takes(event):
            return
        if event.type == pygame.KEYDOWN:
            if self.help.open and event.key == pygame.K_ESCAPE:
                self.help.close()
            elif (command := self.commands.for_event(event)) is not None:
                self.run_command(command)
            return
        if event.type == pygame.MOUSEWHEEL:
            self.moves_view.handle_wheel(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.help.open:
            self.help.close()
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            for b in self.geometry.buttons:
                if b.rect.collidepoint(event.pos):
                    self.run_command(b.command)
                    return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self._board_event(event)

    def _board_event(self, event: pygame.event.Event) -> None:
        """The board gets a click only when a human may move; otherwise the click is
        answered with why not (game over, the AI thinking, dice rolling), never lost."""
        board_rect = self.geometry.board_rect
        if event.type == pygame.MOUSEBUTTONDOWN and not board_rect.collidepoint(event.pos):
            return
        ctx = self.context()
        if event.type == pygame.MOUSEBUTTONDOWN and not ctx.interactive:
            if self.session.is_over:
                self.show_message(f"{self.session.result_text} — N for a new game")
            elif self.match.ai.thinking():
                self.show_message("The AI is thinking — U to undo, Space to pause")
            elif self.match.programs.thinking(self.session) is not None:
                self.show_message("The program is thinking — U to undo, Space to pause")
            elif self.session.current.current_player() == CHANCE:
                self.show_message("The dice are being rolled")
            return
        if not ctx.interactive:
            return
        try:
            move = self.view.handle_event(event, board_rect, self.session.current, ctx)
            reason = self.view.refusal if move is None else None
        except Exception as exc:  # noqa: BLE001 - a view bug is a message, not a crash
            self.show_message(f"Board error: {exc}", True)
            return
        if reason:
            self.show_message(reason)
        if move is not None:
            self.play_move(move)

    def update(self, dt: float) -> None:
        if self.dialog is None:
            self.match.step(self.app.now)
        self._take_events()

    def next_frame_in(self) -> float | None:
        """Seconds until the screen must be drawn again though nothing happens (0: keep
        drawing at full rate; None: only when an event comes)."""
        now = self.app.now
        if self.anim.t(now) < 1.0:
            return 0.0  # a running search asks for its frames through the match's wake_in
        waits = [0.5] if self.dialog is not None else []  # the text cursor blinks
        wake = None if self.dialog is not None else self.match.wake_in(now)
        if wake is not None:
            waits.append(wake)
        if self.message.visible(now):
            waits.append(self.message.until - now)
        return max(0.0, min(waits)) if waits else None

    def draw(self, surface: pygame.Surface) -> None:
        draw_play_screen(self, surface)

    def context(self) -> ViewContext:
        match = self.match
        values = match.knowledge.board_values() if match.show_values else None
        mover = match.session.current.current_player()
        game = match.session.game
        labels = None
        if values:
            exact = match.knowledge.values_exact()
            labels = {m: value_text(match.session.kit, v, exact=exact).short
                      for m, v in values.items()}
        last = match.session.history_since(match.session.ply - 1)
        previous, last_move = last[-1] if last else (None, None)
        return ViewContext(
            last_move=last_move,
            previous_state=previous,
            anim_t=self.anim.t(self.app.now),
            interactive=(match.session.is_human_turn and self.dialog is None
                         and match.ai.pending is None),
            move_values=values,
            value_labels=labels,
            values_for=game.player_names[mover] if mover in (0, 1) else "",
            highlight_move=match.knowledge.highlight(),
            extra={"human_sides": tuple(i for i, s in enumerate(match.session.seats)
                                        if s.is_human),
                   "stakes": match.session.stakes,
                   "kit": match.session.kit},
        )

    def turn_text(self) -> str:
        return turn_line(self)
