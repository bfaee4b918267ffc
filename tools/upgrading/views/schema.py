"""JSON Schema of the ``upgrading`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import BOOL, STR, array, nullable, record

CHANGE = record(
    "One raw difference between the two releases, classified.",
    key=(STR, "`<section> <object> <field>`: what a note of data/upgrading.yaml names"),
    section=(STR, "the part of the API: losses, estimators.classes, trainers, configs, functions, ..."),
    object=(STR, "the class, config, function or module (for deprecations: `file:function`)"),
    field=(STR, "what changed in it (`parameters.gamma`, `fields.average_gae`, ...; empty for the object itself)"),
    kind=(STR, "the raw kind: added, removed, default changed, annotation changed, kind changed, ..."),
    old=(nullable(STR), "the value in the older release, as text"),
    new=(nullable(STR), "the value in the newer release, as text"),
    category=(
        STR,
        "added, removed, renamed, default changed, default changed but resolving alike, annotation only, noted",
    ),
    impact=(STR, "breaking, behaviour, deprecation, new or none"),
    note=(nullable(STR), "the slug of the curated note covering it"),
)
NOTE = record(
    "A curated note: what a group of differences means and what to do.",
    slug=(STR, "the note's anchor on its page"),
    title=(STR, "its heading"),
    impact=(STR, "breaking, behaviour, deprecation, new or none"),
    category=(nullable(STR), "how it classifies its differences (renamed, resolves alike, noted), if it does"),
    differences=(array(STR), "the difference keys or patterns (`*` matches any text) it covers"),
    page=(STR, "docs-relative page and anchor"),
    migration=(BOOL, "whether it shows a runnable before/after migration"),
)
SCHEMA = record(
    pinned=(STR, "the torchrl version the build introspected"),
    steps=(
        array(
            record(
                "One release step.",
                slug=(STR, "`0.13-to-0.14`"),
                old=(STR, "the older release (a committed snapshot)"),
                new=(STR, "the newer release"),
                page=(STR, "docs-relative page"),
                changes=(array(CHANGE), "every difference, classified"),
                notes=(array(NOTE), "the curated notes of this step"),
            )
        ),
        "oldest first",
    ),
)
