"""Every raw difference of a release step, classified: automatically where a rule can tell, by a curated note otherwise.

The automatic rules (``auto``):

* added -> ``added``: new, unless it is a parameter or config field without a
  default on an object that existed before (then calls that worked fail: breaking);
* removed -> ``removed``: breaking (a deprecation message that went away: nothing);
* a default changed -> what its measurement in the newer release says
  (``measured.py``: every class that uses it built with the old and the new
  value): the same effective state -> ``default changed, resolves to the same
  value``, nothing to do; another state, or the old value refused ->
  ``default changed``, behaviour (a note may say no working code used the old
  value).  Unmeasured, it is read from the defaults: behaviour, unless the old value
  was required (now optional: new) or the new one is (breaking); a config field
  whose value after ``__post_init__`` is the same in both releases resolves to
  the same value;
* a TensorDict key's default, an estimator's default hyperparameter or a loss's
  default estimator that changed -> ``default changed``: behaviour;
* an annotation or a return annotation -> ``annotation only``: nothing to do;
* a deprecation message that appeared -> ``added``: a deprecation announced.

Anything else (a ``_target_`` moved, a parameter that became keyword-only or
moved, a ConfigStore option that builds another class...) has no rule: a
curated note in ``data/upgrading.yaml`` must classify it, and so must every
difference that breaks code or changes behaviour (the note says what to do).
``classify`` raises ``UnclassifiedDifferences`` naming each one and the file.
"""

from __future__ import annotations

from tools.core.paths import ROOT
from tools.upgrading.facts import diff as raw
from tools.upgrading.facts.curated import CURATED_FILE, pattern
from tools.upgrading.facts.measured import DIFFERS, SAME, Verdict
from tools.upgrading.facts.records import (
    ADDED,
    ANNOTATION_ONLY,
    BEHAVIOUR,
    BREAKING,
    DEFAULT_CHANGED,
    DEPRECATION,
    NEEDS_NOTE,
    NEW,
    NONE,
    REMOVED,
    RENAMED,
    SAME_RESOLVED,
    Change,
    Note,
)

RESOLVED = ".resolved"
# A value that must be given: a parameter without a default, or a config field left to OmegaConf's MISSING.
MUST_GIVE = (raw.REQUIRED, "'???'")
# Fields whose "value changed" is a default: the key a loss reads unless told, the hyperparameters
# make_value_estimator passes, the estimator a loss builds silently.
DEFAULT_LIKE = ("accepted_keys.", "default_value_kwargs.", "default_value_estimator")


class UnclassifiedDifferences(Exception):
    """Differences no rule and no note classifies, or notes that no longer match: the message lists them."""


def _text(value) -> str | None:
    if value is None:
        return None
    return value if isinstance(value, str) else raw._short(value, limit=10_000)


def _required(d: raw.Difference) -> bool:
    """An added parameter or config field with no default (``diff._param_text`` / ``REQUIRED``)."""
    if d.field.startswith(("parameters.", "forward.")):
        text = str(d.new)
        return " = " not in text and not text.startswith("*")
    if d.section == "configs" and d.field.startswith("fields."):
        return d.new in MUST_GIVE
    return False


def auto(d: raw.Difference, resolved_same: bool = False, measured: Verdict | None = None) -> tuple[str | None, str]:
    """(category, impact) by the rules above; category None when no rule applies."""
    if d.kind == raw.DEFAULT and measured is not None:
        if measured.outcome == SAME:
            return SAME_RESOLVED, NONE
        # The old value refused by the newer release: whether code that relied on it changes depends on what
        # the older release did with it, which a note says.
        return DEFAULT_CHANGED, BEHAVIOUR
    if d.section == "deprecations":
        return (ADDED, DEPRECATION) if d.kind == raw.ADDED else (REMOVED, NONE)
    if d.kind == raw.ADDED:
        return ADDED, (BREAKING if d.field and _required(d) else NEW)
    if d.kind == raw.REMOVED:
        return REMOVED, BREAKING
    if d.kind == raw.DEFAULT:
        if resolved_same:
            return SAME_RESOLVED, NONE
        if d.old in MUST_GIVE:
            return DEFAULT_CHANGED, NEW
        if d.new in MUST_GIVE:
            return DEFAULT_CHANGED, BREAKING
        return DEFAULT_CHANGED, BEHAVIOUR
    if d.kind == raw.ANNOTATION:
        return ANNOTATION_ONLY, NONE
    if d.kind == raw.VALUE:
        if d.section == "functions" and d.field == "returns":
            return ANNOTATION_ONLY, NONE
        if d.field.startswith(DEFAULT_LIKE) or d.field.endswith(RESOLVED):
            return DEFAULT_CHANGED, BEHAVIOUR
    return None, NONE


def _folded(differences: list[raw.Difference]) -> list[raw.Difference]:
    """A config field's ``.resolved`` difference beside its default's is the same change: keep the default's."""
    keys = {d.key for d in differences}
    return [
        d
        for d in differences
        if not (d.field.endswith(RESOLVED) and f"{d.section} {d.object} {d.field.removesuffix(RESOLVED)}" in keys)
    ]


def _resolved_alike(old: dict, new: dict) -> set[str]:
    """Keys of config fields whose defaults differ but whose values after ``__post_init__`` agree."""
    found = set()
    old_configs, new_configs = old.get("configs", {}), new.get("configs", {})
    for name in sorted(set(old_configs) & set(new_configs)):
        a, b = old_configs[name]["fields"], new_configs[name]["fields"]
        for field in sorted(set(a) & set(b)):
            x, y = a[field], b[field]
            if (
                "default" in x
                and "default" in y
                and x["default"] != y["default"]
                and ("resolved" in x or "resolved" in y)
            ) and x.get("resolved", x["default"]) == y.get("resolved", y["default"]):
                found.add(f"configs {name} fields.{field}")
    return found


def _disagreement(note: Note, measured: Verdict) -> str | None:
    """How a note's classification contradicts a measurement, if it does."""
    if note.category == SAME_RESOLVED and measured.outcome != SAME:
        return f"says it resolves to the same value; measured: {measured.outcome}"
    if note.impact == BEHAVIOUR and measured.outcome == SAME:
        return f"says it changes behaviour; measured: {measured.outcome}"
    if note.impact == NONE and measured.outcome == DIFFERS:
        return f"says there is nothing to do; measured: {measured.outcome}"
    return None


def classify_step(
    old: dict, new: dict, step: str, notes: list[Note], measured: dict[str, Verdict] | None = None
) -> list[Change]:
    """Every difference from snapshot ``old`` to ``new``, classified; raises UnclassifiedDifferences.
    ``measured``: key -> what measuring a changed default in the newer release said (``measured.py``)."""
    differences, same = _folded(raw.diff(old, new)), _resolved_alike(old, new)
    step_notes = [n for n in notes if n.step == step]
    problems: list[str] = []
    covering, matched = _covering_notes(differences, step_notes, problems)
    changes, unclassified = _classified(differences, same, covering, measured or {}, problems)
    problems += _unmatched_notes(step, step_notes, matched, changes)
    if unclassified or problems:
        raise UnclassifiedDifferences(_report(step, unclassified, problems))
    return changes


def _covering_notes(
    differences: list[raw.Difference], step_notes: list[Note], problems: list[str]
) -> tuple[dict[str, Note], dict[tuple[str, str], int]]:
    """Difference key -> the one note whose patterns match it, and how many differences each pattern matched;
    a difference two notes match is a problem."""
    compiled = [(n, p, pattern(p)) for n in step_notes for p in n.differences]
    covering: dict[str, Note] = {}
    matched: dict[tuple[str, str], int] = {(n.slug, p): 0 for n, p, _ in compiled}
    for d in differences:
        hits = [(n, p) for n, p, rx in compiled if rx.match(d.key)]
        for n, p in hits:
            matched[(n.slug, p)] += 1
        slugs = sorted({n.slug for n, _ in hits})
        if len(slugs) > 1:
            problems.append(f"{d.text()}\n      is covered by more than one note: {', '.join(slugs)}")
        elif hits:
            covering[d.key] = hits[0][0]
    return covering, matched


def _classified(
    differences: list[raw.Difference],
    same: set[str],
    covering: dict[str, Note],
    measured: dict[str, Verdict],
    problems: list[str],
) -> tuple[list[Change], list[str]]:
    """The changes the rules and notes classify, and the differences they leave unclassified; a note that a
    measurement contradicts is a problem."""
    changes: list[Change] = []
    unclassified: list[str] = []
    for d in differences:
        verdict = measured.get(d.key) if d.kind == raw.DEFAULT else None
        category, impact = auto(d, d.key in same, verdict)
        note = covering.get(d.key)
        if note is not None and verdict is not None:
            contradiction = _disagreement(note, verdict)
            if contradiction:
                problems.append(f"note {note.slug!r} on {d.key} {contradiction} ({verdict.cited})")
        if note is not None:
            # A note's category names what it pairs or explains: a rename its removals and additions, a
            # default that resolves alike its default changes, "noted" anything; the rest keep their own.
            applies = {RENAMED: (raw.ADDED, raw.REMOVED), SAME_RESOLVED: (raw.DEFAULT,)}.get(note.category)
            if note.category is not None and (applies is None or d.kind in applies):
                category = note.category
            impact = note.impact
        if category is None:
            unclassified.append(f"{d.text()}\n      key: {d.key}")
            continue
        if note is None and impact in NEEDS_NOTE:
            unclassified.append(f"{d.text()}\n      key: {d.key}  ({impact}: a note says what to do)")
            continue
        changes.append(
            Change(
                key=d.key,
                section=d.section,
                object=d.object,
                field=d.field,
                kind=d.kind,
                old=_text(d.old),
                new=_text(d.new),
                category=category,
                impact=impact,
                note=note.slug if note else None,
                measured=f"measured on torchrl {verdict.release}: {verdict.cited}" if verdict else None,
            )
        )
    return changes, unclassified


def _unmatched_notes(
    step: str, step_notes: list[Note], matched: dict[tuple[str, str], int], changes: list[Change]
) -> list[str]:
    """Notes of the step that no longer fit its differences: a pattern matching nothing, a rename that
    pairs nothing, a "resolves alike" note covering no default change."""
    problems = []
    for (slug, p), count in matched.items():
        if count == 0:
            problems.append(f"note {slug!r}: {p!r} matches no difference of {step} (correct or remove it)")
    for n in step_notes:
        if n.category == RENAMED:
            kinds = {c.kind for c in changes if c.note == n.slug}
            if not {raw.ADDED, raw.REMOVED} <= kinds:
                problems.append(f"note {n.slug!r} is a rename: it must pair a removed and an added difference")
        if n.category == SAME_RESOLVED and not any(c.kind == raw.DEFAULT for c in changes if c.note == n.slug):
            problems.append(f"note {n.slug!r} says a default resolves to the same value: it covers no default change")
    return problems


def _report(step: str, unclassified: list[str], problems: list[str]) -> str:
    where = CURATED_FILE.relative_to(ROOT)
    lines = []
    if unclassified:
        lines.append(
            f"{len(unclassified)} difference(s) of {step} that no rule classifies, or that break code or change "
            f"behaviour without a note: classify each in {where} (a note under step {step!r} naming its key):"
        )
        lines += [f"  - {u}" for u in unclassified]
    if problems:
        lines.append(f"notes of {where} that do not match the differences of {step}:")
        lines += [f"  - {p}" for p in problems]
    return "\n".join(lines)
