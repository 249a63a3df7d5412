"""The player for a student's Python file: run by Kibitz's agent host in a process of its own.

The file is never imported into Kibitz's own process (a crash, an endless loop or a memory
hog must cost the agent its game, not the app). The host (``main.py agent-host FILE``, kept
out of ``--help``; cli/agent_host.py) imports it, limits its memory, and speaks the engine
protocol on stdin/stdout, so this player is the engine client with the host as its program.
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.core import State
from game.kit import GameKit
from play.outside.engine_client import EngineClient
from play.outside.protocol import Forfeit, OutsideAnswer

#: main.py, which runs the host when Kibitz runs from its source.
MAIN = Path(__file__).resolve().parents[2] / "main.py"
#: The host's subcommand (main.py's hidden one).
HOST_COMMAND = "agent-host"


def host_argv(path: str) -> list[str]:
    """The host's command line: the executable itself when frozen (PyInstaller), else this
    Python running main.py."""
    if getattr(sys, "frozen", False):
        return [sys.executable, HOST_COMMAND, path]
    return [sys.executable, str(MAIN), HOST_COMMAND, path]


class PythonAgent:
    """An OutsidePlayer for ``file:AGENT.py``."""

    def __init__(self, kit: GameKit, path: str, log_path: Path | None) -> None:
        self.path = path
        self._client = EngineClient(kit, host_argv(str(Path(path).resolve())), log_path,
                                    own_host=True)

    @property
    def log_path(self) -> str:
        return self._client.log_path

    def choose(self, state: State, seconds: float) -> OutsideAnswer:
        if not Path(self.path).is_file():
            raise Forfeit(f"the program did not start: no file {self.path[:120]!r}")
        return self._client.choose(state, seconds)

    def close(self) -> None:
        self._client.close()
