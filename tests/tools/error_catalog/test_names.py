"""Names across releases: which the installed torchrl confirms, where each is listed, and that the matcher
finds each from the message Python raises for it."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tools.error_catalog.facts import catalog, match_index, names_history
from tools.error_catalog.facts.match import WHOLE, explain
from tools.error_catalog.facts.names import PER_PAGE, Installed, name_changes, name_texts
from tools.error_catalog.views.names import render_pages
from tools.fixes.facts import history
from tools.fixes.facts.records import ATTRIBUTE, EXPORT, KEYWORD, MODULE, FixHistory, NameSpan
from tools.torchrl.attributes import Probe

SEED = 20261206
SAMPLE = 40


def _span(kind, owner, name, first, last, gone_in, now, file="torchrl/envs/transforms.py", lacked_by=None):
    return NameSpan(kind, owner, name, file, first, last, gone_in, now, lacked_by)


SPANS = [
    _span(KEYWORD, "Unsqueeze.__init__", "unsqueeze_dim", "v0.1.0", "v0.4.0", "v0.5.0", False),
    _span(KEYWORD, "Unsqueeze.__init__", "dim", "v0.5.0", "v0.9.0", None, True, lacked_by="v0.4.0"),
    # The installed release has it again: no removal for its users.
    _span(KEYWORD, "Unsqueeze.__init__", "keys", "v0.1.0", "v0.2.0", "v0.3.0", False),
    # An addition the installed release lacks, and a function that now takes any keyword.
    _span(KEYWORD, "Unsqueeze.__init__", "later", None, None, None, True),
    _span(KEYWORD, "Loose.__init__", "size", "v0.1.0", "v0.2.0", "v0.3.0", False),
    _span(EXPORT, "torchrl.envs.utils", "step_mdp", "v0.1.0", "v0.3.0", "v0.4.0", False, "torchrl/envs/utils.py"),
    _span(MODULE, "torchrl.envs.legacy", "", "v0.1.0", "v0.1.0", "v0.2.0", False, "torchrl/envs/legacy.py"),
    _span(MODULE, "torchrl.data.tensordict.memmap", "", "v0.0.1", "v0.0.5", "v0.1.0", False),
    _span(ATTRIBUTE, "Unsqueeze", "old_method", "v0.1.0", "v0.3.0", "v0.4.0", False),
    # The installed class still reaches it (inherited, or set at run time): no removal.
    _span(ATTRIBUTE, "Unsqueeze", "moved_up", "v0.1.0", "v0.3.0", "v0.4.0", False),
]


def _probe(module: str, qualname: str, name: str) -> Probe | None:
    assert (module, qualname) == ("torchrl.envs.transforms", "Unsqueeze")
    return Probe(reached=name == "moved_up", named=["Unsqueeze", "UnsqueezeChild"])


INSTALLED = Installed(
    exports={
        "torchrl.envs": ["Unsqueeze", "step_mdp"],
        "torchrl.envs.utils": ["other"],
        "torchrl.envs.transforms": ["Unsqueeze"],
    },
    keywords={"Unsqueeze.__init__": ["dim", "keys"], "Loose.__init__": ["size", "**"]},
    classes={"Unsqueeze": "torchrl.envs.transforms", "Loose": "torchrl.envs.transforms"},
)


def _history(spans):
    return FixHistory("pytorch/rl", "0" * 40, "v0.9.0", [], {}, name_history=spans)


def test_only_what_the_installed_torchrl_confirms_is_kept_with_what_replaced_it():
    kept = {(c.span.kind, c.span.owner, c.span.name): c for c in name_changes(_history(SPANS), INSTALLED, _probe)}
    assert set(kept) == {
        (KEYWORD, "Unsqueeze.__init__", "unsqueeze_dim"),
        (KEYWORD, "Unsqueeze.__init__", "dim"),
        (EXPORT, "torchrl.envs.utils", "step_mdp"),
        (MODULE, "torchrl.envs.legacy", ""),
        (ATTRIBUTE, "Unsqueeze", "old_method"),
    }
    assert kept[(ATTRIBUTE, "Unsqueeze", "old_method")].named == ["Unsqueeze", "UnsqueezeChild"]
    # A module with a __getattr__ may still offer a name it does not bind: nothing is said of it.
    lazy = dataclasses.replace(INSTALLED, dynamic=["torchrl.envs.utils"])
    assert not [c for c in name_changes(_history(SPANS), lazy, _probe) if c.span.kind == EXPORT]
    # Without a way to ask the installed classes, nothing is said of attributes.
    assert not [c for c in name_changes(_history(SPANS), INSTALLED) if c.span.kind == ATTRIBUTE]
    assert kept[(KEYWORD, "Unsqueeze.__init__", "unsqueeze_dim")].instead == ["dim"]
    assert kept[(KEYWORD, "Unsqueeze.__init__", "dim")].installed
    assert kept[(EXPORT, "torchrl.envs.utils", "step_mdp")].instead == ["torchrl.envs"]


def test_the_matcher_finds_the_rename_from_either_python_s_wording():
    from tools.error_catalog.facts.index import build_index
    from tools.error_catalog.facts.records import Catalog

    changes = name_changes(_history(SPANS), INSTALLED, _probe)
    index = build_index(Catalog("0.14.1", [], {}), [], [], [], name_texts(changes, "0.14.1"))
    renamed = next(c for c in changes if c.span.name == "unsqueeze_dim")
    for line in (
        "TypeError: Unsqueeze.__init__() got an unexpected keyword argument 'unsqueeze_dim'",
        "TypeError: __init__() got an unexpected keyword argument 'unsqueeze_dim'",  # Python before 3.10
    ):
        first = explain(index, line)[0]
        assert first.url.endswith(f"#{renamed.anchor}") and first.score >= WHOLE
    moved = explain(index, "ImportError: cannot import name 'step_mdp' from 'torchrl.envs.utils' (/x/utils.py)")
    assert "torchrl.envs" in moved[0].note
    # Python names the object's own class: a subclass's object finds its parent's lost method.
    lost = explain(index, "AttributeError: 'UnsqueezeChild' object has no attribute 'old_method'")
    assert lost[0].title.startswith("Unsqueeze.old_method: defined in the class body by torchrl v0.1.0 to v0.3.0")
    gone = explain(index, "ModuleNotFoundError: No module named 'torchrl.envs.legacy'")
    assert gone[0].title == "torchrl.envs.legacy: in torchrl v0.1.0, not by v0.2.0 and later, not in 0.14.1"
    added = explain(index, "TypeError: Unsqueeze.__init__() got an unexpected keyword argument 'dim'")
    assert added[0].title == "Unsqueeze.__init__(dim=...): new in v0.5.0; torchrl v0.4.0 lacks it"


@pytest.fixture(scope="module")
def found():
    return names_history()


def test_the_scanned_names_are_listed_each_under_its_anchor_on_short_pages(found):
    assert len(found) > 500
    assert {c.span.kind for c in found} == {KEYWORD, EXPORT, MODULE, ATTRIBUTE}
    assert len(history().name_history) > len(found)
    pages = render_pages(found, catalog().torchrl, history().newest_release)
    for change in found:
        page = pages[change.page]
        at = page.index(f"{{: #{change.anchor} }}")
        assert change.subject in page[:at].rsplit("\n\n", 1)[-1]
    counts: dict[str, int] = {}
    modules: dict[str, set[str]] = {}
    for change in found:
        counts[change.page] = counts.get(change.page, 0) + 1
        modules.setdefault(change.page, set()).add(change.module)
    assert all(n <= PER_PAGE or len(modules[page]) == 1 for page, n in counts.items())
    assert len({c.anchor for c in found}) == len(found)


def test_python_s_message_for_each_finds_it_whole(found):
    index = match_index()
    targets = {t["id"] for t in index["targets"]}
    texts = name_texts(found, catalog().torchrl)
    # A seeded sample of each kind (every name costs one pass of the matcher over the whole index).
    rng = random.Random(SEED)
    sample = []
    for kind in (KEYWORD, EXPORT, MODULE, ATTRIBUTE):
        of_kind = [t for c, t in zip(found, texts, strict=True) if c.span.kind == kind]
        sample += rng.sample(of_kind, min(SAMPLE, len(of_kind)))
    misses = []
    for text in sample:
        if text.id not in targets:
            continue  # an upgrade step's page answers the same message
        message = text.messages[0]
        line = "".join(part.text or "(/site-packages/torchrl/x.py)" for part in message)
        line = f"{text.exception or 'ImportError'}: {line}"
        scores = {r.id: r.score for r in explain(index, line, limit=50)}
        if scores.get(text.id, 0) < WHOLE:
            misses.append(line)
    assert not misses, f"{len(misses)} lines did not find their name:\n" + "\n".join(misses[:20])
