"""Material's search box driven as a reader drives it, one answered query at a time (a support module).

Material's search runs in a web worker. Each keyup sends the box's value to it if the value
changed, and the worker answers queries in the order they were sent. The answer writes the
results list, and a line above it, at once. That line reads "N matching documents", "No matching
documents", or the placeholder when the box is empty. It is worded from the box's value *now*,
not from the query being answered. So a late answer to an earlier query can look like the
answer to this one: an empty answer to the empty query sent when the box took focus reads "No
matching documents" once a query is in the box. On a busy machine that happened (an error
text "found nothing").

So each query starts from a settled box, and no answer is pending when the query is sent:

1. ``open_search``: the page loads, "/" focuses the box (which sends the empty query), and we wait
   for the placeholder, which only an answer to the empty query with an empty box shows.
2. ``results``: empty the box and wait for the placeholder again (the answer to the empty query,
   the last one sent). Then put the whole query in the box with one keyup (one query, not one per
   letter), and wait for the line to say "matching". That can only be this query's answer.

Waits are for events in the page, never for a length of time. ``HANG_GUARD_MS`` only stops a
hung browser.
"""

from __future__ import annotations

from tests.site.test_browser import HANG_GUARD_MS

# Material's English wording of the line above the results (its "search.result.placeholder").
PLACEHOLDER = "Type to start searching"
_META = "document.querySelector('.md-search-result__meta').textContent"
_SETTLED = f"() => {_META}.includes({PLACEHOLDER!r}) && !document.querySelector('.md-search-result__item')"
_ANSWERED = f"() => /matching/.test({_META})"


def open_search(browser, url: str, **page_options):
    """A new tab on ``url`` with the search box focused and its worker ready, nothing pending."""
    page = browser.new_page(**page_options)
    page.goto(url, wait_until="networkidle")
    page.keyboard.press("/")  # Material focuses the search box on "/"
    page.wait_for_function(_SETTLED, timeout=HANG_GUARD_MS)
    return page


def results(page, query: str) -> list[str]:
    """The result links' URLs for ``query``, in the order the search lists them (a page's, then its sections')."""
    box = page.locator("input.md-search__input")
    box.fill("")
    box.press("End")  # a keyup: Material reads the box on key events
    page.wait_for_function(_SETTLED, timeout=HANG_GUARD_MS)
    box.fill(query)  # as pasted: the whole query in one go
    box.press("End")
    page.wait_for_function(_ANSWERED, timeout=HANG_GUARD_MS)
    # Each page's group shows its best sections; the rest fold under "N more on this page".
    return page.locator(".md-search-result__item > a.md-search-result__link").evaluate_all(
        "links => links.map(link => link.href)"
    )
