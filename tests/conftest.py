"""Shared test setup: headless SDL for UI tests and a fast, deadline-free hypothesis profile."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# Deadlines flake on a shared 2-core machine; modest example counts keep the suite quick.
settings.register_profile(
    "kibitz",
    deadline=None,
    max_examples=40,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("kibitz")
