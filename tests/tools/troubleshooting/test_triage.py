"""data/troubleshooting/triage.yaml: the triage of reported failures stays consistent with the entries.

Every row names a known verdict and a destination that exists (an entry, a fixed-upstream row, a
page that cites the report, or another row); every report an entry or fixed-upstream row cites is
a row, so the triage is the one list of what has been read.
"""

from __future__ import annotations

import re

import pytest
import yaml

from tools.core.paths import DATA, DOCS

TRIAGE = DATA / "troubleshooting" / "triage.yaml"
ENTRIES = DATA / "troubleshooting.yaml"
VERDICTS = {"entry", "fixed-upstream", "behaviour", "not-reproducible", "duplicate", "out-of-scope"}
FIELDS = {"url", "title", "area", "verdict", "went_to", "also", "mechanism", "checked"}
URL = re.compile(r"^https://github\.com/[\w.-]+/[\w.-]+/(?:issues|pull|discussions)/\d+$")
FOUND_BY_TRYING = "found by trying"


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return yaml.safe_load(TRIAGE.read_text())["rows"]


@pytest.fixture(scope="module")
def curated() -> dict:
    return yaml.safe_load(ENTRIES.read_text())


def test_rows_are_well_formed_and_one_per_report(rows):
    assert len(rows) >= 100, f"only {len(rows)} reports triaged"
    seen = set()
    for row in rows:
        assert set(row) <= FIELDS and {"url", "area", "verdict", "went_to", "checked"} <= set(row), row
        assert URL.match(row["url"]), row["url"]
        assert row["url"] not in seen, f"{row['url']} is triaged twice"
        seen.add(row["url"])
        assert row["verdict"] in VERDICTS, row
        assert row["checked"].strip(), row


def test_every_went_to_exists(rows, curated):
    entries = {e["slug"] for e in curated["entries"]}
    fixed = {e["slug"] for e in curated["fixed_upstream"]}
    urls = {r["url"] for r in rows}
    for row in rows:
        verdict, went_to = row["verdict"], row["went_to"]
        if verdict == "entry":
            assert went_to in entries, f"{row['url']}: no entry {went_to!r} in {ENTRIES.name}"
        elif verdict == "fixed-upstream":
            assert went_to in fixed, f"{row['url']}: no fixed_upstream row {went_to!r} in {ENTRIES.name}"
        elif verdict == "duplicate":
            assert went_to in urls and went_to != row["url"], f"{row['url']}: duplicate of {went_to!r}, not a row"
        elif verdict == "behaviour":
            page, _, _anchor = went_to.partition("#")
            path = DOCS / page
            assert path.is_file(), f"{row['url']}: no page {page}"
            assert row["url"] in path.read_text(), f"{page} does not cite {row['url']} (the behaviour note)"
        elif went_to:  # a feature request answered by a page: that page must exist
            assert (DOCS / went_to.partition("#")[0]).is_file(), f"{row['url']}: no page {went_to}"
        for slug in row.get("also", []):
            assert slug in entries | fixed, f"{row['url']}: also names {slug!r}, neither an entry nor a fixed row"


def test_every_cited_report_is_triaged(rows, curated):
    urls = {r["url"] for r in rows}
    for entry in curated["entries"]:
        source = entry["source"]
        assert source == FOUND_BY_TRYING or source in urls, (
            f"entry {entry['slug']}: its source {source} is not a row of {TRIAGE.name}"
        )
    for row in curated["fixed_upstream"]:
        assert row["reported"] in urls, f"fixed row {row['slug']}: {row['reported']} is not a row of {TRIAGE.name}"
