"""A seat's search recipes and a match's files: what the play screen, the menu and the tools
that start games (screenshots, the UI benchmark) share about a seat and a level."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import platformdirs

from ai.api import ALGORITHMS, Limits, SearchConfig
from ai.kit import get_level, levels_of, profile_for
from ai.mcts.units import value_label
from ai.profiles import true_minus
from game import savefile
from game.core import CHANCE, clipped
from game.kit import GameKit
from game.review import GameReview
from game.seat import Seat
from game.session import Session
from play.jobs import Purpose
from play.knowledge import SearchReport
from play.turns import StakesTurns

#: Safety cap for hand-picked searches (the demo seat) so a deep minimax cannot run forever.
CUSTOM_TIME_CAP_S = 30.0


def first_move_is_chosen(kit: GameKit) -> bool:
    """False for games where chance, not the players, decides who moves first."""
    return kit.rules().initial_state().current_player() != CHANCE


def default_save_path(kit: GameKit | None = None) -> Path:
    """Documents/Kibitz/<game>.kibitz.txt; KIBITZ_SAVE_DIR overrides the folder (tests)."""
    name = f"{kit.id if kit is not None else 'game'}.kibitz.txt"
    override = os.environ.get("KIBITZ_SAVE_DIR")
    if override:
        return Path(override) / name
    try:
        base = Path(platformdirs.user_documents_dir()) / "Kibitz"
    except OSError:  # no documents folder: fall back to home
        base = Path.home() / "Kibitz"
    return base / name


def load_game_file(path: str | Path) -> tuple[Session, GameReview | None]:
    """A saved game and the analysis it carries (None: none); an unknown AI level fails
    here, not mid-game."""
    try:
        path = Path(str(path)).expanduser()
    except RuntimeError:  # "~someone" for a user this machine does not know
        raise ValueError(f"{path}: no such user's home folder") from None
    if not str(path).strip() or path.is_dir():
        raise ValueError(f"{path} is not a file")
    session, review = savefile.load_review(savefile.read_file(path))
    for seat in session.seats:
        search_config(session.kit, seat)
    return session, review


def search_config(kit: GameKit, seat: Seat, seed: int | None = None) -> SearchConfig | None:
    """The SearchConfig for an AI seat (named level, or the demo's algorithm + depth); None
    for a person or a program, which search for themselves."""
    if seat.is_human or seat.is_program:
        return None
    if seat.level is not None:
        return get_level(kit, seat.level).config(kit, seed)
    if seat.algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {seat.algorithm!r}; choose {', '.join(ALGORITHMS)}")
    return SearchConfig(kit.id, seat.algorithm,
                        Limits(depth=seat.depth, time_s=seat.time_s or CUSTOM_TIME_CAP_S),
                        seed=seed, exact=False)  # the demo shows the plain algorithm at work


def strongest_config(kit: GameKit, seed: int | None = None) -> SearchConfig:
    """Used for hints and move values: the best level the game has."""
    return levels_of(kit)[-1].config(kit, seed)


def values_config(kit: GameKit, seed: int | None = None) -> SearchConfig:
    """The strongest search, made to value every move with a full window.

    A normal search only proves the other moves no better than the best (bounds), which would
    show e.g. every tic-tac-toe reply as a draw where all but one lose.
    """
    return replace(strongest_config(kit, seed), exact_root_values=True)


def describe_seat(seat: Seat) -> str:
    if seat.is_human:
        return "Human"
    if seat.program is not None:
        return f"Program — {program_title(seat.program)}"
    if seat.level is not None:
        return f"AI · {seat.level}"
    if seat.depth is None and seat.time_s is not None:
        return f"AI · {seat.algorithm} {seat.time_s:g} s"
    return f"AI · {seat.algorithm} d{seat.depth}"


def program_title(name: str) -> str:
    """A program's short name: an agent file's name (``greedy.py``), a command's words
    (``gtp-rhino -l 3``); a game's own engine keeps its prefix where the rest alone says
    little (``gnubg:0`` reads "gnubg 0", not "0")."""
    kind, _, rest = name.partition(":")
    if kind == "file":
        return Path(rest.strip()).name or rest
    words = rest.strip()
    if kind != "cmd" and not words.lower().startswith(kind.lower()):
        words = f"{kind} {words}".strip()
    return clipped(words, 32)


def noise_text(kit: GameKit, seat: Seat) -> str | None:
    """What a level's deliberate randomness does, in words (None for a level without any)."""
    if seat.is_human or seat.level is None:
        return None
    level = get_level(kit, seat.level)
    if level.noise <= 0:
        return None
    return profile_for(kit).noise_text(level.name, level.noise)


def job_recipe(session: Session, purpose: Purpose, seed: int,
               config: SearchConfig | None = None) -> tuple[SearchConfig, str, str | None]:
    """(recipe, title, what the level's randomness does) of a search of the shown position:
    the seat's own search for its move, the strongest for a hint or the board's values
    (``config`` overrides the recipe)."""
    noise = None
    if purpose is Purpose.MOVE:
        seat = session.seat_to_move()
        if seat is None or seat.is_human:
            raise ValueError("no AI is to move")
        config = config or search_config(session.kit, seat, seed)
        player = session.current.current_player()
        title = f"{session.game.player_names[player]} · {describe_seat(seat)}"
        noise = noise_text(session.kit, seat)
    elif purpose is Purpose.HINT:
        config = config or strongest_config(session.kit, seed)
        title = "Hint"
    else:
        config = config or values_config(session.kit, seed)
        title = "Move values"
    assert config is not None
    return config, title, noise


def why_no_hint(session: Session, stakes_turns: StakesTurns | None) -> str | None:
    """Why the human cannot have a hint now (None: they can)."""
    if session.is_human_turn and session.current.current_player() in (0, 1):
        return None
    if session.is_over:
        return "The game is over — N for a new game"
    if stakes_turns is not None and stakes_turns.waiting_for_human():
        return None  # a stakes decision (take or drop): the stakes' own advice
    return "Hints are for your own turn"


def stakes_advice(stakes_turns: StakesTurns | None) -> str:
    """The hint for a human's stakes decision (a double to take or drop): the stakes' AI
    advises, no search does."""
    advice = stakes_turns.advice() if stakes_turns is not None else None
    return advice or "No hint for this decision"


def hint_text(session: Session, report: SearchReport | None, suffix: str = "") -> str:
    """The message for a hint: the move and its value from the mover's point of view."""
    if report is None or report.chosen is None:
        return "No hint"
    move = session.format_move_text(report.state, report.chosen)
    label = value_label(profile_for(session.kit), report.chosen_score or 0.0,
                        exact=report.exact, algorithm=report.algorithm)
    view = session.game.player_names[report.mover]
    return f"Hint: {move}  ({true_minus(label.long)} for {view}){suffix}"
