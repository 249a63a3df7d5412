"""Shared test setup: headless SDL for UI tests and a fast, deadline-free hypothesis profile."""

from __future__ import annotations

import os

# As ai/__init__.py does, before anything imports numpy: one BLAS thread for the small batches.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

from hypothesis import HealthCheck, settings  # noqa: E402

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

# The embedded local cluster the cluster tests share (one a module; skipped without Dask).
from tests.cluster_support import cluster  # noqa: E402, F401
