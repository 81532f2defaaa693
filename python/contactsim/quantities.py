"""What a study collects from each run: reductions of the run's History columns.

A quantity is ``{"name": ..., KIND: COLUMNS, ...}`` where COLUMNS is a History column ("t",
"chain.tension", "shank.z", "contact.hull-crown.fn", "energy.kinetic", ... — the state CSV's
columns and more) or a list of columns, summed row by row (the total force of several pairs).

- ``final``, ``max``, ``min``, ``mean``: the value at the end, its extremes, its mean over the
  sampled steps;
- ``percentile`` with ``"q": 99``: a percentile over the sampled steps (numpy's linear
  interpolation) — a peak that one stiff step does not decide;
- ``at`` with ``"time": T``: the value at the first sample at or after T (NaN if never reached);
- ``time_of`` with ``"above": X`` or ``"below": X``: the first time the value is ≥ X or ≤ X
  (NaN if it never is) — an event such as a cable reaching its stop or a contact force rising;
- ``distance`` (a body name) with ``"to": [x, y, z]``: the body origin's final distance from a
  point.
"""

import math

import numpy as np

KINDS = ("final", "max", "min", "mean", "percentile", "at", "time_of", "distance")


def kind_of(quantity):
    kinds = [k for k in KINDS if k in quantity]
    if len(kinds) != 1:
        raise ValueError(f"quantity '{quantity.get('name', '?')}': expected exactly one of "
                         f"{', '.join(KINDS)}")
    return kinds[0]


def check(quantity):
    """Raises ValueError for a malformed quantity (before any run is spent on it)."""
    if not isinstance(quantity.get("name"), str) or not quantity["name"]:
        raise ValueError(f"quantity {quantity!r}: expected a \"name\"")
    kind = kind_of(quantity)
    if kind == "percentile" and not 0 <= quantity.get("q", -1) <= 100:
        raise ValueError(f"quantity '{quantity['name']}': 'percentile' needs \"q\" in [0, 100]")
    if kind == "at" and "time" not in quantity:
        raise ValueError(f"quantity '{quantity['name']}': 'at' needs \"time\"")
    if kind == "time_of" and ("above" in quantity) == ("below" in quantity):
        raise ValueError(f"quantity '{quantity['name']}': 'time_of' needs \"above\" or \"below\"")
    if kind == "distance" and len(quantity.get("to", [])) != 3:
        raise ValueError(f"quantity '{quantity['name']}': 'distance' needs \"to\": [x, y, z]")


def _series(history, columns):
    if isinstance(columns, str):
        return history[columns]
    return np.sum([history[c] for c in columns], axis=0)


def evaluate(quantity, history):
    """The quantity's value (a float) over *history* (a contactsim.History)."""
    kind = kind_of(quantity)
    if kind == "distance":
        body = quantity["distance"]
        position = np.array([history[f"{body}.{c}"][-1] for c in "xyz"])
        return float(np.linalg.norm(position - np.asarray(quantity["to"], dtype=float)))
    values = _series(history, quantity[kind])
    if kind == "final":
        return float(values[-1])
    if kind == "max":
        return float(values.max())
    if kind == "min":
        return float(values.min())
    if kind == "mean":
        return float(values.mean())
    if kind == "percentile":
        return float(np.percentile(values, float(quantity["q"])))
    t = history["t"]
    if kind == "at":
        later = np.nonzero(t >= float(quantity["time"]) - 1e-12)[0]
        return float(values[later[0]]) if later.size else math.nan
    hits = (values >= float(quantity["above"])) if "above" in quantity else \
        (values <= float(quantity["below"]))
    first = np.argmax(hits)
    return float(t[first]) if hits[first] else math.nan
