"""The committed piece sheets are exactly what `tools/make_pieces.py` generates, and they hold
a frame for every piece, card, building, status and overlay kind the rulesets' specs name.

Spec sections cited: Skirmish U-1, C-6, N-3, V-2, V-4, S (I1, I4, A3, A5, A6, A7, A8), UI notes
19; Landship S-1, S-3, C-6, E-3, E-7, E-8, E-9, A-1, UI notes 17; Domiplotism C-1, C-4, M-1,
UI notes 22; Dice for Land T-8, T-1.5, T-13, T-0, T-15, UI notes T-23.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import itertools  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.helpers.tools import load_tool  # noqa: E402

SHEETS_DIR = ROOT / "sprites" / "sheets"
SHEETS = ("seats", "skirmish_pieces", "landship_pieces", "domiplot_pieces", "territory_pieces")

# Every kind a spec names, by sheet, with the section that names it.
WANTED: dict[str, dict[str, list[str]]] = {
    "seats": {"seat markers (DESIGN board scenes)": [
        f"marker_{s}" for s in ("circle", "square", "triangle", "diamond", "star", "cross",
                                "hexagon", "ring")]},
    "skirmish_pieces": {
        "U-1 unit types": ["unit_infantry", "unit_archer", "unit_cavalry"],
        "19 HP pips": ["hp_full", "hp_empty"],
        "19 / C-6 siege pips, breached icon": ["siege_full", "siege_empty", "city_breached"],
        "19 status icons (I4 defensive, A5 pavise, I1 pool, A3 suppression, A6 heavy bow, "
        "A7/A8 lines, N-3 trespasser)": [
            "status_defensive", "status_pavise", "status_formation", "status_suppression",
            "status_heavy_bow", "status_single_line", "status_multi_line",
            "status_trespasser"],
        "C-4 fresh, V-4 voucher, V-2 overlord/vassal": [
            "status_fresh", "status_voucher", "status_overlord", "status_vassal"],
        "19 faction-coloured cities": ["city_banner"],
        "R-1 d100 as two d10": [f"d10_tens_{v}0" for v in range(10)]
        + [f"d10_{v}" for v in range(10)],
    },
    "landship_pieces": {
        "S-1 ships": ["resource_ship", "engineer_ship", "heavy_gun_ship", "fortress_ship",
                      "ram_ship", "fast_ship"],
        "S-3 hulks": [f"{s}_hulk" for s in ("resource_ship", "engineer_ship",
                                            "heavy_gun_ship", "fortress_ship", "ram_ship",
                                            "fast_ship")],
        "S-3/S-6 scrap marker, 17 fresh/stalled/pierce/wrecked icons, C-6 ram": [
            "icon_scrap", "icon_fresh", "icon_stalled", "icon_pierced", "icon_wrecked",
            "icon_ram"],
        "E-7 wind arrow (d4 directions)": ["wind_n", "wind_e", "wind_s", "wind_w"],
        "E-8 quicksand, E-9 area marker": ["quicksand_0", "quicksand_1", "area_marker"],
        "A-1 d4, E-3 d8": [f"d4_{v}" for v in range(1, 5)] + [f"d8_{v}" for v in range(1, 9)],
        "E-4 events, E-2 outbreak": [f"event_{e}" for e in (
            "no_event", "coupling_surge", "dust_storm", "coupling_dust_storm",
            "dry_thunderstorm", "coupling_thunderstorm", "wind_field", "quicksand")]
        + ["icon_outbreak"],
        "17 AP pips, effDR badge": ["ap_full", "ap_empty", "dr_badge"],
    },
    "domiplot_pieces": {
        "C-1 card kinds (122-card deck)": [f"card_{k}" for k in (
            "siege_engine", "infantry", "heavy_infantry", "archer", "crossbowman", "cavalry",
            "heavy_cavalry", "general", "commander", "terrain_mountain", "terrain_city",
            "terrain_plateau", "terrain_hills", "terrain_plain", "gong", "drum", "tiger_tally",
            "rolling_stones", "command")],
        "22 card back (H hidden cards, face down)": ["card_back"],
        "M-1 region terrains": [f"region_{t}" for t in ("ordinary", "mountain", "city",
                                                         "plateau", "hills", "plain")],
        "C-4 flags, tally marker": ["flag", "tally_marker"],
    },
    "territory_pieces": {
        "T-8 buildings": [f"building_{b}" for b in (
            "camp", "city", "capital", "workshop", "tower", "ruin", "farm", "tree_of_life",
            "temple", "outpost", "tunnel", "goblin_camp")],
        "T-8 commerce, T-13.5 Deep Tide, T-15.2 treasure": [
            "icon_commerce", "icon_deep_tide", "icon_treasure"],
        "T-1.5 walls (side N/E/S/W, level 1-2)": [
            f"wall_{s}_{lv}" for lv in (1, 2) for s in "nesw"],
        "T-23 frost and volcano smoke": ["overlay_frost", "overlay_smoke_0",
                                         "overlay_smoke_1"],
        "T-10 desolation, T-14.3 undead land": ["overlay_desolation", "overlay_undead"],
        "T-11.1 attack arrows (order entry, T-23)": [
            f"arrow_{j}" for j in ("ns", "ew", "ne", "nw", "se", "sw")]
        + [f"arrow_head_{d}" for d in "nesw"] + [f"arrow_origin_{d}" for d in "nesw"],
        "T-15.1 disasters": [f"disaster_{d}" for d in (
            "magic_turmoil", "necro_revival", "winter", "volcano", "goblin_empire")],
        "T-13 tribes, T-0 neutral sites": [f"emblem_{t}" for t in (
            "bounty", "arcane", "pioneer", "jungle", "tide", "war", "shadow", "goblin",
            "undead")],
    },
}
# Frames that must fit their board: (sheet, prefix) -> (max w, max h).
FITS = {
    ("skirmish_pieces", "unit_"): (16, 16),        # a 24x28 Four Banners hex
    ("landship_pieces", ""): (16, 16),             # a 16x16 Landship cell
    ("territory_pieces", ""): (16, 16),            # a 16x16 Origin tile
    ("domiplot_pieces", "card_"): (24, 34),        # eight cards across the canvas foot
    ("seats", "marker_"): (7, 7),
}
# Groups whose members must look different at 1x: prefix -> minimum differing pixels between
# any two (or more than 20 % of the frame). Dice faces differ only by their label, set in the
# collection's 4x6 digits (glyphs.txt), where 6 and 8 differ by two pixels; the 7x7
# markers by a few outline pixels (circle vs hexagon: the pointed top and bottom).
DISTINCT = {
    "skirmish_pieces": {"unit_": 12, "status_": 12, "d10_tens_": 2, "d10_": 2},
    "landship_pieces": {"resource_ship": 12, "engineer_ship": 12, "heavy_gun_ship": 12,
                        "fortress_ship": 12, "ram_ship": 12, "fast_ship": 12, "icon_": 12,
                        "d4_": 2, "d8_": 2, "event_": 12},
    "domiplot_pieces": {"card_": 12, "region_": 12},
    "territory_pieces": {"building_": 12, "emblem_": 12, "icon_": 12, "disaster_": 12,
                         "wall_": 12, "overlay_": 12, "arrow_": 12},
    "seats": {"marker_": 8},
}


make_pieces = load_tool("make_pieces")


def _rgba(path: Path) -> np.ndarray:
    surface = pygame.image.load(str(path))
    rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    alpha = pygame.surfarray.array_alpha(surface).transpose(1, 0)[..., None]
    return np.concatenate([rgb, alpha], axis=2)


def _index(name: str) -> dict:
    return json.loads((SHEETS_DIR / f"{name}.json").read_text(encoding="utf-8"))


def _frame(pixels: np.ndarray, rect: list[int]) -> np.ndarray:
    x, y, w, h = rect
    return pixels[y:y + h, x:x + w]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pieces")
    make_pieces.build_all(out)
    return out


def test_committed_piece_sheets_match_a_fresh_regeneration(generated: Path) -> None:
    for name in SHEETS:
        rel = Path("sprites") / "sheets"
        committed, fresh = ROOT / rel / f"{name}.png", generated / rel / f"{name}.png"
        assert committed.is_file(), f"{name}.png is generated but not committed"
        a, b = _rgba(committed), _rgba(fresh)
        assert a.shape == b.shape, f"{name}.png has a stale size: re-run tools/make_pieces.py"
        visible = (a[..., 3] > 0) | (b[..., 3] > 0)
        assert not (visible[..., None] & (a != b)).any(), \
            f"{name}.png is stale: re-run tools/make_pieces.py"
        assert json.loads((ROOT / rel / f"{name}.json").read_text()) == \
            json.loads((generated / rel / f"{name}.json").read_text()), \
            f"{name}.json is stale: re-run tools/make_pieces.py"


def test_regeneration_is_byte_identical(generated: Path, tmp_path: Path) -> None:
    make_pieces.build_all(tmp_path)
    for name in SHEETS:
        for ext in ("png", "json"):
            rel = Path("sprites") / "sheets" / f"{name}.{ext}"
            assert (tmp_path / rel).read_bytes() == (generated / rel).read_bytes(), rel


@pytest.mark.parametrize("sheet", SHEETS)
def test_every_sheet_loads_through_sprites_sheets(sheet: str) -> None:
    from sprites.sheets import load_sheet  # noqa: PLC0415

    frames = load_sheet(sheet)
    assert set(frames) == set(_index(sheet)["frames"])


@pytest.mark.parametrize("sheet", SHEETS)
def test_every_kind_the_spec_names_has_a_frame(sheet: str) -> None:
    frames = _index(sheet)["frames"]
    for section, names in WANTED[sheet].items():
        missing = [n for n in names if n not in frames]
        assert not missing, f"{sheet}.json lacks {missing} ({section})"


@pytest.mark.parametrize("sheet", SHEETS)
def test_frames_lie_inside_the_sheet_and_fit_their_board(sheet: str) -> None:
    index = _index(sheet)
    h, w, _ = _rgba(SHEETS_DIR / index["image"]).shape
    for frame, (x, y, fw, fh) in index["frames"].items():
        assert 0 <= x and 0 <= y and x + fw <= w and y + fh <= h, f"{sheet}: {frame} outside"
        for (s, prefix), (mw, mh) in FITS.items():
            if s == sheet and frame.startswith(prefix) and not frame.startswith("picture_"):
                assert fw <= mw and fh <= mh, f"{sheet}: {frame} is {fw}x{fh}, max {mw}x{mh}"
    for frame in list(index["anchors"]) + index["tinted"]:
        assert frame in index["frames"], f"{sheet}: extra entry for unknown {frame!r}"
    for anim in index["animations"].values():
        assert all(f in index["frames"] for f in anim["frames"])


def test_domiplot_cards_are_24x34_and_eight_fit_the_canvas_width() -> None:
    """UI notes 22: a hand along the bottom of the 640x360 canvas."""
    frames = _index("domiplot_pieces")["frames"]
    cards = {k: v for k, v in frames.items() if k.startswith("card_")}
    assert {tuple(v[2:]) for v in cards.values()} == {(24, 34)}
    assert 8 * 26 <= 640


@pytest.mark.parametrize("sheet", SHEETS)
def test_greys_appear_only_in_tinted_frames_and_every_pixel_is_in_the_palette(sheet: str
                                                                             ) -> None:
    """PALETTE.md recolour convention: swapping the four greys touches nothing else."""
    index = _index(sheet)
    pixels = _rgba(SHEETS_DIR / index["image"])
    palette = {tuple(c) for c in make_pieces.load_palette().values() if c[3]}
    greys = {tuple(int(index["grey_ramp"][i][j:j + 2], 16) for j in (1, 3, 5)) + (255,)
             for i in range(4)}
    assert len(greys) == 4
    for frame, rect in index["frames"].items():
        px = _frame(pixels, rect).reshape(-1, 4)
        colours = {tuple(int(v) for v in c) for c in np.unique(px, axis=0) if c[3]}
        assert colours <= palette, f"{sheet}: {frame} has colours outside PALETTE.md"
        has_grey = bool(colours & greys)
        assert has_grey == (frame in index["tinted"]), \
            f"{sheet}: {frame} grey pixels vs. its 'tinted' listing disagree"


@pytest.mark.parametrize("sheet", SHEETS)
def test_every_kind_is_distinct_at_1x(sheet: str) -> None:
    """SCREENS.md item 3: every kind distinct at 1x: two frames of a group differ in more
    than 20 % of their pixels or in at least the group's minimum (compared on the common
    top-left area)."""
    index = _index(sheet)
    pixels = _rgba(SHEETS_DIR / index["image"])
    for prefix, least in DISTINCT[sheet].items():
        group = {k: _frame(pixels, r) for k, r in index["frames"].items()
                 if k.startswith(prefix) and not k.endswith("_hulk")}
        assert len(group) >= 1, f"{sheet}: no frame starts with {prefix!r}"
        for (a, pa), (b, pb) in itertools.combinations(group.items(), 2):
            h, w = min(pa.shape[0], pb.shape[0]), min(pa.shape[1], pb.shape[1])
            differ = (pa[:h, :w] != pb[:h, :w]).any(axis=2)
            assert differ.mean() > 0.2 or differ.sum() >= least, f"{sheet}: {a} looks like {b}"


def test_seat_table_has_eight_seats_with_distinct_markers_and_rising_ramps() -> None:
    seats = _index("seats")["seats"]
    assert [s["seat"] for s in seats] == list(range(8))
    assert sorted(s["marker"] for s in seats) == sorted(make_pieces.MARKERS)
    frames = _index("seats")["frames"]
    for s in seats:
        assert f"marker_{s['marker']}" in frames
        lum = [sum(int(c[i:i + 2], 16) * w for i, w in ((1, 299), (3, 587), (5, 114)))
               for c in s["ramp"]]
        assert lum == sorted(lum) and len(set(lum)) == 4, f"seat {s['seat']} ramp not rising"
    assert len({s["ramp"][2] for s in seats}) == 8


def test_tint_swaps_exactly_the_greys() -> None:
    from sprites import tint  # noqa: PLC0415
    from sprites.sheets import load_sheet  # noqa: PLC0415

    unit = load_sheet("skirmish_pieces")["unit_infantry"]
    ramp = tint.seat_ramps()[1]
    out = tint.tint(unit, ramp)
    greys = tint.grey_ramp("skirmish_pieces")
    a = pygame.surfarray.array3d(unit).reshape(-1, 3)
    b = pygame.surfarray.array3d(out).reshape(-1, 3)
    is_grey = np.zeros(len(a), dtype=bool)
    for grey, colour in zip(greys, ramp):
        hit = (a == grey).all(axis=1)
        assert (b[hit] == colour).all()
        is_grey |= hit
    assert is_grey.sum() > 40, "the infantry should be mostly seat-coloured"
    assert (a[~is_grey] == b[~is_grey]).all()
    assert (pygame.surfarray.array_alpha(unit) == pygame.surfarray.array_alpha(out)).all()


def test_tinted_sheet_recolours_only_listed_frames_and_caches_them() -> None:
    """The shared per-seat loader (every screen's piece art): listed frames take the seat's
    ramp, a faded copy differs from both, colour -1 and unlisted frames come back as drawn."""
    from sprites import tint  # noqa: PLC0415

    sheet = tint.TintedSheet("landship_pieces")
    ship = sheet.tinted("ram_ship", 2)
    assert ship is sheet.tinted("ram_ship", 2)                      # made once
    want = tint.tint(sheet["ram_ship"], tint.seat_ramps()[2], sheet.greys)
    assert pygame.image.tobytes(ship, "RGBA") == pygame.image.tobytes(want, "RGBA")
    faded = sheet.tinted("ram_ship", 2, faded=True)
    assert len({pygame.image.tobytes(s, "RGBA") for s in (ship, faded, sheet["ram_ship"])}) == 3
    assert sheet.tinted("ram_ship", -1) is sheet["ram_ship"]
    assert "icon_scrap" not in sheet.tintable and sheet.tinted("icon_scrap", 3) is sheet["icon_scrap"]
    assert sheet.anchor("icon_scrap") == (4, 4)


def test_ramp_from_colour_keeps_the_base_and_rises() -> None:
    from sprites import tint  # noqa: PLC0415

    ramp = tint.ramp_from_colour((0x3F, 0x7F, 0xD9))  # Domiplot's Heaven (C-5)
    assert ramp[2] == (0x3F, 0x7F, 0xD9)
    assert [sum(c) for c in ramp] == sorted(sum(c) for c in ramp)
    faded = tint.fade_ramp(ramp)
    assert all(abs(f[0] - f[2]) <= abs(r[0] - r[2]) for f, r in zip(faded, ramp))
