"""The Domiplotism battle panel (section 22): a header with the battle mode, the target and
the terrain slot; one row per pile with its cards (backs for what the viewer may not see), a
badge naming who placed each card, the pile owner's status, a pending support offer, and a
live total counting only the cards the viewer sees ("+?" for hidden ones). A mixin of
`scenes.domiplot_scene.DomiplotScene`."""

from __future__ import annotations

import pygame

from game.core.i18n import tr
from game.domiplot.constants import CARD_KIND, CARD_TERRAIN, IS_PILE_CARD, TERRAIN_BONUS
from game.domiplot.scoring import effective_terrain, pile_terms
from game.domiplot.state import Phase
from scenes import theme
from scenes.board.seats import draw_marker, seat_colour
from scenes.domiplot.art import kind_name, seat_badge
from scenes.domiplot.layout import CARD_H, CARD_W
from scenes.drawing import fit


class BattlePanel:
    """See the module docstring."""

    def pile_rows(self) -> list[int]:
        view = self.shown
        if view.participant and any(view.participant):
            return [s for s in range(len(view.hand_sizes)) if view.participant[s]]
        return []

    def row_rects(self) -> list[tuple[int, pygame.Rect]]:
        rows = self.pile_rows()
        top = self.battle.y + 38
        h = min(38, (self.battle.bottom - 4 - top) // max(1, len(rows)))
        return [(s, pygame.Rect(self.battle.x + 12, top + i * h, self.battle.width - 16, h)) for i, s in enumerate(rows)]

    def card_slot(self, seat: int, index: int) -> tuple[int, int]:
        """Canvas centre of card `index` in `seat`'s pile row (for slides and flips)."""
        for s, rect in self.row_rects():
            if s == seat:
                step = self._card_step(seat, rect)
                return rect.x + 74 + index * step + CARD_W // 2, rect.y + min(rect.height, CARD_H) // 2 + 1
        return self.battle.centerx, self.battle.centery

    def _card_step(self, seat: int, rect: pygame.Rect) -> int:
        n = len(self.shown.piles[seat]) + 1
        return min(CARD_W + 2, max(6, (rect.width - 74 - 44 - CARD_W) // max(1, n - 1)))

    def pile_terms_seen(self, seat: int) -> tuple[int, int, int, int, int, int, str]:
        """(A, drum, B, H, total, hidden count, terrain) of what the viewer sees of a pile."""
        view = self.shown
        slot = CARD_TERRAIN[CARD_KIND[view.terrain_card]] if view.terrain_card is not None else None
        ground = self.board.terrain(view.target) if view.target else "ordinary"
        terrain = effective_terrain(slot, view.mode or "open", ground, seat in view.defenders)
        pile = view.piles[seat] if seat < len(view.piles) else ()
        seen = [CARD_KIND[c] for c, _, _ in pile if c is not None]
        return (*pile_terms(seen, terrain), len(pile) - len(seen), terrain)

    def draw_battle(self, canvas: pygame.Surface) -> None:
        view, text = self.shown, self.app.text
        canvas.blit(self.app.art.panel("panel", self.battle.size), self.battle.topleft)
        x, y = self.battle.x + 8, self.battle.y + 5
        if view.target is None:
            text.draw(canvas, tr("dp.no_battle"), (x, y), theme.DUSK)
            for i, line in enumerate(text.wrap(self.status_line(), self.battle.width - 16)[:3]):
                text.draw(canvas, line, (x, y + 20 + 16 * i), theme.INK)
            return
        mode = view.mode or "open"
        header = tr(f"domiplot.mode.{mode}")
        if view.terrain_card is not None:       # F-1: the card's terrain rules every pile
            header = tr("dp.terrain_rules", terrain=tr(f"domiplot.terrain.{CARD_TERRAIN[CARD_KIND[view.terrain_card]]}"))
        elif mode == "open":
            header += " · " + tr(f"domiplot.terrain.{self.board.terrain(view.target)}")
        text.draw(canvas, fit(self.app, header, self.battle.width - 60), (x, y), theme.INK)
        canvas.blit(self.cards.icon(self.board.terrain(view.target)), (x, y + 19))
        text.draw(canvas, fit(self.app, self.region_name(view.target), 150), (x + 18, y + 16), theme.DUSK)
        # the terrain slot (F-1) and the centre (command), small at the right of the header
        sx = self.battle.right - 8 - CARD_W
        slot = view.terrain_card
        small = self.cards.scaled(f"card_{kind_name(slot)}", (12, 17)) if slot is not None else None
        text.draw(canvas, tr("dp.slot"), (sx - 4, y + 16), theme.DUSK, "right")
        if small is not None:
            canvas.blit(small, (sx + 6, y + 14))
        else:
            pygame.draw.rect(canvas, theme.PARCHMENT_SHADE, (sx + 6, y + 14, 12, 17), 1)
        for seat, rect in self.row_rects():
            self._draw_row(canvas, seat, rect)
        self._draw_support_arrows(canvas)
        if not self.pile_rows():
            line = self.status_line()
            for i, part in enumerate(text.wrap(line, self.battle.width - 16)[:3]):
                text.draw(canvas, part, (x, self.battle.y + 44 + 16 * i), theme.INK)

    def _draw_row(self, canvas: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        view, text = self.shown, self.app.text
        if view.actor == seat and view.phase is Phase.BATTLE:
            pygame.draw.rect(canvas, theme.STRAW, rect, 1)
        pygame.draw.line(canvas, theme.PARCHMENT_SHADE, (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1))
        draw_marker(canvas, self.colour(seat), (rect.x + 5, rect.y + 8), 3)
        text.draw(canvas, fit(self.app, self.name(seat), 60), (rect.x + 11, rect.y), theme.INK)
        if rect.height >= 30:
            status = self.seat_status(seat, True)
            text.draw(canvas, fit(self.app, status, 66), (rect.x + 2, rect.y + 16), theme.DUSK)
        pile = list(view.piles[seat]) if seat < len(view.piles) else []
        clip = canvas.get_clip()
        canvas.set_clip(rect.clip(clip))
        step = self._card_step(seat, rect)
        cx = rect.x + 74
        for card, placer, fd in pile:
            img = self.cards.face(card)
            canvas.blit(img, (cx, rect.y + 1))
            if fd and card is not None:     # the viewer's own face-down card: marked as hidden
                pygame.draw.rect(canvas, theme.DUSK, (cx, rect.y + 1, CARD_W, CARD_H), 2)
            if placer != seat:
                canvas.blit(seat_badge(self.colour(placer)), (cx + CARD_W - 8, rect.y + 2))
            cx += step
        offer = view.offer
        if offer is not None and offer[1] == seat:
            img = self.cards.face(offer[2]).copy()
            img.set_alpha(150)
            canvas.blit(img, (cx, rect.y + 1))
            canvas.blit(seat_badge(self.colour(offer[0])), (cx + CARD_W - 8, rect.y + 2))
            text.draw(canvas, "?", (cx + 8, rect.y + 8), theme.RED)
        canvas.set_clip(clip)
        _, _, _, _, seen_total, hidden, _ = self.pile_terms_seen(seat)
        label = str(seen_total) + (tr("dp.plus_hidden") if hidden else "")
        text.draw(canvas, label, (rect.right - 4, rect.y + (rect.height - 16) // 2), theme.INK, "right")

    def total_tooltip(self, seat: int) -> str:
        a, drum, b, h, total, hidden, terrain = self.pile_terms_seen(seat)
        text = tr("dp.total_tip", a=a, drum=drum, b=b, h=h, total=total,
                  terrain=tr(f"domiplot.terrain.{terrain}"), bonus=TERRAIN_BONUS)
        if hidden:
            text += "\n" + tr("dp.total_hidden", n=hidden)
        return text

    def _draw_support_arrows(self, canvas: pygame.Surface) -> None:
        """A supporter's arrow down the panel's left edge, from its row to its principal's
        (A-1), in the supporter's colour; several supporters side by side."""
        view = self.shown
        rows = dict(self.row_rects())
        k = 0
        for s, rect in rows.items():
            principal = view.allegiance[s] if view.allegiance else s
            if principal == s or principal not in rows:
                continue
            x = self.battle.x + 5 + 2 * k
            y0, y1 = rect.centery, rows[principal].centery
            colour = seat_colour(self.colour(s))[1]
            pygame.draw.line(canvas, colour, (x, y0), (x, y1), 1)
            pygame.draw.line(canvas, colour, (x, y0), (x + 5, y0), 1)
            d = 2 if y1 > y0 else -2
            pygame.draw.polygon(canvas, colour, [(x, y1), (x + 2, y1 - d), (x - 2, y1 - d)])
            pygame.draw.line(canvas, colour, (x, y1), (x + 5, y1), 1)
            k += 1

    def place_forecast(self, tip: str) -> str:
        """`tip` plus what placing the selected card into the player's own pile does to its
        total, as far as the player can see (section 22's live total; a terrain card changes
        every pile, so it shows the new terrain instead)."""
        seat, card = self.my_seat(), self.selected
        if seat is None or card is None:
            return tip
        kind = CARD_KIND[card]
        if CARD_TERRAIN[kind] is not None:
            return tip + "\n" + tr("dp.forecast_terrain", terrain=tr(f"domiplot.terrain.{CARD_TERRAIN[kind]}"))
        a, drum, b, h, now, hidden, terrain = self.pile_terms_seen(seat)
        if not IS_PILE_CARD[kind]:
            return tip
        view = self.shown
        seen = [CARD_KIND[c] for c, _, _ in view.piles[seat] if c is not None] + [kind]
        after = pile_terms(seen, terrain)[4]
        return tip + "\n" + tr("dp.forecast", now=now, after=after)

