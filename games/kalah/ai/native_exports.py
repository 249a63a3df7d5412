"""The Kalah kernels Python code calls, with the types it calls them with: what
``python -m ai.native_build`` compiles ahead of time for the executable (ai.native).

``native_solve`` calls ``probe`` and ``rank``; ``native_rules.build_database`` (plain Python)
calls ``_fill_count`` for each count of seeds. The kernels they call are compiled into them.
"""

from __future__ import annotations

KERNELS: dict[str, str] = {
    "games.kalah.ai.native_search:probe":
        "int64(int32[:, :, ::1], int64[:, ::1], int64, boolean, int64, int64, int8[::1], int64, "
        "int64[:, :, ::1], int64[::1], int64[:, ::1], int64[:, ::1], int64, int64[::1])",
    "games.kalah.ai.native_rules:rank": "int64(int32[::1], int64, int64, int64[:, :, ::1])",
    "games.kalah.ai.native_rules:_fill_count":
        "void(int32[:, ::1], int64[:, ::1], int64, boolean, int64, int8[::1], "
        "int64[:, :, ::1], int64[::1])",
}
