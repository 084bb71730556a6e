"""Tidegate Isle's numbers, loaded once from `data/rules.toml` and checked.

Resources are indexed in the order wheat, stone, wood (also the TG-4.3 tie order).
"""

from __future__ import annotations

from pathlib import Path

from game.core.data import DataError, DataFile

RESOURCES: tuple[str, ...] = ("wheat", "stone", "wood")
RESOURCE_INDEX: dict[str, int] = {name: i for i, name in enumerate(RESOURCES)}
TERRAINS: tuple[str, ...] = ("wheat", "stone", "wood", "fog")
TERRAIN_RESOURCE: dict[str, int | None] = {"wheat": 0, "stone": 1, "wood": 2, "fog": None}
# TG-1.7: ways to roll each sum with 2d6.
PIPS: dict[int, int] = {n: 6 - abs(7 - n) for n in range(2, 13)}

DATA_PATH = Path(__file__).with_name("data") / "rules.toml"


def _costs(data: DataFile, key: str) -> tuple[int, int, int]:
    table = data.int_map(key, RESOURCES, 0, 99)
    return tuple(table.get(r, 0) for r in RESOURCES)  # type: ignore[return-value]


def _load() -> dict:
    d = DataFile(DATA_PATH)
    counts = d.int_map("terrain.counts", TERRAINS, 0, 99)
    numbers = d.int_list("tokens.numbers", 2, 12)
    if 7 in numbers:
        raise DataError(DATA_PATH, "tokens.numbers", "7 never carries a token (TG-1.3)")
    producing = sum(n for t, n in counts.items() if t != "fog")
    if len(numbers) != producing:
        raise DataError(DATA_PATH, "tokens.numbers", f"needs one token per producing tile ({producing})")
    return {
        "terrain_counts": counts,
        "token_numbers": tuple(sorted(numbers)),
        "hot_numbers": frozenset(d.int_list("tokens.hot", 2, 12)),
        "gate_count": d.int("gates.count", 0, 30),
        "max_roads": d.int("limits.roads", 1, 99),
        "max_buildings": d.int("limits.buildings", 1, 99),
        "max_cities": d.int("limits.cities", 0, 99),
        "starting": _costs(d, "setup.starting"),
        "yield_outpost": d.int("production.outpost", 0, 99),
        "yield_city": d.int("production.city", 0, 99),
        "cost_road": _costs(d, "costs.road"),
        "cost_outpost": _costs(d, "costs.outpost"),
        "cost_city": _costs(d, "costs.city"),
        "market_rate": d.int("trade.market_rate", 1, 99),
        "gate_rate": d.int("trade.gate_rate", 1, 99),
        "rounds": d.int("game.rounds", 1, 999),
        "win_score": d.int("game.win_score", 1, 999),
        "ai_pip": d.int("ai.pip", 0, 99),
        "ai_new_resource": d.int("ai.new_resource", 0, 99),
        "ai_gate": d.int("ai.gate", 0, 99),
    }


_D = _load()
TERRAIN_COUNTS: dict[str, int] = _D["terrain_counts"]
TOKEN_NUMBERS: tuple[int, ...] = _D["token_numbers"]
HOT_NUMBERS: frozenset[int] = _D["hot_numbers"]
GATE_COUNT: int = _D["gate_count"]
MAX_ROADS: int = _D["max_roads"]
MAX_BUILDINGS: int = _D["max_buildings"]
MAX_CITIES: int = _D["max_cities"]
STARTING: tuple[int, int, int] = _D["starting"]
YIELD_OUTPOST: int = _D["yield_outpost"]
YIELD_CITY: int = _D["yield_city"]
COST_ROAD: tuple[int, int, int] = _D["cost_road"]
COST_OUTPOST: tuple[int, int, int] = _D["cost_outpost"]
COST_CITY: tuple[int, int, int] = _D["cost_city"]
MARKET_RATE: int = _D["market_rate"]
GATE_RATE: int = _D["gate_rate"]
ROUNDS: int = _D["rounds"]
WIN_SCORE: int = _D["win_score"]
AI_PIP_WEIGHT: int = _D["ai_pip"]
AI_NEW_RESOURCE_WEIGHT: int = _D["ai_new_resource"]
AI_GATE_WEIGHT: int = _D["ai_gate"]
