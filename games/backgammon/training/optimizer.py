"""Adam, its learning-rate schedule and the training checkpoint: everything a stopped
supervised run needs to go on to the very weights an uninterrupted run reaches (the moments,
the step count, the epoch done, the curve's rows, each epoch's rate from its number)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from games.backgammon.ai.net import Net


class Adam:
    """Adam's moments for the four weight arrays (state kept for checkpoints)."""

    def __init__(self, net: Net, lr: float) -> None:
        self.lr = lr
        self.step = 0
        self.m = [np.zeros_like(p) for p in params(net)]
        self.v = [np.zeros_like(p) for p in params(net)]

    def update(self, net: Net, grads: list[np.ndarray], lr: float | None = None) -> None:
        """One step at ``lr`` (default: the rate it was made with)."""
        lr = self.lr if lr is None else lr
        self.step += 1
        b1, b2 = 0.9, 0.999
        for p, g, m, v in zip(params(net), grads, self.m, self.v, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            m_hat = m / (1 - b1 ** self.step)
            v_hat = v / (1 - b2 ** self.step)
            p -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def params(net: Net) -> list[np.ndarray]:
    return [net.W1, net.b1, net.W2, net.b2]


def save_checkpoint(path: Path, net: Net, adam: Adam, epoch: int, rows: list[tuple]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    state = {"epoch": epoch, "step": adam.step, "rows": rows, "meta": net.meta}
    arrays = {f"p{i}": p for i, p in enumerate(params(net))}
    arrays |= {f"m{i}": m for i, m in enumerate(adam.m)}
    arrays |= {f"v{i}": v for i, v in enumerate(adam.v)}
    with open(tmp, "wb") as f:
        # allow_pickle given (numpy's default) so the stub does not match ** to it: these
        # keys are array names.
        np.savez(f, state=np.array(json.dumps(state)), allow_pickle=True, **arrays)
    tmp.replace(path)


def load_checkpoint(path: Path, lr: float) -> tuple[Net, Adam, int, list[tuple]]:
    try:
        with np.load(path, allow_pickle=False) as d:
            params = [d[f"p{i}"].copy() for i in range(4)]
            net = Net(*params)
            adam = Adam(net, lr)
            adam.m = [d[f"m{i}"].copy() for i in range(4)]
            adam.v = [d[f"v{i}"].copy() for i in range(4)]
            state = json.loads(str(d["state"]))
    except FileNotFoundError:
        raise ValueError(f"no checkpoint to resume: {path}") from None
    except (OSError, KeyError, ValueError) as exc:
        raise ValueError(f"checkpoint unreadable ({path.name}): {exc}") from None
    adam.step = int(state["step"])
    net.meta = state.get("meta", {})
    return net, adam, int(state["epoch"]), [tuple(r) for r in state["rows"]]


def epoch_lr(lr: float, lr_end: float | None, epochs: int, epoch: int) -> float:
    """Epoch ``epoch``'s learning rate: ``lr`` throughout, or (``lr_end`` given) falling
    geometrically from ``lr`` in the first epoch to ``lr_end`` in the last. A constant rate
    ends wherever the last minibatches left the weights (generation 5's held-out error
    wandered between 0.0235 and 0.0266 over its last ten epochs); a falling one settles."""
    if lr_end is None or epochs <= 1:
        return lr
    return lr * (lr_end / lr) ** ((epoch - 1) / (epochs - 1))
