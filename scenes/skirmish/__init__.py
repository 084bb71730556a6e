"""The Skirmish screen's own parts: pieces and animations (`art`), the skill-pick panel and
the production menu (`dialogs`), the results with the deciding rule and the VP chart
(`results`). The screen itself is `scenes/skirmish_scene.py`."""
