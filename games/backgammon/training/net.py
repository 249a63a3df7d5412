"""Train the backgammon network (:mod:`games.backgammon.ai.net`) by TD(lambda) self-play.

One file, longer than most: a trainer is one command (self-play, the TD update, evaluation
matches, checkpoints, the learning curve) that a developer reads top to bottom.

The network plays both sides; each move is the one whose resulting position it values most
(all candidates of a roll go through the network in one batch). Learning follows Tesauro's
TD-Gammon: the value of each position moves toward the value of the next one (toward the real
result at the end), along eligibility traces that decay by ``lambda`` per move. Values are kept
in one fixed point of view (player 0's) so the traces run across both sides' moves.

Every ``--eval-every`` games the greedy network meets Tesauro's *pubeval*
(:mod:`games.backgammon.ai.pubeval`) in ``--eval-games`` games (pairs with the same dice,
colours swapped); a row ``games_trained,win_rate,points_per_game,seconds`` goes to the CSV and
the PNG curve is redrawn. A checkpoint (``--checkpoint``) is written at every evaluation and on
Ctrl+C; ``--resume`` continues from it. Game ``g`` draws its dice from its own seeded RNG and
the learning rate depends only on ``g``, so a resumed run ends with the same weights as an
uninterrupted one (on the same numpy build).

This run makes the first network of the chain whose last link ships (one core, 28 to 51 minutes
on a shared 2-core machine; it writes ``data/training/backgammon_td.npz``, from which
docs/training/README.md's supervised generations go on)::

    python -m games.backgammon.training.net --seed 1 --games 47500

numpy's BLAS runs on one thread (set in ``ai/__init__.py``): faster for these small batches, and
deterministic.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from ai.evaluation.curves import CurvePanel, plot, write_csv
from game.progress import ProgressBar
from games.backgammon import movegen as mg
from games.backgammon.ai import pubeval
from games.backgammon.ai.encoding import N_INPUTS, encode
from games.backgammon.ai.net import (
    FLIP,
    N_OUT,
    Net,
    WeightsError,
    consistent,
    equity,
    flip,
    load_net,
    save_net,
)
from games.backgammon.rules import START_POINTS

REPO = Path(__file__).resolve().parents[3]
#: The TD network, the training chain's first link (the shipped file is a later one).
DEFAULT_OUT = REPO / "data" / "training" / "backgammon_td.npz"
DEFAULT_CSV = REPO / "data" / "training" / "backgammon_net.csv"
DEFAULT_PNG = REPO / "docs" / "training" / "backgammon_net.png"
DEFAULT_CHECKPOINT = REPO / "build" / "training" / "backgammon_net.ckpt.npz"
Z95 = 1.959964

#: Player 1's raw outputs seen by player 0: (1 - win, lose g, lose bg, win g, win bg).
_SIGN = np.array([-1.0, 1.0, 1.0, 1.0, 1.0])


def start_sides() -> tuple[list[int], list[int]]:
    """(on roll, waiting) of the opening position, own numberings (the same for both)."""
    me, opp = mg.perspective(START_POINTS, (0, 0), (0, 0), 0)
    return me, opp[::-1]


def opening(rng: random.Random) -> tuple[int, int, int]:
    """(first player, high die, low die): each side rolls one die, ties re-rolled."""
    while True:
        w, r = rng.randint(1, 6), rng.randint(1, 6)
        if w != r:
            return (0 if w > r else 1), max(w, r), min(w, r)


def roll(rng: random.Random) -> tuple[int, int]:
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    return max(a, b), min(a, b)


def won_outcome(opp: Sequence[int]) -> np.ndarray:
    """Outputs of a mover who just bore off his last checker (``opp`` in his numbering)."""
    gammon = opp[25] == 0
    backgammon = gammon and (opp[0] > 0 or any(opp[1:7]))
    return np.array([1.0, float(gammon), float(backgammon), 0.0, 0.0])


def game_rng(seed: int, index: int) -> random.Random:
    return random.Random(seed * 1_000_003 + index)


# -- the learner -----------------------------------------------------------------------------------


class Learner:
    """The network plus TD(lambda) eligibility traces, one per output in player 0's view."""

    def __init__(self, net: Net, alpha: float, lam: float, halflife: float) -> None:
        self.net = net
        self.alpha0, self.lam, self.halflife = alpha, lam, halflife
        h = net.hidden
        self.e1 = np.zeros((N_OUT, N_INPUTS, h))
        self.eb1 = np.zeros((N_OUT, h))
        self.e2 = np.zeros((N_OUT, h, N_OUT))
        self.eb2 = np.zeros((N_OUT, N_OUT))

    def alpha(self, game: int) -> float:
        """Learning rate of game ``game``: halves every ``halflife`` games (1 / (1 + g / hl))."""
        return self.alpha0 / (1.0 + game / self.halflife) if self.halflife > 0 else self.alpha0

    def _trace(self, x: np.ndarray, h: np.ndarray, y: np.ndarray, player: int) -> None:
        """Decay the traces and add the gradient of player 0's view of this position."""
        net = self.net
        g = y * (1.0 - y)  # d raw output / d its logit
        hidden = g[:, None] * net.W2.T * (h * (1.0 - h))[None, :]  # (out, hidden)
        if player == 0:
            perm, sign = np.arange(N_OUT), np.ones(N_OUT)
        else:
            perm, sign = FLIP, _SIGN
        hidden = hidden[perm] * sign[:, None]
        lam = self.lam
        self.e1 *= lam
        self.e1 += x[None, :, None] * hidden[:, None, :]
        self.eb1 *= lam
        self.eb1 += hidden
        self.e2 *= lam
        self.eb2 *= lam
        k = np.arange(N_OUT)
        self.e2[k, :, perm] += (sign * g[perm])[:, None] * h[None, :]
        self.eb2[k, perm] += sign * g[perm]

    def _update(self, delta: np.ndarray, alpha: float) -> None:
        net = self.net
        net.W1 += alpha * np.tensordot(delta, self.e1, axes=1)
        net.b1 += alpha * delta @ self.eb1
        net.W2 += alpha * np.tensordot(delta, self.e2, axes=1)
        net.b2 += alpha * delta @ self.eb2

    def play_game(self, rng: random.Random, game: int) -> None:
        """One self-play game with learning after every move."""
        alpha = self.alpha(game)
        for t in (self.e1, self.eb1, self.e2, self.eb2):
            t.fill(0.0)
        player, d1, d2 = opening(rng)
        a, b = start_sides()
        x = encode(np.array(a), np.array(b))[0]
        h, y = self.net.forward(x[None])
        h, y = h[0], y[0]
        while True:
            results = mg.generate(a, b[::-1], d1, d2)
            finished = [r for r in results if r[1][0] == 15]
            self._trace(x, h, y, player)
            view = y if player == 0 else _view1(y)
            if finished:
                won = max((won_outcome(r[2]) for r in finished), key=lambda o: o.sum())
                target = won if player == 0 else _view1(won)
                self._update(target - view, alpha)
                return
            i, xs, hs, ys = self._choose(results)
            me, opp = results[i][1], results[i][2]
            a, b = list(opp[::-1]), list(me)
            player = 1 - player
            x, h, y = xs[i], hs[i], ys[i]
            nxt = y if player == 0 else _view1(y)
            self._update(nxt - view, alpha)
            d1, d2 = roll(rng)

    def _choose(self, results: list) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
        """Index of the mover's best candidate and the batch (inputs, hidden, outputs)."""
        me = np.asarray([r[1] for r in results], dtype=np.int64)
        opp = np.asarray([r[2] for r in results], dtype=np.int64)
        xs = encode(opp[:, ::-1], me)
        hs, ys = self.net.forward(xs)
        values = equity(flip(consistent(ys)))
        return int(np.argmax(values)), xs, hs, ys


def _view1(y: np.ndarray) -> np.ndarray:
    """Player 1's outputs seen by player 0."""
    v = y[FLIP].copy()
    v[0] = 1.0 - y[0]
    return v


# -- matches against pubeval ------------------------------------------------------------------------

Chooser = Callable[[list], int]


def net_chooser(net: Net) -> Chooser:
    def choose(results: list) -> int:
        me = np.asarray([r[1] for r in results], dtype=np.int64)
        opp = np.asarray([r[2] for r in results], dtype=np.int64)
        return int(np.argmax(equity(flip(net.probs(opp[:, ::-1], me)))))

    return choose


def pubeval_chooser(results: list) -> int:
    scores = [pubeval.score(r[1], r[2]) for r in results]
    return scores.index(max(scores))


def greedy_game(players: tuple[Chooser, Chooser], rng: random.Random) -> int:
    """Points for player 0 in a game between two greedy choosers."""
    player, d1, d2 = opening(rng)
    a, b = start_sides()
    while True:
        results = mg.generate(a, b[::-1], d1, d2)
        i = players[player](results) if len(results) > 1 else 0
        me, opp = results[i][1], results[i][2]
        if me[0] == 15:
            won = won_outcome(opp)
            pts = int(1 + won[1] + won[2])
            return pts if player == 0 else -pts
        a, b = list(opp[::-1]), list(me)
        player = 1 - player
        d1, d2 = roll(rng)


def match(
    net: Net, pairs: int, seed: int, opponent: Chooser = pubeval_chooser, quiet: bool = True
) -> dict[str, float]:
    """``pairs`` dice sequences, the network as player 0 then as player 1, against pubeval or
    ``opponent``: win rate and points per game with 95% intervals (pairs as the unit for points,
    which cancels most of the dice's luck). ``quiet=False``: a progress bar on stderr (8,000
    games of two v3 networks take minutes)."""
    mine = net_chooser(net)
    games: list[int] = []
    means: list[float] = []
    bar = None if quiet else ProgressBar(2 * pairs, "games")
    for i in range(pairs):
        if bar is not None and i % 25 == 0 and means:
            bar.update(2 * i, f"{sum(means) / len(means):+.3f} points a game so far")
        total = 0
        for side in (0, 1):
            rng = random.Random(seed * 7_919 + i)
            players = (mine, opponent) if side == 0 else (opponent, mine)
            pts = greedy_game(players, rng)
            pts = pts if side == 0 else -pts
            games.append(pts)
            total += pts
        means.append(total / 2)
    if bar is not None:
        bar.update(2 * pairs)
        bar.close()
    n = len(games)
    p = sum(g > 0 for g in games) / n
    m = sum(means) / len(means)
    var = sum((v - m) ** 2 for v in means) / max(1, len(means) - 1)
    return {
        "games": n,
        "win_rate": p,
        "win_rate_half": Z95 * math.sqrt(p * (1 - p) / n),
        "points_per_game": m,
        "ppg_half": Z95 * math.sqrt(var / len(means)),
    }


# -- curve -------------------------------------------------------------------------------------------


#: The curve's panels: measured against pubeval at 0-ply.
PUBEVAL_PANELS: tuple[CurvePanel, ...] = (
    ("WIN RATE VS PUBEVAL (0-PLY)", 1, 0.0, 1.0, 0.5, (30, 90, 200), "{:.0%}"),
    ("POINTS/GAME VS PUBEVAL", 2, -1.5, 1.0, 0.0, (220, 110, 20), "{:.1f}"),
)


# -- checkpoints --------------------------------------------------------------------------------------


def save_checkpoint(path: Path, net: Net, done: int, seconds: float, rows: list) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    state = {"games_done": done, "seconds": seconds, "rows": rows, "meta": net.meta}
    with open(tmp, "wb") as f:
        np.savez(f, W1=net.W1, b1=net.b1, W2=net.W2, b2=net.b2, state=np.array(json.dumps(state)))
    tmp.replace(path)


def load_checkpoint(path: Path) -> tuple[Net, int, float, list]:
    try:
        with np.load(path, allow_pickle=False) as d:
            net = Net(d["W1"].copy(), d["b1"].copy(), d["W2"].copy(), d["b2"].copy())
            state = json.loads(str(d["state"]))
    except FileNotFoundError:
        raise WeightsError(f"no checkpoint to resume: {path}") from None
    except Exception as exc:
        raise WeightsError(f"checkpoint unreadable ({path.name}): {exc}") from None
    net.meta = state.get("meta", {})
    rows = [tuple(r) for r in state["rows"]]
    return net, int(state["games_done"]), float(state["seconds"]), rows


# -- command line -------------------------------------------------------------------------------------


def train(args: argparse.Namespace) -> int:
    ckpt = Path(args.checkpoint)
    config = {"seed": args.seed, "hidden": args.hidden, "alpha": args.alpha,
              "lambda": args.lam, "halflife": args.halflife, "games": args.games,
              "eval_every": args.eval_every, "eval_games": args.eval_games}  # fmt: skip
    if args.resume:
        net, done, seconds, rows = load_checkpoint(ckpt)
        saved = net.meta.get("config")
        saved = saved if isinstance(saved, dict) else {}
        changed = [k for k in ("seed", "hidden", "alpha", "lambda", "halflife") if
                   saved.get(k) != config[k]]  # fmt: skip
        if changed:
            raise SystemExit(f"error: --resume with different {', '.join(changed)} than the run")
    else:
        net = Net.random(args.hidden, np.random.default_rng(args.seed))
        done, seconds, rows = 0, 0.0, []
    net.meta = {"config": config}
    learner = Learner(net, args.alpha, args.lam, args.halflife)
    start = time.perf_counter()
    bar = ProgressBar(args.games, "games", rate=True, resumed_at=done)
    note = f"last: {rows[-1][2]:+.3f} ppg vs pubeval" if rows else ""

    def elapsed() -> float:
        return seconds + time.perf_counter() - start

    def publish() -> None:
        """The weights file as of now: any evaluation point is a usable, reproducible net."""
        meta = dict(net.meta)
        net.meta = {"config": config, "games_trained": done, "seconds": round(elapsed(), 1),
                    "command": f"python -m games.backgammon.training.net --seed {args.seed}"
                    f" --games {done} --hidden {args.hidden} --alpha {args.alpha}"
                    f" --halflife {args.halflife:g} --lambda {args.lam}"}  # fmt: skip
        save_net(net, args.out)
        net.meta = meta

    def evaluate() -> None:
        nonlocal note
        res = match(net, args.eval_games // 2, args.seed + 99)
        rows.append((done, res["win_rate"], res["points_per_game"], elapsed()))
        write_csv(Path(args.csv), rows)
        plot(rows, Path(args.png), PUBEVAL_PANELS)
        note = f"last: {res['points_per_game']:+.3f} ppg vs pubeval"
        save_checkpoint(ckpt, net, done, elapsed(), rows)
        publish()
        print(
            f"\ngames {done:6d}  vs pubeval: win rate {res['win_rate']:.3f}"
            f"  points/game {res['points_per_game']:+.3f} +- {res['ppg_half']:.3f}"
            f"  {elapsed():7.0f} s",
            flush=True,
        )

    try:
        if not rows:
            evaluate()
        while done < args.games:
            learner.play_game(game_rng(args.seed, done), done)
            done += 1
            if done % 20 == 0:
                bar.update(done, note)
            if done % args.eval_every == 0:
                evaluate()
    except KeyboardInterrupt:
        save_checkpoint(ckpt, net, done, elapsed(), rows)
        print(f"\ninterrupted after {done} games; resume with --resume", file=sys.stderr)
        return 130
    if not rows or rows[-1][0] != done:
        evaluate()
    print(f"trained {done} games in {elapsed():.0f} s; weights in {args.out}")
    return 0


def run_match(args: argparse.Namespace) -> int:
    net = load_net(args.out)
    opponent: Chooser = pubeval_chooser
    name = "pubeval"
    if args.against:
        opponent, name = net_chooser(load_net(args.against)), f"{args.against} (0-ply)"
    t = time.perf_counter()
    res = match(net, args.match, args.seed, opponent, quiet=False)
    print(
        f"network (0-ply) vs {name}, {res['games']} games ({args.match} dice sequences, both"
        f" colours), seed {args.seed}: win rate {res['win_rate']:.3f} +- {res['win_rate_half']:.3f},"
        f" points per game {res['points_per_game']:+.3f} +- {res['ppg_half']:.3f} (95%),"
        f" {time.perf_counter() - t:.0f} s"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m games.backgammon.training.net", description=__doc__.split("\n")[0]
    )
    p.add_argument("--games", type=int, default=47500, help="total training games")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hidden", type=int, default=80, help="hidden units")
    p.add_argument("--alpha", type=float, default=0.1, help="initial learning rate")
    p.add_argument("--halflife", type=float, default=20000, help="games until alpha halves")
    p.add_argument("--lambda", dest="lam", type=float, default=0.7, help="trace decay")
    p.add_argument("--out", default=str(DEFAULT_OUT), help="weights file written")
    p.add_argument("--checkpoint", default=str(DEFAULT_CHECKPOINT))
    p.add_argument("--resume", action="store_true", help="continue from --checkpoint")
    p.add_argument("--eval-every", type=int, default=2500, help="games between pubeval matches")
    p.add_argument("--eval-games", type=int, default=400, help="games per pubeval match")
    p.add_argument("--csv", default=str(DEFAULT_CSV))
    p.add_argument("--png", default=str(DEFAULT_PNG))
    p.add_argument(
        "--match", type=int, default=0, metavar="PAIRS",
        help="instead of training: play PAIRS x 2 games of --out against pubeval (or --against)",
    )  # fmt: skip
    p.add_argument(
        "--against", metavar="FILE",
        help="with --match: the opponent is this weights file's network (0-ply), not pubeval",
    )  # fmt: skip
    args = p.parse_args(argv)
    if args.games < 0 or args.eval_every <= 0 or args.eval_games < 2 or args.hidden < 1:
        p.error("--games >= 0, --eval-every > 0, --eval-games >= 2, --hidden >= 1 are required")
    if args.against and not args.match:
        p.error("--against needs --match PAIRS")
    try:
        return run_match(args) if args.match else train(args)
    except WeightsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
