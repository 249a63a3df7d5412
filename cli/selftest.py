"""`kibitz selftest`: proves a build is whole — every asset loads and every game plays to the end.

Runs headless (SDL's dummy drivers), so CI can check the frozen executable without a screen.
Exit status 0 when all checks pass; otherwise 1, after one line per failure.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

#: game id -> options for a short game (a small Nim keeps the selftest quick).
SELFTEST_GAMES: dict[str, dict] = {
    "tictactoe": {},
    "othello": {},
    "nim": {"heaps": (3, 4, 5), "max_take": None},
    "backgammon": {},
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from cli.common import argparse_type, parse_seed

    parser.add_argument(
        "--seed", type=argparse_type(parse_seed), default=1, help="seed for dice and choices"
    )


def _check_assets() -> str:
    """Open every shipped asset the way the app does; raise on the first that fails."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import json

    import pygame

    from game.ui.assets import assets_dir

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
    import pygame

    try:
        pygame.mixer.init()
    except pygame.error:
        return False
    return True


def _play(game_id: str, seed: int) -> str:
    from ai.api import Limits, SearchConfig
    from ai.engine import default_algorithm
    from ai.selfplay import play_game
    from game.registry import get_game

    game = get_game(game_id)
    state = game.initial_state(**SELFTEST_GAMES[game_id])
    config = SearchConfig(game_id, default_algorithm(game_id), Limits(depth=1), exact=False)
    record = play_game(state, (config, config), random.Random(seed))
    if not record.finished:
        raise RuntimeError(f"did not finish in {len(record.moves)} plies")
    return f"{game.describe_result(record.final)} after {len(record.moves)} plies"


def _check_network() -> str:
    """The backgammon network (numpy and its weights file) answers a 1-ply search (Master)."""
    from ai.engine import run_search
    from ai.levels import get_level
    from game.registry import get_game

    game = get_game("backgammon")
    state = game.parse_position("4HPwATDgc/ABMA 31")
    result = run_search(state, get_level("backgammon", "Master").config("backgammon"))
    return f"Master plays 31 as {game.format_move(state, result.move)} ({result.score:+.3f})"


def _check_learned_tables() -> str:
    """Every learned table loads strictly: the levels fall back quietly when one is damaged (the
    bear-off database) or refuse only when asked for it, so a build missing one would otherwise
    still pass the game checks."""
    from games.backgammon.ai import bearoff as backgammon_bearoff
    from games.backgammon.ai import net as backgammon_net
    from games.othello.ai import patterns as othello_patterns

    backgammon_net.load_net()
    bearoff = backgammon_bearoff.load_table()
    othello_patterns.load_weights(othello_patterns.default_weights_path())
    return (
        f"backgammon network, bear-off database ({len(bearoff.off)} positions) and Othello "
        "pattern tables load"
    )


def run(args: argparse.Namespace) -> int:
    checks = [("assets", _check_assets), ("learned tables", _check_learned_tables)]
    checks += [(g, lambda g=g: _play(g, args.seed)) for g in SELFTEST_GAMES]
    checks.append(("backgammon network", _check_network))
    failures = 0
    for name, check in checks:
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
