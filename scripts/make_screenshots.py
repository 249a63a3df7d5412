"""Regenerate the README's and docs' screenshots with the app itself: ``python scripts/make_screenshots.py``
(or name games: ``python scripts/make_screenshots.py kalah``).

Runs the real window headless (SDL's dummy driver), lets the AI play a few moves of each game
(mostly Advanced against Master, so the panel shows a search), and saves the whole window to
docs/screenshots/<game>.png. Settings and saves go to a temporary folder, not the user's.

The review pictures (``review-othello``, ``review-backgammon``) open a sample game of
docs/games (games the levels played), analyse it on the review screen with the game's default
search, and show its worst error.
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

from play.setup import load_game_file  # noqa: E402
from ui.app import App  # noqa: E402
from ui.settings import SeatSetting, Settings  # noqa: E402

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


#: picture name -> the sample game it reviews (docs/games: games the levels played).
REVIEWS: dict[str, str] = {
    "review-othello": "othello-advanced-v-advanced.kibitz.txt",
    "review-backgammon": "backgammon-intermediate-v-master.kibitz.txt",
}
GAMES = Path(__file__).resolve().parent.parent / "docs" / "games"


def shoot_review(name: str, file_name: str) -> Path:
    """The review screen on a sample game, analysed there, its worst error selected."""
    session, _ = load_game_file(GAMES / file_name)
    app = App((1280, 720), settings=Settings.with_values(game=session.game_id),
              persist_settings=False, worker_mode="thread")
    app.open_play(session)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e")])
    scene = app.scene
    if not app.run_until(lambda: scene.model.review is not None or not scene.model.running,
                         timeout_s=600) or scene.model.review is None:
        app.close()
        raise RuntimeError(f"{name}: no review ({scene.model.error or 'timed out'})")
    rows = scene.model.rows
    if rows:
        scene.model.select(max(range(len(rows)), key=lambda i: rows[i].loss))
        scene.moves.follow(scene.model.selected)
    scene.message.clear()  # the line under the board says what the board shows
    app.run_frames(30)
    path = OUT / f"{name}.png"
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


def main(names: list[str]) -> int:
    unknown = [g for g in names if g not in SHOTS and g not in REVIEWS]
    if unknown:
        print(f"no screenshot for {', '.join(unknown)}; known: "
              f"{', '.join([*SHOTS, *REVIEWS])}")
        return 2
    headless_sandbox()
    for name in names or [*SHOTS, *REVIEWS]:
        if name in REVIEWS:
            print("wrote", shoot_review(name, REVIEWS[name]))
        else:
            print("wrote", shoot(name, *SHOTS[name]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
