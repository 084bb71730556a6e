"""Tidegate Isle (潮门岛): a 19-hex island of wheat, stone and wood; build to 8 points.

Rules: ../shared/rules/tidegate.md (TG-1 ... TG-10). Modules: `constants` (numbers from
`data/rules.toml`), `board` (topology and layout from the Tiled map), `actions` and `events`,
`state` (plain data), `rules` (legality and effects, the Ruleset), `ai` (the greedy agent),
`agents` (the agent table).

Choices where the spec is silent (see also the rule ids in `rules.py`):
- A custom island may have any connected shape of 19 tiles as long as TG-1.2..1.5 hold; the
  default map is the 3-4-5-4-3 hexagon of TG-1.1.
- Discards of zero (a hand of 0 or 1) emit no `discarded` event.
- With the option `shuffle_seats`, the turn order (`order`) is drawn from the game RNG;
  seats keep their identity (seat i is always `setup.seats[i]`).
- Road and outpost placement in setup use the same `build_road` / `build_outpost` actions as
  the build phase (free of cost there), so a click means the same thing in both phases.
- Action ids that do not exist on the board are refused with `no_such_place`.
"""
