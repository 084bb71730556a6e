"""Dice for Land's numbers and names, loaded once from `data/rules.toml` and checked.

Resources are indexed gold 0, materials 1, exotics 2 (also the default priority, T-6.3).
Costs are `(gold, materials, exotics)` tuples. Main buildings are small ints (`BUILDINGS`
gives their names) so tile arrays stay plain lists.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from game.core.data import DataError, DataFile

RESOURCES: tuple[str, ...] = ("gold", "materials", "exotics")
GOLD, MATERIALS, EXOTICS = 0, 1, 2
Cost = tuple[int, int, int]
ZERO: Cost = (0, 0, 0)

FACTIONS: tuple[str, ...] = ("bounty", "arcane", "pioneer", "jungle", "tide", "war", "shadow")
GOBLIN_KINGDOM = "goblin"  # the faction of a Goblin Empire tribe: no abilities (T-15.1)

# Terrain kinds (T-1.3) and specials (T-1.4).
LAND, SEA, CHASM, VOLCANO = 0, 1, 2, 3
KINDS: tuple[str, ...] = ("land", "sea", "chasm", "volcano")
SPECIALS: tuple[str, ...] = ("none", "materials", "exotics")

# Main buildings (T-8); NONE = empty slot.
NONE, CAMP, CITY, CAPITAL, WORKSHOP, TOWER, RUIN, FARM, TREE, OUTPOST, GOBLIN_CAMP = range(11)
BUILDINGS: tuple[str, ...] = ("none", "camp", "city", "capital", "workshop", "tower", "ruin",
                              "farm", "tree_of_life", "outpost", "goblin_camp")
BUILDING_CODE: dict[str, int] = {name: i for i, name in enumerate(BUILDINGS)}

SIDES: tuple[str, ...] = ("n", "e", "s", "w")
SIDE_STEP: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
OPPOSITE: tuple[int, ...] = (2, 3, 0, 1)

TECHS: tuple[str, ...] = ("extraction", "magic_research", "storage", "commerce_tech",
                          "military_tactics", "siege", "primitive_magic", "battle_magic",
                          "architecture_art", "architecture", "diplomacy", "totem", "landing",
                          "digging")
SPELLS: tuple[str, ...] = ("nature_gift", "earth_wall", "steal", "battle_fervor", "meteor",
                           "rock_solid", "bewitch", "fortune", "desolation", "jungle_blessing",
                           "requiem", "undead_plague")
TOTEMS: tuple[str, ...] = ("snake", "flower", "sun")
DISASTERS: tuple[str, ...] = ("magic_turmoil", "necro_revival", "winter", "volcano",
                              "goblin_empire")
RAZE: tuple[str, ...] = ("none", "gold", "special")
# T-6.3 priority lists, by their initials (g, m, e).
PRIORITIES: tuple[str, ...] = ("gme", "gem", "mge", "meg", "egm", "emg")
PRIORITY_ORDER: dict[str, tuple[int, int, int]] = {
    p: tuple("gme".index(c) for c in p) for p in PRIORITIES  # type: ignore[misc]
}

DATA_PATH = Path(__file__).with_name("data") / "rules.toml"


@dataclass(frozen=True)
class Params:
    """The spec's tunables [P]; a map property with the same name overrides a default."""

    default_defense: int
    submission: str
    start_gold: int
    base_cap: int
    disaster_every: int
    max_turns: int
    max_orders: int
    max_edits: int
    undead_attack: int
    archaeology_per_turn: int
    tunnel_max_gap: int
    victory_floor: int
    duel_factor: int
    victory_from_turn: int
    v1_min_share: int
    open_frontier_per_turn: int
    gift_max: int
    guard_max: int


SUBMISSIONS: tuple[str, ...] = ("rotate", "fixed", "random")
PARAM_RANGES: dict[str, tuple[int, int]] = {
    "default_defense": (0, 6), "start_gold": (0, 99), "base_cap": (0, 99),
    "disaster_every": (1, 99), "max_turns": (1, 999), "max_orders": (1, 99),
    "max_edits": (1, 999), "undead_attack": (0, 12), "archaeology_per_turn": (0, 9),
    "tunnel_max_gap": (1, 20), "victory_floor": (0, 999), "duel_factor": (1, 9),
    "victory_from_turn": (1, 999), "v1_min_share": (0, 100), "open_frontier_per_turn": (0, 99),
    "gift_max": (1, 99), "guard_max": (1, 9),
}


def _cost(d: DataFile, key: str) -> Cost:
    table = d.int_map(key, RESOURCES, 0, 99)
    return (table.get("gold", 0), table.get("materials", 0), table.get("exotics", 0))


def _has(d: DataFile, key: str) -> bool:
    node: Any = d.data
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def _opt_int(d: DataFile, key: str, default: int = 0) -> int:
    return d.int(key, -99, 99) if _has(d, key) else default


def _opt_str(d: DataFile, key: str) -> str:
    if not _has(d, key):
        return ""
    value = d.get(key)
    if not isinstance(value, str):
        raise DataError(DATA_PATH, key, "must be text")
    return value


@dataclass(frozen=True)
class BuildingData:
    """T-8: what a main building costs and gives."""

    cost: Cost
    gold: int
    materials: int
    cap: int
    defense: int


@dataclass(frozen=True)
class TechData:
    """T-9: a technology's cost, prerequisites and the faction that may research it."""

    cost: Cost
    techs: tuple[str, ...]
    building: str
    faction: str
    choices: dict[str, Cost]


@dataclass(frozen=True)
class SpellData:
    """T-10.1: exotics cost, Battle Magic need, faction limit, harmful (T-10.2)."""

    cost: int
    bm: bool
    faction: str
    harmful: bool


def _load() -> dict[str, Any]:
    d = DataFile(DATA_PATH)
    params = {}
    for f in fields(Params):
        key = f"params.{f.name}"
        if f.name == "submission":
            value = d.get(key)
            if value not in SUBMISSIONS:
                raise DataError(DATA_PATH, key, f"must be one of {', '.join(SUBMISSIONS)}")
            params[f.name] = value
        else:
            low, high = PARAM_RANGES[f.name]
            params[f.name] = d.int(key, low, high)
    buildings: dict[int, BuildingData] = {}
    for name in BUILDINGS[1:]:
        key = f"buildings.{name}"
        d.get(key)
        cost = _cost(d, f"{key}.cost") if "cost" in d.get(key) else ZERO
        buildings[BUILDING_CODE[name]] = BuildingData(
            cost=cost, gold=_opt_int(d, f"{key}.gold"), materials=_opt_int(d, f"{key}.materials"),
            cap=_opt_int(d, f"{key}.cap"), defense=_opt_int(d, f"{key}.defense"))
    techs: dict[str, TechData] = {}
    for name in TECHS:
        key = f"techs.{name}"
        table = d.get(key)
        pre = table.get("techs", [])
        if not isinstance(pre, list) or any(p not in TECHS for p in pre):
            raise DataError(DATA_PATH, f"{key}.techs", "must list known technologies")
        building = _opt_str(d, f"{key}.building")
        if building and building not in BUILDING_CODE:
            raise DataError(DATA_PATH, f"{key}.building", "unknown building")
        faction = _opt_str(d, f"{key}.faction")
        if faction and faction not in FACTIONS:
            raise DataError(DATA_PATH, f"{key}.faction", "unknown faction")
        choices = {c: _cost(d, f"{key}.choices.{c}") for c in table.get("choices", {})}
        techs[name] = TechData(_cost(d, f"{key}.cost"), tuple(pre), building, faction, choices)
    if set(techs["totem"].choices) != set(TOTEMS):
        raise DataError(DATA_PATH, "techs.totem.choices", f"must be {', '.join(TOTEMS)}")
    spells: dict[str, SpellData] = {}
    for name in SPELLS:
        key = f"spells.{name}"
        table = d.get(key)
        faction = _opt_str(d, f"{key}.faction")
        if faction and faction not in FACTIONS:
            raise DataError(DATA_PATH, f"{key}.faction", "unknown faction")
        spells[name] = SpellData(d.int(f"{key}.cost", 0, 99), bool(table.get("bm", False)),
                                 faction, bool(table.get("harmful", False)))
    faces = d.get("treasure.faces")
    if not isinstance(faces, list) or len(faces) != 6:
        raise DataError(DATA_PATH, "treasure.faces", "must list six contents (one per d6 face)")
    treasure = tuple(_face(d, i) for i in range(6))
    ai_factions = d.get("ai.factions")
    if not isinstance(ai_factions, list) or sorted(ai_factions) != sorted(FACTIONS):
        raise DataError(DATA_PATH, "ai.factions", "must list every faction once")
    econ = {k: d.int(f"economy.{k}", 0, 99) for k in (
        "tile_gold", "bounty_bonus", "nature_gift_bonus", "winter_malus", "spice_gold",
        "storage_cap", "buy_exotic_gold", "war_tech_surcharge", "arcane_spell_discount",
        "turmoil_arcane_surcharge", "desolation_incomes", "turmoil_turns", "winter_turns",
        "tribute", "guard_gold", "steal_max", "goblin_kingdom_gold", "plunder_gold",
        "revival_city", "revival_capital",
        "volcano_attack")}
    attack = {k: d.int(f"attack.{k}", -9, 9) for k in (
        "unclaimed_defense", "surcharge_unclaimed", "surcharge_sea", "surcharge_chasm",
        "military_tactics", "snake", "battle_fervor", "human_glory", "landing", "grievance",
        "siege")}
    walls = d.int_list("attack.wall_levels", 0, 9)
    if len(walls) != 2:
        raise DataError(DATA_PATH, "attack.wall_levels", "must give levels 1 and 2")
    capital = d.get("buildings.capital")
    return {
        "params": Params(**params),
        "econ": econ,
        "attack": attack,
        "wall_levels": (0, walls[0], walls[1]),
        "flower": _cost(d, "economy.flower"),
        "buildings": buildings,
        "city_on_ruin": _cost(d, "buildings.city.cost_on_ruin"),
        "workshop_on_materials": _cost(d, "buildings.workshop.cost_on_materials"),
        "sun": (d.int("buildings.capital.sun_gold", 0, 99), d.int("buildings.capital.sun_cap", 0, 99),
                d.int("buildings.capital.sun_defense", 0, 9)) if capital else (0, 0, 0),
        "outpost_attack": d.int("buildings.outpost.attack", 0, 9),
        "commerce": _cost(d, "extras.commerce"),
        "commerce_gold": d.int("extras.commerce_gold", 0, 99),
        "wall": _cost(d, "extras.wall"),
        "wall_mixed": _cost(d, "extras.wall_mixed"),
        "wall_upgrade": _cost(d, "extras.wall_upgrade"),
        "temple": _cost(d, "extras.temple"),
        "tunnel_gold_base": d.int("extras.tunnel_gold_base", 0, 99),
        "techs": techs,
        "spells": spells,
        "deep_tide_cost": d.int("deep_tide.cost", 0, 99),
        "deep_tide_hit": d.int("deep_tide.hit", 1, 6),
        "arch_own": d.int("archaeology.own_gold", 0, 99),
        "arch_foreign": d.int("archaeology.foreign_gold", 0, 99),
        "treasure": treasure,
        # T-21.1: every key of the one weights table (the planner names the ones it needs)
        "ai": {k: d.int(f"ai.{k}", 0, 99) for k in d.get("ai") if k != "factions"},
        "ai_factions": tuple(ai_factions),
        # D42: a faction-specific [P] per faction (absent: 0)
        "start_bonus": {f: (d.int(f"start_bonus.{f}", -99, 99) if _has(d, f"start_bonus.{f}") else 0)
                        for f in FACTIONS},
        # D42: gold added to (negative: taken from) each income of the faction's tribes [P]
        "income_bonus": {f: (d.int(f"income_bonus.{f}", -99, 99) if _has(d, f"income_bonus.{f}") else 0)
                         for f in FACTIONS},
        # T-12.2 with D42: ENDs a split tribe holds an unjoined component, per faction [P]
        # (`default` also serves a Goblin Empire tribe, which has no faction of the seven)
        "split_limit": {f: d.int(f"split_limit.{f}", 1, 99) if _has(d, f"split_limit.{f}")
                        else d.int("split_limit.default", 1, 99) for f in ("default",) + FACTIONS},
    }


def _face(d: DataFile, i: int) -> Cost:
    face = d.get("treasure.faces")[i]
    if not isinstance(face, dict) or any(k not in RESOURCES for k in face):
        raise DataError(DATA_PATH, f"treasure.faces[{i}]", "must be a table of resources")
    for k, v in face.items():
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 99:
            raise DataError(DATA_PATH, f"treasure.faces[{i}].{k}", "must be a whole number in 0..99")
    return (face.get("gold", 0), face.get("materials", 0), face.get("exotics", 0))


_D = _load()
DEFAULT_PARAMS: Params = _D["params"]
ECON: dict[str, int] = _D["econ"]
ATTACK: dict[str, int] = _D["attack"]
WALL_LEVELS: tuple[int, int, int] = _D["wall_levels"]
FLOWER: Cost = _D["flower"]
BUILDING: dict[int, BuildingData] = _D["buildings"]
CITY_ON_RUIN: Cost = _D["city_on_ruin"]
WORKSHOP_ON_MATERIALS: Cost = _D["workshop_on_materials"]
SUN_GOLD, SUN_CAP, SUN_DEFENSE = _D["sun"]
OUTPOST_ATTACK: int = _D["outpost_attack"]
COMMERCE_COST: Cost = _D["commerce"]
COMMERCE_GOLD: int = _D["commerce_gold"]
WALL_COST: Cost = _D["wall"]
WALL_MIXED_COST: Cost = _D["wall_mixed"]
WALL_UPGRADE_COST: Cost = _D["wall_upgrade"]
TEMPLE_COST: Cost = _D["temple"]
TUNNEL_GOLD_BASE: int = _D["tunnel_gold_base"]
TECH: dict[str, TechData] = _D["techs"]
SPELL: dict[str, SpellData] = _D["spells"]
DEEP_TIDE_COST: int = _D["deep_tide_cost"]
DEEP_TIDE_HIT: int = _D["deep_tide_hit"]
ARCH_OWN_GOLD: int = _D["arch_own"]
ARCH_FOREIGN_GOLD: int = _D["arch_foreign"]
TREASURE_FACES: tuple[Cost, ...] = _D["treasure"]
AI_WEIGHTS: dict[str, int] = _D["ai"]
AI_FACTIONS: tuple[str, ...] = _D["ai_factions"]
START_BONUS: dict[str, int] = _D["start_bonus"]
INCOME_BONUS: dict[str, int] = _D["income_bonus"]
SPLIT_LIMIT: dict[str, int] = _D["split_limit"]
# T-11.8: what razing a building gains: its cap value (the Tree and a ruin cannot be razed).
RAZE_VALUE: dict[int, int] = {b: data.cap for b, data in BUILDING.items() if b not in (TREE, RUIN)}
