"""data/troubleshooting.yaml and data/troubleshooting/*.py: the entries, checked for completeness.

Each entry's code lives in one file, ``data/troubleshooting/<slug>.py``: the
reproduction, a line ``# ---- fix ----``, then the fix.  The page shows both
parts as they are, the build runs the reproduction to capture its error, and
the tests run both parts.  Running the whole file runs both too.
Fixed-upstream rows keep their "it works now" block in
``data/troubleshooting/fixed/<slug>.py``.
"""

from __future__ import annotations

import re

import yaml

from tools.core.paths import DATA, ROOT
from tools.troubleshooting.facts.records import ELSEWHERE, RAISES, SILENT, Area, Curated, Entry, FixedUpstream

CURATED_FILE = DATA / "troubleshooting.yaml"
CODE_DIR = DATA / "troubleshooting"
# Records computed from this module are keyed on these files too (tools.core.cache).
__cache_inputs__ = ("data/troubleshooting.yaml", "data/troubleshooting")
FIXED_DIR = CODE_DIR / "fixed"
FIX_MARKER = "# ---- fix ----"
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ISSUE_URL = re.compile(r"^https://github\.com/[\w.-]+/[\w.-]+/(?:issues|pull)/\d+$")
FOUND_BY_TRYING = "found by trying"
ENTRY_FIELDS = {"slug", "area", "symptom", "kind", "cause", "source", "links", "fix_console", "wiring"}
REQUIRED_ENTRY_FIELDS = ENTRY_FIELDS - {"kind", "fix_console", "wiring"}
FIXED_FIELDS = {"slug", "summary", "reported", "fix", "fixed_in"}
OPTIONAL_FIXED_FIELDS = {"checked"}


class CuratedDataError(Exception):
    """The troubleshooting data is incomplete or inconsistent; the message names the entry and the file."""


def code_paths() -> list:
    """Every entry code file (the cache key of the captures)."""
    return sorted(CODE_DIR.glob("*.py")) + sorted(FIXED_DIR.glob("*.py"))


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
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    problems: list[str] = []
    areas = [Area(slug, title) for slug, title in (raw.get("areas") or {}).items()]
    area_slugs = {a.slug for a in areas}
    entries, seen = [], set()
    for item in raw.get("entries") or []:
        slug = item.get("slug", "?")
        missing = REQUIRED_ENTRY_FIELDS - set(item)
        extra = set(item) - ENTRY_FIELDS
        if missing or extra:
            problems.append(f"{where}: entry {slug!r}: missing {sorted(missing)}, unknown {sorted(extra)}")
            continue
        if not SLUG.match(slug) or slug in seen:
            problems.append(f"{where}: entry slug {slug!r} is not lower-case-with-dashes or is used twice")
        seen.add(slug)
        kind = item.get("kind", RAISES)
        if kind not in (RAISES, SILENT, ELSEWHERE):
            problems.append(f"{where}: entry {slug!r}: kind must be {RAISES}, {SILENT} or {ELSEWHERE}")
        if item["area"] not in area_slugs:
            problems.append(f"{where}: entry {slug!r}: unknown area {item['area']!r} (areas: {sorted(area_slugs)})")
        source = item["source"]
        if source != FOUND_BY_TRYING and not ISSUE_URL.match(source):
            problems.append(
                f"{where}: entry {slug!r}: source must be an issue or pull-request URL or {FOUND_BY_TRYING!r}"
            )
        code = code_dir / f"{slug}.py"
        if not code.is_file():
            problems.append(f"{where}: entry {slug!r} has no code file {_shown(code)}")
            continue
        reproduce, fix = _split(code, problems)
        if kind == ELSEWHERE:
            if fix or not item.get("fix_console"):
                problems.append(f"{where}: entry {slug!r}: an '{ELSEWHERE}' entry has a check block and a fix_console")
        elif not fix:
            problems.append(f"{_shown(code)}: no '{FIX_MARKER}' line followed by the fix")
        wiring = item.get("wiring") or []
        if wiring and not (
            isinstance(wiring, list)
            and len(wiring) == 2
            and all(isinstance(n, str) and n.isidentifier() for n in wiring)
        ):
            problems.append(
                f"{where}: entry {slug!r}: wiring is [loss, data], the names of two variables of its reproduction"
            )
        entries.append(
            Entry(
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
        )
    fixed = []
    for item in raw.get("fixed_upstream") or []:
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
    if problems:
        raise CuratedDataError("\n".join(problems))
    return Curated(areas, entries, fixed)
