"""Supervised training of the backgammon network on labelled positions: the second stage of
the recipe (games.backgammon.training.labels makes the labels).

The network (the shipped layout: :mod:`games.backgammon.ai.net`'s inputs, one hidden layer of
sigmoids, five sigmoid outputs) starts from the teacher's weights and learns each position's
labelled chances (1-ply, or two chance layers: the folder's ``meta.json`` says, and so do
the trained weights' metadata and the curve) by minibatch Adam on the outputs' cross-entropy
(each output a probability, each label a probability: the loss is smallest exactly at the
label, where what it exceeds the labels' own entropy by is 0). numpy alone: the net is small
and a batch of 256 positions is one pair of matrix products each way.

The last ``--holdout`` chunks are kept out of training; after every epoch the held-out
positions' loss and mean equity error against their labels are measured (the teacher's own
error on them, 0-ply against its labels, is the first row, epoch 0), a row goes to the CSV and the
PNG curve is redrawn, and a checkpoint (weights, Adam's moments, the rows) is written whole.
Epoch ``e`` shuffles with its own seeded generator, so ``--resume`` continues to the same
weights as a run that never stopped (on the same numpy build; BLAS runs on one thread).

``--encoding v2`` (or ``v3``) trains on the shipped inputs plus each side's hand-made features
(games.backgammon.ai.contact_features; v3 adds shot_features and prime_features); the inputs
the teacher lacks start with zero weights, so the student starts as exactly the teacher.
``--split-race`` trains two networks, each from the teacher: one on the contact positions (in
the chosen layout) and one on the race positions (v1 inputs), saved in one file; the race
stage has its own checkpoint and curve (``-race`` beside the others' names) and resumes too.

At the end the new network meets its teacher at 0-ply, ``--eval-pairs`` pairs of games on the
same dice with colours swapped, and the score is printed with its 95% interval.

Generation 1 (see docs/training/README.md for the figures)::

    python -m games.backgammon.training.labels --seed 1 --chunks 120 \\
        --out data/training/backgammon-labels-gen1
    python -m games.backgammon.training.supervised --labels data/training/backgammon-labels-gen1 \\
        --seed 1 --epochs 20 --out data/training/backgammon_gen1.npz
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ai.evaluation.curves import CurvePanel, plot
from game.progress import ProgressBar
from games.backgammon.ai.encoding import ENCODINGS, encode_as, is_race
from games.backgammon.ai.net import Net, consistent, equity, load_net, save_net, sigmoid
from games.backgammon.training.labels import label_depth, read_chunk
from games.backgammon.training.net import match, net_chooser
from games.backgammon.training.optimizer import (
    Adam,
    epoch_lr,
    load_checkpoint,
    save_checkpoint,
)

REPO = Path(__file__).resolve().parents[3]
DEFAULT_CSV = REPO / "data" / "training" / "backgammon_gen1.csv"
DEFAULT_PNG = REPO / "docs" / "training" / "backgammon_gen1.png"
EPS = 1e-7

#: The curve's panels: the held-out positions' equity error and loss, by positions trained.
def panels(depth: int) -> tuple[CurvePanel, ...]:
    """The curve's panels for labels ``depth`` chance layers deep ("2-PLY LABELS")."""
    return (
        (f"HELD-OUT EQUITY ERROR VS {depth}-PLY LABELS", 1, 0.0, 0.08, 0.0, (30, 90, 200),
         "{:.3f}"),
        ("HELD-OUT CROSS-ENTROPY ABOVE THE LABELS", 2, 0.0, 0.04, 0.0, (220, 110, 20),
         "{:.4f}"),
    )


def load_labels(folder: Path, holdout: int, more: tuple[Path, ...] = ()
                ) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """(training, held-out) arrays from the folder's chunks, in chunk order; every chunk of the
    ``more`` folders is trained on too, after them, so the held-out positions (the main
    folder's last chunks) stay the same whatever else a run learns from."""
    chunks = _chunks(folder)
    if len(chunks) <= holdout:
        raise ValueError(f"{folder}: {len(chunks)} chunks, need more than --holdout {holdout}")
    extra = [chunk for other in more for chunk in _chunks(other)]
    return _joined(chunks[:-holdout] + extra), _joined(chunks[-holdout:])


def _chunks(folder: Path) -> list[dict[str, np.ndarray]]:
    files = sorted(folder.glob("chunk-[0-9][0-9][0-9][0-9][0-9].npz"))  # not a .tmp one
    return [read_chunk(f) for f in files]


def _joined(part: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    return {k: np.concatenate([c[k] for c in part]) for k in part[0]}


def inputs(arrays: dict[str, np.ndarray], encoding: str = "v1") -> np.ndarray:
    return encode_as(arrays["a"].astype(np.int64), arrays["b"].astype(np.int64),
                     encoding).astype(np.float32)


def with_encoding(net: Net, encoding: str) -> Net:
    """``net`` reading the inputs of ``encoding``: the inputs it did not have get zero weights,
    so it starts as exactly the same evaluator and training decides what they are worth."""
    extra = ENCODINGS[encoding] - net.W1.shape[0]
    if extra < 0:
        raise ValueError(f"the teacher has more inputs than the {encoding!r} layout")
    return Net(np.vstack([net.W1, np.zeros((extra, net.hidden))]), net.b1, net.W2, net.b2,
               net.meta, encoding)


def gradients(net: Net, x: np.ndarray, t: np.ndarray) -> tuple[float, list[np.ndarray]]:
    """Mean cross-entropy of the raw outputs against the labels, and its gradients."""
    h = sigmoid(x @ net.W1 + net.b1)
    y = sigmoid(h @ net.W2 + net.b2)
    n = len(x)
    loss = -float(np.mean(np.sum(t * np.log(y + EPS) + (1 - t) * np.log(1 - y + EPS), axis=1)))
    dz2 = (y - t) / n
    dh = dz2 @ net.W2.T
    dz1 = dh * h * (1 - h)
    return loss, [x.T @ dz1, dz1.sum(axis=0), h.T @ dz2, dz2.sum(axis=0)]


def held_out(net: Net, x: np.ndarray, t: np.ndarray) -> tuple[float, float]:
    """(mean equity error against the labels, mean cross-entropy above the labels' own
    entropy) on held-out positions: both 0 for a network that has learned the labels."""
    _, y = net.forward(x)
    t = t.astype(np.float64)
    loss = -np.sum(t * np.log(y + EPS) + (1 - t) * np.log(1 - y + EPS), axis=1)
    entropy = -np.sum(t * np.log(t + EPS) + (1 - t) * np.log(1 - t + EPS), axis=1)
    error = float(np.mean(np.abs(equity(consistent(y)) - equity(t))))
    return error, float(np.mean(loss - entropy))


def widened(net: Net, hidden: int, seed: int) -> Net:
    """The teacher with ``hidden`` hidden units: the new units get small random input weights
    and no say in the outputs (zero output weights), so the wider network starts as exactly
    the teacher and training decides what the new units learn."""
    extra = hidden - net.hidden
    if extra < 0:
        raise ValueError(f"--hidden {hidden} is narrower than the teacher's {net.hidden} units")
    rng = np.random.default_rng(seed)
    return Net(
        np.hstack([net.W1, rng.uniform(-0.1, 0.1, (net.W1.shape[0], extra))]),
        np.concatenate([net.b1, np.zeros(extra)]),
        np.vstack([net.W2, np.zeros((extra, net.W2.shape[1]))]),
        net.b2.copy(),
    )


def train(net: Net, adam: Adam, train_x: np.ndarray, train_t: np.ndarray,
          hold_x: np.ndarray, hold_t: np.ndarray, first_epoch: int, epochs: int,
          seed: int, batch: int, rows: list[tuple],
          on_epoch: Callable[[int, list[tuple]], None] | None = None,
          quiet: bool = True, lr_end: float | None = None) -> list[tuple]:
    """Epochs ``first_epoch + 1 .. epochs``; ``on_epoch(epoch, rows)`` after each (the
    checkpoint); rows are (positions trained, held-out equity error, loss, seconds). The
    rate of each epoch follows from its number (:func:`epoch_lr`), so a resumed run agrees."""
    n = len(train_x)
    started = time.monotonic() - (rows[-1][3] if rows else 0.0)
    for epoch in range(first_epoch + 1, epochs + 1):
        rate = epoch_lr(adam.lr, lr_end, epochs, epoch)
        order = np.random.default_rng(seed * 1_000 + epoch).permutation(n)
        bar = None if quiet else ProgressBar(n, "positions")
        total = 0.0
        for start in range(0, n, batch):
            idx = order[start:start + batch]
            loss, grads = gradients(net, train_x[idx], train_t[idx])
            adam.update(net, grads, rate)
            total += loss * len(idx)
            if bar is not None and (start // batch) % 50 == 0:
                bar.update(start + len(idx), f"epoch {epoch}/{epochs}, loss {total / (start + len(idx)):.4f}")
        if bar is not None:
            bar.update(n, f"epoch {epoch}/{epochs}")
            bar.close()
        error, loss = held_out(net, hold_x, hold_t)
        rows.append((epoch * n, error, loss, round(time.monotonic() - started, 1)))
        if on_epoch is not None:
            on_epoch(epoch, rows)
    return rows


def write_curve(rows: list[tuple], csv_path: Path, png_path: Path, depth: int) -> None:
    csv_path.parent.mkdir(parents=True, exist_ok=True)
    with csv_path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(("positions_trained", "holdout_equity_error", "holdout_excess_cross_entropy",
                    "seconds"))
        for pos, err, loss, sec in rows:
            w.writerow((pos, f"{err:.5f}", f"{loss:.5f}", f"{sec:.1f}"))
    plot(rows, png_path, panels(depth), x_label="POSITIONS TRAINED")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labels", type=Path, required=True, help="a folder of label chunks")
    parser.add_argument("--more-labels", type=Path, action="append", default=[],
                        help="another folder of label chunks, all trained on (repeatable; the "
                             "held-out chunks stay --labels' last ones)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--lr-end", type=float, default=None,
                        help="the last epoch's learning rate, falling geometrically from --lr "
                             "(default: --lr throughout)")
    parser.add_argument("--holdout", type=int, default=2, help="chunks kept for measuring")
    parser.add_argument("--hidden", type=int, default=None,
                        help="hidden units (default: the teacher's; more: it is widened)")
    parser.add_argument("--teacher", type=Path, default=None,
                        help="the starting weights (default: the shipped network)")
    parser.add_argument("--encoding", choices=tuple(ENCODINGS), default=None,
                        help="the inputs (v1; v2 adds contact features; v3 shot and prime "
                             "features too; default: the teacher's)")
    parser.add_argument("--split-race", action="store_true",
                        help="train a separate network (v1 inputs) for race positions")
    parser.add_argument("--out", type=Path, required=True, help="the trained weights file")
    parser.add_argument("--checkpoint", type=Path, default=None,
                        help="default: the output's name with .ckpt.npz")
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--eval-pairs", type=int, default=500)
    parser.add_argument("--csv", type=Path, default=DEFAULT_CSV)
    parser.add_argument("--png", type=Path, default=DEFAULT_PNG)
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except (ValueError, OSError) as exc:
        print(f"supervised: error: {exc}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    ckpt = args.checkpoint or args.out.with_name(args.out.stem + ".ckpt.npz")
    depth = label_depth(args.labels)  # chance layers the labels looked: the meta and curve say
    for other in args.more_labels:
        if label_depth(other) != depth:
            raise ValueError(f"{other}: labels {label_depth(other)} chance layers deep, "
                             f"{args.labels}'s are {depth}")
    train_a, hold_a = load_labels(args.labels, args.holdout, tuple(args.more_labels))
    teacher = load_net(args.teacher)
    encoding = args.encoding or teacher.encoding  # a student reads at least its teacher's inputs
    if not args.split_race:
        net, rows = _stage(args, teacher, encoding, train_a, hold_a, ckpt, args.csv,
                           args.png, args.resume, depth)
    else:
        # Contact and race positions go to separate networks, each started from the teacher's.
        train_race = is_race(train_a["a"].astype(np.int64), train_a["b"].astype(np.int64))
        hold_race = is_race(hold_a["a"].astype(np.int64), hold_a["b"].astype(np.int64))
        if not train_race.any() or not hold_race.any():
            raise ValueError("--split-race: the labels hold no race positions to train or to"
                             " measure a race network on")
        net, rows = _stage(args, teacher, encoding, _rows(train_a, ~train_race),
                           _rows(hold_a, ~hold_race), ckpt, args.csv, args.png, args.resume,
                           depth)
        race_ckpt = _suffixed(ckpt, "-race")  # a run stopped in the first stage has none yet
        # A teacher with races apart teaches the race network from its own race network.
        race_teacher = teacher.race or teacher
        net.race, race_rows = _stage(args, race_teacher, "v1", _rows(train_a, train_race),
                                     _rows(hold_a, hold_race), race_ckpt,
                                     _suffixed(args.csv, "-race"), _suffixed(args.png, "-race"),
                                     args.resume and race_ckpt.exists(), depth)
        net.meta["race_positions"] = int(train_race.sum())
        rows = rows + race_rows  # both must have finished with finite errors
        a, b = hold_a["a"].astype(np.int64), hold_a["b"].astype(np.int64)
        error = float(np.mean(np.abs(equity(net.probs(a, b)) - equity(hold_a["label"]))))
        print(f"race network: held-out equity error {race_rows[-1][1]:.4f} on "
              f"{int(hold_race.sum())} race positions; both networks together: {error:.4f} on "
              f"all {len(a)} held-out positions")
    net.bearoff = teacher.bearoff
    save_net(net, args.out)
    if args.eval_pairs > 0:
        score = match(net, args.eval_pairs, args.seed, opponent=net_chooser(teacher))
        print(f"against the teacher at 0-ply, {score['games']} games on paired dice: "
              f"{score['points_per_game']:+.3f} points a game (95% interval "
              f"{score['points_per_game'] - score['ppg_half']:+.3f} .. "
              f"{score['points_per_game'] + score['ppg_half']:+.3f}), "
              f"wins {score['win_rate']:.1%}")
    return 0 if all(math.isfinite(r[1]) for r in rows) else 1


# ``meta`` is Any: the checkpoint's JSON as read, its fields passed on as the file has them
# (a damaged one fails the resume with its own error).
def check_schedule(meta: dict[str, Any], done: int, args: argparse.Namespace,
                   ckpt: Path) -> None:
    """Refuse a resume that would not go on the way the stopped run went: the epochs already
    trained must have had the rates this command gives them, and the rest must shuffle and
    batch as they did, or the weights would match neither run. A constant rate may run more
    epochs than first asked; a falling one's rates depend on the epoch count."""
    if "lr" not in meta:  # a checkpoint from before the schedule was recorded
        return
    before = [epoch_lr(meta["lr"], meta.get("lr_end"), meta["epochs"], e)
              for e in range(1, done + 1)]
    now = [epoch_lr(args.lr, args.lr_end, args.epochs, e) for e in range(1, done + 1)]
    differ = [f"--{k} {meta.get(k)}, not {v}" for k, v in (("batch", args.batch),
                                                            ("seed", args.seed))
              if meta.get(k) != v]
    if before != now:
        differ.append(f"rates {before[-1]:g} .. (--lr {meta['lr']}, --lr-end "
                      f"{meta.get('lr_end')}, --epochs {meta['epochs']}), not {now[-1]:g}")
    if differ:
        raise ValueError(f"{ckpt.name} was trained with {'; '.join(differ)}: resume with its "
                         "settings, or start afresh without --resume")


def _rows(arrays: dict[str, np.ndarray], keep: np.ndarray) -> dict[str, np.ndarray]:
    return {k: v[keep] for k, v in arrays.items()}


def _suffixed(path: Path, suffix: str) -> Path:
    """``a/b.ckpt.npz`` -> ``a/b-race.ckpt.npz``: the race stage's file beside the contact's
    (a dot inside the name, as in ``lr0.001.csv``, stays in the stem)."""
    ending = ".ckpt.npz" if path.name.endswith(".ckpt.npz") else path.suffix
    return path.with_name(f"{path.name.removesuffix(ending)}{suffix}{ending}")


def _stage(args: argparse.Namespace, teacher: Net, encoding: str,
           train_a: dict[str, np.ndarray], hold_a: dict[str, np.ndarray], ckpt: Path,
           csv_path: Path, png_path: Path, resume: bool, depth: int
           ) -> tuple[Net, list[tuple]]:
    """One network trained on ``train_a`` from the teacher (or resumed from ``ckpt``), with
    its checkpoint and curve written after every epoch."""
    train_x, hold_x = inputs(train_a, encoding), inputs(hold_a, encoding)
    train_t, hold_t = train_a["label"], hold_a["label"]
    if resume:
        net, adam, epoch, rows = load_checkpoint(ckpt, args.lr)
        check_schedule(net.meta, epoch, args, ckpt)
        net.encoding = encoding
        net.meta["epochs"] = args.epochs  # the schedule the finished run followed
        net.meta.pop("lr_end", None)
        if args.lr_end:
            net.meta["lr_end"] = args.lr_end
    else:
        net = with_encoding(widened(teacher, args.hidden or teacher.hidden, args.seed), encoding)
        adam, epoch = Adam(net, args.lr), 0
        rows = [(0, *held_out(net, hold_x, hold_t), 0.0)]
        net.meta = {"trained": f"supervised on {depth}-ply labels", "label_depth": depth,
                    "labels": str(args.labels),
                    **({"more_labels": [str(f) for f in args.more_labels]}
                       if args.more_labels else {}),
                    "seed": args.seed, "epochs": args.epochs, "batch": args.batch,
                    "lr": args.lr, **({"lr_end": args.lr_end} if args.lr_end else {}),
                    "hidden": net.hidden, "positions": len(train_x),
                    "encoding": encoding}
    print(f"{len(train_x)} training positions, {len(hold_x)} held out; teacher's equity "
          f"error on them {rows[0][1]:.4f}", file=sys.stderr)

    def checkpoint(done: int, rows: list[tuple]) -> None:
        save_checkpoint(ckpt, net, adam, done, rows)
        write_curve(rows, csv_path, png_path, depth)

    rows = train(net, adam, train_x, train_t, hold_x, hold_t, epoch, args.epochs, args.seed,
                 args.batch, rows, checkpoint, quiet=False, lr_end=args.lr_end)
    for pos, err, loss, sec in rows:
        print(f"positions {pos:>8}  held-out equity error {err:.4f}  loss {loss:.4f}  {sec:.0f}s")
    return net, rows


if __name__ == "__main__":
    sys.exit(main())
