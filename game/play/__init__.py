"""Running games: sessions, replays, headless simulations and restoring saves.

The layer between the screens and the rules (STYLE habit 11):
`main.py -> scenes -> sprites -> game/play -> game/<ruleset> -> game/core`, with `game/ai`
above game/core and below game/play. Everything that needs the ruleset registry
(`game.rulesets`) or agents lives here, so `game/core` never imports a ruleset.
"""
