"""JSON Schema of the ``error_catalog`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import BOOL, INT, STR, array, nullable, record

_SEEN = record(
    "A text this build captured that the site's template matches.",
    text=(STR, "the captured `Type: message`"),
    source=(STR, "what ran: a troubleshooting entry's reproduction, or a loss built with one argument changed"),
    page=(STR, "the docs-relative page (with anchor) that shows the run"),
)

SCHEMA = record(
    "Every `raise` and `warnings.warn` of the covered torchrl code, read from its source.",
    torchrl=(STR, "the torchrl version read"),
    covered=(array(STR), "the packages read whole; functions they call elsewhere in torchrl are read too"),
    matcher_index=(
        STR,
        "site-relative path of the matcher's index (the targets the page's box and `explain_error` rank)",
    ),
    earlier=(
        array(
            record(
                "A message older releases raised or warned that the installed torchrl does not.",
                exception=(STR, "the class as the last release that said it wrote it"),
                message=(STR, "the message, each field the running code filled in shown as {source}"),
                pattern=(STR, "the regular expression a normalised message matches"),
                first=(STR, "the lowest release tag that said it"),
                last=(STR, "the highest release tag that said it"),
                gone_in=(nullable(STR), "the release tag after `last` (null: `last` is the newest tag scanned)"),
                file=(STR, "its file in the last release that said it"),
                function=(STR, "the qualname around it there"),
                page=(STR, "its entry: docs-relative page and anchor"),
                now=(STR, "that code's section of the installed catalogue (empty when it has none)"),
                reworded_as=(
                    STR,
                    "the installed message of the same module it reads like (the same check worded otherwise; "
                    "`now` is that site), empty when none",
                ),
            )
        ),
        "messages of older releases, read from each release tag of pytorch/rl (the fix history's scan)",
    ),
    names=(
        array(
            record(
                "A keyword, importable name or module of torchrl that some releases have and others do not.",
                kind=(
                    STR,
                    "`keyword` (a function's), `export` (what an import from a module finds), `module`, or "
                    "`attribute` (a method or property a class defines)",
                ),
                owner=(STR, "the function's qualified name (a keyword), the class's (an attribute), else the module"),
                name=(STR, "the keyword, the exported name, the method or property; empty for a module"),
                file=(STR, "its file in the newest code that has it"),
                first=(nullable(STR), "the lowest release tag that has it (null: none yet, only newer code)"),
                last=(nullable(STR), "the highest release tag that has it (null as for `first`)"),
                gone_in=(
                    nullable(STR),
                    "a removal: the lowest release tag from which every release lacks it for certain (null: "
                    "none is certain, as with a function taking **kwargs, a module with a __getattr__, a method)",
                ),
                lacked_by=(nullable(STR), "an addition: the release tag before `first`, which lacks it for certain"),
                installed=(BOOL, "the installed torchrl has it: an addition; else a removal"),
                instead=(
                    array(STR),
                    "a removed keyword: the keywords its function gained in `gone_in`; a removed export: the "
                    "installed modules an import of that name finds",
                ),
                named=(
                    array(STR),
                    "an attribute: the classes whose objects answer alike (the class, then its subclasses), "
                    "each named by Python's message",
                ),
                messages=(array(STR), "regular expressions of the normalised messages Python raises for it"),
                page=(STR, "its entry: docs-relative page and anchor"),
            )
        ),
        "names read from each release tag of pytorch/rl (the fix history's scan), checked against the installed torchrl",
    ),
    sites=(
        array(
            record(
                "One place that raises or warns.",
                id=(STR, "`module:function:n`, n counting the function's sites in source order"),
                module=(STR, "the torchrl module"),
                path=(STR, "its file, below site-packages"),
                line=(INT, "the line in the installed file"),
                function=(STR, "qualified name of the enclosing function (`<module>` at module level)"),
                kind=(STR, "`raise`, `reraise` (raises what it caught) or `warn`"),
                exception=(STR, "bare class name raised or warned with (empty when computed)"),
                exception_qualname=(STR, "the resolved class, qualified (empty when unresolved)"),
                message=(STR, "the message template; fields in braces hold the source that fills them"),
                message_known=(BOOL, "false when part of the message is computed by code not read statically"),
                pattern=(STR, "regular expression a normalised message matches (empty: too little fixed text)"),
                guards=(array(STR), "the conditions that lead there, outermost first"),
                why_read=(STR, "`covered`, or `called` (a covered function's calls lead there)"),
                called_from=(STR, "for `called`: a covered `module:function` whose calls reach it"),
                page=(STR, "docs-relative catalogue page with the site's anchor"),
                object=(STR, "public identifier of the documented class the site's function belongs to (empty: none)"),
                object_page=(STR, "docs-relative page that documents that class (empty: none)"),
                seen_raised=(array(_SEEN), "texts this build captured from it (empty: read only)"),
            )
        ),
        "every site, in module and line order",
    ),
)
