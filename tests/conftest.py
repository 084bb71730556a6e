"""Test-wide settings: headless SDL drivers before anything imports pygame; hypothesis profiles.

Profiles (`HYPOTHESIS_PROFILE`): `ci` (the default: every example count as written) and
`dev` (a tenth of them, at least one) for a quick run: `HYPOTHESIS_PROFILE=dev pytest -m "not slow"`.
"""

import os

from hypothesis import HealthCheck, settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=10, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
