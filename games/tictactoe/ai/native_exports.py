"""The tic-tac-toe kernel Python code calls (``native_driver``), with the types it calls it
with: what ``python -m ai.native_build`` compiles ahead of time for the executable
(ai.native). The kernels it calls are compiled into it."""

from __future__ import annotations

KERNELS: dict[str, str] = {
    "games.tictactoe.ai.native_search:root_window":
        "float64(int64, int64, int64, int64[::1], int64[::1], int64, float64, float64, int64, "
        "float64[::1], int64[:, ::1], int64[:, ::1], float64[:, ::1], int64[::1], "
        "int64[:, ::1], int64[::1], int64[:, ::1], int64[:, ::1], int64[:, ::1])",
}
