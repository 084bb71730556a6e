"""Input routing of every game screen: which event goes where, in what order (Esc, the
pass-the-device confirm, typed replay rounds, skipping animations, hotkeys, widgets, the log,
the camera, then picking on the board).

A mixin of `BoardScene` (scenes/board/scene.py): it uses the scene's timeline, driver,
widgets, log, camera, selection and replay controls.
"""

from __future__ import annotations

from typing import Hashable

import pygame


class BoardInput:
    """See the module docstring."""

    def cancel(self) -> bool:
        """Esc / right click: step back a choice; False when nothing was being chosen."""
        return self.selection.back()

    def handle(self, event: pygame.event.Event) -> None:
        """One input event: Esc, a pending hand-off, typed replay rounds, skipping animations,
        the replay's Space, Ctrl+Z, Enter, then widgets, the log, the camera and the board."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not self.cancel():
                self.open_menu()
            return
        if self.handoff_pending() is not None:
            confirm = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN))
            if confirm:
                self.driver.confirm_handoff()
                self.shown = self.view_now()
                self.app.sounds.play("turn")
            return
        if self._replay_digits(event):
            return
        if self.timeline.busy:
            # Space / Enter / a click only skip; any other key skips and then acts, so a key
            # pressed during an animation is never lost (issue 20). A click on a button
            # presses it (it acts on release, after the skip); on the board it only skips.
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.settle()
                return
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.settle()
                self.widgets.handle(self.app, event)
                return
            if event.type == pygame.KEYDOWN:
                self.settle()
                if self.handoff_pending() is not None:
                    return
            else:
                if event.type == pygame.MOUSEMOTION:
                    self.widgets.handle(self.app, event)
                if event.type == pygame.MOUSEWHEEL or self.log.dragging:
                    self.log.handle(event, self.app.mouse)
                self.camera.handle(event, self.app.mouse)
                return
        if self.replay is not None and event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.replay_toggle()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            action = self.end_turn_action()
            if action is not None and action in self.legal_now():
                self.act(action)
            return
        if self.widgets.handle(self.app, event):
            return
        if self.log.handle(event, self.app.mouse):
            return
        if self.camera.handle(event, self.app.mouse):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.pick(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.board_click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.cancel()

    def pick(self, canvas_pos: tuple[int, int]) -> Hashable | None:
        """The target under the pointer, if any."""
        points = self.target_points()
        if points is None or not self.camera.view.collidepoint(canvas_pos):
            return None
        targets = self.board_targets()
        if not targets:
            return None
        world = self.camera.to_world(canvas_pos)
        return points.pick(world, [k for k in targets if k in points.points])

    def board_click(self, canvas_pos: tuple[int, int]) -> None:
        """A left click on the board: advance the selection at the target under it (acting when
        it completes an action), or cancel a choice when it hits no target."""
        key = self.pick(canvas_pos)
        if key is None:
            if self.camera.view.collidepoint(canvas_pos):
                self.cancel()
            return
        action = self.selection.click(key)
        if action is not None:
            self.act(action)
