"""data/upgrading.yaml: the release steps the site has a page for, and the curated notes about their differences.

A note names the differences it covers by key (``"<section> <object> <field>"``,
as ``python -m tools.cli.upgrading diff`` lists them; ``*`` matches any text),
says what they mean to a user (``impact``), may classify them (``category``:
renamed, a default that resolves to the same value, or anything else the
automatic rules cannot name) and shows the migration: two files,
``data/upgrading/from-<old release>/<slug>.before.py`` (runs on the old release:
``make api-snapshot`` runs it in that release's venv, and the tests in the kept
0.13.3 venv) and ``<slug>.after.py`` (runs on the pinned release, as the page
shows it).  Whether each pattern still matches a difference is checked by
``classify.py``; this module checks the file itself.
"""

from __future__ import annotations

import re

from tools.core.paths import DATA, ROOT
from tools.core.yaml_files import read_yaml
from tools.upgrading.facts.records import (
    IMPACTS,
    NEEDS_NOTE,
    NOTED,
    RENAMED,
    SAME_RESOLVED,
    Migration,
    Note,
)

CURATED_FILE = DATA / "upgrading.yaml"
MIGRATIONS = DATA / "upgrading"
# Records computed from this module are keyed on these files too (tools.core.cache).
__cache_inputs__ = ("data/upgrading.yaml", "data/upgrading", "data/snapshots")
SNAPSHOTS = DATA / "snapshots"
PINNED = "pinned"  # a step's ``new`` release when it is the installed torchrl
# The older release whose venv the tests keep (the Makefile's RELEASE_TORCHRL): migrations run there too.
KEPT_RELEASE = "0.13.3"
RELEASE = re.compile(r"^\d+\.\d+\.\d+$")
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
NOTE_FIELDS = {"slug", "step", "title", "impact", "category", "differences", "text", "no_migration"}
REQUIRED_NOTE_FIELDS = {"slug", "step", "title", "impact", "differences", "text"}
CATEGORIES = (RENAMED, SAME_RESOLVED, NOTED)
BEFORE, AFTER = ".before.py", ".after.py"


class CuratedDataError(Exception):
    """data/upgrading.yaml or its migration files are incomplete or inconsistent; the message says where."""


def minor(release: str) -> str:
    """``0.14.1`` -> ``0.14``."""
    return ".".join(release.split(".")[:2])


def step_slug(old: str, new: str) -> str:
    """``0.13.3``, ``0.14.1`` -> ``0.13-to-0.14``: a page per minor step."""
    return f"{minor(old)}-to-{minor(new)}"


def snapshot_file(release: str):
    return SNAPSHOTS / f"torchrl-{release}.json"


def migration_folder(old: str):
    return MIGRATIONS / f"from-{old}"


def _shown(path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def load(
    path=CURATED_FILE, migrations=MIGRATIONS, pinned_release: str | None = None
) -> tuple[list[tuple[str, str]], list[Note]]:
    """The steps, as (old release, new release or PINNED), and the notes, checked; raises CuratedDataError."""
    where = _shown(path)
    raw = read_yaml(path) or {}
    problems: list[str] = []
    steps = _steps(raw.get("steps") or [], where, problems)
    by_slug = {
        step_slug(old, pinned_release if new == PINNED and pinned_release else new): (old, new) for old, new in steps
    }
    notes: list[Note] = []
    seen: set[str] = set()
    for item in raw.get("notes") or []:
        note = _note(item, by_slug, seen, migrations, where, problems)
        if note is not None:
            notes.append(note)
    orphans = _orphan_migrations(notes, by_slug, migrations)
    if orphans:
        problems.append(
            f"migration files no note of {where} names (add the note or delete them): "
            + ", ".join(_shown(p) for p in orphans)
        )
    if problems:
        raise CuratedDataError("\n".join(problems))
    return steps, notes


def _steps(items: list, where: str, problems: list[str]) -> list[tuple[str, str]]:
    """The well-formed steps; a malformed one, or one whose snapshot is missing, is a problem."""
    steps: list[tuple[str, str]] = []
    for item in items:
        old, new = str(item.get("old", "")), str(item.get("new", ""))
        if not RELEASE.match(old) or not (RELEASE.match(new) or new == PINNED):
            problems.append(f"{where}: step {item!r}: old is a release (0.13.3), new a release or {PINNED!r}")
            continue
        for release in (old, new):
            if release != PINNED and not snapshot_file(release).is_file():
                problems.append(
                    f"{where}: step {old} -> {new}: no snapshot {_shown(snapshot_file(release))} "
                    f"(make api-snapshot RELEASE={release})"
                )
        steps.append((old, new))
    return steps


def _note(
    item: dict, by_slug: dict[str, tuple[str, str]], seen: set[str], migrations, where: str, problems: list[str]
) -> Note | None:
    """One note, checked (its problems appended); None when it is too malformed to keep."""
    slug = item.get("slug", "?")
    missing, extra = REQUIRED_NOTE_FIELDS - set(item), set(item) - NOTE_FIELDS
    if missing or extra:
        problems.append(f"{where}: note {slug!r}: missing {sorted(missing)}, unknown {sorted(extra)}")
        return None
    if not SLUG.match(slug) or slug in seen:
        problems.append(f"{where}: note slug {slug!r} is not lower-case-with-dashes or is used twice")
    seen.add(slug)
    if item["step"] not in by_slug:
        problems.append(f"{where}: note {slug!r}: unknown step {item['step']!r} (steps: {sorted(by_slug)})")
        return None
    if item["impact"] not in IMPACTS:
        problems.append(f"{where}: note {slug!r}: impact must be one of {list(IMPACTS)}")
    category = item.get("category")
    if category is not None and category not in CATEGORIES:
        problems.append(f"{where}: note {slug!r}: category must be one of {list(CATEGORIES)} (or absent)")
    patterns = item["differences"]
    if not (isinstance(patterns, list) and patterns and all(isinstance(p, str) and p.strip() for p in patterns)):
        problems.append(f"{where}: note {slug!r}: differences is a list of difference keys or patterns")
        return None
    migration, no_migration = _migration(item, migrations / f"from-{by_slug[item['step']][0]}", where, problems)
    return Note(
        slug=slug,
        step=item["step"],
        title=item["title"].strip(),
        impact=item["impact"],
        category=category,
        differences=[p.strip() for p in patterns],
        text=" ".join(item["text"].split()),
        migration=migration,
        no_migration=no_migration,
    )


def _migration(item: dict, folder, where: str, problems: list[str]) -> tuple[Migration | None, str]:
    """A note's migration files and its reason for having none; a note that needs one must have one or the other."""
    slug = item["slug"]
    before, after = folder / f"{slug}{BEFORE}", folder / f"{slug}{AFTER}"
    migration = None
    if before.is_file() and after.is_file():
        migration = Migration(before.read_text(encoding="utf-8"), after.read_text(encoding="utf-8"))
    elif before.is_file() or after.is_file():
        problems.append(f"{where}: note {slug!r}: a migration is two files, {_shown(before)} and {_shown(after)}")
    no_migration = " ".join(str(item.get("no_migration") or "").split())
    if item["impact"] in NEEDS_NOTE and migration is None and not no_migration:
        problems.append(
            f"{where}: note {slug!r} is {item['impact']}: add its migration ({_shown(before)} and "
            f"{_shown(after)}) or say why there is none (no_migration:)"
        )
    if migration is not None and no_migration:
        problems.append(f"{where}: note {slug!r} has a migration and a no_migration reason: keep one")
    return migration, no_migration


def _orphan_migrations(notes: list[Note], by_slug: dict[str, tuple[str, str]], migrations) -> list:
    known = {f"from-{by_slug[n.step][0]}/{n.slug}" for n in notes}
    return [
        p
        for p in sorted(migrations.glob("from-*/*.py"))
        if f"{p.parent.name}/{p.name.removesuffix(BEFORE).removesuffix(AFTER)}" not in known
    ]


def pattern(text: str) -> re.Pattern:
    """A note's difference pattern: the key itself, ``*`` matching any text."""
    return re.compile("^" + ".*".join(map(re.escape, text.split("*"))) + "$")
