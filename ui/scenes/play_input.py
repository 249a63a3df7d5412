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

if TYPE_CHECKING:
    from ui.scenes.play import PlayScene


def handle_play_event(scene: PlayScene, event: pygame.event.Event) -> None:
    if scene.dialog_takes(event):
        return
    if event.type == pygame.KEYDOWN:
        _key(scene, event)
        return
    if event.type == pygame.MOUSEWHEEL:
        scene.moves_view.handle_wheel(event)
        return
    if event.type == pygame.MOUSEBUTTONDOWN and scene.help.open:
        scene.help.close()
        return
    if event.type == pygame.MOUSEBUTTONDOWN:
        for b in scene.geometry.buttons:
            if b.rect.collidepoint(event.pos):
                scene.run_command(b.command)
                return
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
        _board_event(scene, event)


def _key(scene: PlayScene, event: pygame.event.Event) -> None:
    if scene.help.open and event.key == pygame.K_ESCAPE:
        scene.help.close()
        return
    command = scene.commands.for_event(event)
    if command is not None:
        scene.run_command(command)


def _board_event(scene: PlayScene, event: pygame.event.Event) -> None:
    board_rect = scene.geometry.board_rect
    if event.type == pygame.MOUSEBUTTONDOWN and not board_rect.collidepoint(event.pos):
        return
    ctx = scene.context()
    if event.type == pygame.MOUSEBUTTONDOWN and not ctx.interactive:
        if scene.session.is_over:
            scene.show_message(f"{scene.session.result_text} — N for a new game")
        elif scene.match.ai_thinking():
            scene.show_message("The AI is thinking — U to undo, Space to pause")
        elif scene.session.current.current_player() == CHANCE:
            scene.show_message("The dice are being rolled")
        return
    if not ctx.interactive:
        return
    try:
        move = scene.view.handle_event(event, board_rect, scene.session.current, ctx)
        reason = scene.view.refusal if move is None else None
    except Exception as exc:  # noqa: BLE001 - a view bug is a message, not a crash
        scene.show_message(f"Board error: {exc}", True)
        return
    if reason:
        scene.show_message(reason)
    if move is not None:
        scene.play_move(move)
