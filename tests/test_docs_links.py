"""Every relative link and picture in the docs leads to a file that exists: the pages moved out
of one README, and a moved page or screenshot must not leave a dead link behind."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_docs_commands import doc_files

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")


def dead_links(page: Path, text: str) -> list[str]:
    """The relative targets in ``text`` that name no file, read from ``page``'s folder."""
    dead = []
    for match in LINK.finditer(text):
        target = match.group(1).split("#", 1)[0]
        if not target or re.match(r"^[a-z]+:", target):
            continue
        if not (page.parent / target).exists():
            dead.append(match.group(1))
    return dead


def test_every_relative_link_in_the_docs_leads_somewhere() -> None:
    found = {str(page.relative_to(ROOT)): dead_links(page, page.read_text(encoding="utf-8"))
             for page in doc_files()}
    assert not {page: dead for page, dead in found.items() if dead}


def test_a_dead_link_is_reported() -> None:
    page = ROOT / "docs" / "page.md"
    text = "![a](screenshots/nim.png) [b](../README.md) [c](https://example.org) ![d](nim.png)"
    assert dead_links(page, text) == ["nim.png"]
