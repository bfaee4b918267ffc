"""The upgrade pages, the ``upgrading`` inventory section, and the badges other pages place through the registry.

Badges: ``registry.links("upgrade", "<section> <object>[ <field>]")`` (the snapshot's section and
names: ``"losses ClipPPOLoss parameters.clip_epsilon"``, ``"configs GAEConfig fields.average_gae"``,
``"trainers PPOTrainer"``) answers ``[("new in 0.14" or "changed in 0.14", page#anchor)]`` for what the
newest step (the last snapshot -> the pinned release) touched; annotation-only changes get none.
"""

from __future__ import annotations

from tools.core import registry
from tools.core.registry import Concern
from tools.troubleshooting.facts import curated_entries
from tools.upgrading.facts import before_outcome, upgrades
from tools.upgrading.facts.anchors import change_anchor
from tools.upgrading.facts.curated import minor
from tools.upgrading.facts.records import ADDED, ANNOTATION_ONLY, NEEDS_NOTE, Step
from tools.upgrading.views import render
from tools.upgrading.views import schema as _inventory_schema

UPGRADE = registry.UPGRADE


def _release(fixed_in: str) -> tuple[int, ...] | None:
    """The release a fixed-upstream row's fix first shipped in: ``v0.11.0``; ``after v0.13.3, present in 0.14.1``."""
    last = fixed_in.split()[-1].lstrip("v")
    try:
        return tuple(int(part) for part in last.split("."))
    except ValueError:
        return None


def _version(release: str) -> tuple[int, ...]:
    return tuple(int(part) for part in release.split("."))


def _fixed(s: Step) -> list[tuple[str, str, str]]:
    rows = []
    for row in curated_entries().fixed:
        release = _release(row.fixed_in)
        if release is not None and _version(s.old) < release <= _version(s.new):
            rows.append((row.slug, row.summary, row.fixed_in))
    return rows


def _before_checked(s: Step) -> dict[str, str]:
    found = {}
    for note in s.notes:
        if note.migration is None:
            continue
        outcome = before_outcome(s, note.slug)
        if outcome is not None and outcome.get("result") == "ran":
            found[note.slug] = (
                f"The *before* half ran on torchrl {s.old} in its snapshot venv (`make api-snapshot RELEASE={s.old}`)."
            )
        else:
            found[note.slug] = (
                f"The *before* half has not been run on torchrl {s.old} as it stands "
                f"(`make api-snapshot RELEASE={s.old}` runs it; a test fails until then)."
            )
    return found


def _pages() -> dict[str, str]:
    data = upgrades()
    return {render.page(s): render.render_step(s, data.pinned, _before_checked(s), _fixed(s)) for s in data.steps}


_index: dict[int, dict[str, list[tuple[str, str]]]] = {}


def _badges() -> dict[str, list[tuple[str, str]]]:
    """subject -> badges, for the newest step: computed once per set of records."""
    data = upgrades()
    if id(data) in _index:
        return _index[id(data)]
    found: dict[str, list[tuple[str, str]]] = {}
    # An object's own badge links to its most telling note (what breaks or changes behaviour first), else to
    # its first change.
    object_rank: dict[str, int] = {}
    newest = data.steps[-1] if data.steps and data.steps[-1].new == data.pinned else None
    if newest is not None:
        where = render.page(newest)
        version = minor(newest.new)
        for c in newest.changes:
            if c.category == ANNOTATION_ONLY or c.section == "deprecations":
                continue
            added = c.kind == ADDED
            anchor = change_anchor(c)
            badge = (f"new in {version}" if added else f"changed in {version}", f"{where}#{anchor}")
            subject = f"{c.section} {c.object}"
            if not c.field:
                found[subject], object_rank[subject] = [badge], -1
                continue
            found.setdefault(f"{subject} {c.field}", [badge])
            rank = (0 if c.impact in NEEDS_NOTE else 1) if c.note else 2
            if object_rank.get(subject, 3) > rank:  # the object is touched too: "changed", unless new as a whole
                found[subject], object_rank[subject] = [(f"changed in {version}", f"{where}#{anchor}")], rank
    _index.clear()
    _index[id(data)] = found
    return found


def links(kind: str, name: str) -> list[tuple[str, str]]:
    if kind != UPGRADE:
        return []
    return list(_badges().get(name, []))


CONCERN = Concern(
    name="upgrading",
    sections={"steps": lambda _arg: render.render_steps(upgrades())},
    pages=_pages,
    links=links,
    inventory=lambda: render.inventory(upgrades()),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc=(
        "What changed between torchrl releases, one object per release step (`old` -> `new`, the newest "
        "ending at the pinned release): every raw difference between the two releases' introspected API, "
        "classified (`category`: added, removed, renamed, default changed, default changed but resolving to "
        "the same value, annotation only, noted) with its `impact` (breaking, behaviour, deprecation, new, "
        "none) and the curated note that explains it; and the notes, with their page."
    ),
)
