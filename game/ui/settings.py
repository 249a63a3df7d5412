"""The player's choices remembered between runs (start screen and preferences).

Stored as JSON in the user's config folder (platformdirs). A corrupt or foreign file must never
stop the app: it is ignored with a one-line warning and the defaults are used.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from game.registry import playable_kits
from game.setup import SetupField

#: How many recently saved or opened files the file chooser offers.
MAX_RECENT_FILES = 8
#: A path longer than this in the settings file is not one the chooser wrote: it is dropped.
MAX_RECENT_PATH_CHARS = 4096
SEAT_KINDS: tuple[str, ...] = ("human", "level", "custom")


@dataclass
class SeatSetting:
    """One player as chosen on the start screen: a human, a named AI level, or a demo search."""

    kind: str = "human"
    level: str = "Casual"
    algorithm: str = "alphabeta"
    depth: int = 3


def game_fields() -> dict[str, SetupField]:
    """Every start-screen field the games declare (game.setup), by its settings key."""
    found: dict[str, SetupField] = {}
    for kit in playable_kits():
        setup = kit.setup()
        if setup is not None:
            found.update((f.key, f) for f in setup.fields)
    return found


@dataclass
class Settings:
    """The choices; the fields a game adds to the start screen (``game_fields``) read and
    write like the others (``settings.nim_heaps``) and are stored in ``game_values``."""

    #: The game the start screen shows ("": the first game of the menu).
    game: str = ""
    #: Player A and player B; ``first`` says which of them makes the first move.
    seats: list[SeatSetting] = field(
        default_factory=lambda: [SeatSetting("human"), SeatSetting("level", "Casual")]
    )
    first: int = 0
    sound: bool = False
    animations: bool = True
    show_values: bool = False
    #: The AI searches its expected next turn while the human thinks (play.ponder); off by
    #: default, as in most engines' GUIs: it keeps a core busy on the player's time.
    ponder: bool = False
    ai_delay_s: float = 0.6
    #: The search lab's presentation mode (F5 in the lab): text sized for a projector.
    lab_presentation: bool = False
    window_size: tuple[int, int] = (1100, 720)
    #: Files saved or opened through the file chooser, newest first (absolute paths).
    recent_files: list[str] = field(default_factory=list)
    #: The games' own start-screen fields, by settings key (written flat in the file).
    game_values: dict[str, Any] = field(
        default_factory=lambda: {k: f.default for k, f in game_fields().items()})

    def __post_init__(self) -> None:
        if not self.game:
            self.game = playable_kits()[0].id

    def __getattr__(self, name: str) -> Any:
        values = self.__dict__.get("game_values")
        if values is not None and name in values:
            return values[name]
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        values = self.__dict__.get("game_values")
        if values is not None and name in values:
            values[name] = value
        else:
            super().__setattr__(name, value)

    @classmethod
    def with_values(cls, **values: Any) -> Settings:
        """Settings with any fields set, the games' own among them (``nim_heaps="3,4,5"``)."""
        own = {f.name for f in fields(cls)}
        s = cls(**{k: v for k, v in values.items() if k in own})
        for key, value in values.items():
            if key not in own:
                if key not in s.game_values:
                    raise TypeError(f"no setting {key!r}")
                s.game_values[key] = value
        return s

    def to_json(self) -> str:
        data = asdict(self)
        data.update(data.pop("game_values"))
        return json.dumps(data, indent=2)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Build from parsed JSON, raising ValueError for anything that is not our format."""
        if not isinstance(data, dict):
            raise ValueError("settings file is not a JSON object")
        s = cls()
        known = {f.name for f in fields(cls)} - {"game_values"}
        declared = game_fields()
        for key, value in data.items():
            if key not in known and key not in declared:
                continue
            if key == "seats":
                if not isinstance(value, list) or len(value) != 2:
                    raise ValueError("seats must be a list of two players")
                seats = []
                for raw in value:
                    if not isinstance(raw, dict):
                        raise ValueError("a seat must be an object")
                    seat = SeatSetting(
                        kind=str(raw.get("kind", "human")),
                        level=str(raw.get("level", "Casual")),
                        algorithm=str(raw.get("algorithm", "alphabeta")),
                        depth=int(raw.get("depth", 3)),
                    )
                    if seat.kind not in SEAT_KINDS:
                        raise ValueError(f"unknown seat kind {seat.kind!r}")
                    seat.depth = max(1, min(20, seat.depth))
                    seats.append(seat)
                s.seats = seats
            elif key == "recent_files":
                if not isinstance(value, list):
                    raise ValueError("recent_files must be a list of paths")
                s.recent_files = []
                for path in value:
                    if isinstance(path, str):
                        remember_recent(s, path, front=False)
            elif key == "window_size":
                w, h = (int(v) for v in value)
                s.window_size = (max(640, min(7680, w)), max(480, min(4320, h)))
            else:
                default = getattr(s, key)
                if isinstance(default, bool):
                    if not isinstance(value, bool):
                        raise ValueError(f"{key} must be true or false")
                    setattr(s, key, value)
                elif isinstance(default, (int, float)):
                    if isinstance(value, bool) or not isinstance(value, (int, float)):
                        raise ValueError(f"{key} must be a number")
                    setattr(s, key, type(default)(value))
                else:
                    setattr(s, key, str(value))
        if s.game not in {kit.id for kit in playable_kits()}:
            raise ValueError(f"unknown game {s.game!r}")
        s.first = 1 if s.first else 0
        s.ai_delay_s = max(0.0, min(5.0, s.ai_delay_s))
        for key, spec in declared.items():
            s.game_values[key] = spec.clean(s.game_values[key])
        return s


def remember_recent(settings: Settings, path: str | Path, front: bool = True) -> None:
    """Put ``path`` in the recent files (newest first, no duplicates, at most MAX_RECENT_FILES).

    ``front=False`` appends instead (reading the list back from the file, in its order).
    Paths that could never be drawn or opened (empty, NUL inside, absurdly long) are ignored.
    """
    text = str(path)
    if not text or "\x00" in text or len(text) > MAX_RECENT_PATH_CHARS:
        return
    recent = [p for p in settings.recent_files if p != text]
    if front:
        recent.insert(0, text)
    elif len(recent) < MAX_RECENT_FILES:
        recent.append(text)
    settings.recent_files = recent[:MAX_RECENT_FILES]


def config_dir() -> Path:
    """Where settings live; KIBITZ_CONFIG_DIR overrides it (tests, portable installs)."""
    override = os.environ.get("KIBITZ_CONFIG_DIR")
    if override:
        return Path(override)

    return Path(platformdirs.user_config_dir("kibitz", appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults (with a one-line warning if the file is unusable)."""
    return read_settings(path)[0]


def read_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings and, when the file was unusable, a short line for the window to show.

    The warning also goes to stderr, but a windowed app has no console: without the line on
    screen the player would only see their choices silently reset.
    """
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        _warn(f"cannot read settings {path.name}: {reason}; using defaults")
        return Settings(), f"Cannot read the settings file ({reason}); using defaults"
    try:
        return Settings.from_dict(json.loads(text)), None
    except (ValueError, TypeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        _warn(f"ignoring corrupt settings file {path}: {reason}")
        return Settings(), f"Ignored a corrupt settings file ({reason}); using defaults"


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write atomically so a crash mid-write cannot leave a half file; False if not possible."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(settings.to_json(), encoding="utf-8")
        tmp.replace(path)
        return True
    except OSError as exc:
        _warn(f"cannot save settings: {exc.strerror or exc}")
        return False


def _warn(message: str) -> None:
    sys.stderr.write(f"kibitz: warning: {message}\n")
