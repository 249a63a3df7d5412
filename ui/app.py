"""The application: one window, one scene at a time, one long-lived AI worker.

``App.step(events, dt)`` runs exactly one frame (events, update, draw, flip) so that tests and the
UI benchmark drive the real loop with synthetic events and virtual time; ``run()`` is that same
step in a loop that draws at 60 fps while something moves (an animation, a running search) and
otherwise sleeps until an event or the scene's next timer, so an idle window costs little CPU.
Nothing from a scene may reach the user as a traceback: exceptions are
logged, kept in ``errors`` (tests assert it stays empty) and shown as a one-line message.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pygame

from ai.worker import SearchWorker
from game.core import State, error_line
from game.kit import GameKit
from game.review import GameReview
from game.session import Session
from play.outside.locate import choose_paths
from ui.assets import asset_path, font
from ui.host import OnReview, Scene, WaitingGame
from ui.interrupt import CloseOnInterrupt
from ui.key_text import KeyText, front_of
from ui.lab import lab_scene, teaching_scene
from ui.scenes.ladder import LadderScene
from ui.scenes.menu import MenuScene
from ui.scenes.play import PlayScene
from ui.scenes.review import ReviewScene
from ui.scenes.settings import SettingsScene
from ui.settings import Settings, read_settings, save_settings

log = logging.getLogger(__name__)
S = TypeVar("S")

MIN_SIZE = (640, 480)
FPS = 60
#: Longest sleep of an idle window between checks (also bounds how late a timer can fire).
IDLE_WAIT_S = 0.5


#: SDL's video drivers that draw to memory only: a window made with one is never seen.
INVISIBLE_DRIVERS = ("dummy", "offscreen")


def _check_window() -> None:
    """Refuse a window nobody can see: when SDL finds no display it may fall back to a driver
    that draws to memory, and the app ran on with no window and no message. Asking for such
    a driver (SDL_VIDEODRIVER=dummy, as the tests and benchmarks do) is fine."""
    driver = pygame.display.get_driver()
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower().split(",")
    if driver in INVISIBLE_DRIVERS and driver not in asked:
        raise pygame.error(f"no display to show it on (SDL fell back to its {driver} driver)")


class App:
    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        settings: Settings | None = None,
        settings_path: Path | None = None,
        persist_settings: bool = True,
        worker_mode: str = "process",
        fullscreen: bool = False,
        start_game: str | None = None,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        font.cache_clear()  # fonts cached by an earlier App died with its pygame.quit()
        self.settings_path = settings_path
        self.persist_settings = persist_settings
        settings_problem = None
        if settings is None:
            settings, settings_problem = read_settings(settings_path)
        self.settings = settings
        choose_paths(settings.program_paths)  # the programs the player pointed to
        if start_game:
            self.settings.update(game=start_game)
        self.worker_mode = worker_mode
        size = size or self.settings.window_size
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        flags = pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else 0)
        pygame.display.set_caption("Kibitz")
        self._set_icon()
        self.screen = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
        _check_window()
        pygame.key.set_repeat(350, 40)
        self.clock = pygame.time.Clock()
        self._deadline: float | None = None
        self._last_frame: float | None = None
        self.sleep_ms = 0.0
        self.now = 0.0  # virtual seconds since start: all delays and animations use this
        self.frame = 0
        self.running = True
        self.errors: list[str] = []
        self.seed: int | None = None  # dice and AI noise seed (tests fix it)
        self._worker: SearchWorker | None = None
        self._sound: pygame.mixer.Sound | None = None
        #: Pairs each typed character with the screen or dialog that took its key press.
        self._key_text = KeyText()
        #: A game left for the menu with Esc, waiting to be resumed (never lost by accident).
        self.suspended: WaitingGame | None = None
        #: Frames drawn, and frames skipped by the idle loop (figures for ``bench ui``).
        self.drawn_frames = 0
        menu = MenuScene(self)
        #: The screen shown (the start screen first; ``switch`` changes it).
        self.scene: Scene = menu
        menu.layout(self.screen.get_rect())
        if settings_problem:
            self.report(settings_problem, error=True)

    # ---- services ------------------------------------------------------------------------
    @property
    def worker(self) -> SearchWorker:
        """The AI worker, started on first use (spawning a process costs ~1 s)."""
        if self._worker is None:
            self._worker = SearchWorker(mode=self.worker_mode)
        return self._worker

    @property
    def has_worker(self) -> bool:
        return self._worker is not None

    def _set_icon(self) -> None:
        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
        except (pygame.error, FileNotFoundError) as exc:
            log.warning("no window icon: %s", exc)

    def play_click(self) -> None:
        """The move sound, only when the player switched sound on (off by default)."""
        if not self.settings.sound:
            return
        try:
            if self._sound is None:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                self._sound = pygame.mixer.Sound(str(asset_path("sounds", "click.wav")))
            self._sound.play()
        except (pygame.error, FileNotFoundError) as exc:
            self.settings.update(sound=False)
            self.report(f"sound unavailable ({exc}); switched off")

    def save_settings(self) -> None:
        if self.persist_settings:
            self.settings.update(window_size=self.screen.get_size())
            save_settings(self.settings, self.settings_path)

    def report(self, text: str, error: bool = False) -> None:
        if getattr(self, "scene", None) is not None:  # none yet while the first one is made
            self.scene.show_message(text, error)

    def _fail(self, where: str, exc: BaseException) -> None:
        """An unexpected exception: keep running, tell the user one line, log the details."""
        detail = "".join(traceback.format_exception(exc))
        self.errors.append(f"{where}: {detail}")
        log.error("error in %s:\n%s", where, detail)
        first = error_line(exc)
        with contextlib.suppress(Exception):
            self.report(f"Something went wrong ({where}): {first}", error=True)

    # ---- scenes ------------------------------------------------------------------------------
    def switch(self, scene: Scene) -> None:
        if self.suspended is scene:
            self.suspended = None
        try:
            self.scene.on_exit()
        except Exception as exc:  # noqa: BLE001
            self._fail("leaving screen", exc)
        self.scene = scene
        scene.layout(self.screen.get_rect())

    def scene_as(self, kind: type[S]) -> S:
        """The screen shown, as the ``kind`` a tool expects of it (TypeError if it is not)."""
        scene = self.scene
        if not isinstance(scene, kind):
            raise TypeError(f"the screen shown is a {type(scene).__name__}, not a {kind.__name__}")
        return scene

    def quit(self) -> None:
        self.running = False

    # ---- where a screen goes next: screens switch through here, never import each other ------
    def open_menu(self, suspend: WaitingGame | None = None) -> None:
        """The start screen; ``suspend`` is a play screen whose game waits there (Resume)."""
        self.suspended = suspend
        self.switch(MenuScene(self))

    def open_play(self, session: Session, own_position: bool = False,
                  message: str | None = None, review: GameReview | None = None) -> None:
        """A play screen for ``session`` (the game that waited at the menu is given up), with
        the game's analysis when a loaded save carried one."""
        screen = PlayScene(self, session, own_position=own_position)
        screen.files.keep_review(session, review)
        self.suspended = None
        self.switch(screen)
        if message:
            screen.show_message(message)

    def resume_game(self) -> None:
        """Back to the game that waits at the menu."""
        screen = self.suspended
        if screen is not None:
            self.switch(screen)
            screen.resume()

    def open_review(self, session: Session, review: GameReview | None = None,
                    on_review: OnReview | None = None) -> None:
        """The review of ``session``'s game: ``review`` (a GameReview) shown as it is, else
        analysed now; ``on_review`` is told each analysis made there. Esc comes back to this
        screen, as from the lab."""
        self.switch(ReviewScene(self, session, review, back=self.scene, on_review=on_review))

    def open_settings(self) -> None:
        self.switch(SettingsScene(self))

    def open_lab(self, session_or_state: Session | State, kit: GameKit, view: str = "tree",
                 level: str | None = None) -> None:
        """The search lab on a position (a session's current one), back to this screen."""
        self.switch(lab_scene(self, session_or_state, kit, view, level))

    def open_ladder(self, kit: GameKit) -> None:
        """The difficulty ladder of ``kit``'s levels, played live (menu: Ladder)."""
        self.switch(LadderScene(self, kit))

    def open_teaching_game(self, kit: GameKit, example: str | None = None) -> None:
        """The search lab on a teaching game's example tree (menu: Classroom)."""
        self.switch(teaching_scene(self, kit, example))

    # ---- the frame -------------------------------------------------------------------------
    def _resize(self, size: tuple[int, int]) -> None:
        w, h = max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))
        if self.screen.get_size() != (w, h):
            flags = self.screen.get_flags() & (pygame.FULLSCREEN | pygame.RESIZABLE)
            self.screen = pygame.display.set_mode((w, h), flags | pygame.RESIZABLE)
        self.scene.layout(self.screen.get_rect())

    def step(self, events: list[pygame.event.Event] | None = None, dt: float | None = None,
             draw: bool = True) -> bool:
        """One frame. ``events`` None = the real event queue; ``dt`` None = real elapsed time."""
        if dt is None:
            dt = self._pace()
        if events is None:
            events = pygame.event.get()
        self.now += dt
        self.frame += 1
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if event.type == pygame.VIDEORESIZE:
                self._resize(event.size)
                continue
            if event.type == pygame.WINDOWSIZECHANGED:
                self._resize((event.x, event.y))
                continue
            if event.type == pygame.KEYDOWN:
                self._key_text.key_down(event, front_of(self.scene))
            elif event.type == pygame.TEXTINPUT and not self._key_text.text_belongs(
                    front_of(self.scene)):
                continue  # typed by a key press that something else, now gone, answered
            try:
                self.scene.handle_event(event)
            except Exception as exc:  # noqa: BLE001
                self._fail("input", exc)
            if not self.running:
                break
        try:
            self.scene.update(dt)
        except Exception as exc:  # noqa: BLE001
            self._fail("update", exc)
        if draw:
            try:
                self.draw()
            except Exception as exc:  # noqa: BLE001
                self._fail("drawing", exc)
            pygame.display.flip()
            self.drawn_frames += 1
        return self.running

    def idle_wait(self) -> float:
        """Seconds the loop may sleep before the next frame (0 = draw at the full rate)."""
        try:
            wait = self.scene.next_frame_in()
        except AttributeError:
            return 0.0
        except Exception as exc:  # noqa: BLE001
            self._fail("update", exc)
            return 0.0
        return IDLE_WAIT_S if wait is None else min(IDLE_WAIT_S, wait)

    def step_calm(self) -> bool:
        """One turn of the real loop: a paced 60 fps frame while something moves, else sleep
        until input arrives or the scene's next timer, then one frame."""
        wait = self.idle_wait()
        if wait <= 1.0 / FPS:
            return self.step()
        timer = wait < IDLE_WAIT_S  # the scene asked to be drawn then (else: a routine check)
        events = self._wait_events(wait)
        t = time.perf_counter()
        dt = t - self._last_frame if self._last_frame is not None else wait
        self._last_frame = t
        self._deadline = None  # resynchronise the 60 fps grid after a sleep
        return self.step(events, min(dt, 0.25), draw=bool(events) or timer)

    def _wait_events(self, seconds: float) -> list[pygame.event.Event]:
        """Sleep up to ``seconds`` in short naps (so input is seen within a frame's time)."""
        deadline = time.perf_counter() + seconds
        while True:
            events = pygame.event.get()
            left = deadline - time.perf_counter()
            if events or left <= 0 or not self.running:  # not running: Ctrl+C, say
                return events
            time.sleep(min(left, 1.0 / FPS))

    def _pace(self) -> float:
        """Cap at 60 fps by sleeping until absolute frame deadlines; returns real dt.

        pygame's Clock.tick(60) sleeps a whole number of milliseconds after each frame and never
        makes up for oversleeping, which on a loaded machine stretches the median frame to
        18-20 ms. Aiming every frame at ``previous deadline + 1/60`` lets a late wake-up shorten
        the next sleep, so frames stay on the 16.7 ms grid. The Clock still measures fps.
        """
        now = time.perf_counter()
        period = 1.0 / FPS
        if self._deadline is None or now - self._deadline > 0.25:
            self._deadline = now  # first frame, or far behind (e.g. window dragged): resync
        else:
            delay = self._deadline - now
            if delay > 0:
                time.sleep(delay)
        self.sleep_ms = max(0.0, (self._deadline - now) * 1000)
        self._deadline += period
        self.clock.tick()
        t = time.perf_counter()
        dt = t - self._last_frame if self._last_frame is not None else period
        self._last_frame = t
        return min(dt, 0.25)

    def draw(self) -> None:
        self.scene.draw(self.screen)  # every scene paints its whole background first

    def run_frames(self, n: int, dt: float = 1 / FPS, events: list | None = None) -> None:
        """Step ``n`` frames of virtual time without sleeping (tests)."""
        for i in range(n):
            self.step(events if (events and i == 0) else [], dt)

    def run_until(self, predicate: Callable[[], object], timeout_s: float = 20.0, dt: float = 1 / FPS) -> bool:
        """Step frames until ``predicate()`` holds; a tiny real sleep lets the worker run."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if predicate():
                return True
            self.step([], dt)
            time.sleep(0.001)
        return bool(predicate())

    def save_screenshot(self, path: str | Path) -> None:
        pygame.image.save(self.screen, str(path))

    def run(self) -> int:
        """The real loop, then a clean close; 130 when Ctrl+C (SIGINT) closed the window."""
        with CloseOnInterrupt(self) as interrupt:  # and closes the app, however the loop ends
            self.run_loop()
        return interrupt.exit_code

    def run_loop(self, until: Callable[[], object] | None = None) -> None:
        """The real loop, until the window closes or ``until()`` holds (the benchmark)."""
        while self.running and not (until is not None and until()):
            self.step_calm()

    def close(self) -> None:
        try:
            self.scene.on_exit()
            if self.suspended is not None and self.suspended is not self.scene:
                self.suspended.on_exit()
        except Exception as exc:  # noqa: BLE001
            log.error("error while closing: %s", exc)
        self.save_settings()
        if self._worker is not None:
            try:
                self._worker.close()
            except Exception as exc:  # noqa: BLE001
                sys.stderr.write(f"kibitz: warning: worker did not close cleanly: {exc}\n")
            self._worker = None
        font.cache_clear()
        pygame.quit()
