"""How much a page weighs in Material's search: front matter for the pages that need another weight.

The separator (mkdocs.yml, plugins: search) decides what a query matches; these
weights decide which page comes first among those that match.  The troubleshooting
areas and the parity audit mention every class, key and estimator many times, so a
query for ``GAE`` or ``torchrl.objectives.ClipPPOLoss`` found them before the page
about the object itself: the reference page of one object (a loss, a trainer, the
estimator and target-update references) weighs double, and the parity audit's
group pages a fifth.  Trainer pages keep the default: their API sections list every
hook point, and weighing them double put them above the troubleshooting entry for an
unknown hook point (its error text lists the same names).  Hand-written reference pages carry the same front matter
(``search: boost: 2``) with a comment naming this module; tests/site/test_search_browser.py
holds the result to account.  The troubleshooting mechanisms page (hand-written, its sections
generated) weighs a fifth, as the catalogue does: its error texts are instances of what entries
quote, and the entry, with its own case and fix, comes first.
"""

from __future__ import annotations

import json

REFERENCE = 2.0  # the page about one loss, the estimator and target-update references
AUDIT = 0.2  # one config group's parity audit
# The error catalogue quotes every message torchrl can raise, and the troubleshooting entry that explains
# one quotes it too: the entry (cause and fix) comes first, the catalogue's site after it.
CATALOGUE = 0.2


def front_matter(boost: float | None, title: str = "") -> str:
    """YAML front matter giving a generated page its search weight (none: the default weight; MkDocs strips
    it from the page), and the navigation's title where it should be shorter than the page's heading (the
    page's <title> is its heading: overrides/main.html)."""
    named = f"title: {json.dumps(title)}\n" if title else ""
    weighed = f"search:\n  boost: {boost:g}\n" if boost is not None else ""
    return f"---\n{named}{weighed}---\n\n"
