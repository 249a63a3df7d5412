"""The play screen: board, the AI's live search panel, and every in-game command.

The scene owns the Session (the match) and talks to the AI only through the worker: it submits a
job, polls replies once per frame, and drops every reply whose job id is not the current one.
Any change of position (a move, undo, redo, new game, paste, load) cancels the running job first,
so the AI can never play a move computed for a position that is no longer on the board.
"""

from __future__ import annotations

import logging
import os
import random
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame

from game import session as session_mod
from game.core import CHANCE, TERMINAL, Move, State
from game.session import Seat, Session
from game.ui import theme, widgets
from game.ui.assets import font
from game.ui.boards.base import BoardView, ViewContext
from game.ui.boards.registry import make_view
from game.ui.panel import ThinkInfo, draw_panel
from game.ui.scenes.common import MessageLine, draw_background
from game.ui.settings import Settings
from game.ui.widgets import Button, TextDialog, draw_text, wrap_text

log = logging.getLogger(__name__)

ANIM_S = 0.35
ROLL_DELAY_S = 0.7
HUMAN_VS_AI_PAUSE_S = 0.25
#: Safety cap for hand-picked searches (the demo seat) so a deep minimax cannot run forever.
CUSTOM_TIME_CAP_S = 30.0
PACE_STEPS = (0.0, 0.1, 0.2, 0.4, 0.6, 1.0, 1.5, 2.0, 3.0)


# ---- building a match -----------------------------------------------------------------------
def seat_from_setting(setting: Any) -> Seat:
    if setting.kind == "level":
        return Seat.ai_level(setting.level)
    if setting.kind == "custom":
        return Seat.ai(setting.algorithm, depth=int(setting.depth))
    return Seat.human()


def build_session(settings: Settings) -> Session:
    """The match the start screen describes; ValueError with a readable line if impossible."""
    options: dict[str, Any] = {}
    if settings.game == "nim":
        from game.ui.scenes.menu import parse_heaps

        options = {"heaps": parse_heaps(settings.nim_heaps), "misere": settings.nim_misere,
                   "variant": settings.nim_variant}
        if settings.nim_variant == "nim":
            options["max_take"] = settings.nim_max_take or None
    a, b = (seat_from_setting(s) for s in settings.seats)
    seats = (b, a) if settings.first else (a, b)
    return Session(settings.game, options, seats)


def default_save_path(game_id: str = "game") -> Path:
    """Documents/Kibitz/<game>.kibitz.txt; KIBITZ_SAVE_DIR overrides the folder (tests)."""
    override = os.environ.get("KIBITZ_SAVE_DIR")
    if override:
        return Path(override) / f"{game_id}.kibitz.txt"
    try:
        import platformdirs

        base = Path(platformdirs.user_documents_dir()) / "Kibitz"
    except Exception:  # noqa: BLE001 - no documents folder: fall back to home
        base = Path.home() / "Kibitz"
    return base / f"{game_id}.kibitz.txt"


def load_session_file(path: str | Path) -> Session:
    path = Path(str(path)).expanduser()
    if not str(path).strip() or path.is_dir():
        raise ValueError(f"{path} is not a file")
    session = session_mod.load_file(path)
    for seat in session.seats:
        search_config(session.game_id, seat)  # unknown level names fail here, not mid-game
    return session


def search_config(game_id: str, seat: Seat, seed: int | None = None) -> Any:
    """The SearchConfig for an AI seat (named level, or the demo's algorithm + depth)."""
    from ai.api import Limits, SearchConfig

    if seat.is_human:
        return None
    if seat.level is not None:
        from ai.levels import get_level

        return get_level(game_id, seat.level).config(game_id, seed)
    from ai.engine import ALGORITHMS

    if seat.algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {seat.algorithm!r}; choose {', '.join(ALGORITHMS)}")
    return SearchConfig(game_id, seat.algorithm,
                        Limits(depth=seat.depth, time_s=seat.time_s or CUSTOM_TIME_CAP_S),
                        seed=seed, exact=False)  # the demo shows the plain algorithm at work


def strongest_config(game_id: str, seed: int | None = None) -> Any:
    """Used for hints and move values: the best level the game has."""
    from ai.levels import LEVELS

    return LEVELS[game_id][-1].config(game_id, seed)


def values_config(game_id: str, seed: int | None = None) -> Any:
    """The strongest search, made to value every move with a full window.

    A normal search only proves the other moves no better than the best (bounds), which would
    show e.g. every tic-tac-toe reply as a draw where all but one lose.
    """
    return replace(strongest_config(game_id, seed), exact_root_values=True)


def describe_seat(seat: Seat) -> str:
    if seat.is_human:
        return "Human"
    if seat.level is not None:
        return f"AI · {seat.level}"
    return f"AI · {seat.algorithm} d{seat.depth}"


@dataclass
class Job:
    id: int
    purpose: str  # "move" | "hint" | "analysis"
    state: State
    config: Any
    submitted: float = field(default_factory=time.perf_counter)


class PlayScene:
    def __init__(self, app: Any, session: Session) -> None:
        self.app = app
        self.view: BoardView = make_view(session.game)
        self.message = MessageLine()
        self.dialog: TextDialog | None = None
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.rng = random.Random(getattr(app, "seed", None))
        self.show_values = bool(app.settings.show_values)
        self.paused = False
        self.stale_replies = 0
        self.cancel_latencies_ms: list[float] = []
        self._cancelled: dict[int, float] = {}
        self.job: Job | None = None
        self._set_session(session)
        if any(not s.is_human for s in session.seats):
            try:
                _ = self.app.worker  # start the worker process now, not on the AI's first turn
            except Exception as exc:  # noqa: BLE001
                self.show_message(f"AI unavailable: {exc}", True)

    # ---- session changes -----------------------------------------------------------------
    def _set_session(self, session: Session) -> None:
        self._cancel_job()
        self.session = session
        self.game = session.game
        self.info = ThinkInfo()  # the AI's latest move search (the panel's main story)
        self.aux_info: ThinkInfo | None = None  # the latest hint / move-values search
        self.job_info = self.info
        self._position_changed(animate=False)

    def _position_changed(self, animate: bool = True) -> None:
        """Everything that must happen whenever the shown position changes."""
        if self.job is not None and self.job.state is not self.session.current:
            self._cancel_job()
        self.pending: tuple[Job, Any] | None = None
        self.hint_move: Move | None = None
        self.values: tuple[State, dict[Move, float]] | None = None
        self.analysed: State | None = None  # the position whose values search has ended
        history = self.session.history
        if history:
            self.prev_state, self.last_move = history[-1]
        else:
            self.prev_state, self.last_move = None, None
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
            self._view_error(exc)
        self._over_announced = False

    def _cancel_job(self) -> None:
        if self.job is not None:
            self._cancelled[self.job.id] = time.perf_counter()
            self.job = None
            self.job_info.thinking = False
            try:
                self.app.worker.cancel()
            except Exception as exc:  # noqa: BLE001
                log.warning("cancel failed: %s", exc)

    # ---- layout --------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        w, h = rect.size
        pad = max(8, min(w, h) // 60)
        self.pad = pad
        panel_w = max(250, min(440, int(w * 0.3)))
        self.top_rect = pygame.Rect(pad, pad, w - panel_w - 3 * pad, max(30, h // 15))
        self.title_size = int(theme.text_size(h) * 1.3)
        title_w = font(self.title_size, True).size(self.game.name)[0]
        left = self.top_rect.x + title_w + 2 * pad
        self.banner_rect = pygame.Rect(left, self.top_rect.y, self.top_rect.right - left,
                                       self.top_rect.height)
        self.panel_rect = pygame.Rect(w - panel_w - pad, pad, panel_w, h - 2 * pad)
        status_h = max(24, h // 24)
        self.board_rect = pygame.Rect(pad, self.top_rect.bottom + pad, self.top_rect.width,
                                      h - self.top_rect.bottom - status_h - 3 * pad)
        self.status_rect = pygame.Rect(pad, self.board_rect.bottom + pad, self.top_rect.width,
                                       status_h)
        # Feedback replaces the status line for a few seconds instead of covering the board.
        self.message_rect = self.status_rect.copy()
        specs = [
            ("Hint  H", self.hint, False),
            ("Values  V", self.toggle_values, self.show_values),
            ("Pause  Spc", self.toggle_pause, self.paused),
            ("Undo  U", self.undo, False),
            ("Redo  R", self.redo, False),
            ("New  N", self.new_game, False),
            ("Slower  −", lambda: self.change_pace(+1), False),
            ("Faster  +", lambda: self.change_pace(-1), False),
            ("Menu  Esc", self.to_menu, False),
            ("Save  ^S", self.open_save_dialog, False),
            ("Load  ^O", self.open_load_dialog, False),
            ("Copy  ^C", self.copy_position, False),
            ("Paste  ^V", self.paste_position, False),
            ("Now!  M", self.move_now, False),
        ]
        cols = 3
        rows = (len(specs) + cols - 1) // cols
        gap = max(4, pad // 2)
        bh = max(26, min(40, h // 22))
        bw = (panel_w - 2 * pad - (cols - 1) * gap) // cols
        top = self.panel_rect.bottom - pad - rows * bh - (rows - 1) * gap
        self.buttons = []
        for i, (text, fn, active) in enumerate(specs):
            b = Button(text, fn, active=active)
            r, c = divmod(i, cols)
            b.rect = pygame.Rect(self.panel_rect.x + pad + c * (bw + gap), top + r * (bh + gap),
                                 bw, bh)
            self.buttons.append(b)
        self.pace_y = top - int(bh * 0.9)
        self._refresh_buttons()
        if self.dialog:
            self.dialog.layout(rect)

    def _refresh_buttons(self) -> None:
        """Mirror the match in the buttons; run every frame, so AI moves, dice and new layouts
        can never leave a button looking usable when pressing it would do nothing."""
        enabled = {
            "Hint": self.session.is_human_turn,
            "Undo": self.session.can_undo,
            "Redo": self.session.can_redo,
            "Now!": self._ai_to_move(),
        }
        active = {"Values": self.show_values, "Pause": self.paused}
        for b in self.buttons:
            name = b.text.split()[0]
            b.enabled = enabled.get(name, True)
            b.active = active.get(name, False)

    # ---- helpers -------------------------------------------------------------------------
    def show_message(self, text: str, error: bool = False) -> None:
        self.message.show(text, error, self.app.now)

    def _view_error(self, exc: BaseException) -> None:
        log.exception("board view error", exc_info=exc)
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        self.show_message(f"Board error: {first}", True)

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

    def _mover_seat(self) -> Seat | None:
        return self.session.seat_to_move()

    def is_human_turn(self) -> bool:
        return self.session.is_human_turn and self.dialog is None

    def context(self) -> ViewContext:
        cur = self.session.current
        values = None
        if self.show_values and self.values is not None and self.values[0] is cur:
            values = self.values[1]
        highlight = self.hint_move
        if highlight is None and self.job is not None and self.job.purpose == "move":
            highlight = self.info_best_move
        return ViewContext(
            last_move=self.last_move,
            previous_state=self.prev_state,
            anim_t=self.anim_t,
            interactive=self.is_human_turn() and self.pending is None,
            move_values=values,
            highlight_move=highlight,
            extra={"human_sides": tuple(i for i, s in enumerate(self.session.seats)
                                        if s.is_human)},
        )

    info_best_move: Move | None = None

    # ---- the AI --------------------------------------------------------------------------
    def _submit(self, purpose: str, config: Any = None) -> None:
        cur = self.session.current
        seed = self.rng.randrange(2**31)
        if purpose == "move":
            seat = self._mover_seat()
            assert seat is not None
            config = config or search_config(self.game.id, seat, seed)
            side = self.game.player_names[cur.current_player()]
            title = f"{side} · {describe_seat(seat)}"
        elif purpose == "hint":
            config = config or strongest_config(self.game.id, seed)
            title = "Hint"
        else:
            config = config or values_config(self.game.id, seed)
            title = "Move values"
        self._cancel_job()
        job_id = self.app.worker.submit(cur, config)
        self.job = Job(job_id, purpose, cur, config)
        info = ThinkInfo(title=title, algorithm=config.algorithm, thinking=True, purpose=purpose)
        if purpose == "move":
            self.info = info
        else:
            self.aux_info = info
        self.job_info = info
        self.info_best_move = None

    def _poll(self) -> None:
        if not self.app.has_worker:
            return
        for reply in self.app.worker.poll():
            job = self.job
            if job is None or reply.job_id != job.id:
                self.stale_replies += 1
                started = self._cancelled.pop(reply.job_id, None) if reply.kind in (
                    "done", "error") else None
                if started is not None:
                    self.cancel_latencies_ms.append((time.perf_counter() - started) * 1000)
                continue
            try:
                self._handle_reply(job, reply)
            except Exception as exc:  # noqa: BLE001 - a bad reply must not kill the scene
                self.app._fail("AI reply", exc)
                self.job = None
                self.paused = True

    def _handle_reply(self, job: Job, reply: Any) -> None:
        info = self.job_info
        if reply.kind == "progress" and reply.progress is not None:
            p = reply.progress
            info.depth, info.nodes, info.elapsed_s = p.depth, p.nodes, p.elapsed_s
            if p.best_move is not None:
                info.best_move = self._fmt_move(job.state, p.best_move)
                self.info_best_move = p.best_move
            if p.score is not None:
                info.score = p.score
        elif reply.kind in ("depth", "done") and reply.result is not None:
            r = reply.result
            self._take_result_stats(job, r)
            if r.root_values and r.root_values_exact:  # bounds would mislead as values
                self.values = (job.state, dict(r.root_values))
            if reply.kind == "done":
                self._finish(job, r)
        elif reply.kind == "error":
            self.job = None
            info.thinking = False
            msg = reply.error or "unknown error"
            self.show_message(f"AI error: {msg} — press Space to retry", True)
            if job.purpose == "move":
                self.paused = True
            elif job.purpose == "analysis":
                self.analysed = job.state  # no endless retries of a failing search

    def _take_result_stats(self, job: Job, r: Any) -> None:
        info = self.job_info
        st = r.stats
        info.depth = r.depth
        info.final_depth = r.depth
        info.nodes = st.nodes
        info.elapsed_s = st.time_s
        info.cutoffs, info.tt_hits, info.tt_probes = st.cutoffs, st.tt_hits, st.tt_probes
        info.complete = r.complete
        if r.move is not None:
            info.best_move = self._fmt_move(job.state, r.move)
            self.info_best_move = r.move
        info.score = r.score

    def _pv_text(self, state: State, pv: tuple) -> list[str]:
        out = []
        for mv in pv[:12]:
            try:
                out.append(self._fmt_move(state, mv))
                state = state.apply(mv)
            except Exception:  # noqa: BLE001 - a PV that does not replay is only cut short
                break
        return out

    def _finish(self, job: Job, r: Any) -> None:
        self.job = None
        info = self.job_info
        info.thinking, info.done = False, True
        info.pv = self._pv_text(job.state, tuple(r.pv))
        if job.state is not self.session.current:
            self.stale_replies += 1  # never act on a position no longer on the board
            return
        if job.purpose == "move":
            if r.move is None or r.move not in job.state.legal_moves():
                self.show_message(f"AI returned no legal move ({r.move!r}); paused", True)
                self.paused = True
                return
            self.pending = (job, r.move)
        elif job.purpose == "hint" and r.move is not None:
            self.hint_move = r.move
            self.show_message(f"Hint: {self._fmt_move(job.state, r.move)}"
                              f"  ({widgets.format_score(r.score)})")
        elif job.purpose == "analysis":
            if not r.root_values_exact and job.config.exact:
                # An exact solver may prove the best move without valuing the others (the
                # Othello endgame): value them with the full-window search instead.
                self._safe_submit("analysis", replace(job.config, exact=False))
            else:
                self.analysed = job.state

    # ---- commands -------------------------------------------------------------------------
    def play_move(self, move: Move) -> bool:
        try:
            state = self.session.current
            if state.current_player() in (0, 1) and move not in state.legal_moves():
                self.show_message(f"Illegal move: {self._fmt_move(state, move)}", True)
                return False
            self.session.play(move)
        except ValueError as exc:
            self.show_message(f"Illegal move: {exc}", True)
            return False
        self.app.play_click()
        self._position_changed()
        return True

    def hint(self) -> None:
        if self.session.is_over:
            self.show_message("The game is over — N for a new game")
            return
        if not self.session.is_human_turn:
            self.show_message("Hints are for your own turn")
            return
        self._safe_submit("hint")

    def _safe_submit(self, purpose: str, config: Any = None) -> None:
        try:
            self._submit(purpose, config)
        except Exception as exc:  # noqa: BLE001 - AI package problems become a message
            self.job = None
            self.paused = purpose == "move" or self.paused
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.show_message(f"AI unavailable: {first}", True)

    def _ai_to_move(self) -> bool:
        seat = self.session.seat_to_move()
        return seat is not None and not seat.is_human and not self.paused

    def move_now(self) -> None:
        """Cut the AI's turn short: stop its search and play the best move found so far, or
        skip the AI-vs-AI pause (which comes before the search) and search at once."""
        if not self._ai_to_move():
            self.show_message("It is not the AI's turn")
            return
        if self.job is not None and self.job.purpose == "move":
            self.app.worker.cancel()  # the job still ends with "done" and its best move
        self.ai_submit_at = self.ai_apply_at = self.app.now

    def toggle_values(self) -> None:
        self.show_values = not self.show_values
        self.app.settings.show_values = self.show_values
        self._refresh_buttons()

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        if not self.paused:
            self.ai_submit_at = min(self.ai_submit_at, self.app.now)
        self._refresh_buttons()

    def change_pace(self, direction: int) -> None:
        cur = self.app.settings.ai_delay_s
        idx = min(range(len(PACE_STEPS)), key=lambda i: abs(PACE_STEPS[i] - cur))
        idx = max(0, min(len(PACE_STEPS) - 1, idx + direction))
        self.app.settings.ai_delay_s = PACE_STEPS[idx]
        self.show_message(f"AI vs AI pause: {PACE_STEPS[idx]:.1f} s between moves")

    def undo(self) -> None:
        self._cancel_job()
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
        self._refresh_buttons()

    def redo(self) -> None:
        self._cancel_job()
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
        self._refresh_buttons()

    def new_game(self) -> None:
        s = self.session
        try:
            fresh = Session(s.game_id, s.options | self._start_options(), s.seats)
        except ValueError as exc:
            self.show_message(str(exc), True)
            return
        self.paused = False
        self._set_session(fresh)
        self.show_message("New game")

    def _start_options(self) -> dict[str, Any]:
        if self.session.game_id != "nim":
            return {}
        from game.ui.boards.nim import heaps_of

        return {"heaps": tuple(heaps_of(self.game, self.session.start))}

    def to_menu(self) -> None:
        from game.ui.scenes.menu import MenuScene

        self.app.switch(MenuScene(self.app))

    def on_exit(self) -> None:
        self._cancel_job()

    def open_save_dialog(self) -> None:
        def ok(path: str) -> None:
            try:
                p = Path(path).expanduser()
                p.parent.mkdir(parents=True, exist_ok=True)
                session_mod.save_file(self.session, p)
            except (OSError, ValueError) as exc:
                self.show_message(f"Cannot save: {exc}", True)
                return
            self.show_message(f"Saved to {p}")

        self._open_dialog("Save the game", "Save to file:", str(default_save_path(self.game.id)), ok)

    def open_load_dialog(self) -> None:
        def ok(path: str) -> None:
            self.load_file(path)

        self._open_dialog("Load a game", "File to open:", str(default_save_path(self.game.id)), ok)

    def load_file(self, path: str | Path) -> bool:
        """Load a saved game; anything wrong keeps the current game and says why."""
        try:
            session = load_session_file(path)
            if session.game_id != self.game.id:
                self.app.switch(PlayScene(self.app, session))
                return True
        except (ValueError, OSError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self.show_message(f"Cannot load: {first}", True)
            return False
        self._set_session(session)
        self.paused = False
        self.show_message(f"Loaded {Path(str(path)).name}")
        return True

    def copy_position(self) -> None:
        text = self.game.format_position(self.session.current)
        if widgets.clipboard_put(text):
            self.show_message(f"Copied: {text}")
        else:
            self._open_dialog("Copy the position", "No clipboard here — copy this text:", text,
                              lambda _t: None)

    def paste_position(self) -> None:
        text = widgets.clipboard_get()
        if text:
            self.set_position_text(text)
        else:
            self._open_dialog("Paste a position", f"{self.game.name} position in notation:", "",
                              self.set_position_text)

    def set_position_text(self, text: str) -> bool:
        """Start from a pasted position (or a whole pasted saved game); errors become a message."""
        text = text.strip()
        if not text:
            return False
        try:
            if text.startswith(session_mod.FORMAT_NAME):
                session = session_mod.load(text)
            else:
                options = dict(self.session.options)
                state = self.game.parse_position(text, **options)
                session = Session(self.game.id, None, self.session.seats, start_state=state)
        except ValueError as exc:
            first = str(exc).splitlines()[0] if str(exc) else "malformed position"
            self.show_message(f"Cannot paste: {first}", True)
            return False
        except Exception as exc:  # noqa: BLE001 - rules bugs on odd text must not crash
            self.show_message(f"Cannot paste: {type(exc).__name__}: {exc}", True)
            return False
        if session.game_id != self.game.id:
            self.app.switch(PlayScene(self.app, session))
            return True
        self._set_session(session)
        self.show_message("Position pasted")
        return True

    def _open_dialog(self, title: str, prompt: str, text: str, ok: Any) -> None:
        self.dialog = TextDialog(title, prompt, text, ok)
        self.dialog.layout(self.rect)

    # ---- events ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            dialog = self.dialog
            dialog.handle_event(event)
            if dialog.closed and self.dialog is dialog:
                self.dialog = None
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            for b in self.buttons:
                if b.handle_event(event):
                    self._refresh_buttons()
                    return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self._board_event(event)

    def _key(self, event: pygame.event.Event) -> None:
        k, ctrl = event.key, bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if ctrl:
            actions = {pygame.K_s: self.open_save_dialog, pygame.K_o: self.open_load_dialog,
                       pygame.K_c: self.copy_position, pygame.K_v: self.paste_position,
                       pygame.K_z: self.undo, pygame.K_y: self.redo}
        else:
            actions = {
                pygame.K_h: self.hint, pygame.K_u: self.undo, pygame.K_r: self.redo,
                pygame.K_n: self.new_game, pygame.K_ESCAPE: self.to_menu,
                pygame.K_v: self.toggle_values, pygame.K_SPACE: self.toggle_pause,
                pygame.K_m: self.move_now,
                pygame.K_PLUS: lambda: self.change_pace(-1),
                pygame.K_EQUALS: lambda: self.change_pace(-1),
                pygame.K_KP_PLUS: lambda: self.change_pace(-1),
                pygame.K_MINUS: lambda: self.change_pace(+1),
                pygame.K_KP_MINUS: lambda: self.change_pace(+1),
            }
        action = actions.get(k)
        if action is not None:
            action()
            self._refresh_buttons()

    def _board_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and not self.board_rect.collidepoint(event.pos):
            return
        ctx = self.context()
        if event.type == pygame.MOUSEBUTTONDOWN and not ctx.interactive:
            if self.session.is_over:
                self.show_message(f"{self.session.result_text} — N for a new game")
            elif self.job is not None and self.job.purpose == "move":
                self.show_message("The AI is thinking — U to undo, Space to pause")
            return
        if not ctx.interactive:
            return
        try:
            move = self.view.handle_event(event, self.board_rect, self.session.current, ctx)
        except Exception as exc:  # noqa: BLE001 - a view bug is a message, not a crash
            self._view_error(exc)
            return
        if move is not None:
            self.play_move(move)
            self._refresh_buttons()

    # ---- per frame ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._poll()
        if self.dialog is not None:
            return
        s = self.session
        now = self.app.now
        player = s.current.current_player()
        if player == TERMINAL:
            if not self._over_announced:
                self._over_announced = True
                self._cancel_job()
            return
        if self.paused:
            return
        if player == CHANCE:
            if now >= self.roll_at:
                s.roll(self.rng)
                self._position_changed()
                self._refresh_buttons()
            return
        seat = s.seat_to_move()
        if seat is None:
            return
        if not seat.is_human:
            if self.pending is not None:
                job, move = self.pending
                if now >= self.ai_apply_at and job.state is s.current:
                    self.pending = None
                    self.play_move(move)
                    self._refresh_buttons()
            elif (self.job is None or self.job.purpose != "move") and now >= self.ai_submit_at:
                self._safe_submit("move")
        elif self.show_values and self.job is None and self.analysed is not s.current and (
            self.values is None or self.values[0] is not s.current
        ):
            self._safe_submit("analysis")

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        s = self.session
        cur = s.current
        h = surface.get_height()
        size = theme.text_size(h)
        self._refresh_buttons()
        draw_text(surface, self.game.name, self.top_rect.midleft, self.title_size,
                  theme.color("accent"), bold=True, anchor="midleft")
        player = cur.current_player()
        if player == TERMINAL:
            self._draw_banner(surface, s.result_text or "Game over")
        else:
            draw_text(surface, self.turn_text(), self.top_rect.midright, size,
                      theme.color("text"), anchor="midright", max_width=self.turn_max_width())
        # board
        ctx = self.context()
        try:
            self.view.draw(surface, self.board_rect, cur, ctx)
            status = self.view.status_text(cur)
        except Exception as exc:  # noqa: BLE001
            if not self.message.visible(self.app.now):
                self._view_error(exc)
            status = ""
        draw_text(surface, status, self.status_rect.center, max(11, int(size * 0.9)),
                  theme.color("text_dim"), anchor="center", max_width=self.status_rect.width)
        # panel
        pygame.draw.rect(surface, theme.color("panel"), self.panel_rect, border_radius=10)
        pygame.draw.rect(surface, theme.color("panel_border"), self.panel_rect, width=1,
                         border_radius=10)
        players = [(self.game.player_names[i], describe_seat(seat), player == i)
                   for i, seat in enumerate(s.seats)]
        bottom = draw_panel(surface, self.panel_rect, self.info, players, self.app.now,
                            self.aux_info)
        self._draw_moves(surface, bottom, self.pace_y - size // 2, max(11, int(size * 0.8)))
        if all(not seat.is_human for seat in s.seats):
            pace = f"AI vs AI: {self.app.settings.ai_delay_s:.1f} s between moves"
            pace += " · PAUSED" if self.paused else ""
        else:
            pace = "PAUSED — Space resumes" if self.paused else ""
        draw_text(surface, pace, (self.panel_rect.centerx, self.pace_y), max(11, int(size * 0.8)),
                  theme.color("accent") if self.paused else theme.color("text_dim"),
                  anchor="midtop", max_width=self.panel_rect.width - 16)
        for b in self.buttons:
            b.draw(surface)
        self.message.draw(surface, self.message_rect, self.app.now)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def _moves_lines(self) -> list[str]:
        """The game so far as "1. e4 e5" style pairs, cached per position (cheap frames)."""
        key = (id(self.session), self.session.ply, self.session.current)
        if self._moves_cache[0] != key:
            texts = []
            for i, (state, move) in enumerate(self.session.history):
                player = state.current_player()
                texts.append((i, player, self._fmt_move(state, move)))
            self._moves_cache = (key, texts)
        return self._moves_cache[1]

    _moves_cache: tuple[Any, Any] = (None, [])

    def _draw_moves(self, surface: pygame.Surface, top: int, bottom: int, size: int) -> None:
        """The latest moves, as many as fit between the search figures and the buttons."""
        pad = max(10, self.panel_rect.width // 22)
        x, width = self.panel_rect.x + pad, self.panel_rect.width - 2 * pad
        line_h = int(size * 1.35)
        rows = (bottom - top - line_h) // line_h
        moves = self._moves_lines()
        if rows < 1 or not moves:
            return
        pygame.draw.line(surface, theme.color("panel_border"), (x, top), (x + width, top), 1)
        draw_text(surface, f"Moves ({len(moves)})", (x, top + line_h // 3), size,
                  theme.color("text_dim"))
        words = [f"{i + 1}.{text}" for i, _player, text in moves]
        lines = wrap_text("  ".join(words), font(size), width)
        y = top + line_h + line_h // 3
        for ln in lines[-rows:]:
            draw_text(surface, ln, (x, y), size, theme.color("text"), max_width=width)
            y += line_h

    def turn_text(self) -> str:
        s = self.session
        player = s.current.current_player()
        if player == TERMINAL:
            return s.result_text or "Game over"
        if player == CHANCE:
            turn = "Rolling the dice…" if not self.paused else "Dice to roll (paused)"
        else:
            turn = f"{self.game.player_names[player]} to move — {describe_seat(s.seats[player])}"
            if self.paused:
                turn += "  (paused)"
        return f"Move {s.ply + 1}   {turn}"

    def turn_max_width(self) -> int:
        """All of the top bar right of the game's name (the turn line or the result banner)."""
        return self.banner_rect.width

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        """The result in the top bar: an overlay on the board would hide the final position
        (the winning line, the last discs) exactly when the player wants to look at it."""
        r = self.banner_rect
        accent = theme.color("accent")
        pygame.draw.rect(surface, theme.color("panel"), r, border_radius=8)
        pygame.draw.rect(surface, accent, r, width=2, border_radius=8)
        pad = max(8, r.height // 4)
        big, small = max(14, int(r.height * 0.5)), max(11, int(r.height * 0.32))
        keys = "N new game · U undo · Esc menu"
        keys_w = font(small).size(keys)[0]
        room = r.width - 2 * pad
        show_keys = font(big, True).size(text)[0] + keys_w + 2 * pad <= room
        draw_text(surface, text, (r.x + pad, r.centery), big, accent, bold=True,
                  anchor="midleft", max_width=room - (keys_w + 2 * pad if show_keys else 0))
        if show_keys:
            draw_text(surface, keys, (r.right - pad, r.centery), small,
                      theme.color("text_dim"), anchor="midright")
