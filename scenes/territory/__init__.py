"""Dice for Land screen parts: presenters, labels and dialogs (scenes/territory_scene.py)."""
