"""Dice for Land rules: the protocol over the state's data, setup and the Ruleset (T-4, T-5).

One source of legality: `judge` gives the refusal (an `IllegalAction`), or accepts (handing over
an accepted order's plan); `reason` returns its refusal or None and `apply` calls the same
check (or takes the verdict `reason` just gave for that very action) before changing anything;
`legal_actions` enumerates exactly what `judge` accepts (a property test checks the two
against each other). The rules themselves are plain functions in the
family modules (`arrows`, `building`, `magic`, `diplomacy`, `turn`) driven by `orders`
(order entry, T-6) and `resolve` (RESOLVE, T-5.3); this module only ties them to the protocol:

- PICK (T-4.1): the seat whose turn it is picks an unpicked faction.
- ORDERS (T-5.2): every alive player seat that has not submitted is in `to_move()`; orders
  are secret (events redacted, views stripped). The last `submit` resolves the turn (T-5.3),
  runs END (T-5.5) and START of the next turn (T-5.1) inside the same `apply`.
"""

from __future__ import annotations

from typing import Any, Callable

from game.core.errors import IllegalAction
from game.core.protocol import Action, Event, Ruleset, Setup
from game.core.rng import Rng
from game.territory import actions as A
from game.territory import arrows, effects, orders, position, resolve, turn
from game.territory import events as E
from game.core.tiled import read_map
from game.territory.board import Board, board_from_map
from game.territory.constants import FACTIONS, GOBLIN_CAMP, RESOURCES, RUIN, SUBMISSIONS
from game.territory.plans import Plan, no, rule
from game.territory.state import (
    GOBLIN, UNDEAD, Phase, TerritoryState, Tribe, tile_arrays,
)
from game.territory.view import TerritoryView, make_view

ORDER_ACTIONS: frozenset[type] = frozenset(
    cls for cls in vars(A).values()
    if isinstance(cls, type) and issubclass(cls, Action) and cls not in (Action, A.PickFaction))
ACTION_TYPES: frozenset[type] = ORDER_ACTIONS | {A.PickFaction}
# The phases as module constants: in CPython 3.11 `Phase.ORDERS` is a lookup through the
# enum's metaclass (about 0.12 µs), and `judge` and `legal_actions` ask at every action.
_PICK, _ORDERS, _OVER = Phase.PICK, Phase.ORDERS, Phase.OVER
PHASE_ALLOWS: dict[Phase, frozenset[type]] = {
    Phase.PICK: frozenset({A.PickFaction}),
    Phase.ORDERS: ORDER_ACTIONS,
    Phase.OVER: frozenset(),
}


# ---- legality -----------------------------------------------------------------------------
def check_pick(st: TerritoryState, seat: int, action: A.PickFaction) -> IllegalAction | None:
    """T-4.1: the picking seat takes an unpicked faction of the map."""
    if seat != st.order[st.pick_index]:
        return no("not_your_turn")
    taken = {t.faction for t in st.tribes}
    if action.faction not in st.board.starts or action.faction in taken:
        return rule("T-4.1")
    return None


def check_submit(st: TerritoryState, seat: int, action: A.Submit) -> IllegalAction | None:
    """T-5.2 / T-11.1: submit is refused while the last arrow ends with a crossing."""
    return no("territory.arrow_unfinished") if arrows.unfinished(st, seat) else None


def check_remove(st: TerritoryState, seat: int, action: A.RemoveOrder) -> IllegalAction | None:
    """T-5.2: an entered order can be taken back until submit."""
    order_id = action.order
    for o in st.tribes[seat].orders:   # (a loop: `any` over a generator costs a frame)
        if o.id == order_id:
            return None
    return rule("T-5.2")




# What decides each ORDERS-phase action that is not a new order; anything else is an order.
CHECKS: dict[type, Callable[[TerritoryState, int, Any], IllegalAction | None]] = {
    A.Submit: check_submit,
    A.RemoveOrder: check_remove,
    A.SetPriority: orders.check_setting,
    A.SetFlower: orders.check_setting,
    A.ChooseCore: orders.check_setting,
}


def judge(st: TerritoryState, seat: int, action: Any) -> IllegalAction | Plan | None:
    """The verdict on `action` by `seat` now, with the plan of an accepted new order (T-6), so
    `apply` enters the order without running its checker a second time: a refusal, a Plan,
    or None (any other accepted action)."""
    kind = type(action)
    if kind not in ACTION_TYPES:
        return IllegalAction("not_an_action", action=kind.__name__)
    phase = st.phase
    if phase is _OVER:
        return no("game_over")
    if type(seat) is not int or not 0 <= seat < len(st.setup.seats):
        return no("not_your_turn")
    # (an identity test first: an enum member hashes in Python code, once per action)
    if kind not in (ORDER_ACTIONS if phase is _ORDERS else PHASE_ALLOWS[phase]):
        return no("wrong_phase")
    if phase is _PICK:
        return check_pick(st, seat, action)
    if st.tribes[seat].submitted:
        return no("territory.already_submitted")
    if seat not in st.submission:  # ORDERS: to_move() = the submission order, not submitted
        return no("not_your_turn")
    check = CHECKS.get(kind)
    if check is not None:
        return check(st, seat, action)
    return orders.check_order(st, seat, action)  # T-6: a new order


# ---- effects ------------------------------------------------------------------------------
def do_pick(st: TerritoryState, seat: int, action: A.PickFaction) -> None:
    """T-4.1: record the pick; after the last pick the game begins (T-4.2)."""
    tribe = st.tribes[seat]
    tribe.faction = action.faction
    effects.emit(st, E.FactionPicked(seat, action.faction, tribe.name,
                                     st.board.starts[action.faction]))
    st.pick_index += 1
    if st.pick_index == len(st.order):
        turn.begin(st)


def do_submit(st: TerritoryState, seat: int, action: A.Submit) -> None:
    """T-5.2: orders are final; the last submit resolves the turn (T-5.3)."""
    st.tribes[seat].submitted = True
    effects.emit(st, E.Submitted(seat))
    if not to_move(st):
        resolve.resolve_turn(st)


def do_remove(st: TerritoryState, seat: int, action: A.RemoveOrder) -> None:
    """Take an order back (and the spells bound to it), refunding its escrow."""
    for order_id, refund in orders.remove(st, seat, action.order):
        effects.emit(st, E.OrderRemoved(seat, order_id, refund))


def do_priority(st: TerritoryState, seat: int, action: A.SetPriority) -> None:
    """T-6.3: the order generic costs and discards take resources in."""
    t = st.tribes[seat]
    t.edits += 1
    t.priority = action.priority
    effects.emit(st, E.SettingChanged(seat, "priority", action.priority))


def do_flower(st: TerritoryState, seat: int, action: A.SetFlower) -> None:
    """T-13.4: what the Flower totem gives at each income."""
    t = st.tribes[seat]
    t.edits += 1
    t.flower = RESOURCES.index(action.resource)
    effects.emit(st, E.SettingChanged(seat, "flower", action.resource))


def do_core(st: TerritoryState, seat: int, action: A.ChooseCore) -> None:
    """T-12.3: the component a split tribe keeps."""
    t = st.tribes[seat]
    t.edits += 1
    t.core = action.tile
    effects.emit(st, E.SettingChanged(seat, "core", str(t.core)))


def do_order(st: TerritoryState, seat: int, action: Any, plan: Plan) -> None:
    """T-6.2: escrow a new order's cost (its plan, as `judge` accepted it) and record it."""
    order_id, units = orders.enter(st, seat, action, plan)
    effects.emit(st, E.OrderEntered(seat, order_id, action, effects.amounts_of(units)))


HANDLERS: dict[type, Callable[[TerritoryState, int, Any], None]] = {
    A.PickFaction: do_pick,
    A.Submit: do_submit,
    A.RemoveOrder: do_remove,
    A.SetPriority: do_priority,
    A.SetFlower: do_flower,
    A.ChooseCore: do_core,
}


def to_move(st: TerritoryState) -> list[int]:
    """PICK: the picking seat; ORDERS: every alive seat that has not submitted."""
    if st.phase is _ORDERS:
        tribes = st.tribes
        return [s for s in st.submission if not tribes[s].submitted]
    if st.phase is _PICK:
        return [st.order[st.pick_index]]
    return []


class TerritoryGame(TerritoryState):
    """A game of Dice for Land: the protocol over `TerritoryState`'s data."""

    def to_move(self) -> list[int]:
        """PICK: the picking seat; ORDERS: every alive seat that has not submitted."""
        return to_move(self)

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly what `apply` accepts from `seat` now."""
        if self.phase is _PICK:
            if seat != self.order[self.pick_index]:
                return []
            taken = {t.faction for t in self.tribes}
            return [A.PickFaction(f) for f in self.board.starts if f not in taken]
        # ORDERS: `seat in to_move(self)` (the submission order without the seats that
        # have submitted), without building that list once more per action
        if (self.phase is _ORDERS and seat in self.submission
                and not self.tribes[seat].submitted):
            return orders.legal_orders(self, seat)
        return []

    def reason(self, seat: int, action: object) -> IllegalAction | None:
        """The refusal `apply(seat, action)` would raise (key + params), or None if legal.

        The verdict is kept until the next `apply`: an agent asks about the action it is about
        to play (search playouts ask the greedy agent's next order with `reason`, then apply
        it), and `apply` of that very object by that seat takes the verdict instead of
        judging again (judging orders was about 8 % of a playout, half of it twice over). Only
        `apply` changes a state, and every `apply` clears the verdict."""
        verdict = judge(self, seat, action)
        self._judged = (seat, action, verdict)
        return verdict if isinstance(verdict, IllegalAction) else None

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action (IllegalAction leaves the state unchanged)."""
        judged = self._judged
        if judged is not None and judged[1] is action and judged[0] == seat:
            verdict = judged[2]
        else:
            verdict = judge(self, seat, action)
        self._judged = None
        if isinstance(verdict, IllegalAction):
            # a fresh copy: refusals without parameters are shared instances
            raise IllegalAction(verdict.key, **verdict.params)
        self.ev = []
        if verdict is None:
            HANDLERS[type(action)](self, seat, action)
        else:
            do_order(self, seat, action, verdict)
        events, self.ev = self.ev, []
        return events

    def hidden(self, i: int) -> bool:
        """A tile of a neutral group nobody has found yet (T-14.1)."""
        return position.hidden(self, i)

    def unfinished(self, seat: int) -> bool:
        """The seat's last arrow ends with a crossing, so only steps may follow (T-11.1)."""
        return arrows.unfinished(self, seat)

    def view(self, seat: int | None) -> TerritoryView:
        """T-18: what `seat` may see (None: the public)."""
        return make_view(self, seat)


class TerritoryRuleset(Ruleset):
    """Dice for Land: 2-7 players, secret simultaneous orders, hidden outside forces.

    Options: `shuffle_seats`, `submission` (T-5.2 D2) with the values below; free-form
    `factions` (one per seat: preset picks, no PICK phase) and `names` (tribe names).
    """

    id = "territory"
    min_players = 2
    max_players = 7
    has_hidden_info = True
    options = {"shuffle_seats": (False, True), "submission": SUBMISSIONS}
    map_folder = "territory"
    default_map_name = "origin.tmx"   # the map "Origin" (T-2)

    def faction_pool(self, map_path: str | None = None) -> tuple[str, ...]:
        """The factions a game on this map can seat (T-13, the map's start regions), for
        `simulate --factions random`."""
        from game.core.tiled import cached_board
        path = self.map_path(Setup(seats=("x", "x"), seed=0, map=map_path))
        board = cached_board(self.id, path, self.read_board)
        return tuple(f for f in FACTIONS if f in board.starts)

    def read_board(self, path: str) -> Board:
        """The validated board of the map at `path` (T-3; the base class caches it)."""
        return board_from_map(read_map(path))

    def make_state(self, setup: Setup, board: Board) -> TerritoryGame:
        """A game at PICK, or at ORDERS of turn 1 when the factions are preset."""
        n = len(setup.seats)
        if not board.min_players <= n <= board.max_players:
            raise IllegalAction("bad_seat_count", count=n, min=board.min_players,
                                max=board.max_players)
        options = setup.options
        submission = options.get("submission", board.params.submission)
        if submission not in SUBMISSIONS:
            raise IllegalAction("bad_option", option="submission", value=str(submission))
        factions = options.get("factions")
        if factions is not None:
            if (not isinstance(factions, (list, tuple)) or len(factions) != n
                    or len(set(factions)) != n or any(f not in board.starts for f in factions)):
                raise IllegalAction("bad_option", option="factions", value=str(factions))
        names = options.get("names") or []
        if not isinstance(names, (list, tuple)) or not all(isinstance(x, str) for x in names):
            raise IllegalAction("bad_option", option="names", value=str(names))
        rng = Rng(setup.seed)
        order = list(range(n))
        if options.get("shuffle_seats"):
            rng.shuffle(order)
        state = TerritoryGame(
            setup=setup, board=board, params=board.params, rng=rng, order=tuple(order),
            tribes=[Tribe(id=s, kind="player", faction="", seat=s,
                          name=names[s] if s < len(names) and names[s] else f"P{s + 1}")
                    for s in range(n)],
            **tile_arrays(board))
        for i in board.ruins:
            state.building[i] = RUIN
        for g, group in enumerate(board.groups):
            for i in group.tiles:
                state.owner[i] = UNDEAD if group.race == "undead" else GOBLIN
                if group.race == "goblin":
                    state.goblin_site[i] = g
            for i in group.camps:
                state.building[i] = GOBLIN_CAMP
        state.ev = []
        if factions is not None:
            for seat in order:
                do_pick(state, seat, A.PickFaction(factions[seat]))
        state.ev = []
        return state

    def state_from_view(self, view: TerritoryView, rng: Rng) -> TerritoryGame:
        """T-21.2 determinization: a full state consistent with everything `view` shows.

        What the seat cannot see is filled in as T-21.2 says: unrevealed neutral groups are
        unclaimed land (the view's board has them blanked), no treasure is known to be
        buried, the RNG is fresh (seeded from `rng`); other tribes hold their START
        resources with no orders entered (a search agent samples their orders with the
        greedy planner). Lobby options are not part of a view: the map's defaults apply."""
        board = view.board
        arrays = tile_arrays(board)
        for name in ("owner", "building", "commerce", "walls", "tunnel", "desolate", "gift",
                     "hostile", "revealed"):
            target, values = arrays[name], getattr(view, name)
            for i, value in enumerate(values):
                target[i] = value
        owner, goblin_site = arrays["owner"], arrays["goblin_site"]
        for k, group in enumerate(board.groups):
            if view.revealed[k] and group.race == "goblin":
                for i in group.tiles:
                    if owner[i] == GOBLIN:
                        goblin_site[i] = k
        seed = rng.below(2 ** 31)
        setup = Setup(seats=tuple(view.seats), seed=seed, ruleset=self.id)
        return TerritoryGame(
            setup=setup, board=board, params=view.params, rng=Rng(seed), order=view.order,
            phase=view.phase, turn=view.turn, pick_index=view.pick_index,
            tribes=[t.copy() for t in view.tribes], **arrays,
            submission=tuple(view.submission), volcano=view.volcano,
            turmoil_until=view.turmoil_until, winter_until=view.winter_until,
            demands=list(view.demands), trades=list(view.trades),
            vassal_offers=list(view.vassal_offers), grievances=list(view.grievances),
            attacked=dict(view.attacked), final_turn=view.final_turn, winners=view.winners)
