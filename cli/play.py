"""``kibitz play`` (the default command): open the game window.

pygame is imported inside ``run`` only: main.py imports every cli module to build its parser,
and the headless commands must not pay for (or depend on) the GUI stack.
"""

from __future__ import annotations

import argparse
import os

from cli.common import plain_int
from game.registry import game_ids


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (plain_int(v, "window size") for v in text.lower().split("x"))
    except ValueError:  # not two plain numbers (RequestError is a ValueError)
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1100x720, got {text!r}") from None
    if not (320 <= w <= 10000 and 240 <= h <= 10000):
        raise argparse.ArgumentTypeError(f"window size {w}x{h} is out of range")
    return w, h


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=game_ids(), default=None,
                        help="start this game at once with the remembered players")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH",
                        help="window size (default: the last one used)")
    parser.add_argument("--fullscreen", action="store_true", help="open full screen")
    parser.add_argument("--worker", choices=("process", "thread"), default="process",
                        help="run the AI in a separate process (default) or a thread")


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # the window's modules: only when this runs (no pygame at start)
    import pygame

    from ui.app import App
    from ui.scenes.menu import MenuScene

    try:
        app = App(getattr(args, "size", None), worker_mode=getattr(args, "worker", "process"),
                  fullscreen=bool(getattr(args, "fullscreen", False)),
                  start_game=getattr(args, "game", None))
    except pygame.error as exc:  # no display, no video driver: one line, exit code 2
        raise OSError(f"cannot open a window: {exc}") from None
    if getattr(args, "game", None):
        app.scene_as(MenuScene).start()
    try:
        return app.run()
    except pygame.error as exc:  # the display went away under the window
        raise OSError(f"the window failed: {exc}") from None
