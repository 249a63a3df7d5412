"""Settings' "Programs" rows: each program a game knows by name (GRhino, GNU Backgammon),
where it runs from, and the player's way to point to it when it is not where Kibitz looks.

A row reads "GRhino   /usr/games/gtp-rhino (found)   [Choose…] [Look up]": Choose… opens the
file chooser on any file (a program has no suffix), Look up forgets the choice and looks the
program up again (PATH, then /usr/games). The choice lives in the settings (``program_paths``)
and is handed to play.outside.locate, so a program seat or a match started from the window runs
the program from there; player names stay the same on every machine.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from play.outside.locate import KnownProgram, chosen_path, where
from ui import theme
from ui.widgets import Button, Widget, draw_text


def program_status(known: KnownProgram) -> tuple[str, bool]:
    """What the row says about where ``known`` runs from, and whether that is a problem."""
    chosen = chosen_path(known.program)
    found = where(known.program)
    if chosen is not None:
        return (f"{chosen} (chosen)", False) if found else (f"not a program: {chosen}", True)
    if found:
        return f"{found} (found)", False
    return f"not found: apt-get install {known.package}", True


class ProgramPathRow(Widget):
    """One known program: its name and what it runs, where from, Choose… and Look up."""

    def __init__(self, known: KnownProgram, choose: Callable[[], object],
                 look_up: Callable[[], object]) -> None:
        super().__init__()
        self.known = known
        #: Where it runs from, looked up once: the scene makes new rows when a choice changes,
        #: and a frame should not search PATH.
        self.status = program_status(known)
        self.choose_button = Button("Choose…", choose,
                                    tooltip=f"Point to {known.program} on this computer")
        self.look_up_button = Button("Look up", look_up,
                                     enabled=chosen_path(known.program) is not None,
                                     tooltip="Forget the choice: look on PATH and in /usr/games")

    def _place(self) -> None:
        r = self.rect
        button_w = max(60, int(r.width * 0.16))
        gap = max(4, r.height // 6)
        self.look_up_button.rect = pygame.Rect(r.right - button_w, r.y, button_w, r.height)
        self.choose_button.rect = pygame.Rect(r.right - 2 * button_w - gap, r.y, button_w,
                                              r.height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._place()
        return any(b.handle_event(event) for b in (self.choose_button, self.look_up_button))

    def draw(self, surface: pygame.Surface) -> None:
        self._place()
        r = self.rect
        size = max(10, int(r.height * 0.42))
        name_w = int(r.width * 0.24)
        draw_text(surface, self.known.title, (r.x, r.centery), size, theme.color("text_dim"),
                  anchor="midleft", max_width=name_w)
        status, bad = self.status
        status_x = r.x + name_w + size // 2
        draw_text(surface, status, (status_x, r.centery), max(10, int(size * 0.85)),
                  theme.color("bad" if bad else "text"), anchor="midleft",
                  max_width=self.choose_button.rect.x - status_x - size // 2, essential=False)
        self.choose_button.draw(surface)
        self.look_up_button.draw(surface)
