"""Records -> Markdown: one page per release step, led by what breaks, then what changes silently."""

from __future__ import annotations

import json
from collections import defaultdict

from tools.core import urls
from tools.core.markdown import code, markdown, table, text
from tools.upgrading.facts import measure, measured
from tools.upgrading.facts.anchors import EVERY_DIFFERENCE, NEW_FEATURE_SECTIONS, lists_as_new
from tools.upgrading.facts.curated import KEPT_RELEASE, minor
from tools.upgrading.facts.diff import DEFAULT as DEFAULT_KIND
from tools.upgrading.facts.measured import MUST_GIVE
from tools.upgrading.facts.records import (
    ANNOTATION_ONLY,
    BEHAVIOUR,
    BREAKING,
    DEFAULT_CHANGED,
    DEPRECATION,
    NEW,
    NONE,
    SAME_RESOLVED,
    Change,
    Note,
    Step,
    Upgrades,
)

INDEX = urls.UPGRADING
IMPACT_TITLES = {
    BREAKING: "Breaks code",
    BEHAVIOUR: "Changes behaviour",
    DEPRECATION: "Deprecation",
    NEW: "New",
    NONE: "Nothing to do",
}


def page(step: Step) -> str:
    return urls.upgrade_step(step.slug)


def _where(c: Change) -> str:
    """``ClipPPOLoss.clip_epsilon`` for a change, as a reader names it."""
    field = c.field.split(".", 1)[1] if "." in c.field else c.field
    if c.section == "deprecations":
        return code(c.object)
    return code(f"{c.object}.{field}" if field else c.object)


def _value(value: str | None) -> str:
    return code(value) if value else "–"


def _change_rows(changes: list[Change], old: str, new: str) -> str:
    measured = any(c.measured for c in changes)
    rows = []
    for c in changes:
        row = [_where(c), text(c.kind if c.section != "deprecations" else "message"), _value(c.old), _value(c.new)]
        if measured:
            row.append(
                text(c.measured) if c.measured else ("read from the defaults" if c.kind == DEFAULT_KIND else "–")
            )
        rows.append(row)
    header = ["Where", "What", old, new]
    if measured:
        header.append(f"Each class built with the {old} and the {new} default, in the newer release")
    return table(header, rows)


def _note_block(note: Note, step: Step, changes: list[Change], before_checked: str) -> list[str]:
    out = [f"### {text(note.title)} {{ #{note.slug} }}", ""]
    label = IMPACT_TITLES[note.impact]
    category = f" · classified as *{note.category}*" if note.category else ""
    out += [f"**{label}**{category}", "", markdown(note.text), ""]
    out += [_change_rows(changes, step.old, step.new), ""]
    if note.migration is not None:
        out += [
            f'=== "Before (torchrl {step.old})"',
            "",
            f"    <!--runs-on:torchrl=={step.old}-->",
            *_fence(note.migration.before),
            "",
            f'=== "After (torchrl {step.new})"',
            "",
            *_fence(note.migration.after),
            "",
            f"{before_checked} {_after_runs(step)}",
            "",
        ]
    elif note.no_migration:
        out += [f"*No migration block:* {markdown(note.no_migration)}", ""]
    return out


def _after_runs(step: Step) -> str:
    """Where the tests run a step's "after" halves, and what they check there."""
    checked = "without a deprecation warning it does not name in a comment"
    if step.new == KEPT_RELEASE:
        return f"The *after* half runs in this site's tests on torchrl {step.new} and on the pinned release, {checked}."
    if not _is_older(step.new):  # the pinned release
        return f"The *after* half runs in this site's tests on torchrl {step.new}, {checked}."
    return (
        f"The *after* half runs in this site's tests on the pinned release, {checked}; no venv of torchrl "
        f"{step.new} is kept to run it there."
    )


def _is_older(release: str) -> bool:
    return tuple(map(int, release.split("."))) < tuple(map(int, KEPT_RELEASE.split(".")))


def _fence(code_text: str) -> list[str]:
    return [
        "    ```python",
        *[f"    {line}" if line else "" for line in code_text.rstrip("\n").splitlines()],
        "    ```",
    ]


def _new_features(step: Step) -> list[str]:
    added = [c for c in step.changes if lists_as_new(c)]
    by_section: dict[str, list[Change]] = defaultdict(list)
    for c in added:
        by_section[c.section].append(c)
    out = []
    for section, (title, anchor) in NEW_FEATURE_SECTIONS.items():
        changes = by_section.get(section)
        if not changes:
            continue
        out += [f"### {title} {{ #{anchor} }}", ""]
        whole = sorted(c.object for c in changes if not c.field)
        if whole:
            out += [f"New: {', '.join(code(name) for name in whole)}.", ""]
        by_object: dict[str, list[Change]] = defaultdict(list)
        for c in changes:
            if c.field and c.object not in whole:
                by_object[c.object].append(c)
        for obj in sorted(by_object):
            parts = sorted({_field_name(c) for c in by_object[obj]})
            out.append(f"- {code(obj)}: {', '.join(code(p) for p in parts)}")
        if by_object:
            out.append("")
    return out


def _field_name(c: Change) -> str:
    if c.section == "exports":
        return c.field.split(".", 1)[1]
    return c.field.split(".", 1)[1] if "." in c.field else c.field


def _deprecations(step: Step) -> list[str]:
    found = sorted((c for c in step.changes if c.impact == DEPRECATION), key=lambda c: (c.object, c.field))
    if not found:
        return []
    out = [
        "## Deprecations announced",
        "",
        f"Deprecation messages that torchrl {step.new}'s source holds and {step.old}'s did not (read from the "
        "source of `torchrl/objectives` and `torchrl/trainers`): what still runs and will not in a later release.",
        "",
    ]
    out += [f"- {code(c.object)}: {text(c.field)}" for c in found]
    return [*out, ""]


def _filter_cell(cls: str, value: str, shown: str) -> str:
    return f'<span class="{cls}" data-value="{value.replace(" ", "-")}">{shown}</span>'


def _full_list(step: Step) -> list[str]:
    """Every difference, in a table the loss table's filters serve (docs/assets/loss-table.js): by the kind of
    object (the snapshot's section, carried in the object's cell) and by what it means (impact)."""
    rows = []
    for c in step.changes:
        note = f"[{c.note}](#{c.note})" if c.note else ""
        field = text(c.field) if c.section == "deprecations" else code(c.field)
        rows.append(
            [
                _filter_cell("up-impact", c.impact, text(c.impact)),
                text(c.category),
                _filter_cell("up-section", c.section, code(c.object)),
                field,
                _value(c.old),
                _value(c.new),
                note,
            ]
        )
    body = table(["Impact", "Category", "Object", "Field", step.old, step.new, "Note"], rows)
    sections = sorted({c.section for c in step.changes})
    impacts = [i for i in IMPACT_TITLES if any(c.impact == i for c in step.changes)]
    filters = [
        {
            "cls": "up-section",
            "label": "Object",
            "options": [["", "any"], *[[x.replace(" ", "-"), x] for x in sections]],
        },
        {"cls": "up-impact", "label": "Kind", "options": [["", "any"], *[[x, IMPACT_TITLES[x]] for x in impacts]]},
    ]
    # Out of the search index every page load fetches (Material skips an element marked
    # data-search-exclude): the differences that need a word have their notes above, which are indexed.
    attributes = f"data-filters='{json.dumps(filters)}' data-noun=\"differences\" data-search-exclude"
    return [
        f"## Every difference {{ #{EVERY_DIFFERENCE} }}",
        "",
        f'??? note "All {len(step.changes)} differences, classified"',
        "",
        f'    <div class="loss-table" {attributes} markdown>',
        "",
        *[f"    {line}" for line in body.splitlines()],
        "",
        "    </div>",
        "",
    ]


def _provenance(step: Step, pinned: str) -> str:
    new_source = (
        f"the installed torchrl {step.new}, introspected when this page was built"
        if step.new == pinned
        else f"`data/snapshots/torchrl-{step.new}.json`"
    )
    return (
        f"Generated by comparing what the same script read from torchrl {step.old} "
        f"(`data/snapshots/torchrl-{step.old}.json`, made by `make api-snapshot RELEASE={step.old}`) and from "
        f"{new_source}: every loss, value estimator, target updater, trainer, hook, Hydra config, exported "
        "function and deprecation message. Each difference is classified by a rule (added, removed, default "
        "changed, default changed but resolving to the same value, annotation only) or by a curated note of "
        "`data/upgrading.yaml`; the build fails on one that is neither."
    )


def render_step(step: Step, pinned: str, before_checked: dict[str, str], fixed: list[tuple[str, str, str]]) -> str:
    """The page of one release step. ``before_checked``: note slug -> where its "before" half ran;
    ``fixed``: (slug, summary, fixed_in) of the fixed-upstream rows whose fix first shipped in this step."""
    counts = defaultdict(int)
    for c in step.changes:
        counts[c.impact] += 1
    here = page(step)
    out = [f"# Upgrading from torchrl {minor(step.old)} to {minor(step.new)}", ""]
    counted = {
        BREAKING: "break code",
        BEHAVIOUR: "change behaviour",
        DEPRECATION: "announce a deprecation",
        NEW: "are new",
        NONE: "need nothing",
    }
    summary = ", ".join(f"{counts[i]} {counted[i]}" for i in IMPACT_TITLES if counts[i])
    by_impact: dict[str, list[Note]] = defaultdict(list)
    for n in step.notes:
        by_impact[n.impact].append(n)
    out += _for_you(step, by_impact)
    out += [f"**{len(step.changes)} differences** from {step.old} to {step.new}: {summary}.", ""]
    changes_of = defaultdict(list)
    for c in step.changes:
        if c.note:
            changes_of[c.note].append(c)
    for impact, heading, intro in (
        (BREAKING, "What breaks", "Code that ran on the older release fails on the newer one."),
        (
            BEHAVIOUR,
            "What changes behaviour silently",
            "Code that ran on the older release still runs, and does something else.",
        ),
    ):
        notes = by_impact.get(impact, [])
        out += [f"## {heading}", ""]
        if not notes:
            out += ["Nothing.", ""]
            continue
        out += [intro, ""]
        for n in notes:
            out += _note_block(n, step, changes_of[n.slug], before_checked.get(n.slug, ""))
    out += _deprecations(step)
    if fixed:
        out += [
            "## Fixed upstream in this step",
            "",
            f"Reported failures whose fix first shipped in a release after {step.old} and up to {step.new} "
            f"([the fixed-upstream table]({urls.link(here, urls.FIXED_UPSTREAM)}) checks each claim):",
            "",
        ]
        out += [
            f"- [{text(summary)}]({urls.link(here, urls.FIXED_UPSTREAM, slug)}) ({text(fixed_in)})"
            for slug, summary, fixed_in in fixed
        ]
        out.append("")
    out += ["## New features", "", "Added in this step (every addition is also in the list below).", ""]
    out += _new_features(step) or ["Nothing.", ""]
    quiet = by_impact.get(NONE, []) + by_impact.get(NEW, []) + by_impact.get(DEPRECATION, [])
    annotations = sum(1 for c in step.changes if c.category == ANNOTATION_ONLY)
    out += [
        "## Nothing to do",
        "",
        f"{annotations} differences change an annotation only. These look like changes and are not, or "
        "fix something that could not be used before:",
        "",
    ]
    for n in quiet:
        out += _note_block(n, step, changes_of[n.slug], before_checked.get(n.slug, ""))
    out += _full_list(step)
    out += ["## How this page was built", "", _provenance(step, pinned), "", _measured_statement(step), ""]
    return "\n".join(out)


def _for_you(step: Step, by_impact: dict[str, list[Note]]) -> list[str]:
    """What a reader upgrading has to act on, first: each note that breaks code or changes behaviour."""
    out = ["## What changes for you", ""]
    acting = [(impact, n) for impact in (BREAKING, BEHAVIOUR) for n in by_impact.get(impact, [])]
    if not acting:
        return [*out, f"Nothing that code written for {step.old} has to change; the details follow.", ""]
    verbs = {BREAKING: "fails", BEHAVIOUR: "runs and does something else"}
    out += [f"Code written for {step.old} that meets one of these {verbs[BREAKING]} or {verbs[BEHAVIOUR]}:", ""]
    out += [f"- **{IMPACT_TITLES[impact]}:** [{text(n.title)}](#{n.slug})" for impact, n in acting]
    return [*out, ""]


def _unmeasured(step: Step, defaults: list[Change]) -> str:
    """The changed defaults no measurement covers, grouped by why (as the stored measurement says)."""
    reasons = {
        key: by_class.get(measure.UNMEASURED, "")
        for key, by_class in (measured.stored(step.measured_in or "") or {}).get("measured", {}).items()
    }
    grouped: dict[str, list[str]] = defaultdict(list)
    for c in defaults:
        if not c.measured and not {c.old, c.new} & set(MUST_GIVE):
            grouped[reasons.get(c.key) or "no measurement recorded"].append(_where(c))
    return "; ".join(f"{', '.join(sorted(set(where)))} ({why})" for why, where in sorted(grouped.items()))


def _measured_statement(step: Step) -> str:
    """Which classifications of changed defaults were measured, and which are read from the defaults."""
    defaults = [c for c in step.changes if c.kind == DEFAULT_KIND]
    # Default keys and a loss's default estimator: read from an instance of the class in each release.
    instantiated = sorted(
        {_where(c) for c in step.changes if c.kind != DEFAULT_KIND and c.category in (DEFAULT_CHANGED, SAME_RESOLVED)}
    )
    read_off = (
        f" The default keys and estimators that changed ({', '.join(instantiated)}) are read from an instance built "
        "in each release by the snapshot script."
        if instantiated
        else ""
    )
    if not defaults:
        return "No constructor or config default changed in this step." + read_off
    # A default that was required on one side cannot be given both ways: nothing to measure.
    read = sorted({_where(c) for c in defaults if not c.measured and not {c.old, c.new} & set(MUST_GIVE)})
    if step.measured_in is None:
        return read_off.strip() + (
            f"The classifications of the {len(defaults)} changed defaults are **read from the defaults**, not "
            f"measured: no venv of torchrl {step.new} was at hand to build the objects with both values "
            f"({', '.join(read)})."
        )
    said = (
        f"Each changed default that could be built was measured on torchrl {step.measured_in}: every class that "
        "uses it built with the old and with the new value, its effective state compared "
        "(`tools/upgrading/facts/measure.py`, stored in "
        f"`data/upgrading/measured/torchrl-{step.measured_in}.json` and measured again by the tests); the "
        "classification follows the measurement, and the build fails when a note contradicts it."
    )
    if read:
        said += " Read from the defaults, not measured: " + _unmeasured(step, defaults) + "."
    said += read_off
    return said


def render_steps(upgrades: Upgrades) -> str:
    """The index's list of steps, newest first, with their counts."""
    rows = []
    for step in reversed(upgrades.steps):
        counts = defaultdict(int)
        for c in step.changes:
            counts[c.impact] += 1
        rows.append(
            [
                f"[{minor(step.old)} → {minor(step.new)}]({urls.link(INDEX, page(step))})",
                f"{step.old} → {step.new}",
                str(counts[BREAKING]),
                str(counts[BEHAVIOUR]),
                str(counts[DEPRECATION]),
                str(counts[NEW]),
                str(len(step.changes)),
            ]
        )
    header = ["Step", "Releases compared", "Breaks code", "Changes behaviour", "Deprecations", "New", "All differences"]
    return table(header, rows) + "\n"


def inventory(upgrades: Upgrades) -> dict:
    return {
        "pinned": upgrades.pinned,
        "steps": [
            {
                "slug": s.slug,
                "old": s.old,
                "new": s.new,
                "page": page(s),
                "changes": [
                    {
                        "key": c.key,
                        "section": c.section,
                        "object": c.object,
                        "field": c.field,
                        "kind": c.kind,
                        "old": c.old,
                        "new": c.new,
                        "category": c.category,
                        "impact": c.impact,
                        "note": c.note,
                    }
                    for c in s.changes
                ],
                "notes": [
                    {
                        "slug": n.slug,
                        "title": n.title,
                        "impact": n.impact,
                        "category": n.category,
                        "differences": n.differences,
                        "page": f"{page(s)}#{n.slug}",
                        "migration": n.migration is not None,
                    }
                    for n in s.notes
                ],
            }
            for s in upgrades.steps
        ],
    }
