"""Skills (S-1..S-3, section 9): the secret picks, the statuses skills give at turn start and
end (A6, A7, I4, A5, A8, I1), and the skill actions `pick_skills`, `dismount` (C5) and
`set_cover_policy` (I12) - each with its legal options, refusals and effect.
"""

from __future__ import annotations

from itertools import combinations

from game.core.protocol import Event
from game.skirmish import actions as A
from game.skirmish import events as E
from game.skirmish.board import FactionSpec, skills_reason
from game.skirmish.constants import (
    ARCHER, CAVALRY, COVER_POLICIES, FORMATION_OFFSET, INFANTRY, SKILL_CODES, SKILLS, UNITS,
)
from game.skirmish.movement import unit_reason
from game.skirmish.state import SkirmishState, Unit

NS = "skirmish."
SKILL_ORDER = {code: i for i, code in enumerate(SKILL_CODES)}


def in_table_order(codes) -> tuple[str, ...]:
    """Skill codes as the table lists them (I1..I12, A1..A13, C1..C12)."""
    return tuple(sorted(codes, key=SKILL_ORDER.__getitem__))


# ---- S-2: picks --------------------------------------------------------------------------------
def pick_options(game: SkirmishState, seat: int) -> list[A.PickSkills]:
    """Every legal pick: 0..optional_picks codes of the pool, respecting S-2, in table order."""
    spec = game.board.factions[seat]
    found = _PICKS.get(spec)
    if found is None:
        fixed = frozenset(spec.fixed_skills)
        pool = in_table_order(spec.optional_pool)
        found = _PICKS[spec] = tuple(
            A.PickSkills(combo)
            for n in range(min(spec.optional_picks, len(pool)) + 1)
            for combo in combinations(pool, n)
            if skills_reason(fixed, frozenset(combo)) is None)
    return list(found)


# The picks depend only on the faction's spec (fixed skills, pool, pick count): enumerated
# once per spec (hundreds of combinations checked), not once per game and seat.
_PICKS: dict[FactionSpec, tuple[A.PickSkills, ...]] = {}


def pick_reason(game: SkirmishState, seat: int, action: A.PickSkills) -> str | None:
    """E-2 for `pick_skills`, in its order (`pick_options` lists exactly what passes)."""
    chosen = action.skills
    if not isinstance(chosen, tuple) or not all(isinstance(c, str) and c in SKILLS for c in chosen):
        return NS + "skill_unknown"
    if len(set(chosen)) != len(chosen):
        return NS + "skill_duplicate"
    spec = game.board.factions[seat]
    if any(c in spec.fixed_skills for c in chosen):
        return NS + "skill_already_fixed"
    if any(c not in spec.optional_pool for c in chosen):
        return NS + "skill_not_in_pool"
    if len(chosen) > spec.optional_picks:
        return NS + "too_many_picks"
    why = skills_reason(frozenset(spec.fixed_skills), frozenset(chosen))
    return NS + why if why else None


def record_pick(game: SkirmishState, seat: int, action: A.PickSkills) -> list[Event]:
    """S-2: store the picks; the caller starts play after the last one (H-2 reveal)."""
    chosen = in_table_order(action.skills)
    game.picks[seat] = chosen
    game.picked[seat] = True
    game.skills[seat] = frozenset(game.board.factions[seat].fixed_skills) | frozenset(chosen)
    game.touch()          # skills feed every movement search
    return [E.SkillsPicked(seat, chosen, len(chosen))]


# ---- C5: dismount ----------------------------------------------------------------------------
def dismount_options(game: SkirmishState, u: Unit) -> tuple[A.Dismount, ...]:
    """C5 for own, non-fresh unit `u` (a tuple: most units have none, and `()` is made once)."""
    ok = u.type == CAVALRY and "C5" in game.skills[u.faction]
    return (A.Dismount(u.id),) if ok else ()


def dismount_reason(game: SkirmishState, seat: int, action: A.Dismount) -> str | None:
    """E-2 for `dismount`."""
    why = unit_reason(game, seat, action.unit)
    if why:
        return why
    if game.units[action.unit].type != CAVALRY:
        return NS + "not_cavalry"
    if "C5" not in game.skills[seat]:
        return NS + "no_skill"
    return None


def do_dismount(game: SkirmishState, seat: int, action: A.Dismount) -> list[Event]:
    """C5 / D25: an infantry at full HP for good, keeping everything else."""
    u = game.units[action.unit]
    u.type = INFANTRY
    u.hp = UNITS[INFANTRY].hp
    game.unit_changed(u, u.hex)      # a new infantry may project Intercept (I3)
    return [E.Dismounted(u.id, game.board.coords[u.hex], u.hp)]


# ---- I12: cover policy -------------------------------------------------------------------------
def cover_options(game: SkirmishState, seat: int) -> tuple[A.SetCoverPolicy, ...]:
    """D22 / D35: with I12, every policy but the current one (`_COVER_OTHERS`)."""
    if "I12" not in game.skills[seat]:
        return ()
    return _COVER_OTHERS[game.cover[seat]]


_COVER = {p: A.SetCoverPolicy(p) for p in COVER_POLICIES}   # shared: actions are immutable
# per current policy, the others in table order: made once, not per legal-action list
_COVER_OTHERS = {p: tuple(_COVER[q] for q in COVER_POLICIES if q != p) for p in COVER_POLICIES}


def cover_reason(game: SkirmishState, seat: int, action: A.SetCoverPolicy) -> str | None:
    """E-2 for `set_cover_policy` (D35: the current value is `bad_policy`)."""
    if "I12" not in game.skills[seat]:
        return NS + "no_skill"
    if action.policy not in COVER_POLICIES or action.policy == game.cover[seat]:
        return NS + "bad_policy"
    return None


def do_cover(game: SkirmishState, seat: int, action: A.SetCoverPolicy) -> list[Event]:
    game.cover[seat] = action.policy
    return [E.CoverPolicySet(seat, action.policy)]


# ---- statuses at turn start and end (P-2.1, P-2.5, P-4.2, P-4.3) --------------------------
def next_to_own(game: SkirmishState, u: Unit, kind: str) -> bool:
    """Another unit of `u`'s faction and class `kind` stands next to `u`."""
    for n in game.board.adj[u.hex]:
        uid = game.occ[n]
        if uid >= 0 and uid != u.id:
            other = game.units[uid]
            if other.faction == u.faction and other.type == kind:
                return True
    return False


def end_lasting_statuses(game: SkirmishState, seat: int, own: list[Unit], events: list[Event]) -> None:
    """P-2.1: until-next-turn statuses and I1 pools of `seat` end."""
    # the three statuses read and cleared in one pass (no attribute looked up by name)
    defensive = tuple([u.id for u in own if u.defensive])
    pavise_ward = tuple([u.id for u in own if u.pavise_ward])
    multi_line = tuple([u.id for u in own if u.multi_line])
    for u in own:
        u.defensive = u.pavise_ward = u.multi_line = False
    for status, ended in (("defensive", defensive), ("pavise_ward", pavise_ward),
                          ("multi_line", multi_line)):
        if ended:
            events.append(E.StatusesEnded(seat, status, ended))
    for group in game.pools[seat]:
        events.append(E.StatusesEnded(seat, "formation", tuple(sorted(group[0]))))
    game.pools[seat] = []


def gain_turn_statuses(game: SkirmishState, seat: int, own: list[Unit], events: list[Event]) -> None:
    """P-2.5: heavy bow (A6, D26) and single line (A7) for this turn."""
    skills = game.skills[seat]
    archers = [u for u in own if u.type == ARCHER]
    if "A6" in skills:
        got = tuple(u.id for u in archers if not u.moved_last_turn)
        for u in archers:
            u.heavy_bow = not u.moved_last_turn
        if got:
            events.append(E.StatusesGained(seat, "heavy_bow", got))
    if "A7" in skills:
        got = tuple(u.id for u in archers if next_to_own(game, u, ARCHER))
        for uid in got:
            game.units[uid].single_line = True
        if got:
            events.append(E.StatusesGained(seat, "single_line", got))


def gain_lasting_statuses(game: SkirmishState, seat: int, own: list[Unit], events: list[Event]) -> None:
    """P-4.2: I4, A5, A8 statuses and I1 pools until `seat`'s next turn."""
    skills = game.skills[seat]
    gains: list[tuple[str, tuple[int, ...]]] = []
    if "I4" in skills:
        gains.append(("defensive", tuple(u.id for u in own if u.type == INFANTRY and not u.moved)))
    if "A5" in skills:
        gains.append(("pavise_ward", tuple(u.id for u in own if u.type == ARCHER and not u.moved)))
    if "A8" in skills:
        gains.append(("multi_line", tuple(u.id for u in own
                                          if u.type == ARCHER and next_to_own(game, u, ARCHER))))
    for status, ids in gains:
        for uid in ids:
            setattr(game.units[uid], status, True)
        if ids:
            events.append(E.StatusesGained(seat, status, ids))
    if "I1" in skills:
        form_groups(game, seat, own, events)


def end_turn_statuses(game: SkirmishState, seat: int, own: list[Unit], events: list[Event]) -> None:
    """P-4.3: this-turn statuses end."""
    cleared = [("heavy_bow", tuple(u.id for u in own if u.heavy_bow)),
               ("single_line", tuple(u.id for u in own if u.single_line))]
    for u in own:
        u.heavy_bow = u.single_line = False
    for status, ids in cleared:
        if ids:
            events.append(E.StatusesEnded(seat, status, ids))


def form_groups(game: SkirmishState, seat: int, own: list[Unit], events: list[Event]) -> None:
    """I1: each connected group of >= 2 infantry shares size - offset wards."""
    infantry = {u.hex: u.id for u in own if u.type == INFANTRY}
    seen: set[int] = set()
    adj = game.board.adj
    groups = []
    for h in sorted(infantry, key=lambda x: infantry[x]):
        if h in seen:
            continue
        comp, stack = [h], [h]
        seen.add(h)
        while stack:
            for n in adj[stack.pop()]:
                if n in infantry and n not in seen:
                    seen.add(n)
                    comp.append(n)
                    stack.append(n)
        pool = len(comp) - FORMATION_OFFSET
        if len(comp) >= 2 and pool > 0:
            members = tuple(sorted(infantry[x] for x in comp))
            groups.append([members, pool])
            events.append(E.Formation(seat, members, pool))
    game.pools[seat] = groups
