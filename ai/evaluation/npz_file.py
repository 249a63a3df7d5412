"""Reading the learned evaluators' numpy files (the network's weights, the bear-off database).

Both are ``.npz`` archives with a JSON ``meta`` array naming their format; every way such a file
can be missing or damaged must become one line naming the file, in the caller's error type, so
the levels that do not need it keep playing.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np


def read_npz(
    path: Path, names: tuple[str, ...], what: str, file_format: str, error: type[Exception]
) -> tuple[dict[str, np.ndarray], dict[str, object]]:
    """(the arrays ``names`` of ``path``, its metadata) for a file of format ``file_format``;
    ``error`` with a one-line reason (``what`` names the file's content) when unusable. The
    metadata is checked for its format only: each reader checks the fields it reads."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: np.array(data[k]) for k in names}
    except FileNotFoundError:
        raise error(f"{what} not found: {path.name}") from None
    except KeyError as exc:
        raise error(f"{path.name} lacks the array {exc}") from None
    except Exception as exc:  # zip, npy header or pickle errors all mean a damaged file
        raise error(f"{what} unreadable ({path.name}): {exc}") from None
    try:
        meta = json.loads(str(arrays["meta"]))
    except json.JSONDecodeError:
        raise error(f"{path.name}: its metadata is not JSON") from None
    if not isinstance(meta, dict) or meta.get("format") != file_format:
        raise error(f"{path.name} is not a {file_format} file")
    return arrays, meta
