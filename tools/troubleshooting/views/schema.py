"""JSON Schema of the ``troubleshooting`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import STR, array, nullable, record

ENTRIES = array(
    record(
        "One troubleshooting entry (or a row of the fixed-upstream table).",
        slug=(STR, "the entry's anchor on its page"),
        symptom=(STR, "the heading: what the reader sees"),
        area=(STR, "the area page it sits on (keys, estimators, losses, ...)"),
        page=(STR, "the docs-relative page"),
        kind=(STR, "`error` (raises), `silent` (raises nothing) or `fixed` (fixed upstream)"),
        error_type=(nullable(STR), "the exception type raised (`null` for a silent failure)"),
        error_text=(
            nullable(STR),
            "the exact message, captured at build time by running the reproduction (`null` when silent)",
        ),
        captured_on=(nullable(STR), "the torchrl version the text was captured on"),
        source=(STR, "the user report it comes from (issue URL) or `found by trying`"),
        fixed_in=(nullable(STR), "for the fixed-upstream table: the first release with the fix"),
    )
)

MECHANISMS = array(
    record(
        "One failure mechanism: what in the user's code meets what in torchrl's, and how they fail; the "
        "triaged reports it groups and the entries that are instances of it.",
        slug=(STR, "the mechanism's anchor on its page"),
        title=(STR, "the heading: what goes wrong, in a reader's words"),
        page=(STR, "the docs-relative page with the anchor"),
        kind=(STR, "`raises` (its reproduction raises) or `silent` (it asserts the symptom instead)"),
        user_side=(STR, "what the user's code does (Markdown)"),
        torchrl_side=(STR, "what torchrl's code expects or does (Markdown)"),
        how=(STR, "how the two meet and fail (Markdown)"),
        error_type=(nullable(STR), "the exception type its reproduction raised (`null` when silent)"),
        error_text=(
            nullable(STR),
            "the exact message, captured at build time by running the reproduction (`null` when silent)",
        ),
        frames=(
            array(STR),
            "the captured traceback's torchrl frames (`torchrl/<file>.py:<function>`), innermost first",
        ),
        captured_on=(STR, "the torchrl version the text was captured on"),
        entries=(array(STR), "the slugs of the troubleshooting entries that are instances of it"),
        reports=(array(STR), "the issue or pull-request URLs of the triaged reports it groups"),
    )
)

SCHEMA = record(
    "Troubleshooting: the entries (and fixed-upstream rows), and the failure mechanisms that group them.",
    entries=(ENTRIES, "every entry, then every row of the fixed-upstream table"),
    mechanisms=(MECHANISMS, "every failure mechanism, in the mechanisms page's order"),
)
