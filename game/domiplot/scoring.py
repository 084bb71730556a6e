"""Scoring of piles (K-1..K-7), shared by the rules and the greedy agent.

Pure functions over card kinds, so the agent can score hypothetical tables built from its
own view exactly as the rules score the real one.
"""

from __future__ import annotations

from typing import Iterable

from game.domiplot.constants import (
    COMMANDER, DRUM, DRUM_MULTIPLIER, FAMILY, FAVOURS, GENERAL, IS_ARMY, SIEGE_ENGINE,
    TERRAIN_BONUS, VALUE,
)

OPEN, SIEGE, INTERNAL = "open", "siege", "internal"   # B-0 modes


def effective_terrain(slot_terrain: str | None, mode: str, map_terrain: str,
                      defender: bool) -> str:
    """K-1: the terrain card in the slot, else the mode's terrain for this pile."""
    if slot_terrain is not None:
        return slot_terrain
    if mode == OPEN:
        return map_terrain
    if mode == SIEGE:
        return "ordinary" if defender else "city"
    return "ordinary"


def pile_terms(kinds: Iterable[int], terrain: str) -> tuple[int, int, int, int, int]:
    """K-2..K-7 for a pile of card kinds: (A before the drum, drum factor, B, H, total)."""
    army = 0
    bonus_cards = 0
    heroes = 0
    drum = False
    favoured = FAVOURS.get(terrain)
    mountain = terrain == "mountain"
    city = terrain == "city"
    for k in kinds:
        if IS_ARMY[k]:
            if mountain:
                army += 0 if k == SIEGE_ENGINE else 1
            elif city:
                army += 1 if k == SIEGE_ENGINE else 0
            else:
                army += 1 if k == SIEGE_ENGINE else VALUE[k]
            if favoured is not None and FAMILY[k] == favoured:
                bonus_cards += 1
        elif k == GENERAL or k == COMMANDER:
            heroes += VALUE[k]          # K-6: printed values, immune to everything (F-7)
        elif k == DRUM:
            drum = True
    factor = DRUM_MULTIPLIER if drum else 1
    bonus = TERRAIN_BONUS * bonus_cards
    return army, factor, bonus, heroes, army * factor + bonus + heroes


def pile_total(kinds: Iterable[int], terrain: str) -> int:
    """K-7: the pile's total."""
    return pile_terms(kinds, terrain)[4]
