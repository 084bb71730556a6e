"""Dice for Land rules: the protocol methods, setup and the Ruleset (T-4, T-5).

One source of legality: `_why` says why an action is refused (or None) and `apply` calls it
before changing anything; `legal_actions` enumerates exactly what `_why` accepts (a property
test checks the two against each other). Order entry lives in `orders.py`, the resolution of
a turn in `resolve.py`; this module ties them to the protocol:

- PICK (T-4.1): the seat whose turn it is picks an unpicked faction.
- ORDERS (T-5.2): every alive player seat that has not submitted is in `to_move()`; orders
  are secret (events redacted, views stripped). The last `submit` resolves the turn (T-5.3),
  runs END (T-5.5) and START of the next turn (T-5.1) inside the same `apply`.
"""

from __future__ import annotations

from game.core.errors import IllegalAction
from game.core.paths import resource_path
from game.core.protocol import Action, Event, Ruleset, Setup
from game.core.rng import Rng
from game.territory import actions as A
from game.territory import events as E
from game.territory.board import read_board
from game.territory.constants import GOBLIN_CAMP, RUIN, SUBMISSIONS, TREE
from game.territory.orders import Plan, Why, no, rule
from game.territory.resolve import Resolution
from game.territory.state import GOBLIN, NOBODY, UNDEAD, Phase, Tribe

ORDER_ACTIONS: frozenset[type] = frozenset(
    cls for cls in vars(A).values()
    if isinstance(cls, type) and issubclass(cls, Action) and cls not in (Action, A.PickFaction))
PHASE_ALLOWS: dict[Phase, frozenset[type]] = {
    Phase.PICK: frozenset({A.PickFaction}),
    Phase.ORDERS: ORDER_ACTIONS,
    Phase.OVER: frozenset(),
}


class TerritoryGame(Resolution):
    """A game of Dice for Land: the protocol over `TerritoryState`'s data."""

    # ---- protocol -----------------------------------------------------------------------
    def to_move(self) -> list[int]:
        """PICK: the picking seat; ORDERS: every alive seat that has not submitted."""
        if self.phase is Phase.ORDERS:
            tribes = self.tribes
            return [s for s in self.submission if not tribes[s].submitted]
        if self.phase is Phase.PICK:
            return [self.order[self.pick_index]]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly what `apply` accepts from `seat` now."""
        if self.phase is Phase.PICK:
            if seat != self.order[self.pick_index]:
                return []
            taken = {t.faction for t in self.tribes}
            return [A.PickFaction(f) for f in self.board.starts if f not in taken]
        if self.phase is Phase.ORDERS and seat in self.to_move():
            return self.legal_orders(seat)
        return []

    def reason(self, seat: int, action: Action) -> str | None:
        """Why `action` by `seat` would be refused now (a reason key), or None if legal."""
        why = self._why(seat, action)
        return why.key if why else None

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action (IllegalAction leaves the state unchanged)."""
        why = self._why(seat, action)
        if why is not None:
            raise IllegalAction(why.key, action=getattr(action, "type_name", "?"), seat=seat,
                                **dict(why.params))
        self.ev = []
        if isinstance(action, A.PickFaction):
            self._pick(seat, action)
        elif isinstance(action, A.Submit):
            self.tribes[seat].submitted = True
            self.emit(E.Submitted(seat))
            if not self.to_move():
                self.resolve_turn()
        elif isinstance(action, A.RemoveOrder):
            for order_id, refund in self.remove(seat, action.order):
                self.emit(E.OrderRemoved(seat, order_id, refund))
        elif isinstance(action, A.SETTINGS):
            self._setting(seat, action)
        else:
            plan = self.check_order(seat, action)
            assert isinstance(plan, Plan)
            order_id, units = self.enter(seat, action, plan)
            escrow = [0, 0, 0]
            for k in units:
                escrow[k] += 1
            self.emit(E.OrderEntered(seat, order_id, action, (escrow[0], escrow[1], escrow[2])))
        events, self.ev = self.ev, []
        return events

    # ---- legality -------------------------------------------------------------------------
    def _why(self, seat: int, action: Action) -> Why | None:
        if self.phase is Phase.OVER:
            return no("game_over")
        if not isinstance(seat, int) or not 0 <= seat < len(self.setup.seats):
            return no("not_your_turn")
        if type(action) not in PHASE_ALLOWS[self.phase]:
            return no("wrong_phase")
        if self.phase is Phase.PICK:
            if seat != self.order[self.pick_index]:
                return no("not_your_turn")
            taken = {t.faction for t in self.tribes}
            if action.faction not in self.board.starts or action.faction in taken:
                return rule("T-4.1")
            return None
        tribe = self.tribes[seat]
        if tribe.submitted:
            return no("territory.already_submitted")
        if seat not in self.to_move():
            return no("not_your_turn")
        if isinstance(action, A.Submit):
            return no("territory.arrow_unfinished") if self.unfinished(seat) else None
        if isinstance(action, A.RemoveOrder):
            if not any(o.id == action.order for o in tribe.orders):
                return rule("T-5.2")
            return None
        if isinstance(action, A.SETTINGS):
            return self.check_setting(seat, action)
        plan = self.check_order(seat, action)
        return plan if isinstance(plan, Why) else None

    # ---- effects --------------------------------------------------------------------------
    def _setting(self, seat: int, action: Action) -> None:
        t = self.tribes[seat]
        t.edits += 1
        if isinstance(action, A.SetPriority):
            t.priority = action.priority
            self.emit(E.SettingChanged(seat, "priority", action.priority))
        elif isinstance(action, A.SetFlower):
            from game.territory.constants import RESOURCES
            t.flower = RESOURCES.index(action.resource)
            self.emit(E.SettingChanged(seat, "flower", action.resource))
        else:
            t.core = action.tile  # type: ignore[attr-defined]
            self.emit(E.SettingChanged(seat, "core", str(t.core)))

    def _pick(self, seat: int, action: A.PickFaction) -> None:
        tribe = self.tribes[seat]
        tribe.faction = action.faction
        self.emit(E.FactionPicked(seat, action.faction, tribe.name,
                                  self.board.starts[action.faction]))
        self.pick_index += 1
        if self.pick_index == len(self.order):
            self.begin()

    def begin(self) -> None:
        """T-4.2 / T-4.3: start regions, starting gold and techs, then START(1)."""
        board = self.board
        for tribe in self.tribes:
            tribe.res = [0, 0, 0]
            self.gain(tribe.id, (self.params.start_gold, 0, 0), "start")
            for i in board.starts[tribe.faction]:
                self.owner[i] = tribe.id
            if tribe.faction == "jungle":
                tribe.techs.add("extraction")
                if board.tree >= 0:
                    self.building[board.tree] = TREE
            if tribe.faction == "arcane":
                tribe.techs.add("primitive_magic")
        for tribe in self.tribes:
            for i in board.starts[tribe.faction]:
                self.reveal_around(i)
        self.start_turn()


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

    def default_map(self) -> str:
        """maps/territory/origin.tmx, the map "Origin" (T-2)."""
        return str(resource_path("maps", "territory", "origin.tmx"))

    def new_game(self, setup: Setup) -> TerritoryGame:
        """A game at PICK, or at ORDERS of turn 1 when the factions are preset."""
        self.check_seats(setup.seats)
        setup = self.with_id(setup)
        board = read_board(self.map_path(setup))
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
        size = board.size
        state = TerritoryGame(
            setup=setup, board=board, params=board.params, rng=rng, order=tuple(order),
            tribes=[Tribe(id=s, kind="player", faction="", seat=s,
                          name=names[s] if s < len(names) and names[s] else f"P{s + 1}")
                    for s in range(n)],
            owner=[NOBODY] * size, building=[0] * size, commerce=[False] * size,
            walls=[0] * (4 * size), tunnel=[-1] * size, desolate=[0] * size, gift=[0] * size,
            hostile=[0] * size, treasure=[i in board.treasures for i in range(size)],
            revealed=[False] * len(board.groups), goblin_site=[-1] * size,
        )
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
                state._pick(seat, A.PickFaction(factions[seat]))
        state.ev = []
        return state

    def agents(self) -> dict[str, type]:
        """The greedy agent (T-21.1)."""
        from game.territory.ai import GreedyAgent
        return {"greedy": GreedyAgent}

