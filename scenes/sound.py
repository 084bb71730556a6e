"""Chiptune sound effects synthesised with numpy: the sources of the game's sounds.

Every effect is built from square, pulse and triangle waves and seeded noise, shaped by ADSR
or exponential envelopes. `tools/make_sounds.py` renders them to `scenes/sounds/*.wav`, which
the game plays through `scenes.audio.SoundBank` (so the executable needs no numpy); a test
re-synthesises them and compares.

Each effect function (``click``, ``dice``, ``build``, ``produce``, ``discard``, ``victory``,
``error``, ``turn``) is pure and deterministic: it returns a ``numpy.int16`` array of shape
``(n, 2)`` (stereo, what a stereo mixer wants), ``n = round(duration * sample_rate)``, peak at
most ``MAX_LEVEL`` of full scale, with short raised-cosine fades so it starts and ends at zero
(no clicks).

"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

SAMPLE_RATE_HZ = 44100
FULL_SCALE = 32767  # largest int16 sample value
MAX_LEVEL = 0.8  # no effect peaks at or above this fraction of full scale
FADE_S = 0.002  # seconds of raised-cosine fade at both ends of every effect

# Durations, in seconds; each effect lasts exactly this long.
CLICK_S = 0.04
DICE_S = 0.5
BUILD_S = 0.5
PRODUCE_S = 0.45
DISCARD_S = 0.25
VICTORY_S = 1.7
ERROR_S = 0.3
TURN_S = 0.7

# Peak levels, as fractions of full scale (all below MAX_LEVEL); quieter for frequent sounds.
CLICK_LEVEL = 0.4
DICE_LEVEL = 0.55
BUILD_LEVEL = 0.55
PRODUCE_LEVEL = 0.5
DISCARD_LEVEL = 0.45
VICTORY_LEVEL = 0.65
ERROR_LEVEL = 0.4
TURN_LEVEL = 0.45

# Seeds for the noise of each effect, so every call gives the same samples.
CLICK_SEED = 1
DICE_SEED = 6
BUILD_SEED = 2
VICTORY_SEED = 3

Stereo = np.ndarray  # float64 (n, 2) while synthesising; int16 (n, 2) when finished


def note_hz(name: str) -> float:
    """Return the equal-tempered frequency of a note such as ``"A4"`` (440 Hz) or ``"C#5"``."""
    semitones = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    letter, rest = name[0], name[1:]
    offset = semitones[letter]
    if rest.startswith("#"):
        offset, rest = offset + 1, rest[1:]
    elif rest.startswith("b"):
        offset, rest = offset - 1, rest[1:]
    octave = int(rest)
    return 440.0 * 2.0 ** ((offset + 12 * (octave - 4)) / 12.0)


# --- oscillators -------------------------------------------------------------------------


def _samples(duration_s: float, rate_hz: int) -> int:
    """Return the number of samples in ``duration_s`` seconds."""
    return max(1, round(duration_s * rate_hz))


def _phase(freq_hz: float | np.ndarray, n: int, rate_hz: int) -> np.ndarray:
    """Return the phase in cycles for a constant or per-sample frequency (sweeps stay smooth)."""
    if np.ndim(freq_hz) == 0:
        return float(freq_hz) * np.arange(n) / rate_hz
    return np.concatenate(([0.0], np.cumsum(np.asarray(freq_hz)[:-1]) / rate_hz))


def _pulse(phase: np.ndarray, duty: float = 0.5) -> np.ndarray:
    """Return a pulse wave (duty 0.5 = square) with its DC offset removed."""
    wave = np.where(np.mod(phase, 1.0) < duty, 1.0, -1.0)
    return wave - (2.0 * duty - 1.0)


def _triangle(phase: np.ndarray) -> np.ndarray:
    """Return a triangle wave in [-1, 1], starting at zero."""
    return 1.0 - 4.0 * np.abs(np.mod(phase + 0.25, 1.0) - 0.5)


def _noise(n: int, rate_hz: int, rng: np.random.Generator, hold_hz: float) -> np.ndarray:
    """Return white noise sampled and held at ``hold_hz`` (lower = duller, like the NES noise)."""
    step = max(1, round(rate_hz / hold_hz))
    values = rng.uniform(-1.0, 1.0, size=n // step + 1)
    return np.repeat(values, step)[:n]


def _smooth(signal: np.ndarray, width: int) -> np.ndarray:
    """Return ``signal`` through a ``width``-sample moving average (a cheap low-pass)."""
    if width <= 1:
        return signal
    return np.convolve(signal, np.ones(width) / width, mode="same")


# --- envelopes ---------------------------------------------------------------------------


def _adsr(
    n: int,
    rate_hz: int,
    attack_s: float,
    decay_s: float,
    sustain: float,
    release_s: float,
) -> np.ndarray:
    """Return a linear ADSR envelope of ``n`` samples whose release ends on the last sample.

    ``sustain`` is a level in [0, 1]; the phases shrink proportionally if ``n`` is too short.
    """
    a, d, r = (round(s * rate_hz) for s in (attack_s, decay_s, release_s))
    if a + d + r > n:
        scale = n / (a + d + r)
        a, d, r = int(a * scale), int(d * scale), int(r * scale)
    s = n - a - d - r
    return np.concatenate(
        (
            np.linspace(0.0, 1.0, a, endpoint=False),
            np.linspace(1.0, sustain, d, endpoint=False),
            np.full(s, sustain),
            np.linspace(sustain, 0.0, r),
        )
    )


def _strike(n: int, rate_hz: int, decay_s: float, attack_s: float = 0.001) -> np.ndarray:
    """Return a percussive envelope: a tiny linear attack, then exponential decay."""
    t = np.arange(n) / rate_hz
    env = np.exp(-t / decay_s)
    a = min(n, max(1, round(attack_s * rate_hz)))
    env[:a] *= np.linspace(0.0, 1.0, a, endpoint=False)
    return env


# --- mixing ------------------------------------------------------------------------------


def _silence(duration_s: float, rate_hz: int) -> Stereo:
    """Return an empty float stereo buffer of ``duration_s`` seconds."""
    return np.zeros((_samples(duration_s, rate_hz), 2))


def _place(
    buffer: Stereo,
    signal: np.ndarray,
    start_s: float,
    rate_hz: int,
    gain: float = 1.0,
    pan: float = 0.0,
) -> None:
    """Add mono ``signal`` into ``buffer`` at ``start_s``; pan -1 is left, +1 right (equal power).

    Whatever runs past the end of the buffer is cut (the final fade hides the cut).
    """
    start = round(start_s * rate_hz)
    room = buffer.shape[0] - start
    if room <= 0:
        return
    part = signal[:room] * gain
    angle = (pan + 1.0) * math.pi / 4.0
    buffer[start : start + part.size, 0] += part * math.cos(angle) * math.sqrt(2.0)
    buffer[start : start + part.size, 1] += part * math.sin(angle) * math.sqrt(2.0)


def _finish(buffer: Stereo, level: float, rate_hz: int) -> np.ndarray:
    """Scale ``buffer`` to peak at ``level`` of full scale, fade both ends, return int16 (n, 2)."""
    peak = float(np.max(np.abs(buffer)))
    out = buffer * (level / peak) if peak > 0.0 else buffer.copy()
    fade = min(_samples(FADE_S, rate_hz), out.shape[0] // 2)
    ramp = 0.5 - 0.5 * np.cos(np.linspace(0.0, math.pi, fade))  # 0 -> 1, raised cosine
    out[:fade] *= ramp[:, None]
    out[out.shape[0] - fade :] *= ramp[::-1, None]
    return np.round(out * FULL_SCALE).astype(np.int16)


def _tone(
    freq_hz: float | np.ndarray,
    duration_s: float,
    rate_hz: int,
    wave: str = "pulse",
    duty: float = 0.5,
) -> np.ndarray:
    """Return a raw (unenveloped) tone: ``wave`` is "pulse" (with ``duty``) or "triangle"."""
    n = _samples(duration_s, rate_hz)
    phase = _phase(freq_hz, n, rate_hz)
    return _triangle(phase) if wave == "triangle" else _pulse(phase, duty)


def _wood_tick(
    rate_hz: int, rng: np.random.Generator, pitch_hz: float, length_s: float
) -> np.ndarray:
    """Return one short wooden tick: a falling triangle blip plus a burst of dull noise."""
    n = _samples(length_s, rate_hz)
    bend = pitch_hz * (1.0 - 0.3 * np.linspace(0.0, 1.0, n))  # pitch sags like a real knock
    body = _triangle(_phase(bend, n, rate_hz)) * _strike(n, rate_hz, 0.010)
    grit = _noise(n, rate_hz, rng, hold_hz=9000.0) * _strike(n, rate_hz, 0.003)
    return body + 0.6 * grit


# --- the effects -------------------------------------------------------------------------


def click(sample_rate_hz: int = SAMPLE_RATE_HZ) -> np.ndarray:
    """Return a UI click: a tiny bright blip with a tick of noise (``CLICK_S`` seconds)."""
    rate = sample_rate_hz
    rng = np.random.default_rng(CLICK_SEED)
    out = _silence(CLICK_S, rate)
    n = out.shape[0]
    blip = _pulse(_phase(1800.0, n, rate), 0.5) * _strike(n, rate, 0.006)
    tick = _noise(n, rate, rng, hold_hz=12000.0) * _strike(n, rate, 0.002)
    _place(out, _smooth(blip + 0.5 * tick, 3), FADE_S, rate)  # onset after the fade-in
    return _finish(out, CLICK_LEVEL, rate)


def dice(sample_rate_hz: int = SAMPLE_RATE_HZ) -> np.ndarray:
    """Return dice rattling in a cup and settling: ~10 wooden ticks, slowing and fading
    (``DICE_S`` seconds)."""
    rate = sample_rate_hz
    rng = np.random.default_rng(DICE_SEED)
    out = _silence(DICE_S, rate)
    tick_s = 0.05
    t, gap_s, gain = FADE_S, 0.028, 1.0  # first tick after the fade-in
    while t < DICE_S - tick_s:
        pitch = rng.uniform(900.0, 1700.0)
        pan = rng.uniform(-0.5, 0.5)
        _place(out, _wood_tick(rate, rng, pitch, tick_s), t, rate, gain=gain, pan=pan)
        t += gap_s * rng.uniform(0.7, 1.3)
        gap_s *= 1.18  # the dice slow down as they settle
        gain *= 0.88
    return _finish(out, DICE_LEVEL, rate)


def build(sample_rate_hz: int = SAMPLE_RATE_HZ) -> np.ndarray:
    """Return a wooden knock followed by two rising notes, C5 then G5 (``BUILD_S`` seconds)."""
    rate = sample_rate_hz
    rng = np.random.default_rng(BUILD_SEED)
    out = _silence(BUILD_S, rate)
    knock_n = _samples(0.12, rate)
    sag = np.linspace(210.0, 130.0, knock_n)
    knock = _triangle(_phase(sag, knock_n, rate)) * _strike(knock_n, rate, 0.030)
    knock += 0.5 * _noise(knock_n, rate, rng, hold_hz=4000.0) * _strike(knock_n, rate, 0.004)
    _place(out, knock, FADE_S, rate)  # onset after the fade-in
    for start_s, name in ((0.11, "C5"), (0.24, "G5")):
        note_s = 0.24
        env = _adsr(_samples(note_s, rate), rate, 0.004, 0.06, 0.45, 0.12)
        tone = _smooth(_tone(note_hz(name), note_s, rate, "pulse", 0.25), 4) * env
        _place(out, tone, start_s, rate, gain=0.45)
    return _finish(out, BUILD_LEVEL, rate)


def produce(sample_rate_hz: int = SAMPLE_RATE_HZ) -> np.ndarray:
    """Return a bright coin-like arpeggio C6 E6 G6 C7 with a soft echo (``PRODUCE_S`` seconds)."""
    rate = sample_rate_hz
    out = _silence(PRODUCE_S, rate)
    notes = (("C6", 0.00, 0.06), ("E6", 0.05, 0.06), ("G6", 0.10, 0.06), ("C7", 0.15, 0.22))
    for echo_s, echo_gain, pan in ((0.0, 1.0, 0.0), (0.07, 0.3, 0.4)):
        for name, start_s, length_s in notes:
            n = _samples(length_s, rate)
            tone = _tone(note_hz(name), length_s, rate, "pulse", 0.125)
            env = _adsr(n, rate, 0.002, 0.02, 0.6, min(0.15, length_s * 0.6))
            _place(out, _smooth(tone, 2) * env, start_s + echo_s, rate, gain=echo_gain, pan=pan)
    return _finish(out, PRODUCE_LEVEL, rate)


def discard(sample_rate_hz: int = SAMPLE_RATE_HZ) -> np.ndarray:
    """Return a short square tone falling from 660 Hz to 220 Hz (``DISCARD_S`` seconds)."""
    rate = sample_rate_hz
    out = _silence(DISCARD_S, rate)
    n = out.shape[0]
    sweep = 660.0 * (220.0 / 660.0) ** np.linspace(0.0, 1.0, n)  # exponential: even in pitch
    tone = _smooth(_pulse(_phase(sweep, n, rate), 0.5), 6)
    _place(out, tone * _adsr(n, rate, 0.004, 0.05, 0.6, 0.12), 0.0, rate)
    return _finish(out, DISCARD_LEVEL, rate)


def victory(sample_rate_hz: int = SAMPLE_RATE_HZ) -> np.ndarray:
    """Return a chiptune fanfare: rising C-major arpeggio, a held C6 chord over a triangle bass
    and noise drum hits (``VICTORY_S`` seconds)."""
    rate = sample_rate_hz
    rng = np.random.default_rng(VICTORY_SEED)
    out = _silence(VICTORY_S, rate)

    def voice(
        name: str, start_s: float, length_s: float, wave: str, duty: float, gain: float, pan: float
    ) -> None:
        n = _samples(length_s, rate)
        freq: float | np.ndarray = note_hz(name)
        if length_s > 0.5:  # a gentle, late vibrato on long notes
            t = np.arange(n) / rate
            depth = 0.006 * np.clip((t - 0.2) / 0.3, 0.0, 1.0)
            freq = freq * (1.0 + depth * np.sin(2.0 * math.pi * 5.5 * t))
        tone = _tone(freq, length_s, rate, wave, duty)
        release_s = min(0.35, length_s * 0.4)
        env = _adsr(n, rate, 0.004, 0.05, 0.7, release_s)
        _place(out, _smooth(tone, 3) * env, start_s, rate, gain=gain, pan=pan)

    melody = (
        ("G4", 0.00, 0.09), ("C5", 0.10, 0.09), ("E5", 0.20, 0.09), ("G5", 0.30, 0.22),
        ("E5", 0.55, 0.09), ("G5", 0.65, 0.09), ("C6", 0.75, 0.95),
    )  # fmt: skip
    for name, start_s, length_s in melody:
        voice(name, start_s, length_s, "pulse", 0.25, 0.5, -0.15)
    harmony = (("E5", 0.30, 0.22), ("C5", 0.55, 0.09), ("E5", 0.65, 0.09), ("G5", 0.75, 0.95))
    for name, start_s, length_s in harmony:
        voice(name, start_s, length_s, "pulse", 0.5, 0.22, 0.25)
    bass = (("C3", 0.00, 0.28), ("G2", 0.30, 0.22), ("G2", 0.55, 0.18), ("C3", 0.75, 0.95))
    for name, start_s, length_s in bass:
        voice(name, start_s, length_s, "triangle", 0.5, 0.6, 0.0)
    for start_s in (0.0, 0.30, 0.55, 0.65, 0.75):
        n = _samples(0.08, rate)
        hit = _noise(n, rate, rng, hold_hz=6000.0) * _strike(n, rate, 0.018)
        _place(out, hit, start_s, rate, gain=0.25)
    return _finish(out, VICTORY_LEVEL, rate)


def error(sample_rate_hz: int = SAMPLE_RATE_HZ) -> np.ndarray:
    """Return a soft low buzz: two detuned, rounded squares near A2 (``ERROR_S`` seconds)."""
    rate = sample_rate_hz
    out = _silence(ERROR_S, rate)
    n = out.shape[0]
    buzz = _pulse(_phase(110.0, n, rate), 0.5) + _pulse(_phase(116.0, n, rate), 0.4)
    buzz = _smooth(buzz, 24)  # soft, not harsh: most of the upper harmonics removed
    _place(out, buzz * _adsr(n, rate, 0.015, 0.05, 0.75, 0.09), 0.0, rate)
    return _finish(out, ERROR_LEVEL, rate)


def turn(sample_rate_hz: int = SAMPLE_RATE_HZ) -> np.ndarray:
    """Return a gentle two-note chime, E5 then A5, bell-like decays (``TURN_S`` seconds)."""
    rate = sample_rate_hz
    out = _silence(TURN_S, rate)
    for name, start_s, decay_s, pan in (("E5", 0.0, 0.12, -0.2), ("A5", 0.16, 0.18, 0.2)):
        length_s = TURN_S - start_s
        n = _samples(length_s, rate)
        freq = note_hz(name)
        bell = _tone(freq, length_s, rate, "triangle")
        bell += 0.25 * _tone(2.0 * freq, length_s, rate, "triangle")  # a faint octave: bell-like
        _place(out, bell * _strike(n, rate, decay_s, attack_s=0.003), start_s, rate, pan=pan)
    return _finish(out, TURN_LEVEL, rate)


EFFECTS: dict[str, Callable[[int], np.ndarray]] = {
    "click": click,
    "dice": dice,
    "build": build,
    "produce": produce,
    "discard": discard,
    "victory": victory,
    "error": error,
    "turn": turn,
}
DURATIONS_S: dict[str, float] = {
    "click": CLICK_S,
    "dice": DICE_S,
    "build": BUILD_S,
    "produce": PRODUCE_S,
    "discard": DISCARD_S,
    "victory": VICTORY_S,
    "error": ERROR_S,
    "turn": TURN_S,
}
