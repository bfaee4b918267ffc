"""The upgrade notes' records: each raw difference between two releases, classified, and the curated notes."""

from __future__ import annotations

from dataclasses import dataclass, field

# What a difference is, once classified (``Change.category``).
ADDED = "added"
REMOVED = "removed"
RENAMED = "renamed"  # a removal and an addition that a curated note pairs
DEFAULT_CHANGED = "default changed"
SAME_RESOLVED = "default changed, resolves to the same value"
ANNOTATION_ONLY = "annotation only"
NOTED = "noted"  # none of the above: a curated note says what it is
CATEGORIES = (ADDED, REMOVED, RENAMED, DEFAULT_CHANGED, SAME_RESOLVED, ANNOTATION_ONLY, NOTED)

# What it means to a user (``Change.impact``), in the order a page shows them.
BREAKING = "breaking"  # code that ran before fails now
BEHAVIOUR = "behaviour"  # code that ran before still runs, and does something else
DEPRECATION = "deprecation"  # a deprecation announced: still runs, will not
NEW = "new"  # a new feature
NONE = "none"  # nothing to do: annotations, false alarms, messages that went away
IMPACTS = (BREAKING, BEHAVIOUR, DEPRECATION, NEW, NONE)
# A difference of these impacts needs a curated note (what to do about it); the others may have one.
NEEDS_NOTE = (BREAKING, BEHAVIOUR)


@dataclass(frozen=True)
class Change:
    """One raw difference between two snapshots, classified."""

    key: str  # "<section> <object> <field>": what a note names (``facts/diff.py``'s Difference.key)
    section: str
    object: str
    field: str
    kind: str  # the raw kind (diff.KINDS)
    old: str | None  # shown as text ("" when there is nothing to show)
    new: str | None
    category: str  # CATEGORIES
    impact: str  # IMPACTS
    note: str | None  # the slug of the curated note that covers it, if any
    # A changed default measured in the newer release: "measured on torchrl 0.14.1: <class: old -> new; ...>"
    measured: str | None = None


@dataclass(frozen=True)
class Migration:
    before: str  # code for the older release (run in its venv: make api-snapshot, and the kept 0.13.3 venv)
    after: str  # the same code for the pinned release (run by the tests, as the page shows it)


@dataclass(frozen=True)
class Note:
    """A curated note of ``data/upgrading.yaml``: what a group of differences means, and what to do."""

    slug: str
    step: str  # the step's slug, "0.13-to-0.14"
    title: str
    impact: str  # IMPACTS: overrides the differences' own
    category: str | None  # RENAMED, SAME_RESOLVED or NOTED when the note classifies; None when it explains
    differences: list[str]  # patterns over Change.key ("*" matches any text)
    text: str  # Markdown
    migration: Migration | None
    no_migration: str  # why there is none (when impact needs one)


@dataclass(frozen=True)
class Step:
    """One release step: every difference from ``old`` to ``new``, classified, and the notes about them."""

    slug: str  # "0.13-to-0.14": the page's name
    old: str  # "0.13.3"
    new: str  # "0.14.1"
    title: str  # "0.13 to 0.14"
    changes: list[Change] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    # Fixed-upstream rows whose fix first shipped in this step's new release: slug -> summary
    fixed: dict[str, str] = field(default_factory=dict)
    # Whether the newer release's changed defaults were measured there (data/upgrading/measured/)
    measured_in: str | None = None


@dataclass(frozen=True)
class Upgrades:
    pinned: str  # the torchrl the build introspected
    steps: list[Step]
