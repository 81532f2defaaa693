"""The runs of a study: parameter values by grid, list, random or Latin-hypercube sampling.

A parameter is ``{"path": "...", "name": "...", ...}`` with either ``"values": [...]`` or a range
``"from"``/``"to"`` (``"count"`` for a grid, ``"log": true`` for a logarithmic scale), or
``"rotation": "uniform"``: orientations [w, x, y, z] uniformly distributed over all rotations
(random and Latin-hypercube sampling only; a part dropped in random orientations). Returned
runs are lists of values in parameter order; random and Latin-hypercube draws come from
``numpy.random.default_rng(seed)``, so a seed gives the same runs on every machine."""

import itertools

import numpy as np

METHODS = ("grid", "list", "random", "lhs")


def _where(parameter):
    return f"parameter '{parameter.get('name', parameter.get('path', '?'))}'"


def _range(parameter):
    try:
        low, high = float(parameter["from"]), float(parameter["to"])
    except KeyError:
        raise ValueError(f"{_where(parameter)}: expected \"values\" or \"from\" and \"to\"") \
            from None
    if not np.isfinite(low) or not np.isfinite(high):
        raise ValueError(f"{_where(parameter)}: \"from\" and \"to\" must be finite")
    if parameter.get("log") and (low <= 0 or high <= 0):
        raise ValueError(f"{_where(parameter)}: a log range needs \"from\" and \"to\" > 0")
    return low, high


def _scale(parameter, unit):
    """Maps u in [0, 1] onto the parameter's range (linear or logarithmic)."""
    low, high = _range(parameter)
    if parameter.get("log"):
        return float(np.exp(np.log(low) + unit * (np.log(high) - np.log(low))))
    return float(low + unit * (high - low))


def is_rotation(parameter):
    return "rotation" in parameter


def _quaternion(u):
    """Shoemake's map of three uniforms in [0, 1) onto a uniformly distributed unit quaternion
    [w, x, y, z]; it preserves measure, so stratified u give stratified rotations. w ≥ 0 picks
    one of the two quaternions of each rotation."""
    a, b = np.sqrt(1.0 - u[0]), np.sqrt(u[0])
    x, y = a * np.sin(2 * np.pi * u[1]), a * np.cos(2 * np.pi * u[1])
    z, w = b * np.sin(2 * np.pi * u[2]), b * np.cos(2 * np.pi * u[2])
    q = [float(w), float(x), float(y), float(z)]
    return q if q[0] >= 0 else [-c for c in q]


def _check_rotation(parameter, method):
    if parameter["rotation"] != "uniform":
        raise ValueError(f"{_where(parameter)}: \"rotation\" must be \"uniform\"")
    if method not in ("random", "lhs"):
        raise ValueError(f"{_where(parameter)}: uniform rotations need sampling 'random' or "
                         "'lhs'")


def _grid_values(parameter):
    if "values" in parameter:
        values = list(parameter["values"])
        if not values:
            raise ValueError(f"{_where(parameter)}: \"values\" is empty")
        return values
    count = parameter.get("count")
    if not isinstance(count, int) or count < 1:
        raise ValueError(f"{_where(parameter)}: a grid range needs an integer \"count\" >= 1")
    if count == 1:
        return [_scale(parameter, 0.0)]
    return [_scale(parameter, i / (count - 1)) for i in range(count)]


def runs(parameters, sampling):
    """Every run's values. *sampling*: {"method": grid|list|random|lhs, "count": N, "seed": S}."""
    method = sampling.get("method", "grid")
    if method not in METHODS:
        raise ValueError(f"sampling.method: expected one of {', '.join(METHODS)}, got '{method}'")
    if not parameters:
        return [[]]
    for p in parameters:
        if is_rotation(p):
            _check_rotation(p, method)
    if method == "grid":
        # First parameter slowest, as nested loops written in parameter order would go.
        return [list(values) for values in
                itertools.product(*[_grid_values(p) for p in parameters])]
    if method == "list":
        lists = [_grid_values(p) for p in parameters]
        if len({len(values) for values in lists}) != 1:
            raise ValueError("sampling 'list': every parameter needs as many values "
                             f"({', '.join(str(len(v)) for v in lists)})")
        return [list(values) for values in zip(*lists)]
    count = sampling.get("count")
    if not isinstance(count, int) or count < 1:
        raise ValueError(f"sampling.count: '{method}' needs an integer count >= 1")
    rng = np.random.default_rng(sampling.get("seed", 0))
    if method == "random":
        columns = []
        for p in parameters:
            if is_rotation(p):
                columns.append([_quaternion(u) for u in rng.random((count, 3))])
            elif "values" in p:
                choices = list(p["values"])
                columns.append([choices[i] for i in rng.integers(0, len(choices), count)])
            else:
                columns.append([_scale(p, u) for u in rng.random(count)])
        return [list(values) for values in zip(*columns)]
    # Latin hypercube: each parameter's range cut into `count` strata, each stratum used once,
    # strata paired across parameters by independent permutations.
    columns = []
    for p in parameters:
        if is_rotation(p):
            # Three stratified uniforms, then Shoemake's map.
            u = np.column_stack([(rng.permutation(count) + rng.random(count)) / count
                                 for _ in range(3)])
            columns.append([_quaternion(row) for row in u])
            continue
        if "values" in p:
            raise ValueError(f"{_where(p)}: Latin-hypercube sampling needs \"from\" and \"to\"")
        strata = rng.permutation(count)
        offsets = rng.random(count)
        columns.append([_scale(p, (s + u) / count) for s, u in zip(strata, offsets)])
    return [list(values) for values in zip(*columns)]
