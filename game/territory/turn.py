"""Dice for Land START and END of a turn (T-5.1, T-5.5): income (T-7.1), research activation
(T-9.2), disasters (T-15), undead attacks (T-14.3, phase E), splits (T-12), cap discards (T-7.3)
and the victory check (T-17).
"""

from __future__ import annotations

from game.core.protocol import GameOver
from game.territory import effects, position
from game.territory import events as E
from game.territory.constants import (
    BUILDING, CAPITAL, CITY, ECON, LAND, NONE, RUIN, SPLIT_LIMIT, START_BONUS, SUN_CAP, TECH, TREE,
)
from game.territory.state import GOBLIN, NOBODY, Phase, TerritoryState, UNDEAD


def undead_components(st: TerritoryState) -> list[list[int]]:
    """Undead land split into connected components (T-12.1's walk, no tunnels), by lowest tile."""
    undead = {i for i in st.board.land_tiles if st.owner[i] == UNDEAD}
    return position.joined_groups(st.board.adjacent, st.tunnel, undead, False)


def undead_phase(st: TerritoryState) -> None:
    """T-5.3 E / T-14.3: each hostile undead component strikes once."""
    if not any(st.hostile):   # (only undead tiles hold hostility: none strikes; no walk)
        return
    for comp in undead_components(st):
        hostile = 0
        for i in comp:
            hostile |= st.hostile[i]
        if not hostile:
            continue
        members = set(comp)
        targets = sorted({j for i in comp for j in st.board.adjacent[i]
                          if j not in members and st.owner[j] >= 0
                          and hostile >> st.owner[j] & 1})
        if not targets:
            continue
        tile = min(targets, key=lambda j: (position.defense(st, j, -1, -1, False, False), j))
        victim = st.owner[tile]
        if effects.forced_attack(st, "undead", tile, st.params.undead_attack):
            effects.turn_undead(st, tile, "undead", effects.hostility(st, victim))


def land_by_owner(st: TerritoryState) -> dict[int, list[int]]:
    """Every tribe's land tiles in tile order (tribes without land left out), from one pass
    over the land: END asks each tribe's tiles for its splits, then whether it has any
    left, then how many, and a pass per tribe and question had cost several times as much."""
    owner = st.owner
    out: dict[int, list[int]] = {}
    for i in st.board.land_tiles:
        o = owner[i]
        if o >= 0:
            tiles = out.get(o)
            if tiles is None:
                out[o] = [i]
            else:
                tiles.append(i)
    return out


def components(st: TerritoryState, tid: int, own: list[int] | None = None) -> list[list[int]]:
    """T-12.1: own tiles joined by adjacency and, for Shadow, tunnels with both ends own
    (`own`: the tribe's tiles, when the caller has them)."""
    if own is None:
        own = position.tiles_of(st, tid)
    return position.joined_groups(st.board.adjacent, st.tunnel, own,
                                  st.tribes[tid].faction == "shadow")


def core_component(st: TerritoryState, tid: int, comps: list[list[int]]) -> list[int]:
    """T-12.2: the chosen core, else the capital's, most tiles, most buildings, lowest."""
    core = st.tribes[tid].core
    for comp in comps:
        if core in comp:
            return comp
    capital = position.capital_of(st, tid)
    for comp in comps:
        if capital in comp:
            return comp
    return max(comps, key=lambda c: (len(c), sum(
        1 for i in c if st.building[i] not in (NONE, RUIN)), -c[0]))


def splits(st: TerritoryState, land: dict[int, list[int]] | None = None) -> None:
    """T-12.2: age split territories; split off what is not the core at the limit. `land`
    (`land_by_owner`) is kept up to date with the tiles split off."""
    if land is None:
        land = land_by_owner(st)
    for tribe in list(st.tribes):
        if not tribe.alive:
            continue
        comps = components(st, tribe.id, land.get(tribe.id, []))
        if len(comps) <= 1:
            tribe.split_age = -1
            continue
        tribe.split_age += 1  # -1 -> 0 when first seen (D14, D36)
        limit = SPLIT_LIMIT.get(tribe.faction, SPLIT_LIMIT["default"])
        if tribe.split_age < limit:
            effects.emit(st, E.SplitWarning(tribe.id, tribe.split_age, limit, len(comps)))
            continue
        keep = core_component(st, tribe.id, comps)
        for comp in comps:
            if comp is keep:
                continue
            new = effects.new_system_tribe(st, tribe.faction, tribe, f"{tribe.name} ({len(st.tribes)})")
            effects.emit(st, E.TribeCreated(new.id, new.faction, tribe.id, tuple(comp)))
            for i in comp:
                effects.set_owner(st, i, new.id, "split")
            land[new.id] = comp
        land[tribe.id] = keep
        tribe.split_age = -1
        tribe.core = -1


# T-7.2: no building, Storage or Sun lowers the cap, so it is never below the base (the
# data allows negative values; then `discards` counts every cap)
CAP_AT_LEAST_BASE = (all(b.cap >= 0 for b in BUILDING.values()) and ECON["storage_cap"] >= 0
                     and SUN_CAP >= 0)


def discards(st: TerritoryState, land: dict[int, list[int]] | None = None) -> None:
    """T-7.3 D5: over the cap, discard by the priority list (`land`: every tribe's tiles,
    `land_by_owner`, when the caller has them)."""
    for tribe in st.tribes:
        if not tribe.alive or (CAP_AT_LEAST_BASE and sum(tribe.res) <= st.params.base_cap):
            continue   # (no cap below the base: no need to count it)
        cap = position.cap(st, tribe.id, land.get(tribe.id, []) if land is not None else None)
        excess = sum(tribe.res) - cap
        if excess <= 0:
            continue
        lost = [0, 0, 0]
        for k in effects.priority_of(st, tribe.id):
            n = min(excess, tribe.res[k])
            tribe.res[k] -= n
            lost[k] += n
            excess -= n
        effects.emit(st, E.Discarded(tribe.id, (lost[0], lost[1], lost[2]), cap))


def qualifiers(st: TerritoryState, counts: dict[int, int] | None = None) -> list[tuple[int, str]]:
    """T-17.2: surviving players meeting V1, V2 or V3 (with the conditions met); `counts`:
    tiles per tribe (`position.tile_counts`), when the caller has them."""
    players = [t.id for t in st.tribes if t.is_player and t.alive]
    if counts is None:
        counts = position.tile_counts(st)
    land = len(st.board.land_tiles)
    p = st.params
    out = []
    for pid in players:
        others = [q for q in players if q != pid]
        tiles = counts.get(pid, 0)
        res = sum(st.tribes[pid].res)
        factor = p.duel_factor if len(others) == 1 else 1
        met = []
        late = st.turn >= p.victory_from_turn  # D39: V1 and V3 only from END(12)
        if (late and others and 100 * tiles >= p.v1_min_share * land  # D40: a real share
                and tiles > factor * sum(counts.get(q, 0) for q in others)):
            met.append("V1")
        if 2 * tiles > land:
            met.append("V2")
        if late and others and res >= p.victory_floor and res > factor * sum(
                sum(st.tribes[q].res) for q in others):
            met.append("V3")
        if met:
            out.append((pid, "+".join(met)))
    return out


def ranked_winners(st: TerritoryState, among: list[int],
                   counts: dict[int, int] | None = None) -> tuple[int, ...]:
    """T-17.3: most tiles, then most resources; still tied: shared (`counts` as in
    `qualifiers`)."""
    if counts is None:
        counts = position.tile_counts(st)
    best = max((counts.get(p, 0), sum(st.tribes[p].res)) for p in among)
    return tuple(sorted(p for p in among
                        if (counts.get(p, 0), sum(st.tribes[p].res)) == best))


def finish(st: TerritoryState, winners: tuple[int, ...], cause: str) -> None:
    """The game is over (T-17.3 / T-17.4): the core GameOver with tiles per seat as scores
    and `cause` the deciding rule id."""
    st.winners = winners
    st.end_reason = cause
    st.phase = Phase.OVER
    result = st.result()
    assert result is not None
    effects.emit(st, GameOver.of(result))


def final_cause(qualified: list[tuple[int, str]], winners: tuple[int, ...]) -> str:
    """The conditions (V1, V2, V3) the winners met, e.g. "V1" or "V1+V3"; "T-17.3" when
    nobody qualified and the survivors were ranked."""
    met = sorted({c for p, conds in qualified if p in winners for c in conds.split("+")})
    return "+".join(met) if met else "T-17.3"


def end_turn(st: TerritoryState) -> None:
    """T-5.5: splits, eliminations, discards, victory check."""
    effects.emit(st, E.PhaseStarted("END", -1))
    # every tribe's land, kept up to date by the splits; nothing after them moves a tile
    land = land_by_owner(st)
    splits(st, land)
    for tribe in st.tribes:
        if tribe.alive and not land.get(tribe.id):
            effects.eliminate(st, tribe.id, "no_tiles")
    discards(st, land)
    players = [t.id for t in st.tribes if t.is_player and t.alive]
    if len(players) <= 1:  # T-17.4: the last tribe standing wins; none left: a draw
        return finish(st, tuple(players), "T-17.4")
    counts = {tid: len(tiles) for tid, tiles in land.items()}
    qualified = qualifiers(st, counts)
    if st.final_turn and st.turn >= st.final_turn:  # T-17.3
        among = [p for p, _ in qualified] or players
        winners = ranked_winners(st, among, counts)
        return finish(st, winners, final_cause(qualified, winners))
    if st.turn >= st.params.max_turns:  # T-17.4: END(60) at the latest, ranked as T-17.3
        among = [p for p, _ in qualified] or players
        return finish(st, ranked_winners(st, among, counts), "T-17.4")
    if qualified and not st.final_turn:
        st.final_turn = st.turn + 1
        effects.emit(st, E.FinalTurn(st.final_turn, tuple(qualified)))


def submission_order(st: TerritoryState) -> tuple[int, ...]:
    """T-5.2 D2: alive player seats, rotated by turn (or fixed / shuffled)."""
    alive = [s for s in st.order if st.tribes[s].alive]
    if not alive:
        return ()
    mode = st.setup.options.get("submission", st.params.submission)
    if mode == "fixed":
        return tuple(alive)
    if mode == "random":
        st.rng.shuffle(alive)
        return tuple(alive)
    k = (st.turn - 1) % len(alive)
    return tuple(alive[k:] + alive[:k])


def start_turn(st: TerritoryState) -> None:
    """T-5.1: techs, volcano, disaster, income, timers, proposals; then ORDERS."""
    st.turn += 1
    t = st.turn
    st._cache = {}
    st.board.trim_memo()
    st.phase = Phase.ORDERS
    for tribe in st.tribes:
        tribe.submitted = False
        tribe.clear_orders()
    st.submission = submission_order(st)
    effects.emit(st, E.TurnStarted(t, st.submission, t == st.final_turn))
    for tribe in st.tribes:  # (1) T-9.2
        for entry in tribe.researching:
            tech, _, choice = entry.partition(":")
            need = TECH[tech].building
            ok = tribe.alive and (not need or position.owns_building(st, tribe.id, need))
            if ok:
                tribe.techs.add(tech)
                if tech == "totem":
                    tribe.totem = choice
            effects.emit(st, E.TechActivated(tribe.id, tech, ok))
        tribe.researching = []
    if st.volcano >= 0:  # (2) D22
        erupt(st, st.volcano)
    every = st.params.disaster_every
    if t % every == 0:  # (3)
        disaster(st)
    pay_income(st)  # (4), then (5) the timers it consumes
    st.grievances = [g for g in st.grievances if g[2] >= t]
    st.attacked = {k: v for k, v in st.attacked.items() if v >= t - 3}
    opened = tuple([("tribute", w, x) for w, x, m in st.demands if m == t - 1]
                   + [("trade", j, x) for j, x, m in st.trades if m == t - 1]
                   + [("vassal", v, x) for v, x, m in st.vassal_offers if m == t - 1])
    if opened:  # (6)
        effects.emit(st, E.ProposalsOpen(opened))
    st._cache = {}


def erupt(st: TerritoryState, volcano: int) -> None:
    """D22: the announced volcano attacks every tribe tile around it with 3."""
    st.volcano = -1  # D28: dormant again
    effects.emit(st, E.Disaster("eruption", st.turn, volcano, st.turn))
    for i in st.board.around[volcano]:
        if st.board.kind[i] == LAND and st.owner[i] >= 0:
            if effects.forced_attack(st, "volcano", i, ECON["volcano_attack"]):
                effects.destroy_all(st, i, "volcano")
                effects.set_owner(st, i, NOBODY, "volcano")


def disaster(st: TerritoryState) -> None:
    """T-15.1: one disaster, uniform over the eligible ones."""
    t = st.turn
    goblin_sites = sorted({st.goblin_site[i] for i in st.board.land_tiles
                           if st.owner[i] == GOBLIN and st.goblin_site[i] >= 0})
    eligible = ["magic_turmoil", "necro_revival"]
    if any(st.board.cold):
        eligible.append("winter")
    if st.board.volcanoes and st.volcano < 0:
        eligible.append("volcano")
    if goblin_sites:
        eligible.append("goblin_empire")
    kind = st.rng.choice(eligible)
    if kind == "magic_turmoil":
        st.turmoil_until = t + ECON["turmoil_turns"] - 1
        effects.emit(st, E.Disaster(kind, t, -1, st.turmoil_until))
    elif kind == "winter":
        st.winter_until = t + ECON["winter_turns"] - 1
        effects.emit(st, E.Disaster(kind, t, -1, st.winter_until))
    elif kind == "volcano":
        st.volcano = st.rng.choice(list(st.board.volcanoes))
        effects.emit(st, E.Disaster(kind, t, st.volcano, t + 1))
    elif kind == "necro_revival":
        effects.emit(st, E.Disaster(kind, t, -1, t))
        for i in st.board.land_tiles:
            owner, b = st.owner[i], st.building[i]
            if owner >= 0 and b in (CITY, CAPITAL):
                power = ECON["revival_capital" if b == CAPITAL else "revival_city"]
                if effects.forced_attack(st, "necro_revival", i, power):
                    effects.turn_undead(st, i, "undead", effects.hostility(st, owner))
    else:
        g = st.rng.choice(goblin_sites)
        group = st.board.groups[g]
        effects.emit(st, E.Disaster(kind, t, -1, t))
        effects.reveal_group(st, g)
        tribe = effects.new_system_tribe(st, "goblin", None, "goblin kingdom")
        tiles = tuple(i for i in group.tiles if st.owner[i] == GOBLIN and st.goblin_site[i] == g)
        effects.emit(st, E.TribeCreated(tribe.id, "goblin", -1, tiles))
        for i in tiles:
            effects.set_owner(st, i, tribe.id, "goblin_empire")
        effects.gain(st, tribe.id, (ECON["goblin_kingdom_gold"], 0, 0), "goblin_empire")


def pay_income(st: TerritoryState) -> None:
    """T-7.1 for every tribe, then desolation ticks and Nature's Gift is used up."""
    # every tribe's tiles in tile order, in one pass over the land (nothing below moves a tile)
    tiles_of = land_by_owner(st)
    for tribe in st.tribes:
        if not tribe.alive:
            continue
        tiles = tiles_of.get(tribe.id, ())
        incomes = position.tile_incomes(st, tribe.id, tiles)
        per_tile = [(i, g, m, e) for i, (g, m, e) in zip(tiles, incomes) if g or m or e]
        total = list(map(sum, zip(*incomes))) if incomes else [0, 0, 0]
        extra = list(position.extra_income(st, tribe.id))
        # D42's faction income bonus counts with the tribe-wide extras in the event
        extra[0] += position.income_bonus(tribe.faction, total[0] + extra[0])
        for k in range(3):
            total[k] += extra[k]
            tribe.res[k] += total[k]
        extra = (extra[0], extra[1], extra[2])
        tribe.exotics_bought = 0
        effects.emit(st, E.Income(tribe.id, (total[0], total[1], total[2]), tuple(per_tile), extra))
    desolate, gift = st.desolate, st.gift
    if any(desolate):  # (rare: skip the Python loop over every tile otherwise)
        for i in range(st.board.size):
            if desolate[i]:
                desolate[i] -= 1
    if any(gift):
        for i in range(st.board.size):
            gift[i] = 0


def begin(st: TerritoryState) -> None:
    """T-4.2 / T-4.3: start regions, starting gold and techs, then START(1)."""
    board = st.board
    for tribe in st.tribes:
        tribe.res = [0, 0, 0]
        # T-4.2 start gold, plus D42's faction-specific start bonus [P]
        effects.gain(st, tribe.id, (max(0, st.params.start_gold + START_BONUS[tribe.faction]), 0, 0),
                     "start")
        for i in board.starts[tribe.faction]:
            st.owner[i] = tribe.id
        if tribe.faction == "jungle":
            tribe.techs.add("extraction")
            if board.tree >= 0:
                st.building[board.tree] = TREE
        if tribe.faction == "arcane":
            tribe.techs.add("primitive_magic")
    for tribe in st.tribes:
        for i in board.starts[tribe.faction]:
            effects.reveal_around(st, i)
    start_turn(st)
