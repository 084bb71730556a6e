"""Dice for Land diplomacy dialogs driven by posted events (issue 15 item 3, T-16).

One dialog per kind (gift, cede, vassal, tribute, trade) on the shared board dialog: D opens
it, a tab click picks the kind, a row click the partner (and the tile or answer), - / + the
gift's amount; Enter or "Add order" enters the order, which then sits in the removable order
list with its escrow. A refused choice shows its translated reason and Add does nothing.
"""

import pygame
import pytest

from game.core.i18n import tr
from game.territory import actions as A
from game.territory.constants import ECON
from game.territory.state import Phase
from scenes.registry import open_game
from scenes.territory.diplomacy import KINDS, DiplomacyDialog
from scenes.territory.smoke import advance_to, session
from tests.helpers.ui import PASS_CLICK, click, key


@pytest.fixture(scope="module")
def bordering():
    """Seed 4, War (seat 0) next to Jungle (seat 1) at turn 16 (Arcane, seat 3, is out): seat 0 may cede to seat 1
    and seat 1 may propose spice trade to seat 0 (found by the greedy AI's own games)."""
    s = session(("human", "greedy", "greedy", "greedy"), 4, ("war", "jungle", "bounty", "arcane"))
    assert advance_to(s, lambda st: st.phase is Phase.ORDERS and 1 in st.to_move()
                      and A.ProposeTrade(0) in st.legal_actions(1)
                      and any(isinstance(a, A.Cede) and a.target == 1 for a in st.legal_actions(0)))
    return s


def fresh(s):
    """A copy of a prepared session (each test plays on its own)."""
    from game.play.saves import restore
    from game.play.session import GameSession
    save = s.to_save()
    return GameSession.from_save(save, restore(save))


def open_dialog(app, scene, kind: str) -> DiplomacyDialog:
    """D, then the kind's tab, as a player clicks."""
    app.mouse = (1, 1)
    key(app, pygame.K_d)
    dialog = app.top
    assert isinstance(dialog, DiplomacyDialog)
    click(app, dialog.widgets.widgets[KINDS.index(kind)].rect.center)
    assert dialog.kind == kind
    return dialog


def add_button(dialog):
    return next(w for w in dialog.widgets.widgets if getattr(w, "text", None) and w.text() == tr("territory.dip.add"))


def click_partner(app, dialog, seat: int) -> None:
    rect = next(r for r, p in dialog.partner_rects() if p == seat)
    click(app, rect.center)
    assert dialog.partner == seat


def click_option(app, dialog, wanted) -> None:
    rect = next(r for r, k in dialog.option_rects() if dialog.options()[k] == wanted)
    click(app, rect.center)
    assert dialog.selected() == wanted


def start(app, s):
    scene = open_game(app, s)
    if scene.handoff_pending() is not None:
        click(app, PASS_CLICK)                     # the named player takes the device
    app.step_frames(1)
    assert scene.human_seat() == 0 and scene.shown.phase is Phase.ORDERS
    return scene


def test_T_16_1_gift_dialog_enters_a_gift_with_its_escrow_and_it_can_be_removed(app, bordering):
    s = fresh(bordering)
    scene = start(app, s)
    before = list(s.state.tribes[0].res)
    dialog = open_dialog(app, scene, "gift")
    click_partner(app, dialog, 2)
    plus = dialog.gift_widgets[4]
    click(app, plus.rect.center)
    click(app, plus.rect.center)                     # 1 -> 3 gold
    assert dialog.selected() == A.Gift(2, "gold", 3)
    assert dialog.why() is None
    key(app, pygame.K_RETURN)                        # Add order
    assert app.top is scene
    order = s.state.tribes[0].orders[-1]
    assert order.action == A.Gift(2, "gold", 3)
    assert s.state.tribes[0].res[0] == before[0] - 3             # T-6.2: escrowed at once
    rect, listed = scene.order_rows()[-1]
    assert listed.action == A.Gift(2, "gold", 3)
    click(app, rect.center)                          # its x in the order list removes it
    assert not s.state.tribes[0].orders and list(s.state.tribes[0].res) == before


def test_T_16_1_gift_above_holdings_shows_the_rules_reason(app, bordering):
    s = fresh(bordering)
    scene = start(app, s)
    exotics = s.state.tribes[0].res[2]
    dialog = open_dialog(app, scene, "gift")
    click(app, dialog.gift_widgets[2].rect.center)   # exotics
    for _ in range(exotics):
        click(app, dialog.gift_widgets[4].rect.center)
    assert dialog.selected() == A.Gift(dialog.partner, "exotics", exotics + 1)
    reason = dialog.why()
    assert reason and reason == tr("error." + s.state.reason(0, dialog.selected()).key,
                                   **s.state.reason(0, dialog.selected()).params)
    click(app, add_button(dialog).rect.center)
    assert app.top is dialog and not s.state.tribes[0].orders


def test_T_16_1_cede_dialog_lists_only_tiles_touching_the_partner(app, bordering):
    s = fresh(bordering)
    scene = start(app, s)
    dialog = open_dialog(app, scene, "cede")
    click_partner(app, dialog, 1)
    legal = [a for a in s.state.legal_actions(0) if isinstance(a, A.Cede) and a.target == 1]
    assert legal and set(dialog.options()) == set(legal)
    click_option(app, dialog, legal[-1])
    click(app, add_button(dialog).rect.center)
    assert s.state.tribes[0].orders[-1].action == legal[-1]
    # a tribe that touches none of seat 0's tiles: nothing to pick, and the reason says so
    far = next(p for p in (2, 3) if not any(isinstance(a, A.Cede) and a.target == p for a in s.state.legal_actions(0)))
    dialog = open_dialog(app, scene, "cede")
    click_partner(app, dialog, far)
    assert dialog.options() == [] and dialog.why() == tr("territory.dip.why_no_tile", who=scene.tribe_name(far))


def test_T_16_3_tribute_demand_by_war_and_T_16_2_vassal_offer(app, bordering):
    s = fresh(bordering)
    scene = start(app, s)
    dialog = open_dialog(app, scene, "tribute")
    click_partner(app, dialog, 2)
    assert dialog.selected() == A.DemandTribute(2) and dialog.why() is None
    click(app, add_button(dialog).rect.center)
    assert s.state.tribes[0].orders[-1].action == A.DemandTribute(2)
    dialog = open_dialog(app, scene, "vassal")
    click_partner(app, dialog, 2)
    assert dialog.selected() == A.OfferVassal(2)
    from scenes.territory.diplomacy import effect
    assert effect(scene, 0, dialog.selected()) == tr("territory.dip.fx_offer_vassal", who=scene.tribe_name(2))
    key(app, pygame.K_RETURN)
    assert s.state.tribes[0].orders[-1].action == A.OfferVassal(2)
    # one offer per turn: a second one is refused with the rules' reason, nothing entered
    dialog = open_dialog(app, scene, "vassal")
    click_partner(app, dialog, 1)
    n = len(s.state.tribes[0].orders)
    assert dialog.why() and not add_button(dialog).enabled
    key(app, pygame.K_RETURN)
    assert len(s.state.tribes[0].orders) == n


def test_T_16_4_trade_proposal_and_its_answer(app, bordering):
    s = fresh(bordering)
    # seat 1 (Jungle, AI) proposes; the rest of the turn is played by the AI
    s.apply(1, A.ProposeTrade(0))
    turn = s.state.turn
    assert advance_to(s, lambda st: st.phase is Phase.ORDERS and st.turn == turn + 1)
    assert (1, 0, turn) in s.state.trades
    scene = start(app, s)
    app.mouse = (1, 1)
    key(app, pygame.K_d)
    dialog = app.top
    assert dialog.kind == "trade"                      # an answer waits: D opens on its tab
    click_partner(app, dialog, 1)
    # War may not propose (T-16.4) and the reason says why; the answers are offered
    assert dialog.options() == [A.ProposeTrade(1), A.AnswerTrade(1, True), A.AnswerTrade(1, False)]
    click_option(app, dialog, A.ProposeTrade(1))
    assert dialog.why() == tr("territory.dip.why_not_jungle") and not add_button(dialog).enabled
    click_option(app, dialog, A.AnswerTrade(1, True))
    assert dialog.why() is None
    click(app, add_button(dialog).rect.center)
    assert s.state.tribes[0].orders[-1].action == A.AnswerTrade(1, True)


def hot_seat_with_proposals():
    """Two humans: Bounty (seat 0) and War (seat 1); in turn 1 War demands tribute of seat 0
    and offers to become its vassal, so seat 0 answers both in turn 2 (T-16.2, T-16.3)."""
    s = session(("human", "human"), 5, ("bounty", "war"))
    while s.state.phase is Phase.PICK:
        seat = s.state.to_move()[0]
        s.apply(seat, next(a for a in s.state.legal_actions(seat) if isinstance(a, A.PickFaction)))
    s.apply(1, A.DemandTribute(0))
    s.apply(1, A.OfferVassal(0))
    s.apply(1, A.SUBMIT)
    s.apply(0, A.SUBMIT)
    s.apply(1, A.SUBMIT)                            # turn 2: only seat 0 is left to order
    assert s.state.to_move() == [0]
    return s


def test_T_16_3_paying_tribute_escrows_five_and_non_war_cannot_demand(app):
    s = hot_seat_with_proposals()
    scene = start(app, s)
    assert s.state.tribes[0].faction != "war"
    app.mouse = (1, 1)
    key(app, pygame.K_d)
    dialog = app.top
    assert dialog.kind in ("tribute", "vassal")
    click(app, dialog.widgets.widgets[KINDS.index("tribute")].rect.center)
    click_partner(app, dialog, 1)
    assert dialog.options() == [A.DemandTribute(1), A.AnswerTribute(1, True), A.AnswerTribute(1, False)]
    click_option(app, dialog, A.DemandTribute(1))
    assert dialog.why() == tr("territory.dip.why_not_war")
    click_option(app, dialog, A.AnswerTribute(1, True))
    held = sum(s.state.tribes[0].res)
    key(app, pygame.K_RETURN)
    order = s.state.tribes[0].orders[-1]
    assert order.action == A.AnswerTribute(1, True)
    assert sum(order.escrow_total()) == ECON["tribute"] == 5 and sum(s.state.tribes[0].res) == held - 5


def test_T_16_2_accepting_a_vassal_is_an_order_in_the_list(app):
    s = hot_seat_with_proposals()
    scene = start(app, s)
    dialog = open_dialog(app, scene, "vassal")
    click_partner(app, dialog, 1)
    assert dialog.options() == [A.OfferVassal(1), A.AnswerVassal(1, True), A.AnswerVassal(1, False)]
    click_option(app, dialog, A.AnswerVassal(1, True))
    assert dialog.why() is None
    click(app, add_button(dialog).rect.center)
    assert s.state.tribes[0].orders[-1].action == A.AnswerVassal(1, True)
    assert scene.order_text(s.state.tribes[0].orders[-1]) == tr("territory.ui.o_answer_vassal", who=scene.tribe_name(1))


def test_system_tribes_are_named_in_the_players_language(app, bordering):
    """T-15.1 goblin kingdom and T-12.2 breakaway tribes: the rules' labels ("goblin kingdom",
    "P2 (9)") are shown translated, a breakaway under its player's name."""
    import dataclasses
    s = fresh(bordering)
    scene = start(app, s)
    kingdoms = [t.id for t in scene.shown.tribes if t.kind == "system" and t.faction == "goblin"]
    goblin = kingdoms[0]
    assert len(kingdoms) == 2     # this game raised both; they are numbered (test_panels.py)
    assert scene.tribe_name(goblin) == tr("territory.ui.goblin_kingdom_n", n=1) == "Goblin kingdom 1"
    app.settings.language = "zh"
    app.language_changed()
    assert scene.tribe_name(goblin) == "哥布林王国1"
    scene.shown.tribes[goblin] = dataclasses.replace(scene.shown.tribes[goblin], faction="jungle", name="P2 (9)")
    assert scene.tribe_name(goblin) == tr("territory.ui.split_tribe", who=scene.name(1), n="9") == f"分裂部落9（{scene.name(1)}）"
