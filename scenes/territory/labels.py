"""Words for Dice for Land orders, tiles and tribes (every string through the translation table)."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.territory import actions as A
from game.territory.constants import SIDES
from game.territory.state import GOBLIN, NOBODY, UNDEAD

RES_LETTER = ("g", "m", "e")


def tile_text(i: int, width: int) -> str:
    """A tile as the board labels it: 1-based column, row."""
    return f"({i % width + 1},{i // width + 1})"


def amounts_text(amounts: Any) -> str:
    """(gold, materials, exotics) as "3g 1m" ("-" for nothing)."""
    parts = [f"{n}{RES_LETTER[k]}" for k, n in enumerate(amounts) if n]
    return " ".join(parts) or "0"


def owner_name(screen: Any, owner: int) -> str:
    """Who holds a tile: a tribe's name, the undead, a goblin site or nobody."""
    if owner == NOBODY:
        return tr("territory.ui.unclaimed")
    if owner == UNDEAD:
        return tr("territory.faction.undead")
    if owner == GOBLIN:
        return tr("territory.faction.goblin")
    return screen.tribe_name(owner)


def action_label(screen: Any, a: Any) -> str:
    """One order in words (the order list, the menus)."""
    w = screen.board_w
    t = lambda i: tile_text(i, w)  # noqa: E731
    if isinstance(a, A.Arrow):
        x = f"x{a.x}" if a.x else tr("territory.ui.cross")
        return tr("territory.ui.o_arrow", origin=t(a.origin), tile=t(a.tile), x=x)
    if isinstance(a, A.Step):
        x = f"x{a.x}" if a.x else tr("territory.ui.cross")
        return tr("territory.ui.o_step", tile=t(a.tile), x=x)
    if isinstance(a, A.Build):
        return tr("territory.ui.o_build", what=tr(f"territory.building.{a.building}"), tile=t(a.tile))
    if isinstance(a, A.Upgrade):
        return tr("territory.ui.o_upgrade", tile=t(a.tile))
    if isinstance(a, A.Commerce):
        return tr("territory.ui.o_commerce", tile=t(a.tile))
    if isinstance(a, A.Wall):
        return tr("territory.ui.o_wall", side=tr(f"territory.side.{a.side}"), tile=t(a.tile), pay=tr(f"territory.pay.{a.pay}"))
    if isinstance(a, A.WallUpgrade):
        return tr("territory.ui.o_wall_up", side=tr(f"territory.side.{a.side}"), tile=t(a.tile))
    if isinstance(a, A.Demolish):
        part = (tr("territory.part.wall", side=tr(f"territory.side.{a.part}")) if a.part in SIDES
                else tr(f"territory.part.{a.part}"))       # the rules' codes showed ("Demolish n")
        return tr("territory.ui.o_demolish", part=part, tile=t(a.tile))
    if isinstance(a, A.Temple):
        return tr("territory.ui.o_temple", tile=t(a.tile))
    if isinstance(a, A.Tunnel):
        return tr("territory.ui.o_tunnel", a=t(a.a), b=t(a.b))
    if isinstance(a, A.Research):
        name = tr(f"territory.tech.{a.tech}")
        if not a.choice:
            return name
        kind = "res" if a.choice in ("gold", "materials", "exotics") else "choice"   # D32 / the totems
        return f"{name} ({tr(f'territory.{kind}.{a.choice}')})"
    if a == A.SUBMIT:
        return tr("territory.ui.submit")
    if isinstance(a, A.BuyExotic):
        return tr("territory.ui.o_buy_exotic")
    if isinstance(a, A.Archaeology):
        return tr("territory.ui.o_archaeology", tile=t(a.tile))
    if isinstance(a, A.Cast):
        name = tr(f"territory.spell.{a.spell}")
        if a.target >= 0 and a.spell in ("steal",):
            return f"{name} → {screen.tribe_name(a.target)}"
        if a.target >= 0:
            return f"{name} {t(a.target)}{' ' + a.side if a.side else ''}"
        if a.order >= 0:
            return f"{name} #{a.order}" + (f".{a.step + 1}" if a.step >= 0 else "")
        return name
    if isinstance(a, A.DeepTide):
        return tr("territory.ui.o_deep_tide")
    if isinstance(a, A.Guard):
        return tr("territory.ui.o_guard", n=a.n, tile=t(a.tile) if a.tile >= 0 else tr("territory.ui.all_tiles"))
    if isinstance(a, A.DemandTribute):
        return tr("territory.ui.o_tribute", who=screen.tribe_name(a.target))
    if isinstance(a, A.AnswerTribute):
        return tr("territory.ui.o_answer_tribute" if a.pay else "territory.ui.o_refuse_tribute",
                  who=screen.tribe_name(a.demander))
    if isinstance(a, A.ProposeTrade):
        return tr("territory.ui.o_trade", who=screen.tribe_name(a.target))
    if isinstance(a, A.AnswerTrade):
        return tr("territory.ui.o_answer_trade" if a.accept else "territory.ui.o_refuse_trade",
                  who=screen.tribe_name(a.proposer))
    if isinstance(a, A.Gift):
        return tr("territory.ui.o_gift", who=screen.tribe_name(a.target), amount=f"{a.amount}{RES_LETTER[('gold', 'materials', 'exotics').index(a.resource)]}")
    if isinstance(a, A.Cede):
        return tr("territory.ui.o_cede", who=screen.tribe_name(a.target), tile=t(a.tile))
    if isinstance(a, A.OfferVassal):
        return tr("territory.ui.o_vassal", who=screen.tribe_name(a.overlord))
    if isinstance(a, A.AnswerVassal):
        return tr("territory.ui.o_answer_vassal" if a.accept else "territory.ui.o_refuse_vassal",
                  who=screen.tribe_name(a.vassal))
    if isinstance(a, A.SetPriority):
        return tr("territory.ui.o_priority", p=" → ".join(a.priority))   # "gem" read as a word
    if isinstance(a, A.SetFlower):
        return tr("territory.ui.o_flower", r=tr(f"territory.res.{a.resource}"))
    if isinstance(a, A.ChooseCore):
        return tr("territory.ui.o_core", tile=t(a.tile))
    if isinstance(a, A.PickFaction):
        return tr(f"territory.faction.{a.faction}")
    return type(a).__name__
