"""Skirmish's agents by id (looked up by `game.rulesets` / `game.ai`; rules never import AI)."""

from __future__ import annotations

from game.skirmish.ai import GreedyAgent

AGENTS: dict[str, type] = {"greedy": GreedyAgent}
