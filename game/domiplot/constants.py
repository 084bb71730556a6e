"""Domiplotism's numbers and card table, loaded once from `data/rules.toml` and checked.

Card kinds are indexed in table order (C-1); card ids 0-121 are built in that order, copies
together (C-3), so `CARD_KIND[card_id]` is the kind index of a card and `KINDS[k]` its data.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.data import DataError, DataFile

DATA_PATH = Path(__file__).with_name("data") / "rules.toml"

CLASSES: tuple[str, ...] = ("army", "hero", "terrain", "tactic")
FAMILIES: tuple[str, ...] = ("siege", "foot", "ranged", "horse")
# M-1: map terrains; `ordinary` has no effect on scores.
TERRAINS: tuple[str, ...] = ("ordinary", "mountain", "city", "plateau", "hills", "plain")
TACTICS: tuple[str, ...] = ("gong", "drum", "tiger_tally", "rolling_stones", "command")


@dataclass(frozen=True)
class Kind:
    """One card kind of the deck table (C-1)."""

    index: int
    name: str
    cls: str                 # army, hero, terrain, tactic
    family: str | None       # army cards only (D14)
    value: int               # printed value; 0 for function cards
    terrain: str | None      # terrain cards only
    copies: int

    @property
    def is_score(self) -> bool:
        """C-2: army and hero cards are score cards."""
        return self.cls in ("army", "hero")


def _load() -> dict:
    d = DataFile(DATA_PATH)
    table = d.get("deck")
    if not isinstance(table, list) or not table:
        raise DataError(DATA_PATH, "deck", "must be a non-empty list of tables")
    kinds: list[Kind] = []
    seen: set[str] = set()
    for i, row in enumerate(table):
        key = f"deck[{i}]"
        if not isinstance(row, dict):
            raise DataError(DATA_PATH, key, "must be a table")
        name = row.get("kind")
        if not isinstance(name, str) or not name or name in seen:
            raise DataError(DATA_PATH, f"{key}.kind", "must be a new card kind name")
        seen.add(name)
        cls = row.get("class")
        if cls not in CLASSES:
            raise DataError(DATA_PATH, f"{key}.class", f"must be one of {', '.join(CLASSES)}")
        copies = row.get("copies")
        if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 99:
            raise DataError(DATA_PATH, f"{key}.copies", "must be a whole number in 1..99")
        family = row.get("family")
        value = row.get("value", 0)
        terrain = row.get("terrain")
        if cls == "army" and family not in FAMILIES:
            raise DataError(DATA_PATH, f"{key}.family", f"must be one of {', '.join(FAMILIES)}")
        if cls != "army" and family is not None:
            raise DataError(DATA_PATH, f"{key}.family", "only army cards have a family")
        if cls in ("army", "hero"):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
                raise DataError(DATA_PATH, f"{key}.value", "must be a whole number in 0..99")
        elif value:
            raise DataError(DATA_PATH, f"{key}.value", "function cards have no value (C-2)")
        if cls == "terrain" and terrain not in TERRAINS[1:]:
            raise DataError(DATA_PATH, f"{key}.terrain", f"must be one of {', '.join(TERRAINS[1:])}")
        if cls == "tactic" and name not in TACTICS:
            raise DataError(DATA_PATH, f"{key}.kind", f"unknown tactic (known: {', '.join(TACTICS)})")
        kinds.append(Kind(i, name, cls, family, int(value or 0), terrain, copies))
    size = sum(k.copies for k in kinds)
    score = sum(k.copies for k in kinds if k.is_score)
    if size != d.int("checks.deck_size", 1, 999):
        raise DataError(DATA_PATH, "deck", f"has {size} cards, checks.deck_size says otherwise")
    if score != d.int("checks.score_cards", 0, 999):
        raise DataError(DATA_PATH, "deck", f"has {score} score cards, checks.score_cards says otherwise")
    if size - score != d.int("checks.function_cards", 0, 999):
        raise DataError(DATA_PATH, "deck", "function card count differs from checks.function_cards")
    missing = [t for t in TACTICS if t not in seen]
    if missing:
        raise DataError(DATA_PATH, "deck", f"lacks the tactic cards {', '.join(missing)}")
    if "general" not in seen or "commander" not in seen:
        raise DataError(DATA_PATH, "deck", "needs the hero kinds general and commander (F-7)")
    favours = d.get("scoring.favours")
    if not isinstance(favours, dict):
        raise DataError(DATA_PATH, "scoring.favours", "must be a table")
    for terrain, family in favours.items():
        if terrain not in TERRAINS or family not in FAMILIES:
            raise DataError(DATA_PATH, f"scoring.favours.{terrain}", "must map a terrain to a family")
    factions = d.get("factions")
    if not isinstance(factions, list) or len(factions) != 8:
        raise DataError(DATA_PATH, "factions", "must list the eight factions (C-5)")
    fac_rows = []
    for i, row in enumerate(factions):
        if not isinstance(row, dict) or not all(isinstance(row.get(k), str) for k in
                                                 ("id", "name_en", "name_zh", "colour")):
            raise DataError(DATA_PATH, f"factions[{i}]", "needs id, name_en, name_zh, colour")
        fac_rows.append((row["id"], row["name_en"], row["name_zh"], row["colour"]))
    return {
        "kinds": tuple(kinds),
        "terrain_bonus": d.int("scoring.terrain_bonus", 0, 99),
        "drum_multiplier": d.int("scoring.drum_multiplier", 1, 99),
        "favours": dict(favours),
        "initial_hand": d.int("options.initial_hand", 0, 40),
        "proposal_regions": d.int("options.proposal_regions", 1, 64),
        "proposal_adjacent": d.int("options.proposal_adjacent", 1, 64),
        "max_rounds": d.int("options.max_rounds", 1, 9999),
        "ai_vote_margin": d.int("options.ai_vote_margin", 0, 64),
        "factions": tuple(fac_rows),
        "ai": {k: float(d.get(f"ai.{k}")) for k in (
            "distance_weight", "spend_weight", "pass_lead", "mean_card_value",
            "join_hand_factor", "conceal_value")},
    }


_D = _load()
KINDS: tuple[Kind, ...] = _D["kinds"]
KIND_INDEX: dict[str, int] = {k.name: k.index for k in KINDS}
CARD_KIND: tuple[int, ...] = tuple(k.index for k in KINDS for _ in range(k.copies))
DECK_SIZE: int = len(CARD_KIND)
TERRAIN_BONUS: int = _D["terrain_bonus"]
DRUM_MULTIPLIER: int = _D["drum_multiplier"]
FAVOURS: dict[str, str] = _D["favours"]
INITIAL_HAND: int = _D["initial_hand"]
PROPOSAL_REGIONS: int = _D["proposal_regions"]
PROPOSAL_ADJACENT: int = _D["proposal_adjacent"]
MAX_ROUNDS: int = _D["max_rounds"]
AI_VOTE_MARGIN: int = _D["ai_vote_margin"]
FACTIONS: tuple[tuple[str, str, str, str], ...] = _D["factions"]   # id, name_en, name_zh, colour
AI: dict[str, float] = _D["ai"]

# Kind indices the rules refer to by name.
SIEGE_ENGINE = KIND_INDEX["siege_engine"]
GENERAL = KIND_INDEX["general"]
COMMANDER = KIND_INDEX["commander"]
GONG = KIND_INDEX["gong"]
DRUM = KIND_INDEX["drum"]
TALLY = KIND_INDEX["tiger_tally"]
STONES = KIND_INDEX["rolling_stones"]
COMMAND = KIND_INDEX["command"]

# Per-kind lookups as tuples (hot paths index these instead of reading dataclasses).
IS_ARMY: tuple[bool, ...] = tuple(k.cls == "army" for k in KINDS)
IS_SCORE: tuple[bool, ...] = tuple(k.is_score for k in KINDS)
IS_TERRAIN: tuple[bool, ...] = tuple(k.cls == "terrain" for k in KINDS)
# B-3: score cards, drum and gong go into a pile.
IS_PILE_CARD: tuple[bool, ...] = tuple(k.is_score or k.index in (DRUM, GONG) for k in KINDS)
VALUE: tuple[int, ...] = tuple(k.value for k in KINDS)
FAMILY: tuple[str | None, ...] = tuple(k.family for k in KINDS)
CARD_TERRAIN: tuple[str | None, ...] = tuple(k.terrain for k in KINDS)

# Card-id lookups.
CARD_IS_ARMY: tuple[bool, ...] = tuple(IS_ARMY[k] for k in CARD_KIND)
CARD_IS_SCORE: tuple[bool, ...] = tuple(IS_SCORE[k] for k in CARD_KIND)
CARD_VALUE: tuple[int, ...] = tuple(VALUE[k] for k in CARD_KIND)


def kind_name(card: int) -> str:
    """The kind name of a card id (`siege_engine`, `gong`, ...)."""
    return KINDS[CARD_KIND[card]].name


def adjusted(kind: int, terrain: str) -> int:
    """K-2: an army card's value under a terrain (heroes and function cards: 0 here)."""
    if not IS_ARMY[kind]:
        return 0
    if terrain == "mountain":
        return 0 if kind == SIEGE_ENGINE else 1
    if terrain == "city":
        return 1 if kind == SIEGE_ENGINE else 0
    return 1 if kind == SIEGE_ENGINE else VALUE[kind]
