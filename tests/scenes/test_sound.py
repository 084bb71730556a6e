"""Synthesised sound effects: well-formed, click-free, deterministic; SoundBank never crashes."""

from __future__ import annotations

import os

# Headless SDL before pygame is imported (see PLATFORM.md, "Headless and windowed runs").
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator

import numpy as np
import pygame
import pytest

from scenes import audio, sound
from scenes.audio import EFFECT_NAMES, SoundBank
from scenes.sound import DURATIONS_S, EFFECTS, FULL_SCALE, SAMPLE_RATE_HZ

MIN_RMS = 0.02  # fraction of full scale: anything quieter counts as silent
EDGE_SAMPLES = 8  # samples checked at each end
EDGE_MAX = 0.01 * FULL_SCALE  # "near zero" at the ends


@pytest.fixture(params=sorted(EFFECTS))
def name(request: pytest.FixtureRequest) -> str:
    """Each effect's name in turn."""
    return request.param


@pytest.fixture
def mixer() -> Iterator[None]:
    """A running mixer on SDL's dummy audio driver, closed afterwards."""
    assert audio.init_mixer(), "the dummy audio driver should always open"
    yield
    pygame.mixer.quit()


@pytest.fixture
def no_mixer() -> None:
    """A mixer that is not running, as on a machine without an audio device."""
    pygame.mixer.quit()


def test_every_effect_is_int16_stereo(name: str) -> None:
    samples = EFFECTS[name]()
    assert samples.dtype == np.int16
    assert samples.ndim == 2 and samples.shape[1] == 2


def test_every_effect_lasts_its_documented_duration(name: str) -> None:
    samples = EFFECTS[name]()
    assert samples.shape[0] == round(DURATIONS_S[name] * SAMPLE_RATE_HZ)
    assert 0.02 <= DURATIONS_S[name] <= 2.0  # short effects; the fanfare is the longest


def test_every_effect_is_audible(name: str) -> None:
    samples = EFFECTS[name]().astype(np.float64) / FULL_SCALE
    assert np.sqrt(np.mean(samples**2)) > MIN_RMS


def test_every_effect_peaks_below_80_percent_of_full_scale(name: str) -> None:
    samples = EFFECTS[name]().astype(np.int32)
    assert np.max(np.abs(samples)) < 0.8 * FULL_SCALE


def test_every_effect_starts_and_ends_near_zero(name: str) -> None:
    samples = EFFECTS[name]().astype(np.int32)
    assert np.all(samples[0] == 0) and np.all(samples[-1] == 0)
    assert np.max(np.abs(samples[:EDGE_SAMPLES])) < EDGE_MAX
    assert np.max(np.abs(samples[-EDGE_SAMPLES:])) < EDGE_MAX


def test_every_effect_is_deterministic(name: str) -> None:
    assert np.array_equal(EFFECTS[name](), EFFECTS[name]())


def test_effects_follow_the_sample_rate(name: str) -> None:
    samples = EFFECTS[name](48000)
    assert samples.shape == (round(DURATIONS_S[name] * 48000), 2)


def test_the_documented_effects_exist() -> None:
    documented = {"click", "dice", "build", "produce", "discard", "victory", "error", "turn"}
    assert set(EFFECTS) == documented
    assert set(DURATIONS_S) == set(EFFECTS)
    assert sound.DICE_S == pytest.approx(0.5)
    assert 1.0 <= sound.VICTORY_S <= 2.0


def test_dice_is_a_rattle_of_several_clicks() -> None:
    envelope = np.abs(sound.dice().astype(np.float64)).max(axis=1)
    # Count onsets: 5 ms windows whose level jumps well above the previous window.
    window = round(0.005 * SAMPLE_RATE_HZ)
    levels = envelope[: envelope.size // window * window].reshape(-1, window).max(axis=1)
    onsets = np.sum(levels[1:] > 2.0 * levels[:-1] + 0.05 * FULL_SCALE)
    assert onsets >= 5


def test_note_hz_is_equal_tempered() -> None:
    assert sound.note_hz("A4") == pytest.approx(440.0)
    assert sound.note_hz("A5") == pytest.approx(880.0)
    assert sound.note_hz("C4") == pytest.approx(261.63, abs=0.01)
    assert sound.note_hz("C#4") == pytest.approx(sound.note_hz("Db4"))


def test_sound_bank_plays_on_the_dummy_driver(mixer: None) -> None:
    bank = SoundBank()
    assert bank.enabled
    assert bank.names == frozenset(EFFECTS) == frozenset(EFFECT_NAMES)
    for effect in EFFECTS:
        loaded = bank.sound(effect)
        assert loaded is not None
        assert loaded.get_length() == pytest.approx(DURATIONS_S[effect], abs=0.01)
    assert bank.play("click") is not None


def test_sound_bank_matches_a_mono_mixer() -> None:
    pygame.mixer.quit()
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    try:
        bank = SoundBank(names=["dice"])
        assert bank.enabled
        assert bank.sound("dice").get_length() == pytest.approx(sound.DICE_S, abs=0.01)
        assert bank.play("dice") is not None
    finally:
        pygame.mixer.quit()


def test_volume_and_mute_change_the_sound_volume(mixer: None) -> None:
    bank = SoundBank(volume=0.5)
    turn = bank.sound("turn")
    assert turn is not None
    assert turn.get_volume() == pytest.approx(0.5, abs=0.01)
    bank.volume = 0.25
    assert bank.volume == pytest.approx(0.25)
    assert turn.get_volume() == pytest.approx(0.25, abs=0.01)
    bank.muted = True
    assert bank.muted
    assert turn.get_volume() == 0.0
    assert bank.play("turn") is None
    bank.muted = False
    assert turn.get_volume() == pytest.approx(0.25, abs=0.01)
    bank.volume = 7.0
    assert bank.volume == 1.0


def test_sound_bank_is_a_no_op_without_a_mixer(no_mixer: None) -> None:
    bank = SoundBank()
    assert not bank.enabled
    assert bank.sound("dice") is None
    assert bank.play("dice") is None
    bank.volume = 0.3
    bank.muted = True
    assert bank.volume == pytest.approx(0.3) and bank.muted


def test_sound_bank_goes_silent_when_the_mixer_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()

    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No such audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    assert audio.init_mixer() is False
    assert SoundBank().play("victory") is None


def test_unknown_effect_names_raise_even_when_silent(no_mixer: None) -> None:
    with pytest.raises(KeyError):
        SoundBank().play("explosion")
    with pytest.raises(KeyError):
        SoundBank(names=["explosion"])


def test_shipped_wav_files_match_the_synthesis(tmp_path) -> None:
    """scenes/sounds/*.wav are exactly what tools/make_sounds.py renders from scenes/sound.py."""
    from pathlib import Path

    from tools.make_sounds import build_all

    shipped = Path(sound.__file__).with_name("sounds")
    for fresh in build_all(tmp_path):
        assert (shipped / fresh.name).read_bytes() == fresh.read_bytes(), fresh.name
