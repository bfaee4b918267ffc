"""data/troubleshooting.yaml and data/troubleshooting/*.py: the entries, checked for completeness.

Each entry's code lives in one file, ``data/troubleshooting/<slug>.py``: the
reproduction, a line ``# ---- fix ----``, then the fix.  The page shows both
parts as they are, the build runs the reproduction to capture its error, and
the tests run both parts.  Running the whole file runs both too.
Fixed-upstream rows keep their "it works now" block in
``data/troubleshooting/fixed/<slug>.py``.

Mechanisms (``data/troubleshooting/mechanisms.yaml``) group the triaged reports
by what in the user's code meets what in torchrl's: a report belongs to the
mechanism its row in ``data/troubleshooting/triage.yaml`` names
(``mechanism:``), and each mechanism has one code file in the same format,
``data/troubleshooting/mechanisms/<slug>.py``.
"""

from __future__ import annotations

import re

from tools.core.paths import DATA, ROOT
from tools.core.yaml_files import read_yaml
from tools.troubleshooting.facts.records import (
    ELSEWHERE,
    RAISES,
    SILENT,
    Area,
    Curated,
    Entry,
    FixedUpstream,
    Mechanism,
    Report,
)

CURATED_FILE = DATA / "troubleshooting.yaml"
CODE_DIR = DATA / "troubleshooting"
# Records computed from this module are keyed on these files too (tools.core.cache).
__cache_inputs__ = ("data/troubleshooting.yaml", "data/troubleshooting")
FIX_MARKER = "# ---- fix ----"
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ISSUE_URL = re.compile(r"^https://github\.com/[\w.-]+/[\w.-]+/(?:issues|pull)/\d+$")
FOUND_BY_TRYING = "found by trying"
ENTRY_FIELDS = {"slug", "area", "symptom", "kind", "cause", "source", "links", "fix_console", "wiring"}
REQUIRED_ENTRY_FIELDS = ENTRY_FIELDS - {"kind", "fix_console", "wiring"}
FIXED_FIELDS = {"slug", "summary", "reported", "fix", "fixed_in"}
OPTIONAL_FIXED_FIELDS = {"checked"}
MECHANISMS_FILE = "mechanisms.yaml"  # beside the entries' code files, as the triage is
TRIAGE_FILE = "triage.yaml"
MECHANISM_DIR = "mechanisms"
MECHANISM_FIELDS = {"slug", "title", "user_side", "torchrl_side", "how", "kind", "entries"}
# The verdicts of a report that tells how something failed (or was feared to): out-of-scope rows have none.
MECHANISM_VERDICTS = {"entry", "fixed-upstream", "behaviour", "not-reproducible", "duplicate"}
# A mechanism is a shape several reports share; one report is an entry, not a mechanism.
MIN_REPORTS = 2


class CuratedDataError(Exception):
    """The troubleshooting data is incomplete or inconsistent; the message names the entry and the file."""


def _shown(path) -> str:
    """A path as messages show it: relative to the project when it is inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _split(path, problems: list[str]) -> tuple[str, str]:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    markers = [i for i, line in enumerate(lines) if line.strip() == FIX_MARKER]
    if len(markers) > 1:
        problems.append(f"{_shown(path)}: more than one '{FIX_MARKER}' line")
    if not markers:
        return text.strip("\n") + "\n", ""
    cut = markers[0]
    return "\n".join(lines[:cut]).strip("\n") + "\n", "\n".join(lines[cut + 1 :]).strip("\n") + "\n"


def load(path=CURATED_FILE, code_dir=CODE_DIR) -> Curated:
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    raw = read_yaml(path) or {}
    problems: list[str] = []
    areas = [Area(slug, title) for slug, title in (raw.get("areas") or {}).items()]
    entries = _entries(raw.get("entries") or [], {a.slug for a in areas}, where, code_dir, problems)
    fixed = _fixed_upstream(raw.get("fixed_upstream") or [], where, code_dir, problems)
    known = {e.slug for e in entries} | {f"fixed/{f.slug}" for f in fixed}
    orphans = [p for p in code_dir.glob("*.py") if p.stem not in known]
    orphans += [p for p in (code_dir / "fixed").glob("*.py") if f"fixed/{p.stem}" not in known]
    if orphans:
        problems.append(
            f"code files no entry of {where} names (add the entry or delete them): "
            + ", ".join(sorted(_shown(p) for p in orphans))
        )
    empty = [a.slug for a in areas if not any(e.area == a.slug for e in entries)]
    if empty:
        problems.append(f"{where}: areas without entries: {empty}")
    mechanisms = load_mechanisms(code_dir, {e.slug for e in entries}, problems)
    if problems:
        raise CuratedDataError("\n".join(problems))
    return Curated(areas, entries, fixed, mechanisms)


def _entries(items: list[dict], area_slugs: set[str], where, code_dir, problems: list[str]) -> list[Entry]:
    entries, seen = [], set()
    for item in items:
        slug = item.get("slug", "?")
        missing = REQUIRED_ENTRY_FIELDS - set(item)
        extra = set(item) - ENTRY_FIELDS
        if missing or extra:
            problems.append(f"{where}: entry {slug!r}: missing {sorted(missing)}, unknown {sorted(extra)}")
            continue
        if not SLUG.match(slug) or slug in seen:
            problems.append(f"{where}: entry slug {slug!r} is not lower-case-with-dashes or is used twice")
        seen.add(slug)
        entry = _entry(item, slug, area_slugs, where, code_dir, problems)
        if entry is not None:
            entries.append(entry)
    return entries


def _entry(item: dict, slug: str, area_slugs: set[str], where, code_dir, problems: list[str]) -> Entry | None:
    kind = item.get("kind", RAISES)
    if kind not in (RAISES, SILENT, ELSEWHERE):
        problems.append(f"{where}: entry {slug!r}: kind must be {RAISES}, {SILENT} or {ELSEWHERE}")
    if item["area"] not in area_slugs:
        problems.append(f"{where}: entry {slug!r}: unknown area {item['area']!r} (areas: {sorted(area_slugs)})")
    source = item["source"]
    if source != FOUND_BY_TRYING and not ISSUE_URL.match(source):
        problems.append(f"{where}: entry {slug!r}: source must be an issue or pull-request URL or {FOUND_BY_TRYING!r}")
    code = code_dir / f"{slug}.py"
    if not code.is_file():
        problems.append(f"{where}: entry {slug!r} has no code file {_shown(code)}")
        return None
    reproduce, fix = _split(code, problems)
    if kind == ELSEWHERE:
        if fix or not item.get("fix_console"):
            problems.append(f"{where}: entry {slug!r}: an '{ELSEWHERE}' entry has a check block and a fix_console")
    elif not fix:
        problems.append(f"{_shown(code)}: no '{FIX_MARKER}' line followed by the fix")
    wiring = item.get("wiring") or []
    if wiring and not (
        isinstance(wiring, list) and len(wiring) == 2 and all(isinstance(n, str) and n.isidentifier() for n in wiring)
    ):
        problems.append(
            f"{where}: entry {slug!r}: wiring is [loss, data], the names of two variables of its reproduction"
        )
    return Entry(
        slug=slug,
        area=item["area"],
        symptom=item["symptom"].strip(),
        kind=kind,
        cause=" ".join(item["cause"].split()),
        source=source,
        links=[[label, target] for label, target in (item["links"] or {}).items()],
        reproduce=reproduce,
        fix=fix,
        fix_console=(item.get("fix_console") or "").strip(),
        wiring=list(wiring),
    )


def _fixed_upstream(items: list[dict], where, code_dir, problems: list[str]) -> list[FixedUpstream]:
    fixed = []
    for item in items:
        slug = item.get("slug", "?")
        if not FIXED_FIELDS <= set(item) <= FIXED_FIELDS | OPTIONAL_FIXED_FIELDS:
            problems.append(
                f"{where}: fixed_upstream {slug!r} must have the fields {sorted(FIXED_FIELDS)} "
                f"(and may have {sorted(OPTIONAL_FIXED_FIELDS)})"
            )
            continue
        if not (ISSUE_URL.match(item["reported"]) and ISSUE_URL.match(item["fix"])):
            problems.append(f"{where}: fixed_upstream {slug!r}: reported and fix must be GitHub issue/PR URLs")
        code = code_dir / "fixed" / f"{slug}.py"
        if not code.is_file():
            problems.append(f"{where}: fixed_upstream {slug!r} has no code file {_shown(code)}")
            continue
        fixed.append(
            FixedUpstream(
                slug,
                item["summary"].strip(),
                item["reported"],
                item["fix"],
                str(item["fixed_in"]),
                code.read_text(encoding="utf-8").strip("\n") + "\n",
                " ".join(str(item.get("checked") or "").split()),
            )
        )
    return fixed


def _prose(text) -> str:
    return " ".join(str(text or "").split())


def _triage_reports(triage, problems: list[str]) -> dict[str, list[Report]]:
    """mechanism slug -> the triage rows that name it, in the triage's order."""
    if not triage.is_file():
        return {}
    rows = (read_yaml(triage) or {}).get("rows") or []
    reports: dict[str, list[Report]] = {}
    for row in rows:
        slug = row.get("mechanism")
        if slug is None:
            continue
        if row.get("verdict") not in MECHANISM_VERDICTS:
            problems.append(
                f"{_shown(triage)}: {row.get('url')} is {row.get('verdict')!r}: only a report of a failure "
                f"({', '.join(sorted(MECHANISM_VERDICTS))}) belongs to a mechanism"
            )
        reports.setdefault(slug, []).append(
            Report(row["url"], _prose(row.get("title")), row["verdict"], str(row.get("went_to") or ""))
        )
    return reports


def load_mechanisms(code_dir, entry_slugs: set[str], problems: list[str]) -> list[Mechanism]:
    """The mechanisms of ``code_dir/mechanisms.yaml`` with their reports (none when the file is absent)."""
    path, triage, folder = code_dir / MECHANISMS_FILE, code_dir / TRIAGE_FILE, code_dir / MECHANISM_DIR
    where = _shown(path)
    raw = (read_yaml(path) or {}) if path.is_file() else {}
    reports = _triage_reports(triage, problems)
    mechanisms, seen = [], set()
    for item in raw.get("mechanisms") or []:
        slug = item.get("slug", "?")
        if set(item) != MECHANISM_FIELDS:
            problems.append(
                f"{where}: mechanism {slug!r}: missing {sorted(MECHANISM_FIELDS - set(item))}, "
                f"unknown {sorted(set(item) - MECHANISM_FIELDS)}"
            )
            continue
        if not SLUG.match(slug) or slug in seen:
            problems.append(f"{where}: mechanism slug {slug!r} is not lower-case-with-dashes or is used twice")
        seen.add(slug)
        if item["kind"] not in (RAISES, SILENT):
            problems.append(f"{where}: mechanism {slug!r}: kind must be {RAISES} or {SILENT}")
        unknown = [name for name in item["entries"] or [] if name not in entry_slugs]
        if unknown:
            problems.append(f"{where}: mechanism {slug!r} names entries that do not exist: {unknown}")
        found = reports.get(slug, [])
        if len(found) < MIN_REPORTS:
            problems.append(
                f"{where}: mechanism {slug!r} has {len(found)} report(s) in {_shown(triage)}; a mechanism needs "
                f"{MIN_REPORTS} (give another row `mechanism: {slug}`, or drop the mechanism)"
            )
        code = folder / f"{slug}.py"
        if not code.is_file():
            problems.append(f"{where}: mechanism {slug!r} has no code file {_shown(code)}")
            continue
        reproduce, fix = _split(code, problems)
        if not fix:
            problems.append(f"{_shown(code)}: no '{FIX_MARKER}' line followed by the fix")
        mechanisms.append(
            Mechanism(
                slug=slug,
                title=_prose(item["title"]),
                user_side=_prose(item["user_side"]),
                torchrl_side=_prose(item["torchrl_side"]),
                how=_prose(item["how"]),
                kind=item["kind"],
                entries=list(item["entries"] or []),
                reports=found,
                reproduce=reproduce,
                fix=fix,
            )
        )
    undefined = sorted(set(reports) - seen)
    if undefined:
        problems.append(f"{_shown(triage)}: rows name mechanisms {where} does not define: {undefined}")
    orphans = sorted(_shown(p) for p in folder.glob("*.py") if p.stem not in seen) if folder.is_dir() else []
    if orphans:
        problems.append(f"code files no mechanism of {where} names (add it or delete them): {', '.join(orphans)}")
    return mechanisms
