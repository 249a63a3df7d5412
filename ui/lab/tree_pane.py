"""The tree explorer pane: record the search of the position, draw it, step through it.

The recording is made by the real searcher in the worker process (ai.lab.tasks.RecordTask), so the
tree shown is the search that plays. Mouse: drag pans, the wheel zooms, a click selects a node
(its card and small board appear on the right), a right-click or double-click opens or closes
its subtree. Keys: arrows pan, + and - zoom, F fit, E expand all, X back to the first view,
S step mode; in step mode N / B step forward / back, Space plays, [ and ] change the speed,
Home and End jump. While a recording runs, its button reads "Stop" and Esc stops it (the
searcher itself sees the cancel, so even a long forced recording ends at once). The pane keeps
its job, explorer, step mode and node card in agreement; tree_pane_draw.py draws it.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ai.api import ALGORITHMS, Limits, SearchConfig
from ai.lab.recording import DEFAULT_NODE_BUDGET, SearchRecording
from ai.lab.search import TEACHING, has_quiescence, lab_config
from ai.lab.tasks import MAX_RECORD_S, RecordTask
from ui.lab.detail import NodeCard
from ui.lab.export import export_tree_png
from ui.lab.mcts_stepper import MctsStepper
from ui.lab.pane import LabContext
from ui.lab.plot import si
from ui.lab.stepper import Stepper
from ui.lab.tree_header import header_lines
from ui.lab.tree_pane_draw import draw_tree_pane, header_rows
from ui.lab.treeview import TreeView
from ui.widgets import Button, Choice, Widget, dispatch_pointer

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0)
MCTS_ITERATIONS = (100, 1000, 10000)
#: A recording estimated longer than this waits for a second press of "Search again".
RECORD_MAX_S = MAX_RECORD_S
PAN_STEP = 60


class TreePane:
    title = "Tree"

    def __init__(self, ctx: LabContext) -> None:
        self.ctx = ctx  # the scene: app, game, state, jobs, message
        self.algorithm = ctx.defaults.algorithm
        self.depth = ctx.defaults.depth
        self.iterations = MCTS_ITERATIONS[1]  # MCTS (teaching mode): its budget, not a depth
        # Teaching mode's switches start as the textbook has them: every refinement off
        # (quiescence too, where the game has captures: the horizon effect shows first).
        self.use_tt = self.use_ordering = self.use_pvs = self.use_quiescence = False
        self.quiescent_game = has_quiescence(ctx.kit)
        self.recording: SearchRecording | None = None
        self.view: TreeView | None = None
        self.stepper: Stepper | None = None
        self.playing = False
        #: Step mode shows plain alpha-beta as negamax (M) rather than MAX/MIN-VALUE.
        self.negamax_view = False
        self.speed_i = 3
        self._step_acc = 0.0
        self.error = ""
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.widgets: list[Widget] = []
        self.card = NodeCard(ctx.game, ctx.board_view)

    # ---- the recording -------------------------------------------------------------------
    @property
    def teaching(self) -> bool:
        """Teaching mode: the algorithm and the refinements are the user's to choose; at a
        level the search is exactly that level's (only the depth is chosen)."""
        return str(getattr(self.ctx, "level", TEACHING)).lower() == TEACHING.lower()

    def config(self) -> SearchConfig:
        level = getattr(self.ctx, "level", TEACHING)
        if not self.teaching:
            return lab_config(self.ctx.kit, level, self.depth, self.ctx.state)
        teaching = lab_config(self.ctx.kit, TEACHING, self.depth, self.ctx.state)
        return replace(teaching.with_refinements(
            tt=self.use_tt, ordering=self.use_ordering, pvs=self.use_pvs,
            aspiration=self.use_pvs, quiescence=self.use_quiescence), algorithm=self.algorithm,
            limits=Limits(iterations=self.iterations) if self.algorithm == "mcts"
            else teaching.limits)

    def on_level(self, level: str) -> None:
        """Another level's search: record it (a running recording of the old one stops)."""
        if self.recording_now():
            self.ctx.jobs.cancel()
        self.error = ""
        self.stepper = None
        self.playing = False
        self.depth = self.ctx.defaults.depth  # the depth the new level opens at
        self.record()

    def on_show(self) -> None:
        if self.recording is None and not self.ctx.jobs.busy and not self.error:
            self.record()

    def record(self) -> None:
        """Record the search with the chosen settings; after a "too long" refusal the next
        press records anyway (the teacher has seen the estimate)."""
        force = self.error.startswith("too long")
        self.error = ""
        level = getattr(self.ctx, "level", TEACHING)
        task = RecordTask(self.ctx.state, self.config(), DEFAULT_NODE_BUDGET, force=force,
                          max_s=RECORD_MAX_S, level=level)
        self.ctx.jobs.start(task, self.ctx.state, on_done=self.take, on_error=self._failed,
                            owner=self)

    def recording_now(self) -> bool:
        return bool(self.ctx.jobs.running_for(self))

    def stop(self) -> None:
        """End a running recording (the searcher sees the cancel within a few thousand
        nodes); the tree shown before, if any, stays."""
        if self.recording_now():
            self.ctx.jobs.cancel()
            self.error = "stopped: press Search again to record"
            self.ctx.show_message("Recording stopped")

    def search_or_stop(self) -> None:
        if self.recording_now():
            self.stop()
        else:
            self.record()

    def _failed(self, message: str) -> None:
        self.error = message
        self.ctx.show_message(f"Cannot record the search: {message}", True)

    def take(self, recording: SearchRecording) -> None:
        self.recording = recording
        # The switches show what was recorded (also a recording handed in from elsewhere); a
        # solver's answer keeps the depth the user chose (the solver had no depth limit).
        self.algorithm = recording.algorithm
        if not recording.solved and recording.algorithm != "mcts":  # the depth asked for
            self.depth = recording.searched_depth or recording.depth
        if self.teaching:  # a level's switches are the level's, not teaching mode's
            opts = recording.options
            self.use_tt = bool(opts.get("use_tt", self.use_tt))
            self.use_ordering = bool(opts.get("use_ordering", self.use_ordering))
            self.use_pvs = bool(opts.get("use_pvs", self.use_pvs))
            self.use_quiescence = bool(opts.get("use_quiescence", self.use_quiescence))
        self.header = header_lines(recording)
        self.view = TreeView(recording, self.ctx.text_size, self.small_size())
        self.stepper = None
        self.playing = False
        self.layout(self.rect)
        self.view.readable()

    # ---- layout ----------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        size = self.ctx.text_size
        pad = max(6, size // 2)
        # The side panel holds step mode's code: wider when presentation mode's text is large.
        wide = getattr(self.ctx, "presentation", False)
        side_w = max(260, min(560 if wide else 380, int(rect.width * (0.4 if wide else 0.3))))
        row = max(24, int(size * 1.9))
        bar_h = 2 * row + 3 * pad
        self.canvas = pygame.Rect(rect.x, rect.y, rect.width - side_w - pad,
                                  rect.height - bar_h)
        self.side = pygame.Rect(self.canvas.right + pad, rect.y, side_w, self.canvas.height)
        self.bar = pygame.Rect(rect.x, self.canvas.bottom + pad, rect.width, bar_h - pad)
        if self.view is not None:
            small = self.small_size()
            cam = self.view.camera
            before = (cam.top_margin, cam.text_size, cam.rect.size)
            self.view.set_margins(len(self.header_rows()) * int(small * 1.35) + 8,
                                  small + 16)  # below: the key to the shapes
            self.view.set_rect(self.canvas, self.ctx.text_size, self.small_size())
            if (cam.top_margin, cam.text_size, cam.rect.size) != before:
                self.view.readable()  # new sizes (presentation mode, a resize): fit again,
            else:                     # so the root never slides under a longer header
                self.view.clamp()
            self._follow()  # step mode: the step's node stays in sight at any size
        y1, y2 = self.bar.y + pad // 2, self.bar.y + pad // 2 + row + pad
        algos = [a for a in ALGORITHMS if self.ctx.defaults.allows(a)]
        depth_choice = (Choice("Depth", [(d, str(d)) for d in
                                         range(1, self.ctx.defaults.max_depth + 1)],
                               self.depth, lambda v: setattr(self, "depth", v)), 3)
        if self.teaching and self.algorithm == "mcts":  # iterations: MCTS has no depth
            depth_choice = (Choice("Iterations", [(n, si(n)) for n in MCTS_ITERATIONS],
                                   self.iterations, lambda v: setattr(self, "iterations", v)), 3)
        search = (Button(self._search_label(), self.search_or_stop, active=True), 3)
        settings: list[tuple[Widget, int]] = [depth_choice, search]
        if self.teaching:
            settings = [
                (Choice("Algorithm", [(a, a) for a in algos], self.algorithm,
                        lambda v: setattr(self, "algorithm", v)), 5),
                depth_choice,
                (Choice("Table", [(True, "on"), (False, "off")], self.use_tt,
                        lambda v: setattr(self, "use_tt", v)), 3),
                (Choice("Ordering", [(True, "on"), (False, "off")], self.use_ordering,
                        lambda v: setattr(self, "use_ordering", v)), 3),
                (Choice("PVS", [(True, "on"), (False, "off")], self.use_pvs,
                        lambda v: setattr(self, "use_pvs", v)), 3),
                search,
            ]
            if self.algorithm == "mcts":  # no table, no ordering, no windows: no switches
                settings = [settings[0], depth_choice, search]
            elif self.quiescent_game:  # captures past the depth limit: search on, or not
                settings.insert(-1, (Choice("Quiescence", [(True, "on"), (False, "off")],
                                            self.use_quiescence,
                                            lambda v: setattr(self, "use_quiescence", v)), 4))
        tools: list[tuple[Widget, int]] = [
            (Button("Fit  F", self.fit), 2), (Button("Expand all  E", self.expand_all), 3),
            (Button("First view  X", self.first_view), 3),
            (Button("Step mode  S", self.toggle_step, active=self.stepper is not None), 3),
            (Button("|◀", lambda: self.seek(0)), 1), (Button("◀ B", self.back), 1),
            (Button("Play  Spc", self.toggle_play, active=self.playing), 2),
            (Button("N ▶", self.forward), 1), (Button("▶|", lambda: self.seek(10**9)), 1),
            (Choice("Speed", [(i, f"{s:g}/s") for i, s in enumerate(SPEEDS)], self.speed_i,
                    lambda v: setattr(self, "speed_i", v)), 3),
        ]
        self.widgets = []
        for items, y in ((settings, y1), (tools, y2)):
            units = sum(u for _, u in items)
            x: float = self.bar.x
            unit_w = (self.bar.width - pad * (len(items) - 1)) / units
            for w, u in items:
                w.rect = pygame.Rect(int(x), y, int(unit_w * u), row)
                x += unit_w * u + pad
                self.widgets.append(w)
        step_tools = ("|◀", "◀ B", "Play  Spc", "N ▶", "▶|")
        for w in self.widgets:
            if isinstance(w, Button) and w.text in step_tools:
                w.enabled = self.stepper is not None

    def small_size(self) -> int:
        """The scene's size for small labels (windows, edge labels, the legend)."""
        return int(getattr(self.ctx, "small_size", 0) or max(10, int(self.ctx.text_size * 0.86)))

    def _search_label(self) -> str:
        return "Stop  Esc" if self.recording_now() else "Search again  ↵"

    # ---- commands --------------------------------------------------------------------------
    def fit(self) -> None:
        if self.view:
            self.view.fit()
            if self.view.camera.slot < 8:
                self.ctx.show_message("Whole tree shown: too small for labels — zoom in with "
                                      "the wheel or +, or collapse parts (right-click)")

    def expand_all(self) -> None:
        if self.view:
            self.view.expand_all()
            self.view.fit()

    def first_view(self) -> None:
        """The view the tree opened with (readable, toward the chosen move), not Fit's."""
        if self.view:
            self.view.collapse_to_default()
            self.view.readable()

    def toggle_negamax(self) -> None:
        """Step mode's code for plain alpha-beta: the textbook's MAX-VALUE and MIN-VALUE, or
        the one negamax function the engine runs (the window still MAX's, as the tree's
        values are, with a note of the mover's window the code holds at MIN's nodes)."""
        self.negamax_view = not self.negamax_view
        self.ctx.show_message("Code: alpha-beta as negamax, the engine's form" if
                              self.negamax_view else "Code: MAX-VALUE and MIN-VALUE, the "
                              "textbook's form")

    def toggle_step(self) -> None:
        if self.view is None or self.recording is None:  # the view shows a recording
            return
        if self.stepper is None:
            if not self.recording.events:
                self.ctx.show_message("This recording has no steps to replay", True)
                return
            rec = self.recording
            self.stepper = (MctsStepper(rec.nodes, rec.events, rec.mcts_steps)
                            if rec.mcts_steps else Stepper(rec.nodes, rec.events))
            self.view.readable()
        else:
            self.stepper = None
            self.playing = False
        self.view.set_stepper(self.stepper)
        self.layout(self.rect)

    def forward(self) -> None:
        if self.stepper is not None and self.stepper.forward():
            self._follow()

    def back(self) -> None:
        if self.stepper is not None and self.stepper.back():
            self._follow()

    def seek(self, position: int) -> None:
        if self.stepper is not None:
            self.stepper.seek(position)
            self._follow()

    def toggle_play(self) -> None:
        if self.stepper is None:
            self.toggle_step()
        if self.stepper is not None:
            if self.stepper.at_end:
                self.stepper.seek(0)
            self.playing = not self.playing
            self._step_acc = 0.0
            self.layout(self.rect)

    def _follow(self) -> None:
        """Keep the search's current node on screen (opening closed parents if needed)."""
        view, st = self.view, self.stepper
        if view is None or st is None or st.current is None:
            return
        view.reveal(st.current)
        # The node with its labels inside the drawing area, with a little air; the picture
        # moves as little as it can (a tree that fits stays where Fit put it).
        box = view.labels.node_box(st.current)
        area = view.camera.drawing_area()
        inner = area.inflate(-min(area.width // 5, 2 * box.width), -4)
        dx = (inner.left - box.left if box.left < inner.left
              else inner.right - box.right if box.right > inner.right else 0)
        dy = (inner.top - box.top if box.top < inner.top
              else inner.bottom - box.bottom if box.bottom > inner.bottom else 0)
        if dx or dy:
            view.pan(dx, dy)
        view.select(st.current)

    # ---- events and frames --------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            for w in self.widgets:
                if w.rect.collidepoint(getattr(event, "pos", pygame.mouse.get_pos())):
                    dispatch_pointer(self.widgets, event)
                    self.layout(self.rect)
                    return True
        return bool(self.view is not None and self.view.handle_event(event))

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_ESCAPE and self.recording_now():
            self.stop()  # the first Esc stops the recording, the next one leaves the lab
            self.layout(self.rect)
            return True
        view = self.view
        pans = {pygame.K_LEFT: (PAN_STEP, 0), pygame.K_RIGHT: (-PAN_STEP, 0),
                pygame.K_UP: (0, PAN_STEP), pygame.K_DOWN: (0, -PAN_STEP)}
        if view is not None and k in pans:
            view.pan(*pans[k])
            return True
        if view is not None and k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            view.zoom_at(1.25)
            return True
        if view is not None and k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            view.zoom_at(0.8)
            return True
        actions = {
            pygame.K_f: self.fit, pygame.K_e: self.expand_all, pygame.K_x: self.first_view,
            pygame.K_s: self.toggle_step, pygame.K_n: self.forward, pygame.K_b: self.back,
            pygame.K_m: self.toggle_negamax,
            pygame.K_SPACE: self.toggle_play, pygame.K_HOME: lambda: self.seek(0),
            pygame.K_END: lambda: self.seek(10**9), pygame.K_RETURN: self.record,
            pygame.K_LEFTBRACKET: lambda: self._speed(-1),
            pygame.K_RIGHTBRACKET: lambda: self._speed(1),
        }
        action = actions.get(k)
        if action is None:
            return False
        action()
        self.layout(self.rect)
        return True

    def _speed(self, d: int) -> None:
        self.speed_i = max(0, min(len(SPEEDS) - 1, self.speed_i + d))

    def update(self, dt: float) -> None:
        if self.playing and self.stepper is not None:
            self._step_acc += dt * SPEEDS[self.speed_i]
            while self._step_acc >= 1.0:
                self._step_acc -= 1.0
                if not self.stepper.forward():
                    self.playing = False
                    self.layout(self.rect)
                    break
            self._follow()

    def export_png(self, path: str) -> None:
        if self.recording is None:
            raise ValueError("no tree recorded yet")
        export_tree_png(self.recording, path, view=self.view)

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        label = self._search_label()
        for w in self.widgets:  # the job ends between frames: the button follows it
            if isinstance(w, Button) and w.on_click == self.search_or_stop:
                w.text = label
        draw_tree_pane(self, surface)

    def header_rows(self) -> list[tuple[str, bool]]:
        """The header's lines as they fit the canvas (tree_pane_draw.header_rows)."""
        if self.recording is None:
            return []
        return header_rows(self.header, self.canvas.width - 16, self.small_size())
