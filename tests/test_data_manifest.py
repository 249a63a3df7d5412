"""data/ holds the runs' files and docs/ the pages: the manifest must list every data file (what
it is, the command that made it, what ships from it), name only files that exist, and say where
what left the tree can be found, so nothing lands in either folder unaccounted for."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"
MANIFEST = json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))
#: What a person reads: pages, their figures and screenshots, and the sample games a reader
#: opens in the review screen.
PAGE_SUFFIXES = (".md", ".png", ".kibitz.txt")


def _covered(entry_path: str) -> set[Path]:
    """The files one manifest entry stands for: the file, or every file in the folder."""
    path = ROOT / entry_path
    return {p for p in path.rglob("*") if p.is_file()} if path.is_dir() else {path}


def test_every_data_file_is_in_the_manifest_once() -> None:
    own = {DATA / "manifest.json", DATA / "README.md"}
    on_disk = {p for p in DATA.rglob("*") if p.is_file()} - own
    listed: list[Path] = [f for entry in MANIFEST["entries"] for f in _covered(entry["path"])]
    assert len(listed) == len(set(listed)), "a file is listed by two entries"
    assert sorted(map(str, on_disk - set(listed))) == [], "data files the manifest does not list"


def test_every_manifest_entry_exists_and_says_what_made_it() -> None:
    for entry in MANIFEST["entries"]:
        assert entry["path"].startswith("data/") and (ROOT / entry["path"]).exists(), entry["path"]
        assert entry["what"] and entry["command"].startswith("python "), entry["path"]
        for shipped in entry["shipped"]:
            assert shipped.startswith("assets/") and (ROOT / shipped).is_file(), shipped


def test_what_left_the_tree_is_gone_and_its_commit_is_named() -> None:
    assert re.fullmatch(r"[0-9a-f]{40}", MANIFEST["removed_commit"])
    for gone in MANIFEST["removed"]:
        assert not (ROOT / gone["path"]).exists(), gone["path"]
        assert gone["what"], gone["path"]


def test_the_removed_files_are_in_the_named_commit() -> None:
    commit = MANIFEST["removed_commit"]
    found = subprocess.run(["git", "cat-file", "-e", f"{commit}^{{commit}}"], cwd=ROOT,
                           capture_output=True, check=False)
    if found.returncode != 0:
        pytest.skip("the named commit is not in this clone (a shallow or exported copy)")
    for gone in MANIFEST["removed"]:
        listed = subprocess.run(["git", "ls-tree", "--name-only", commit, gone["path"]], cwd=ROOT,
                                capture_output=True, text=True, check=True).stdout
        assert listed.strip(), gone["path"]


def test_docs_hold_only_pages_a_person_reads() -> None:
    stray = [str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*")
             if p.is_file() and not p.name.endswith(PAGE_SUFFIXES)]
    assert stray == [], "data in docs/: move it to data/ and list it in data/manifest.json"


def test_the_shipped_network_is_its_manifest_copy() -> None:
    """The manifest says generation 5w is a byte-for-byte copy of the shipped network."""
    copy = next(e for e in MANIFEST["entries"] if e["path"].endswith("backgammon_gen5w.npz"))
    shipped = copy["shipped"][0]
    assert (ROOT / copy["path"]).read_bytes() == (ROOT / shipped).read_bytes()
