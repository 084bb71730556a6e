"""Dice for Land order candidates (T-6): every new order whose checker accepts it, for the
enumeration in `orders.legal_orders`.

The board and the techs cannot change during ORDERS, so these are generated once per tribe
and turn and grouped by cost and conflict key; each call then only filters the groups by
the holdings and the keys at their limit (`affordable`). Checker results that are pure
functions of the board and a key naming everything else they read are memoised in the
board's memo as `Chunk`s, grouped once. The checkers decide every candidate: nothing here
is a second copy of a rule.
"""

from __future__ import annotations

from itertools import compress
from typing import Any, Callable, Iterator

from game.territory import actions as A
from game.territory import arrows, building, diplomacy, magic, position
from game.territory.constants import (
    CAMP, CAPITAL, CITY, LAND, NONE, OUTPOST, RESOURCES, RUIN, SIDES, SPELLS, TECH, TECHS, TREE,
    WORKSHOP, ZERO,
)
from game.territory.chunks import GROUP_KEYS, Chunk, group_pairs
from game.territory.plans import Plan
from game.territory.state import NOBODY, TerritoryState


def own_tiles(st: TerritoryState, tribe: int) -> list[int]:
    """The tribe's tiles as the public sees them (T-18.3), cached during ORDERS."""
    return position.tiles_of(st, tribe)


def sides_options(st: TerritoryState, tribe: int, i: int, arch: bool) -> list[tuple[Any, Plan]]:
    """The walls, wall upgrades and demolitions the checkers accept on the four sides of own
    tile i, side by side; each side's part memoised on the board apart, under a key naming
    everything its checkers read besides the board (i is own): a wall built on one side
    re-checks only that side."""
    memo = st.board.memo
    walls = st.walls
    out: list[tuple[Any, Plan]] = []
    for k in range(4):
        level = walls[i * 4 + k]
        out.extend(memo_pairs(memo, ("side_options", i, k, level, arch),
                              lambda: side_options(st, tribe, i, k, level)))
    return out


def slot_options(st: TerritoryState, tribe: int, i: int) -> list[tuple[Any, Plan]]:
    """The builds, upgrade, commerce and demolitions (building, tunnel) the checkers accept
    on own tile i. Candidates are pre-filtered by conditions every acceptance needs (an
    empty slot to build, a building to upgrade...); the checkers decide."""
    b = st.building[i]
    candidates: list[tuple[Any, Callable]] = []
    if b in (NONE, RUIN):
        candidates += [(shared(A.Build, i, kind), building.check_build) for kind in building.BUILD_KINDS]
    elif b in (CAMP, OUTPOST, CITY):
        candidates.append((shared(A.Upgrade, i), building.check_upgrade))
    if b in (CITY, CAPITAL):
        candidates.append((shared(A.Commerce, i), building.check_commerce))
    if b not in (NONE, RUIN, TREE):
        candidates.append((shared(A.Demolish, i, "building"), building.check_demolish))
    if st.tunnel[i] >= 0:
        candidates.append((shared(A.Demolish, i, "tunnel"), building.check_demolish))
    out = []
    for action, checker in candidates:
        plan = checker(st, tribe, action)
        if isinstance(plan, Plan):
            out.append((action, plan))
    return out


def gift_chunk(st: TerritoryState, tribe: int, other: int) -> Chunk:
    """The gifts the checker accepts to `other` (every resource, amounts up to `gift_max`),
    memoised on the board: a gift's plan depends only on the amounts (the target is a
    living tribe other than the giver)."""
    memo = st.board.memo
    gifts = memo.get(("gift_amounts", st.params.gift_max))
    if gifts is None:
        gifts = memo[("gift_amounts", st.params.gift_max)] = tuple(
            (r, n) for r in RESOURCES for n in range(1, st.params.gift_max + 1))
    return memo_chunk(memo, ("gift", other, gifts), lambda: checked(
        st, tribe, diplomacy.check_gift, (shared(A.Gift, other, r, n) for r, n in gifts)))


def side_options(st: TerritoryState, tribe: int, i: int, k: int, level: int) -> list[tuple[Any, Plan]]:
    """The walls, wall upgrade and demolition the checkers accept on side k of own tile i
    (whose wall has `level`)."""
    side = SIDES[k]
    if not level:
        return checked(st, tribe, building.check_wall,
                       (shared(A.Wall, i, side, "gold"), shared(A.Wall, i, side, "mixed")))
    if level == 1:
        return checked(st, tribe, building.check_demolish, (shared(A.Demolish, i, side),)) + checked(
            st, tribe, building.check_wall_upgrade, (shared(A.WallUpgrade, i, side),))
    return checked(st, tribe, building.check_demolish, (shared(A.Demolish, i, side),))


def static_chunks(st: TerritoryState, tribe: int, with_arrows: bool = True
                  ) -> list[Chunk | tuple[tuple[Any, Plan], ...]]:
    """Every new order whose checker accepts it now, in enumeration order, as a list of
    chunks (memoised ones shared through the board's memo) and, between them, tuples of
    the (action, plan) pairs checked for this turn only (grouped by `cost_groups` directly:
    a `Chunk` of them would be grouped twice); cached for the turn. Without `with_arrows`
    the kinds of `orders.UNLISTED` are left out: arrows, and the orders the system tribes'
    planner only asks about one by one (gifts, cessions, vassal offers, answers; see
    `orders.LegalOrders`)."""
    turn_key = ("chunks", tribe, st.turn, with_arrows)   # `key` below names memo entries
    cache = {} if st._resolving else st._cache
    if turn_key in cache:
        return cache[turn_key]
    out: list[Chunk | tuple[tuple[Any, Plan], ...]] = []
    loose: list[tuple[Any, Plan]] = []   # single candidates since the last memoised chunk

    def add(action: Any, checker: Callable) -> None:
        plan = checker(st, tribe, action)
        if isinstance(plan, Plan):
            loose.append((action, plan))

    def extend(chunk: Chunk) -> None:
        if loose:
            out.append(tuple(loose))
            loose.clear()
        out.append(chunk)

    t = st.tribes[tribe]
    board = st.board
    faction = t.faction
    own = own_tiles(st, tribe)
    own_set = set(own)
    memo = board.memo
    seen = position.seen_owners(st)
    tower = position.has_tower(st, tribe)
    arch = position.arch_art(st, tribe)
    commerce_tech = "commerce_tech" in t.techs
    guard_max = st.params.guard_max if "diplomacy" in t.techs else 0
    near: dict[int, tuple] = {}   # per tile next to own land: its part of an arrow key
    kinds = board.kind
    owners, on_tile, grievances = st.owner, st.building, bool(st.grievances)
    chunk_out = out.append   # `extend` without a run of single candidates to close first
    for i in own:
        nbs = board.adjacent[i]
        if faction == "shadow" and st.tunnel[i] >= 0 and st.tunnel[i] not in nbs:
            nbs = nbs + (st.tunnel[i],)
        for j in nbs if with_arrows else ():
            if j in own_set:
                continue
            # everything check_arrow reads about (i, j) besides the board: i is own, j is
            # next to it (or tunnel-linked for Shadow) and not own; j's part is the same
            # for every own tile next to it (the faction only off land, as `path_options`)
            part = near.get(j)
            if part is None:
                owner = seen[j]
                # the public building: none on a hidden tile (the public owner differs from
                # the owner exactly there), as `position.seen_building`
                part = near[j] = (j, faction if kinds[j] != LAND else "",
                                  0 if owner == NOBODY else 1 if owner >= 0 else 2,
                                  on_tile[j] if owner == owners[j] else NONE,
                                  owner >= 0 and grievances and position.grievance(st, tribe, owner))
            key = ("arrow", i, part)   # (part whole: a 3-tuple built, not a 7-tuple)
            options = memo.get(key)
            if options is None:
                options = memo[key] = Chunk.of_costs(arrows.arrow_options(st, tribe, i, j))
            if loose:
                extend(options)
            else:
                chunk_out(options)
        # everything the building and demolish checkers read about own tile i's slot, and
        # apart (a chunk each: consecutive chunks group exactly like one, see `cost_groups`)
        # what the wall checkers read about its sides, which a new owner, building or tower
        # leaves as they were
        b = st.building[i]
        key = ("slot", i, faction, b, st.tunnel[i], st.commerce[i], tower, arch, commerce_tech)
        options = memo.get(key)
        if options is None:
            options = memo[key] = Chunk([(a, interned(p)) for a, p in slot_options(st, tribe, i)])
        if loose:
            extend(options)
        else:
            chunk_out(options)
        key = ("sides", i, bytes(st.walls[i * 4:i * 4 + 4]), arch)
        options = memo.get(key)
        if options is None:
            options = memo[key] = Chunk(sides_options(st, tribe, i, arch))
        chunk_out(options)
        if faction == "shadow" and "digging" in t.techs:
            # everything check_tunnel reads besides the board: i is own, Shadow with
            # Digging; Architecture Art and which ends already hold a tunnel
            ends = tunnel_ends(board, i, st.params.tunnel_max_gap)
            tunnel = st.tunnel
            key = ("tunnels", i, ends, arch, tunnel[i] >= 0, tuple(b for b in ends if tunnel[b] >= 0))
            extend(memo_chunk(memo, key, lambda: checked(
                st, tribe, building.check_tunnel, (shared(A.Tunnel, i, b) for b in ends))))
        if guard_max:
            # check_guard reads the Diplomacy tech (held), guard_max and that i is own
            loose.extend(memo_pairs(memo, ("guards", i, guard_max), lambda: checked(
                st, tribe, magic.check_guard, (shared(A.Guard, n, i) for n in range(1, guard_max + 1)))))
    if guard_max:
        loose.extend(memo_pairs(memo, ("guards", -1, guard_max), lambda: checked(
            st, tribe, magic.check_guard, (shared(A.Guard, n, -1) for n in range(1, guard_max + 1)))))
    others = [o.id for o in st.tribes if o.alive and o.id != tribe]
    # a cession needs the target next to the tile: only those pairs are candidates
    bordering = sorted({(seen[j], i) for i in own for j in board.adjacent[i] if seen[j] >= 0
                        and seen[j] != tribe}) if with_arrows else ()
    for other, i in bordering:
        # check_cede reads whether the target lives (i is own and touches its land)
        alive = st.tribes[other].alive
        loose.extend(memo_pairs(memo, ("cede", other, i, alive), lambda: checked(
            st, tribe, diplomacy.check_cede, (shared(A.Cede, other, i),))))
    if with_arrows:   # gifts and vassal offers are in `orders.UNLISTED`
        # every other tribe's gifts as one chunk, ahead of the demands, trade proposals and
        # vassal offers they were enumerated between (gifts are keyless and those keyed:
        # they fall in different groups, each kept in order), merged from each target's
        # chunk once per set of targets
        key = ("gifts", st.params.gift_max, tuple(others))
        options = memo.get(key)
        if options is None:
            options = memo[key] = Chunk.merged([gift_chunk(st, tribe, other) for other in others])
        extend(options)
    # (a demand is War's, a trade proposal Jungle's: their checkers refuse every other
    # faction first, so only the tribe's own kind is asked, for each other tribe)
    war, jungle = faction == "war", faction == "jungle"
    for other in others:
        if war:
            add(shared(A.DemandTribute, other), diplomacy.check_demand)
        if jungle:
            add(shared(A.ProposeTrade, other), diplomacy.check_propose)
        if with_arrows:
            add(shared(A.OfferVassal, other), diplomacy.check_offer_vassal)
    # answers exist only to last turn's proposals (and are in `orders.UNLISTED`)
    for war, target, made in st.demands if with_arrows else ():
        if target == tribe and made == st.turn - 1:
            for pay in (True, False):
                add(A.AnswerTribute(war, pay), diplomacy.check_answer_tribute)
    for jungle, target, made in st.trades if with_arrows else ():
        if target == tribe and made == st.turn - 1:
            for accept in (True, False):
                add(A.AnswerTrade(jungle, accept), diplomacy.check_answer_trade)
    for vassal, lord, made in st.vassal_offers if with_arrows else ():
        if lord == tribe and made == st.turn - 1:
            for accept in (True, False):
                add(A.AnswerVassal(vassal, accept), diplomacy.check_answer_vassal)
    if faction == "tide":
        if t.temple < 0:
            # check_temple reads the faction (tide), the tribe's temple (none yet) and the
            # temples standing: memoised per set of standing temples
            key = ("temples", frozenset(o.temple for o in st.tribes if o.temple >= 0))
            options = memo.get(key)
            if options is None:
                pairs = []
                for i in board.sea_tiles:
                    temple = A.Temple(i)
                    plan = building.check_temple(st, tribe, temple)
                    if isinstance(plan, Plan):
                        pairs.append((temple, plan))
                options = memo[key] = Chunk(pairs)
            extend(options)
        add(A.DEEP_TIDE, magic.check_deep_tide)
    # everything check_research reads: faction, techs, tower and building prerequisites
    # (`position.owns_building` for a workshop and for a city or capital, over `own`)
    on_tile = st.building
    built = {on_tile[i] for i in own}
    key = ("research", faction, frozenset(t.techs), tower,
           WORKSHOP in built, CITY in built or CAPITAL in built)
    options = memo.get(key)
    if options is None:
        pairs = []
        for tech in TECHS:
            for c in TECH[tech].choices or {"": ZERO}:
                plan = building.check_research(st, tribe, A.Research(tech, c))
                if isinstance(plan, Plan):
                    pairs.append((A.Research(tech, c), plan))
        options = memo[key] = Chunk(pairs)
    extend(options)
    add(A.BUY_EXOTIC, building.check_buy_exotic)
    if faction == "arcane":
        for i in board.land_tiles:
            # (the public sees a ruin only where there is one: most tiles need no call)
            if on_tile[i] == RUIN and position.seen_building(st, i) == RUIN:
                add(A.Archaeology(i), building.check_archaeology)
    targets: tuple[int, ...] | None = None   # for tile spells on others' land, once
    touching: set[int] | None = None   # the tiles next to own land, once
    # every tower spell's base check needs a tower (T-10.1): without one, none is asked
    for spell in SPELLS if tower else ():
        if spell in magic.BOUND_SPELLS or magic.spell_base(st, tribe, spell) is not None:
            continue
        if spell in magic.PLAIN_SPELLS:
            add(A.Cast(spell), magic.check_cast)
        elif spell in magic.TRIBE_SPELLS:
            for other in others:
                add(A.Cast(spell, other), magic.check_cast)
        elif spell == "earth_wall":
            # check_cast reads (its spell base passed) the cost and the target's walls (the
            # target is own): one chunk per tile, so a changed tile rebuilds only its own
            # (consecutive chunks group exactly like one, see `cost_groups`)
            walls = st.walls
            cost = magic.spell_cost(st, tribe, spell)
            for i in own:
                key = ("earth_wall", cost, i, bytes(walls[i * 4:i * 4 + 4]))
                extend(memo_chunk(memo, key, lambda i=i: checked(
                    st, tribe, magic.check_cast, (shared(A.Cast, "earth_wall", i, side) for side in SIDES))))
        elif spell == "nature_gift":
            # check_cast reads (its spell base passed) the cost and that the target is own
            cost = magic.spell_cost(st, tribe, spell)
            key = ("nature_gift", cost, tuple(own))
            extend(memo_chunk(memo, key, lambda: [
                pair for i in own for pair in memo_pairs(memo, ("nature_gift", cost, i), lambda: checked(
                    st, tribe, magic.check_cast, (shared(A.Cast, "nature_gift", i),)))]))
        else:
            if targets is None:
                targets = tuple(i for i in board.land_tiles if seen[i] not in (tribe, NOBODY))
            if spell in ("meteor", "desolation"):
                # accepted on every tile not own and not unclaimed: the cost decides the rest
                cost = magic.spell_cost(st, tribe, spell)
                key = (spell, cost, targets)
                extend(memo_chunk(memo, key, lambda: [
                    pair for i in targets for pair in memo_pairs(memo, (spell, cost, i), lambda: checked(
                        st, tribe, magic.check_cast, (shared(A.Cast, spell, i),)))]))
            else:
                # requiem and undead plague aim only at a tile touching own land (T-13.7,
                # `magic.spell_target`): the other targets are not asked
                assert spell in ("requiem", "undead_plague"), spell
                if touching is None:
                    touching = {j for i in own for j in board.adjacent[i]}
                for i in targets:
                    if i in touching:
                        add(A.Cast(spell, i), magic.check_cast)
    if loose:
        out.append(tuple(loose))
    cache[turn_key] = out
    return out


_SHARED: dict[tuple, Any] = {}


def shared(kind: type, *args: Any) -> Any:
    """The (shared, immutable) action `kind(*args)` for small argument tuples (tribe ids,
    tiles, sides): memoised candidates share equal actions (fewer objects in the memo for
    the garbage collector to walk). Past the bound the table starts again."""
    action = _SHARED.get((kind, args))
    if action is None:
        if len(_SHARED) >= arrows.INTERN_LIMIT:
            _SHARED.clear()
        action = _SHARED[(kind, args)] = kind(*args)
    return action


def memo_pairs(memo: dict, key: tuple, build: Callable[[], list[tuple[Any, Plan]]]
               ) -> Iterator[tuple[Any, Plan]]:
    """The (action, plan) pairs memoised under `key` (a key naming everything their checker
    reads besides the board), built by `build` the first time. Stored as parallel tuples
    (actions, plans) of shared objects, one shared value when empty: the memo lives for
    the whole process, and every object it holds is one the garbage collector walks at
    each full collection (a tuple per pair, and a new copy of an equal action or plan per
    entry, had made side and slot entries about 9 objects each)."""
    stored = memo.get(key)
    if stored is None:
        pairs = build()
        stored = memo[key] = (tuple(a for a, _ in pairs),
                              tuple(interned(p) for _, p in pairs)) if pairs else _NO_PAIRS
    return zip(*stored)


_NO_PAIRS: tuple[tuple, tuple] = ((), ())


def memo_chunk(memo: dict, key: tuple, build: Callable[[], list[tuple[Any, Plan]]]) -> Chunk:
    """The chunk memoised under `key` (a key naming everything its checker reads besides
    the board), built by `build` the first time (of shared actions and plans)."""
    chunk = memo.get(key)
    if chunk is None:
        chunk = memo[key] = Chunk([(a, interned(p)) for a, p in build()])
    return chunk


# Equal plans of memoised candidates, one object each, keyed by their fields (a tuple of
# ints and key tuples: hashed in C, not by `Plan.__hash__`): entries under different keys (a
# tile with and without a tower...) share them, as they share the actions (`shared`). Past
# the bound (long soaks, other maps) the table starts again; shared plans stay valid.
_INTERNED: dict[tuple, Plan] = {}


def interned(plan: Plan) -> Plan:
    """The shared plan equal to `plan`."""
    fields = (plan.typed, plan.generic, plan.keys, plan.discount)
    out = _INTERNED.get(fields)
    if out is None:
        if len(_INTERNED) >= arrows.INTERN_LIMIT:
            _INTERNED.clear()
        out = _INTERNED[fields] = plan
    return out


def checked(st: TerritoryState, tribe: int, checker: Callable, candidates: Any) -> list[tuple[Any, Plan]]:
    """The candidates `checker` accepts, with their plans, in order."""
    out = []
    for action in candidates:
        plan = checker(st, tribe, action)
        if isinstance(plan, Plan):
            out.append((action, plan))
    return out


def tunnel_ends(board: Any, i: int, max_gap: int) -> tuple[int, ...]:
    """Candidate far ends of a tunnel from tile i: 2..max_gap+1 tiles away in a row or
    column, nearest first (memoised on the board)."""
    key = ("tunnel_ends", i, max_gap)
    ends = board.memo.get(key)
    if ends is None:
        w = board.width
        x0, y0 = i % w, i // w
        ends = board.memo[key] = tuple(
            by * w + bx for d in range(2, max_gap + 2)
            for bx, by in ((x0 + d, y0), (x0 - d, y0), (x0, y0 + d), (x0, y0 - d))
            if 0 <= bx < w and 0 <= by < board.height)
    return ends


def cost_groups(st: TerritoryState, tribe: int, with_arrows: bool = True
                ) -> tuple[tuple, tuple, list]:
    """The static orders grouped for `legal_orders`, cached for the turn:
    (keyless, keyed, anchor). anchor: `affordable`'s memo of its last full pass (`_anchor`).
    keyless: ((gold, materials, exotics, total, actions), ...) by cost;
    keyed: ([gold, materials, exotics, total, all keys, [keys of each order, ...], actions], ...)
    by cost and kind of first key (all keys: None until `affordable` unites them), so a key
    that reaches (or leaves) its limit touches few groups. Groups and the orders in them
    keep enumeration order (first seen first); each chunk of `static_chunks` is grouped
    once (`Chunk`), so this merges group by group, by the groups' small-int ids
    (`chunks.group_id`: a cost tuple was hashed afresh at every look-up). A group's
    actions and keys are the lists the merge built, shared by every caller (and the next
    turn's, see `last_groups`): never change one (copying them into tuples had cost 0.1 %
    of the instructions of random play). Merging each own tile's chunks (arrows, slot,
    sides) into one memoised by the chunks' identities, to merge fewer chunks here, cost
    3.6 % more: 5,600 new combinations in 10 random games, each merged in Python and kept
    in the board's memo, and the keyed groups (walls, builds) merge only across tiles."""
    key = ("groups", tribe, st.turn, with_arrows)
    cache = {} if st._resolving else st._cache
    groups = cache.get(key)
    if groups is None:
        chunks = static_chunks(st, tribe, with_arrows)
        # the groups are a function of the chunks alone, and a tribe's chunks are often its
        # previous turn's (the same memoised objects, this turn's pairs equal to that turn's):
        # the last turn's are kept per tribe (one entry each, on the shared board memo)
        last_key = ("last_groups", tribe, with_arrows)
        last = st.board.memo.get(last_key)
        if last is not None and last[0] == chunks:
            groups = cache[key] = last[1]
            return groups
        keyless: dict[int, list[Any]] = {}   # by group id (`chunks.group_id`)
        keyed: dict[int, tuple[list, list]] = {}
        get, get_keyed = keyless.get, keyed.get
        for chunk in chunks:
            if type(chunk) is tuple:  # this turn's own pairs: grouped here, as `Chunk` would
                group_pairs(chunk, keyless, keyed)
                continue
            # (most chunks hold groups of one kind only, arrows keyless, sides keyed: the
            # other kind's loop is not started; with the bound look-ups, a quarter of the
            # merge's time, -1.4 % instructions of 10 random games)
            costs = chunk.costs
            if costs:
                for n, actions in zip(costs, chunk.groups):
                    into = get(n)
                    if into is None:
                        keyless[n] = list(actions)
                    else:
                        into.extend(actions)
            group_keys = chunk.group_keys
            if group_keys:
                for n, keysets, actions in zip(group_keys, chunk.keysets, chunk.kactions):
                    into_keyed = get_keyed(n)
                    if into_keyed is None:
                        keyed[n] = (list(keysets), list(actions))
                    else:
                        into_keyed[0].extend(keysets)
                        into_keyed[1].extend(actions)
        # (tuples made of lists by comprehensions: a generator resumes once per group)
        groups = cache[key] = (
            tuple([(*GROUP_KEYS[n], acts) for n, acts in keyless.items()]),
            # a keyed group's keys (all its orders') are united only when `affordable`
            # first needs them: about half the groups never meet a key at its limit while
            # affordable, and uniting every group's had been a sixth of the merge
            tuple([[*GROUP_KEYS[n][:4], None, keysets, actions]
                   for n, (keysets, actions) in keyed.items()]),
            [_NO_ANCHOR])   # `affordable`'s last full pass (one item, replaced whole)
        st.board.memo[last_key] = (chunks, groups)
    return groups


def bucket_memo(st: TerritoryState, tribe: int, with_arrows: bool = True) -> dict:
    """The tribe's memo of `keyed_bucket` for the turn."""
    cache = {} if st._resolving else st._cache
    key = ("keyed_memo", tribe, st.turn, with_arrows)
    memo = cache.get(key)
    if memo is None:
        memo = cache[key] = {}
    return memo


def keyed_bucket(memo: dict, n: int, group: list, inter: frozenset) -> tuple:
    """The actions of keyed group number `n` (of `cost_groups`) without the orders holding a
    key of `inter` (its keys at their limit, never empty), memoised in `memo` (the tribe's
    `bucket_memo` for the turn) per (n, inter), all the result depends on: entering and
    taking back orders brings the same sets back. Every order's keys are tested by C-level
    map/compress calls."""
    bucket = memo.get((n, inter))
    if bucket is None:
        bucket = memo[(n, inter)] = tuple(compress(group[6], map(inter.isdisjoint, group[5])))
    return bucket


def affordable(st: TerritoryState, tribe: int, g: int, m: int, e: int,
               full: frozenset, with_arrows: bool = True) -> list[Any]:
    """The static orders (`cost_groups`) that holdings (g, m, e) pay for and whose keys are
    not at their limit (`full`), in enumeration order, as a fresh list (the caller may
    extend it). Not cached: holdings change with nearly every order entered (a cache per
    holdings hit 29 % of the calls in random play), and a turn's worth of cached lists
    outlived the young garbage-collector generations, so every few turns a full
    collection walked them all (about a quarter of the collector's time).

    The four comparisons per group are cheap next to the copying: in 10 random games (17,600
    calls, 34 groups and 250 actions each, about 12 calls per tribe and turn), bitsets per
    dimension and value built per tribe and turn cost 2 % more instructions than they saved
    (the tables cost as much as the 12 calls' comparisons; with the lists cached per mask
    and `full`, 2.7 % more: garbage collection), thresholds as bytes turned into a mask by
    `bytes.translate` (with the next idea) 1.4 % more, and the keyed groups filtered once
    per `full` and group (41 % of the calls meet a new `full`) 0.3 % more.

    A keyed group is filtered by `full` only when it is affordable and holds a key of
    `full` (`keyed_bucket`): `full` changes with every wall or building entered or taken
    back, and re-filtering every group it touched at each change (affordable or not) had
    cost more than these few C-level set tests per call."""
    total = g + m + e
    groups = cost_groups(st, tribe, with_arrows)
    anchor = groups[2][0]
    if not (g <= anchor[0] and m <= anchor[1] and e <= anchor[2]):
        anchor = groups[2][0] = _anchor(groups, g, m, e)
    out: list[Any] = []
    extend = out.extend
    for tg, tm, te, cost, actions in anchor[3]:
        if cost <= total and tg <= g and tm <= m and te <= e:
            extend(actions)
    if not full:
        for _, (tg, tm, te, cost, _, _, actions) in anchor[4]:
            if cost <= total and tg <= g and tm <= m and te <= e:
                extend(actions)
        return out
    memo = None   # `bucket_memo`, fetched once per call when a bucket is needed
    for n, group in anchor[4]:
        tg, tm, te, cost, keys, _, actions = group
        if cost <= total and tg <= g and tm <= m and te <= e:
            if keys is None:   # united once per group and turn (clones share the entry)
                keys = group[4] = frozenset().union(*group[5])
            if full.isdisjoint(keys):
                extend(actions)
            else:
                if memo is None:
                    memo = bucket_memo(st, tribe, with_arrows)
                inter = full & keys
                bucket = memo.get((n, inter))   # `keyed_bucket`'s own look-up, without its call
                extend(bucket if bucket is not None else keyed_bucket(memo, n, group, inter))
    return out


# No full pass yet: no holdings are below it.
_NO_ANCHOR: tuple = (-1, -1, -1, (), ())


def _anchor(groups: tuple, g: int, m: int, e: int) -> tuple:
    """`affordable`'s full pass at holdings (g, m, e): (g, m, e, the keyless groups they pay
    for, (number, group) of the keyed ones they pay for). Holdings at or below (g, m, e) in
    every resource pay for no other group, so `affordable` tests only these until holdings
    rise above them: during ORDERS they only fall as orders are entered, and return to at
    most the turn's start when orders are taken back, so a tribe's first listing of the turn
    is usually the only full pass (of about 34 groups per listing in random play, 14 are
    affordable). A pure function of the groups, so clones and later turns sharing them share
    it too."""
    total = g + m + e
    keyless, keyed = groups[0], groups[1]
    return (g, m, e,
            tuple([grp for grp in keyless
                   if grp[3] <= total and grp[0] <= g and grp[1] <= m and grp[2] <= e]),
            tuple([(n, grp) for n, grp in enumerate(keyed)
                   if grp[3] <= total and grp[0] <= g and grp[1] <= m and grp[2] <= e]))
