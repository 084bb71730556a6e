"""Presentation-side sprites: sheet loading, pieces, dice and animation helpers.

The pixel-art sources live in `sprites/art/` and are turned into `sprites/sheets/*.png` by
`tools/make_art.py`; `sprites.sheets` loads them.
"""
