"""Checks every ruleset's property tests share."""

from __future__ import annotations

import json

from game.core import codec
from game.core.protocol import Action, Setup, State
from game.play.replay import replay


def replay_through_json(setup: Setup, history: list[tuple[int, Action]], ruleset: str) -> State:
    """Save `setup` and the actions as JSON text, read them back and replay them."""
    saved = json.dumps({"setup": codec.encode(setup),
                        "actions": [[s, codec.encode(a)] for s, a in history]})
    data = json.loads(saved)
    actions = [(s, codec.decode(a, ruleset)) for s, a in data["actions"]]
    return replay(codec.decode(data["setup"]), actions, ruleset=ruleset)
