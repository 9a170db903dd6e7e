"""The small numerics the three trainers share (``train.py``, ``imitate.py``, ``league.py``): a
network's first weights, Adam, the softmax over the legal actions and drawing an action from it.

One copy, so that a fix reaches every trainer: ``train.py`` once had its own :func:`sample`, which
could return the last action of a row whose probabilities, rounded, summed to a little under 1,
an action of probability 0 (an illegal move) when the last was not legal.
"""

from __future__ import annotations

import numpy as np


def new_weights(size: int, hidden: int, actions: int, rng: np.random.Generator) -> dict:
    """A network of ``size`` inputs, ``hidden`` rectified units and ``actions`` outputs, as
    :func:`reversis.bots.learned.policy_logits` reads it: He-initialised first layer, small
    second layer, zero biases (float32)."""
    return {
        "w1": (rng.standard_normal((size, hidden)) * np.sqrt(2.0 / size)).astype(np.float32),
        "b1": np.zeros(hidden, np.float32),
        "w2": (rng.standard_normal((hidden, actions)) * 0.01).astype(np.float32),
        "b2": np.zeros(actions, np.float32),
    }


class Adam:
    """Adam (Kingma and Ba, 2015) over a dict of float32 arrays, updated in place: the learning
    rate ``lr``, the moments' decays 0.9 and 0.999, epsilon 1e-8."""

    def __init__(self, weights: dict, lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in weights.items()}
        self.v = {k: np.zeros_like(v) for k, v in weights.items()}

    def step(self, weights: dict, grads: dict) -> None:
        """One step down ``grads`` (a gradient for each of the ``weights`` it names)."""
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9**self.t)
            v = self.v[k] / (1 - 0.999**self.t)
            weights[k] -= (self.lr * m / (np.sqrt(v) + 1e-8)).astype(np.float32)


def masked_probs(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The softmax of each row's scores over its legal actions (0 for the others)."""
    logits = np.where(mask > 0, logits, -np.inf)
    logits = logits - logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def sample(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """An action per row drawn with the probabilities ``p``: one of positive probability, even
    where the rounded sums fall short of 1."""
    total = np.cumsum(p, axis=1)
    u = rng.random(p.shape[0]) * total[:, -1]
    return (total <= u[:, None]).sum(axis=1).astype(np.int64)
