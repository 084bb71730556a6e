"""Playing the game's sound effects: WAV files rendered from `scenes/sound.py` by
`tools/make_sounds.py`. No numpy here, so the executable can leave it out.

If the mixer cannot start (no audio device) or a file is missing, the bank is a silent no-op:
sound never stops the game.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pygame

from game.core.paths import resource_path

log = logging.getLogger(__name__)

SAMPLE_RATE_HZ = 44100
MIXER_BUFFER_SAMPLES = 512  # small buffer: about 12 ms latency at 44.1 kHz
EFFECT_NAMES: tuple[str, ...] = ("click", "dice", "build", "produce", "discard", "victory", "error", "turn")


def sound_path(name: str):
    return resource_path("scenes", "sounds", f"{name}.wav")


def init_mixer(frequency_hz: int = SAMPLE_RATE_HZ, buffer_samples: int = MIXER_BUFFER_SAMPLES) -> bool:
    """Try to open the audio device as 16-bit stereo; return whether the mixer is running.

    Never raises: with no audio device the game simply runs silent.
    """
    if pygame.mixer.get_init():
        return True
    try:
        pygame.mixer.init(frequency=frequency_hz, size=-16, channels=2, buffer=buffer_samples)
    except (pygame.error, NotImplementedError) as exc:  # no device, or SDL_mixer missing
        log.info("sound disabled: %s", exc)
        return False
    return pygame.mixer.get_init() is not None


class SoundBank:
    """The game's sound effects, ready to play; a silent no-op when there is no mixer.

    Create it after trying to start the mixer (`init_mixer()`); pygame converts the WAV files
    to the mixer's own rate, sample type and channel count. `volume` (0.0-1.0) and `muted`
    apply to all effects at once.
    """

    def __init__(self, volume: float = 1.0, muted: bool = False, names: Sequence[str] | None = None) -> None:
        self._volume = _clamp01(volume)
        self._muted = bool(muted)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        wanted = list(EFFECT_NAMES) if names is None else list(names)
        for name in wanted:
            if name not in EFFECT_NAMES:
                raise KeyError(f"unknown sound effect {name!r}")
        self._names = frozenset(wanted)
        try:
            running = pygame.mixer.get_init()
        except (pygame.error, NotImplementedError):
            running = None
        if not running:
            return
        try:
            for name in wanted:
                self._sounds[name] = pygame.mixer.Sound(str(sound_path(name)))
        except (pygame.error, FileNotFoundError, OSError) as exc:
            log.info("sound disabled: %s", exc)
            self._sounds.clear()
            return
        self._apply_volume()

    @property
    def enabled(self) -> bool:
        """Whether sounds can actually be heard (a mixer was running when the bank was made)."""
        return bool(self._sounds)

    @property
    def names(self) -> frozenset[str]:
        """The effect names this bank knows."""
        return self._names

    @property
    def volume(self) -> float:
        """Volume of every effect, 0.0 (silent) to 1.0 (full); values outside are clamped."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _clamp01(value)
        self._apply_volume()

    @property
    def muted(self) -> bool:
        """Whether all effects are silenced (the volume is remembered for unmuting)."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        self._apply_volume()

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The pygame Sound for `name`, or None when the bank is a no-op."""
        self._check(name)
        return self._sounds.get(name)

    def play(self, name: str) -> pygame.mixer.Channel | None:
        """Start effect `name`; its channel, or None if silent (no mixer, muted, or every
        channel busy). Unknown names raise KeyError, so typos fail in tests."""
        self._check(name)
        sound = self._sounds.get(name)
        if sound is None or self._muted or self._volume <= 0.0:
            return None
        try:
            return sound.play()
        except pygame.error as exc:  # the device vanished mid-game: stay silent
            log.info("sound play failed: %s", exc)
            return None

    def _check(self, name: str) -> None:
        if name not in self._names:
            raise KeyError(f"unknown sound effect {name!r}")

    def _apply_volume(self) -> None:
        effective = 0.0 if self._muted else self._volume
        for sound in self._sounds.values():
            sound.set_volume(effective)


def _clamp01(value: float) -> float:
    return min(1.0, max(0.0, float(value)))
