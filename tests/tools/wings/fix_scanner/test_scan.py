"""The scanner on a tiny repository made by the tests: which commits, and what it records of each."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tools.core.paths import ROOT
from tools.fixes.facts.records import MESSAGE, RaisedBefore, decode
from tools.wings.fix_scanner.scan import render_json, scan


@pytest.fixture(scope="module")
def history(tiny_repo):
    return scan(tiny_repo.git_dir, "main")


def _fix(history, sha):
    return next(f for f in history.fixes if f.sha == sha)


def test_only_fixes_that_touched_the_covered_paths_newest_first(history, tiny_repo):
    s = tiny_repo.shas
    assert [f.sha for f in history.fixes] == [s["messages"], s["late"], s["decorator"], s["helper"], s["forward"]]
    assert history.commit == tiny_repo.git("rev-parse", "main").strip()
    assert history.newest_release == "1.0.0"  # v0.9.0rc1 is no release tag


def test_what_a_fix_records(history, tiny_repo):
    fix = _fix(history, tiny_repo.shas["forward"])
    assert fix.subject == "[BugFix] Fix PPOLoss.forward (#12)"
    assert (fix.pr, fix.pr_url) == (12, "https://github.com/pytorch/rl/pull/12")
    assert fix.date == "2024-01-02"
    assert fix.issues == [
        "https://github.com/pytorch/rl/issues/5",
        "https://github.com/pytorch/rl/issues/6",
        "https://github.com/pytorch/pytorch/issues/7",
        "https://github.com/pytorch/rl/issues/9",
    ]
    assert fix.error_texts == ["KeyError: 'action'"]
    assert fix.files == ["torchrl/objectives/ppo.py"]
    assert fix.objects == {"torchrl/objectives/ppo.py": ["PPOLoss.forward"]}
    assert fix.reverted_by == tiny_repo.shas["revert"]


def test_the_first_release_is_the_lowest_version_not_the_first_name(history, tiny_repo):
    # v0.1.0 shares its name with a branch; v0.10.0 sorts before v0.9.0 as text.
    assert _fix(history, tiny_repo.shas["forward"]).first_release == "v0.1.0"
    assert _fix(history, tiny_repo.shas["helper"]).first_release == "v0.9.0"
    assert _fix(history, tiny_repo.shas["decorator"]).first_release == "1.0.0"
    late = _fix(history, tiny_repo.shas["late"])
    assert late.first_release is None
    assert late.objects == {"torchrl/objectives/ppo.py": ["ClipPPOLoss.forward"]}


def test_deleted_lines_are_read_in_the_parent(history, tiny_repo):
    fix = _fix(history, tiny_repo.shas["helper"])
    assert fix.objects == {"torchrl/objectives/ppo.py": ["_helper"]}
    assert fix.pr == 14  # from the message: the subject has no number


def test_decorators_class_bodies_and_scripts(history, tiny_repo):
    fix = _fix(history, tiny_repo.shas["decorator"])
    assert fix.files == ["sota-implementations/ppo/ppo.py", "torchrl/objectives/ppo.py"]
    assert fix.objects == {
        "sota-implementations/ppo/ppo.py": ["main"],
        "torchrl/objectives/ppo.py": ["PPOLoss", "PPOLoss.scale"],
    }


def test_the_messages_a_fix_changed_are_read_in_the_parent(history, tiny_repo):
    fix = _fix(history, tiny_repo.shas["messages"])
    assert fix.raised_before == [
        RaisedBefore(
            "torchrl/objectives/value.py",
            "check",
            "ValueError",
            ["gamma must be at most one, got ", ""],
            ["gamma"],
            MESSAGE,
        )
    ]
    assert fix.raised_before[0].template() == "gamma must be at most one, got {gamma}"
    # The warning and its test are unchanged; a fix that changed no raise or warn records none.
    assert _fix(history, tiny_repo.shas["late"]).raised_before == []


def test_the_file_records_its_commit_paths_and_rules_and_round_trips(history):
    data = json.loads(render_json(history))
    assert list(data)[:5] == ["repository", "commit", "newest_release", "covered_paths", "rules"]
    assert {"bug_fix", "pull_request", "issues", "error_texts", "objects", "first_release", "raised_before"} <= set(
        data["rules"]
    )
    assert decode(data) == history


def test_a_second_scan_gives_the_same_bytes(history, tiny_repo):
    assert render_json(scan(tiny_repo.git_dir, history.commit)) == render_json(history)


# --- the command ---------------------------------------------------------------------------------


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tools.wings.fix_scanner", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def _fails_cleanly(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("python -m tools.wings.fix_scanner: error: ")
    for word in words:
        assert word in done.stderr, done.stderr


def test_the_command_writes_the_file(tiny_repo, history, tmp_path):
    out = tmp_path / "fix-history.json"
    done = _run(str(tiny_repo.git_dir), "--commit", history.commit, "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8") == render_json(history)


def test_a_missing_git_directory(tmp_path):
    _fails_cleanly(_run(str(tmp_path / "nowhere")), "does not exist", "git clone --bare")


def test_a_folder_that_is_no_git_directory(tmp_path):
    _fails_cleanly(_run(str(tmp_path)), "is not a git directory")


def test_an_unknown_commit(tiny_repo):
    _fails_cleanly(_run(str(tiny_repo.git_dir), "--commit", "0" * 40), "has no commit", "--commit")


def test_an_output_folder_that_does_not_exist(tiny_repo, tmp_path):
    _fails_cleanly(_run(str(tiny_repo.git_dir), "-o", str(tmp_path / "no" / "x.json")), "folder does not exist")
