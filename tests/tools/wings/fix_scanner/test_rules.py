"""The message rules, one example each: which subjects are fixes, and what a message says."""

from __future__ import annotations

import pytest

from tools.wings.fix_scanner import rules


@pytest.mark.parametrize(
    "subject",
    [
        "[BugFix] Fix a thing (#1)",
        "[Bugfix] lower case",
        "[BUGFIX] upper case",
        "[Bug Fix] with a space",
        "[BugFIx] a typo in the tag",
        "[Feature, BugFix] two tags",
        "[CI,BugFix] no space",
        "[Algorithm] [BugFix] two lists",
        "[bug-fix] dashed",
        "BugFix: the early prefix",
        "[BUG] Missing import (#3)",
        "[Fix] a short tag",
    ],
)
def test_a_fix(subject):
    assert rules.is_bug_fix(subject)


@pytest.mark.parametrize(
    "subject",
    [
        "[Feature] Add a thing (#2)",
        "Fix a thing without a tag",
        "REDQ pixels bugfix",
        "[BugFixes-in-progress] not the tag",
        "[Debug] a word holding 'bug'",
        "[Prefix] a word holding 'fix'",
        'Revert "[BugFix] Fixed Additive noise (#441)" (#442)',
    ],
)
def test_not_a_fix(subject):
    assert not rules.is_bug_fix(subject)


def test_the_pull_request_is_the_last_number_of_the_subject_then_the_message():
    assert rules.pull_request("[BugFix] Fix #3 of (#4) (#5)", "", "pytorch/rl") == 5
    message = "subject\n\nghstack-source-id: abc\nPull Request resolved: https://github.com/pytorch/rl/pull/2889\n"
    assert rules.pull_request("[BugFix] no number", message, "pytorch/rl") == 2889
    assert rules.pull_request("x", "Pull-Request: https://github.com/pytorch/rl/pull/4073", "pytorch/rl") == 4073
    # Another repository's pull request is not this fix's.
    assert rules.pull_request("x", "Pull Request resolved: https://github.com/other/rl/pull/1", "pytorch/rl") is None


def test_issues_named_as_fixed_and_issue_urls():
    message = (
        "Fixes #5, #6 and pytorch/pytorch#7\ncloses: #8\nSee https://github.com/pytorch/rl/issues/9.\n"
        "Pull Request resolved: https://github.com/pytorch/rl/pull/10\nprefix #11 is no closing word\n"
    )
    assert rules.fixed_issues(message, "pytorch/rl") == [
        "https://github.com/pytorch/rl/issues/5",
        "https://github.com/pytorch/rl/issues/6",
        "https://github.com/pytorch/pytorch/issues/7",
        "https://github.com/pytorch/rl/issues/8",
        "https://github.com/pytorch/rl/issues/9",
    ]


def test_error_lines_quoted_in_a_message():
    message = (
        "[BugFix] Fix a KeyError\n\nIt raised\n\n    KeyError: 'action'\n> torch.fx.TraceError: bad\n"
        "- `UserWarning: careful`\nraises TimeoutError; no colon after it\nKeyError: 'action'\n"
    )
    assert rules.error_texts(message) == ["KeyError: 'action'", "torch.fx.TraceError: bad", "UserWarning: careful"]


def test_a_revert_names_the_commit_it_reverts():
    sha = "409c293887156b89b15568cd13e968ec0e2de5ed"
    assert rules.reverted_commit(f"Revert x\n\nThis reverts commit {sha}.\n") == sha
    assert rules.reverted_commit("nothing") is None
