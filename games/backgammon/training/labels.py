"""Training positions labelled by the engine's own deeper look: the first stage of supervised
training, the recipe strong backgammon programs followed after TD.

TD self-play taught the network what it knows; it plateaus (issue: Master 0.17 points a game
short of GNU Backgammon's expert). The next networks learn from the current one looking one
roll further: each position's **label** is its 1-ply outcome distribution, the five chances
(win, gammons, backgammons) averaged over the 21 rolls of the side on roll, each roll played
by the network's best move. A network that learns these labels learns, in one evaluation,
what the current one sees only by searching.

**Positions** come from self-play by the current network (0-ply, with a little exploration so
the games leave the well-trodden lines: a move among the best three, now and then), seen before
the roll from the side on roll. Those where 0-ply and 1-ply disagree are what the next network
must learn, so the chunk keeps every position whose two equities differ by ``KEEP_DIFF`` or
more and a ``KEEP_AGREEING`` share of the others, and records the difference with each.

**Chunks.** The work is cut into chunks of ``--chunk`` positions; chunk ``i`` depends only on
the seed, ``i`` and the network's weights (its games draw from their own seeded RNGs), so
chunks can be made in any order, by any number of processes (``--jobs``, all cores by
default) or machines (``--cluster ADDRESS``, a Dask cluster: docs/cluster.md), and a run that
stops resumes where it stopped: a chunk file is written whole (to a temporary name, then
renamed) as soon as it is done, and the chunks found are skipped. A resumed run gives the same
files as an uninterrupted one, and so does any number of processes or machines. The teacher's
arrays travel with each task (as a rollout's network does) and the chunk comes back as its
arrays, written where the command runs: a worker on another machine needs none of this one's
files. ``meta.json``
records the seed, the chunk size and the teacher network's digest; a resume with other
settings is refused.

Each ``chunk-NNNNN.npz`` holds ``a`` and ``b`` (int8, (N, 26): the side on roll and the side
waiting, each in its own numbering, as :func:`games.backgammon.ai.encoding.encode` takes them),
``label`` (float32, (N, 5): the 1-ply chances of the side on roll), ``eq0`` and ``eq1`` (the
0-ply equity and the label's).

``--depth 2`` labels the same positions (they are still chosen by 0-ply against 1-ply) by the
1-ply search at every roll, two chance layers (:func:`two_ply`, with a narrower move filter
that chooses the same moves): tens of times the work, for a teacher that sees as deep as
Master's search and deeper than the network's own look. ``meta.json`` records the depth and
that filter.

Make the first generation's labels (240,000 positions; about 22 minutes on two cores, see
docs/training/README.md)::

    python -m games.backgammon.training.labels --seed 1 --chunks 120 \
        --out data/training/backgammon-labels-gen1
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai.spread import (
    ClusterError,
    InThisProcess,
    Spread,
    TaskFailed,
    add_spread_arguments,
    spread_for,
)
from game.progress import ProgressBar
from games.backgammon import movegen as mg
from games.backgammon.ai.carried_net import CarriedNet, carried, rebuilt
from games.backgammon.ai.net import Net, default_weights_path, equity, flip, load_net
from games.backgammon.ai.ply import best_within
from games.backgammon.positions import positions, unpack
from games.backgammon.rules import ROLLS
from games.backgammon.training.net import opening, roll, start_sides

FORMAT = "kibitz-backgammon-labels"
VERSION = 1
#: Positions kept whatever their disagreement: this share of the agreeing ones.
KEEP_AGREEING = 0.25
#: A position whose 0-ply and 1-ply equities differ by this much is always kept.
KEEP_DIFF = 0.05
#: A self-play move is one of the best three by the network with this chance (exploration).
EXPLORE = 0.1
DEFAULT_CHUNK = 2000
#: The moves of a roll a depth-2 label values by 1-ply: the best ``LABEL_KEEP`` by 0-ply within
#: ``LABEL_MARGIN`` points. Narrower than the search's root filter (16 within 0.3) because it
#: chooses the same move: on 40 labelled positions x 21 rolls it changed 1 choice in 840, by
#: 0.00003 points a position on average, against 6.25 moves a roll valued instead of 3.75.
LABEL_KEEP = 8
LABEL_MARGIN = 0.16

_ROLL_P = np.array([p for _, p in ROLLS])


def one_ply(net: Net, a: list[int], b: list[int]) -> np.ndarray:
    """The 1-ply chances of ``a`` (on roll, dice not thrown) against ``b``: for each of the
    21 rolls ``a``'s best move by the network, its chances averaged by the roll's probability.
    All 21 rolls' candidate positions go through the network in one batch."""
    opp = b[::-1]
    found: list[int] = []
    ends: list[int] = []
    for (d1, d2), _ in ROLLS:
        found += positions(a, opp, d1, d2)
        ends.append(len(found))
    probs = net.after_positions(found)
    values = equity(probs)
    out = np.zeros(5)
    start = 0
    for chance, end in zip(_ROLL_P, ends, strict=True):
        best = start + int(np.argmax(values[start:end]))
        out += chance * probs[best]
        start = end
    return out


def two_ply(net: Net, a: list[int], b: list[int]) -> np.ndarray:
    """The chances of ``a`` (on roll, dice not thrown) by the 1-ply search at each roll, with
    the label's move filter: for each of the 21 rolls, the moves the filter keeps by the
    network (``LABEL_KEEP`` within ``LABEL_MARGIN``) each valued by the opponent's 1-ply
    chances, the best one's averaged by the roll's probability. Two chance layers: a network
    taught these learns what a deeper search sees, which 1-ply labels cannot teach a network
    that the levels already search one chance layer deep with."""
    opp = b[::-1]
    out = np.zeros(5)
    for (d1, d2), chance in ROLLS:
        found = positions(a, opp, d1, d2)
        now = net.after_positions(found)
        best, best_value = now[0], -np.inf
        for i in best_within(equity(now).tolist(), LABEL_KEEP, LABEL_MARGIN):
            me, them = unpack(found[i])
            # A move that bears off the last checker is won: its chances are exact already.
            p = now[i] if me[0] == 15 else flip(one_ply(net, them[::-1], me)[None])[0]
            value = float(equity(p[None])[0])
            if value > best_value:
                best, best_value = p, value
        out += chance * best
    return out


#: The teacher's looks by ``--depth``: chance layers below the labelled position.
LOOKS = {1: one_ply, 2: two_ply}


def chunk_rng(seed: int, index: int) -> random.Random:
    return random.Random(seed * 7_919_993 + index)


def make_chunk(net: Net, seed: int, index: int, size: int, depth: int = 1
               ) -> dict[str, np.ndarray]:
    """Chunk ``index``: self-play games from its own RNG until ``size`` positions are kept,
    chosen by their 0-ply and 1-ply disagreement at any ``depth`` (so a deeper run labels the
    same positions), labelled by the look of ``depth`` chance layers (LOOKS)."""
    rng = chunk_rng(seed, index)
    kept_a: list[list[int]] = []
    kept_b: list[list[int]] = []
    labels: list[np.ndarray] = []
    eq0s: list[float] = []
    eq1s: list[float] = []
    while len(kept_a) < size:
        _, d1, d2 = opening(rng)
        a, b = start_sides()
        first = True
        while len(kept_a) < size:
            if not first:
                eq0 = float(equity(net.probs(np.array([a]), np.array([b])))[0])
                label = one_ply(net, a, b)
                eq1 = float(equity(label[None])[0])
                if abs(eq1 - eq0) >= KEEP_DIFF or rng.random() < KEEP_AGREEING:
                    if depth > 1:
                        label = LOOKS[depth](net, a, b)
                    kept_a.append(list(a))
                    kept_b.append(list(b))
                    labels.append(label)
                    eq0s.append(eq0)
                    eq1s.append(float(equity(label[None])[0]))
                d1, d2 = roll(rng)
            first = False
            options = mg.generate(a, b[::-1], d1, d2)
            if any(o[1][0] == 15 for o in options):
                break  # the side on roll bears off its last checker: the game is over
            pick = _pick(net, options, rng)
            _, me, opp = options[pick]
            a, b = list(opp[::-1]), list(me)
    return {
        "a": np.array(kept_a, dtype=np.int8),
        "b": np.array(kept_b, dtype=np.int8),
        "label": np.array(labels, dtype=np.float32),
        "eq0": np.array(eq0s, dtype=np.float32),
        "eq1": np.array(eq1s, dtype=np.float32),
    }


def _pick(net: Net, options: Sequence[tuple[object, Sequence[int], Sequence[int]]],
          rng: random.Random) -> int:
    """The network's best move, or now and then one of its best three (exploration)."""
    if len(options) == 1:
        return 0
    values = equity(net.after_moves([(o[1], o[2]) for o in options]))
    if rng.random() < EXPLORE:
        top = np.argsort(-values)[:3]
        return int(top[rng.randrange(len(top))])
    return int(np.argmax(values))


# -- files ------------------------------------------------------------------------------------------


def chunk_path(out: Path, index: int) -> Path:
    return out / f"chunk-{index:05d}.npz"


def write_chunk(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """Whole or not at all: a temporary file renamed into place."""
    tmp = path.with_suffix(".tmp.npz")
    # allow_pickle given (numpy's default) so the stub does not match ** to it: these keys
    # are array names.
    np.savez_compressed(tmp, allow_pickle=True, **arrays)
    os.replace(tmp, path)


def read_chunk(path: Path) -> dict[str, np.ndarray]:
    """A chunk's arrays; a damaged file is a ValueError naming it."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in ("a", "b", "label", "eq0", "eq1")}
    except (OSError, KeyError, ValueError) as exc:
        raise ValueError(f"{path.name}: not a label chunk ({exc})") from None
    n = len(arrays["a"])
    if arrays["a"].shape != (n, 26) or arrays["b"].shape != (n, 26) or \
            arrays["label"].shape != (n, 5):
        raise ValueError(f"{path.name}: a label chunk's arrays have the wrong shapes")
    return arrays


def weights_digest(data: bytes) -> str:
    """The teacher as meta.json names it: the start of its file's SHA-256."""
    return hashlib.sha256(data).hexdigest()[:16]


def label_depth(folder: Path) -> int:
    """The chance layers of the look that labelled ``folder`` (its ``meta.json``; 1 for a
    folder made before there was a choice), for what a network trained on it says it learnt."""
    file = folder / "meta.json"
    try:
        return int(json.loads(file.read_text()).get("depth", 1)) if file.exists() else 1
    except (ValueError, TypeError, AttributeError):
        raise ValueError(f"{file}: not a labels folder's meta.json") from None


def check_meta(out: Path, meta: Mapping[str, object]) -> None:
    """Write ``meta.json`` for a new run; refuse a resume whose settings differ."""
    file = out / "meta.json"
    if file.exists():
        try:
            old = json.loads(file.read_text())
        except ValueError:
            raise ValueError(f"{file}: not valid JSON") from None
        old.setdefault("depth", 1)  # made before there was a choice
        # Depth-2 labels made before the label had its own move filter used the search's.
        old.setdefault("filter", [16, 0.3] if old["depth"] == 2 else None)
        keys = ("format", "version", "seed", "chunk", "teacher", "depth", "filter")
        differ = [f"{k} {old.get(k)}, not {meta[k]}" for k in keys if old.get(k) != meta[k]]
        if differ:
            raise ValueError(f"{out} holds labels made with other settings ({file.name}: "
                             f"{'; '.join(differ)}): choose another --out, or the same --seed, "
                             "--chunk and --depth")
        return
    file.write_text(json.dumps(meta, indent=2) + "\n")


# -- the command ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChunkTask:
    """One chunk's work as it travels to a worker: the teacher as a rollout carries its
    network (games.backgammon.ai.carried_net: its arrays, rebuilt once a process), since a
    worker on another machine shares none of this one's files, and what else the chunk
    depends on. The chunk comes back as its arrays, written here."""

    teacher: CarriedNet
    seed: int
    index: int
    size: int
    depth: int


def chunk_of(task: ChunkTask) -> dict[str, np.ndarray]:
    """One chunk made where the spread runs it: its arrays, for the client to write."""
    return make_chunk(rebuilt(task.teacher), task.seed, task.index, task.size, task.depth)


def generate(out: Path, seed: int, chunks: int, size: int, spread: Spread | None = None,
             weights: Path | None = None, quiet: bool = False, depth: int = 1) -> list[int]:
    """Make the missing chunks ``0 .. chunks-1`` in ``out`` where ``spread`` runs them
    (ai.spread: this process by default, spawned processes, a cluster); returns the indices
    made. Each chunk is written here, whole, as it arrives, in any order: a stop keeps every
    chunk finished before it."""
    spread = spread if spread is not None else InThisProcess()
    teacher_flag = f" --weights {weights}" if weights else ""  # the default is the shipped net
    weights = weights or default_weights_path()
    data = weights.read_bytes()
    digest = weights_digest(data)
    out.mkdir(parents=True, exist_ok=True)
    check_meta(out, {"format": FORMAT, "version": VERSION, "seed": seed, "chunk": size,
                     "teacher": digest, "depth": depth,
                     "filter": [LABEL_KEEP, LABEL_MARGIN] if depth == 2 else None,
                     "command": f"python -m games.backgammon.training.labels --seed {seed} "
                                f"--chunk {size} --depth {depth}{teacher_flag}"})
    todo = [i for i in range(chunks) if not chunk_path(out, i).exists()]
    # Read here, before any task: a damaged file is one line naming it.
    teacher = carried(load_net(weights)) if todo else None
    bar = None if quiet else ProgressBar(chunks, "chunks")
    done = chunks - len(todo)
    where = spread.note().removeprefix(", ")  # "3 workers" on a cluster, nothing here
    if bar is not None:
        bar.update(done, ", ".join(n for n in ("resumed" if done else "", where) if n))
    tasks = [] if teacher is None else [ChunkTask(teacher, seed, i, size, depth) for i in todo]
    made: list[int] = []
    try:
        for position, arrays in spread.completed(chunk_of, tasks):
            write_chunk(chunk_path(out, todo[position]), arrays)
            made.append(todo[position])
            if bar is not None:
                bar.update(done + len(made), spread.note().removeprefix(", "))
    except TaskFailed as exc:
        raise ClusterError(f"chunk {todo[exc.position]} (seed {seed}) failed on the cluster:"
                           f" {exc.reason}") from None
    finally:
        if bar is not None:
            bar.close()
    return sorted(made)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chunks", type=int, default=10, help="chunks in all (made or found)")
    parser.add_argument("--chunk", type=int, default=DEFAULT_CHUNK, help="positions a chunk")
    add_spread_arguments(parser, "label chunks")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--weights", type=Path, default=None,
                        help="the teacher network (default: the shipped one)")
    parser.add_argument("--depth", type=int, choices=sorted(LOOKS), default=1,
                        help="chance layers of the teacher's look (2: the 1-ply search at every roll)")
    args = parser.parse_args(argv)
    if args.chunks < 1 or args.chunk < 1:
        parser.error("--chunks and --chunk must be at least 1")
    try:
        with spread_for(args.jobs, args.cluster) as spread:
            made = generate(args.out, args.seed, args.chunks, args.chunk, spread, args.weights,
                            depth=args.depth)
    except (ValueError, OSError, ClusterError) as exc:
        print(f"labels: error: {exc}", file=sys.stderr)
        return 2
    print(f"{len(made)} chunks made, {args.chunks} in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
