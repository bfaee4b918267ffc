"""The hand-written fixed-upstream rows and the scanned history agree where they name the same pull request."""

from __future__ import annotations


def test_a_row_and_the_scanned_fix_of_its_pull_request_name_the_same_first_release(fix_history, fix_context):
    by_pr = {fix.pr_url: fix for fix in fix_history.fixes if fix.pr_url}
    from tools.troubleshooting.facts import curated_entries

    compared, differ = 0, []
    for row in curated_entries().fixed:
        fix = by_pr.get(row.fix)
        if fix is None:
            continue  # a fix not tagged [BugFix], or to code outside the covered folders
        compared += 1
        scanned = fix.first_release or f"after {fix_history.newest_release}, present in {fix_context.torchrl}"
        if scanned != row.fixed_in:
            differ.append((row.slug, row.fixed_in, scanned))
    assert compared >= 5
    assert not differ, f"fixed-upstream rows whose release differs from git's first tag (slug, row, scanned): {differ}"
