"""Skirmish invariants for the conformance suite and tools/soak.py (ported from the old
test_properties.py): one unit per hex and `occ` agrees with the units; hp within 1..max;
funds never negative; no unit in a neutral city; exclusive skills never held together;
rounds within the turn limit; a unit that attacked moves again that turn only where A4/C4
allow (Tracker); the view hides other seats' picks until all are made (H-1) and carries no
RNG or seed (H-3)."""

from __future__ import annotations

from game.core.rng import Rng
from game.skirmish import actions as A
from game.skirmish.board import NEUTRAL
from game.skirmish.constants import COVER_POLICIES, SKILLS, UNIT_TYPES
from game.skirmish.movement import can_move_after_attack
from game.skirmish.state import Phase


def check(state) -> None:
    b = state.board
    seen = set()
    for uid, u in state.units.items():
        assert u.id == uid and state.occ[u.hex] == uid
        assert u.hex not in seen
        seen.add(u.hex)
        assert 1 <= u.hp <= u.max_hp
        k = b.city_at[u.hex]
        assert k < 0 or state.city_owner[k] != NEUTRAL
    assert sum(1 for x in state.occ if x >= 0) == len(state.units)
    assert min(state.funds) >= 0
    for skills in state.skills:
        for code in skills:
            assert not (SKILLS[code].excludes & skills)
    assert state.round <= b.turn_limit


class Tracker:
    """A4/C4: a unit that attacked stays where it was unless its rules let it move on."""

    def __init__(self, state) -> None:
        self.turn = (state.round, state.current)
        self.attacked: set[int] = set()
        self.positions: dict[int, int] = {}

    def before(self, state, seat, action) -> None:
        if (state.round, state.current) != self.turn:
            self.turn = (state.round, state.current)
            self.attacked.clear()

    def after(self, state, seat, action, events) -> None:
        if isinstance(action, A.Attack) and action.unit in state.units:
            self.attacked.add(action.unit)
            self.positions[action.unit] = state.units[action.unit].hex
        for uid in self.attacked:
            u = state.units.get(uid)
            if u is None:
                continue
            if can_move_after_attack(state, u):
                # A4 / C4: it may move on; where it stands counts if it loses that later
                # (a C4 cavalry that moved after attacking, then dismounted: C5)
                self.positions[uid] = u.hex
            else:
                assert self.positions[uid] == u.hex, f"unit {uid} moved after attacking"


def candidates(state, seat, legal, pick: Rng) -> list:
    """A broad set of actions near every own unit and city (and some off the board)."""
    if state.phase is Phase.PICK:
        return [A.PickSkills(("I6", "I7")), A.PickSkills(("X9",)), A.END_TURN]
    b = state.board
    out = [A.END_TURN] + [A.SetCoverPolicy(p) for p in COVER_POLICIES + ("sometimes",)]
    own = [u for u in state.units.values() if u.faction == seat]
    for u in own:
        out.append(A.Dismount(u.id))
        out += [A.Move(u.id, b.coords[h]) for h in b.disk(u.hex, 4)]
        out += [A.Attack(u.id, b.coords[h]) for h in b.disk(u.hex, 3)]
    for spec in b.cities:
        for kind in UNIT_TYPES + ("dragon",):
            out.append(A.Produce(b.coords[spec.hex], kind))
            out.append(A.Produce(b.coords[spec.hex], kind, True))
    out.append(A.Move(9999, (0, 0)))
    out.append(A.Move(own[0].id, (-1, 0)) if own else A.Attack(1, (50, 50)))
    return out


def check_view(state, seat, data) -> None:
    """H-1: others' picks hidden during PICK; H-3: no RNG, no seed."""
    assert "rng" not in data and "seed" not in data
    if seat is None or state.phase is not Phase.PICK:
        return
    for other in range(state.seats):
        if other != seat:
            assert data["factions"][other]["picks"] == []
            assert set(data["factions"][other]["skills"]) == set(state.board.factions[other].fixed_skills)
