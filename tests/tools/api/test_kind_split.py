"""One kind's API split over pages by name (``api.kind hook A-L``): every class on exactly one page."""

from __future__ import annotations

import re

import pytest

from tools.api.facts import objects
from tools.api.views.concern import CONCERN
from tools.core.markdown import markers_in
from tools.core.paths import DOCS


def _identifiers(markdown: str) -> list[str]:
    return re.findall(r"^::: (\S+)", markdown, re.M)


def test_the_hook_api_pages_hold_every_hook_class_once():
    placed = []
    for page in sorted((DOCS / "trainers").glob("hook-api-*.md")):
        for name, arg in markers_in(page.read_text()):
            if name == "api.kind":
                placed += _identifiers(CONCERN.sections["kind"](arg))
    hooks = sorted(obj.identifier for obj in objects.documented().values() if obj.kind == "hook")
    assert sorted(placed) == hooks


@pytest.mark.parametrize("arg", ["hook L-A", "hook AB-C", "hook 1-2"])
def test_a_bad_letter_range_is_a_clear_error(arg):
    with pytest.raises(ValueError, match="the range is two letters"):
        CONCERN.sections["kind"](arg)
