"""The release history in the matcher: each message form is what the installed packages raise, and each
difference between releases is found from its own messages, on the page and anchor that explain it."""

from __future__ import annotations

import importlib
from collections import Counter

import pytest
from omegaconf import OmegaConf

from tests.support.pasted_errors import READER_SITE_PACKAGES
from tools.core.errors import error_text
from tools.error_catalog.facts import match_index, release_texts
from tools.error_catalog.facts.match import RELEASE, WHOLE, _template_score, explain, parse, regex
from tools.error_catalog.facts.releases import (
    VAR_KEYWORD,
    _import_messages,
    _keyword_messages,
    location,
    section_entries,
)
from tools.torchrl.keywords import rejects_unknown_keyword
from tools.upgrading.facts import current
from tools.upgrading.views.concern import CONCERN as UPGRADING

# A name no release has: every form below is raised for it.
NOWHERE = "not_in_any_release"


@pytest.fixture(scope="module")
def index():
    return match_index()


def _matches(messages, raised: BaseException) -> bool:
    """Some template of ``messages`` matches the whole message of what was raised, as a paste of it reads."""
    pasted = parse(error_text(raised))
    target = {"templates": [list(regex(m)) for m in messages]}
    return _template_score(target, pasted.raised[0].message) >= WHOLE


def _raised(call) -> BaseException:
    try:
        call()
    except Exception as caught:
        return caught
    raise AssertionError(f"{call} raised nothing")


def test_the_import_forms_are_what_python_raises():
    module = importlib.import_module("torchrl.objectives")
    imported = _raised(lambda: exec(f"from torchrl.objectives import {NOWHERE}", {}))
    attribute = _raised(lambda: getattr(module, NOWHERE))
    assert _matches(_import_messages(NOWHERE, "torchrl.objectives"), imported)
    assert _matches(_import_messages(NOWHERE, "torchrl.objectives"), attribute)
    assert _matches(_import_messages(NOWHERE, None), imported)


def _installed_without_any_keyword(section: str) -> list[tuple[str, str]]:
    """(module, qualname) of the installed objects of a section whose signatures take no arbitrary keyword."""
    snapshot = current()
    return [
        location(snapshot, section, name)
        for name, entry in sorted(section_entries(snapshot, section).items())
        if not any(p.get("kind") == VAR_KEYWORD for p in entry.get("parameters", []))
    ]


@pytest.mark.parametrize("section", ["losses", "trainers", "hooks", "estimators.classes", "updaters", "functions"])
def test_the_keyword_form_is_what_python_raises_where_measured_so(section):
    """Each object the measurement says words an unknown keyword as Python does raises the form the
    templates hold; the others (a deprecated alias that recurses) get no keyword template."""
    worded = [where for where in _installed_without_any_keyword(section) if rejects_unknown_keyword(*where)]
    assert worded, f"no object of {section} rejects an unknown keyword in Python's words"
    for module, qualname in worded:
        owner = getattr(importlib.import_module(module), qualname)
        raised = _raised(lambda owner=owner: owner(**{NOWHERE: 1}))
        messages = _keyword_messages(section, qualname, NOWHERE, [], worded=True)
        assert _matches(messages, raised), (qualname, error_text(raised))


def test_an_object_that_raises_something_else_gets_no_keyword_template():
    assert _keyword_messages("estimators.classes", "TD0Estimate", NOWHERE, [], worded=False) == []
    messages = _keyword_messages("losses", "DQNLoss", NOWHERE, [{"kind": "var-keyword", "name": "kwargs"}])
    assert messages == []


def test_the_config_forms_are_what_a_dataclass_and_omegaconf_raise():
    from torchrl.trainers.algorithms.configs import CollectorConfig

    messages = _keyword_messages("configs", "CollectorConfig", NOWHERE, [])
    structured = OmegaConf.structured(CollectorConfig)
    assert _matches(messages, _raised(lambda: CollectorConfig(**{NOWHERE: 1})))
    assert _matches(messages, _raised(lambda: OmegaConf.merge(structured, {NOWHERE: 1})))
    assert _matches(messages, _raised(lambda: getattr(structured, NOWHERE)))


def _paste(text, template) -> str:
    """What a user pastes for one template: each field filled as the interpreter fills it."""
    fixed = "".join(part.text for part in template)
    filled = []
    for part in template:
        if not part.is_field:
            filled.append(part.text)
        elif "cannot import" in fixed:
            filled.append(f" ({READER_SITE_PACKAGES}/torchrl/__init__.py)")
        elif fixed.startswith(".__init__()"):
            filled.append("SomeParentClass")  # the class that defines the inherited __init__
        else:
            filled.append(
                "\n    full_key: group.value\n    object_type=Config" if filled else "Error merging override "
            )
    exception = text.exception or ("ImportError" if "cannot import" in fixed else "omegaconf.errors.ConfigKeyError")
    return f"{exception}: {''.join(filled)}"


def test_each_difference_is_found_from_its_own_messages(index):
    texts = release_texts()
    kinds = Counter(text.id.split()[1] for text in texts)
    assert {"exports", "losses", "trainers", "configs", "estimators.classes"} <= set(kinds), kinds
    misses = []
    for text in texts:
        for template in text.messages:
            pasted = _paste(text, template)
            top = [(r.kind, r.id) for r in explain(index, pasted)[:3]]
            if (RELEASE, text.id) not in top:
                misses.append(f"{text.id}: {pasted!r} -> {top}")
    assert not misses, f"{len(misses)} messages did not find their difference:\n" + "\n".join(misses[:10])


def test_each_difference_links_to_an_anchor_its_page_has():
    pages = UPGRADING.pages()
    for text in release_texts():
        page, anchor = text.page.split("#")
        assert f"{{ #{anchor} }}" in pages[page], text.id
