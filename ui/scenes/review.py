"""The review screen: a game's every decision weighed, a chart of the evaluation over the
game, and the board at any decision with the move played and the better one.

The review itself (the analysis job, the selection, the line) is ``play.review.ReviewModel``;
this screen draws it (``review_draw``, ``review_layout``, ``review_chart``), turns keys and
clicks into its commands (``review_commands``; none of these parts imports this screen, each
names what it uses of it) and hands a finished analysis back to the
screen that opened it (``on_review``), so a save from there carries it and the next visit
shows it without searching. Esc goes back to that screen, as the lab does.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core import Move, error_line
from game.review import GameReview
from game.review_read import summary_line
from game.session import Session
from play.jobs import JobRunner
from play.review import ReviewModel, play_on_session
from ui.boards.base import BoardView, ViewContext
from ui.commands import Command, Commands
from ui.host import Host, OnReview, Scene
from ui.kit import make_view
from ui.movelist import MoveRecord
from ui.review_chart import ChartGeometry
from ui.scenes.common import Dialog, DialogHost, MessageLine
from ui.scenes.confirm import ConfirmDialog
from ui.scenes.play_commands import HelpOverlay
from ui.scenes.play_files import GameFiles
from ui.scenes.review_commands import review_commands
from ui.scenes.review_draw import draw_review_screen
from ui.scenes.review_layout import ReviewLayout, layout_review_screen
from ui.scenes.review_moves import ReviewMoveList
from ui.value_text import value_text


class ReviewScene(DialogHost):
    def __init__(self, app: Host, session: Session, review: GameReview | None = None,
                 back: Scene | None = None, on_review: OnReview | None = None) -> None:
        self.app = app
        self.back = back
        self.on_review = on_review
        self.message = MessageLine()
        self.dialog: Dialog | None = None
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.help = HelpOverlay()
        self.view: BoardView = make_view(session.kit)
        self.jobs = JobRunner(lambda: app.worker, lambda: app.has_worker)
        self.model = ReviewModel(session, self.jobs, review)
        self.files = GameFiles(self)
        self.files.keep_review(session, review)
        self._handed: GameReview | None = review
        # The game's moves as the play screen's list records them: the list, the top bar,
        # the panel and the chart number a decision by its turn, as the play screen does.
        record = MoveRecord(self.view.record_text, self.view.record_side)
        record.sync(session)
        self.moves = ReviewMoveList(record)
        #: The chart as last drawn (None before the review arrives): what a click reads.
        self.chart: ChartGeometry | None = None
        self.commands = Commands(review_commands(self))
        self.geometry = ReviewLayout.empty()
        if review is None:
            self.analyse()
        elif review.notes:  # what reading the saved analysis left out
            self.show_message(summary_line(list(review.notes)), error=True)

    @property
    def session(self) -> Session:
        return self.model.session

    @property
    def now(self) -> float:
        """The app's clock (virtual seconds): messages and the best line's steps."""
        return self.app.now

    # ---- commands --------------------------------------------------------------------------
    def analyse(self) -> None:
        """Analyse the game in the worker with the search chosen (+ / -)."""
        self.model.start()
        self._take_notices()

    def go_back(self) -> None:
        """Back to the screen that opened the review (else a play screen of the game)."""
        if self.back is not None:
            self.app.switch(self.back)
        else:
            self.app.open_play(self.session)

    def play_on(self) -> None:
        """A new game from the selected position against the AI, after a yes when the
        reviewed game is not over (the screen it came from is left)."""
        row = self.model.row
        if row is None:
            return
        try:
            session = play_on_session(self.session, row)
        except ValueError as exc:
            self.show_message(f"Cannot play on: {error_line(exc)}", True)
            return
        text = f"Playing on from the review's move {row.ply}: you are {row.player}"

        def go() -> None:
            self.app.open_play(session, own_position=True, message=text)

        if self.session.is_over:
            go()
            return
        self.open_dialog(ConfirmDialog(
            f"Play on from move {row.ply}?", "The game in progress is left (Ctrl+S saves it "
            "first). Esc stays here.", go, yes="Play on", no="Stay"))

    def run_command(self, command: Command) -> None:
        if command.run(self.show_message):
            self._after_input()

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.show(text, error, self.app.now)

    def ask(self, question: str, action: Callable[[], object]) -> None:
        """Nothing on this screen is lost by loading: run at once (the files' protocol)."""
        action()

    def _take_notices(self) -> None:
        for notice in self.model.notices:
            self.show_message(notice.text, notice.error)
        self.model.notices.clear()

    def _after_input(self) -> None:
        self._take_notices()
        if self.model.rows:
            self.moves.set_rows(self.model.rows)
            self.moves.follow(self.model.selected)

    # ---- the frame -------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.geometry = layout_review_screen(self.commands, rect)
        if self.dialog:
            self.dialog.layout(rect)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog_takes(event):
            return
        if event.type == pygame.KEYDOWN:
            command = self.commands.for_event(event)
            if command is not None:
                self.run_command(command)
            return
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.geometry.moves_rect.collidepoint(pos):
                self.moves.scroll(-int(event.y))
            elif self.geometry.chart_rect.collidepoint(pos) and self.model.rows:
                self.model.step(-int(event.y))
                self._after_input()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._click(event.pos)

    def _click(self, pos: tuple[int, int]) -> None:
        if self.help.open:
            self.help.close()
            return
        for b in self.geometry.buttons:
            if b.rect.collidepoint(pos):
                self.run_command(b.command)
                return
        index = self.chart.index_at(pos, slack=8) if self.chart is not None else None
        if index is None and self.geometry.moves_rect.collidepoint(pos):
            index = self.moves.index_at(pos)
        if index is not None:
            self.model.select(index)
            self._after_input()

    def update(self, dt: float) -> None:
        self.model.poll()
        self.model.tick(self.app.now)
        review = self.model.review
        if review is not None and review is not self._handed:
            self._handed = review
            self.files.keep_review(self.session, review)
            if self.on_review is not None:
                self.on_review(self.session, review)
            self._after_input()
        self._take_notices()

    def next_frame_in(self) -> float | None:
        now = self.app.now
        # While the line moves too: an idle frame's time is capped (App.step_calm), so a
        # timer left to idle frames would run slow.
        if self.model.running or self.model.line_due_in(now) is not None:
            return 0.0
        waits = [0.5] if self.dialog is not None else []
        if self.message.visible(now):
            waits.append(self.message.until - now)
        return max(0.0, min(waits)) if waits else None

    def draw(self, surface: pygame.Surface) -> None:
        self.chart = draw_review_screen(self, surface)

    def on_exit(self) -> None:
        """No analysis goes on for a screen no longer shown."""
        self.jobs.cancel()

    def context(self) -> ViewContext:
        """The board's marks: the ring (the hint's highlight) on the best move, and the move
        played and the best with their values (the mover's view), as the play screen shows
        move values (in the board's room: the game's own short form; the panel and the
        line under the board write them as finely as the loss)."""
        shown, row = self.model.shown(), self.model.row
        values: dict[Move, float] = {}
        labels: dict[Move, str] = {}
        if shown is not None and row is not None:
            for move, value in ((shown.best, shown.best_value),
                                (shown.played, shown.played_value)):
                if move is not None and value is not None:
                    values[move] = value
                    labels[move] = value_text(self.session.kit, value, exact=row.exact).short
        seats = self.session.seats
        return ViewContext(
            last_move=shown.last_move if shown is not None else None,
            previous_state=shown.previous if shown is not None else None,
            anim_t=1.0,
            interactive=False,
            move_values=values or None,
            value_labels=labels or None,
            values_for=row.player if row is not None else "",
            highlight_move=shown.best if shown is not None else None,
            extra={"human_sides": tuple(i for i, s in enumerate(seats) if s.is_human),
                   "stakes": shown.stakes if shown is not None else self.session.stakes,
                   "kit": self.session.kit},
        )
