"""data/fix-history.json: the bug fixes ``python -m tools.wings.fix_scanner`` read from a pytorch/rl commit, checked."""

from __future__ import annotations

import json
import re

from tools.core.paths import DATA
from tools.fixes.facts.records import COVERED_PATHS, RELEASE_TAG, FixHistory, decode, release_version

FIX_DATA = DATA / "fix-history.json"
# Records computed from this module are keyed on this file too (tools.core.cache).
__cache_inputs__ = ("data/fix-history.json",)
REFRESH_COMMAND = "make fix-history"

_SHA = re.compile(r"[0-9a-f]{40}")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class FixDataError(Exception):
    """data/fix-history.json is missing or not what the scanner writes; the message says how to regenerate it."""


def load_history() -> FixHistory:
    if not FIX_DATA.exists():
        raise FixDataError(f"{FIX_DATA} is missing; run '{REFRESH_COMMAND}' with a fetched pytorch/rl mirror")
    try:
        history = decode(json.loads(FIX_DATA.read_text(encoding="utf-8")))
    except (ValueError, KeyError, TypeError) as exc:
        raise FixDataError(f"{FIX_DATA} is not a history the scanner wrote ({exc}); run '{REFRESH_COMMAND}'") from None
    problems = problems_in(history)
    if problems:
        raise FixDataError(
            f"{FIX_DATA} is not a history the scanner writes: {'; '.join(problems[:5])}; run '{REFRESH_COMMAND}'"
        )
    return history


def problems_in(history: FixHistory) -> list[str]:
    """What makes ``history`` differ from what the scanner writes (empty when nothing does)."""
    problems = []
    if not _SHA.fullmatch(history.commit):
        problems.append(f"the scanned commit {history.commit!r} is no full hash")
    if not RELEASE_TAG.match(history.newest_release):
        problems.append(f"the newest release {history.newest_release!r} is no release tag (vX.Y.Z)")
    if list(history.covered_paths) != list(COVERED_PATHS):
        problems.append(f"it covers {history.covered_paths}, this site documents {list(COVERED_PATHS)}")
    seen: set[str] = set()
    for fix in history.fixes:
        where = f"fix {fix.sha[:12]}"
        if not _SHA.fullmatch(fix.sha) or fix.sha in seen:
            problems.append(f"{where}: a hash that is malformed or listed twice")
        seen.add(fix.sha)
        if not _DATE.fullmatch(fix.date):
            problems.append(f"{where}: date {fix.date!r} is not YYYY-MM-DD")
        expected_url = f"https://github.com/{history.repository}/pull/{fix.pr}" if fix.pr is not None else ""
        if fix.pr_url != expected_url:
            problems.append(f"{where}: pull request URL {fix.pr_url!r} does not match #{fix.pr}")
        if fix.first_release is not None and (
            not RELEASE_TAG.match(fix.first_release)
            or release_version(fix.first_release) > release_version(history.newest_release)
        ):
            problems.append(
                f"{where}: first release {fix.first_release!r} is no release up to {history.newest_release}"
            )
        if not fix.files or any(not f.startswith(tuple(f"{p}/" for p in COVERED_PATHS)) for f in fix.files):
            problems.append(f"{where}: files outside the covered paths, or none")
        if not set(fix.objects) <= set(fix.files):
            problems.append(f"{where}: objects in files it did not change")
    dates = [fix.date for fix in history.fixes]
    if dates != sorted(dates, reverse=True):
        problems.append("the fixes are not newest first")
    return problems
