"""What the cluster tests share: an embedded local cluster for a test module (its scheduler's
tcp address is what ``--cluster ADDRESS`` takes), skipped without Dask installed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ai.cluster import Cluster, connected


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """Every test that takes it is skipped without Dask installed."""
    pytest.importorskip("distributed", reason="--cluster needs requirements-cluster.txt"
                        " (Dask's distributed) installed")
    with connected("local:2") as engine:
        yield engine


def address(engine: Cluster) -> str:
    """The scheduler's address, as ``--cluster`` takes it."""
    return str(engine.client.scheduler.address)
