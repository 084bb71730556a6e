"""One presenter per Dice for Land event: what each looks like, sounds like and logs.

A whole turn resolves inside the last `submit` (T-5.3), so the batch is long: each beat's
`apply` changes the shown view (owners, buildings) as the beat starts, so captured tiles flip
colour one step at a time; the state after the batch is revealed at its end. Order entry
events are private (redacted for other seats by the rules) and only log.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import rulesets
from game.core.i18n import catalogue, tr
from game.core.protocol import GameOver
from game.territory import events as E
from game.territory.constants import BUILDING_CODE
from scenes import theme
from scenes.board.presenter import Beat, Later, coded
from scenes.territory.labels import action_label, amounts_text, owner_name, tile_text
from sprites.anim import FlyChip, FloatText, Ring
from sprites.tweens import HitFlash


def _tile(screen, i: int) -> str:
    return tile_text(i, screen.board_w) if i >= 0 else "-"


def _at(screen, i: int) -> tuple[int, int]:
    return screen.camera.to_canvas(screen.centre(i))


def _float(screen, text: str, colour, pos) -> FloatText:
    img = screen.app.text.render(text, colour)
    out = pygame.Surface((img.get_width() + 2, img.get_height() + 2), pygame.SRCALPHA)
    back = screen.app.text.render(text, theme.INK)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        out.blit(back, (dx, dy))
    out.blit(img, (1, 1))
    return FloatText(out, pos)


def on_picked(screen, ev: E.FactionPicked) -> Beat:
    name = screen.name(ev.seat)
    return Beat([Ring(_at(screen, t), theme.STRAW) for t in ev.tiles[:1]], sound="click",
                log=lambda: tr("territory.log.picked", name=name, faction=tr(f"territory.faction.{ev.faction}")))


def on_turn(screen, ev: E.TurnStarted) -> Beat:
    text = tr("territory.ui.turn_banner", turn=ev.turn)

    def apply() -> None:
        screen.shown.turn = ev.turn
    return Beat([screen.turn_banner(text)], sound="turn", apply=apply,
                log=lambda: tr("territory.log.turn", turn=ev.turn) + (" " + tr("territory.ui.final_turn") if ev.final else ""))


def on_tech_active(screen, ev: E.TechActivated) -> Beat:
    who = Later(lambda: screen.tribe_name(ev.tribe))
    return Beat(log=lambda: tr("territory.log.tech_on" if ev.ok else "territory.log.tech_off", who=who,
                               tech=tr(f"territory.tech.{ev.tech}")))


def on_disaster(screen, ev: E.Disaster) -> Beat:
    frame = f"disaster_{'volcano' if ev.kind == 'eruption' else ev.kind}"
    piece = screen.art[frame] if frame in screen.art.frames else None

    def apply() -> None:
        if ev.kind == "winter":
            screen.shown.winter_until = ev.until
        elif ev.kind == "magic_turmoil":
            screen.shown.turmoil_until = ev.until
        elif ev.kind == "volcano":
            screen.shown.volcano = ev.tile      # announced: smoke until it erupts
        elif ev.kind == "eruption":
            screen.shown.volcano = -1           # D28: dormant again
    anims: list[Any] = [screen.turn_banner(tr(f"territory.disaster.{ev.kind}"), piece=piece)]
    if ev.tile >= 0:
        anims.append(Ring(_at(screen, ev.tile), theme.RED))
    return Beat(anims, sound="turn", apply=apply, focus=screen.centre(ev.tile) if ev.tile >= 0 else None,
                log=lambda: tr("territory.log.disaster", what=tr(f"territory.disaster.{ev.kind}"), tile=_tile(screen, ev.tile))
                if ev.tile >= 0 else tr("territory.log.disaster_all", what=tr(f"territory.disaster.{ev.kind}")))


def on_forced(screen, ev: E.ForcedAttack) -> Beat:
    # the source in words ("necro_revival attacks (7,5)" showed the rules' code)
    # (and without a roll - a certain outcome or a shield - no "needs <= 0, rolled 0")
    def log() -> str:
        src = coded("territory.forced", ev.source)
        ok = tr("territory.ui.ok" if ev.success else "territory.ui.fail")
        if not ev.die:
            return tr("territory.log.forced_plain", src=src, tile=_tile(screen, ev.tile), ok=ok)
        return tr("territory.log.forced", src=src, tile=_tile(screen, ev.tile), needs=ev.needs, die=ev.die, ok=ok)
    if ev.die:
        beat = screen.dice_beat((ev.die,), log)
        beat.focus = screen.centre(ev.tile)
        beat.anims.append(_float(screen, tr("territory.ui.needs", y=ev.needs), theme.FOAM, _at(screen, ev.tile)))
        return beat
    return Beat(log=log)


def on_tile(screen, ev: E.TileChanged) -> Beat:
    def apply() -> None:
        screen.shown.owner[ev.tile] = ev.owner
    colour = screen.owner_colour(ev.owner) or theme.PEBBLE
    return Beat([Ring(_at(screen, ev.tile), colour), HitFlash(screen.centre(ev.tile), None, screen.camera.to_canvas)],
                sound="click", apply=apply, focus=screen.centre(ev.tile),
                log=lambda: tr("territory.log.tile", tile=_tile(screen, ev.tile), who=owner_name(screen, ev.owner),
                               prev=owner_name(screen, ev.previous)))


def on_income(screen, ev: E.Income) -> Beat | None:
    if ev.tribe >= len(screen.session.names):
        return Beat(log=lambda: tr("territory.log.income", who=screen.tribe_name(ev.tribe), amounts=amounts_text(ev.total)))
    img = screen.app.text.render("+" + amounts_text(ev.total), theme.WHEAT)
    return Beat([screen.float_beside_panel(ev.tribe, img)], sound="produce", merge="income",
                log=lambda: tr("territory.log.income", who=screen.tribe_name(ev.tribe), amounts=amounts_text(ev.total)))


def on_proposals(screen, ev: E.ProposalsOpen) -> Beat:
    return Beat(log=lambda: tr("territory.log.proposals", n=len(ev.proposals)))


def on_entered(screen, ev: E.OrderEntered) -> Beat | None:
    if ev.action is None:
        return None   # another seat's secret order (redacted)
    who = screen.name(ev.seat)
    text = action_label(screen, ev.action)
    return Beat(sound="click", log=lambda: tr("territory.log.entered", who=who, order=text, cost=amounts_text(ev.escrow)))


def on_removed(screen, ev: E.OrderRemoved) -> Beat:
    return Beat(log=lambda: tr("territory.log.removed", who=screen.name(ev.seat), refund=amounts_text(ev.refund)))


def on_setting(screen, ev: E.SettingChanged) -> Beat:
    return Beat(log=lambda: tr("territory.log.setting", who=screen.name(ev.seat), what=ev.setting, value=ev.value))


def on_orders_changed(screen, ev: E.OrdersChanged) -> Beat:
    # the public trace of a secret edit: nothing to show, and an empty (not missing) beat, so
    # the layer's public log line of a private order is empty rather than the private one
    return Beat()


def on_submitted(screen, ev: E.Submitted) -> Beat:
    return Beat(sound="click", log=lambda: tr("territory.log.submitted", who=screen.name(ev.seat)))


def on_phase(screen, ev: E.PhaseStarted) -> Beat:
    return Beat(log=lambda: tr("territory.log.phase", phase=tr(f"territory.phase.{ev.phase}")))


def on_revealed(screen, ev: E.OrdersRevealed) -> Beat:
    return Beat(log=lambda: tr("territory.log.revealed", who=screen.tribe_name(ev.tribe), n=len(ev.actions)))


def on_void(screen, ev: E.OrderVoid) -> Beat:
    return Beat(log=lambda: tr("territory.log.void", who=screen.tribe_name(ev.tribe), order=ev.order + 1,
                               why=void_text(ev.reason)))


def void_text(reason: str) -> str:
    """Why an order had no effect, in words: the rules give a rule id ("T-6.4"), which a
    player cannot read; a reason without words of its own reads as "could no longer be
    carried out" rather than as the code."""
    return coded("territory.void", reason, tr("territory.void.other"))


def on_refunded(screen, ev: E.Refunded) -> Beat | None:
    if ev.tribe >= len(screen.session.names) or not any(ev.amounts):
        return None
    img = screen.app.text.render("+" + amounts_text(ev.amounts), theme.LEAF)
    p = screen.panel_rect(ev.tribe)
    return Beat([FlyChip(img, screen.board_view.center, p.center)], sound="produce",
                log=lambda: tr("territory.log.refund", who=screen.tribe_name(ev.tribe), amounts=amounts_text(ev.amounts)))


def on_spent(screen, ev: E.Spent) -> None:
    return None   # the escrow was already taken at entry: nothing moves


def on_gained(screen, ev: E.Gained) -> Beat:
    anims = []
    if ev.tile >= 0:
        anims.append(_float(screen, "+" + amounts_text(ev.amounts), theme.WHEAT, _at(screen, ev.tile)))
    if ev.why == "treasure":   # the Treasure event's own line says it ("Ada finds treasure: 2e.")
        return Beat(anims, sound="produce")
    return Beat(anims, sound="produce", log=lambda: tr("territory.log.gained", who=screen.tribe_name(ev.tribe),
                                                     amounts=amounts_text(ev.amounts), why=why_text(ev.why)))


def why_text(why: str) -> str:
    """The cause of a gain in words ("Ada gains 15g (start gold)."): the rules' code showed
    untranslated ("（start）")."""
    return coded("territory.why", why)


def thing_text(what: str) -> str:
    """A built or destroyed thing in words: a building, commerce, a wall (any side), a higher
    wall, a tunnel; it showed the rules' code ("建造 farm")."""
    if f"territory.building.{what}" in catalogue("en"):
        return tr(f"territory.building.{what}")
    if what.startswith("wall_") and what != "wall_upgrade":
        what = "wall"
    return coded("territory.thing", what)


def on_built(screen, ev: E.Built) -> Beat:
    def apply() -> None:
        code = BUILDING_CODE.get(ev.what)
        if code is not None and ev.tile >= 0:
            screen.shown.building[ev.tile] = code
    return Beat([Ring(_at(screen, ev.tile), theme.LEAF)] if ev.tile >= 0 else [], sound="build", apply=apply,
                focus=screen.centre(ev.tile) if ev.tile >= 0 else None,
                log=lambda: tr("territory.log.built", who=screen.tribe_name(ev.tribe), what=thing_text(ev.what),
                               tile=_tile(screen, ev.tile)))


def on_destroyed(screen, ev: E.Destroyed) -> Beat:
    def apply() -> None:
        code = BUILDING_CODE.get(ev.left or "none")
        if code is not None and ev.what in BUILDING_CODE:
            screen.shown.building[ev.tile] = code
    return Beat([HitFlash(screen.centre(ev.tile), None, screen.camera.to_canvas)], sound="discard", apply=apply,
                focus=screen.centre(ev.tile),
                log=lambda: tr("territory.log.destroyed", what=thing_text(ev.what), tile=_tile(screen, ev.tile),
                               why=coded("territory.lost", ev.why)))


def on_researched(screen, ev: E.Researched) -> Beat:
    return Beat(sound="build", log=lambda: tr("territory.log.researched", who=screen.tribe_name(ev.tribe),
                                              tech=tr(f"territory.tech.{ev.tech}")))


def on_exotic(screen, ev: E.ExoticBought) -> Beat:
    return Beat(log=lambda: tr("territory.log.exotic", who=screen.tribe_name(ev.tribe)))


def on_dig(screen, ev: E.ArchaeologyDug) -> Beat:
    beat = screen.dice_beat(tuple(ev.dice), lambda: tr("territory.log.dig", who=screen.tribe_name(ev.tribe),
                                                       tile=_tile(screen, ev.tile), amounts=amounts_text(ev.amounts)))
    beat.focus = screen.centre(ev.tile)
    return beat


def on_spell(screen, ev: E.SpellCast) -> Beat:
    name = Later(lambda: tr(f"territory.spell.{ev.spell}"))
    anims = [screen.turn_banner(str(name))]
    if ev.target >= 0 and ev.spell not in ("steal", "battle_fervor"):
        anims.append(Ring(_at(screen, ev.target), theme.SHALLOWS))
    return Beat(anims, sound="turn", log=lambda: tr("territory.log.spell", who=screen.tribe_name(ev.tribe), spell=name,
                                                     outcome=coded("territory.cast", ev.outcome)))


def on_shield(screen, ev: E.ShieldRaised) -> Beat:
    kind = Later(lambda: tr("territory.spell.rock_solid") if ev.kind == "rock_solid" else coded("territory.thing", ev.kind))
    return Beat(log=lambda: tr("territory.log.shield", who=screen.tribe_name(ev.tribe), kind=kind, n=ev.n))


def on_arrow(screen, ev: E.ArrowStarted) -> Beat:
    pts = [screen.centre(ev.origin)] + [screen.centre(t) for t, _x in ev.path]
    return Beat([Ring(_at(screen, ev.origin), screen.owner_colour(ev.tribe) or theme.STRAW)], focus=pts[-1],
                log=lambda: tr("territory.log.arrow", who=screen.tribe_name(ev.tribe), origin=_tile(screen, ev.origin),
                               n=len(ev.path)))


def on_step(screen, ev: E.StepResolved) -> Beat:
    who = Later(lambda: screen.tribe_name(ev.tribe))
    log = lambda: step_line(screen, ev, who)  # noqa: E731
    if ev.dice:
        beat = screen.dice_beat(tuple(ev.dice[-1:]), log)
        beat.anims.append(_float(screen, tr("territory.ui.needs", y=ev.needs), theme.FOAM, _at(screen, ev.tile)))
        beat.focus = screen.centre(ev.tile)
        return beat
    return Beat([Ring(_at(screen, ev.tile), theme.RED if ev.outcome != "captured" else theme.STRAW)],
                focus=screen.centre(ev.tile), log=log)


def step_line(screen, ev: E.StepResolved, who: Any) -> str:
    """An attack step in the log: with its roll, or, where no die was rolled (a guard, Rock
    Solid, land already held or not to be crossed), the outcome and why in words (it read
    "needs ≤ 0, die -: stopped")."""
    outcome = coded("territory.outcome", ev.outcome)
    if ev.dice:
        return tr("territory.log.step", who=who, tile=_tile(screen, ev.tile), x=ev.x, needs=ev.needs,
                  dice=",".join(map(str, ev.dice)), outcome=outcome)
    key = f"territory.step_why.{ev.reason}"
    if ev.reason and key in catalogue("en"):
        return tr("territory.log.step_why", who=who, tile=_tile(screen, ev.tile), x=ev.x, outcome=outcome,
                  why=tr(key))
    return tr("territory.log.step_plain", who=who, tile=_tile(screen, ev.tile), x=ev.x, outcome=outcome)


def on_group(screen, ev: E.GroupRevealed) -> Beat:
    return Beat([Ring(_at(screen, t), theme.RED) for t in ev.tiles[:6]], sound="turn",
                log=lambda: tr("territory.log.group", race=tr(f"territory.faction.{ev.race}"), n=len(ev.tiles)))


def on_treasure(screen, ev: E.TreasureFound) -> Beat:
    beat = screen.dice_beat((ev.die,), lambda: tr("territory.log.treasure", who=screen.tribe_name(ev.tribe),
                                                   amounts=amounts_text(ev.amounts)))
    beat.anims.append(FloatText(screen.art["icon_treasure"], _at(screen, ev.tile)))
    return beat


def on_diplomacy(screen, ev: E.Diplomacy) -> Beat:
    key = f"territory.dip.log.{ev.kind}"
    if key not in catalogue("en"):   # a kind without its sentence yet: the plain line
        return Beat(log=lambda: tr("territory.log.diplomacy", kind=ev.kind, a=screen.tribe_name(ev.a), b=screen.tribe_name(ev.b)))
    return Beat(log=lambda: tr(key, a=screen.tribe_name(ev.a), b=screen.tribe_name(ev.b), until=ev.until))


def on_created(screen, ev: E.TribeCreated) -> Beat:
    return Beat([screen.turn_banner(tr("territory.ui.new_tribe", name=tr(f"territory.faction.{ev.faction}")))],
                log=lambda: tr("territory.log.created", faction=tr(f"territory.faction.{ev.faction}")))


def on_split(screen, ev: E.SplitWarning) -> Beat:
    return Beat(log=lambda: tr("territory.log.split", who=screen.tribe_name(ev.tribe), age=ev.age, limit=ev.limit))


def on_discarded(screen, ev: E.Discarded) -> Beat:
    return Beat(log=lambda: tr("territory.log.discarded", who=screen.tribe_name(ev.tribe), amounts=amounts_text(ev.amounts), cap=ev.cap))


def on_eliminated(screen, ev: E.Eliminated) -> Beat:
    name = Later(lambda: screen.tribe_name(ev.tribe))
    return Beat([screen.turn_banner(tr("territory.ui.fallen_banner", name=name))], sound="turn",
                log=lambda: tr("territory.log.eliminated", who=name))


def on_final(screen, ev: E.FinalTurn) -> Beat:
    return Beat([screen.turn_banner(tr("territory.ui.final_banner", turn=ev.turn))], sound="turn",
                log=lambda: tr("territory.log.final", turn=ev.turn,
                               who=", ".join(f"{screen.tribe_name(p)} {c}" for p, c in ev.qualifiers)))


def on_game_over(screen, ev: GameOver) -> Beat:
    return Beat(reveal="start", log=lambda: tr("log.game_over_one" if len(ev.winners) == 1 else "log.game_over",
                                        names=", ".join(screen.tribe_name(w) for w in ev.winners)))


PRESENTERS = {
    E.FactionPicked: on_picked, E.TurnStarted: on_turn, E.TechActivated: on_tech_active,
    E.Disaster: on_disaster, E.ForcedAttack: on_forced, E.TileChanged: on_tile, E.Income: on_income,
    E.ProposalsOpen: on_proposals, E.OrderEntered: on_entered, E.OrderRemoved: on_removed,
    E.SettingChanged: on_setting, E.OrdersChanged: on_orders_changed, E.Submitted: on_submitted,
    E.PhaseStarted: on_phase, E.OrdersRevealed: on_revealed, E.OrderVoid: on_void, E.Refunded: on_refunded,
    E.Spent: on_spent, E.Gained: on_gained, E.Built: on_built, E.Destroyed: on_destroyed,
    E.Researched: on_researched, E.ExoticBought: on_exotic, E.ArchaeologyDug: on_dig, E.SpellCast: on_spell,
    E.ShieldRaised: on_shield, E.ArrowStarted: on_arrow, E.StepResolved: on_step, E.GroupRevealed: on_group,
    E.TreasureFound: on_treasure, E.Diplomacy: on_diplomacy, E.TribeCreated: on_created,
    E.SplitWarning: on_split, E.Discarded: on_discarded, E.Eliminated: on_eliminated, E.FinalTurn: on_final,
    GameOver: on_game_over,
}


def tiles_history(session) -> list[tuple[int, ...]]:
    """Tiles of every seat at the start of each turn (the results chart), by replaying the
    recorded actions once (same setup and actions give the same game)."""
    state = rulesets.get(session.setup.ruleset).new_game(session.setup)
    n = len(session.setup.seats)
    out: list[tuple[int, ...]] = []

    def count() -> tuple[int, ...]:
        c = [0] * n
        for i in state.board.land_tiles:
            o = state.owner[i]
            if 0 <= o < n:
                c[o] += 1
        return tuple(c)
    for seat, action in session.actions:
        events = state.apply(seat, action)
        if any(isinstance(e, (E.TurnStarted, GameOver)) for e in events):
            out.append(count())
    return out
