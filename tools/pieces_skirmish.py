"""Skirmish's piece sheet (`sprites/sheets/skirmish_pieces.png`): units, pips, status icons.

Sizes fit the Four Banners hexes (24x28 tiles, `maps/skirmish/`): units 16x16 (anchor = the
point that sits on the hex centre), HP and siege pips 5x5 (four HP pips fit under a unit),
status icons 8x8 (three fit across a hex), and percentile dice (two d10) for the d100 chance
checks of R-1. Rules: spec sections U-1, K-4, K-5, C-6, N-3, V-4,
S (I1, I4, A3, A5, A6, A7, A8) and the UI notes (section 19).
"""

from __future__ import annotations

from tools.make_art import load_grids
from tools.make_pieces import PieceSheet, die_face, outlined

UNITS = ("infantry", "archer", "cavalry")                     # U-1
STATUSES = ("defensive", "pavise", "formation", "suppression", "heavy_bow", "single_line",
            "multi_line", "trespasser", "fresh", "voucher", "overlord", "vassal")


def build() -> PieceSheet:
    """Every Skirmish piece frame, in sheet order."""
    art = load_grids("skirmish.txt")
    sheet = PieceSheet("skirmish_pieces", 160)
    for i, unit in enumerate(UNITS):
        sheet.add(f"unit_{unit}", outlined(art[unit]), (8, 12), new_row=i == 0)
    sheet.add("city_banner", outlined(art["city_banner"]), (1, 9))
    for i, status in enumerate(STATUSES):
        sheet.add(f"status_{status}", outlined(art[status]), new_row=i == 0)
    for i, pip in enumerate(("hp_full", "hp_empty", "siege_full", "siege_empty")):
        sheet.add(pip, art[pip], new_row=i == 0)
    sheet.add("city_breached", outlined(art["breached"]))
    # R-1 rolls d100: shown as a pair of d10, tens ("00".."90") and units ("0".."9").
    digits = load_grids("glyphs.txt")
    for v in range(10):
        sheet.add(f"d10_tens_{v}0", die_face(10, f"{v}0", digits), (9, 8), new_row=v == 0)
    for v in range(10):
        sheet.add(f"d10_{v}", die_face(10, str(v), digits), (9, 8), new_row=v == 0)
    return sheet
