"""The turn driver (scenes/board/turns.py), pygame-free: several seats at once, AI pace,
hand-offs between humans in hidden-information games, replay scripts."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path

from scenes.board.turns import TurnDriver


@dataclass
class OrdersState:
    """A tiny simultaneous-orders game: every seat still in `pending` must give one order."""

    seats: int
    pending: set[int] = field(default_factory=set)
    orders: list[tuple[int, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.pending = set(range(self.seats))
        self.setup = type("S", (), {"seats": tuple(range(self.seats))})()

    def to_move(self) -> list[int]:
        return sorted(self.pending)

    def legal_actions(self, seat: int) -> list[str]:
        return [f"order{seat}"] if seat in self.pending else []

    def apply(self, seat: int, action: str) -> list:
        self.pending.discard(seat)
        self.orders.append((seat, action))
        if not self.pending:
            self.pending = set(range(self.seats))
        return []

    def view(self, seat):
        return ("view", seat)


class Agent:
    def choose(self, view, legal):
        return legal[0]


class Session:
    def __init__(self, kinds: list[str]) -> None:
        self.kinds = kinds
        self.state = OrdersState(len(kinds))
        self.agents = {s: Agent() for s, k in enumerate(kinds) if k != "human"}

    def seat_is_human(self, seat: int) -> bool:
        return self.kinds[seat] == "human"


class ManualPool:
    """An executor whose jobs finish only when the test says so."""

    def __init__(self, n: int) -> None:
        self.jobs: list[tuple[Future, object, tuple]] = []

    def submit(self, fn, *args):
        f: Future = Future()
        self.jobs.append((f, fn, args))
        return f

    def finish_all(self) -> None:
        for f, fn, args in self.jobs:
            if not f.done() and not f.cancelled():
                f.set_result(fn(*args))

    def shutdown(self, wait=True, cancel_futures=False) -> None:
        pass


def make(kinds, hidden=False):
    session = Session(kinds)
    pools: list[ManualPool] = []

    def factory(n):
        pools.append(ManualPool(n))
        return pools[-1]
    return session, TurnDriver(session, hidden, executor_factory=factory), pools


def test_every_ai_among_several_movers_thinks_at_once():
    session, driver, pools = make(["greedy", "greedy", "greedy"])
    assert driver.update(0.0, pace=0.0) is None          # all three started, none finished
    assert all(driver.thinking(s) for s in range(3))
    assert len(pools[0].jobs) == 3
    pools[0].finish_all()
    applied = []
    for _ in range(3):
        step = driver.update(0.0, pace=0.0)
        applied.append(step)
        session.state.apply(*step)
    assert [s for s, _ in applied] == [0, 1, 2]


def test_humans_act_one_at_a_time_lowest_seat_first():
    session, driver, _ = make(["human", "greedy", "human"])
    assert driver.human_seat() == 0
    session.state.apply(0, "order0")
    assert driver.human_seat() == 2


def test_ai_waits_for_the_pace():
    session, driver, pools = make(["greedy", "human"])
    driver.update(0.0, pace=0.5)
    pools[0].finish_all()
    assert driver.update(0.2, pace=0.5) is None
    assert driver.update(0.4, pace=0.5) == (0, "order0")


def test_a_stale_decision_is_thought_again():
    session, driver, pools = make(["greedy", "human"])
    driver.update(0.0, pace=0.0)
    pools[0].finish_all()
    session.state.pending.discard(0)      # seat 0's order became illegal meanwhile...
    session.state.pending.add(0)          # ...and legal again, but the test forces staleness:
    session.state.legal_actions = lambda seat: ["other"] if seat == 0 else []
    assert driver.update(0.0, pace=0.0) is None
    assert driver.thinking(0) and len(pools[0].jobs) == 2


def test_open_information_never_hands_off_and_shows_the_public_view():
    session, driver, _ = make(["human", "human"], hidden=False)
    assert driver.handoff() is None and driver.shown_seat() is None
    assert driver.human_seat() == 0


def test_hidden_information_hands_off_between_different_humans():
    session, driver, _ = make(["human", "greedy", "human"], hidden=True)
    assert driver.handoff() == 0 and driver.human_seat() is None
    driver.confirm_handoff()
    assert driver.shown_seat() == 0 and driver.human_seat() == 0
    session.state.apply(0, "order0")
    assert driver.handoff() == 2 and driver.human_seat() is None
    assert driver.shown_seat() == 0                       # still the last shown until the click
    driver.confirm_handoff()
    assert driver.shown_seat() == 2


def test_the_same_human_twice_in_a_row_needs_no_handoff():
    session, driver, _ = make(["human", "greedy"], hidden=True)
    driver.confirm_handoff()
    session.state.apply(0, "order0")
    session.state.apply(1, "order1")                      # a new round: seat 0 again
    assert driver.handoff() is None and driver.human_seat() == 0


def test_a_replay_script_drives_every_seat_humans_included():
    session, driver, _ = make(["human", "human"], hidden=True)
    driver.script = [(0, "order0"), (1, "order1")]
    assert driver.human_seat() is None and driver.handoff() is None
    assert driver.update(0.1, pace=0.3) is None
    assert driver.update(0.3, pace=0.3) == (0, "order0")


def test_the_driver_is_importable_without_pygame():
    """scenes.board.turns (and the pure geometry and selection modules) import with pygame blocked."""
    code = ("import sys; sys.modules['pygame'] = None; "
            "import scenes.board.turns, scenes.board.geometry, scenes.board.targets, game.play.usermaps")
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr


def test_a_single_human_in_a_hidden_game_is_always_shown_without_handoffs():
    session, driver, _ = make(["greedy", "human"], hidden=True)
    assert driver.shown_seat() == 1 and driver.handoff() is None
    session.state.apply(1, "order1")
    assert not driver.release() and driver.shown_seat() == 1


def test_release_hides_the_last_human_once_they_are_done():
    session, driver, _ = make(["human", "human"], hidden=True)
    driver.confirm_handoff()
    assert not driver.release()                           # seat 0 still to act
    session.state.apply(0, "order0")
    assert driver.release() and driver.shown_seat() is None
    assert driver.handoff() == 1
