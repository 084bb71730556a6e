"""Scorched Landships (焦土舰战棋): action-point war chess on scorched sand, with weather events.

Rules: ../shared/rules/landship.md (B, S, T, A, M, C, K, E, V, R, H, I; decisions D1..D37).
Modules: `constants` (the [P] numbers from `data/rules.toml`), `board` (the grid, its topology
and the Tiled map checks), `actions` and `events`, `state` (plain data and the view); the rules
by family as plain functions over the state: `base` (shared checks), `movement`, `combat`,
`building`, `weather`, `turn` (the T/V flow), `legality` (one checker that validates one action
and enumerates all); `rules` (protocol methods, action tables, the Ruleset), `ai` (greedy), `agents` (the
agent table; rules never import AI).

Choices where the spec is silent or where the collection's conventions differ:
- Files: the default map is `maps/landship/default.tmx` (each ruleset keeps its maps in its
  own folder) and the data file is `data/rules.toml` (the collection's data files are TOML);
  a map property of the same dotted name overrides any [P] value, as the spec asks.
- Only the square board is implemented: the §14 hex variant is optional (phase 2), so a map
  with `grid=hex` or a non-orthogonal orientation is refused (`wrong_orientation`). 2 seats.
- Refusals are `IllegalAction(key, action=<type name>, seat=<seat>)`; keys are the spec's I-2
  names prefixed `landship.` (catalogue key `error.landship.<name>`), except `game_over` and
  `not_your_turn`, which the catalogue shares. The spec's `unknown_action` is the core
  `not_an_action` refusal, given to anything that is not a Landship action whoever's turn it is.
- Malformed payloads (`bad_payload`, D31) are checked right after the turn checks; a target
  id that names no piece (never built, or sunk) is `unknown_ship`, found at the target step.
- A ram ship's move to a cell it cannot reach at all is `out_of_reach`; to a cell it could
  reach only by turning (or around a blocker) it is `not_straight`.
- Ram path checks run over cells 1..k in the I-2 order: any cell off the board, an enemy or
  hulk on the way or anything on cell k (`cell_occupied`), rock or quicksand, then k beyond
  the allowance (`out_of_reach`). A ram's self-damage is floor(damage dealt / 4), the damage
  taken before the target's remaining integrity caps it.
- Build geometry (D30) checks the cell in I-2 order with the distance last: off the board,
  occupied, impassable or quicksand, then `out_of_range`. Repair checks `cannot_repair_self`
  before the range (the own cell is never in reach, so the reason could not occur otherwise),
  then range, `invalid_target` (enemy or hulk), `already_full`. Capture follows D30 literally:
  `holding_limit`, then `out_of_range`, then `not_a_hulk`.
- `action_limit` (two actions per ship) can never be the first failure with the spec's costs
  (the 2-AP cap comes first); it is kept as a safeguard and tested on a built state.
- A captured hulk comes back with at least 1 integrity (floor(max x ratio) otherwise).
- Every action event carries `ap_left`; an automatic end (D6) emits `turn_auto_ended` and
  then the usual `turn_ended`. What `new_game` itself does (the order drawn, round 1's start,
  the first AP roll, any automatic ends) is kept in `state.opening_events` for the screen.
- Instant events (5, 6) show their area marker through round R+1 (E-9); the wind covers the
  whole board and the surge has no area, so neither gets a marker.
- A draw lists every player who shares it as winners (`Result.winners`, `draw=True`);
  `Result.cause` and the core `game_over` event name the deciding rule id; `Result.scores`
  counts each seat's active ships at the end. V-5b's draw is shared by the players eliminated
  at that step.
- A hulk keeps its last integrity for display; it means nothing until a capture resets it.
- A view holds everything but the RNG and the seed (H-1, H-3; issue 17): either would give
  every die to come. `LandshipRuleset.state_from_view` rebuilds the game exactly, with the
  given RNG and seed 0 in its setup. `resign` is marked `concedes`.
- Setup options are ignored (the lobby passes other rulesets' options to every ruleset).
- Map objects: pytmx moves tile objects to a top-left origin, so every object's cell is its
  centre (x + w/2, y + h/2) floor-divided by the tile size (the spec's B-6 rule).
"""
