"""The player's choices remembered between runs (start screen and preferences).

Stored as JSON in the user's config folder (platformdirs). A corrupt or foreign file must never
stop the app: it is ignored with a one-line warning and the defaults are used.

Longer than most files: each setting's reader sits beside the setting, so a damaged value of
any of them falls back alone.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TypeAlias

import platformdirs

from ai.api import ALGORITHMS
from ai.kit import levels_of
from game.core import finite_number
from game.registry import get_kit, playable_kits
from game.seat import Seat
from game.setup import SetupField
from play.outside.spec import parse_spec

#: How many recently saved or opened files the file chooser offers.
MAX_RECENT_FILES = 8
#: A path longer than this in the settings file is not one the chooser wrote: it is dropped.
MAX_RECENT_PATH_CHARS = 4096
SEAT_KINDS: tuple[str, ...] = ("human", "level", "custom", "program")


@dataclass
class SeatSetting:
    """One player as chosen on the start screen: a human, a named AI level, a demo search, or
    a program outside Kibitz (``program``: ``file:agent.py`` or ``cmd:...``)."""

    kind: str = "human"
    level: str = "Casual"
    algorithm: str = "alphabeta"
    depth: int = 3
    #: Seconds a move for a search limited by time (Monte Carlo tree search).
    time_s: float = 1.0
    #: The program a "program" seat runs.
    program: str = ""


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
    """The choices; the fields a game adds to the start screen (``game_fields``) read like
    the others (``settings.nim_heaps``) and are stored in ``game_values``. Screens change
    them through ``update``, ``update_seat`` and ``remember_recent``, never by assignment."""

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
    #: Where the programs the games know live (GRhino's ``gtp-rhino``...), by program name,
    #: when the player pointed to them (play.outside.locate; absent: looked up).
    program_paths: dict[str, str] = field(default_factory=dict)
    #: The games' own start-screen fields, by settings key (written flat in the file).
    game_values: dict[str, object] = field(
        default_factory=lambda: {k: f.default for k, f in game_fields().items()})

    def __post_init__(self) -> None:
        if not self.game:
            self.game = playable_kits()[0].id

    def __getattr__(self, name: str) -> object:
        values = self.__dict__.get("game_values")
        if values is not None and name in values:
            return values[name]
        raise AttributeError(name)

    def __setattr__(self, name: str, value: object) -> None:
        values = self.__dict__.get("game_values")
        if values is not None and name in values:
            values[name] = value
        else:
            super().__setattr__(name, value)

    def update(self, **changes: object) -> None:
        """Set the named choices, the games' own among them: the one way screens change the
        settings (an unknown name is a TypeError). Saving stays the caller's choice
        (``Host.save_settings``): a screen saves when the player leaves it."""
        own = {f.name for f in fields(self)}
        unknown = [key for key in changes if key not in own and key not in self.game_values]
        if unknown:
            raise TypeError(f"no setting {unknown[0]!r}")
        for key, value in changes.items():
            setattr(self, key, value)

    def update_seat(self, index: int, **changes: object) -> None:
        """Set player ``index``'s choices (``kind``, ``level``, ``algorithm``, ``depth``)."""
        seat = self.seats[index]
        own = {f.name for f in fields(seat)}
        unknown = [key for key in changes if key not in own]
        if unknown:
            raise TypeError(f"no seat setting {unknown[0]!r}")
        for key, value in changes.items():
            setattr(seat, key, value)

    def remember_recent(self, path: str | Path, front: bool = True) -> None:
        """Put ``path`` in the recent files (newest first, no duplicates, at most
        MAX_RECENT_FILES).

        ``front=False`` appends instead (reading the list back from the file, in its order).
        Paths that could never be drawn or opened (empty, NUL inside, absurdly long) are
        ignored.
        """
        text = str(path)
        if not text or "\x00" in text or len(text) > MAX_RECENT_PATH_CHARS:
            return
        recent = [p for p in self.recent_files if p != text]
        if front:
            recent.insert(0, text)
        elif len(recent) < MAX_RECENT_FILES:
            recent.append(text)
        self.recent_files = recent[:MAX_RECENT_FILES]

    @classmethod
    def with_values(cls, **values: object) -> Settings:
        """Settings with any fields set, the games' own among them (``nim_heaps="3,4,5"``)."""
        own = {f.name for f in fields(cls)}
        s = cls(game=str(values.get("game", "")))
        for key, value in values.items():
            if key in own:
                setattr(s, key, value)
            else:
                if key not in s.game_values:
                    raise TypeError(f"no setting {key!r}")
                s.game_values[key] = value
        return s

    def to_json(self) -> str:
        data = asdict(self)
        data.update(data.pop("game_values"))
        return json.dumps(data, indent=2)

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Build from parsed JSON, raising ValueError for anything that is not our format."""
        settings, dropped = cls.read(data)
        if dropped:
            raise ValueError(f"bad {', '.join(dropped)}")
        return settings

    @classmethod
    def read(cls, data: object) -> tuple[Settings, list[str]]:
        """The settings ``data`` holds, and the names of the fields it spoiled.

        A hand-edited or damaged file (a size of 1e400, an Infinity, a list where a word
        belongs) loses only its bad fields: each falls back to its default and the rest of
        the player's choices still load. A value of the right kind but out of range is
        brought into range, as before.
        """
        if not isinstance(data, dict):
            raise ValueError("settings file is not a JSON object")
        s = cls()
        dropped: list[str] = []
        declared = game_fields()
        for key, value in data.items():
            reader = _READERS.get(key)
            if reader is not None:
                ok = reader(s, value, dropped)
            elif key in declared:
                ok = declared[key].accepts(value)
                if ok:
                    s.game_values[key] = value
            else:
                continue  # a newer version's field, or none of ours: not worth a warning
            if not ok:
                dropped.append(_field_name(key))
        _check_levels(s, dropped)
        return s, dropped


#: A name in a warning line is cut to this many characters (it comes from the file).
MAX_NAME_CHARS = 40
#: At most this many bad fields are named in the warning line (then "…").
MAX_NAMED_FIELDS = 6
#: A level's name is a word or two; anything longer did not come from the start screen.
MAX_LEVEL_CHARS = 40
#: Limits on a seat's search depth, a pause between AI moves, and the window (in pixels).
DEPTH_RANGE = (1, 20)
SEAT_TIME_RANGE_S = (0.1, 60.0)
DELAY_RANGE_S = (0.0, 5.0)
WINDOW_RANGE = ((640, 7680), (480, 4320))


def _field_name(key: str) -> str:
    return key if len(key) <= MAX_NAME_CHARS else key[:MAX_NAME_CHARS - 1] + "…"



#: Reads one top-level field of the file into the settings; False if the value is spoiled.
_Reader: TypeAlias = Callable[["Settings", object, list[str]], bool]


def _clamp(value: float, bounds: tuple[float, float]) -> float:
    return max(bounds[0], min(bounds[1], value))


def _read_game(s: Settings, value: object, dropped: list[str]) -> bool:
    if not isinstance(value, str) or value not in {kit.id for kit in playable_kits()}:
        return False
    s.game = value
    return True


def _read_flag(key: str) -> _Reader:
    def read(s: Settings, value: object, dropped: list[str]) -> bool:
        if not isinstance(value, bool):
            return False
        setattr(s, key, value)
        return True
    return read


def _read_first(s: Settings, value: object, dropped: list[str]) -> bool:
    if not isinstance(value, (int, float)) or not finite_number(value) or value not in (0, 1):
        return False
    s.first = int(value)
    return True


def _read_delay(s: Settings, value: object, dropped: list[str]) -> bool:
    if not isinstance(value, (int, float)) or not finite_number(value):
        return False
    s.ai_delay_s = float(_clamp(value, DELAY_RANGE_S))
    return True


def _read_window(s: Settings, value: object, dropped: list[str]) -> bool:
    if not isinstance(value, list) or len(value) != 2 or not all(map(finite_number, value)):
        return False
    w, h = (int(_clamp(v, bounds)) for v, bounds in zip(value, WINDOW_RANGE, strict=True))
    s.window_size = (w, h)
    return True


def _read_recent(s: Settings, value: object, dropped: list[str]) -> bool:
    if not isinstance(value, list):
        return False
    s.recent_files = []
    for path in value:
        if isinstance(path, str):
            s.remember_recent(path, front=False)
    return True


def _read_program_paths(s: Settings, value: object, dropped: list[str]) -> bool:
    """Program name -> path; a pair that is not two strings of sane length is dropped alone."""
    if not isinstance(value, dict):
        return False
    s.program_paths = {}
    for name, path in value.items():
        if (isinstance(name, str) and isinstance(path, str) and 0 < len(name) <= MAX_NAME_CHARS
                and 0 < len(path) <= MAX_RECENT_PATH_CHARS):
            s.program_paths[name] = path
        else:
            dropped.append(f"program_paths.{_field_name(str(name))}")
    return True


#: What a seat's words may be: a kind and algorithm Kibitz knows, a level name of sane length
#: (the start screen swaps a name the game does not have for one of its levels).
_SEAT_WORDS: dict[str, Callable[[str], bool]] = {
    "kind": lambda word: word in SEAT_KINDS,
    "level": lambda word: 0 < len(word) <= MAX_LEVEL_CHARS,
    "algorithm": lambda word: word in ALGORITHMS,
    "program": lambda word: not word or _is_program(word),
}


def _is_program(name: str) -> bool:
    """A name a program seat can save and play.outside can read."""
    try:
        parse_spec(name)
        return Seat.outside(name).is_program
    except ValueError:
        return False


def _read_seats(s: Settings, value: object, dropped: list[str]) -> bool:
    """Two players; a bad field of one falls back to that player's default alone."""
    if not isinstance(value, list) or len(value) != 2:
        return False
    for n, (raw, seat) in enumerate(zip(value, s.seats, strict=True)):
        if not isinstance(raw, dict):
            dropped.append(f"seats[{n}]")
            continue
        for key, allowed in _SEAT_WORDS.items():
            if key in raw:
                if isinstance(raw[key], str) and allowed(raw[key]):
                    setattr(seat, key, raw[key])
                else:
                    dropped.append(f"seats[{n}].{key}")
        if "depth" in raw:
            depth = raw["depth"]
            if finite_number(depth) and depth == int(depth):
                seat.depth = int(_clamp(int(depth), DEPTH_RANGE))
            else:
                dropped.append(f"seats[{n}].depth")
        if "time_s" in raw:
            if finite_number(raw["time_s"]):
                seat.time_s = float(_clamp(raw["time_s"], SEAT_TIME_RANGE_S))
            else:
                dropped.append(f"seats[{n}].time_s")
        if seat.kind == "program" and not _is_program(seat.program):
            seat.kind, seat.program = "human", ""  # a program seat without a program to run
            if f"seats[{n}].program" not in dropped:
                dropped.append(f"seats[{n}].program")
    return True


def _check_levels(s: Settings, dropped: list[str]) -> None:
    """A level the chosen game does not have (a hand edit, a renamed level) becomes the one
    the start screen would show: else the screen showed one and Play asked for the other."""
    try:
        names = [level.name for level in levels_of(get_kit(s.game))]
    except (ValueError, OSError, ImportError):
        return  # the game's AI cannot load: its start screen says so
    for n, seat in enumerate(s.seats):
        if names and seat.kind == "level" and seat.level not in names:
            seat.level = names[min(1, len(names) - 1)]
            dropped.append(f"seats[{n}].level")


_READERS: dict[str, _Reader] = {
    "game": _read_game,
    "seats": _read_seats,
    "first": _read_first,
    **{key: _read_flag(key) for key in (
        "sound", "animations", "show_values", "ponder", "lab_presentation")},
    "ai_delay_s": _read_delay,
    "window_size": _read_window,
    "recent_files": _read_recent,
    "program_paths": _read_program_paths,
}


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
    except (OSError, UnicodeDecodeError) as exc:
        reason = ("not UTF-8 text" if isinstance(exc, UnicodeDecodeError)
                  else exc.strerror or str(exc))
        _warn(f"cannot read settings {path.name}: {reason}; using defaults")
        return Settings(), f"Cannot read the settings file ({reason}); using defaults"
    try:
        settings, dropped = Settings.read(json.loads(text))
    except (ValueError, TypeError, RecursionError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        _warn(f"ignoring corrupt settings file {path}: {reason}")
        return Settings(), f"Ignored a corrupt settings file ({reason}); using defaults"
    if not dropped:
        return settings, None
    names = ", ".join(dropped[:MAX_NAMED_FIELDS]) + (", …" if len(dropped) > MAX_NAMED_FIELDS
                                                       else "")
    _warn(f"settings file {path}: bad {names}; using their defaults")
    return settings, f"Bad settings ({names}) replaced by their defaults"


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
