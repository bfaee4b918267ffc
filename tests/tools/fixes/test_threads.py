"""The pull-request and issue threads' facts agree with the fix history, and keep nothing of held-out reports."""

from __future__ import annotations

import pytest
import yaml

from tools.core.paths import DATA
from tools.fixes.facts import history, thread_facts
from tools.fixes.facts import threads as threads_module
from tools.fixes.facts.threads import ThreadDataError, load_threads


def test_every_thread_belongs_to_a_fix_and_names_described_issues():
    found = thread_facts()
    prs = {fix.pr for fix in history().fixes}
    assert found.threads and all(t.pr in prs for t in found.threads)
    assert sum(1 for t in found.threads if t.fixes) > 10


def test_nothing_of_a_held_out_report_is_kept():
    held_out = {
        row["url"]
        for sample in ("held-out.yaml", "independent.yaml")
        for row in yaml.safe_load((DATA / "troubleshooting" / sample).read_text())["rows"]
    }
    pulls = {int(url.rsplit("/", 1)[1]) for url in held_out if "/pytorch/rl/pull/" in url}
    for thread in thread_facts().threads:
        if thread.pr in pulls:
            assert not thread.found and not thread.fixes and not thread.error_texts, thread.pr
        for issue in thread.fixes:
            if issue.url in held_out:
                assert issue.held_out and not issue.title and not issue.error_texts, issue.url


def _write(tmp_path, monkeypatch, data: dict):
    path = tmp_path / "threads.yaml"
    path.write_text(yaml.safe_dump(data))
    monkeypatch.setattr(threads_module, "THREADS_FILE", path)


@pytest.mark.parametrize(
    "data, message",
    [
        ({"threads": [{"pr": 999999, "found": True}]}, "no fix of data/fix-history.json"),
        ({"issues": [{"number": 5, "title": "t"}]}, "no pull request fixes them"),
        ({"issues": [{"number": 5, "held_out": True, "title": "t"}]}, "held out"),
    ],
)
def test_disagreements_are_named(tmp_path, monkeypatch, data, message):
    _write(tmp_path, monkeypatch, data)
    with pytest.raises(ThreadDataError, match=message):
        load_threads(history())


def test_an_issue_no_thread_describes_is_refused(tmp_path, monkeypatch):
    pr = next(fix.pr for fix in history().fixes if fix.pr is not None)
    _write(tmp_path, monkeypatch, {"threads": [{"pr": pr, "found": True, "fixes": [7]}], "issues": []})
    with pytest.raises(ThreadDataError, match=r"fixes issues \[7\]"):
        load_threads(history())
