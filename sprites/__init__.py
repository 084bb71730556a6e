"""Presentation-side sprites: sheet loading, pieces, dice and animation helpers.

The pixel-art sources live in `sprites/art/` and are turned into `sprites/sheets/*.png` by
`tools/make_art.py` (Tidegate, dice, UI) and `tools/make_pieces.py` (the other rulesets'
pieces and cards); `sprites.sheets` loads them and `sprites.tint` recolours grey-ramp pieces
for a seat.
"""
