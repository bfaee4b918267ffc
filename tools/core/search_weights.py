"""How much a page weighs in Material's search: front matter for the pages that need another weight.

The separator (mkdocs.yml, plugins: search) decides what a query matches; these
weights decide which page comes first among those that match.  The troubleshooting
areas and the parity audit mention every class, key and estimator many times, so a
query for ``GAE`` or ``torchrl.objectives.ClipPPOLoss`` found them before the page
about the object itself: the reference page of one object (a loss, a trainer, the
estimator and target-update references) weighs double, and a SOTA family's page
a fifth.  Trainer pages keep the default: their API sections list every
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
AUDIT = 0.2  # one SOTA family's scripts
# The error catalogue's index page describes the catalogue; the entry that explains an error (cause and
# fix) comes first.
CATALOGUE = 0.2
# The upstream fix index: an entry is found by its subject, pull request or commit, which no other page
# repeats; a symptom that shares words with a fix's subject finds the troubleshooting entry (its case
# and fix) first.
FIX_INDEX = 0.5


# Pages left out of Material's index, which every page load fetches whole. The error catalogue's sites
# are targets of the matcher (explain-index.json), which answers an error-shaped query above Material's
# results and is fetched only then. The config groups' parity
# audits list, field by field, what the configs pages and the class pages already name; searched, they
# only ever came after those pages.
NOT_INDEXED = "not indexed"


def front_matter(boost: float | str | None, title: str = "") -> str:
    """YAML front matter giving a generated page its search weight (none: the default weight; ``NOT_INDEXED``:
    out of the index; MkDocs strips it from the page), and the navigation's title where it should be shorter
    than the page's heading (the page's <title> is its heading: overrides/main.html)."""
    named = f"title: {json.dumps(title)}\n" if title else ""
    if boost == NOT_INDEXED:
        weighed = "search:\n  exclude: true\n"
    else:
        weighed = f"search:\n  boost: {boost:g}\n" if boost is not None else ""
    return f"---\n{named}{weighed}---\n\n"


# Weights Material's index gives no way to set (tools/site/search_index.py applies them to its entries,
# on top of a page's own weight). Material ranks each section as a document, and a page's title
# counts a thousand times its text:
# - a page's own entry (its title and the prose above its first heading) matched any query that
#   shared a word with a broad title ("Trainers and hooks") above the section that answers;
API_SECTION = 0.25  # upstream docstrings rendered by mkdocstrings (is_api_section)
PAGE_ITSELF = 0.5
# - a section heading that generated pages repeat ("What the forward pass returns" on every loss
#   page) tells those pages apart by nothing: one of them led every query sharing its words.
TEMPLATED_SECTION = 0.3
TEMPLATED_PAGES = 5  # pages sharing one section heading, from which it counts as templated


def is_api_section(anchor: str) -> bool:
    """Whether a section's anchor marks upstream docstrings rendered by mkdocstrings: an object's own
    section (its dotted path), or a page's API section (``#api``, or ``#api-of-...`` where a page renders
    a base class's methods). Their words are every method's and parameter's: they matched questions
    that the section explaining the subject answers."""
    return anchor.startswith("torchrl.") or anchor == "api" or anchor.startswith("api-of-")
