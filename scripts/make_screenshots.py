"""Regenerate README's screenshots with the app itself: ``python scripts/make_screenshots.py``
(or name games: ``python scripts/make_screenshots.py kalah``).

Runs the real window headless (SDL's dummy driver), lets the AI play a few moves of each game
(mostly Advanced against Master, so the panel shows a search), and saves the whole window to
docs/screenshots/<game>.png. Settings and saves go to a temporary folder, not the user's.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.settings import SeatSetting, Settings  # noqa: E402

#: game id -> (plies to play before the picture, show every move's value on the board, the
#: second seat is a human). Tic-tac-toe waits for a human reply, so its values are on the board.
SHOTS: dict[str, tuple[int, bool, bool]] = {
    "tictactoe": (1, True, True),
    "othello": (9, True, False),
    "nim": (2, False, False),
    "backgammon": (6, False, False),
    "kalah": (3, True, True),
}


def shoot(game_id: str, plies: int, values: bool, human: bool) -> Path:
    second = SeatSetting("human") if human else SeatSetting("level", "Master")
    settings = Settings.with_values(
        game=game_id,
        seats=[SeatSetting("level", "Advanced" if not human else "Master"), second],
        nim_heaps="3,5,7",
        show_values=values,
        ai_delay_s=0.2,
    )
    app = App((1100, 720), settings=settings, persist_settings=False, worker_mode="thread")
    app.seed = 11
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    app.run_until(lambda: len(app.scene.session.history) >= plies, timeout_s=120)
    app.run_frames(90)  # let the last move's animation finish and the panel settle
    path = OUT / f"{game_id}.png"
    app.save_screenshot(path)
    app.close()
    return path


def headless_sandbox() -> None:
    """SDL's dummy drivers and a throwaway settings and saves folder (so taking the pictures
    never touches the user's own), and the output folder."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    temp = tempfile.mkdtemp()
    os.environ["KIBITZ_CONFIG_DIR"] = os.path.join(temp, "config")
    os.environ["KIBITZ_SAVE_DIR"] = os.path.join(temp, "saves")
    OUT.mkdir(parents=True, exist_ok=True)


def main(games: list[str]) -> int:
    unknown = [g for g in games if g not in SHOTS]
    if unknown:
        print(f"no screenshot for {', '.join(unknown)}; known: {', '.join(SHOTS)}")
        return 2
    headless_sandbox()
    for game_id in games or SHOTS:
        print("wrote", shoot(game_id, *SHOTS[game_id]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
