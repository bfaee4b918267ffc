"""Search finds identifiers: each query, typed into Material's search box, has its page in the top 2 (a key: a page documenting it in the top 3, the suite's measure).

The search configuration lives in one place, mkdocs.yml's `search` plugin entry
(its separator); page weights are tools/core/search_weights.py's, and the ranking suite
(test_search_ranking.py) measures queries of every kind.  Error texts pasted into the box are the
troubleshooting pages' own browser test.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.site import search_box
from tests.site.test_browser import pytestmark  # noqa: F401  (marks)

# query -> a pattern one of the two first result pages must match (site-relative URL).
# The first block was not found, or found the wrong page, before the separator; the
# second block worked before and must keep working.
TOP_TWO = {
    "value_network_update_interval": r"^target-updates/$",
    "torchrl.objectives.ClipPPOLoss": r"^losses/ClipPPOLoss/$",
    "ClipPPOLoss": r"^losses/ClipPPOLoss/$",
    "GAE": r"^value-estimators/",
    "SoftUpdate tau": r"^target-updates/$",
    "make_value_estimator": r"^value-estimators/",
    "HardUpdate": r"^target-updates/$",
    "PPOTrainer": r"^trainers/PPOTrainer/$",
}
# TensorDict key names: the right pages are those that document the key, read from the
# build's inventory.json: a loss whose accepted keys name it (as a `set_keys` name or a
# default), the page of an estimator class that reads or writes it, or the
# troubleshooting area of an entry whose symptom, error text or section names it.
KEYS = ["td_error", "state_value", "sample_log_prob"]
# Found at all (the page that explains it belongs to the troubleshooting section).
FOUND = ["KeyError"]


def _mentions(value, key: str) -> bool:
    if isinstance(value, str):
        return value == key
    if isinstance(value, dict):
        return any(_mentions(k, key) or _mentions(v, key) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_mentions(v, key) for v in value)
    return False


def _entry_section(site, page: str) -> str:
    """An entry's section of its built area page: from its heading to the next one of its level."""
    path, _, slug = page.partition("#")
    html = (site / path.removesuffix(".md") / "index.html").read_text(encoding="utf-8")
    start = html.find(f'id="{slug}"')
    end = html.find("<h2", start + 1)
    return html[start : end if end > 0 else None] if start >= 0 else ""


def pages_documenting(key: str, inventory: dict, site=None) -> set[str]:
    pages = {f"losses/{loss['name']}/" for loss in inventory["losses"] if _mentions(loss["accepted_keys"], key)}
    for e in inventory["estimators"]:  # each estimator class has its page
        if _mentions([e["key_map"], e["keys_read"], e["keys_written"]], key):
            pages.add(f"value-estimators/{e['name']}/")
    named = re.compile(rf"\b{re.escape(key)}\b")
    for entry in inventory.get("troubleshooting", {}).get("entries", []):
        section = _entry_section(site, entry["page"]) if site else ""
        if named.search(entry["symptom"]) or named.search(entry["error_text"] or "") or named.search(section):
            pages.add(entry["page"].split("#")[0].removesuffix(".md") + "/")
    return pages


@pytest.fixture(scope="module")
def search(browser, served_site):
    tab = search_box.open_search(browser, served_site + "/", viewport={"width": 1400, "height": 900})

    def results(query: str) -> list[str]:
        pages = []
        for href in search_box.results(tab, query):
            page = href.removeprefix(served_site + "/").split("?")[0].split("#")[0]
            if page not in pages:
                pages.append(page)
        return pages

    yield results
    tab.close()


@pytest.mark.parametrize("query", list(TOP_TWO))
def test_query_finds_its_page_in_the_top_two(search, query):
    pages = search(query)
    assert any(re.search(TOP_TWO[query], page) for page in pages[:2]), f"{query!r} -> {pages[:5]}"


@pytest.mark.parametrize("key", KEYS)
def test_key_finds_a_page_documenting_it_in_the_top_three(search, site, key):
    expected = pages_documenting(key, json.loads((site / "inventory.json").read_text()), site)
    assert expected, f"no page documents {key!r}: the inventory changed?"
    pages = search(key)
    assert set(pages[:3]) & expected, f"{key!r} -> {pages[:5]}; pages documenting it: {sorted(expected)[:8]}"


@pytest.mark.parametrize("query", FOUND)
def test_query_finds_something(search, query):
    assert search(query), f"{query!r} found nothing"


def test_parity_pages_do_not_outrank_the_class_pages(search):
    for query in ("GAE", "SoftUpdate tau"):
        assert not search(query)[0].startswith("configs/parity"), query


ORDER_CASES = [
    ("how do I update the target network", True),
    ("Which loss should I use", True),
    ("why is my loss nan", False),  # a symptom, asked as a question
    ("KeyError: how do I", False),
    ("target network never moves", False),
]


def test_questions_put_explanations_before_troubleshooting_entries(browser, served_site):
    tab = search_box.open_search(browser, served_site + "/", viewport={"width": 1400, "height": 900})
    try:
        seen = tab.evaluate(
            "cases => cases.map(c => window.torchrlSearchOrder.isQuestion(c))", [q for q, _ in ORDER_CASES]
        )
        assert seen == [question for _, question in ORDER_CASES]
        groups = [
            [{"location": "troubleshooting/losses/#an-entry", "score": 10}],
            [{"location": "losses/contract/#keys", "score": 5}, {"location": "losses/contract/", "score": 0}],
            [{"location": "troubleshooting/keys/#far-better", "score": 40}],
            [{"location": "value-estimators/", "score": 2}],
        ]
        order = tab.evaluate(
            "groups => window.torchrlSearchOrder.explanationsFirst(groups).map(g => g[0].location)", groups
        )
        # An entry weighs less (10 -> 3, below 5), one that matches far better stays first.
        assert order == [
            "troubleshooting/keys/#far-better",
            "losses/contract/#keys",
            "troubleshooting/losses/#an-entry",
            "value-estimators/",
        ]
    finally:
        tab.close()


def test_a_question_in_the_search_box_reaches_the_guide_that_answers_it(search):
    # Through Material's own worker and listeners: the reordering applies to what the box shows.
    assert "choose-a-loss/" in search("which loss should I use")[:3]
