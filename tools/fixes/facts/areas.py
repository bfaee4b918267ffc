"""Which part of the covered code each fix belongs to: the area whose folders hold most of the files it changed."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from tools.fixes.facts.records import Fix


@dataclass(frozen=True)
class Area:
    slug: str  # its index page's name
    title: str
    folders: tuple[str, ...]  # a file belongs to the first area (in AREAS' order) with a folder holding it
    note: str = ""  # what of those folders an earlier area takes


# Most specific first: torchrl/objectives/value/ is the value estimators', the rest of objectives/ the losses'.
AREAS = (
    Area("value-estimators", "Value estimators", ("torchrl/objectives/value/",)),
    Area("losses", "Losses and target updaters", ("torchrl/objectives/",), "outside `value/`"),
    Area("trainers", "Trainers, hooks and Hydra configs", ("torchrl/trainers/",)),
    Area("modules", "Distributions and TensorDict modules", ("torchrl/modules/",)),
    Area("data", "Specs and replay buffers", ("torchrl/data/",)),
    Area("envs", "Environments, transforms", ("torchrl/envs/",)),
    Area("collectors", "Collectors", ("torchrl/collectors/",)),
    Area("sota", "SOTA scripts", ("sota-implementations/",)),
)
# When two areas hold as many of a fix's files, the library code wins over the scripts, losses first.
_TIE_ORDER = ("losses", "value-estimators", "trainers", "modules", "data", "envs", "collectors", "sota")


def area_of_file(path: str) -> Area:
    for area in AREAS:
        if path.startswith(area.folders):
            return area
    raise ValueError(f"{path} is under none of the covered folders (tools/fixes/facts/areas.py)")


def areas_of(fix: Fix) -> list[Area]:
    """Every area the fix changed a file in, the one it is listed under first."""
    return list(_areas_of_files(tuple(fix.files)))


@cache
def _areas_of_files(files: tuple[str, ...]) -> tuple[Area, ...]:
    # Every class page lays out the index again to link its fixes: computed once per set of files.
    counts = Counter(area_of_file(path).slug for path in files)
    ranked = sorted(counts, key=lambda slug: (-counts[slug], _TIE_ORDER.index(slug)))
    return tuple(next(a for a in AREAS if a.slug == slug) for slug in ranked)


def area(slug: str) -> Area:
    return next(a for a in AREAS if a.slug == slug)
