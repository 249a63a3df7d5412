"""Fit the Othello pattern evaluator by least squares on self-play positions.

One command reproduces the shipped tables (about 40 minutes of one core, see games/othello/README.md)::

    python -m games.othello.training.patterns --seed 1 --games 14000 --ridge 200 --iters 40

Steps, each resumable:

1. **Data** (:mod:`games.othello.training.data`): ``--games`` self-play games in chunks of 50,
   each chunk saved under ``--data-dir`` as soon as it is done; a rerun skips finished chunks.
   One game in ten (by index) is held out for testing.
2. **Fit**, stage by stage: the weights minimise the squared error between the sum of the
   position's pattern weights (all eight symmetric images of every pattern, plus the stage's
   bias) and the final disc margin, plus ``--ridge`` times the squared weights (unseen
   configurations stay at 0). A stage learns from its own positions and its two neighbours',
   so sparse stages borrow strength. Conjugate gradients on the normal equations, numpy
   only. After every stage the weights so far are checkpointed.
3. **Report**: mean absolute disc error on the held-out games, per stage, for the learned
   tables and for the hand-made evaluator scaled to discs (one least-squares factor per stage,
   fitted on the training games: see ``games.othello.ai.evaluation.DISC_SCALE``); the CSV and PNG in
   ``docs/training/`` are the learning curve (held-out error against training positions used).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path

import numpy as np

from ai.evaluation.curves import Canvas
from games.othello.ai.evaluation import evaluate_bb
from games.othello.ai.patterns import (
    FORMAT_VERSION,
    default_weights_path,
    dense_features,
    save_weights,
)
from games.othello.ai.patterns_def import (
    DENSE_FEATURES,
    N_STAGES,
    PATTERNS,
    STAGE_DISCS,
    bias_index,
    images,
    table_offsets,
    weights_per_stage,
)
from games.othello.training import data as othello_data

REPO = Path(__file__).resolve().parents[3]
DEFAULT_DATA = REPO / "build" / "othello_data"
DEFAULT_CSV = REPO / "data" / "training" / "othello_patterns.csv"
DEFAULT_PNG = REPO / "docs" / "training" / "othello_patterns.png"
HOLDOUT_EVERY = 10


def progress(label: str, done: int, total: int, start: float) -> None:
    """A one-line text progress bar on stderr with the time left."""
    width = 30
    frac = done / max(total, 1)
    elapsed = time.monotonic() - start
    eta = elapsed / frac - elapsed if frac > 0 else 0.0
    bar = "#" * round(width * frac) + "-" * (width - round(width * frac))
    sys.stderr.write(f"\r{label} [{bar}] {done}/{total} {elapsed:5.0f}s, ~{eta:4.0f}s left")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


# -- data ----------------------------------------------------------------------------------


def make_data(data_dir: Path, seed: int, games: int) -> dict[str, np.ndarray]:
    chunks = -(-games // othello_data.CHUNK)
    data_dir.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    for c in range(chunks):
        path = othello_data.chunk_path(data_dir, seed, c)
        if not path.exists():
            arrays = othello_data.make_chunk(seed, c)
            tmp = path.with_suffix(".part.npz")
            # allow_pickle given (numpy's default) so the stub does not match ** to it:
            # these keys are array names.
            np.savez(tmp, allow_pickle=True, **arrays)
            tmp.replace(path)
        progress("self-play games", (c + 1) * othello_data.CHUNK, chunks * othello_data.CHUNK, start)
    return othello_data.load_chunks(data_dir, seed, chunks)


def cells(me: np.ndarray, opp: np.ndarray) -> np.ndarray:
    """(N, 64) uint8: 0 empty, 1 mover, 2 opponent."""
    shifts = np.arange(64, dtype=np.uint64)
    m = ((me[:, None] >> shifts) & np.uint64(1)).astype(np.uint8)
    o = ((opp[:, None] >> shifts) & np.uint64(1)).astype(np.uint8)
    return m + 2 * o


def image_matrix() -> tuple[np.ndarray, np.ndarray]:
    """(64, K) powers of three per image, and (K,) each image's table offset."""
    imgs = images()
    offsets = table_offsets()
    power = np.zeros((64, len(imgs)), dtype=np.int64)
    base = np.zeros(len(imgs), dtype=np.int64)
    for k, img in enumerate(imgs):
        for i, sq in enumerate(img.squares):
            power[sq, k] = 3**i
        base[k] = offsets[img.pattern]
    return power, base


def feature_indices(board_cells: np.ndarray) -> np.ndarray:
    """(N, K+1) flat weight indices of each position: its pattern images, then the bias."""
    power, base = image_matrix()
    idx = board_cells.astype(np.int64) @ power + base
    bias = np.full((len(idx), 1), bias_index(), dtype=np.int64)
    return np.hstack([idx, bias]).astype(np.int32)


def dense_matrix(me: np.ndarray, opp: np.ndarray) -> np.ndarray:
    """(N, len(DENSE_FEATURES)) whole-board features, as the evaluator computes them."""
    return np.array(
        [dense_features(int(a), int(b)) for a, b in zip(me, opp, strict=True)], dtype=np.float64
    ).reshape(len(me), len(DENSE_FEATURES))


def stage_of_discs(discs: np.ndarray) -> np.ndarray:
    return np.minimum((discs - 4) // STAGE_DISCS, N_STAGES - 1)


# -- fit -------------------------------------------------------------------------------------


def fit_stage(
    idx: np.ndarray, dense: np.ndarray, y: np.ndarray, ridge: float, iters: int
) -> np.ndarray:
    """Ridge least squares by conjugate gradients: (A'A + ridge I) w = A'y, where A is the
    sparse 0/1 table-entry matrix followed by the dense feature columns."""
    size = weights_per_stage()
    n_dense = dense.shape[1]
    sparse_size = size - n_dense
    k = idx.shape[1]
    flat = idx.ravel()

    def at(r: np.ndarray) -> np.ndarray:
        sparse = np.bincount(flat, weights=np.repeat(r, k), minlength=sparse_size)
        return np.concatenate([sparse, dense.T @ r])

    def apply(w: np.ndarray) -> np.ndarray:
        return w[idx].sum(axis=1) + dense @ w[sparse_size:]

    def normal(w: np.ndarray) -> np.ndarray:
        return at(apply(w)) + ridge * w

    w = np.zeros(size)
    r = at(y.astype(np.float64)) - normal(w)
    p = r.copy()
    rs = r @ r
    for _ in range(iters):
        ap = normal(p)
        a = rs / (p @ ap)
        w += a * p
        r -= a * ap
        rs_new = r @ r
        if rs_new < 1e-10:
            break
        p = r + (rs_new / rs) * p
        rs = rs_new
    return w


def predict(
    weights: np.ndarray, idx: np.ndarray, dense: np.ndarray, stages: np.ndarray
) -> np.ndarray:
    n_dense = dense.shape[1]
    tables = weights[stages[:, None], idx].sum(axis=1)
    return tables + (weights[stages, -n_dense:] * dense).sum(axis=1)


def hand_values(me: np.ndarray, opp: np.ndarray) -> np.ndarray:
    return np.array([evaluate_bb(int(a), int(b)) for a, b in zip(me, opp, strict=True)])


def hand_scales(values: np.ndarray, y: np.ndarray, stages: np.ndarray) -> np.ndarray:
    """Per stage, the factor a minimising sum (a * value - y)^2 (no offset: zero-sum)."""
    out = np.zeros(N_STAGES)
    for s in range(N_STAGES):
        sel = stages == s
        denom = float(values[sel] @ values[sel])
        out[s] = float(values[sel] @ y[sel]) / denom if denom > 0 else 0.0
    return out


def mae_by_stage(pred: np.ndarray, y: np.ndarray, stages: np.ndarray) -> list[float]:
    return [
        float(np.abs(pred[stages == s] - y[stages == s]).mean()) if (stages == s).any() else 0.0
        for s in range(N_STAGES)
    ]


def fit_all(
    idx: np.ndarray,
    dense: np.ndarray,
    y: np.ndarray,
    stages: np.ndarray,
    ridge: float,
    iters: int,
    checkpoint: Path | None = None,
) -> np.ndarray:
    """Every stage's table, each from its own and its neighbours' positions."""
    weights = np.zeros((N_STAGES, weights_per_stage()))
    first = 0
    if checkpoint is not None and checkpoint.exists():
        saved = np.load(checkpoint)
        if saved["weights"].shape == weights.shape:
            first = int(saved["stages_done"])
            weights = saved["weights"]
    start = time.monotonic()
    for s in range(first, N_STAGES):
        sel = np.abs(stages - s) <= 1
        if sel.any():
            weights[s] = fit_stage(idx[sel], dense[sel], y[sel], ridge, iters)
        if checkpoint is not None:
            np.savez(checkpoint, weights=weights, stages_done=s + 1)
        progress("fitting stages", s + 1, N_STAGES, start)
    return weights


# -- learning curve ----------------------------------------------------------------------------


def plot(rows: list[tuple[int, float, float]], path: Path) -> None:
    """Held-out mean absolute disc error against training positions: learned vs hand-made."""
    width, height = 640, 300
    cv = Canvas(width, height, (255, 255, 255))
    ink, grid = (40, 40, 40), (215, 215, 215)
    left, right, top, bottom = 60, width - 20, 40, height - 40
    xmax = max(r[0] for r in rows)
    hi = max(max(r[1], r[2]) for r in rows) * 1.1

    def xpix(v: float) -> int:
        return left + round(v / xmax * (right - left))

    def ypix(v: float) -> int:
        return round(bottom - v / hi * (bottom - top))

    # The pixel font has no B, U or brackets: the legend is coloured words.
    cv.text(left, 12, "MEAN DISC ERROR ON TEST GAMES -", ink)
    cv.text(left + 270, 12, "LEARNED", (30, 90, 200))
    cv.text(left + 340, 12, "HAND-MADE", (220, 110, 20))
    for v in (0.0, hi / 2, hi):
        cv.line(left, ypix(v), right, ypix(v), grid)
        cv.text(4, ypix(v) - 5, f"{v:.1f}", ink)
    for col, color in ((1, (30, 90, 200)), (2, (220, 110, 20))):
        cv.polyline([(xpix(r[0]), ypix(r[col])) for r in rows], color)
    cv.text(left, height - 16, f"TRAINING POSITIONS 0 - {xmax}", ink)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(cv.png())


def read_curve(path: Path) -> list[tuple[int, float, float]]:
    with path.open(newline="") as f:
        return [
            (int(r["training_positions"]), float(r["learned_mae_discs"]),
             float(r["hand_made_mae_discs"]))
            for r in csv.DictReader(f)
        ]  # fmt: skip


def write_curve(path: Path, rows: list[tuple[int, float, float]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(("training_positions", "learned_mae_discs", "hand_made_mae_discs"))
        for n, a, b in rows:
            w.writerow((n, f"{a:.3f}", f"{b:.3f}"))


# -- command line ------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The defaults are the shipped tables' recipe, so a bare run remakes them."""
    parser = argparse.ArgumentParser(prog="python -m games.othello.training.patterns")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=14000)
    parser.add_argument("--ridge", type=float, default=200.0)
    parser.add_argument("--iters", type=int, default=40, help="conjugate-gradient steps a stage")
    parser.add_argument("--curve-points", type=int, default=4)
    parser.add_argument("--data-dir", default=str(DEFAULT_DATA))
    parser.add_argument("--out", default=str(default_weights_path()))
    parser.add_argument("--csv", default=str(DEFAULT_CSV))
    parser.add_argument("--png", default=str(DEFAULT_PNG))
    parser.add_argument("--replot", action="store_true", help="only redraw the PNG from the CSV")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.replot:
        plot(read_curve(Path(args.csv)), Path(args.png))
        return 0
    if args.games < othello_data.CHUNK or args.ridge <= 0 or args.iters < 1:
        parser.error(f"need --games >= {othello_data.CHUNK}, --ridge > 0, --iters >= 1")

    started = time.monotonic()
    data = make_data(Path(args.data_dir), args.seed, args.games)
    board = cells(data["me"], data["opp"])
    discs = (board > 0).sum(axis=1)
    stages = stage_of_discs(discs)
    idx = feature_indices(board)
    dense = dense_matrix(data["me"], data["opp"])
    y = data["label"].astype(np.float64)
    test = data["game"] % HOLDOUT_EVERY == 0
    train = ~test
    print(f"{len(y)} positions: {int(train.sum())} training, {int(test.sum())} held out")

    hand = hand_values(data["me"], data["opp"])
    scales = hand_scales(hand[train], y[train], stages[train])
    hand_mae = mae_by_stage(hand[test] * scales[stages[test]], y[test], stages[test])
    hand_all = float(np.abs(hand[test] * scales[stages[test]] - y[test]).mean())

    # Learning curve: the same fit on growing shares of the training games.
    train_games = np.unique(data["game"][train])
    rows: list[tuple[int, float, float]] = []
    for point in range(1, args.curve_points):
        cut = train_games[len(train_games) * point // args.curve_points]
        sub = train & (data["game"] < cut)
        w = fit_all(idx[sub], dense[sub], y[sub], stages[sub], args.ridge, args.iters)
        err = float(np.abs(predict(w, idx[test], dense[test], stages[test]) - y[test]).mean())
        rows.append((int(sub.sum()), err, hand_all))
        print(f"curve: {int(sub.sum())} positions -> held-out MAE {err:.2f} discs")
    checkpoint = Path(args.data_dir) / (
        f"fit-seed{args.seed}-games{args.games}-ridge{args.ridge:g}-iters{args.iters}.npz"
    )
    weights = fit_all(
        idx[train], dense[train], y[train], stages[train], args.ridge, args.iters, checkpoint
    )
    pred = predict(weights, idx[test], dense[test], stages[test])
    learned_mae = mae_by_stage(pred, y[test], stages[test])
    learned_all = float(np.abs(pred - y[test]).mean())
    rows.append((int(train.sum()), learned_all, hand_all))
    write_curve(Path(args.csv), rows)
    plot(rows, Path(args.png))

    meta = {
        "seed": args.seed,
        "games": args.games,
        "ridge": args.ridge,
        "iters": args.iters,
        "training_positions": int(train.sum()),
        "heldout_positions": int(test.sum()),
        "heldout_mae_discs": round(learned_all, 3),
        "hand_made_heldout_mae_discs": round(hand_all, 3),
        "hand_made_disc_scale": [round(float(a), 5) for a in scales],
        "seconds": round(time.monotonic() - started, 1),
    }
    save_weights(Path(args.out), weights, meta)
    print(json.dumps({"format_version": FORMAT_VERSION, **meta}))
    print("stage  discs   learned  hand-made  (held-out mean absolute disc error)")
    for s in range(N_STAGES):
        lo = 4 + s * STAGE_DISCS
        hi = min(64, lo + STAGE_DISCS - 1)
        n = int((stages[test] == s).sum())
        print(f"{s:5d}  {lo:2d}-{hi:2d}  {learned_mae[s]:8.2f}  {hand_mae[s]:9.2f}  ({n} positions)")
    print(f"all           {learned_all:8.2f}  {hand_all:9.2f}")
    print(f"patterns: {', '.join(p.name for p in PATTERNS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
