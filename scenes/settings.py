"""Player settings (language, scale, full screen, animation speed, volume, AI pace),
persisted as JSON in the user data folder with atomic writes. A damaged file is ignored
(defaults are used) and left untouched."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

from game.ai.levels import DEFAULT_THINK_S, THINK_SECONDS
from game.core.i18n import LANGUAGES, system_language
from game.core.storage import data_dir, write_json_atomic

SPEEDS = (1, 2, 4, 0)          # 0 = instant
SCALES = (0, 1, 2, 3, 4)       # 0 = the largest whole number that fits the screen
AI_PACES = ("slow", "normal", "fast")
AI_PACE_S = {"slow": 1.0, "normal": 0.5, "fast": 0.2}  # seconds an AI action waits at 1x


@dataclass
class Settings:
    language: str = "en"
    scale: int = 0
    fullscreen: bool = False
    speed: int = 1
    volume: float = 0.7
    muted: bool = False
    ai_pace: str = "normal"
    think_s: float = DEFAULT_THINK_S      # seconds the hard AI thinks per decision
    # True when no settings file was found: the first start, when the app picks the window
    # for the desktop (scenes.app.first_window). Not a field, so it is never saved.
    first_start = False

    @classmethod
    def load(cls) -> "Settings":
        defaults = cls(language=system_language())
        try:
            path = data_dir() / "settings.json"
            if not path.exists():
                defaults.first_start = True
                return defaults
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):   # unreadable, or no data folder can be made
            return defaults
        if not isinstance(data, dict):
            return defaults
        out = defaults
        checks = {
            "language": lambda v: v in LANGUAGES,
            "scale": lambda v: v in SCALES,
            "fullscreen": lambda v: isinstance(v, bool),
            "speed": lambda v: v in SPEEDS,
            "volume": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1,
            "muted": lambda v: isinstance(v, bool),
            "ai_pace": lambda v: v in AI_PACES,
            "think_s": lambda v: not isinstance(v, bool) and v in THINK_SECONDS,
        }
        for f in fields(cls):
            if f.name in data and checks[f.name](data[f.name]):
                setattr(out, f.name, data[f.name])
        return out

    def save(self) -> None:
        write_json_atomic(data_dir() / "settings.json", asdict(self))

    @property
    def speed_factor(self) -> float:
        """Animation durations are divided by this (instant: 0 means skip)."""
        return float(self.speed)
