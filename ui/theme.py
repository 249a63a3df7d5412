"""Colours and size rules for the whole UI, so every scene and board looks like one program.

Colours live in assets/theme.json (editable without touching code); sizes scale with the window
so the layout stays readable from a small laptop window up to full screen.
"""

from __future__ import annotations

import json
import logging
from functools import cache

from ui.assets import asset_path

log = logging.getLogger(__name__)

Color = tuple[int, ...]

_DEFAULTS: dict[str, Color] = {
    "background": (24, 27, 33),
    "background_top": (32, 36, 44),
    "panel": (34, 38, 47),
    "panel_border": (58, 64, 78),
    "text": (226, 230, 238),
    "text_dim": (146, 154, 170),
    "accent": (232, 176, 72),
    "accent_dark": (150, 110, 40),
    "good": (110, 200, 120),
    "bad": (230, 96, 90),
    # A move's value on a board, by its sign for the side to move (ui.value_text):
    # one meaning in every game, whichever move is best.
    "value_better": (110, 200, 120),
    "value_worse": (236, 104, 96),
    "value_level": (200, 206, 218),
    "button": (52, 58, 71),
    "button_hover": (68, 76, 93),
    "button_active": (232, 176, 72),
    "button_text": (226, 230, 238),
    "button_text_active": (28, 28, 32),
    "field": (22, 25, 31),
    "field_focus": (232, 176, 72),
    "overlay": (10, 12, 16, 190),
    "board": (40, 45, 56),
    "board_line": (120, 130, 150),
    "mark_x": (90, 170, 250),
    "mark_o": (240, 120, 100),
    "last_move": (232, 176, 72),
    "hint": (110, 200, 120),
    "coin": (222, 184, 92),
    "coin_edge": (150, 112, 40),
    "coin_pick": (240, 110, 90),
    "heap_base": (70, 78, 94),
}


@cache
def colors() -> dict[str, Color]:
    """The palette: defaults overridden by assets/theme.json (a broken file keeps the defaults)."""
    palette = dict(_DEFAULTS)
    try:
        data = json.loads(asset_path("theme.json").read_text(encoding="utf-8"))
        for key, value in data.items():
            if key in palette and isinstance(value, list) and 3 <= len(value) <= 4:
                palette[key] = tuple(max(0, min(255, int(v))) for v in value)
    except (OSError, ValueError, TypeError) as exc:
        log.warning("theme.json ignored: %s", exc)
    return palette


def color(name: str) -> Color:
    return colors()[name]


def text_size(window_height: int, scale: float = 1.0) -> int:
    """Body text size for a window: readable at 600 px high, not huge at 1400."""
    return max(12, int(window_height / 42 * scale))
