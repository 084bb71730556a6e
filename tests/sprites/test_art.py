"""The committed pixel art is exactly what `tools/make_art.py` generates from its sources.

Also checks the tileset contract the Tiled map depends on (TG-10 UI notes: board drawn from
the Tiled map; 256x64, 8x2 pointy-top hex tiles of 32x32, transparent outside the hex) and that
every JSON frame rectangle lies inside its sheet.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # the project root, for `import sprites` without a conftest
    sys.path.insert(0, str(ROOT))

from tests.helpers.tools import load_tool  # noqa: E402

TILESET = ROOT / "maps" / "tidegate" / "tidegate_tiles.png"
SHEETS = ("tidegate", "dice", "ui")


make_art = load_tool("make_art")


def _rgba(path: Path) -> np.ndarray:
    """(h, w, 4) pixels of a PNG, read through pygame."""
    surface = pygame.image.load(str(path))
    rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    alpha = pygame.surfarray.array_alpha(surface).transpose(1, 0)[..., None]
    return np.concatenate([rgb, alpha], axis=2)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("art")
    make_art.build_all(out)
    return out


def test_committed_pngs_match_a_fresh_regeneration(generated: Path) -> None:
    fresh = sorted(p.relative_to(generated) for p in generated.rglob("*.png"))
    assert fresh, "make_art.build_all wrote no PNG"
    differing = []
    for rel in fresh:
        committed = ROOT / rel
        assert committed.is_file(), f"{rel} is generated but not in the repository"
        a, b = _rgba(committed), _rgba(generated / rel)
        if a.shape != b.shape:
            differing.append(f"{rel} (size {a.shape[1]}x{a.shape[0]} vs {b.shape[1]}x{b.shape[0]})")
            continue
        # Fully transparent pixels may differ in colour without being visible.
        visible = (a[..., 3] > 0) | (b[..., 3] > 0)
        bad = np.argwhere(visible[..., None] & (a != b))
        if len(bad):
            y, x, _ = bad[0]
            differing.append(f"{rel} ({len(bad)} channel values differ, first at x={x} y={y})")
    assert not differing, "re-run tools/make_art.py; stale art: " + "; ".join(differing)


def test_committed_json_indexes_match_a_fresh_regeneration(generated: Path) -> None:
    for name in SHEETS:
        rel = Path("sprites") / "sheets" / f"{name}.json"
        assert json.loads((ROOT / rel).read_text()) == json.loads((generated / rel).read_text()), \
            f"{rel} is stale: re-run tools/make_art.py"


def test_TG_10_tileset_is_256x64_of_32px_tiles() -> None:
    assert _rgba(TILESET).shape == (64, 256, 4)


def test_TG_10_every_hex_tile_is_transparent_exactly_outside_the_hex() -> None:
    pixels = _rgba(TILESET)
    mask = make_art.hex_mask()
    terrain_tiles = (0, 1, 2, 3, 4, 15)  # sea, wheat, stone, wood, rime hollow, sea frame 2
    for index in range(16):
        row, col = divmod(index, 8)
        alpha = pixels[row * 32:(row + 1) * 32, col * 32:(col + 1) * 32, 3]
        assert not alpha[~mask].any(), f"tile {index} paints outside the hex"
        if index in terrain_tiles:
            assert (alpha[mask] == 255).all(), f"tile {index} has holes inside the hex"
        else:  # number tokens: opaque only in the middle of a transparent tile
            assert alpha[0, :].max() == 0 and alpha[:, 0].max() == 0, f"token tile {index}"
            assert alpha[16, 16] == 255, f"token tile {index} has no token in its centre"


def test_hex_mask_matches_tiled_geometry_and_tiles_the_plane() -> None:
    mask = make_art.hex_mask()
    assert mask[0].nonzero()[0].tolist() == [15, 16]  # top vertex at x=16
    assert mask[8].all() and mask[23].all() and not mask[7, 0] and not mask[24, 0]
    assert (mask == mask[::-1]).all() and (mask == mask[:, ::-1]).all()
    # A 7x7 staggered board covers its interior exactly once: no gaps, no overlaps.
    cover = np.zeros((7 * 24 + 8, 7 * 32 + 16), dtype=int)
    for r in range(7):
        for c in range(7):
            x, y = c * 32 + (16 if r % 2 else 0), r * 24
            cover[y:y + 32, x:x + 32] += mask
    assert cover.max() == 1
    assert (cover[32:7 * 24 - 8, 32:6 * 32] == 1).all()


def test_every_frame_rect_lies_inside_its_sheet() -> None:
    for name in SHEETS:
        index = json.loads((ROOT / "sprites" / "sheets" / f"{name}.json").read_text())
        h, w, _ = _rgba(ROOT / "sprites" / "sheets" / index["image"]).shape
        for frame, (x, y, fw, fh) in index["frames"].items():
            assert fw > 0 and fh > 0 and x >= 0 and y >= 0 and x + fw <= w and y + fh <= h, \
                f"{name}.json frame {frame!r} {[x, y, fw, fh]} outside the {w}x{h} sheet"
        for frame in list(index["anchors"]) + list(index["borders"]):
            assert frame in index["frames"], f"{name}.json: extra entry for unknown {frame!r}"
        for anim in index["animations"].values():
            assert all(f in index["frames"] for f in anim["frames"])


def test_sheets_have_the_frames_the_game_asks_for() -> None:
    frames = {n: json.loads((ROOT / "sprites" / "sheets" / f"{n}.json").read_text())["frames"]
              for n in SHEETS}
    wanted = {
        "tidegate": [f"{kind}_{s}" for kind in ("outpost", "city", "road_v", "road_up",
                                                "road_down") for s in range(4)]
        + [f"gate_{i}" for i in range(4)] + ["icon_wheat", "icon_stone", "icon_wood", "vp_star",
                                             "vertex_ring", "edge_hl_v", "edge_hl_up",
                                             "edge_hl_down", "chip_wheat", "chip_stone",
                                             "chip_wood"],
        "dice": [f"die_{v}" for v in range(1, 7)] + [f"tumble_{i}" for i in range(4)],
        "ui": ["panel", "tooltip", "banner", "button_normal", "button_hover", "button_pressed",
               "button_disabled", "cursor_pointer", "cursor_hand"]
        + [f"icon_{i}" for i in ("gear", "help", "dice", "trade", "end_turn", "undo", "save",
                                 "sound_on", "sound_off", "close", "arrow_left", "arrow_right")],
    }
    for sheet, names in wanted.items():
        missing = [n for n in names if n not in frames[sheet]]
        assert not missing, f"{sheet}.json lacks {missing}"
    assert frames["dice"]["die_1"][2:] == [16, 16]
    for res in ("wheat", "stone", "wood"):
        assert frames["tidegate"][f"icon_{res}"][2:] == [12, 12]
        assert frames["tidegate"][f"chip_{res}"][2:] == [8, 8]


def test_every_pixel_uses_the_documented_palette() -> None:
    palette = {tuple(c) for c in make_art.load_palette().values()}
    for path in [TILESET] + [ROOT / "sprites" / "sheets" / f"{n}.png" for n in SHEETS]:
        pixels = _rgba(path).reshape(-1, 4)
        colours = {tuple(int(v) for v in c) for c in np.unique(pixels, axis=0)}
        colours = {c for c in colours if c[3] != 0}
        stray = colours - palette
        assert not stray, f"{path.name} uses colours outside PALETTE.md: {sorted(stray)[:5]}"


def test_seat_pieces_differ_in_greyscale() -> None:
    """Colour-blind safety: each seat's pieces differ from every other's without hue."""
    from sprites.sheets import load_sheet  # noqa: PLC0415

    frames = load_sheet("tidegate")
    for kind in ("outpost", "city", "road_v", "road_up", "road_down"):
        greys = []
        for seat in range(4):
            a = pygame.surfarray.array3d(frames[f"{kind}_{seat}"]).astype(int)
            greys.append((a * (299, 587, 114)).sum(axis=2) // 1000 // 24)  # coarse levels
        for i in range(4):
            for j in range(i + 1, 4):
                assert (greys[i] != greys[j]).any(), f"{kind}: seats {i} and {j} look alike"


def test_load_sheet_gives_surfaces_and_names_a_missing_file(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    import sprites.sheets as sheets  # noqa: PLC0415

    frames = sheets.load_sheet("dice")
    assert frames["die_6"].get_size() == (16, 16)
    import sys  # noqa: PLC0415

    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert sheets.resource_path("sprites", "sheets") == tmp_path / "sprites" / "sheets"
    with pytest.raises(sheets.SheetError, match="dice.json"):
        sheets.load_sheet("dice")


def test_nine_slice_keeps_corners() -> None:
    import sprites.sheets as sheets  # noqa: PLC0415

    index = sheets.load_index("ui")
    panel = sheets.load_sheet("ui")["panel"]
    b = index["borders"]["panel"]
    big = sheets.nine_slice(panel, b, (60, 40))
    assert big.get_size() == (60, 40)
    for (sx, sy), (dx, dy) in (((0, 0), (0, 0)), ((b - 1, b - 1), (b - 1, b - 1)),
                               ((panel.get_width() - 1, panel.get_height() - 1), (59, 39))):
        assert big.get_at((dx, dy)) == panel.get_at((sx, sy))
