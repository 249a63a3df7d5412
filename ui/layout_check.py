"""What is wrong with a drawn frame, read off its scene record (ui.scene_record).

The checks a person makes looking at a screen, made by a program so every screen of every game
at every size can be looked at on every change: a text cut short that matters, two texts drawn
over each other, a text off the screen, text too small for a projector in presentation mode,
step mode's running line of code not on the panel, and a tree whose root or lowest row is hidden
after Fit. The sweep (cli/bench_layout.py) drives the screens; the tests hold it to no finding.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ai.profiles import true_minus
from ui.scene_record import DrawnText, SceneRecord

#: Presentation mode's floor for any lab text at a window 720 px high (it grows with the
#: window): the body is 24 px there, small labels 20, and nothing below 18 is readable from
#: the back of a room.
PRESENTATION_FLOOR_PX = 18
#: Pixels two texts may share before they count as overlapping: glyph boxes carry a little
#: air above and below the letters, so neighbouring lines touch without hiding anything.
OVERLAP_SLACK_PX = 3
#: Texts that are part of a picture, sized with it (a board's coordinates and seeds): the
#: presentation floor is for the screen's words.
PICTURE_KINDS = frozenset({"board"})


@dataclass(frozen=True)
class Finding:
    """One thing wrong on a screen, in words a person can act on."""

    check: str  # "cut", "overlap", "off screen", "small", "code line", "tree"
    detail: str

    def __str__(self) -> str:
        return f"{self.check}: {self.detail}"


def findings(record: SceneRecord, presentation: bool = False) -> list[Finding]:
    """Every finding of one frame (the lab's presentation mode adds the size floor)."""
    out = cut_texts(record) + off_screen(record) + overlaps(record) + hyphen_minus(record)
    if presentation:
        out += too_small(record)
    return out + code_line(record) + tree_fit(record)


def _shown(text: DrawnText, record: SceneRecord) -> bool:
    """Drawn where it can be seen at all (a text scrolled wholly out of its clip is not)."""
    area = pygame.Rect(record.screen_box).clip(pygame.Rect(text.clip))
    return bool(text.shown.strip()) and text.box.colliderect(area)


def cut_texts(record: SceneRecord) -> list[Finding]:
    return [Finding("cut", f"{t.shown!r} (of {t.text!r}, {t.size} px)")
            for t in record.texts if t.cut and t.essential and _shown(t, record)]


def hyphen_minus(record: SceneRecord) -> list[Finding]:
    """Values on screen write one minus sign (U+2212): "-1" beside "−1" reads as two kinds
    of number."""
    return [Finding("minus", f"{t.shown!r} writes a hyphen for a minus sign")
            for t in record.texts if t.essential and true_minus(t.shown) != t.shown]


def off_screen(record: SceneRecord) -> list[Finding]:
    screen = pygame.Rect(record.screen_box)
    return [Finding("off screen", f"{t.shown!r} at {t.rect}")
            for t in record.texts
            if t.shown.strip() and t.rect[2] > 0 and not screen.contains(t.box)]


def overlaps(record: SceneRecord) -> list[Finding]:
    """Pairs of visible texts whose boxes share more than a sliver (a text drawn twice in
    the same place, a shadow under its text, counts once)."""
    shown = [t for t in record.texts if _shown(t, record)]
    out: list[Finding] = []
    boxes = [_ink(t) for t in shown]
    for i, a in enumerate(shown):
        for j in range(i + 1, len(shown)):
            b = shown[j]
            if a.rect == b.rect:
                continue
            common = boxes[i].clip(boxes[j])
            if common.width > OVERLAP_SLACK_PX and common.height > OVERLAP_SLACK_PX:
                out.append(Finding("overlap", f"{a.shown!r} and {b.shown!r} at {common.topleft}"))
    return out


def _ink(text: DrawnText) -> pygame.Rect:
    """The box of the letters themselves: a font's line box has room above the capitals and
    below the baseline that neighbouring lines may share."""
    box = text.box.clip(pygame.Rect(text.clip))
    air = max(1, text.size // 8)
    return box.inflate(0, -2 * air)


def too_small(record: SceneRecord) -> list[Finding]:
    floor = round(PRESENTATION_FLOOR_PX * max(1.0, record.size[1] / 720))
    return [Finding("small", f"{t.shown!r} at {t.size} px (floor {floor} px)")
            for t in record.texts if _shown(t, record) and t.size < floor
            and t.kind not in PICTURE_KINDS]


def code_line(record: SceneRecord) -> list[Finding]:
    """Step mode's code panel: a step on a line of the code lights it, on screen."""
    out: list[Finding] = []
    for panel in record.marks_of("code-panel"):
        if panel["lines"] and not panel["lit"]:
            out.append(Finding("code line", f"{panel['active']!r} is not drawn on the panel"))
    for lit in record.marks_of("code-lit"):
        if not record.on_screen(lit.rect):
            out.append(Finding("code line", f"{lit['text']!r} lit off screen at {lit.rect}"))
    return out


def tree_fit(record: SceneRecord) -> list[Finding]:
    """The tree's root on screen, and after Fit (``fitted`` on the area's mark) every row:
    the lowest one not behind the legend."""
    out: list[Finding] = []
    area = record.last_mark("tree-area")
    if area is None:
        return out
    nodes = record.marks_of("tree-node")
    current = area.get("step_current")
    if current is not None:  # step mode follows the node the step is at
        node = next((n for n in nodes if n["nid"] == current), None)
        if node is not None and not area.box.contains(node.box):
            out.append(Finding("tree", f"step mode's node {current} is outside the tree's "
                                       f"area {area.rect}"))
        return out
    root = next((n for n in nodes if n["root"]), None)
    if root is not None and not area.box.contains(root.box):
        out.append(Finding("tree", f"the root is outside the tree's area {area.rect}"))
    if area.get("fitted"):
        hidden = [n for n in nodes if not area.box.contains(n.box)]
        if hidden:
            rows = sorted({row for n in hidden if isinstance(row := n["row"], int)})
            out.append(Finding("tree", f"after Fit {len(hidden)} nodes of rows {rows} are "
                                       f"outside the tree's area"))
    return out
