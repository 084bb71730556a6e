"""Golden saves: one saved game per ruleset and rules version, kept in tests/data/saves/ and
replayed by `tests/game/core/test_golden_saves.py` (see tests/data/saves/README.md).

    python -m tests.helpers.golden_saves RULESET [RULESET ...]

writes `<ruleset>-rules<N>.json` for each ruleset's present `rules_version` N: greedy seats
from seed 11, up to MAX_ACTIONS actions or the end. Run it after bumping a ruleset's
`rules_version`; never to make a failing golden save pass without bumping it (a save of the
same version that stops replaying is a save players would lose).
"""

from __future__ import annotations

import sys
from pathlib import Path

from game import rulesets
from game.ai import make_agent
from game.core.protocol import Setup
from game.core.saves import SaveGame, write_save

FOLDER = Path(__file__).resolve().parents[1] / "data" / "saves"
SEATS = {"tidegate": 3, "territory": 3, "domiplot": 4, "skirmish": 2, "landship": 2}
SEED = 11
MAX_ACTIONS = 300


def golden_path(ruleset_id: str, version: int) -> Path:
    return FOLDER / f"{ruleset_id}-rules{version}.json"


def make_golden(ruleset_id: str) -> Path:
    """Play and write the golden save of `ruleset_id`'s present rules version."""
    ruleset = rulesets.get(ruleset_id)
    n = SEATS[ruleset_id]
    state = ruleset.new_game(Setup(seats=("human",) * n, seed=SEED))
    agents = [make_agent("greedy", ruleset, seat, SEED) for seat in range(n)]
    actions = []
    while state.result() is None and len(actions) < MAX_ACTIONS:
        seat = state.to_move()[0]
        action = agents[seat].choose(state.view(seat), state.legal_actions(seat))
        state.apply(seat, action)
        actions.append((seat, action))
    path = golden_path(ruleset_id, ruleset.rules_version)
    write_save(path, SaveGame(
        setup=state.setup, actions=actions, names=[f"Seat {k + 1}" for k in range(n)],
        colours=list(range(n)), digest=state.digest(), round=int(getattr(state, "round", 0)),
        finished=state.result() is not None, saved_at="2026-12-04T00:00:00Z",
        rules_version=ruleset.rules_version))
    return path


def main(argv: list[str]) -> int:
    if not argv or any(a not in SEATS for a in argv):
        print(__doc__.strip().splitlines()[3].strip(), "  rulesets:", ", ".join(SEATS))
        return 2
    for ruleset_id in argv:
        print(make_golden(ruleset_id))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
