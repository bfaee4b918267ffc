"""The messages older releases said that the scanned commit no longer does, on a repository the test makes."""

from __future__ import annotations

import pytest

from tests.tools.wings.fix_scanner.conftest import TinyRepo
from tools.fixes.facts.records import EarlierMessage
from tools.wings.fix_scanner.earlier import earlier_messages
from tools.wings.fix_scanner.git import Git

V1 = """\
def check(gamma, n):
    if gamma > 1:
        raise ValueError(f"gamma must be at most one, got {gamma}")
    if n < 0:
        raise ValueError("n must not be negative in this release")
    raise KeyError("short")
"""


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> TinyRepo:
    work = tmp_path_factory.mktemp("earlier") / "rl"
    work.mkdir()
    repo = TinyRepo(work / ".git", work)
    repo.git("init", "-q", "-b", "main")
    repo.write("torchrl/objectives/value.py", V1)
    repo.write(
        "torchrl/data/tensordict/td.py", 'def get(key):\n    raise KeyError(f"key {key} is not in this tensordict")\n'
    )
    repo.commit("one", "[Feature] Checks")
    repo.git("tag", "v0.1.0")
    repo.write("torchrl/objectives/value.py", V1.replace("at most one, got", "at most 1, got"))
    repo.commit("two", "[Refactor] Reword")
    repo.git("tag", "v0.2.0")
    repo.write(
        "torchrl/objectives/value.py", V1.replace("at most one, got", "at most 1, got").replace("in this release", "")
    )
    (work / "torchrl/data/tensordict/td.py").unlink()
    repo.commit("three", "[Feature] Shorter, and tensordict moved out")
    return repo


def test_each_message_a_release_said_and_the_head_does_not(repo):
    git = Git(repo.git_dir)
    with git.blobs() as blobs:
        found = earlier_messages(git, blobs, repo.shas["three"], ["v0.1.0", "v0.2.0"])
    by_text = {m.template(): m for m in found}
    assert by_text["gamma must be at most one, got {gamma}"] == EarlierMessage(
        "ValueError",
        ["gamma must be at most one, got ", ""],
        ["gamma"],
        "torchrl/objectives/value.py",
        "check",
        "v0.1.0",
        "v0.1.0",
        "v0.2.0",
    )
    # Said by both releases, gone after the newest: no later release to name.
    assert by_text["n must not be negative in this release"].last == "v0.2.0"
    assert by_text["n must not be negative in this release"].gone_in is None
    # The scanner reads the whole covered tree, the folder that became tensordict included (the build
    # leaves that one out); a message with too little fixed text is no message to match.
    assert "key {key} is not in this tensordict" in by_text
    assert "short" not in by_text
    assert "gamma must be at most 1, got {gamma}" not in by_text
