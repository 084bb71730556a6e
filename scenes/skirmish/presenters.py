"""One presenter per Skirmish event (P-6): what each looks like, sounds like and logs.

Handlers take the screen (`SkirmishScene`) and the event and return a `Beat`. While a batch
plays, the screen's `anim_pos` / `anim_hp` show units where the animation has put them (a unit
walking its path is hidden from the board and drawn by the walk), until the state after the
batch is revealed.
"""

from __future__ import annotations

from game.core.i18n import tr
from game.skirmish import events as E
from scenes import theme
from scenes.board.presenter import Beat, Later, listed
from scenes.skirmish.art import Arrow, D100Check, Strike, number_image
from sprites.anim import FloatText, Ring
from sprites.tweens import HitFlash, PathMove


def _unit(screen, uid: int):
    return screen.game.units.get(uid)


def _kind(screen, uid: int) -> Later | str:
    """The unit's kind in words, translated when the log line is drawn (the unit is looked up
    now: it may be gone by then)."""
    u = _unit(screen, uid)
    return Later(lambda kind=u.type: tr("skirmish.unit." + kind)) if u is not None else "?"


def _owner(screen, uid: int) -> str:
    u = _unit(screen, uid)
    return screen.name(u.faction) if u is not None else "?"


def _who(screen, uid: int) -> Later:
    owner, kind = _owner(screen, uid), _kind(screen, uid)
    return Later(lambda: f"{owner} {kind}")


def on_moved(screen, ev: E.Moved) -> Beat:
    u = _unit(screen, ev.unit)
    pts = [screen.centre(p) for p in ev.path]
    anims = []
    if u is not None:
        frame = f"unit_{u.type}"
        img = screen.sk.tinted(frame, screen.colour(u.faction))
        anims.append(PathMove(img, pts, screen.camera.to_canvas, anchor=screen.sk.anchor(frame)))

    def start() -> None:
        screen.anim_pos[ev.unit] = None

    def done() -> None:
        screen.anim_pos[ev.unit] = tuple(ev.path[-1])
    steps = len(ev.path) - 1
    key = "skirmish.log.moved" + ("_" + ev.stopped if ev.stopped else "")   # "1 hex", "2 hexes"
    who = _who(screen, ev.unit)
    return Beat(anims, sound="click", apply=start, on_done=done, focus=pts[-1],
                log=lambda: tr(key, who=who, steps=steps, cost=ev.cost))


def on_attack(screen, ev: E.AttackMade) -> Beat:
    u = _unit(screen, ev.unit)
    a, b = screen.to_canvas(ev.source), screen.to_canvas(ev.target)
    img = screen.sk.tinted(f"unit_{u.type}", screen.colour(u.faction)) if u is not None else None
    who = _who(screen, ev.unit)
    target = _who(screen, ev.target_unit) if ev.target_unit >= 0 else Later(lambda: tr("skirmish.ui.city"))
    key = "skirmish.log.pursuit" if ev.pursuit else "skirmish.log.attack"
    return Beat([Strike(img, a, b, arrow=u is not None and u.type == "archer")], sound="click",
                focus=screen.centre(ev.target), log=lambda: tr(key, who=who, target=target, mp=ev.mp_spent))


def on_counter(screen, ev: E.Counterattack) -> Beat:
    u = _unit(screen, ev.unit)
    a, b = screen.to_canvas(ev.source), screen.to_canvas(ev.target)
    img = screen.sk.tinted(f"unit_{u.type}", screen.colour(u.faction)) if u is not None else None
    who, target = _who(screen, ev.unit), _who(screen, ev.target_unit)
    return Beat([Strike(img, a, b, arrow=u is not None and u.type == "archer")], sound="click",
                log=lambda: tr("skirmish.log.counter", who=who, target=target))


def on_roll(screen, ev: E.Roll) -> Beat:
    cr = screen.unit_cell(ev.unit)
    x, y = screen.to_canvas(cr) if cr is not None else screen.board_view.center
    x = min(max(x, screen.board_view.x + 72), screen.board_view.right - 72)
    y = min(max(y - 44, screen.board_view.y + 28), screen.board_view.bottom - 36)
    label = tr("skirmish.roll." + ev.kind)
    res = tr("skirmish.ui.success") if ev.success else tr("skirmish.ui.failure")
    return Beat([D100Check(screen.sk, screen.app.text, ev.value, ev.p, ev.success, res, (x, y))], sound="dice",
                log=lambda: tr("skirmish.log.roll", kind=tr("skirmish.roll." + ev.kind), value=ev.value, p=ev.p,
                               result=tr("skirmish.ui.success") if ev.success else tr("skirmish.ui.failure")))


def on_void(screen, ev: E.Void) -> Beat:
    cr = screen.unit_cell(ev.target_unit)
    anims = []
    if cr is not None:
        anims.append(FloatText(number_image(screen.app.text, tr("skirmish.ui.void"), theme.PEBBLE), screen.to_canvas(cr)))
    return Beat(anims, log=lambda: tr("skirmish.log.void"))


def on_covered(screen, ev: E.Covered) -> Beat:
    a, b = screen.to_canvas(ev.archer_hex), screen.to_canvas(ev.infantry_hex)
    who = _who(screen, ev.infantry)
    return Beat([Arrow(a, b)], log=lambda: tr("skirmish.log.covered", who=who))


def on_ward(screen, ev: E.WardUsed) -> Beat:
    pos = screen.to_canvas(ev.hex)
    img = number_image(screen.app.text, tr("skirmish.ui.ward_broken"), theme.SHALLOWS)
    key = "skirmish.log.ward_" + ("pavise" if ev.kind == "pavise" else "formation")
    who = _who(screen, ev.unit)
    return Beat([Ring(pos, theme.SHALLOWS), FloatText(img, pos)], sound="discard",
                log=lambda: tr(key, who=who, pool=ev.pool))


def on_damage(screen, ev: E.Damage) -> Beat:
    pos = screen.centre(ev.hex)
    colour = theme.RED if ev.amount else theme.PEBBLE
    img = number_image(screen.app.text, f"-{ev.amount}", colour)
    who = _who(screen, ev.unit)

    def start() -> None:
        screen.anim_hp[ev.unit] = max(0, ev.hp)
    return Beat([HitFlash(pos, img, screen.camera.to_canvas)], sound="discard", apply=start,
                log=lambda: tr("skirmish.log.damage", who=who, amount=ev.amount, raw=ev.raw, hp=max(0, ev.hp)))


def on_killed(screen, ev: E.Killed) -> Beat:
    pos = screen.to_canvas(ev.hex)
    who = _who(screen, ev.unit)
    return Beat([Ring(pos, theme.RED)], sound="discard",
                apply=lambda: screen.anim_pos.__setitem__(ev.unit, None),
                log=lambda: tr("skirmish.log.killed", who=who))


def on_pushed(screen, ev: E.Pushed) -> Beat:
    u = _unit(screen, ev.unit)
    anims = []
    if u is not None:
        frame = f"unit_{u.type}"
        anims.append(PathMove(screen.sk.tinted(frame, screen.colour(u.faction)), [screen.centre(ev.source), screen.centre(ev.to)],
                              screen.camera.to_canvas, anchor=screen.sk.anchor(frame)))
    who = _who(screen, ev.unit)
    return Beat(anims, apply=lambda: screen.anim_pos.__setitem__(ev.unit, None),
                on_done=lambda: screen.anim_pos.__setitem__(ev.unit, tuple(ev.to)),
                log=lambda: tr("skirmish.log.pushed", who=who))


def on_city_struck(screen, ev: E.CityStruck) -> Beat:
    pos = screen.to_canvas(ev.city)
    return Beat([Ring(pos, theme.WHEAT)], log=lambda: tr("skirmish.log.city_struck", siege=ev.siege))


def on_breached(screen, ev: E.Breached) -> Beat:
    pos = screen.to_canvas(ev.city)
    img = number_image(screen.app.text, tr("skirmish.ui.breached"), theme.WHEAT)
    return Beat([FloatText(img, pos)], sound="build", log=lambda: tr("skirmish.log.breached"))


def on_captured(screen, ev: E.Captured) -> Beat:
    pos = screen.to_canvas(ev.city)
    colour = theme.SEAT_COLOURS[screen.colour(ev.seat) % len(theme.SEAT_COLOURS)][0]
    name = screen.name(ev.seat)
    return Beat([Ring(pos, colour), FloatText(number_image(screen.app.text, tr("skirmish.ui.captured"), colour), pos)],
                sound="build", reveal="done", log=lambda: tr("skirmish.log.captured", name=name))


def on_eliminated(screen, ev: E.Eliminated) -> Beat:
    name, by, lord = screen.name(ev.seat), screen.name(ev.by), screen.name(ev.overlord)
    text = tr("skirmish.ui.vassal_banner", name=name, lord=lord)
    return Beat([screen.turn_banner(text, piece=screen.turn_banner_for(ev.overlord))], sound="turn",
                on_done=lambda: screen.vassal_notice(ev),
                log=lambda: tr("skirmish.log.eliminated", name=name, by=by, lord=lord))


def on_restored(screen, ev: E.Restored) -> Beat:
    name = screen.name(ev.seat)
    return Beat([Ring(screen.to_canvas(ev.city), theme.LEAF)], log=lambda: tr("skirmish.log.restored", name=name))


def on_produced(screen, ev: E.Produced) -> Beat:
    name, kind = screen.name(ev.seat), Later(lambda: tr("skirmish.unit." + ev.kind))
    key = "skirmish.log.produced_voucher" if ev.voucher else "skirmish.log.produced"
    return Beat([Ring(screen.to_canvas(ev.hex), theme.STRAW)], sound="build", reveal="start",
                log=lambda: tr(key, name=name, kind=kind, cost=ev.cost))


def on_turn_started(screen, ev: E.TurnStarted) -> Beat:
    name = screen.name(ev.seat)
    return Beat([screen.turn_banner(tr("game.turn_of", name=name), piece=screen.turn_banner_for(ev.seat))],
                sound="turn", log=lambda: tr("log.turn", round=ev.round, name=name))


def on_income(screen, ev: E.Income) -> Beat | None:
    if not ev.amount:
        return None
    p = screen.panel_rect(ev.seat)
    name = screen.name(ev.seat)
    return Beat([FloatText(number_image(screen.app.text, f"+{ev.amount}", theme.WHEAT), (p.centerx, p.y + 24))],
                merge="income", log=lambda: tr("skirmish.log.income", name=name, amount=ev.amount, funds=ev.funds))


def on_healed(screen, ev: E.Healed) -> Beat:
    who = _who(screen, ev.unit)
    return Beat([HitFlash(screen.centre(ev.hex), number_image(screen.app.text, f"+{ev.amount}", theme.LEAF),
                          screen.camera.to_canvas, colour=theme.LEAF)], merge="heal",
                log=lambda: tr("skirmish.log.healed", who=who, amount=ev.amount, hp=ev.hp))


def on_suppressed(screen, ev: E.Suppressed) -> Beat:
    who = _who(screen, ev.unit)
    return Beat(log=lambda: tr("skirmish.log.suppressed", who=who, stacks=ev.stacks, mp=ev.mp))


def on_skills_picked(screen, ev: E.SkillsPicked) -> Beat:
    name = screen.name(ev.seat)
    if ev.hidden:
        return Beat(log=lambda: tr("skirmish.log.picked_hidden", name=name, n=ev.count))
    return Beat(log=lambda: tr("skirmish.log.picked", name=name, skills=skills_text(ev.skills)))


def skills_text(codes) -> str:
    """Picked skills by name (the log listed the rules' codes, "I4, C6")."""
    if not codes:
        return "-"
    return listed(tr(f"skirmish.skill.{c}.name") for c in codes)


def on_revealed(screen, ev: E.SkillsRevealed) -> Beat:
    lines = [lambda: tr("skirmish.log.revealed")]
    for seat, codes in enumerate(ev.skills):
        lines.append(lambda s=seat, c=codes: tr("skirmish.log.revealed_seat", name=screen.name(s), skills=skills_text(c)))
    return Beat([screen.turn_banner(tr("skirmish.ui.revealed"))], sound="turn", reveal="start", log=lines,
                on_done=screen.show_reveal)


def on_status(screen, ev) -> Beat | None:
    if not ev.units:
        return None
    gained = isinstance(ev, E.StatusesGained)
    name, status = screen.name(ev.seat), ev.status
    key = "skirmish.log.status_gained" if gained else "skirmish.log.status_ended"
    return Beat(log=lambda: tr(key, name=name, status=tr(f"skirmish.status.{status}"), n=len(ev.units)))


def on_formation(screen, ev) -> Beat:
    name = screen.name(ev.seat)
    if isinstance(ev, E.FormationLost):
        return Beat(log=lambda: tr("skirmish.log.formation_lost", name=name))
    return Beat(log=lambda: tr("skirmish.log.formation", name=name, n=len(ev.units), pool=ev.pool))


def on_reaped(screen, ev: E.Reaped) -> Beat:
    who = _who(screen, ev.unit)
    return Beat(log=lambda: tr("skirmish.log.reaped", who=who))


def on_dismounted(screen, ev: E.Dismounted) -> Beat:
    who = _owner(screen, ev.unit)
    return Beat([Ring(screen.to_canvas(ev.hex), theme.STRAW)], reveal="start",
                log=lambda: tr("skirmish.log.dismounted", name=who))


def on_cover(screen, ev: E.CoverPolicySet) -> Beat:
    name = screen.name(ev.seat)
    return Beat(reveal="start", log=lambda: tr("skirmish.log.cover", name=name, policy=tr(f"skirmish.cover.{ev.policy}")))


def on_siege_lifted(screen, ev: E.SiegeLifted) -> Beat:
    return Beat([Ring(screen.to_canvas(ev.city), theme.LEAF)], merge="siege", log=lambda: tr("skirmish.log.siege_lifted"))


def on_round_ended(screen, ev: E.RoundEnded) -> Beat:
    return Beat(log=lambda: tr("log.round_end", round=ev.round))


def on_game_over(screen, ev) -> Beat:
    result = screen.session.state.result()
    winners = getattr(result, "winners", ())
    cause = getattr(result, "cause", "")
    return Beat(log=lambda: tr("skirmish.log.game_over_one" if len(winners) == 1 else "skirmish.log.game_over",
                               names=", ".join(screen.name(w) for w in winners),
                               cause=tr(f"skirmish.end_short.{cause}") if cause else ""))


PRESENTERS = {
    E.SkillsPicked: on_skills_picked, E.SkillsRevealed: on_revealed, E.TurnStarted: on_turn_started,
    E.StatusesEnded: on_status, E.StatusesGained: on_status, E.Formation: on_formation,
    E.FormationLost: on_formation, E.Income: on_income, E.Healed: on_healed, E.Suppressed: on_suppressed,
    E.Moved: on_moved, E.Produced: on_produced, E.AttackMade: on_attack, E.Counterattack: on_counter,
    E.Roll: on_roll, E.Void: on_void, E.Covered: on_covered, E.WardUsed: on_ward, E.Damage: on_damage,
    E.Killed: on_killed, E.Pushed: on_pushed, E.Reaped: on_reaped, E.CityStruck: on_city_struck,
    E.Breached: on_breached, E.SiegeLifted: on_siege_lifted, E.Captured: on_captured,
    E.Eliminated: on_eliminated, E.Restored: on_restored, E.Dismounted: on_dismounted,
    E.CoverPolicySet: on_cover, E.TurnEnded: None, E.RoundEnded: on_round_ended, E.GameOver: on_game_over,
}
