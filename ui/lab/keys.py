"""The lab's key hints and its list of keys (F1 or ?), drawn at the scene's sizes.

The scene's own commands come from its command list; each view's keys come from the pane
(``pane.help_lines()`` when it has one), else from VIEW_KEYS, which lists what the panes
answer today. The list must stay readable in presentation mode, so it never shrinks its text
below the small size: when the rows do not fit one column they take two (the overlay itself,
``draw_keys_overlay``, is ui.keys_overlay's, shared with the play screen).
"""

from __future__ import annotations

from ui.assets import font
from ui.keys_overlay import draw_keys_overlay
from ui.widgets import Button

#: The keys each view answers (besides the scene's own), for the F1 list.
VIEW_KEYS: dict[str, list[tuple[str, str]]] = {
    "tree": [
        ("Drag / arrows", "pan the tree"),
        ("Wheel / + -", "zoom"),
        ("Click", "select a node: its card on the right"),
        ("Right-click", "open or close a node's subtree (or double-click)"),
        ("F / E / X", "fit the tree / expand all / the first view again"),
        ("Enter", "search again (Esc stops a recording)"),
        ("S", "step mode on or off"),
        ("N / B", "one step forward / back"),
        ("Space", "play the steps (again: pause)"),
        ("[ / ]", "slower / faster"),
        ("Home / End", "the first / last step"),
    ],
    "compare": [
        ("Enter", "run the comparison at the chosen depth"),
        ("L", "run the searches estimated too long as well"),
        ("S", "stop"),
    ],
    "depth": [
        ("Enter", "search depth 1, 2, 3... up to the deepest chosen"),
        ("S", "stop"),
    ],
    "convergence": [
        ("Enter", "run MCTS for the chosen iterations"),
        ("S", "stop"),
    ],
}


def key_hint(has_levels: bool) -> str:
    """The line shown where messages appear while there is none."""
    level = "V: level    " if has_levels else ""
    return f"F1 or ?: every key    {level}F5: presentation mode    P: picture    Esc: back"


def button_width(label: str, size: int, height: int) -> int:
    """The width of a button of ``height`` whose bold label at ``size`` px fits uncut."""
    return font(size, True).size(label)[0] + Button.margin(height) + 4


def text_width(text: str, size: int) -> int:
    return font(size).size(text)[0]


def view_key_lines(view: str, pane: object) -> list[tuple[str, str]]:
    """The shown view's keys: the pane's own list where it keeps one."""
    own = getattr(pane, "help_lines", None)
    if own is not None:
        return list(own())
    return list(VIEW_KEYS.get(view, []))


__all__ = ["VIEW_KEYS", "button_width", "draw_keys_overlay", "key_hint", "text_width",
           "view_key_lines"]
