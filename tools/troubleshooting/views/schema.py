"""JSON Schema of the ``troubleshooting`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import STR, array, nullable, record

SCHEMA = array(
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
