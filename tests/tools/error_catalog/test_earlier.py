"""What older releases said: which messages are listed, where, and that the matcher finds each."""

from __future__ import annotations

import random

import pytest

from tests.support.pasted_errors import value
from tools.error_catalog.facts import catalog, earlier_messages, match_index, tensordict_says
from tools.error_catalog.facts.earlier import PER_PAGE, TENSORDICT_BEFORE, said_by
from tools.error_catalog.facts.match import WHOLE, explain
from tools.error_catalog.facts.records import pieces
from tools.error_catalog.views.earlier import render_pages
from tools.fixes.facts import history

SEED = 20261206


@pytest.fixture(scope="module")
def found():
    return earlier_messages()


def test_none_is_said_by_the_installed_torchrl_tensordict_or_a_fix(found):
    assert len(found) > 300
    now = {tuple(pieces(site.message)[0]) for site in catalog().sites if site.message}
    now |= {tuple(fixed) for fixed in tensordict_says()}
    fixed = {tuple(old.fixed) for fix in history().fixes for old in fix.raised_before if old.change == "message"}
    for e in found:
        assert tuple(e.message.fixed) not in now | fixed, e.message.template()
        assert not e.message.file.startswith(TENSORDICT_BEFORE)
    # What the scan holds and the build leaves out is left out for one of those reasons only.
    assert len(history().earlier_messages) > len(found)


def test_each_is_on_its_page_under_its_anchor_and_pages_stay_short(found):
    torchrl = catalog().torchrl
    pages = render_pages(found, torchrl, history().newest_release)
    for e in found:
        page = pages[e.page]
        at = page.index(f"{{: #{e.anchor} }}")
        assert e.message.template()[:40] in page[:at].rsplit("\n\n", 1)[-1]
        assert said_by(e).capitalize() in page[at:].split("\n\n", 2)[1]
    per_page: dict[str, set[str]] = {}
    counts: dict[str, int] = {}
    for e in found:
        per_page.setdefault(e.page, set()).add(e.module)
        counts[e.page] = counts.get(e.page, 0) + 1
    assert all(count <= PER_PAGE or len(per_page[page]) == 1 for page, count in counts.items())
    assert len({e.anchor for e in found}) == len(found)


def test_a_line_from_each_finds_it_whole(found):
    index = match_index()
    rng = random.Random(SEED)
    misses = []
    for e in found:
        fixed = e.message.fixed
        text = fixed[0] + "".join(value(rng) + after for after in fixed[1:])
        line = f"{e.exception or 'Exception'}: {text}"
        scores = {r.id: r.score for r in explain(index, line, limit=50)}
        if scores.get(f"earlier {e.anchor.removeprefix('earlier-')}", 0) < WHOLE:
            misses.append(line[:120])
    assert not misses, f"{len(misses)} lines did not find their message:\n" + "\n".join(misses[:20])


def test_a_message_the_module_still_raises_worded_otherwise_says_so(found):
    from tools.error_catalog.facts.earlier import _rewording
    from tools.error_catalog.facts.records import Part, Site
    from tools.fixes.facts.records import EarlierMessage

    def site(text: str) -> Site:
        return Site(
            module="torchrl.x",
            path="torchrl/x.py",
            line=1,
            function="f",
            index=1,
            kind="raise",
            exception="ValueError",
            exception_qualname="builtins.ValueError",
            key_error=False,
            message=[Part(text=text)],
            message_known=True,
            guards=[],
            why_read="covered",
        )

    old = EarlierMessage(
        "ValueError",
        ["Memory map device other than CPU isn't supported (got "],
        [],
        "torchrl/x.py",
        "f",
        "v0.4.0",
        "v0.6.0",
        "v0.7.0",
    )
    typo_fixed = site("Memory map device other than CPU isn't supported (got ).")
    unrelated = site("The number of workers must be positive.")
    assert _rewording(old, [unrelated, typo_fixed]) is typo_fixed
    assert _rewording(old, [unrelated]) is None
    reworded = [e for e in found if e.reworded_as]
    assert reworded, "no earlier message reads like one torchrl still raises"
    sites = {f"{s.module}:{s.function}:{s.index}": s for s in catalog().sites}
    for e in reworded:
        assert "still raised" in said_by(e) and e.now.startswith("troubleshooting/errors/")
        assert any(s.template() == e.reworded_as for s in sites.values())
