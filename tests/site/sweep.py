"""One visit to every page of the built site, for the reader tests: every page probe, at three widths.

Each page is loaded once per run (a page load is most of a sweep's cost, one per page) and probed
in this order, each probe seeing the page as the test that asserts on it expects:

- 1400 px: identifiers broken inside a table cell (``SPLIT_IDENTIFIERS``) and unrendered Markdown
  in cells (``MARKDOWN_IN_CELLS``), on the page as it opens; then ``MEASURE`` (words split in
  cells, code lines wider than their column, the page's height), which unfolds every folded
  ``<details>`` and folds them again before it returns;
- 1280 px: the visible tables' columns (``TABLES``);
- 390 px: elements sticking out sideways (``SIDEWAYS``), then ``MEASURE`` again.

``tests/site/conftest.py`` makes the sweep once per run (session fixture ``reader_sweep``);
``test_reader_browser.py`` and ``test_reader_sweep.py`` assert on it, and
``python -m tests.site.test_reader_sweep SITE_DIR`` prints its figures for any built site.
This is a support module, not a test module: pytest collects nothing here.
"""

from __future__ import annotations

import collections
import html
import json
import re
from dataclasses import dataclass
from pathlib import Path

from tests.site.test_browser import _html_pages

DESKTOP, LAPTOP, PHONE = (1400, 900), (1280, 900), (390, 844)
WIDTHS = {"desktop": DESKTOP, "laptop": LAPTOP, "phone": PHONE}
MEASURED = ("desktop", "phone")  # the widths MEASURE runs at

# A line break inside inline code in a table cell, between two characters of one name:
# after a letter or digit and before a letter, digit, "_" or "." (loss_obje|ctive,
# delay_actor=Fals|e, td|_error).  Breaks after "_ . , /" (tools/core/word_breaks.py) are fine.
SPLIT_IDENTIFIERS = r"""() => {
  const word = c => /[A-Za-z0-9]/.test(c);
  const found = [];
  for (const code of document.querySelectorAll(".md-typeset table td code, .md-typeset table th code")) {
    if (code.getClientRects().length < 2) continue;  // on one line: nothing to check
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    let previousTop = null, previous = "";
    while (walker.nextNode()) {
      const node = walker.currentNode;
      for (let i = 0; i < node.data.length; i++) {
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        const char = node.data[i];
        if (previousTop !== null && rect.top > previousTop + 2 && word(previous) && (word(char) || char === "_" || char === "."))
          found.push(code.textContent.slice(0, 80));
        previousTop = rect.top; previous = char;
      }
    }
  }
  return found;
}"""

# Table cells holding Markdown that did not render: a list item or bold text swallowed
# into a table because a blank line was missing after it ("- **Target parameters** ...").
# `**kwargs` is not bold: a closing "**" follows a word character.
MARKDOWN_IN_CELLS = r"""() => [...document.querySelectorAll(".md-typeset td")]
  .map(td => td.textContent.trim())
  .filter(text => /^- |\*\*\w[^*]*[\w.)]\*\*/.test(text))
  .map(text => text.slice(0, 80))"""

# For each visible table: its headings, the columns cut off by a sideways scroll (none when it
# fits), and whether its first column stays in view when scrolled to the far right.
TABLES = r"""() => {
  const out = [];
  for (const table of document.querySelectorAll(".md-typeset table")) {
    if (!table.offsetParent) continue;  // in a closed tab or details: not on screen
    const heads = [...table.querySelectorAll("thead th")];
    let box = table;
    while (box && box !== document.body) {
      const style = getComputedStyle(box);
      if (/(auto|scroll|hidden)/.test(style.overflowX) && box.scrollWidth > box.clientWidth + 1) break;
      box = box.parentElement;
    }
    if (!box || box === document.body) {
      out.push({head: heads.map(th => th.textContent.trim()), cut: [], firstInView: true});
      continue;
    }
    const edge = box.getBoundingClientRect();
    const cut = heads.filter(th => th.getBoundingClientRect().right > edge.right + 1).map(th => th.textContent.trim());
    const start = box.scrollLeft;
    box.scrollLeft = box.scrollWidth;
    const first = table.querySelector("tbody tr td:first-child") || heads[0];
    const firstInView = !first || first.getBoundingClientRect().left >= box.getBoundingClientRect().left - 1;
    box.scrollLeft = start;
    out.push({head: heads.map(th => th.textContent.trim()), cut, firstInView});
  }
  return out;
}"""

# Elements sticking out of the page on the right, outside tables and code (which scroll).
SIDEWAYS = r"""() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return [];
  return [...document.querySelectorAll(".md-main *")]
    .filter(e => e.getBoundingClientRect().right > width + 1 && !e.closest("table, pre, .highlight, .md-typeset__scrollwrap"))
    .slice(0, 5).map(e => `${e.tagName.toLowerCase()}.${e.className}: ${e.textContent.trim().slice(0, 40)}`);
}"""

# Tables wider than their scroll box (a part of them hidden behind a sideways scroll), as a reader
# sees them: each must show the scroll cue (site.css: a fade on the box's right edge, set by
# docs/assets/table-scroll.js while more of the table lies to the right) and lose it once scrolled
# to the end.  A column cut by the box's edge whose cells hold prose (several words) is cut
# mid-sentence: the reader reads half a sentence with no sign of the rest.
PROSE_WORDS = 4
TABLE_CUTS = r"""async frames => {
  const cues = box => /gradient/.test(getComputedStyle(box).maskImage || getComputedStyle(box).webkitMaskImage || "");
  const cut = [], noCue = [], stuckCue = [], midSentence = [];
  for (const table of document.querySelectorAll(".md-typeset table")) {
    if (!table.offsetParent) continue;  // in a closed tab: not on screen
    let box = table.parentElement;
    while (box && box !== document.body && !/(auto|scroll)/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
    if (!box || box === document.body || box.scrollWidth <= box.clientWidth + 1) continue;
    const heads = [...table.querySelectorAll("thead th")];
    const name = heads.slice(0, 3).map(th => th.textContent.trim()).join(" | ").slice(0, 60);
    cut.push(name);
    if (!cues(box)) noCue.push(name);
    const edge = box.getBoundingClientRect().right;
    const straddling = heads.findIndex(th => { const r = th.getBoundingClientRect(); return r.left < edge - 1 && r.right > edge + 1; });
    if (straddling >= 0) {
      const cells = [...table.querySelectorAll(`tbody tr > :nth-child(${straddling + 1})`)];
      const prose = cells.find(td => td.getBoundingClientRect().right > edge + 1 && td.textContent.trim().split(/\s+/).length >= PROSE_WORDS);
      if (prose) midSentence.push(`${heads[straddling].textContent.trim()}: ${prose.textContent.trim().slice(0, 50)}`);
    }
    const start = box.scrollLeft;
    box.scrollLeft = box.scrollWidth;
    await frames(2);
    if (cues(box)) stuckCue.push(name);
    box.scrollLeft = start;
  }
  if (stuckCue.length) await frames(2);
  return {cutTables: cut, cutWithoutCue: noCue, cueAtEnd: stuckCue, cutMidSentence: midSentence};
}""".replace("PROSE_WORDS", str(PROSE_WORDS))

# Code lines that wrap (site.css wraps code to its column) with a continuation that starts at or
# left of the line's own first character: it reads as a new statement.  A line whose first visual
# row holds only its indentation counts too (its text starts on a row of its own).  Blocks whose
# height shows no wrapped line are skipped, so the walk over characters runs on few blocks.
CODE_WRAPS = r"""() => {
  const unindented = [];
  let wrapped = 0;
  for (const code of document.querySelectorAll(".md-typeset pre > code")) {
    if (!code.offsetParent || code.closest(".doc-signature")) continue;
    const style = getComputedStyle(code);
    const lineHeight = parseFloat(style.lineHeight);
    const lines = code.textContent.replace(/\n$/, "").split("\n").length;
    const inner = code.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    if (inner < (lines + 0.5) * lineHeight) continue;  // as many rows as lines: none wrapped
    const check = (start, first, endNode, endOffset) => {
      const range = document.createRange();
      range.setStart(start[0], start[1]); range.setEnd(endNode, endOffset);
      const rects = [...range.getClientRects()].filter(r => r.width > 0);
      const rows = [...new Set(rects.map(r => Math.round(r.top)))].sort((a, b) => a - b);
      if (rows.length < 2) return;
      wrapped++;
      const own = document.createRange();
      own.setStart(first[0], first[1]); own.setEnd(first[0], first[1] + 1);
      const ownRect = own.getClientRects()[0];
      const bad = Math.round(ownRect.top) !== rows[0] || rows.slice(1).some(top =>
        Math.min(...rects.filter(r => Math.round(r.top) === top).map(r => r.left)) <= ownRect.left + 1);
      if (bad) unindented.push(range.toString().trim().slice(0, 60));
    };
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    let start = null, first = null, last = null;
    while (walker.nextNode()) {
      const node = (last = walker.currentNode);
      for (let i = 0; i < node.data.length; i++) {
        if (start === null) { start = [node, i]; first = null; }
        if (node.data[i] === "\n") { if (first) check(start, first, node, i); start = null; }
        else if (first === null && node.data[i] !== " ") first = [node, i];
      }
    }
    if (start && first) check(start, first, last, last.data.length);
  }
  return {wrappedCodeLines: wrapped, unindentedWraps: unindented};
}"""

# Folded blocks opened, so what a reader unfolds is measured too; folded again before it returns,
# so the probes after it see the page as it opens.
# Word runs: letters and digits, a number's inner "," or "." kept with it (100,000; 0.99).
# A run whose characters sit on two lines was split inside itself.  Identifier breaks
# (a line ending in "_", "." or "/" between two word characters) are counted apart.
MEASURE = r"""async () => {
  const height = document.documentElement.scrollHeight;  // as the page opens, before unfolding
  const folded = [...document.querySelectorAll("details")].filter(d => !d.open);
  for (const d of folded) d.open = true;
  const frames = async n => { for (let i = 0; i < n; i++) await new Promise(r => requestAnimationFrame(r)); };
  await frames(2);  // the scroll cue follows a table's size on the next frame (ResizeObserver)
  try {
    const splits = [], idBreaks = [];
    const run = /[A-Za-z0-9]+(?:[.,][0-9]+)*/g;
    for (const cell of document.querySelectorAll(".md-typeset td, .md-typeset th")) {
      if (!cell.offsetParent) continue;
      const whole = document.createRange();
      whole.selectNodeContents(cell);
      const tops = new Set([...whole.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size < 2) continue;  // one line: nothing can be split
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      let lastTop = null, lastChar = "", lastNode = null;
      while (walker.nextNode()) {
        const node = walker.currentNode;
        for (const m of node.data.matchAll(run)) {
          const range = document.createRange();
          range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
          if (lines.size > 1) splits.push(m[0]);
        }
        // an identifier broken at its "_ . /" (a <wbr> between two text nodes of one code span)
        if (lastNode && node.parentElement.closest("code") && lastNode.parentElement.closest("code") === node.parentElement.closest("code")
            && /[_./]$/.test(lastNode.data) && node.data.length) {
          const range = document.createRange();
          range.setStart(node, 0); range.setEnd(node, 1);
          const rect = range.getClientRects()[0];
          if (rect && lastTop !== null && rect.top > lastTop + 2) idBreaks.push(node.parentElement.closest("code").textContent.slice(0, 60));
        }
        if (node.data.length) {
          const range = document.createRange();
          range.setStart(node, node.data.length - 1); range.setEnd(node, node.data.length);
          const rect = range.getClientRects()[0];
          lastTop = rect ? rect.top : lastTop; lastChar = node.data.slice(-1); lastNode = node;
        }
      }
    }
    const wide = [];
    for (const code of document.querySelectorAll(".md-typeset pre > code")) {
      if (!code.offsetParent || code.closest(".doc-signature")) continue;
      if (code.scrollWidth > code.clientWidth + 1) {
        const longest = code.textContent.split("\n").reduce((a, b) => (b.length > a.length ? b : a), "");
        wide.push(longest.slice(0, 80));
      }
    }
    const tables = await (TABLE_CUTS_BODY)(frames);
    return {splits, idBreaks, wide, height, ...tables, ...(CODE_WRAPS_BODY)()};
  } finally {
    for (const d of folded) d.open = false;
  }
}""".replace("TABLE_CUTS_BODY", TABLE_CUTS).replace("CODE_WRAPS_BODY", CODE_WRAPS)


# The header's tabs (Material's navigation.tabs, shown from 1220 px up): every tab inside the bar's
# visible box, none hidden behind its overflow.  The header is the same on every page; a few pages
# (the home page, a deep page, the last page) are measured at each width.
TAB_WIDTHS = (1240, 1400, 1920, 2560)
TAB_BAR = r"""() => {
  const bar = document.querySelector(".md-tabs__list");
  if (!bar || !bar.offsetParent) return ["(no tab bar)"];
  const edge = bar.getBoundingClientRect();
  return [...bar.querySelectorAll(".md-tabs__item")]
    .filter(item => { const r = item.getBoundingClientRect(); return r.right > edge.right + 1 || r.left < edge.left - 1; })
    .map(item => item.textContent.trim());
}"""


@dataclass(frozen=True)
class Sweep:
    """What the sweep found: ``pages[width][path]`` (width: a key of ``WIDTHS``), and console errors.

    desktop: ``identifiers`` (SPLIT_IDENTIFIERS), ``markdown`` (MARKDOWN_IN_CELLS) and MEASURE's
    ``splits``, ``idBreaks``, ``wide``, ``height``; laptop: ``tables``; phone: ``sideways`` and
    MEASURE's four.
    """

    pages: dict[str, dict[str, dict]]
    errors: list[str]
    # tabs[width][path]: the labels of the header's tabs cut by its bar (TAB_BAR), on a few pages.
    tabs: dict[int, dict[str, list[str]]]
    # Every URL the tab requested while it loaded, resized and probed the pages (resizing may fetch
    # what a media query asks for), and until the network was idle after the last page.
    requests: list[str]


def visit_every_page(browser, base: str, site_dir: Path) -> Sweep:
    """Load each page of the site built in ``site_dir`` (served at ``base``) once and probe it."""
    tab = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    # Every page load makes Material's worker fetch the search index and build it (about a
    # second of CPU each): this tab measures layout, so it gets an index with no documents.
    index = json.loads((site_dir / "search" / "search_index.json").read_text())
    empty = json.dumps({**index, "docs": []})
    tab.route("**/search/search_index.json", lambda route: route.fulfill(body=empty, content_type="application/json"))
    errors: list[str] = []
    tab.on("console", lambda message: errors.append(f"{tab.url}: {message.text}") if message.type == "error" else None)
    tab.on("pageerror", lambda error: errors.append(f"{tab.url}: {error}"))
    requests: list[str] = []
    tab.on("request", lambda request: requests.append(request.url))
    pages: dict[str, dict[str, dict]] = {name: {} for name in WIDTHS}
    for path in _html_pages(site_dir):
        tab.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        tab.goto(base + path, wait_until="load")
        desktop = {"identifiers": tab.evaluate(SPLIT_IDENTIFIERS), "markdown": tab.evaluate(MARKDOWN_IN_CELLS)}
        pages["desktop"][path] = {**desktop, **tab.evaluate(MEASURE)}
        tab.set_viewport_size({"width": LAPTOP[0], "height": LAPTOP[1]})
        pages["laptop"][path] = {"tables": tab.evaluate(TABLES)}
        tab.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
        pages["phone"][path] = {"sideways": tab.evaluate(SIDEWAYS), **tab.evaluate(MEASURE)}
    paths = _html_pages(site_dir)
    tabs: dict[int, dict[str, list[str]]] = {width: {} for width in TAB_WIDTHS}
    for path in dict.fromkeys([paths[0], max(paths, key=lambda p: p.count("/")), paths[-1]]):
        tab.goto(base + path, wait_until="load")
        for width in TAB_WIDTHS:
            tab.set_viewport_size({"width": width, "height": DESKTOP[1]})
            tabs[width][path] = tab.evaluate(TAB_BAR)
    tab.wait_for_load_state("networkidle")
    tab.close()
    return Sweep(pages=pages, errors=errors, requests=requests, tabs=tabs)


TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)


def duplicate_titles(site: Path) -> dict[str, list[str]]:
    """Page titles (the browser tab's, and the search result's) shared by two or more pages."""
    by_title = collections.defaultdict(list)
    for path in _html_pages(site):
        html = (site / path.lstrip("/") / "index.html").read_text(encoding="utf-8")
        by_title[TITLE.search(html).group(1).strip()].append(path)
    return {title: paths for title, paths in sorted(by_title.items()) if len(paths) > 1}


# The navigation's titles: the sidebar's links and section labels (not the page's own table of
# contents, whose links start with "#") and the header's tabs.  A title longer than the limit wraps
# to a third line in the sidebar at 1400 px or widens the tab bar; the page's own heading and
# <title> keep the long form.
NAV_TITLE_LIMIT = 40
NAV_LINK = re.compile(r'<a href="([^"]*)" class="md-(?:nav|tabs)__link[^"]*"[^>]*>(.*?)</a>', re.DOTALL)
NAV_LABEL = re.compile(r'<label class="md-nav__link[^"]*"[^>]*>(.*?)</label>', re.DOTALL)
TAG = re.compile(r"<[^>]+>")


def nav_titles(site: Path) -> list[str]:
    """Every title the navigation shows on some page (Material prunes each page's copy), longest first."""
    found = set()
    for path in _html_pages(site):
        page = (site / path.lstrip("/") / "index.html").read_text(encoding="utf-8")
        inner = [text for href, text in NAV_LINK.findall(page) if not href.startswith("#")] + NAV_LABEL.findall(page)
        found |= {" ".join(html.unescape(TAG.sub(" ", text)).split()) for text in inner}
    return sorted(found - {""}, key=lambda title: (-len(title), title))


def summary(sweep: Sweep, site: Path) -> dict:
    """The figures for the record: MEASURE's findings counted at each width it ran at."""
    out = {}
    for name in MEASURED:
        pages = sweep.pages[name]
        out[name] = {
            "pages": len(pages),
            "split_words": sum(len(p["splits"]) for p in pages.values()),
            "pages_with_split_words": sum(bool(p["splits"]) for p in pages.values()),
            "identifier_breaks": sum(len(p["idBreaks"]) for p in pages.values()),
            "wide_code_blocks": sum(len(p["wide"]) for p in pages.values()),
            "pages_with_wide_code": sum(bool(p["wide"]) for p in pages.values()),
            "pages_over_20000px": sorted(path for path, p in pages.items() if p["height"] > 20_000),
            "cut_tables": sum(len(p["cutTables"]) for p in pages.values()),
            "cut_tables_without_cue": sum(len(p["cutWithoutCue"]) for p in pages.values()),
            "tables_cue_left_at_end": sum(len(p["cueAtEnd"]) for p in pages.values()),
            "tables_cut_mid_sentence": sum(len(p["cutMidSentence"]) for p in pages.values()),
            "wrapped_code_lines": sum(p["wrappedCodeLines"] for p in pages.values()),
            "unindented_code_wraps": sum(len(p["unindentedWraps"]) for p in pages.values()),
        }
    out["tabs_cut"] = {width: sum(map(len, found.values())) for width, found in sweep.tabs.items()}
    titles = nav_titles(site)
    out["nav_titles"] = len(titles)
    out["longest_nav_titles"] = [f"{len(title)}: {title}" for title in titles[:5]]
    out["nav_titles_over_limit"] = sum(len(title) > NAV_TITLE_LIMIT for title in titles)
    out["duplicate_titles"] = duplicate_titles(site)
    return out
