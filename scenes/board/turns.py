"""The turn driver: who acts next, who thinks, which seat the screen shows. Pygame-free.

Rules cores may ask several seats at once (`to_move()` with more than one seat: territory's
secret orders). The driver then lets every AI seat among them think at the same time, each on
its own worker, while the humans act one at a time, lowest seat first. AI decisions are
applied one by one, `pace` seconds apart, so a person can follow; a decision that is no longer
legal when its turn comes (another seat acted in between) is thrown away and thought again.

Hidden information: the screen may only show what one human may see. `viewing_seat` is the
human whose view is on screen; when the next human to act is a different person, `handoff()`
names them, and nothing of theirs may be drawn until `confirm_handoff()` (the pass-the-device
screen). In open-information games everyone sees the public view and there are no hand-offs.

With a single human seat nobody needs hiding from: that seat's view is shown throughout.
Otherwise, once the shown human no longer has to act, `release()` switches to the public view
(AI moves in between are watched by whoever is at the machine), and the next human gets a
hand-off even if it is the same person again.

A replay `script` ((seat, action) pairs) replaces every seat, humans included.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable, Protocol


class _Session(Protocol):
    """What the driver needs of a game session (game.play.session.GameSession)."""

    state: Any
    agents: dict[int, Any]

    def seat_is_human(self, seat: int) -> bool: ...


class TurnDriver:
    """See the module docstring. `update(dt, pace)` once per tick returns the next AI or
    scripted `(seat, action)` to apply, or None."""

    def __init__(self, session: _Session, hidden_info: bool,
                 executor_factory: Callable[[int], Any] | None = None) -> None:
        self.session = session
        self.hidden_info = hidden_info
        self.script: list[tuple[int, Any]] | None = None
        self.viewing_seat: int | None = None     # the human whose view is on screen
        self.wait = 0.0                          # seconds since the last AI/scripted action
        self._executor_factory = executor_factory or (
            lambda n: ThreadPoolExecutor(max_workers=n, thread_name_prefix="ai"))
        self._pool: Any = None
        self._thinking: dict[int, Future] = {}
        humans = [s for s in range(len(session.state.setup.seats)) if session.seat_is_human(s)]
        # With one person at the machine there is nobody to hide from: their view, always.
        self.solo_human = humans[0] if hidden_info and len(humans) == 1 else None
        if self.solo_human is not None:
            self.viewing_seat = self.solo_human

    # ---- who acts ------------------------------------------------------------------------
    def movers(self) -> list[int]:
        return list(self.session.state.to_move())

    def human_movers(self) -> list[int]:
        if self.script is not None:
            return []
        return [s for s in self.movers() if self.session.seat_is_human(s)]

    def ai_movers(self) -> list[int]:
        if self.script is not None:
            return []
        return [s for s in self.movers() if not self.session.seat_is_human(s)]

    def human_seat(self) -> int | None:
        """The person who may act now (lowest seat first), or None; never before a hand-off."""
        humans = self.human_movers()
        if not humans:
            return None
        seat = humans[0]
        if self.handoff() is not None:
            return None
        return seat

    def handoff(self) -> int | None:
        """The human who must take the device before anything of theirs is shown, or None."""
        if not self.hidden_info or self.solo_human is not None:
            return None
        humans = self.human_movers()
        if humans and humans[0] != self.viewing_seat:
            return humans[0]
        return None

    def release(self) -> bool:
        """The shown human is no longer to act: hide their view (show the public one) until
        the next hand-off. True when something changed."""
        if not self.hidden_info or self.solo_human is not None or self.viewing_seat is None:
            return False
        if self.viewing_seat in self.human_movers():
            return False
        self.viewing_seat = None
        return True

    def confirm_handoff(self) -> None:
        """The named player has the device: from now on their view is shown."""
        seat = self.handoff()
        if seat is not None:
            self.viewing_seat = seat

    def shown_seat(self) -> int | None:
        """The seat whose `view` the screen draws: None (public) in open games."""
        return self.viewing_seat if self.hidden_info else None

    def thinking(self, seat: int | None = None) -> bool:
        """True while any AI (or `seat`'s AI) is thinking."""
        return bool(self._thinking) if seat is None else seat in self._thinking

    # ---- AI and replay -----------------------------------------------------------------------
    def _start(self, seat: int) -> None:
        if self._pool is None:
            n = max(1, sum(1 for s in range(len(self.session.state.setup.seats))
                           if not self.session.seat_is_human(s)))
            self._pool = self._executor_factory(n)
        state = self.session.state
        # view and legal actions are taken here, on the caller's thread, so the worker never
        # reads a state the main loop is changing
        view, legal = state.view(seat), state.legal_actions(seat)
        self._thinking[seat] = self._pool.submit(self.session.agents[seat].choose, view, legal)

    def update(self, dt: float, pace: float) -> tuple[int, Any] | None:
        """Advance `dt` seconds; the next `(seat, action)` to apply now, or None."""
        self.wait += dt
        if self.script is not None:
            if self.script and self.movers() and self.wait >= pace:
                self.wait = 0.0
                return self.script.pop(0)
            return None
        movers = self.ai_movers()
        for seat in list(self._thinking):
            if seat not in movers:
                self._thinking.pop(seat).cancel()
        for seat in movers:
            if seat not in self._thinking:
                self._start(seat)
        if self.wait < pace:
            return None
        for seat in movers:
            future = self._thinking[seat]
            if not future.done():
                continue
            del self._thinking[seat]
            action = future.result()
            if action not in self.session.state.legal_actions(seat):
                self._start(seat)   # stale: the state changed under this decision
                continue
            self.wait = 0.0
            return seat, action
        return None

    def reset(self) -> None:
        """Forget every pending decision (after an undo or a load)."""
        for future in self._thinking.values():
            future.cancel()
        self._thinking.clear()
        self.wait = 0.0

    def close(self) -> None:
        self.reset()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
