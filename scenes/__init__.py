"""The pygame presentation: the app loop, the scene stack, every screen and its widgets.

Scenes are registered explicitly (see `scenes.registry`) and pushed by class; one scene per
module. Nothing here changes game state except through `GameSession.apply`.
"""
