"""The Scorched Landships screen's parts: art (tinted ships, badges, cards), animations of its
own (tracer, area flash, sinking), the presenters (one per Landship event) and the integrity
history the results chart shows. The scene itself is `scenes/landship_scene.py`."""
