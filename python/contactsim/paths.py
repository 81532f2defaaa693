"""JSON paths into a scene dict: ``contact.law.friction.static``, ``cables[0].windlass.speed``,
``bodies[shank].position[2]`` (``[name]`` picks the list element whose ``"name"`` is *name*).

The same syntax names a study's parameters, so a path written once works for one run and for a
thousand."""

import re

_TOKEN = re.compile(r"([^.\[\]]+)|\[([^\]]*)\]")


def parse(path):
    """The steps of *path*: str keys and int indices; ``[name]`` is kept as ``("name", name)``."""
    if not isinstance(path, str) or not path:
        raise ValueError(f"parameter path: expected a non-empty string, got {path!r}")
    steps, position = [], 0
    for match in _TOKEN.finditer(path):
        if match.start() != position and path[position:match.start()] != ".":
            raise ValueError(f"parameter path '{path}': cannot read '{path[position:]}'")
        key, index = match.groups()
        if key is not None:
            steps.append(key)
        elif re.fullmatch(r"-?\d+", index.strip()):
            steps.append(int(index))
        else:
            steps.append(("name", index.strip()))
        position = match.end()
    if position != len(path):
        raise ValueError(f"parameter path '{path}': cannot read '{path[position:]}'")
    return steps


def _describe(steps):
    text = ""
    for step in steps:
        if isinstance(step, int):
            text += f"[{step}]"
        elif isinstance(step, tuple):
            text += f"[{step[1]}]"
        else:
            text += ("." if text else "") + step
    return text


def _child(node, step, steps, done, path):
    where = _describe(steps[:done]) or "the scene"
    if isinstance(step, tuple):
        if not isinstance(node, list):
            raise KeyError(f"parameter path '{path}': {where} is not a list")
        for item in node:
            if isinstance(item, dict) and item.get("name") == step[1]:
                return item
        raise KeyError(f"parameter path '{path}': no element named '{step[1]}' in {where}")
    if isinstance(step, int):
        if not isinstance(node, list):
            raise KeyError(f"parameter path '{path}': {where} is not a list")
        if not -len(node) <= step < len(node):
            raise KeyError(f"parameter path '{path}': {where} has {len(node)} elements, "
                           f"no [{step}]")
        return node[step]
    if not isinstance(node, dict):
        raise KeyError(f"parameter path '{path}': {where} is not an object")
    if step not in node:
        raise KeyError(f"parameter path '{path}': {where} has no '{step}'")
    return node[step]


def get(scene, path):
    """The value at *path* in *scene*; KeyError naming the first step that is missing."""
    steps = parse(path)
    node = scene
    for done, step in enumerate(steps):
        node = _child(node, step, steps, done, path)
    return node


def set(scene, path, value):  # noqa: A001 - the natural name next to get()
    """Sets *path* in *scene* (in place). The last key of an object may be new (a setting the
    scene leaves at its default); everything before it must exist, so a typo is an error
    rather than a silently ignored parameter."""
    steps = parse(path)
    node = scene
    for done, step in enumerate(steps[:-1]):
        node = _child(node, step, steps, done, path)
    last = steps[-1]
    where = _describe(steps[:-1]) or "the scene"
    if isinstance(last, str):
        if not isinstance(node, dict):
            raise KeyError(f"parameter path '{path}': {where} is not an object")
        node[last] = value
        return
    parent = node
    if isinstance(last, tuple):
        raise KeyError(f"parameter path '{path}': cannot replace a named element; "
                       f"set its fields ('{path}.FIELD')")
    if not isinstance(parent, list) or not -len(parent) <= last < len(parent):
        raise KeyError(f"parameter path '{path}': {where} has no element [{last}]")
    parent[last] = value
