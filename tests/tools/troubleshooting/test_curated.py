"""data/troubleshooting.yaml and the entry code files: complete, consistent, and as the issue asks."""

from __future__ import annotations

import collections
import re

import pytest
import yaml

from tools.core.paths import DATA
from tools.troubleshooting.facts import curated
from tools.troubleshooting.facts.records import ELSEWHERE, RAISES, SILENT


def test_the_shipped_entries_meet_the_issue(troubleshooting_entries):
    entries = troubleshooting_entries.entries
    assert len(entries) >= 40
    reported = [e for e in entries if e.reported]
    assert len(reported) + len(troubleshooting_entries.fixed) >= 20, (
        f"only {len(reported)} entries come from reported failures"
    )
    # At least half of the entries come from failures users reported.
    assert 2 * len(reported) > len(entries), f"{len(reported)} of {len(entries)} entries come from reported failures"
    assert {e.kind for e in entries} == {RAISES, SILENT, ELSEWHERE}


def test_every_area_has_its_page(troubleshooting_entries):
    from tools.core.paths import DOCS

    for area in troubleshooting_entries.areas:
        page = DOCS / "troubleshooting" / f"{area.slug}.md"
        assert f"<!-- gen:troubleshooting.area {area.slug} -->" in page.read_text(), page


def _write(tmp_path, entries, files, fixed=()):
    data = tmp_path / "troubleshooting.yaml"
    data.write_text(yaml.safe_dump({"areas": {"keys": "Keys"}, "entries": entries, "fixed_upstream": list(fixed)}))
    code = tmp_path / "troubleshooting"
    (code / "fixed").mkdir(parents=True)
    for name, text in files.items():
        (code / name).write_text(text)
    return data, code


def _entry(**over):
    entry = {
        "slug": "a-b",
        "area": "keys",
        "symptom": "KeyError",
        "cause": "Why.",
        "source": "found by trying",
        "links": {"DQNLoss": "losses/DQNLoss.md"},
    }
    entry.update(over)
    return entry


def test_a_valid_entry_loads_with_its_two_blocks(tmp_path):
    data, code = _write(tmp_path, [_entry()], {"a-b.py": "x = 1\n# ---- fix ----\ny = 2\n"})
    loaded = curated.load(data, code)
    assert loaded.entries[0].reproduce == "x = 1\n" and loaded.entries[0].fix == "y = 2\n"
    assert loaded.entries[0].links == [["DQNLoss", "losses/DQNLoss.md"]]


@pytest.mark.parametrize(
    "entry, files, says",
    [
        (_entry(), {}, "has no code file"),
        (_entry(), {"a-b.py": "x = 1\n"}, "no '# ---- fix ----' line"),
        (_entry(source="the GitHub thread"), {"a-b.py": "x\n# ---- fix ----\ny\n"}, "source must be"),
        (_entry(area="nowhere"), {"a-b.py": "x\n# ---- fix ----\ny\n"}, "unknown area"),
        (_entry(kind="quiet"), {"a-b.py": "x\n# ---- fix ----\ny\n"}, "kind must be"),
        (_entry(), {"a-b.py": "x\n# ---- fix ----\ny\n", "orphan.py": "z\n"}, "no entry of"),
    ],
)
def test_problems_are_named(tmp_path, entry, files, says):
    data, code = _write(tmp_path, [entry], files)
    with pytest.raises(curated.CuratedDataError, match=says):
        curated.load(data, code)


@pytest.mark.parametrize("wiring", [["loss"], ["loss", "not a name"], "loss, batch"])
def test_wiring_names_two_variables(tmp_path, wiring):
    data, code = _write(tmp_path, [_entry(wiring=wiring)], {"a-b.py": "x\n# ---- fix ----\ny\n"})
    with pytest.raises(curated.CuratedDataError, match=r"wiring is \[loss, data\]"):
        curated.load(data, code)


# An error text that several causes raise ("value key ... not found", "must share a unique shape")
# gave look-alike headings: each entry of such a text names its cause in its heading, in brackets.
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]")
_CAUSE = re.compile(r"\s*\([^()]*\)\s*$")


def test_entries_sharing_an_error_text_name_their_cause_in_their_heading():
    by_text = collections.defaultdict(list)
    for entry in yaml.safe_load((DATA / "troubleshooting.yaml").read_text(encoding="utf-8"))["entries"]:
        shared = _QUOTED.sub("…", _CAUSE.sub("", entry["symptom"]))
        by_text[shared].append(entry["symptom"])
    unnamed = {text: s for text, s in by_text.items() if len(s) > 1 and not all(_CAUSE.search(x) for x in s)}
    assert not unnamed, f"headings sharing an error text without a cause in brackets: {unnamed}"
