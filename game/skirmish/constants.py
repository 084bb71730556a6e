"""Skirmish's numbers, loaded once from `data/rules.toml` and checked (spec section 15).

Terrains, unit classes and the 37 skills (codes I1..I12, A1..A13, C1..C12) are names from the
spec; everything countable lives in the data file, so tuning never touches code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.data import DataError, DataFile

TERRAINS: tuple[str, ...] = ("plains", "road", "desert", "forest", "swamp", "mountain", "water")
TERRAIN_INDEX: dict[str, int] = {name: i for i, name in enumerate(TERRAINS)}
WATER: int = TERRAIN_INDEX["water"]
ROAD: int = TERRAIN_INDEX["road"]
FOREST: int = TERRAIN_INDEX["forest"]
SWAMP: int = TERRAIN_INDEX["swamp"]
MOUNTAIN: int = TERRAIN_INDEX["mountain"]

INFANTRY, ARCHER, CAVALRY = "infantry", "archer", "cavalry"
UNIT_TYPES: tuple[str, ...] = (INFANTRY, ARCHER, CAVALRY)
VOUCHER_TYPES: tuple[str, ...] = (INFANTRY, ARCHER)          # V-4
COVER_POLICIES: tuple[str, ...] = ("always", "lethal", "never")  # D22
DEFAULT_COVER_POLICY = "lethal"
ROLL_KINDS: tuple[str, ...] = ("terrain_void", "fish_scale", "hollow_square", "heavy")

NUMBER_KEYS: tuple[str, ...] = (
    "formation_offset", "levy_discount", "solid_square_bonus", "hollow_square_reduction",
    "light_infantry_cost", "heavy_reduction", "combined_arms_bonus", "longbow_range",
    "horse_archer_mp", "suppression_divisor", "heavy_bow_bonus", "single_line_bonus",
    "fish_scale_divisor", "arrow_rain_step", "hunters_discount", "heavy_cavalry_mp",
    "charge_bonus", "light_cavalry_mp", "nomads_discount", "pursuit_mp", "surprise_reduction",
    "plunder_kill_hp", "plunder_capture_hp",
)

DATA_PATH = Path(__file__).with_name("data") / "rules.toml"


@dataclass(frozen=True)
class UnitStats:
    """U-1: one class's stat line."""

    hp: int
    attack: int
    range: int
    mp: int
    cost: int


@dataclass(frozen=True)
class Skill:
    """One row of the skill table (section 9)."""

    code: str
    id: str
    unit: str
    excludes: frozenset[str]
    requires: frozenset[str]


def _bool(d: DataFile, key: str) -> bool:
    value = d.get(key)
    if not isinstance(value, bool):
        raise DataError(d.path, key, "must be true or false")
    return value


def _float(d: DataFile, key: str) -> float:
    value = d.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise DataError(d.path, key, "must be a number >= 0")
    return float(value)


def _codes(d: DataFile, key: str, known: set[str] | None, default: tuple = ()) -> tuple[str, ...]:
    section, _, name = key.rpartition(".")
    node = d.get(section) if section else d.data
    if not isinstance(node, dict) or name not in node:
        return default
    value = node[name]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DataError(d.path, key, "must be a list of skill codes")
    if known is not None:
        for v in value:
            if v not in known:
                raise DataError(d.path, key, f"unknown skill code {v!r}")
    return tuple(value)


def _skills(d: DataFile) -> dict[str, Skill]:
    table = d.get("skills")
    if not isinstance(table, dict) or not table:
        raise DataError(d.path, "skills", "must be a table of skills")
    codes = set(table)
    out: dict[str, Skill] = {}
    for code in table:
        key = f"skills.{code}"
        ident = d.get(f"{key}.id")
        unit = d.get(f"{key}.unit")
        if not isinstance(ident, str) or not ident:
            raise DataError(d.path, f"{key}.id", "must be a snake_case name")
        if unit not in UNIT_TYPES:
            raise DataError(d.path, f"{key}.unit", f"must be one of {', '.join(UNIT_TYPES)}")
        extra = set(table[code]) - {"id", "unit", "excludes", "requires"}
        if extra:
            raise DataError(d.path, key, f"unknown fields {sorted(extra)}")
        out[code] = Skill(code, ident, unit,
                          frozenset(_codes(d, f"{key}.excludes", codes)),
                          frozenset(_codes(d, f"{key}.requires", codes)))
    for code, skill in out.items():
        for other in skill.excludes:
            if code not in out[other].excludes:
                raise DataError(d.path, f"skills.{other}.excludes",
                                f"must list {code} (exclusions are symmetric)")
        if skill.excludes & skill.requires or code in skill.requires:
            raise DataError(d.path, f"skills.{code}", "a skill cannot require what it excludes")
    return out


def _load() -> dict[str, Any]:
    d = DataFile(DATA_PATH)
    costs = d.int_map("terrain_cost", TERRAINS, 1, 99)
    missing = [t for t in TERRAINS if t not in costs]
    if missing:
        raise DataError(DATA_PATH, "terrain_cost", f"missing {', '.join(missing)}")
    units = {}
    for t in UNIT_TYPES:
        units[t] = UnitStats(
            hp=d.int(f"units.{t}.hp", 1, 99), attack=d.int(f"units.{t}.attack", 0, 99),
            range=d.int(f"units.{t}.range", 1, 9), mp=d.int(f"units.{t}.mp", 0, 99),
            cost=d.int(f"units.{t}.cost", 0, 999))
    chance = d.int_map("chance", ROLL_KINDS, 0, 100)
    if set(chance) != set(ROLL_KINDS):
        raise DataError(DATA_PATH, "chance", f"needs {', '.join(ROLL_KINDS)}")
    numbers_table = d.get("skill_numbers")
    if not isinstance(numbers_table, dict):
        raise DataError(DATA_PATH, "skill_numbers", "must be a table")
    unknown = set(numbers_table) - set(NUMBER_KEYS)
    if unknown:
        raise DataError(DATA_PATH, "skill_numbers", f"unknown keys {sorted(unknown)}")
    numbers = {k: d.int(f"skill_numbers.{k}", 0, 99) for k in NUMBER_KEYS}
    for k in ("fish_scale_divisor", "suppression_divisor"):
        if numbers.get(k, 0) < 1:
            raise DataError(DATA_PATH, f"skill_numbers.{k}", "must be at least 1")
    skills = _skills(d)
    return {
        "costs": tuple(costs[t] for t in TERRAINS),
        "units": units,
        "chance": chance,
        "numbers": numbers,
        "skills": skills,
        "heal": d.int("economy.heal", 0, 99),
        "siege_rounds": d.int("economy.siege_rounds", 1, 99),
        "city_income": d.int("economy.city_income", 0, 99),
        "city_vp": d.int("economy.city_vp", 0, 99),
        "min_cost": d.int("economy.min_cost", 0, 99),
        "turn_limit": d.int("defaults.turn_limit", 1, 999),
        "skip_first_income": _bool(d, "defaults.skip_first_income"),
        "funds": d.int("defaults.funds", 0, 9999),
        "optional_picks": d.int("defaults.optional_picks", 0, 37),
        "ai": {k: _float(d, f"ai.{k}") for k in
               ("vp", "material", "capture", "breach", "threat", "city_distance",
                "archer_distance", "garrison", "refill", "leader", "leader_margin", "leader_units")},
        "ai_priority": _codes(d, "ai.pick_priority", set(skills)),
    }


_D = _load()
TERRAIN_COSTS: tuple[int, ...] = _D["costs"]          # by TERRAIN_INDEX
UNITS: dict[str, UnitStats] = _D["units"]
CHANCE: dict[str, int] = _D["chance"]
SKILLS: dict[str, Skill] = _D["skills"]
SKILL_CODES: tuple[str, ...] = tuple(SKILLS)
HEAL: int = _D["heal"]
SIEGE_ROUNDS: int = _D["siege_rounds"]
CITY_INCOME: int = _D["city_income"]
CITY_VP: int = _D["city_vp"]
MIN_COST: int = _D["min_cost"]
TURN_LIMIT: int = _D["turn_limit"]
SKIP_FIRST_INCOME: bool = _D["skip_first_income"]
FUNDS: int = _D["funds"]
OPTIONAL_PICKS: int = _D["optional_picks"]
AI_WEIGHTS: dict[str, float] = _D["ai"]
AI_PICK_PRIORITY: tuple[str, ...] = _D["ai_priority"]

_N: dict[str, int] = _D["numbers"]
FORMATION_OFFSET = _N["formation_offset"]
LEVY_DISCOUNT = _N["levy_discount"]
SOLID_SQUARE_BONUS = _N["solid_square_bonus"]
HOLLOW_SQUARE_REDUCTION = _N["hollow_square_reduction"]
LIGHT_INFANTRY_COST = _N["light_infantry_cost"]
HEAVY_REDUCTION = _N["heavy_reduction"]
COMBINED_ARMS_BONUS = _N["combined_arms_bonus"]
LONGBOW_RANGE = _N["longbow_range"]
HORSE_ARCHER_MP = _N["horse_archer_mp"]
SUPPRESSION_DIVISOR = _N["suppression_divisor"]
HEAVY_BOW_BONUS = _N["heavy_bow_bonus"]
SINGLE_LINE_BONUS = _N["single_line_bonus"]
FISH_SCALE_DIVISOR = _N["fish_scale_divisor"]
ARROW_RAIN_STEP = _N["arrow_rain_step"]
HUNTERS_DISCOUNT = _N["hunters_discount"]
HEAVY_CAVALRY_MP = _N["heavy_cavalry_mp"]
CHARGE_BONUS = _N["charge_bonus"]
LIGHT_CAVALRY_MP = _N["light_cavalry_mp"]
NOMADS_DISCOUNT = _N["nomads_discount"]
PURSUIT_MP = _N["pursuit_mp"]
SURPRISE_REDUCTION = _N["surprise_reduction"]
PLUNDER_KILL_HP = _N["plunder_kill_hp"]
PLUNDER_CAPTURE_HP = _N["plunder_capture_hp"]


def skill_code(name: str) -> str | None:
    """The code of a skill given by code (`I4`) or id (`inf_defensive_stance`)."""
    if name in SKILLS:
        return name
    for code, skill in SKILLS.items():
        if skill.id == name:
            return code
    return None
