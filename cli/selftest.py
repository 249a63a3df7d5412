"""`kibitz selftest`: proves a build is whole — every asset loads and every game plays to the end.

Runs headless (SDL's dummy drivers), so CI can check the frozen executable without a screen.
Exit status 0 when all checks pass; otherwise 1, after one line per failure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from functools import partial

from ai import native
from ai.api import Limits, SearchConfig
from ai.engine import default_algorithm
from ai.kit import game_ai
from ai.selfplay import play_game
from cli.common import argparse_type, parse_seed
from game.kit import GameKit
from game.registry import playable_kits


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed", type=argparse_type(parse_seed), default=1, help="seed for dice and choices"
    )


def _check_assets() -> str:
    """Open every shipped asset the way the app does; raise on the first that fails."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame  # a headless command: the window's library only when this check runs

    from ui.assets import assets_dir  # the screens' module, which loads pygame too

    pygame.init()
    pygame.display.set_mode((64, 64))
    root = assets_dir()
    if not root.is_dir():
        raise FileNotFoundError(f"assets folder not found at {root}")
    count = 0
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        suffix = path.suffix.lower()
        if suffix in (".ttf", ".otf"):
            pygame.font.Font(str(path), 16).render("Kibitz", True, (0, 0, 0))
        elif suffix in (".png", ".jpg", ".bmp"):
            pygame.image.load(str(path)).convert_alpha()
        elif suffix in (".wav", ".ogg"):
            if pygame.mixer.get_init() or _try_mixer():
                pygame.mixer.Sound(str(path))
        elif suffix == ".json":
            json.loads(path.read_text(encoding="utf-8"))
        else:
            continue
        count += 1
    pygame.quit()
    return f"{count} assets load"


def _try_mixer() -> bool:
    import pygame  # as in _check_assets

    try:
        pygame.mixer.init()
    except pygame.error:
        return False
    return True


def _play(kit: GameKit, seed: int) -> str:
    """A game at depth 1 for both sides, played to the end."""
    game = kit.rules()
    state = game.initial_state(**game_ai(kit).selftest.options)
    config = SearchConfig(kit.id, default_algorithm(kit), Limits(depth=1), exact=False)
    record = play_game(state, (config, config), random.Random(seed))
    if not record.finished:
        raise RuntimeError(f"did not finish in {len(record.moves)} plies")
    return f"{game.describe_result(record.final)} after {len(record.moves)} plies"


def _review() -> str:
    """A game review of the first playable game's start: the review's modules are in the
    build and weigh a move (the marks' details are the tests')."""
    from ai.review.analysis import ReviewSettings, review_session  # only this check needs it
    from game.session import Session

    kit = playable_kits()[0]
    session = Session(kit, dict(game_ai(kit).selftest.options))
    session.play(session.current.legal_moves()[0])
    review = review_session(session, ReviewSettings(depth=1))
    row = review.rows[0]
    return f"{kit.id}: {row.move} weighed against {row.best_move}, loss {row.loss:g}"


def _learned_tables() -> str:
    """Every game's learned tables, loaded strictly (``SelfTest.tables``)."""
    loaded = [t() for kit in playable_kits() if (t := game_ai(kit).selftest.tables) is not None]
    return f"{', '.join(loaded)} load"


def _checks(seed: int) -> list[tuple[str, Callable[[], str]]]:
    """The assets and the learned tables, then each game played to the end, then the games'
    own checks."""
    checks: list[tuple[str, Callable[[], str]]] = [("assets", _check_assets),
                                                   ("learned tables", _learned_tables),
                                                   ("kernels", native.status)]
    checks += [(kit.id, partial(_play, kit, seed)) for kit in playable_kits()]
    checks.append(("review", _review))
    for kit in playable_kits():
        checks += list(game_ai(kit).selftest.checks)
    return checks


def run(args: argparse.Namespace) -> int:
    failures = 0
    for name, check in _checks(args.seed):
        start = time.perf_counter()
        try:
            detail = check()
        except Exception as exc:  # noqa: BLE001 - a selftest reports every failure, whatever it is
            failures += 1
            print(f"FAIL {name}: {type(exc).__name__}: {exc}", flush=True)
        else:
            print(f"ok   {name}: {detail} ({time.perf_counter() - start:.2f} s)", flush=True)
    print("selftest passed" if not failures else f"selftest: {failures} check(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run(argparse.Namespace(seed=1)))
