"""Domiplotism (雄霸天下): card battles for the regions of a map, hidden hands, alliances.

Rules: ../shared/rules/domiplot.md (C, M, S, R, T, J, B, F, K, A, O, N, E, H, I). Modules:
`constants` (the 122-card table and numbers from `data/rules.toml`), `board` (the region
graph from the Tiled map, via the generic `game.core.regiongraph`), `scoring` (K, shared with
the agent), `actions` and `events`, `state` (plain data, shared queries and the per-seat
view), the rule families as plain functions over the state: `legality` (the one checker:
refusals and legal action lists), `regions` (M, T-4, B-0, E-2), `rounds` (R-1, T), `joining`
(J, E-5), `battle` (B, F, A), `resolution` (O, N, E-1, E-3), `outcome` (E-6, the end); `rules`
(protocol methods, the action table, the Ruleset), `ai` (the greedy agent) and `agents` (the
agent table; the rules never import either).

Choices where the spec is silent, or where the project's conventions override it:
- Files: the default map is `maps/domiplot/nine_provinces.tmx`; the card table lives in
  `data/rules.toml` (the spec's `cards.json`); every shuffle and draw uses the state's PCG32
  `game.core.rng.Rng` (D28's `random.Random` would bypass the collection's RNG rule).
- Refusals: `reason()` gives the `IllegalAction` that `apply()` raises (params `action`,
  `seat`). The spec's own I-2 reasons carry the ruleset prefix (`domiplot.region_protected`);
  `game_over`, `not_your_turn`, `wrong_phase` and `bad_option` are the shared keys, and
  anything that is not a Domiplotism action is the core's `not_an_action` (I-2's
  `unknown_action`), in any phase. A region id that does not exist at all is `region_inactive`. `propose()` from a seat that does not qualify
  is `not_qualified` whoever's turn it is (otherwise the reason could never be seen). Naming a
  sponsor when none is needed is `bad_option`.
- `join(discards)` names card **kinds**, one entry per card, kept in table order (so each choice
  has one spelling and `legal_actions` stays small and exact); the lowest-numbered cards of
  those kinds are discarded. `place` names a card id.
- Support offers: the offered card does nothing until accepted; on acceptance its gong return,
  commander recall and face-down swap (B-4) happen; on refusal it simply comes back.
- Events: every played card first gives `card_placed` (pile None for terrain and tactics),
  then its effects. A tally's or stones' `cards_discarded` lists the swept cards, then the
  tally or stones card itself. Clearing the table at O-5 is its own `table_cleared` event, so
  D26's causes stay as listed. `siege_ended` comes with the first terrain card of a siege.
  `player_out` marks a participant whose hand runs empty (at the end of its turn, or at
  battle start for an empty-handed joiner). No event announces the eldest: `new_game` returns
  a state, whose view carries `eldest`.
- T-2 and T-3 skip surrendered players at every step. If with the marker ignored still nobody
  has a legal target (only possible when one player holds everything, which E-1 ends first),
  the game ends by the E-6 ranking with cause `T-5`.
- The end: the core `GameOver`/`Result` with the deciding rule id as cause (`E-1`
  domination, `E-3` accepted proposal, `E-5` last one standing, `E-6` round limit, `T-5`
  above); scores are solo regions per seat (so no separate solo-regions event is needed), and
  a win shared by an E-6 tie is a draw.
- D24: when surrenders make the target the chooser's own solo region, the battle is skipped;
  players who already joined (and paid their distance) still draw the base card.
- O-6: with no winner, every participant is a candidate loser. E-6 is checked after the
  proposals of the last round's end check.
- Options: a lobby option beats a map property, which beats the default; `initial_hand` x
  players may not exceed the deck; `max_rounds` is at least 1 (D30). Seats take factions in
  table order unless the option `factions` lists them.
- Hands are kept sorted by card id. Live pile totals for the battle panel count only what the
  viewer sees (`DomiplotView.live_scores`).
- The greedy agent (section 20) estimates "chance" as mine / (mine + opponent) with the
  opponent's strength min(average hand, 5) x 3.2, values a drum as x1.5 in that estimate,
  skips targets it cannot afford with three cards to spare, treats a function card as spend 1,
  considers new support offers only when nothing gives it the lead (rule 5), credits a
  recalled general (F-7) at its keep value, and leaves face-down placement to the conceal
  rule. Its RNG is the collection's agent RNG (seeded from seed, seat and agent id), used
  for every tie and nothing else.
- Views carry no seed, RNG state or deck order. A support offer's gong target that is the
  placer's own face-down card shows as `HIDDEN_TARGET`; a pending authorization shows its
  discards to the requester only. `state_from_view` (module `sampling`) rebuilds a full
  state from a view for search.
"""
