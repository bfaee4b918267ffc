"""Failure mechanisms: the triage's `mechanism:` slugs, data/troubleshooting/mechanisms.yaml, their code
files, their section on the mechanisms page, what the build captured and what a matcher reads."""

from __future__ import annotations

import pytest
import yaml

from tests.support.fences import extract, python_chains
from tools.core import urls
from tools.core.paths import DATA, DOCS
from tools.site import markers as pages
from tools.troubleshooting.facts import curated, mechanism_key, mechanism_texts, reviewable
from tools.troubleshooting.facts.records import RAISES, SILENT

TRIAGE = DATA / "troubleshooting" / "triage.yaml"
MECHANISMS = DATA / "troubleshooting" / "mechanisms.yaml"
PAGE = DOCS / urls.TROUBLESHOOTING_MECHANISMS


# ---- the shipped data ------------------------------------------------------------------------------


def test_every_mechanism_slug_in_the_triage_is_defined():
    used = {row["mechanism"] for row in yaml.safe_load(TRIAGE.read_text())["rows"] if "mechanism" in row}
    defined = {m["slug"] for m in yaml.safe_load(MECHANISMS.read_text())["mechanisms"]}
    assert used, "no triage row names a mechanism"
    assert used <= defined, f"triage rows name undefined mechanisms: {sorted(used - defined)}"
    assert defined <= used, f"mechanisms no triage row names (no reports): {sorted(defined - used)}"


def test_every_mechanism_has_two_reports_its_entries_and_its_code(troubleshooting_entries):
    entries = {e.slug for e in troubleshooting_entries.entries}
    assert troubleshooting_entries.mechanisms
    for mechanism in troubleshooting_entries.mechanisms:
        assert len(mechanism.reports) >= curated.MIN_REPORTS, mechanism.slug
        assert set(mechanism.entries) <= entries, mechanism.slug
        assert (curated.CODE_DIR / curated.MECHANISM_DIR / f"{mechanism.slug}.py").is_file(), mechanism.slug
        assert mechanism.reproduce.strip() and mechanism.fix.strip(), mechanism.slug
        assert mechanism.kind in (RAISES, SILENT), mechanism.slug


def test_a_report_belongs_to_one_mechanism_at_most(troubleshooting_entries):
    urls_seen = [r.url for m in troubleshooting_entries.mechanisms for r in m.reports]
    assert len(urls_seen) == len(set(urls_seen))


def test_every_mechanism_has_its_section_on_the_page(troubleshooting_entries):
    assert "<!-- gen:troubleshooting.mechanisms -->" in PAGE.read_text()
    markdown = pages.expand(PAGE.read_text(encoding="utf-8"), urls.TROUBLESHOOTING_MECHANISMS).markdown
    for mechanism in troubleshooting_entries.mechanisms:
        assert f"## {mechanism.title} {{ #{mechanism.slug} }}" in markdown, mechanism.slug
        for report in mechanism.reports:
            assert f"({report.url} " in markdown, (mechanism.slug, report.url)


def test_the_page_runner_runs_each_mechanism_s_reproduction_and_fix(troubleshooting_entries):
    """tests/docs runs every Python block the built site shows; these are the mechanisms' two halves, each alone."""
    markdown = pages.expand(PAGE.read_text(encoding="utf-8"), urls.TROUBLESHOOTING_MECHANISMS).markdown
    shown = [chain.code() for chain in python_chains(extract(markdown, urls.TROUBLESHOOTING_MECHANISMS))]
    expected = [code for m in troubleshooting_entries.mechanisms for code in (m.reproduce, m.fix)]
    assert [code.rstrip() for code in shown] == [code.rstrip() for code in expected]


def test_raising_mechanisms_were_captured_and_silent_ones_were_not(troubleshooting_entries, troubleshooting_captures):
    for mechanism in troubleshooting_entries.mechanisms:
        capture = troubleshooting_captures.mechanism(mechanism.slug)
        if mechanism.kind == RAISES:
            assert capture.error_type and capture.error_text, mechanism.slug
            assert capture.error_text.startswith(capture.error_type), mechanism.slug
        else:
            assert capture.error_text is None, mechanism.slug


def test_the_reviewed_texts_hold_every_mechanism(troubleshooting_entries, troubleshooting_captures):
    current = reviewable(troubleshooting_captures)
    for mechanism in troubleshooting_entries.mechanisms:
        assert mechanism_key(mechanism.slug) in current, mechanism.slug
    # An entry's slug and a mechanism's key never meet.
    assert not {e.slug for e in troubleshooting_entries.entries} & {k for k in current if "/" in k}


def test_mechanism_texts_give_a_matcher_the_page_the_text_and_the_frames(troubleshooting_captures):
    texts = mechanism_texts()
    assert texts
    for text in texts:
        capture = troubleshooting_captures.mechanism(text.slug)
        assert text.page == f"{urls.TROUBLESHOOTING_MECHANISMS}#{text.slug}"
        assert (text.error_type, text.error_text, text.frames) == (
            capture.error_type,
            capture.error_text,
            list(capture.frames),
        )
    # Most mechanisms fail inside torchrl, and their frames say where.
    assert any(frame.startswith("torchrl/") for text in texts for frame in text.frames)


def test_the_inventory_lists_every_mechanism(troubleshooting_entries):
    from tools.troubleshooting.views.concern import inventory
    from tools.troubleshooting.views.schema import MECHANISMS as SCHEMA

    rows = inventory()["mechanisms"]
    assert [row["slug"] for row in rows] == [m.slug for m in troubleshooting_entries.mechanisms]
    for row in rows:
        assert set(row) == set(SCHEMA["items"]["properties"]), row["slug"]
        assert row["reports"] and all(url.startswith("https://github.com/") for url in row["reports"])


# ---- the loader names each problem ------------------------------------------------------------------


MECHANISM = {
    "slug": "two-sides",
    "title": "Two sides disagree",
    "user_side": "Yours.",
    "torchrl_side": "Theirs.",
    "how": "They meet.",
    "kind": RAISES,
    "entries": ["a-b"],
}
CODE = "x = 1\n# ---- fix ----\ny = 2\n"


def _row(url: str, **over) -> dict:
    row = {"url": url, "title": "A report", "verdict": "entry", "went_to": "a-b", "checked": "ran it"}
    row.update(over)
    return row


def _write(tmp_path, mechanisms, rows, files):
    data = tmp_path / "troubleshooting.yaml"
    entry = {"slug": "a-b", "area": "keys", "symptom": "KeyError", "cause": "Why.", "source": "found by trying"}
    data.write_text(yaml.safe_dump({"areas": {"keys": "Keys"}, "entries": [{**entry, "links": {}}]}))
    code = tmp_path / "troubleshooting"
    (code / "fixed").mkdir(parents=True)
    (code / "mechanisms").mkdir()
    (code / "a-b.py").write_text(CODE)
    (code / "mechanisms.yaml").write_text(yaml.safe_dump({"mechanisms": mechanisms}))
    (code / "triage.yaml").write_text(yaml.safe_dump({"rows": rows}))
    for name, text in files.items():
        (code / "mechanisms" / name).write_text(text)
    return data, code


TWO_REPORTS = [
    _row("https://github.com/pytorch/rl/issues/1", mechanism="two-sides"),
    _row("https://github.com/pytorch/rl/issues/2", verdict="duplicate", mechanism="two-sides"),
]


def test_a_valid_mechanism_loads_with_its_reports_and_blocks(tmp_path):
    data, code = _write(
        tmp_path, [MECHANISM], [*TWO_REPORTS, _row("https://github.com/x/y/issues/3")], {"two-sides.py": CODE}
    )
    (mechanism,) = curated.load(data, code).mechanisms
    assert [r.url for r in mechanism.reports] == [r["url"] for r in TWO_REPORTS]
    assert (mechanism.reproduce, mechanism.fix, mechanism.entries) == ("x = 1\n", "y = 2\n", ["a-b"])


def test_without_a_mechanisms_file_there_are_none(tmp_path):
    data, code = _write(tmp_path, [], [], {})
    (code / "mechanisms.yaml").unlink()
    assert curated.load(data, code).mechanisms == []


@pytest.mark.parametrize(
    "mechanisms, rows, files, says",
    [
        ([MECHANISM], TWO_REPORTS[:1], {"two-sides.py": CODE}, "has 1 report"),
        (
            [MECHANISM],
            [*TWO_REPORTS, _row("https://x.y/3", mechanism="other")],
            {"two-sides.py": CODE},
            "does not define",
        ),
        ([{**MECHANISM, "entries": ["nope"]}], TWO_REPORTS, {"two-sides.py": CODE}, "entries that do not exist"),
        ([MECHANISM], TWO_REPORTS, {}, "has no code file"),
        ([MECHANISM], TWO_REPORTS, {"two-sides.py": "x = 1\n"}, "no '# ---- fix ----' line"),
        ([MECHANISM], TWO_REPORTS, {"two-sides.py": CODE, "stray.py": CODE}, "no mechanism of"),
        ([{**MECHANISM, "kind": "elsewhere"}], TWO_REPORTS, {"two-sides.py": CODE}, "kind must be"),
        ([{**MECHANISM, "reports": []}], TWO_REPORTS, {"two-sides.py": CODE}, r"unknown \['reports'\]"),
        (
            [MECHANISM],
            [*TWO_REPORTS, _row("https://x.y/3", verdict="out-of-scope", mechanism="two-sides")],
            {"two-sides.py": CODE},
            "only a report of a failure",
        ),
    ],
)
def test_problems_are_named(tmp_path, mechanisms, rows, files, says):
    data, code = _write(tmp_path, mechanisms, rows, files)
    with pytest.raises(curated.CuratedDataError, match=says):
        curated.load(data, code)
