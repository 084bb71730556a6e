"""Rules cores of the game collection: pure Python (plus numpy), never pygame.

`game.core` holds the protocol every ruleset implements; each ruleset lives in its own
package (`game.tidegate`, ...) and registers itself in `game.rulesets`.
"""
