"""The traceback matcher in the browser: the troubleshooting page's box, error-shaped queries in the search
box, and the same answers as the Python matcher on the same index (explain-error.js follows match.py).
"""

from __future__ import annotations

import json
import random

import pytest

from tests.site import search_box
from tests.site.test_browser import (
    HANG_GUARD_MS,
    pytestmark,  # noqa: F401  (marks)
)
from tests.support.pasted_errors import READER_CHECKOUT, line_from_site, traceback_text
from tools.core.paths import ROOT
from tools.error_catalog.facts.match import explain

SEED = 4242


@pytest.fixture(scope="module")
def page(browser, served_site):
    tab = browser.new_page()
    tab.goto(served_site + "/troubleshooting/", wait_until="networkidle")
    yield tab
    tab.close()


def _texts(site) -> list[str]:
    """A line from every catalogued template, each entry's traceback (lines and one line), and odd pastes."""
    inventory = json.loads((site / "inventory.json").read_text())
    rng = random.Random(SEED)
    texts = [line_from_site(s, rng) for s in inventory["error_catalog"]["sites"]]
    index = json.loads((site / "explain-index.json").read_text())
    for target in index["targets"]:
        if target["kind"] == "entry" and target["frames"]:
            text = traceback_text(target["frames"], f"{target['exception'] or 'RuntimeError'}: {target['title']}")
            texts += [text, text.replace("\n", "")]
    texts += [
        "/x/site-packages/torchrl/objectives/sac.py:320: UserWarning: something about the target entropy\n  warnings.warn(",
        "value key my_value not found in value network out_keys ['value']",
        "Exception: plain base class",
        # Release history, and the quoting rules: a message that starts and ends with quoted names is not
        # one quoted string, a KeyError's repr is.
        "AttributeError: 'Trainer' object has no attribute 'compute_loss'",
        "TypeError: OnPolicyTrainer.__init__() got an unexpected keyword argument 'checkpoint'",
        "ImportError: cannot import name 'A2CTrainer' from 'torchrl.trainers.algorithms' (/v/torchrl/__init__.py)",
        "omegaconf.errors.ConfigKeyError: Key 'backend' not in 'BatchedEnvConfig'\n    full_key: env.backend",
        "KeyError: \"key 'my_key' not found in the tensordict\"",
        "KeyError: 'it\\'s \"quoted\" twice'",
        "",
        "   ",
        'File "/v/torchrl/objectives/value/advantages.py", line 1, in forward',
        # A checkout called torchrl, and a comprehension's own frame.
        f'Traceback (most recent call last):\n  File "{READER_CHECKOUT}/torchrl/objectives/value/advantages.py", '
        f'line 1, in forward\n    x\n  File "{READER_CHECKOUT}/torchrl/objectives/value/advantages.py", line 2, '
        "in <listcomp>\n    y\nRuntimeError: shape mismatch",
    ]
    return texts


def test_the_browser_ranks_as_python_does(page, site):
    index = json.loads((site / "explain-index.json").read_text())
    texts = _texts(site)
    page.wait_for_function("() => window.torchrlExplain !== undefined", timeout=HANG_GUARD_MS)
    page.evaluate("index => { window.__index = index; }", index)
    browser_answers = page.evaluate(
        "texts => texts.map(t => window.torchrlExplain.explain(window.__index, t)"
        ".map(r => [r.kind, r.id, r.score, r.why]))",
        texts,
    )
    differ = []
    for text, answer in zip(texts, browser_answers, strict=True):
        python = [[r.kind, r.id, r.score, r.why] for r in explain(index, text)]
        if python != answer:
            differ.append(f"{text[:100]!r}\n  python: {python[:3]}\n  browser: {answer[:3]}")
    assert not differ, f"{len(differ)} of {len(texts)} texts ranked differently:\n" + "\n".join(differ[:10])
    assert sum(1 for a in browser_answers if a) > len(texts) * 0.8  # they answer, not merely agree on nothing


def test_the_box_answers_a_pasted_traceback(page, site):
    index = json.loads((site / "explain-index.json").read_text())
    entry = next(t for t in index["targets"] if t["id"] == "log-prob-under-the-old-name")
    text = traceback_text(entry["frames"], 'KeyError: "Couldn\'t find the log-prob my_lp in the input data."')
    page.fill("#explain-input", text)
    page.click("#explain-run")
    page.wait_for_selector("#explain-results .explain-link", timeout=HANG_GUARD_MS)
    first = page.locator("#explain-results .explain-link").first.get_attribute("href")
    assert first.endswith("/troubleshooting/keys/#log-prob-under-the-old-name")
    out = ROOT / "site" / "_screenshots"  # where reviewers look (tests/site/test_reader_browser.py)
    out.mkdir(parents=True, exist_ok=True)
    page.locator("#paste-an-error-box").screenshot(path=str(out / "explain-box.png"))


def test_the_search_box_sends_an_error_to_the_matcher_first(browser, served_site, site):
    tab = search_box.open_search(browser, served_site + "/")
    try:
        # The exception's name is not at the start: a frame line comes first, as a one-line paste gives it.
        query = (
            'File "/opt/venv/site-packages/torchrl/objectives/value/advantages.py", line 1, in forward '
            "KeyError: \"value key 'my_value' not found in value network out_keys ['value']\""
        )
        search_box.results(tab, query)
        tab.wait_for_selector(".explain-search .explain-link", timeout=HANG_GUARD_MS)
        first = tab.locator(".explain-search .explain-link").first.get_attribute("href")
        assert "/troubleshooting/keys/#critic-writes-another-value-key" in first
    finally:
        tab.close()
