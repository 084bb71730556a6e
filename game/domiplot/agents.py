"""Domiplotism's agent table: agent id -> class (the rules never import the agents)."""

from __future__ import annotations

from game.domiplot.ai import GreedyAgent

AGENTS: dict[str, type] = {"greedy": GreedyAgent}
