"""A rollout of the shown position for the player: asked for, stopped, and never about a
position that left the board.

The rollout itself runs in the worker (``ai.rollouts``, the game's own rollout engine); its
table reaches the panel through ``Knowledge``, which drops it with everything else when the
position changes. Asking again while it runs stops it, keeping the trials played.
"""

from __future__ import annotations

from ai.kit import game_ai
from ai.rollouts import RolloutTask
from game.core import error_line
from game.session import Session
from play.jobs import JobRunner, Purpose
from play.knowledge import Knowledge

#: Trials a move: a full rollout as backgammon players know it (every pair of first rolls once).
ROLLOUT_TRIALS = 1296


def why_no_rollout(session: Session, paused: bool) -> str | None:
    """Why the shown position cannot be rolled out now (None: it can)."""
    if game_ai(session.kit).rollout is None:
        return "Rollouts are for games of dice: this game is searched to its end"
    if session.is_over:
        return "The game is over"
    if session.current.current_player() not in (0, 1) or session.seat_to_move() is None:
        return "Roll the dice first: a rollout compares the moves of a roll"
    seat = session.seat_to_move()
    if seat is not None and not seat.is_human and not paused:
        return "Rollouts are for your turn (or pause the AI: Space)"
    return None


def toggle_rollout(jobs: JobRunner, session: Session, knowledge: Knowledge,
                   paused: bool) -> str:
    """Start a rollout of the shown position, or stop the one running; the line to show."""
    if jobs.running(Purpose.ROLLOUT):
        jobs.cancel()
        return "Rollout stopped: the trials played so far stay in the panel"
    why = why_no_rollout(session, paused)
    if why is not None:
        return why
    state = session.current
    try:
        job = jobs.submit_task(state, RolloutTask(session.game_id, state, ROLLOUT_TRIALS),
                               "Rollout", Purpose.ROLLOUT)
    except (OSError, RuntimeError, ValueError) as exc:
        jobs.forget()
        return f"Cannot roll out: {error_line(exc)}"
    knowledge.start_rollout(job)
    return "Rolling out the best moves: L again stops"
