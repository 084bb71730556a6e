"""Events -> animations for Domiplotism: one handler per event class of game.domiplot.events
(the presenter table `PRESENTERS`; tests/scenes/board/test_presenter.py checks it is complete).
Handlers receive the event as the viewer may see it (redacted), so a hidden card is drawn as a
back and logged without its name. A mixin of `scenes.domiplot_scene.DomiplotScene`.

The shown view moves on (to the batch's end state) only when flags are planted, a target or a
round is announced, the marker lands, or at the end of the batch: a battle's end therefore
plays over the table as it was (flips, the score board), and the map changes with the flags."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.domiplot import events as E
from scenes import theme
from scenes.board.presenter import Beat
from scenes.board.seats import draw_marker, seat_colour
from scenes.domiplot.layout import DECK_POS, HAND, MAP_VIEW
from scenes.drawing import fit
from sprites.anim import Anim, FloatText, Ring
from sprites.tweens import CardFlip, CardSlide


SCORE_BOARD_S = 2.2     # seconds the score board stays (the count-up takes the first 60 %)


class Drawn(Anim):
    """An animation drawn by a callback `draw(canvas, progress)` (the score board)."""

    def __init__(self, duration: float, draw, delay: float = 0.0) -> None:
        super().__init__(duration, delay)
        self._draw = draw

    def draw(self, canvas: pygame.Surface) -> None:
        if self.started and not self.done:
            self._draw(canvas, self.progress)


class Presenters:
    """See the module docstring."""

    def _region_point(self, region: int) -> tuple[int, int]:
        return self.camera.to_canvas(self.board.regions[region].label)

    def _panel_centre(self, seat: int) -> tuple[int, int]:
        return self.panel_rect(seat).center

    def _table_slot(self, card: int | None) -> tuple[int, int]:
        """Canvas centre of a card lying in a pile as shown (else the battle panel's centre)."""
        if card is not None:
            for p, pile in enumerate(self.shown.piles):
                for i, (c, _, _) in enumerate(pile):
                    if c == card:
                        return self.card_slot(p, i)
        return self.battle.center

    def _on_round(self, ev: E.RoundStarted) -> Beat:
        return Beat([self.turn_banner(tr("dp.banner_round", round=ev.round))], sound="turn", reveal="start",
                    log=lambda: tr("dp.log.round", round=ev.round, name=self.name(ev.chooser)))

    def _on_marker(self, ev: E.MarkerPlaced) -> Beat:
        world = self.board.regions[ev.region].label
        start = self._region_point(ev.previous) if ev.previous is not None else self._panel_centre(ev.seat)
        end = self.camera.to_canvas(world)
        return Beat([CardSlide(self.cards.marker, start, end)], sound="build", reveal="done", focus=world,
                    log=lambda: tr("dp.log.marker", name=self.name(ev.seat), region=self.region_name(ev.region)))

    def _on_target(self, ev: E.TargetChosen) -> Beat:
        world = self.board.regions[ev.region].label
        return Beat([Ring(self.camera.to_canvas(world), theme.RED),
                     self.turn_banner(tr(f"domiplot.mode.{ev.mode}") + " · " + self.region_name(ev.region))],
                    sound="turn", reveal="start", focus=world,
                    log=lambda: tr("dp.log.target", name=self.name(ev.seat), region=self.region_name(ev.region),
                                   mode=tr(f"domiplot.mode.{ev.mode}")))

    def _on_card_placed(self, ev: E.CardPlaced) -> Beat:
        img = self.cards.face(ev.card)
        start = self._panel_centre(ev.seat)
        if ev.pile is None:
            end = (self.battle.right - 20, self.battle.y + 30)
        else:
            n = len(self.shown.piles[ev.pile]) if ev.pile < len(self.shown.piles) else 0
            end = self.card_slot(ev.pile, n)
        key = "dp.log.placed_down" if ev.face_down else ("dp.log.placed" if ev.pile is not None else "dp.log.played")
        return Beat([CardSlide(img, start, end)], sound="click",
                    log=lambda: tr(key, name=self.name(ev.seat), card=self.card_name(ev.card),
                                   pile=self.name(ev.pile) if ev.pile is not None else ""))

    def _on_revealed(self, ev: E.CardRevealed) -> Beat:
        pile = self.shown.piles[ev.pile] if ev.pile < len(self.shown.piles) else ()
        index = next((i for i, (c, p, fd) in enumerate(pile) if fd and p == ev.seat), len(pile))
        return Beat([CardFlip(self.cards.back, self.cards.face(ev.card), self.card_slot(ev.pile, index))],
                    sound="click",
                    log=lambda: tr("dp.log.revealed", name=self.name(ev.seat), card=self.card_name(ev.card)))

    def _on_terrain(self, ev: E.TerrainChanged) -> Beat:
        big = self.cards.big(ev.card)
        return Beat([FloatText(big, MAP_VIEW.center)], sound="build",
                    log=lambda: tr("dp.log.terrain", name=self.name(ev.seat),
                                   terrain=tr(f"domiplot.terrain.{ev.terrain}")))

    def _on_discarded(self, ev: E.CardsDiscarded) -> Beat:
        # a tally or stones sweep: each card flies from where it lies in its pile
        anims = [CardSlide(self.cards.face(c), self._table_slot(c), DECK_POS, delay=0.05 * i)
                 for i, c in enumerate(ev.cards[:8])]
        if ev.cause in ("tally", "stones"):
            anims.insert(0, Ring(self.battle.center, theme.RED))
        return Beat(anims, sound="discard",
                    log=lambda: tr(f"dp.log.discard_{ev.cause}", name=self.name(ev.seat), n=len(ev.cards),
                                   cards=", ".join(self.card_name(c) for c in ev.cards)))

    def _on_returned(self, ev: E.CardReturned) -> Beat:
        return Beat([CardSlide(self.cards.face(ev.card), self.card_slot(ev.pile, 0), self._panel_centre(ev.seat))],
                    sound="click",
                    log=lambda: tr(f"dp.log.returned_{ev.cause}", name=self.name(ev.seat), card=self.card_name(ev.card)))

    def _on_offered(self, ev: E.SupportOffered) -> Beat:
        return Beat([CardSlide(self.cards.face(ev.card), self._panel_centre(ev.seat), self.card_slot(ev.pile, 0))],
                    sound="click",
                    log=lambda: tr("dp.log.offer", name=self.name(ev.seat), to=self.name(ev.pile),
                                   card=self.card_name(ev.card)))

    def _on_scores(self, ev: E.Scores) -> Beat:
        """O-2: the score board over the battle panel, totals counting up, then the winner."""
        region = self.shown.target
        lines = [lambda s=s, t=t: tr("dp.log.score", name=self.name(s), total=t) for s, t in zip(ev.seats, ev.totals)]
        if ev.winner is not None:
            lines.append(lambda: tr("dp.log.winner", name=self.name(ev.winner)))
        else:
            lines.append(lambda: tr("dp.log.no_winner"))
        board = Drawn(SCORE_BOARD_S, lambda canvas, p: self.draw_score_board(canvas, ev, region, p))
        return Beat([board], sound="produce", log=lines)

    def draw_score_board(self, canvas: pygame.Surface, ev: E.Scores, region: int | None, p: float) -> None:
        """Each pile's terms (A x drum + B + H) and its total counting up; the winner marked
        once the count is done (K-7, O-3)."""
        text, box = self.app.text, self.battle
        canvas.blit(self.app.art.panel("panel", box.size), box.topleft)
        n = max(1, len(ev.seats))
        verdict = None
        if p >= 0.6:
            verdict = (tr("dp.score_winner", name=self.name(ev.winner)) if ev.winner is not None
                       else tr("dp.log.no_winner"))
        # rows of 18-22 px between the title and the verdict; where they would be fewer (seven
        # or eight piles in the shorter battle panel) the verdict takes the title's line
        low = (box.height - 48) // n >= 18
        top, h = (26, min(22, (box.height - 48) // n)) if low else (23, min(22, (box.height - 27) // n))
        if verdict is not None and not low:
            text.draw(canvas, fit(self.app, verdict, box.width - 16), (box.centerx, box.y + 5), theme.TIMBER, "centre")
        else:
            title = tr("dp.score_title", region=self.region_name(region)) if region else tr("dp.score_title_none")
            text.draw(canvas, fit(self.app, title, box.width - 16), (box.centerx, box.y + 5), theme.INK, "centre")
        counted = min(1.0, p / 0.6)
        for i, seat in enumerate(ev.seats):
            y = box.y + top + i * h
            row = pygame.Rect(box.x + 8, y, box.width - 16, h - 2)
            if p >= 0.6 and seat == ev.winner:
                pygame.draw.rect(canvas, theme.STRAW, row)
            draw_marker(canvas, self.colour(seat), (row.x + 5, row.y + 8), 3)
            text.draw(canvas, fit(self.app, self.name(seat), 70), (row.x + 12, row.y), theme.INK)
            terms = tr("dp.score_terms", terrain=tr(f"domiplot.terrain.{ev.terrains[i]}"), a=ev.army[i],
                       drum=ev.drum[i], b=ev.bonus[i], h=ev.heroes[i])
            text.draw(canvas, fit(self.app, terms, 150), (row.x + 86, row.y), theme.DUSK)
            total = round(ev.totals[i] * counted)
            text.draw(canvas, str(total), (row.right - 4, row.y), theme.INK, "right")
        if verdict is not None and low:
            text.draw(canvas, fit(self.app, verdict, box.width - 16), (box.centerx, box.bottom - 22),
                      theme.TIMBER, "centre")

    def _on_region_changed(self, ev: E.RegionChanged) -> Beat:
        world = self.board.regions[ev.region].label
        anims = [Ring(self.camera.to_canvas(world), seat_colour(self.colour(s))[0]) for s in ev.planted]
        x, y = self.camera.to_canvas(world)
        anims += [FloatText(self.cards.flag(self.colour(s)), (x - 5 + 10 * i, y + 8)) for i, s in enumerate(ev.planted)]
        return Beat(anims, sound="build", reveal="start", focus=world,
                    log=lambda: tr("dp.log.region", region=self.region_name(ev.region),
                                   names=", ".join(self.name(s) for s in ev.owners)))

    def _on_drawn(self, ev: E.CardsDrawn) -> Beat:
        mine = self.shown.seat == ev.seat
        end = (HAND.centerx, HAND.centery) if mine else self._panel_centre(ev.seat)
        anims = [CardSlide(self.cards.face(c), DECK_POS, end, delay=0.08 * i) for i, c in enumerate(ev.cards[:6])]
        return Beat(anims, sound="click", merge="draw",
                    log=lambda: tr("dp.log.drawn", name=self.name(ev.seat), n=len(ev.cards)))

    def _on_reshuffle(self, ev: E.DeckReshuffled) -> Beat:
        return Beat([self.turn_banner(tr("dp.banner_reshuffle", n=ev.count))], sound="dice",
                    log=lambda: tr("dp.log.reshuffle", n=ev.count))

    def _on_battle_ended(self, ev: E.BattleEnded) -> Beat:
        return Beat([self.turn_banner(tr(f"dp.banner_end_{ev.cause}"))], sound="turn",
                    log=lambda: tr(f"dp.log.battle_end_{ev.cause}"))

    def _on_game_over(self, ev) -> Beat:
        """E-1..E-6: the deciding rule as a banner and in the log (the core event names it)."""
        winners, cause = ev.winners, ev.cause
        return Beat([self.turn_banner(tr(f"domiplot.end.{cause}"))], sound="turn",
                    log=[lambda: tr("log.game_over_one" if len(winners) == 1 else "log.game_over",
                                          names=", ".join(self.name(w) for w in winners)),
                         lambda: tr(f"domiplot.end.{cause}")])

    def _log(key: str, **fields: str):   # noqa: N805 - a table helper, not a method
        """A presenter that only writes a log line; `fields` map params to event attributes
        (a seat attribute becomes the seat's name)."""
        def handler(self, ev) -> Beat:
            def line() -> str:
                params, suffix = {}, ""
                for p, attr in fields.items():
                    v = getattr(ev, attr)
                    if isinstance(v, bool):          # yes/no facts pick the sentence
                        suffix = "_yes" if v else "_no"
                        continue
                    params[p] = (self.name(v) if attr in SEAT_FIELDS and v is not None else
                                 self.region_name(v) if attr == "region" else v)
                return tr(key + suffix, **params)
            return Beat(log=line)
        return handler

    table = {
        E.RoundStarted: _on_round, E.MarkerPlaced: _on_marker, E.TargetChosen: _on_target,
        E.ChooserPassed: _log("dp.log.chooser_passed", name="seat", to="to"),
        E.ModeChanged: _log("dp.log.mode_changed", region="region"),
        E.AuthorizationAsked: _log("dp.log.auth_asked", name="seat", sponsor="sponsor"),
        E.Authorization: _log("dp.log.auth", name="sponsor", asker="seat", allow="allow"),
        E.PlayerJoined: _log("dp.log.joined", name="seat", n="distance"),
        E.PlayerStayedOut: _log("dp.log.stayed_out", name="seat"),
        E.PlayerSurrendered: _log("dp.log.surrendered", name="seat"),
        E.TurnStarted: None,
        E.CardPlaced: _on_card_placed, E.CardRevealed: _on_revealed, E.TerrainChanged: _on_terrain,
        E.SiegeEnded: _log("dp.log.siege_ended", region="region"),
        E.CardsDiscarded: _on_discarded, E.CardReturned: _on_returned, E.SupportOffered: _on_offered,
        E.SupportAnswered: _log("dp.log.answered", name="seat", supporter="supporter", accept="accept"),
        E.AllegianceChanged: _log("dp.log.allegiance", name="seat", to="principal"),
        E.PlayerPassed: _log("dp.log.passed", name="seat"),
        E.PlayerOut: _log("dp.log.out", name="seat"),
        E.BattleEnded: _on_battle_ended, E.Scores: _on_scores,
        E.RegionChanged: _on_region_changed,
        E.RegionUnchanged: _log("dp.log.unchanged", region="region"),
        E.TableCleared: None,
        E.CardsDrawn: _on_drawn, E.DeckReshuffled: _on_reshuffle,
        E.DrawsLost: _log("dp.log.draws_lost", name="seat", n="count"),
        E.Proposal: _log("dp.log.proposal", name="seat"),
        E.ProposalDeclined: _log("dp.log.declined", name="seat"),
        E.VoteCast: _log("dp.log.vote", name="seat", proposer="proposer", accept="accept"),
        E.ProposalRejected: _log("dp.log.rejected", proposer="proposer", by="by"),
        E.GameOver: _on_game_over,
    }



SEAT_FIELDS = {"seat", "to", "sponsor", "supporter", "principal", "proposer", "by"}


PRESENTERS = Presenters.table
