"""A long fuzz campaign over Kibitz's input surfaces (scripts/fuzz_surfaces.py): the hypothesis
tests try a few dozen inputs each run; this tries them for an hour.

``python scripts/fuzz_campaign.py --seed 1 --minutes 60 [--surfaces a,b] [--out DIR]
[--resume]`` gives each surface an equal share of the time in round-robin slices, so a slow
surface cannot starve the others. Input ``i`` of surface ``s`` comes from
``random.Random(f"{seed}:{s}:{i}")``: a failure is reproduced by its key alone
(``--replay s:i``), and a run resumes from its checkpoint by index. Each failure is written
to ``OUT/failures/<surface>-<index>.txt``; the run ends with a table and a one-line JSON
summary, and exits 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from game.progress import ProgressBar  # noqa: E402
from scripts.fuzz_files import all_surfaces  # noqa: E402
from scripts.fuzz_surfaces import Surface  # noqa: E402

#: Seconds between checkpoints: a killed run loses at most this much work.
CHECKPOINT_SECONDS = 30.0
#: Longest time slice one surface gets before the next surface's turn.
SLICE_SECONDS = 5.0


@dataclass
class Tally:
    """One surface's counts so far, as the checkpoint stores them."""

    next_index: int = 0
    tried: int = 0
    failures: int = 0
    slowest_ms: float = 0.0
    largest_bytes: int = 0
    seconds: float = 0.0


def input_rng(seed: int, surface: str, index: int) -> random.Random:
    """The generator of one input: its key alone reproduces it."""
    return random.Random(f"{seed}:{surface}:{index}")


def shown(value: object) -> str:
    if isinstance(value, bytes):
        return f"<{len(value)} bytes: written next to this file as .bin>"
    return value if isinstance(value, str) else repr(value)


def write_failure(out: Path, seed: int, surface: Surface, index: int, value: object,
                  failure: str) -> Path:
    """The failure's key, the command that replays it, the failure, then the input."""
    folder = out / "failures"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{surface.name}-{index}.txt"
    if isinstance(value, bytes):
        path.with_suffix(".bin").write_bytes(value)
    replay = f"python scripts/fuzz_campaign.py --seed {seed} --replay {surface.name}:{index}"
    path.write_text(f"surface: {surface.name}\nseed: {seed}\nindex: {index}\nreplay: {replay}\n"
                    f"\n{failure}\n\n--- input ---\n{shown(value)}\n",
                    encoding="utf-8", errors="backslashreplace")
    return path


class Campaign:
    """The run's state: the surfaces, their tallies, and where results go."""

    def __init__(self, seed: int, surfaces: list[Surface], out: Path) -> None:
        self.seed, self.surfaces, self.out = seed, surfaces, out
        self.tallies = {s.name: Tally() for s in surfaces}

    def checkpoint_path(self) -> Path:
        return self.out / "checkpoint.json"

    def save(self) -> None:
        data = {"seed": self.seed, "surfaces": {k: asdict(v) for k, v in self.tallies.items()}}
        self.out.mkdir(parents=True, exist_ok=True)
        temporary = self.checkpoint_path().with_suffix(".tmp")
        temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
        temporary.replace(self.checkpoint_path())

    def resume(self) -> None:
        """Counts and next indices from the checkpoint; a different seed starts afresh."""
        try:
            data = json.loads(self.checkpoint_path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if data.get("seed") != self.seed:
            return
        for name, saved in data.get("surfaces", {}).items():
            if name in self.tallies:
                self.tallies[name] = Tally(**saved)

    def run_one(self, surface: Surface) -> None:
        tally = self.tallies[surface.name]
        index = tally.next_index
        value = surface.generate(input_rng(self.seed, surface.name, index))
        outcome = surface.outcome(value)
        tally.next_index, tally.tried = index + 1, tally.tried + 1
        tally.slowest_ms = max(tally.slowest_ms, outcome.seconds * 1000)
        tally.largest_bytes = max(tally.largest_bytes, outcome.size)
        tally.seconds += outcome.seconds
        if outcome.failure is not None:
            tally.failures += 1
            write_failure(self.out, self.seed, surface, index, value, outcome.failure)

    def run(self, seconds: float, stream: TextIO | None = None) -> None:
        """Round-robin slices until every surface has had ``seconds / len(surfaces)``."""
        share = seconds / max(1, len(self.surfaces))
        spent = dict.fromkeys(self.tallies, 0.0)
        bar = ProgressBar(max(1, round(seconds)), "s", stream=stream)
        start = last_saved = last_drawn = time.perf_counter()
        while any(spent[s.name] < share for s in self.surfaces):
            for surface in self.surfaces:
                left = share - spent[surface.name]
                if left <= 0:
                    continue
                slice_start = time.perf_counter()
                slice_end = slice_start + min(SLICE_SECONDS, left)
                while True:
                    self.run_one(surface)
                    now = time.perf_counter()
                    if now - last_drawn > 0.5:
                        failed = sum(t.failures for t in self.tallies.values())
                        bar.update(int(now - start), f"{surface.name}  {failed} failures")
                        last_drawn = now
                    if now - last_saved > CHECKPOINT_SECONDS:
                        self.save()
                        last_saved = now
                    if now >= slice_end:
                        break
                spent[surface.name] += time.perf_counter() - slice_start
        bar.update(int(time.perf_counter() - start), "done")
        bar.close()
        self.save()

    def table(self) -> str:
        rows = [("surface", "inputs tried", "failures", "slowest input (ms)",
                 "largest input (bytes)")]
        for name, t in self.tallies.items():
            rows.append((name, str(t.tried), str(t.failures), f"{t.slowest_ms:.0f}",
                         str(t.largest_bytes)))
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        lines = [" | ".join(c.ljust(w) if i == 0 else c.rjust(w)
                            for i, (c, w) in enumerate(zip(r, widths, strict=True)))
                 for r in rows]
        lines.insert(1, "-+-".join("-" * w for w in widths))
        return "\n".join(lines)

    def summary(self) -> dict[str, object]:
        return {"seed": self.seed, "out": str(self.out),
                "tried": sum(t.tried for t in self.tallies.values()),
                "failures": sum(t.failures for t in self.tallies.values()),
                "failed_surfaces": [k for k, t in self.tallies.items() if t.failures]}


def choose(names: str | None, surfaces: list[Surface]) -> list[Surface]:
    """The surfaces named (comma-separated), in the order given; all when none are."""
    if not names:
        return surfaces
    by_name = {s.name: s for s in surfaces}
    unknown = [n for n in names.split(",") if n not in by_name]
    if unknown:
        raise SystemExit(f"fuzz_campaign: unknown surface(s) {', '.join(unknown)}; "
                         f"known: {', '.join(by_name)}")
    return [by_name[n] for n in names.split(",")]


def replay(seed: int, key: str, surfaces: list[Surface]) -> int:
    """Run one input by its ``surface:index`` key and print its failure, if any."""
    name, _, index = key.rpartition(":")
    surface = choose(name, surfaces)[0]
    value = surface.generate(input_rng(seed, name, int(index)))
    outcome = surface.outcome(value)
    print(f"input ({outcome.size} characters): {shown(value)[:2000]!r}")
    print(outcome.failure or f"held ({outcome.seconds * 1000:.0f} ms)")
    return 1 if outcome.failure else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--surfaces", default=None, help="comma-separated names (default: all)")
    parser.add_argument("--out", type=Path, default=None,
                        help="results folder (default: one under the system's temp folder)")
    parser.add_argument("--resume", action="store_true", help="continue from --out's checkpoint")
    parser.add_argument("--replay", metavar="SURFACE:INDEX", help="run one input again")
    args = parser.parse_args(argv)
    surfaces = all_surfaces()
    if args.replay:
        return replay(args.seed, args.replay, surfaces)
    out = args.out or Path(tempfile.gettempdir()) / f"kibitz-fuzz-{args.seed}"
    campaign = Campaign(args.seed, choose(args.surfaces, surfaces), out)
    if args.resume:
        campaign.resume()
    else:  # a fresh run's failures folder holds only its own failures
        for old in (out / "failures").glob("*-*.*"):
            old.unlink()
    campaign.run(args.minutes * 60)
    print(campaign.table())
    summary = campaign.summary()
    print(json.dumps(summary))
    return 1 if summary["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
