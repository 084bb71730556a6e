"""Scorched Landships' numbers: the spec's [P] parameters, loaded from `data/rules.toml`.

`DEFAULT_PARAMS` holds the data file's values, checked on load (a wrong value names the file
and key). A map may override any of them with a map property of the same dotted name
(`max_rounds`, `ships.heavy_gun_ship.atk`); `Params.with_overrides` checks those the same way
and `board.py` turns a bad one into a `MapError`. Hard rules (costs, per-ship limits, shapes
that are not [P]) are plain constants below.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.data import DataError, DataFile

DATA_PATH = Path(__file__).with_name("data") / "rules.toml"

# S-1, in the order the spec's panel table lists them (also the UI's type-picker order).
SHIP_TYPES: tuple[str, ...] = (
    "resource_ship", "engineer_ship", "heavy_gun_ship", "fortress_ship", "ram_ship", "fast_ship",
)
RESOURCE_SHIP, ENGINEER_SHIP, HEAVY_GUN_SHIP, FORTRESS_SHIP, RAM_SHIP, FAST_SHIP = SHIP_TYPES
BUILDERS: frozenset[str] = frozenset({RESOURCE_SHIP, ENGINEER_SHIP})  # S-2
REACHES: tuple[str, ...] = ("cheb", "manh", "none", "melee")

# Directions (M-3, C-6, E-7): index 0..3 = N, E, S, W; the wind's d4 face is index + 1.
DIRECTIONS: tuple[str, ...] = ("N", "E", "S", "W")
DIR_INDEX: dict[str, int] = {d: i for i, d in enumerate(DIRECTIONS)}
DIR_STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))

# costs in AP and the per-ship limits of one turn (hard rules, not [P]).
COST_MOVE = 1
COST_ATTACK = 1
COST_RAM_STANDING = 1      # k = 0
COST_RAM_CHARGE = 2        # k >= 1: counts as the move and an action
COST_REPAIR = 1
COST_BUILD = 2
COST_CAPTURE = 2
SHIP_AP_CAP = 2
SHIP_ACTION_CAP = 2
SHIP_MOVE_CAP = 1
FAST_SHIP_MOVE_CAP = 2     # D10: the second move costs 0 AP
RESOURCE_REPAIR_CHEB = 1   # K-3: the resource ship repairs "around" itself

# E-4: the d8 event table, face -> event id.
EVENTS: dict[int, str] = {
    1: "no_event", 2: "coupling_surge", 3: "dust_storm", 4: "coupling_dust_storm",
    5: "dry_thunderstorm", 6: "coupling_thunderstorm", 7: "wind_field", 8: "quicksand",
}
OUTBREAK_FACES: frozenset[int] = frozenset({2, 4, 6})  # E-2 coupling events
AREA_FACES: frozenset[int] = frozenset({3, 4, 5, 6, 8})  # E-3 events that roll a centre
DUST_DAMAGE = 2            # E-4 row 4
THUNDER_DAMAGE = 1         # E-4 row 5


@dataclass(frozen=True)
class ShipStats:
    """One S-1 panel row. `reach` names the range metric; `range` is its largest distance."""

    atk: int
    reach: str
    range: int
    integrity: int
    move: int
    dr: int
    limit: int

    @property
    def can_fire(self) -> bool:
        """C-1: ships with an attack and a ranged reach (not the engineer, not the ram)."""
        return self.atk > 0 and self.reach in ("cheb", "manh") and self.range >= 1


@dataclass(frozen=True)
class Params:
    """Every [P] parameter of the spec, with its value for one map."""

    ap_base: int
    ap_die: int
    max_rounds: int
    build_range: int
    capture_range: int
    capture_integrity_ratio: float
    repair_range_engineer: int
    repair_amount: int
    event_interval: int
    outbreak_interval: int
    wind_rounds: int
    quicksand_rounds: int
    repeat_window: int
    repeat_limit: int
    ships: dict[str, ShipStats]

    def stats(self, ship_type: str) -> ShipStats:
        return self.ships[ship_type]

    def capture_integrity(self, ship_type: str) -> int:
        """K-2: floor(max * ratio), at least 1 so a captured ship is never born wrecked."""
        return max(1, int(self.ships[ship_type].integrity * self.capture_integrity_ratio))

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "ships"}
        out["ships"] = {t: dataclasses.asdict(s) for t, s in self.ships.items()}
        return out

    def with_overrides(self, props: dict[str, Any]) -> "Params":
        """A copy with every known [P] name in `props` applied; ValueError names a bad one."""
        flat: dict[str, Any] = {}
        ships = {t: dataclasses.asdict(s) for t, s in self.ships.items()}
        for name, value in props.items():
            if name in _SCALARS:
                low, high, kind = _SCALARS[name]
                flat[name] = _checked(name, value, low, high, kind)
            elif name.startswith("ships."):
                parts = name.split(".")
                if len(parts) != 3 or parts[1] not in ships or parts[2] not in _SHIP_FIELDS:
                    raise ValueError(name)
                field_name = parts[2]
                if field_name == "reach":
                    if value not in REACHES:
                        raise ValueError(name)
                    ships[parts[1]][field_name] = value
                else:
                    low, high = _SHIP_FIELDS[field_name]
                    ships[parts[1]][field_name] = _checked(name, value, low, high, int)
        if not flat and ships == {t: dataclasses.asdict(s) for t, s in self.ships.items()}:
            return self
        return dataclasses.replace(
            self, **flat, ships={t: ShipStats(**v) for t, v in ships.items()})


_SCALARS: dict[str, tuple[float, float, type]] = {
    "ap_base": (0, 20, int), "ap_die": (1, 20, int), "max_rounds": (1, 10_000, int),
    "build_range": (1, 50, int), "capture_range": (1, 50, int),
    "capture_integrity_ratio": (0.0, 1.0, float), "repair_range_engineer": (1, 50, int),
    "repair_amount": (1, 100, int), "event_interval": (1, 1000, int),
    "outbreak_interval": (1, 1000, int), "wind_rounds": (1, 100, int),
    "quicksand_rounds": (1, 100, int), "repeat_window": (1, 1000, int),
    "repeat_limit": (1, 1000, int),
}
_SHIP_FIELDS: dict[str, tuple[int, int]] = {
    "atk": (0, 100), "reach": (0, 0), "range": (0, 20), "integrity": (1, 1000),
    "move": (0, 20), "dr": (0, 100), "limit": (0, 20),
}


def _checked(name: str, value: Any, low: float, high: float, kind: type) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(name)
    if kind is int and (not isinstance(value, int) and not float(value).is_integer()):
        raise ValueError(name)
    value = kind(value)
    if not low <= value <= high:
        raise ValueError(name)
    return value


def _load() -> Params:
    d = DataFile(DATA_PATH)
    ships: dict[str, ShipStats] = {}
    for t in SHIP_TYPES:
        key = f"ships.{t}"
        reach = d.get(f"{key}.reach")
        if reach not in REACHES:
            raise DataError(DATA_PATH, f"{key}.reach", f"must be one of {', '.join(REACHES)}")
        ships[t] = ShipStats(
            atk=d.int(f"{key}.atk", 0, 100), reach=reach, range=d.int(f"{key}.range", 0, 20),
            integrity=d.int(f"{key}.integrity", 1, 1000), move=d.int(f"{key}.move", 0, 20),
            dr=d.int(f"{key}.dr", 0, 100), limit=d.int(f"{key}.limit", 0, 20))
    ratio = d.get("building.capture_integrity_ratio")
    if isinstance(ratio, bool) or not isinstance(ratio, (int, float)) or not 0 <= ratio <= 1:
        raise DataError(DATA_PATH, "building.capture_integrity_ratio", "must be a number in 0..1")
    return Params(
        ap_base=d.int("turn.ap_base", 0, 20), ap_die=d.int("turn.ap_die", 1, 20),
        max_rounds=d.int("turn.max_rounds", 1, 10_000),
        build_range=d.int("building.build_range", 1, 50),
        capture_range=d.int("building.capture_range", 1, 50),
        capture_integrity_ratio=float(ratio),
        repair_range_engineer=d.int("building.repair_range_engineer", 1, 50),
        repair_amount=d.int("building.repair_amount", 1, 100),
        event_interval=d.int("events.event_interval", 1, 1000),
        outbreak_interval=d.int("events.outbreak_interval", 1, 1000),
        wind_rounds=d.int("events.wind_rounds", 1, 100),
        quicksand_rounds=d.int("events.quicksand_rounds", 1, 100),
        repeat_window=d.int("repetition.repeat_window", 1, 1000),
        repeat_limit=d.int("repetition.repeat_limit", 1, 1000),
        ships=ships,
    )


def _load_values() -> dict[str, int]:
    d = DataFile(DATA_PATH)
    values = d.int_map("ai.values", SHIP_TYPES, 0, 10_000)
    missing = [t for t in SHIP_TYPES if t not in values]
    if missing:
        raise DataError(DATA_PATH, "ai.values", f"missing {', '.join(missing)}")
    return values


DEFAULT_PARAMS: Params = _load()
AI_VALUES: dict[str, int] = _load_values()  # §15 material values
