"""Builds backgammon's opening book from Kibitz's own rollouts (games.backgammon.ai.book).

For each of the 15 non-double opening rolls, in a fixed order: the candidates are Advanced's
best ``--candidates`` moves by its own search (one chance layer) plus the moves Intermediate
and Advanced choose, and each is rolled out ``--trials`` times (common dice, the first two
rolls rotated, cut after ``--truncate`` plies and scored by the network), reproducibly from
``--seed``. ``--network`` names the network that searches and scores (default: the shipped
one; ``gen0``, the TD network, made the shipped book). The file is written after every roll
and a run resumes from it (its settings must match). The levels' own choices are kept beside
the rollouts: what the book changes, and what that is worth by the rollouts' own measure.
(Master, two chance layers, plays from the book too; its search was not among the book's
candidates.) ``--jobs N`` plays the rollouts' trials on N processes here, ``--cluster ADDRESS``
on a Dask cluster (ai.spread; docs/cluster.md): the same book either way. Documented in
docs/training/README.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import cast

from ai.engine import run_search
from ai.kit import get_evaluator, get_level
from ai.spread import ClusterError, Spread, add_spread_arguments, spread_for
from game.bookfile import start_book, write_book
from game.core import Move
from game.paths import asset_path
from game.progress import ProgressBar
from game.registry import get_kit
from games.backgammon.ai.book import BOOK_FILE, FORMAT, VERSION, roll_key
from games.backgammon.ai.net import NetEvaluator
from games.backgammon.ai.rollout import rollout
from games.backgammon.game import Backgammon
from games.backgammon.rules import BackgammonState

#: The 15 opening rolls, high die first, in the order the book is built.
OPENING_ROLLS = tuple((high, low) for high in range(2, 7) for low in range(1, high))
#: The levels whose choices the book is measured against.
LEVELS = ("Intermediate", "Advanced")


def level_choice(state: BackgammonState, level: str, network: str = "net"
                 ) -> tuple[Move, dict[Move, float]]:
    """The move ``level`` plays by search on ``network`` (book closed) and the root values it
    saw."""
    kit = get_kit("backgammon")
    config = replace(get_level(kit, level).config(kit, seed=0),
                     use_book=False, evaluator=network)
    result = run_search(state, config)
    assert result.move is not None
    return result.move, dict(result.root_values)


def roll_entry(dice: tuple[int, int], candidates: int, trials: int, truncate: int,
               seed: int, network: str = "net", spread: Spread | None = None) -> dict:
    """One roll's book entry: the candidates' rollouts, best first, and the levels' choices
    (the rollouts' trials played where ``spread`` runs them; None: here)."""
    state = BackgammonState(dice=dice)
    game = Backgammon()
    choices: dict[str, Move] = {}
    ranked: list[Move] = []
    for level in LEVELS:
        move, values = level_choice(state, level, network)
        choices[level] = move
        if level == LEVELS[-1]:
            ranked = sorted(values, key=lambda m: -values[m])[:candidates]
    moves = list(dict.fromkeys([*ranked, *choices.values()]))
    # main() refuses a --network that is not a network.
    network_evaluator = cast(NetEvaluator, get_evaluator(get_kit("backgammon"), network))
    answer = rollout(state, moves, trials, seed, truncate, evaluator=network_evaluator,
                     spread=spread)
    name = lambda m: game.format_move(state, m)  # noqa: E731
    rows = [line.as_dict(name) for line in answer.lines]
    return {"trials": trials, "seconds": round(answer.seconds, 3),
            "moves": [{k: row[k] for k in ("move", "equity", "se", "diff", "diff_se")}
                      for row in rows],
            "levels": {level: name(move) for level, move in choices.items()}}


def build(out: Path, candidates: int, trials: int, truncate: int, seed: int,
          network: str = "net", spread: Spread | None = None) -> dict:
    settings = {"candidates": candidates, "trials": trials, "truncate": truncate, "seed": seed,
                "network": network}
    book = start_book(out, {"format": FORMAT, "version": VERSION},
                      "games.backgammon.training.book", settings, "rolls")
    bar = ProgressBar(len(OPENING_ROLLS), "rolls")
    started = time.perf_counter()
    for done, dice in enumerate(OPENING_ROLLS):
        key = roll_key(dice)
        bar.update(done, f"rolling out {dice[0]}-{dice[1]}{spread.note() if spread else ''}")
        if key not in book["rolls"]:
            book["rolls"][key] = roll_entry(dice, candidates, trials, truncate, seed, network,
                                            spread)
            write_book(out, book, indent=1)
    bar.update(len(OPENING_ROLLS))
    bar.close()
    print(f"{len(book['rolls'])} rolls in {time.perf_counter() - started:.0f} s: {out}")
    print(worth_text(book))
    return book


def worth(book: dict, level: str) -> tuple[float, float]:
    """What the book gains over ``level``'s own first move, in points a game by the rollouts
    (each roll weighted by its chance, 1/15 of the games' first moves), with its standard
    error (the rolls are independent; each difference carries its paired error)."""
    gain = var = 0.0
    for row in book["rolls"].values():
        lines = {m["move"]: m for m in row["moves"]}
        chosen = lines[row["levels"][level]]
        gain += -chosen["diff"] / len(book["rolls"])
        var += (chosen["diff_se"] / len(book["rolls"])) ** 2
    return gain, var ** 0.5


def worth_text(book: dict) -> str:
    rows = []
    for level in LEVELS:
        changed = sum(row["moves"][0]["move"] != row["levels"][level]
                      for row in book["rolls"].values())
        gain, se = worth(book, level)
        rows.append(f"{level}: the book changes {changed} of {len(book['rolls'])} first moves, "
                    f"worth {gain:+.4f} points a first move it plays (SE {se:.4f})")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.backgammon.training.book",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=5)
    parser.add_argument("--trials", type=int, default=1296)
    parser.add_argument("--truncate", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--network", default="net",
                        help="the network that searches and scores: net (the shipped one) or a "
                             "chain's generation, e.g. gen0")
    parser.add_argument("--out", type=Path, default=asset_path(*BOOK_FILE))
    add_spread_arguments(parser, "rollouts' trials")
    args = parser.parse_args(argv)
    if min(args.candidates, args.trials, args.truncate) < 1:
        parser.error("--candidates, --trials and --truncate must be at least 1")
    try:
        network = get_evaluator(get_kit("backgammon"), args.network)
    except ValueError as exc:
        parser.error(f"--network: {exc}")
    if not isinstance(network, NetEvaluator):  # the rollouts score with the network's chances
        parser.error(f"--network: {args.network} is not a network (net, gen0, gen1, ...)")
    try:
        with spread_for(args.jobs, args.cluster) as spread:
            build(args.out, args.candidates, args.trials, args.truncate, args.seed,
                  args.network, spread)
    except ClusterError as exc:  # unreachable, or a block of trials failed on every worker
        parser.exit(2, f"{parser.prog}: error: {exc}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
