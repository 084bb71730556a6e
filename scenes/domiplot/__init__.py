"""Parts of the Domiplotism screen (scenes/domiplot_scene.py): card art and the map overlay
(`art`), the in-scene decision panel (`prompt`)."""
