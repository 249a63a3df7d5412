"""The play screen's input: which part of the screen an event belongs to.

A modal dialog takes everything; then keys go to the command list, the wheel to the move list,
a click to the help overlay (closing it), a button, or the board. The board only gets a click
when a human may move; otherwise the click is answered with why not (game over, the AI
thinking, dice rolling), so a click is never silently lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import CHANCE
from game.ui.scenes.ai_jobs import Purpose

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene


def handle_play_event(scene: PlayScene, event: pygame.event.Event) -> None:
    if scene.dialog_takes(event):
        return
    if event.type == pygame.KEYDOWN:
        _key(scene, event)
        return
    if event.type == pygame.MOUSEWHEEL:
        scene.moves_view.handle_wheel(event)
        return
    if event.type == pygame.MOUSEBUTTONDOWN and scene.help_open:
        scene.help_open = False
        return
    if event.type == pygame.MOUSEBUTTONDOWN:
        for b in scene.buttons:
            if b.rect.collidepoint(event.pos):
                scene.run_command(b.command)  # type: ignore[attr-defined]
                return
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
        _board_event(scene, event)


def _key(scene: PlayScene, event: pygame.event.Event) -> None:
    if scene.help_open and event.key == pygame.K_ESCAPE:
        scene.help_open = False
        return
    command = scene.commands.for_event(event)
    if command is not None:
        scene.run_command(command)


def _board_event(scene: PlayScene, event: pygame.event.Event) -> None:
    if event.type == pygame.MOUSEBUTTONDOWN and not scene.board_rect.collidepoint(event.pos):
        return
    ctx = scene.context()
    if event.type == pygame.MOUSEBUTTONDOWN and not ctx.interactive:
        if scene.session.is_over:
            scene.show_message(f"{scene.session.result_text} — N for a new game")
        elif scene.jobs.running(Purpose.MOVE) or scene.pending is not None:
            scene.show_message("The AI is thinking — U to undo, Space to pause")
        elif scene.session.current.current_player() == CHANCE:
            scene.show_message("The dice are being rolled")
        return
    if not ctx.interactive:
        return
    try:
        move = scene.view.handle_event(event, scene.board_rect, scene.session.current, ctx)
        reason = scene.view.refusal if move is None else None
    except Exception as exc:  # noqa: BLE001 - a view bug is a message, not a crash
        scene.view_error(exc)
        return
    if reason:
        scene.show_message(reason)
    if move is not None:
        scene.play_move(move)
        scene.refresh_buttons()
