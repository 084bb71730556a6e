"""One presenter per Landship event (the presenter table of the screen).

Everything is public (H-1), so every seat sees the same animations. While a batch plays, the
shown view is the one from before the action; beats keep the board right step by step through
`over` (ship id -> position / integrity seen so far) until the batch's end state is revealed.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.i18n import tr
from game.core.protocol import GameOver
from game.landship import events as E
from scenes import theme
from scenes.board.presenter import Beat, coded, listed
from scenes.board.seats import seat_colour
from scenes.landship.art import AreaFlash, Sink, Tracer
from sprites.anim import Ring
from sprites.tweens import HitFlash, PathMove, CardFlip

EVENT_COLOURS = {
    "dust_storm": theme.WHEAT, "coupling_dust_storm": theme.WHEAT, "dry_thunderstorm": theme.SHALLOWS,
    "coupling_thunderstorm": theme.SHALLOWS, "quicksand": theme.OAK,
}


def xy_text(cell) -> str:
    """A cell as the board labels it: 1-based column, row."""
    return f"({cell[0] + 1},{cell[1] + 1})"


class LandshipPresenters:
    """Mixin of the Landship screen: the handlers named in `PRESENTERS`."""

    # the helpers the scene supplies
    def cell_rect(self, cell) -> pygame.Rect: ...          # type: ignore[empty-body]
    def cell_centre(self, cell) -> tuple[int, int]: ...    # type: ignore[empty-body]
    def ship_image(self, ship_id: int, hulk: bool | None = None) -> pygame.Surface: ...  # type: ignore[empty-body]

    def ship_name(self, ship_id: int, ship_type: str | None = None) -> str:
        t = ship_type or self.ship_type_of(ship_id)
        return tr(f"ls.ship.{t}") + f" #{ship_id}"

    def ship_type_of(self, ship_id: int) -> str:
        for s in self.shown.ships:
            if s.id == ship_id:
                return s.type
        return self._known_types.get(ship_id, "resource_ship")

    def set_over(self, ship_id: int, **values: Any) -> None:
        """Show a ship's new position/integrity before the batch's end state is revealed."""
        if self._over_view is not self.shown:
            self.over.clear()
            self._over_view = self.shown
        self.over.setdefault(ship_id, {}).update(values)

    def float_number(self, text: str, colour) -> pygame.Surface:
        img = self.app.text.render(text, colour)
        plate = pygame.Surface((img.get_width() + 4, img.get_height() + 2), pygame.SRCALPHA)
        plate.fill((*theme.INK, 200))
        plate.blit(img, (2, 1))
        return plate

    # ---- turn flow ------------------------------------------------------------------------
    def _on_order(self, ev: E.TurnOrderDrawn) -> Beat:
        return Beat(log=lambda: tr("ls.log.order", names=", ".join(self.name(s) for s in ev.order)))

    def _on_round(self, ev: E.RoundStarted) -> Beat:
        return Beat(log=lambda: tr("ls.log.round", round=ev.round))

    def _on_turn(self, ev: E.TurnStarted) -> Beat:
        piece = self.art_ls.ship("resource_ship", self.colour(ev.seat))
        text = tr("game.turn_of", name=self.name(ev.seat))
        # merged with the AP roll that follows: the banner and the d4 play together
        return Beat([self.turn_banner(text, piece=piece)], sound="turn", reveal="start", merge="turn_start",
                    log=lambda: tr("ls.log.turn", round=ev.round, name=self.name(ev.seat)))

    def _on_ap(self, ev: E.ApRolled) -> Beat:
        beat = self.dice_beat((ev.d4,), lambda: tr("ls.log.ap", name=self.name(ev.seat), d4=ev.d4,
                                                    bonus=ev.bonus, total=ev.total))
        beat.on_done = _then(beat.on_done, lambda: setattr(self, "ap_shown", (ev.seat, ev.total)))
        beat.merge = "turn_start"
        return beat

    def _on_auto_end(self, ev: E.TurnAutoEnded) -> Beat:
        return Beat(log=lambda: tr("ls.log.auto_end", name=self.name(ev.seat)))

    def _on_turn_end(self, ev: E.TurnEnded) -> Beat:
        return Beat(log=lambda: tr("ls.log.turn_end", name=self.name(ev.seat), ap=ev.ap_lost))

    # ---- acting ---------------------------------------------------------------------------
    def _on_moved(self, ev: E.ShipMoved) -> Beat:
        img = self.ship_image(ev.ship)
        points = [self.cell_centre(c) for c in ev.path]
        self.hidden.add(ev.ship)

        def done() -> None:
            self.hidden.discard(ev.ship)
            self.set_over(ev.ship, pos=tuple(ev.path[-1]))
            self.ap_shown = (ev.seat, ev.ap_left)
        return Beat([PathMove(img, points)], sound="click", on_done=done, focus=points[-1],
                    log=lambda: tr("ls.log.moved", ship=self.ship_name(ev.ship), to=xy_text(ev.path[-1]),
                                   cost=ev.cost))

    def _on_attack(self, ev: E.AttackResolved) -> Beat:
        a, b = self.cell_centre(ev.origin), self.cell_centre(ev.at)
        text = f"{ev.atk} - {ev.eff_dr} = {ev.damage}"
        hit = HitFlash(b, self.float_number(text, theme.STRAW if ev.damage else theme.PEBBLE))
        hit.delay = 0.2

        def done() -> None:
            self.set_over(ev.target, integrity=ev.integrity)
            self.ap_shown = (ev.seat, ev.ap_left)
        key = "ls.log.attack_pierce" if ev.pierced else "ls.log.attack"
        return Beat([Tracer(a, b), hit], sound="dice", on_done=done,
                    log=lambda: tr(key, ship=self.ship_name(ev.attacker), target=self.ship_name(ev.target),
                                   atk=ev.atk, dr=ev.eff_dr, damage=ev.damage, integrity=ev.integrity))

    def _on_ram(self, ev: E.RamResolved) -> Beat:
        img = self.ship_image(ev.ship)
        points = [self.cell_centre(c) for c in ev.path]
        bump = self.cell_centre(ev.at)
        mid = ((points[-1][0] + bump[0]) // 2, (points[-1][1] + bump[1]) // 2)
        self.hidden.add(ev.ship)
        dash = PathMove(img, points + [mid, points[-1]], step_s=0.1)
        hit = HitFlash(bump, self.float_number(f"{ev.k} + {ev.d6} - {ev.eff_dr} = {ev.damage}", theme.STRAW))
        hit.delay = dash.duration
        anims: list = [dash, hit]
        if ev.self_damage:
            own = HitFlash(points[-1], self.float_number(f"-{ev.self_damage}", theme.RED), colour=theme.RED)
            own.delay = dash.duration + 0.15
            anims.append(own)

        def done() -> None:
            self.hidden.discard(ev.ship)
            self.set_over(ev.ship, pos=tuple(ev.path[-1]), integrity=ev.self_integrity)
            self.set_over(ev.target, integrity=ev.integrity)
            self.ap_shown = (ev.seat, ev.ap_left)
        return Beat(anims, sound="dice", on_done=done,
                    log=lambda: tr("ls.log.ram", ship=self.ship_name(ev.ship), target=self.ship_name(ev.target),
                                   k=ev.k, d6=ev.d6, dr=ev.eff_dr, damage=ev.damage, self_damage=ev.self_damage))

    def _on_repaired(self, ev: E.ShipRepaired) -> Beat:
        p = self.cell_centre(ev.at)

        def done() -> None:
            self.set_over(ev.target, integrity=ev.integrity)
            self.ap_shown = (ev.seat, ev.ap_left)
        return Beat([HitFlash(p, self.float_number(f"+{ev.amount}", theme.LEAF), colour=theme.LEAF)],
                    sound="build", on_done=done,
                    log=lambda: tr("ls.log.repaired", ship=self.ship_name(ev.ship), target=self.ship_name(ev.target),
                                   amount=ev.amount, integrity=ev.integrity))

    def _on_built(self, ev: E.ShipBuilt) -> Beat:
        self._known_types[ev.ship] = ev.ship_type
        ring = Ring(self.cell_centre(ev.at), seat_colour(self.colour(ev.seat))[0])
        return Beat([ring], sound="build", on_done=lambda: setattr(self, "ap_shown", (ev.seat, ev.ap_left)),
                    log=lambda: tr("ls.log.built", name=self.name(ev.seat), ship=self.ship_name(ev.ship, ev.ship_type),
                                   at=xy_text(ev.at)))

    def _on_depleted(self, ev: E.TileDepleted) -> Beat:
        return Beat([AreaFlash([self.cell_rect(ev.at)], theme.STONE)],
                    log=lambda: tr("ls.log.depleted", at=xy_text(ev.at)))

    def _on_captured(self, ev: E.HulkCaptured) -> Beat:
        self._known_types[ev.ship] = ev.ship_type
        ring = Ring(self.cell_centre(ev.at), seat_colour(self.colour(ev.seat))[0])
        return Beat([ring], sound="build", on_done=lambda: setattr(self, "ap_shown", (ev.seat, ev.ap_left)),
                    log=lambda: tr("ls.log.captured", name=self.name(ev.seat), ship=self.ship_name(ev.ship, ev.ship_type),
                                   at=xy_text(ev.at)))

    def _on_pierce_expired(self, ev: E.PierceExpired) -> Beat:
        return Beat(log=lambda: tr("ls.log.pierce_expired", n=len(ev.ships)))

    # ---- weather ----------------------------------------------------------------------------
    def _on_event(self, ev: E.EventRolled) -> Beat:
        back, face = self.art_ls.card(self.app, None, None), self.art_ls.card(self.app, ev.event, ev.d8)
        centre = self.card_centre()
        flip = CardFlip(back, face, centre)
        banner = self.turn_banner(tr(f"ls.event.{ev.event}"), piece=self.art_ls.frames[f"event_{ev.event}"])
        lines = [lambda: tr("ls.log.event", d8=ev.d8, event=tr(f"ls.event.{ev.event}"))]
        if ev.centre is not None:
            lines.append(lambda: tr("ls.log.event_centre", at=xy_text(ev.centre)))
        if ev.direction:
            lines.append(lambda: tr("ls.log.wind", dir=tr(f"ls.dir.{ev.direction}")))
        anims: list = [flip, banner]
        for i, roll in enumerate(ev.rolls):
            anims.append(AreaFlash([self.cell_rect(roll)], theme.STONE, delay=0.1 * i))
        return Beat(anims, sound="turn", log=lines,
                    on_done=lambda: setattr(self, "card_shown", (ev.event, ev.d8, ev.round)))

    def _on_area(self, ev: E.AreaMarked) -> Beat:
        colour = EVENT_COLOURS.get(ev.event, theme.STRAW)
        return Beat([AreaFlash([self.cell_rect(c) for c in ev.cells], colour)], sound="error")

    def _on_event_damage(self, ev: E.IntegrityLost) -> Beat:
        return Beat([HitFlash(self.cell_centre(ev.at), self.float_number(f"-{ev.amount}", theme.RED), colour=theme.RED)],
                    merge="event_damage", on_done=lambda: self.set_over(ev.ship, integrity=ev.integrity),
                    log=lambda: tr("ls.log.event_damage", ship=self.ship_name(ev.ship), amount=ev.amount,
                                   integrity=ev.integrity))

    def _on_stalled(self, ev: E.ShipsStalled) -> Beat:
        return Beat(log=lambda: tr("ls.log.stalled", n=len(ev.ships), round=ev.round))

    def _on_outbreak(self, ev: E.OutbreakChanged) -> Beat:
        key = "ls.log.outbreak_on" if ev.on else "ls.log.outbreak_off"
        anims = [self.turn_banner(tr(key), piece=self.art_ls.frames["icon_outbreak"])] if ev.on else []
        return Beat(anims, log=lambda: tr(key))

    def _on_refreshed(self, ev: E.TilesRefreshed) -> Beat:
        return Beat([AreaFlash([self.cell_rect(c) for c in ev.cells], theme.LEAF)],
                    log=lambda: tr("ls.log.refreshed", n=len(ev.cells)))

    def _on_expired(self, ev: E.EffectsExpired) -> Beat:
        # translated when drawn (the log follows a language switch); a Chinese list takes 、 (`listed`)
        return Beat(log=lambda: tr("ls.log.expired", what=listed(tr(f"ls.effect.{k}") for k in ev.effects)))

    # ---- losses and the end -------------------------------------------------------------------
    def _on_destroyed(self, ev: E.ShipDestroyed) -> Beat:
        self._known_types[ev.ship] = ev.ship_type
        scrap = self.art_ls.frames["icon_scrap"]
        flash = HitFlash(self.cell_centre(ev.at), scrap, colour=theme.RED)
        return Beat([flash], sound="discard", merge="scrap",
                    log=lambda: tr(f"ls.log.destroyed_{ev.cause}", ship=self.ship_name(ev.ship, ev.ship_type),
                                   name=self.name(ev.former_owner), at=xy_text(ev.at)))

    def _on_sunk(self, ev: E.PieceSunk) -> Beat:
        img = self.art_ls.ship(ev.ship_type, self.colour(ev.former_owner) if ev.former_owner >= 0 else 0,
                               ev.former_owner < 0)
        self.hidden.add(ev.ship)
        return Beat([Sink(img, self.cell_rect(ev.at))], sound="discard",
                    log=lambda: tr("ls.log.sunk", ship=self.ship_name(ev.ship, ev.ship_type), at=xy_text(ev.at)))

    def _on_resigned(self, ev: E.PlayerResigned) -> Beat:
        return Beat(log=lambda: tr("ls.log.resigned", name=self.name(ev.seat)))

    def _on_eliminated(self, ev: E.PlayerEliminated) -> Beat:
        def text() -> str:
            return tr("ls.log.eliminated", name=self.name(ev.seat), why=coded("ls.rule", ev.rule))
        return Beat([self.turn_banner(text())], log=text)

    def _on_game_over(self, ev: GameOver) -> Beat:
        result = self.session.state.result()
        rule = getattr(result, "cause", "")
        names = ", ".join(self.name(w) for w in ev.winners)
        key = "ls.log.draw" if len(ev.winners) != 1 else "ls.log.won"
        return Beat(log=lambda: tr(key, names=names, why=coded("ls.rule", rule)))


def _then(a, b):
    if a is None:
        return b

    def both() -> None:
        a()
        b()
    return both


P = LandshipPresenters
PRESENTERS = {
    E.TurnOrderDrawn: P._on_order, E.RoundStarted: P._on_round, E.TurnStarted: P._on_turn,
    E.ApRolled: P._on_ap, E.ShipMoved: P._on_moved, E.AttackResolved: P._on_attack,
    E.RamResolved: P._on_ram, E.ShipRepaired: P._on_repaired, E.ShipBuilt: P._on_built,
    E.TileDepleted: P._on_depleted, E.HulkCaptured: P._on_captured, E.PierceExpired: P._on_pierce_expired,
    E.TurnAutoEnded: P._on_auto_end, E.TurnEnded: P._on_turn_end, E.EventRolled: P._on_event,
    E.AreaMarked: P._on_area, E.IntegrityLost: P._on_event_damage, E.ShipsStalled: P._on_stalled,
    E.OutbreakChanged: P._on_outbreak, E.TilesRefreshed: P._on_refreshed, E.EffectsExpired: P._on_expired,
    E.ShipDestroyed: P._on_destroyed, E.PieceSunk: P._on_sunk, E.PlayerResigned: P._on_resigned,
    E.PlayerEliminated: P._on_eliminated, GameOver: P._on_game_over,
}
