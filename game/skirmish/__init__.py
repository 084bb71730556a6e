"""Skirmish (战棋): hex wargame of infantry, archers and cavalry, cities, vassals and 37 skills.

Rules: ../shared/rules/skirmish.md (B, U, M, K, C, N, V, S, P, W, H, R, E). Modules, lowest
first: `constants` (numbers from `data/rules.toml`), `board` (topology and scenario from the
Tiled map), `actions` and `events`, `state` (plain data, the view, change counters), then the
rule families as plain functions over the state: `effects` (small shared effects), `cities`
(siege, capture, vassals, victory), `movement` (allowances, reach, the D33 path, N-4, `move`),
`combat` (K-4 hit order, forecasts, `attack`), `economy` (prices, income, `produce`),
`skills` (picks, statuses, `dismount`, `set_cover_policy`), `turn` (P-0..P-5, `end_turn`);
`rules` wires the families into the protocol by tables and holds the Ruleset; `ai` (the
greedy agent) sits above and is never imported by the rules.

Choices where the spec is silent or where the collection's conventions win:
- Files: the numbers live in `data/rules.toml` (TOML like every ruleset, section 15 says JSON);
  the default map is `maps/skirmish/four_banners.tmx` (16.2 names `maps/skirmish_four_banners.tmx`).
- Map names: Tiled reserves `id`, `name` and `type`, so a faction's id is its object name, a
  unit's type its object class, and display names are the `title` / `title_zh` properties
  (the spec's `name` / `name_zh`; both spellings are read). Colours may be `#RRGGBB` or
  Tiled's `#AARRGGBB`.
- Fewer seats than map factions (2..N seats): the first seats' factions play; the others'
  units are removed and their cities become *free cities* (owner `FREE`): hostile to all,
  besieged and captured as usual, no income or VP for anyone, never restored.
- Reason keys: the spec's `hex_occupied` and `insufficient_funds` reuse the collection's
  `not_empty` and `unaffordable`; every other reason is `skirmish.<spec name>`. E-2's order is
  kept (`wrong_phase` before `not_your_turn`). A malformed or off-map hex gives `unreachable`
  (move), `out_of_range` (attack) or `not_your_city` (produce); `unknown_type` (D38) is checked
  first among produce reasons; a non-boolean `voucher` gives `voucher_type`.
- `set_cover_policy` is only offered to a faction with I12 (`skirmish.no_skill` otherwise);
  setting the current value is `bad_policy` (D35).
- `pick_skills` accepts the codes in any order; they are stored, shown and listed by
  `legal_actions` in the table's order (I1..I12, A1..A13, C1..C12).
- `fresh` also ends at its owner's turn end, so views during other turns show the unit as
  ready; nothing else reads it then.
- A Charge push happens before the counterattack check (K-4.10 before K-4.11), so a pushed
  melee target is out of range and does not strike back.
- Event order per attack: `attacked`, the hit's events in K-4 order (rolls, `void`, `covered`,
  `ward_used`, `damage`, `killed`, `pushed`, `reaped`, `healed`(plunder), `formation_lost`),
  then `city_struck` / `breached` for a siege strike, then `counterattack` and its hit.
  `damage` is emitted also when wards or reductions bring it to 0.
- Domination (W-2) is checked at the end of any action that captured a city or killed a unit:
  nothing else can happen in between.
- `Result.scores` are the W-1 victory points (an int, or an `x.5` float for a vassal);
  `Result.cause` is "W-2" (domination) or "W-3" (turn limit); `draw` when W-4 leaves several
  factions first. The game ends with the core `GameOver` event.
- `Ruleset.state_from_view(view, rng)`: the public game with a fresh RNG and, during the
  picks, other seats' made picks drawn from their legal picks (the only hidden data, H-1).
- H-3: the view carries no RNG state and no seed; its `game` is a public copy whose RNG is a
  stand-in, so screens and agents can ask "what if" without learning future rolls.
- N-4 is evaluated with the unit's current `mp_left`; "exit-ready" imagines the unit on the
  hex with its full allowance, everything else as it stands.
- Free own-turn actions that change nothing are never offered (D35), so random play ends.
- R-3 / E-1 follow the collection's protocol: the state's RNG is `game.core.rng.Rng` (PCG32,
  saved in the digest) rather than `random.Random`, and a refusal raises
  `IllegalAction(reason)` with the state untouched instead of returning `{ok: false}`.
"""
