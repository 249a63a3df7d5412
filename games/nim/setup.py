"""Nim on the start screen: the variant, the heaps, the take limit and the misère rule."""

from __future__ import annotations

from collections.abc import Mapping

from game.setup import GameSetup, SetupField
from game.stakes import Stakes

#: What the board draws legibly: heaps and coins per heap.
MAX_HEAPS_UI = 8
MAX_HEAP_UI = 25


def parse_heaps(text: str) -> tuple[int, ...]:
    """Heap sizes typed on the start screen, limited to what the board can draw legibly."""
    parts = [p for p in text.replace(" ", ",").split(",") if p]
    if not parts:
        raise ValueError("type the heap sizes, e.g. 3,4,5")
    try:
        heaps = tuple(int(p) for p in parts)
    except ValueError:
        raise ValueError(f"heap sizes must be whole numbers, got {text!r}") from None
    if len(heaps) > MAX_HEAPS_UI:
        raise ValueError(f"at most {MAX_HEAPS_UI} heaps")
    if any(h < 1 or h > MAX_HEAP_UI for h in heaps):
        raise ValueError(f"each heap holds 1 to {MAX_HEAP_UI} coins")
    return heaps


def _takes_coins(values: Mapping[str, object]) -> bool:
    return values["nim_variant"] == "nim"


def _options(values: Mapping[str, object]) -> tuple[dict[str, object], Stakes | None]:
    options: dict[str, object] = {"heaps": parse_heaps(str(values["nim_heaps"])),
                               "misere": values["nim_misere"],
                               "variant": values["nim_variant"]}
    if _takes_coins(values):
        options["max_take"] = values["nim_max_take"] or None
    return options, None


SETUP = GameSetup(
    fields=(
        SetupField("nim_variant", "Variant", "nim",
                   (("nim", "Nim (take coins)"), ("grundy", "Grundy's game (split)")),
                   relayout=True),
        SetupField("nim_heaps", "Heaps", "7", allowed="0123456789, "),
        # 0 = no limit; the classic game: take 1 to 3.
        SetupField("nim_max_take", "Take limit", 3,
                   ((0, "No limit"), *((k, f"1 to {k}") for k in range(1, 10))),
                   shown=_takes_coins),
        SetupField("nim_misere", "Last move", False,
                   ((False, "wins (normal)"), (True, "loses (misère)"))),
    ),
    make=_options,
)
