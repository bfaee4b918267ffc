"""The page of the object a catalogued site belongs to: the class whose method raises, where the site
documents that class (its own page, or the page whose API section shows it)."""

from __future__ import annotations

from functools import cache

from tools.api.facts.objects import documented
from tools.core import urls

# Where each kind of documented class is shown; a base class (LossModule...) on the page of its kind's rules.
_OWN_PAGE = {"loss": urls.loss, "estimator": urls.estimator, "trainer": urls.trainer}
_SHARED_PAGE = {"updater": urls.TARGET_UPDATES, "hook": urls.TRAINER_HOOKS}
_BASE_PAGE = {"loss": urls.LOSS_CONTRACT, "estimator": urls.ESTIMATOR_REFERENCE, "updater": urls.TARGET_UPDATES}


@cache
def _by_canonical() -> dict[str, tuple[str, str, str]]:
    """module.Class -> (public identifier, class name, docs page)."""
    out = {}
    for obj in documented().values():
        if obj.base:
            page = _BASE_PAGE.get(obj.kind, "")
        elif obj.kind in _OWN_PAGE:
            page = _OWN_PAGE[obj.kind](obj.name)
        else:
            page = _SHARED_PAGE.get(obj.kind, "")
        out[obj.canonical] = (obj.identifier, obj.name, page)
    return out


def object_of(module: str, owner: str) -> tuple[str, str, str] | None:
    """(public identifier, class name, docs page) of the documented class ``module.owner``, or None."""
    return _by_canonical().get(f"{module}.{owner}")
