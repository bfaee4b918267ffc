"""The search ranking suite: queries of five kinds, each with the places that answer it (a support module).

Kinds, and where their queries come from:

- ``pasted``: every troubleshooting entry whose error the build captured, pasted in five forms
  (``FORMS``): its first line; with the reader's own names in place of the quoted ones; the bare
  message without the exception's name; after a traceback's frame line; the whole traceback as
  the one-line search box receives it. Read from the build's inventory and matcher index.
- ``identifier``: every loss, value estimator and trainer class name, and the target updaters,
  each expecting its own page. Read from the inventory.
- ``typo``: each identifier with one seeded edit (a letter dropped, or two swapped).
- ``symptom`` and ``question``: written by hand in ``search-queries.yaml``.

A reader sees, for an error-shaped query, the matcher's answers first (docs/assets/explain-error.js),
then Material's results: one line per page, led by its best section. ``run`` asks both in one
browser tab, through the same worker and query rewrite the search box uses, so the places it
ranks are the ones a reader sees in that order.

Queries whose stable hash falls in ``HELD_OUT_SHARE`` are held out: they are counted apart, so
a ranking change tuned on the others can be judged on queries it was not tuned to.
"""

from __future__ import annotations

import collections
import hashlib
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from tests.support.pasted_errors import READER_SCRIPT, READER_SITE_PACKAGES

KINDS = ("pasted", "symptom", "identifier", "question", "typo")
FORMS = ("first_line", "own_names", "bare", "after_frame", "traceback")
HANDWRITTEN = Path(__file__).with_name("search-queries.yaml")
HELD_OUT_SHARE = 0.3
TOP = 3
# A terminal line's worth of a long first line (test_troubleshooting_search.MAX_QUERY's reason).
MAX_QUERY = 300
OWN_NAME = "my_own_qwzx_key"
QUOTED_NAME = re.compile(r"'[A-Za-z_][\w.]*'")
NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")
# What a reader's terminal prints above an error raised in their script, in a venv of their own.
READER_FRAME = f'File "{READER_SCRIPT}", line 87, in main'
SITE_PACKAGES = f"{READER_SITE_PACKAGES}/"


@dataclass(frozen=True)
class Query:
    kind: str
    text: str
    expect: tuple[str, ...]  # places that answer: "page/" or "page/#anchor"
    form: str = ""  # the pasted form, or the source of a generated query

    @property
    def held_out(self) -> bool:
        digest = hashlib.sha256(f"{self.kind}\0{self.text}".encode()).digest()
        return int.from_bytes(digest[:4], "big") < HELD_OUT_SHARE * 2**32


def _entry_url(page: str) -> str:
    path, _, anchor = page.partition("#")
    return path.removesuffix(".md") + "/" + (f"#{anchor}" if anchor else "")


def _traceback(frames: list[str], first_line: str) -> str:
    """A traceback as a reader's terminal shows it, joined into one line the way the box receives it."""
    lines = ["Traceback (most recent call last):", f"  {READER_FRAME}"]
    for number, frame in enumerate(reversed(frames[-4:]), start=1):
        path, _, function = frame.rpartition(":")
        lines.append(f'  File "{SITE_PACKAGES}{path}", line {100 * number + 11}, in {function}')
    lines.append(first_line)
    return " ".join(lines)


def pasted_queries(inventory: dict, explain_index: dict) -> list[Query]:
    frames = {t["id"]: t.get("frames", []) for t in explain_index["targets"] if t["kind"] == "entry"}
    out = []
    for entry in inventory["troubleshooting"]["entries"]:
        if not entry["error_text"]:
            continue
        first = entry["error_text"].splitlines()[0][:MAX_QUERY]
        expect = (_entry_url(entry["page"]),)
        name, sep, message = first.partition(": ")
        own = NUMBER.sub("7", QUOTED_NAME.sub(f"'{OWN_NAME}'", first))
        forms = {
            "first_line": first,
            "own_names": own if own != first else None,
            "bare": message.strip() if sep and re.fullmatch(r"[\w.]+", name) else None,
            "after_frame": f"{READER_FRAME} {first}",
            "traceback": _traceback(frames.get(entry["slug"], []), first),
        }
        out += [Query("pasted", text, expect, form) for form, text in forms.items() if text]
    return out


def identifier_queries(inventory: dict) -> list[Query]:
    names = {loss["name"]: f"losses/{loss['name']}/" for loss in inventory["losses"]}
    names |= {e["name"]: f"value-estimators/{e['name']}/" for e in inventory["estimators"]}
    names |= {t["name"]: f"trainers/{t['name']}/" for t in inventory["trainers"] if "name" in t}
    names |= {t["name"]: "target-updates/" for t in inventory["targets"].get("updaters", []) if "name" in t}
    return [Query("identifier", name, (page,), "inventory") for name, page in sorted(names.items())]


def typo_queries(identifiers: list[Query], seed: int = 0) -> list[Query]:
    """One edit per identifier: a letter dropped or two neighbours swapped, inside the name (seeded)."""
    rng = random.Random(seed)
    out = []
    for query in identifiers:
        name = query.text
        if len(name) < 5:
            continue
        at = rng.randrange(1, len(name) - 2)
        typo = (
            name[:at] + name[at + 1 :] if rng.random() < 0.5 else name[:at] + name[at + 1] + name[at] + name[at + 2 :]
        )
        if typo != name:
            out.append(Query("typo", typo, query.expect, name))
    return out


def handwritten_queries() -> list[Query]:
    data = yaml.safe_load(HANDWRITTEN.read_text(encoding="utf-8"))
    return [Query(kind, item["query"], tuple(item["expect"]), "hand") for kind, items in data.items() for item in items]


def every_query(site: Path) -> list[Query]:
    inventory = json.loads((site / "inventory.json").read_text(encoding="utf-8"))
    explain_index = json.loads((site / "explain-index.json").read_text(encoding="utf-8"))
    identifiers = identifier_queries(inventory)
    return pasted_queries(inventory, explain_index) + identifiers + typo_queries(identifiers) + handwritten_queries()


# One tab asks the search worker the site ships (through search-query.js's rewrite, which wraps
# every Worker's postMessage) and the matcher, query after query: the places in the order shown.
RUN = r"""async ([workerUrl, indexUrl, queries]) => {
  const index = await (await fetch(indexUrl)).json();
  const explainer = await window.torchrlSearchOrder.loadExplain();  // fetched on demand, as a query does
  const explainIndex = await explainer.loadIndex();
  const worker = new Worker(workerUrl);
  let settle;
  worker.onmessage = event => settle(event.data);
  const answer = message => new Promise(resolve => { settle = resolve; worker.postMessage(message); });
  let reply = await answer({type: 0, data: {config: index.config, docs: index.docs, options: {suggest: false}}});
  const out = [];
  for (const query of queries) {
    reply = await answer({type: 2, data: query});
    while (reply.type !== 3) reply = await new Promise(resolve => { settle = resolve; });
    const matched = window.torchrlExplain.searchAnswers(explainIndex, query).map(result => result.url);
    const pages = reply.data.items.map(group => group[0].location);
    out.push([...matched, ...pages]);
  }
  worker.terminate();
  return out;
}"""


def run(tab, base: str, site: Path, queries: list[Query]) -> list[list[str]]:
    """The places shown for each query, in order (site-relative URLs), asked in ``tab`` (any page of the site)."""
    worker = next((site / "assets" / "javascripts" / "workers").glob("search.*.min.js")).name
    urls = [f"{base}/assets/javascripts/workers/{worker}", f"{base}/search/search_index.json"]
    return tab.evaluate(RUN, [*urls, [q.text for q in queries]])


def rank(query: Query, places: list[str]) -> int | None:
    """The 1-based rank of the first place that answers ``query``, or None."""
    for position, place in enumerate(places, start=1):
        page = place.split("#")[0]
        if any(place == want or ("#" not in want and page == want) for want in query.expect):
            return position
    return None


def tally(queries: list[Query], answers: list[list[str]]) -> dict:
    """Top-1 and top-3 counts per kind (and per pasted form), tuned and held-out queries apart."""
    counts = collections.defaultdict(lambda: {"queries": 0, "top1": 0, "top3": 0})
    for query, places in zip(queries, answers, strict=True):
        found = rank(query, places)
        groups = [query.kind, f"{query.kind}/{'held-out' if query.held_out else 'tuned'}"]
        if query.kind == "pasted":
            groups.append(f"pasted:{query.form}")
        for group in groups:
            counts[group]["queries"] += 1
            counts[group]["top1"] += found == 1
            counts[group]["top3"] += found is not None and found <= TOP
    return {group: dict(c) for group, c in sorted(counts.items())}


def misses(queries: list[Query], answers: list[list[str]], *, held_out: bool | None = None) -> list[str]:
    """Queries not answered in the top 3, with what came first (held-out ones only when asked for)."""
    return [
        f"[{q.kind}{':' + q.form if q.kind == 'pasted' else ''}] {q.text[:120]!r} -> {places[:TOP]} (want {q.expect})"
        for q, places in zip(queries, answers, strict=True)
        if (held_out is None or q.held_out == held_out) and (rank(q, places) or TOP + 1) > TOP
    ]


def measure(site: Path) -> tuple[list[Query], list[list[str]]]:
    """Every query asked of ``site`` (a built site directory) in a browser of its own."""
    from tests.site import serving  # deferred: the tests import this module without serving anything

    queries = every_query(site)
    with serving.served(site) as base, serving.chromium() as browser:
        tab = browser.new_page()
        tab.goto(base + "/", wait_until="networkidle")
        answers = run(tab, base, site, queries)
        tab.close()
    return queries, answers


if __name__ == "__main__":
    # python -m tests.site.ranking SITE_DIR [--misses tuned|held-out|all]: the figures, without pytest.
    import sys

    site_dir = Path(sys.argv[1])
    queries, answers = measure(site_dir)
    for group, c in tally(queries, answers).items():
        print(
            f"{group:26} {c['queries']:4}  top1 {c['top1'] / c['queries']:6.1%}  top3 {c['top3'] / c['queries']:6.1%}"
        )
    if "--misses" in sys.argv:
        which = sys.argv[sys.argv.index("--misses") + 1]
        print("\n".join(misses(queries, answers, held_out={"tuned": False, "held-out": True}.get(which))))
