"""A description for every trainer parameter: its upstream docstring's, else curated (validated).

torchrl documents most trainer parameters in the class or ``__init__``
docstring of the trainer or of a base class; the first description found up
the MRO is used.  The few that no docstring describes are curated in
data/trainers.yaml (``parameter_descriptions``), checked both ways.
"""

from __future__ import annotations

import inspect

UPSTREAM, CURATED = "upstream docstring", "curated"


def upstream_descriptions(cls: type) -> dict[str, str]:
    from tools.losses.introspect import docstring_parameters

    found: dict[str, str] = {}
    for klass in cls.__mro__:
        if not klass.__module__.startswith("torchrl"):
            continue
        for doc in (inspect.getdoc(klass), inspect.getdoc(vars(klass).get("__init__"))):
            for name, text in docstring_parameters(doc or "").items():
                if text:
                    found.setdefault(name, text)
    return found


def descriptions(cls: type, names: list[str], curated: dict[str, str]) -> dict[str, tuple[str, str]]:
    """Parameter -> (description, source) for each of ``names``."""
    upstream = upstream_descriptions(cls)
    out = {}
    for name in names:
        if name in upstream:
            out[name] = (upstream[name], UPSTREAM)
        elif name in curated:
            out[name] = (" ".join(curated[name].split()), CURATED)
    return out


def check(curated: dict[str, str], described: dict[str, dict[str, tuple[str, str]]], parameters: dict[str, list[str]]) -> None:
    """Every parameter described; every curated entry still needed."""
    from tools.trainers.curated import CuratedDataError

    problems = []
    for trainer, names in parameters.items():
        missing = [n for n in names if n not in described.get(trainer, {})]
        if missing:
            problems.append(f"{trainer}: no upstream docstring describes {missing}; add them under parameter_descriptions")
    used = {n for per in described.values() for n, (_, source) in per.items() if source == CURATED}
    stale = sorted(set(curated) - used)
    if stale:
        problems.append(f"parameter_descriptions lists {stale}, which an upstream docstring now describes (or no trainer takes); remove them")
    if problems:
        raise CuratedDataError("data/trainers.yaml: " + "; ".join(problems))
