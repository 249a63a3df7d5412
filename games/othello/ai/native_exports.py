"""The Othello kernels Python code calls, with the types it calls them with: what
``python -m ai.native_build`` compiles ahead of time for the executable (ai.native).

Only these entries are exported; the kernels they call are compiled into them. A signature
must be the one numba compiles for the driver's call (``uint64`` boards, Python ints as
``int64``, C-ordered arrays): the drivers are ``native_search`` (``deep``, ``shallow`` and the
warm-up's ``moves``) and ``native_midgame_search`` (``root_window`` and the table's readers).
"""

from __future__ import annotations

#: ``root_window``'s arguments after the boards and the mover, in order.
_MIDGAME_ARRAYS = ("int64[::1], int64[::1], int64, float64, float64, int64, float64[::1], "
                   "float64[::1], uint64[:, :, ::1], int64[:, ::1], float64[:, ::1], int64[::1], "
                   "int64[:, ::1], int64[::1], int64[:, ::1], int64[:, ::1], int64[:, ::1], "
                   "int64[:, ::1], int64[:, ::1], float64[:, ::1], int64[::1], float64[::1]")
_TABLE = "games.othello.ai.native_table"

KERNELS: dict[str, str] = {
    "games.othello.ai.native_endgame:deep":
        "int64(uint64, uint64, int64, int64, int64, uint64, uint64[:, ::1], uint64[:, :, ::1], "
        "int64[:, ::1], int64[::1])",
    "games.othello.ai.native_endgame:shallow":
        "UniTuple(int64, 2)(uint64, uint64, int64, int64, int64, boolean)",
    "games.othello.ai.native_midgame:root_window":
        f"float64(uint64, uint64, int64, {_MIDGAME_ARRAYS})",
    "games.othello.ai.native_bits:moves": "uint64(uint64, uint64)",
    **{f"{_TABLE}:entry_{field}": "int64(int64)"
       for field in ("to_move", "horizon", "bound", "move", "depth", "gen")},
}
