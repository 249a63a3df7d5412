"""The start screen: game, players (human / AI level / hand-picked search / a program), who
starts, options.

Every choice is written to the settings straight away, so the screen comes back as the player
left it, also after a restart.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from ai.api import ALGORITHMS, TIMED_ALGORITHMS
from ai.kit import levels_of
from game.core import error_line
from game.kit import GameKit
from game.registry import all_kits, get_kit, playable_kits
from game.setup import SetupField
from play.outside.players import takes_program
from play.setup import default_save_path, first_move_is_chosen, load_game_file, program_title
from ui import theme
from ui.assets import font
from ui.file_chooser import FileChooser
from ui.host import Host
from ui.scenes.common import DialogHost, MessageLine, draw_background
from ui.scenes.confirm import ConfirmDialog
from ui.scenes.play_setup import build_session
from ui.scenes.program_dialog import ProgramDialog, ProgramRow
from ui.settings import SeatSetting
from ui.text import width as text_width
from ui.text_widgets import TextField
from ui.widgets import Button, Choice, Widget, dispatch_pointer, draw_text, share_label_size

#: The times a move "pick search" offers a search limited by time (Monte Carlo tree search).
SEAT_TIMES: list[tuple[float, str]] = [(t, f"{t:g} s") for t in (0.5, 1.0, 2.0, 5.0, 10.0)]


def level_names(kit: GameKit) -> tuple[str, ...]:
    return tuple(level.name for level in levels_of(kit))


class InfoRow(Widget):
    """A labelled fact where a choice would be, when the rules leave nothing to choose."""

    def __init__(self, label: str, text: str) -> None:
        super().__init__()
        self.label = label
        self.text = text

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        size = max(10, int(r.height * 0.42))
        draw_text(surface, self.label, (r.x, r.centery), size, theme.color("text_dim"),
                  anchor="midleft", max_width=int(r.width * 0.4))
        left = r.x + int(r.width * 0.42)
        box = pygame.Rect(left, r.y, r.right - left, r.height)
        pygame.draw.rect(surface, theme.color("panel_border"), box, width=1,
                         border_radius=max(3, r.height // 5))
        draw_text(surface, self.text, box.center, size, theme.color("text"), anchor="center",
                  max_width=box.width - 12)


def _shared_widths(labels: list[str], total: int, height: int, gap: int) -> list[int]:
    """Widths for a row of buttons ``total`` pixels wide: each label's own room at the
    buttons' natural size, the rest shared equally (a long "Resume Backgammon" beside "Play"
    is not cut, nor does it shrink every label to fit an equal share)."""
    size = int(height * 0.42)
    need = [text_width(font(size, True), label) + Button.margin(height) + height // 3
            for label in labels]
    room = total - gap * (len(labels) - 1)
    spare = room - sum(need)
    if spare >= 0:
        widths = [n + spare // len(labels) for n in need]
    else:
        widths = [n * room // sum(need) for n in need]
    return widths


class MenuScene(DialogHost):
    def __init__(self, app: Host) -> None:
        self.app = app
        self.settings = app.settings
        self.message = MessageLine()
        self.widgets: list[Widget] = []
        self.dialog: FileChooser | ConfirmDialog | ProgramDialog | None = None
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.title_y = 0
        self.title_size = 28
        self.footer_size = 11
        self.footer_top = self.rect.bottom
        self._kit: GameKit | None = None

    @property
    def kit(self) -> GameKit:
        """The chosen game's kit. The settings keep its id (they are a file); it is looked up
        once each time the choice changes."""
        if self._kit is None or self._kit.id != self.settings.game:
            self._kit = get_kit(self.settings.game)
        return self._kit

    # ---- building the rows ---------------------------------------------------------------
    def _seat_options(self, kit: GameKit,
                      seat: SeatSetting | None = None) -> list[tuple[str, str]]:
        opts = [("human", "Human")]
        opts += [(f"level:{n}", f"AI — {n}") for n in level_names(kit)]
        opts.append(("custom", "AI — pick search"))
        chosen = seat.program if seat is not None and seat.kind == "program" else ""
        opts.append(("program", f"Program — {program_title(chosen)}" if chosen else "Program…"))
        return opts

    @staticmethod
    def _seat_value(seat: SeatSetting) -> str:
        return f"level:{seat.level}" if seat.kind == "level" else seat.kind

    def _set_seat(self, i: int, value: str) -> None:
        if value.startswith("level:"):
            self.settings.update_seat(i, kind="level", level=value.split(":", 1)[1])
        elif value == "program":
            self.ask_program(i)
        else:
            self.settings.update_seat(i, kind=value)
        self.layout(self.rect)

    def ask_program(self, i: int) -> None:
        """The program dialog for player ``i``; the seat changes only when one is chosen."""

        def chosen(name: str) -> None:
            self.settings.update_seat(i, kind="program", program=name)
            self.layout(self.rect)

        self.open_dialog(ProgramDialog(self.app, self.kit, self.settings.seats[i].program,
                                       chosen, lambda: self.layout(self.rect)))

    def _set_seat_field(self, i: int, name: str, value: object) -> None:
        self.settings.update_seat(i, **{name: value})
        if name == "algorithm":  # depth or time: the row below changes
            self.layout(self.rect)

    def _set_game(self, kit: GameKit) -> None:
        """A seat the game cannot fill (a level it lacks, GRhino at backgammon) takes a level."""
        self.settings.update(game=kit.id)
        self._kit = kit
        names = level_names(kit)
        for i, seat in enumerate(self.settings.seats):
            if ((seat.kind == "level" and seat.level not in names)
                    or (seat.kind == "program" and not takes_program(kit, seat.program))):
                self.settings.update_seat(i, kind="level", level=names[min(1, len(names) - 1)])
        self.layout(self.rect)

    def _set(self, name: str, value: object, relayout: bool = False) -> None:
        self.settings.update(**{name: value})
        if relayout:
            self.layout(self.rect)

    def _field_row(self, spec: SetupField) -> Widget:
        """A row the game adds (game.setup): a choice, or a text field."""
        value = getattr(self.settings, spec.key)
        if spec.choices:
            return Choice(spec.label, list(spec.choices), value,
                          partial(self._set, spec.key, relayout=spec.relayout))
        return TextField(spec.label, value, partial(self._set, spec.key),
                         max_len=spec.max_len, allowed=spec.allowed)

    def _option_rows(self) -> list[Widget]:
        """The player and game-option rows the current choices call for (unpositioned)."""
        s = self.settings
        rows: list[Widget] = []
        names = ("Player A", "Player B")
        for i in range(2):
            seat = s.seats[i]
            rows.append(Choice(names[i], self._seat_options(self.kit, seat),
                               self._seat_value(seat), partial(self._set_seat, i)))
            if seat.kind == "program":
                rows.append(ProgramRow("   program", partial(self.ask_program, i),
                                       seat.program))
            if seat.kind == "custom":
                if seat.algorithm not in ALGORITHMS:
                    s.update_seat(i, algorithm=ALGORITHMS[min(1, len(ALGORITHMS) - 1)])
                rows.append(Choice("   algorithm", [(a, a) for a in ALGORITHMS], seat.algorithm,
                                   partial(self._set_seat_field, i, "algorithm")))
            if seat.kind == "program" or (seat.kind == "custom"
                                          and seat.algorithm in TIMED_ALGORITHMS):
                rows.append(Choice("   time a move", SEAT_TIMES, seat.time_s,
                                   partial(self._set_seat_field, i, "time_s")))
            elif seat.kind == "custom":
                rows.append(Choice("   depth", [(d, str(d)) for d in range(1, 13)],
                                   seat.depth, partial(self._set_seat_field, i, "depth")))
        if first_move_is_chosen(self.kit):
            rows.append(Choice("First move", [(0, "Player A"), (1, "Player B")], s.first,
                               lambda v: self._set("first", v)))
        else:  # backgammon: each side rolls one die, the higher one moves first
            rows.append(InfoRow("First move", "the opening roll decides"))
        setup = self.kit.setup()
        for spec in setup.fields if setup is not None else ():
            if spec.shown(s.game_values):
                rows.append(self._field_row(spec))
        return rows

    def _most_rows(self, rows: list[Widget]) -> int:
        """The rows the screen could hold for this game: ``rows`` with both players on "pick
        search" (two rows each) and every option the game may show. Sizing by it keeps every
        row in place when a choice adds rows (choosing "AI — pick search" moved the whole
        menu, the row just clicked with it, under the cursor)."""
        s = self.settings
        extra = sum({"custom": 0, "program": 1}.get(seat.kind, 2) for seat in s.seats)
        setup = self.kit.setup()
        hidden = sum(1 for spec in (setup.fields if setup is not None else ())
                     if not spec.shown(s.game_values))
        return len(rows) + extra + hidden

    def _header_height(self) -> int:
        """Title and subtitle, measured from ``title_y``."""
        return int(self.title_size * 1.25 + max(12, self.title_size // 3) * 1.6)

    @staticmethod
    def _column_width(rect: pygame.Rect, button_h: int, gap: int) -> int:
        """Wide enough for the longest game name at the buttons' natural text size (no
        "Backga…"), at least 55% of the window, never wider than the window allows."""
        size = int(button_h * 0.42)
        widest = max(text_width(font(size, True), kit.title) for kit in playable_kits())
        n = len(playable_kits())
        need = n * (widest + Button.margin(button_h) + button_h // 2) + (n - 1) * gap
        return min(rect.width - 40, max(480, int(rect.width * 0.55), need))

    def layout(self, rect: pygame.Rect) -> None:
        """Everything must fit: with both players on "pick search" and Nim's options open a
        small window holds 11 rows, so the row height shrinks to what the window allows."""
        self.rect = rect
        s = self.settings
        rows = self._option_rows()
        most = self._most_rows(rows)
        self.title_size = max(24, min(rect.height // 12, rect.height // (8 + most)))
        self.title_y = rect.y + max(10, rect.height // 36)
        self.footer_size = max(11, rect.height // 55)
        self.footer_top = rect.bottom - 8 - int(self.footer_size * 1.3)
        top = self.title_y + self._header_height()
        # game buttons 1.25 rows, the option rows, action buttons 1.3, message 1; gaps = row/4
        units = 1.25 + most + 1.3 + 1 + 0.25 * (most + 7)
        row_h = max(18, min(44, int((self.footer_top - top) / units)))
        gap = max(3, row_h // 4)
        col_w = self._column_width(rect, int(row_h * 1.25), gap)
        x = rect.centerx - col_w // 2
        y = top + gap
        widgets: list[Widget] = []

        n = len(playable_kits())
        bw = (col_w - (n - 1) * gap) // n
        game_buttons = []
        for i, kit in enumerate(playable_kits()):
            b = Button(kit.title, partial(self._set_game, kit), active=(s.game == kit.id))
            b.rect = pygame.Rect(x + i * (bw + gap), y, bw, int(row_h * 1.25))
            game_buttons.append(b)
        share_label_size(game_buttons)
        widgets.extend(game_buttons)
        y += int(row_h * 1.25) + gap * 2
        for w in rows:
            w.rect = pygame.Rect(x, y, col_w, row_h)
            widgets.append(w)
            y += row_h + gap

        y += gap
        buttons = [
            Button("Play", self.ask_start, active=self.app.suspended is None, tooltip="Enter"),
            Button("Load…", self.ask_load),
            *[Button("Lab", partial(self.app.open_teaching_game, kit),
                     tooltip="the textbook trees, step by step")
              for kit in all_kits() if not kit.playable],
            *([Button("Ladder", partial(self.app.open_ladder, self.kit),
                      tooltip="the levels play each other: strength and cost, live")]
              if len(levels_of(self.kit)) > 1 else []),
            Button("Settings", self.app.open_settings),
            Button("Quit", lambda: self._ask(self.app.quit, "Quit Kibitz?")),
        ]
        if self.app.suspended is not None:
            # Named: on another game's tab a bare "Resume" went back to a game not shown.
            name = self.app.suspended.session.game.name
            buttons.insert(0, Button(f"Resume {name}", self.app.resume_game, active=True,
                                     tooltip="Esc"))
        bh = int(row_h * 1.3)
        bx = x
        for b, bw in zip(buttons, _shared_widths([b.text for b in buttons], col_w, bh, gap),
                         strict=True):
            b.rect = pygame.Rect(bx, y, bw, bh)
            bx += bw + gap
            widgets.append(b)
        share_label_size(buttons)
        self.message_rect = pygame.Rect(x, y + int(row_h * 1.3) + gap, col_w, row_h)
        self.widgets = widgets
        if self.dialog:
            self.dialog.layout(rect)

    # ---- actions -------------------------------------------------------------------------
    def show_message(self, text: str, error: bool = False) -> None:
        self.message.show(text, error, self.app.now)

    def _ask(self, action: Callable[[], object], question: str = "Leave the game in progress?") -> None:
        """Run ``action``, asking first when it would end the game waiting to be resumed
        (Play, Load and Quit alike)."""
        waiting = self.app.suspended
        if waiting is None or not waiting.match.in_progress:
            action()
            return
        moves = len(waiting.record)
        self.open_dialog(ConfirmDialog(
            question,
            f"Your {waiting.session.game.name} game ({moves} move{'' if moves == 1 else 's'}) "
            "will be lost. Esc keeps it; Resume goes back to it.", action, no="Keep it"))

    def ask_start(self) -> None:
        self._ask(self.start)

    def ask_load(self) -> None:
        self._ask(self.open_load_dialog)

    def start(self) -> None:
        try:
            session = build_session(self.settings, self.kit)
        except ValueError as exc:
            self.show_message(error_line(exc, "cannot start"), True)
            return
        self.app.save_settings()
        self.app.open_play(session)

    def open_load_dialog(self) -> None:
        """Choose a saved game in the file chooser; a file that cannot be loaded is one line
        on the menu, and the menu stays."""

        def chosen(path: Path) -> None:
            try:
                session, review = load_game_file(path)
            except (ValueError, OSError) as exc:
                self.show_message(f"Cannot load: {error_line(exc)}", True)
                return
            note = "Loaded with its analysis (E shows it)" if review is not None else None
            self.app.open_play(session, own_position=True, message=note, review=review)

        folder = default_save_path(self.kit).parent
        self.open_dialog(FileChooser(self.app, "load", folder, "", chosen))

    def on_exit(self) -> None:
        pass

    # ---- frame -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog_takes(event):
            return
        for w in self.widgets:
            if isinstance(w, TextField) and w.focused and event.type in (pygame.KEYDOWN,
                                                                          pygame.TEXTINPUT):
                w.handle_event(event)
                return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.ask_start()
            elif event.key == pygame.K_ESCAPE and self.app.suspended is not None:
                self.app.resume_game()
            elif event.key == pygame.K_o and event.mod & pygame.KMOD_CTRL:
                self.ask_load()
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            dispatch_pointer(self.widgets, event)

    def update(self, dt: float) -> None:
        pass

    def next_frame_in(self) -> float | None:
        """Nothing moves on the start screen: draw on input, a blinking cursor, a message."""
        waits = []
        typing = self.dialog is not None or any(
            isinstance(w, TextField) and w.focused for w in self.widgets)
        if typing:
            waits.append(0.5)
        if self.message.visible(self.app.now):
            waits.append(self.message.until - self.app.now)
        return max(0.0, min(waits)) if waits else None

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        r = self.rect
        big = self.title_size
        draw_text(surface, "Kibitz", (r.centerx, self.title_y), big, theme.color("accent"),
                  bold=True, anchor="midtop")
        draw_text(surface, "Play classic games against an AI you can watch think",
                  (r.centerx, self.title_y + int(big * 1.25)), max(12, big // 3),
                  theme.color("text_dim"), anchor="midtop")
        for w in self.widgets:
            w.draw(surface)
        self.message.draw(surface, self.message_rect, self.app.now)
        hint = "Enter: play    Ctrl+O: load    In game: F1 or ? lists every key"
        if self.app.suspended is not None:
            hint = "Esc: resume your game    " + hint
        draw_text(surface, hint, (r.centerx, r.bottom - 8), self.footer_size,
                  theme.color("text_dim"), anchor="midbottom", max_width=r.width - 20)
        if self.dialog:
            self.dialog.draw(surface)
