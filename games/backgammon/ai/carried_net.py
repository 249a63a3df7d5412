"""A network as a task carries it to another process or machine (a rollout's trials spread
with ai.spread): its layers' arrays and a digest of them, rebuilt once per process.

The arrays, not the weights file's path: a cluster's workers need not share this machine's
files, and the network that rolls out need not be the shipped one (a book built on a chain's
generation, ``--network gen0``). The task carries them every time (0.6 MB; a rollout is cut into
a bounded number of tasks), and each worker process rebuilds a network once, found again by
its digest. The bear-off database (24 MB, part of every checkout) is not carried: a worker
loads its own copy when the network had one here, as the levels do, so a worker must run the
same Kibitz version (docs/cluster.md).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np

from games.backgammon.ai import bearoff
from games.backgammon.ai.net import Net

#: One network's layers: its input layout's name and W1, b1, W2, b2.
Layers = tuple[str, np.ndarray, np.ndarray, np.ndarray, np.ndarray]
#: Networks a process keeps rebuilt (a book's rollouts use one; a test may use a few).
KEPT = 4


@dataclass(frozen=True, eq=False)
class CarriedNet:
    """What rebuilds a network elsewhere (plain data a task pickles)."""

    #: SHA-256 of every array and layout below: the network's name in a worker's cache.
    digest: str
    #: The network's layers, then its race network's when it has one.
    layers: tuple[Layers, ...]
    #: Whether the network scores bear-offs against bear-offs by the database.
    bearoff: bool


def carried(net: Net) -> CarriedNet:
    """``net`` as a task carries it."""
    layers = [_layers(net)]
    if net.race is not None:
        layers.append(_layers(net.race))
    digest = hashlib.sha256()
    for encoding, *arrays in layers:
        digest.update(encoding.encode())
        for array in arrays:
            digest.update(f"{array.dtype.str}{array.shape}".encode())
            digest.update(np.ascontiguousarray(array).tobytes())
    digest.update(b"bearoff" if net.bearoff is not None else b"")
    return CarriedNet(digest.hexdigest(), tuple(layers), net.bearoff is not None)


_REBUILT: dict[str, Net] = {}


def rebuilt(carried_net: CarriedNet) -> Net:
    """The network ``carried_net`` carries, rebuilt on its first task in this process and
    kept (by digest) for the next; BearoffError when it scored bear-offs by the database and
    this process has none (its figures would differ)."""
    net = _REBUILT.get(carried_net.digest)
    if net is None:
        main, *race = (Net(w1, b1, w2, b2, encoding=encoding)
                       for encoding, w1, b1, w2, b2 in carried_net.layers)
        main.race = race[0] if race else None
        main.bearoff = bearoff.shared_table() if carried_net.bearoff else None
        if len(_REBUILT) >= KEPT:
            _REBUILT.clear()
        net = _REBUILT[carried_net.digest] = main
    return net


def _layers(net: Net) -> Layers:
    return net.encoding, net.W1, net.b1, net.W2, net.b2


__all__ = ["CarriedNet", "carried", "rebuilt"]
