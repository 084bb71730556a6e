"""The whole-turn resolution of Dice for Land off the frame loop (issue 15, SCREENS.md 16).

The last `submit` of a turn makes the rules run RESOLVE, END and the next START in one `apply`
(T-5): on a full seven-tribe map that is 10-15 ms of CPU, which on the main thread is a long
frame (with the presenter and the autosave after it). Here that one action is applied in a
worker thread to a copy of the session (the state cloned, ~0.3 ms), while the screen keeps
drawing the view it had; when the worker is done, the copy becomes the session on the main
thread and the events play as usual. Nothing reads the copy while the worker runs, and
nothing changes the real session meanwhile: no seat may act (`human_seat` is None, the turn
driver waits) and undo is off.

The other long frames were the AI seats starting to think: the shared turn driver takes each
seat's view and legal actions on the main thread, and with seven tribes starting their orders
at once (a cold legal-action enumeration is up to ~50 ms) that is one long frame a turn.
`OffFrameDriver` clones the state there instead (<0.5 ms) and lets the seat's worker take the
view and legal actions from the clone, which nobody else touches.

Autosaves at commit points (seven a turn) take the save on the main thread (`to_save`, ~0.5 ms)
and leave its JSON and disk write (~5 ms at 600 actions) to the same worker, in order; leaving
the screen waits for the last one, so "save and leave" and Continue find it written. A save
asked for while a resolution runs ("Save and leave", Quit) first waits for the resolution, so
the file holds the resolved turn rather than the one before it (whose last seat would
otherwise have to submit again).
"""

from __future__ import annotations

import copy
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from game.core.errors import IllegalAction
from game.core.i18n import error_text, tr
from game.core.saves import new_autosave_path, prune_autosaves, write_save
from game.territory import actions as A
from scenes.board.turns import TurnDriver

_POOL: ThreadPoolExecutor | None = None


def pool() -> ThreadPoolExecutor:
    """One worker for every territory screen (one resolution runs at a time)."""
    global _POOL
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="resolve")
    return _POOL


class BackgroundResolution:
    """Mixin for the territory screen (before `BoardScene` in the bases): see the module
    docstring."""

    _resolving: tuple[int, Any, Any, Future] | None = None

    @property
    def resolving(self) -> bool:
        """True while the turn's resolution runs in the worker."""
        return self._resolving is not None

    def resolves_turn(self, seat: int, action: Any) -> bool:
        """`action` is the submit that ends the turn's orders (the last seat to submit)."""
        state = self.session.state
        return isinstance(action, A.Submit) and state.to_move() == [seat] and state.reason(seat, action) is None

    def _apply(self, seat: int, action: Any) -> None:
        if self._resolving is None and self.resolves_turn(seat, action):
            shadow = copy.copy(self.session)           # the same session, its own state and log
            shadow.state = self.session.state.clone()
            shadow.actions = list(self.session.actions)
            self._resolving = (seat, action, shadow, pool().submit(shadow.apply, seat, action))
            return
        super()._apply(seat, action)

    def finish_resolution(self, wait: bool = False) -> bool:
        """Take the worker's result if it is ready (`wait`: block until it is); True when the
        resolution is over (the events are then playing)."""
        if self._resolving is None:
            return True
        seat, action, shadow, future = self._resolving
        if not wait and not future.done():
            return False
        self._resolving = None
        try:
            events = future.result()
        except IllegalAction as exc:   # the state was checked first; kept for safety
            self.show_toast(error_text(exc))
            return True
        self.session.__dict__.update(shadow.__dict__)   # the copy, now resolved, is the session
        self.selection.clear()
        self.after_apply(seat, action, events)
        self.play(events)
        self.autosave()
        return True

    _saving: Future | None = None

    def autosave(self) -> None:
        """As the board layer's autosave (same file, same pruning), written by the worker.
        While a resolution runs, the save waits for it (<= ~15 ms) and holds the resolved
        turn: saved from before it, the last seat's submit would be lost and asked again."""
        if getattr(self, "script", None) is not None or getattr(self, "replay", None) is not None:
            return  # a replay never overwrites the player's own autosave
        if self._resolving is not None:
            self.finish_resolution(wait=True)      # which autosaves the resolved game
            return
        if self._saving is not None and self._saving.done():
            self.flush_saves()
        session = self.session
        try:
            if getattr(session, "save_path", None) is None:
                session.save_path = new_autosave_path(session.setup.ruleset, list(session.names))
        except OSError as exc:   # a failure never stops play (as the board layer's autosave)
            self.show_toast(tr("error.unexpected", detail=str(exc)))
            return
        self._saving = pool().submit(_write_save, session.save_path, session.to_save())

    def flush_saves(self) -> None:
        """Wait for the autosave being written (and report a failure)."""
        saving, self._saving = self._saving, None
        if saving is not None and saving.exception() is not None:
            self.show_toast(tr("error.unexpected", detail=str(saving.exception())))

    def leave(self) -> None:
        """Leaving waits for a running resolution (its autosave included), then for the
        autosave being written, so Continue finds the game as it was left."""
        self.finish_resolution(wait=True)
        self.flush_saves()
        super().leave()

    def update(self, dt: float) -> None:
        if self._saving is not None and self._saving.done():
            self.flush_saves()
        if self._resolving is not None and not self.finish_resolution():
            self.camera.update(dt, self.app.mouse)
            return
        super().update(dt)

    def human_seat(self) -> int | None:
        return None if self._resolving is not None else super().human_seat()

    def can_undo(self) -> bool:
        return self._resolving is None and super().can_undo()


def _write_save(path: Any, save: Any) -> None:
    """The worker's part of an autosave: the file, then the pruning of old autosaves."""
    write_save(path, save)
    prune_autosaves(path.parent, protect=path)


def _think(agent: Any, state: Any, seat: int) -> Any:
    """A worker's whole decision: the view and legal actions of its own clone, then choose."""
    return agent.choose(state.view(seat), state.legal_actions(seat))


class OffFrameDriver(TurnDriver):
    """The board layer's turn driver, with the AI seat's view and legal actions taken in its
    worker from a clone of the state (see the module docstring)."""

    def _start(self, seat: int) -> None:
        if self._pool is None:     # one worker per AI seat, as the base driver makes them
            n = max(1, sum(1 for s in range(len(self.session.state.setup.seats))
                           if not self.session.seat_is_human(s)))
            self._pool = self._executor_factory(n)
        agent = self.session.agents[seat]
        self._thinking[seat] = self._pool.submit(_think, agent, self.session.state.clone(), seat)
