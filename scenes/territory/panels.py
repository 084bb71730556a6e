"""Dice for Land tribe panels (T-23): resources against the cap, the faction emblem, and the
tooltip with income, tiles, techs, timers and diplomacy.

The panel is 122 x 39 canvas pixels (two columns for up to seven tribes) and Unifont is 8 px a
Latin character, so the resource line has room for about eleven characters. It is laid out,
not squeezed: the holdings (zero amounts left out) on the left, the cap right-aligned as "/N"
after a gap, the emblem at the right end; when that does not fit the emblem gives way (it is
in the tooltip too), and when even that does not fit the holdings show as their sum "Σ N".
Over the cap (discarded at END, T-7.3) the line is red.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.i18n import tr
from game.territory import position
from game.territory.state import Phase
from scenes import theme
from scenes.territory.labels import amounts_text

EMBLEM_W = 14          # the 10-px faction emblem at the right end of the line, and a gap
GAP = 6                # pixels between the holdings and the cap


def resource_line(text: Any, res: Any, cap: int, width: int) -> tuple[str, str, bool]:
    """(holdings text, cap text, emblem shown) for a line `width` pixels wide: see the module
    docstring. `text` measures strings (`Text.size`)."""
    held = " ".join(f"{n}{'gme'[k]}" for k, n in enumerate(res) if n) or "0"
    cap_s = f"/{cap}"
    room = width - text.size(cap_s)[0] - GAP
    if text.size(held)[0] <= room - EMBLEM_W:
        return held, cap_s, True
    if text.size(held)[0] <= room:
        return held, cap_s, False
    total = f"Σ{sum(res)}"
    return total, cap_s, text.size(total)[0] <= room - EMBLEM_W


def draw_panel_body(scene: Any, canvas: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
    """The resource line (or "fallen") and the faction emblem of one tribe's panel."""
    v, text = scene.shown, scene.app.text
    t = v.tribes[seat]
    x, y = rect.x + 13, rect.y + 20
    right = rect.right - 6
    if not t.alive:
        text.draw(canvas, tr("territory.ui.fallen"), (x, y), theme.RED)
    if v.phase is Phase.PICK or not t.alive:
        if t.faction:
            canvas.blit(scene.art[f"emblem_{t.faction}"], (right - 10, rect.y + 23))
        return
    cap = scene.cap_of(seat)
    held, cap_s, emblem = resource_line(text, t.res, cap, right - x)
    over = sum(t.res) > cap
    text.draw(canvas, held, (x, y), theme.RED if over else theme.INK)
    cap_right = right - EMBLEM_W if emblem else right
    text.draw(canvas, cap_s, (cap_right, y), theme.RED if over else theme.DUSK, "right")
    if emblem and t.faction:
        canvas.blit(scene.art[f"emblem_{t.faction}"], (right - 10, rect.y + 23))


def panel_tooltip(scene: Any, seat: int) -> str:
    """Name and faction, holdings / cap / income, tiles, techs, timers and diplomacy."""
    v = scene.shown
    t = v.tribes[seat]
    lines = [f"{scene.name(seat)} · {tr(f'territory.faction.{t.faction}') if t.faction else '?'}"]
    if v.phase is Phase.PICK:
        return "\n".join(lines)
    inc = position.income(v, seat) if t.alive else (0, 0, 0)
    lines.append(tr("territory.ui.res_line", res=amounts_text(t.res), cap=position.cap(v, seat) if t.alive else 0,
                    inc=amounts_text(inc)))
    lines.append(tr("territory.ui.tiles_line", n=len(position.tiles_of(v, seat))))
    if t.submitted:
        lines.append(tr("territory.ui.submitted"))
    if t.techs:
        lines.append(", ".join(tr(f"territory.tech.{k}") for k in sorted(t.techs)))
    name = scene.tribe_name
    if t.split_age >= 0:
        lines.append(tr("territory.ui.split_age", n=t.split_age))
    if v.turmoil_until >= v.turn:
        lines.append(tr("territory.ui.turmoil_until", n=v.turmoil_until))
    if v.winter_until >= v.turn:
        lines.append(tr("territory.ui.winter_until", n=v.winter_until))
    for g in v.grievances:
        if seat in g[:2]:
            lines.append(tr("territory.ui.grievance", a=name(g[0]), b=name(g[1]), n=g[2]))
    if t.spice:
        lines.append(tr("territory.ui.trade_with", who=", ".join(name(p) for p in t.spice)))
    for key, pending in (("p_tribute", v.demands), ("p_trade", v.trades), ("p_vassal", v.vassal_offers)):
        for a, b, _t in pending:
            if seat in (a, b):
                lines.append(tr(f"territory.ui.{key}", a=name(a), b=name(b)))
    return "\n".join(lines)
