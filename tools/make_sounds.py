"""Render the synthesised sound effects (scenes/sound.py) to scenes/sounds/*.wav.

    .venv/bin/python tools/make_sounds.py [--out DIR]

16-bit stereo PCM at 44.1 kHz, written with the standard `wave` module, byte-for-byte the
same on every run; tests/scenes/test_sound.py re-renders and compares.
"""

from __future__ import annotations

import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scenes.sound import EFFECTS, SAMPLE_RATE_HZ  # noqa: E402


def wav_bytes_path(out_dir: Path, name: str) -> Path:
    return out_dir / f"{name}.wav"


def build_all(out_dir: Path) -> list[Path]:
    """Write every effect into `out_dir`; returns the files."""
    out_dir.mkdir(parents=True, exist_ok=True)
    files = []
    for name, synth in sorted(EFFECTS.items()):
        samples = synth(SAMPLE_RATE_HZ)
        path = wav_bytes_path(out_dir, name)
        with wave.open(str(path), "wb") as w:
            w.setnchannels(2)
            w.setsampwidth(2)
            w.setframerate(SAMPLE_RATE_HZ)
            w.writeframes(samples.astype("<i2").tobytes())
        files.append(path)
    return files


if __name__ == "__main__":
    target = Path(sys.argv[sys.argv.index("--out") + 1]) if "--out" in sys.argv else ROOT / "scenes" / "sounds"
    for f in build_all(target):
        print(f.relative_to(ROOT) if f.is_relative_to(ROOT) else f)
