"""Troubleshooting records -> Markdown: the entries of an area, the index tables, the fixed-upstream table,
the mechanisms page."""

from __future__ import annotations

import difflib
import re
import textwrap

from tools.core import markdown as table_cells
from tools.core import urls
from tools.core.errors import first_line
from tools.troubleshooting.facts.records import (
    ELSEWHERE,
    SILENT,
    Capture,
    Captures,
    Curated,
    Entry,
    Mechanism,
    Report,
    WiringCase,
    WiringCases,
)


def _link(target: str) -> str:
    """A docs-relative ``page#anchor`` as a link from an area page (they all sit beside the index)."""
    path, _, anchor = target.partition("#")
    return urls.link(urls.TROUBLESHOOTING, path, anchor)


def _entry_link(entry: Entry) -> str:
    """An entry's link from the index page."""
    return urls.link(urls.TROUBLESHOOTING, urls.troubleshooting_area(entry.area), entry.slug)


def _fence(lang: str, body: str, highlight: list[int] | None = None) -> str:
    ticks = "````" if "```" in body else "```"
    options = f' hl_lines="{" ".join(map(str, highlight))}"' if highlight else ""
    return f"{ticks}{lang}{options}\n{body.rstrip()}\n{ticks}\n"


def changed_lines(before: str, after: str) -> list[int]:
    """The lines of ``after`` (1-based) that ``before`` does not have in that place: what a fix changed.

    difflib's matching blocks, line by line, ignoring trailing blanks; a line only moved or
    re-indented counts as changed, which is what a reader should look at.
    """
    old, new = before.rstrip().splitlines(), after.rstrip().splitlines()
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    return [
        j + 1 for tag, _i1, _i2, j1, j2 in matcher.get_opcodes() if tag in ("replace", "insert") for j in range(j1, j2)
    ]


def _source(entry: Entry) -> str:
    if not entry.reported:
        return "found by trying it on tiny networks"
    match = re.match(r"https://github\.com/([\w.-]+/[\w.-]+)/(?:issues|pull)/(\d+)", entry.source)
    return f"reported in [{match.group(1)}#{match.group(2)}]({entry.source})"


def _inline(text: str) -> str:
    """Text that Markdown shows as typed: an error's ``<lambda>`` or ``<key>`` is not an HTML tag.

    Unescaped, the browser dropped such a "tag" from the heading, and Material's search
    indexer, waiting for its end, filed every later section of the page under that heading.
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def render_wiring(entry: Entry, case: WiringCase) -> str:
    """check_wiring's report on the reproduction, folded under the block (pymdownx.details)."""
    before = (
        "as the reproduction leaves them" if entry.kind == SILENT else "as they stand just before the call that fails"
    )
    intro = (
        f"[`check_wiring`]({_link(urls.CHECK_WIRING)}) run on the reproduction's `{case.loss}` and `{case.data}`, "
        f"{before}, when this site was built. Its verdict: {'ready' if case.ready else 'not ready'}."
    )
    body = f"{intro}\n\n{_fence('text', case.report)}"
    return '??? info "What check_wiring says about this case"\n' + textwrap.indent(body, "    ") + "\n"


def render_entry(entry: Entry, capture: Capture, reviewed: dict | None, wiring: WiringCase | None = None) -> str:
    """One entry: the symptom, why, the error text, then the blocks (kept out of the search index).

    The cause comes first under the heading, so a search result's preview (the start of the
    section's indexed text) shows the symptom and its cause; the reproduction and the fix sit in
    a ``data-search-exclude`` block, so a preview is never a code block taller than the results
    panel.  The error text stays indexed: pasting it is how readers search.
    """
    parts = [f"## {_inline(entry.symptom)} {{ #{entry.slug} }}\n", f"**Why.** {entry.cause}\n"]
    if entry.kind == SILENT:
        parts.append(
            f"Nothing is raised: the run goes on and is wrong. The reproduction below asserts the symptom "
            f"instead (run with torchrl {capture.captured_on} by the tests); {_source(entry)}.\n"
        )
    elif entry.kind == ELSEWHERE:
        parts.append(_fence("text", capture.error_text or ""))
        parts.append(
            f"Recorded with {capture.captured_on} by `{capture.how}` (a throwaway virtual environment): with "
            f"the torch this site pins it cannot happen, so this text is not captured by the build. "
            f"{_source(entry).capitalize()}.\n"
        )
    else:
        parts.append(_fence("text", capture.error_text or ""))
        parts.append(
            f"Captured from torchrl {capture.captured_on} when this site was built, by running the "
            f"reproduction below; {_source(entry)}.\n"
        )
        if reviewed is not None and reviewed.get("error_text") != capture.error_text:
            parts.append(
                '!!! warning "This text changed since the entry was reviewed"\n'
                f"    The entry was written for: {table_cells.code(first_line(str(reviewed.get('error_text'))))}. "
                "Check the cause and the fix below, then run `make troubleshooting-accept`.\n"
            )
    blocks = []
    if entry.kind == ELSEWHERE:
        blocks.append("**Check your installation** (passes when the extension loads):\n")
        blocks.append(_fence("python", entry.reproduce))
        blocks.append("**Fix:**\n")
        blocks.append(_fence("console", entry.fix_console))
    else:
        what = "asserts the symptom" if entry.kind == SILENT else "catches the error and asserts it"
        fixes = entry.fix_blocks()
        if len(fixes) == 1:
            changed = changed_lines(entry.reproduce, fixes[0][1])
            count = f"{len(changed)} line{'s' if len(changed) != 1 else ''}"
            blocks.append(f"**Fix** (runs alone; the {count} that differ from the reproduction are highlighted):\n")
        else:
            blocks.append(
                "**Fix**, one per data layout (each runs alone; lines that differ from the reproduction are highlighted):\n"
            )
        for caption, code in fixes:
            if len(fixes) > 1:
                blocks.append(f"*{_inline(caption)}:*\n")
            blocks.append(_fence("python", code, changed_lines(entry.reproduce, code)))
        # Folded: the fix shows what changed; the whole reproduction is a click away.
        blocks.append(
            f'??? example "Reproduce (runs alone; {what})"\n'
            + textwrap.indent(_fence("python", entry.reproduce), "    ")
        )
        if wiring is not None:
            blocks.append(render_wiring(entry, wiring))
    parts.append("<div data-search-exclude markdown>\n\n" + "\n".join(blocks) + "\n</div>\n")
    if entry.links:
        links = " · ".join(f"[{label}]({_link(target)})" for label, target in entry.links)
        parts.append(f"**See:** {links}\n")
    return "\n".join(parts)


def render_area(
    curated: Curated, captures: Captures, reviewed: dict, area: str, wiring: WiringCases | None = None
) -> str:
    entries = curated.in_area(area)
    if not entries:
        known = ", ".join(a.slug for a in curated.areas)
        raise ValueError(f"no troubleshooting area {area!r} (areas: {known})")
    return "\n".join(
        render_entry(e, captures.get(e.slug), reviewed.get(e.slug), wiring.get(e.slug) if wiring else None)
        for e in entries
    )


def render_by_error(curated: Curated, captures: Captures) -> str:
    """Error text (first line) -> entry: one list per exception type, the message is the link.

    A list, not a table: a message is a sentence to scan, and a link column beside it left
    the message a sliver of a column.  Types and messages are sorted case-insensitively.
    """
    groups: dict[str, list[tuple[str, Entry, str]]] = {}
    for entry in curated.entries:
        capture = captures.get(entry.slug)
        if capture.first_line is None:
            continue
        name = capture.error_type.rsplit(".", 1)[-1]
        message = capture.first_line.split(": ", 1)[1] if ": " in capture.first_line else capture.first_line
        groups.setdefault(name, []).append((message, entry))
    parts = []
    for name in sorted(groups, key=str.lower):
        rows = sorted(groups[name], key=lambda row: row[0].lower())
        parts.append(f"### {name} {{ #error-{name.lower()} }}\n")
        parts.append("\n".join(_by_error_line(*row) for row in rows) + "\n")
    return "\n".join(parts)


# "KeyError: ", "hydra.errors.InstantiationException: ": a symptom often starts with the error's type.
_TYPE_PREFIX = re.compile(r"^[A-Za-z_][\w.]*(?:Error|Exception|Warning): ")
_QUOTES = "\"'"
_WORD = re.compile(r"[A-Za-z_]\w*")


def _what_the_symptom_adds(symptom: str, message: str) -> str:
    """The part of an entry's symptom that its error message does not already say.

    A symptom is mostly the message, with its type in front and a few words of context behind
    (``RuntimeError: Batching rule not implemented for aten::gru.input (GAE with a recurrent critic)``);
    printed whole after the message, it said the message twice.  The symptom is read along the message
    (quotes aside: a captured ``KeyError`` quotes its text) to where they part; what follows is kept
    unless every word of it is in the message already.  A symptom that shares no opening with the
    message (``(no loss_* term to sum)``) is kept whole.
    """
    text = _TYPE_PREFIX.sub("", symptom, count=1)
    i = j = 0
    while i < len(text) and j < len(message):
        if text[i] == message[j]:
            i, j = i + 1, j + 1
        elif text[i] in _QUOTES:
            i += 1
        elif message[j] in _QUOTES:
            j += 1
        else:
            break
    if i < min(20, len(text)):  # they share no real opening: the symptom says something else
        return symptom
    rest = text[i:].strip(" :.,")
    if set(_WORD.findall(rest)) <= set(_WORD.findall(message)):
        return ""
    return rest


def _by_error_line(message: str, entry: Entry) -> str:
    """``- [message](entry)``, then what the symptom adds to the message (often nothing: it is the message)."""
    extra = _what_the_symptom_adds(entry.symptom, message)
    line = f"- [{table_cells.code(message)}]({_entry_link(entry)})"
    return line + (f": {table_cells.text(extra)}" if extra else "")


def error_types(curated: Curated, captures: Captures) -> str:
    """One line of links to the groups of ``render_by_error``, for the top of the index."""
    names = {
        captures.get(e.slug).error_type.rsplit(".", 1)[-1]
        for e in curated.entries
        if captures.get(e.slug).first_line is not None
    }
    links = " · ".join(f"[{name}](#error-{name.lower()})" for name in sorted(names, key=str.lower))
    return f"**Errors by type:** {links}\n"


def render_checklist(curated: Curated) -> str:
    """The failures that raise nothing, as a checklist of symptoms."""
    lines = []
    for entry in curated.entries:
        if entry.kind == SILENT:
            lines.append(f"- [ ] [{_inline(entry.symptom)}]({_entry_link(entry)})")
    return "\n".join(lines) + "\n"


def render_areas(curated: Curated) -> str:
    rows = []
    for area in curated.areas:
        entries = curated.in_area(area.slug)
        rows.append(
            (
                f"[{table_cells.text(area.title)}]({urls.link(urls.TROUBLESHOOTING, urls.troubleshooting_area(area.slug))})",
                len(entries),
                sum(e.reported for e in entries),
            )
        )
    total = curated.entries
    rows.append(("**All areas**", f"**{len(total)}**", f"**{sum(e.reported for e in total)}**"))
    return table_cells.table(["Area", "Entries", "From user reports"], rows) + "\n"


def _outcomes(outcomes: dict[str, dict]) -> str:
    """What a fixed-upstream block did in the older releases' snapshot venvs, oldest first."""
    ran = [release for release, o in outcomes.items() if o.get("result") == "ran"]
    failed = [
        f"{release} ({table_cells.code(o.get('error', o.get('result', '')).split(':')[0])})"
        for release, o in outcomes.items()
        if o.get("result") not in ("ran", "not run")
    ]
    skipped = [release for release, o in outcomes.items() if o.get("result") == "not run"]
    parts = []
    if failed:
        parts.append("failed on " + ", ".join(failed))
    if ran:
        parts.append("ran on " + ", ".join(ran))
    if skipped:
        parts.append(
            "could not run on " + ", ".join(skipped) + " (the venv's torch cannot load that release's extension)"
        )
    return "; ".join(parts)


def render_fixed(curated: Curated, torchrl: str, outcomes: dict[str, dict[str, dict]] | None = None) -> str:
    """The table and one section per row; ``outcomes``: slug -> release -> what the row's block did in that
    release's snapshot venv (``make api-snapshot``), read from data/snapshots/."""
    outcomes = outcomes or {}
    rows = []
    for row in curated.fixed:
        report = re.search(r"(\d+)$", row.reported).group(1)
        fix = re.search(r"(\d+)$", row.fix).group(1)
        rows.append(
            (
                f"[{table_cells.text(row.summary)}](#{row.slug})",
                f"[#{report}]({row.reported})",
                f"[#{fix}]({row.fix})",
                table_cells.text(row.fixed_in),
                _outcomes(outcomes.get(row.slug, {})) or "not run",
            )
        )
    parts = [
        table_cells.table(
            [
                "Reported failure",
                "Report",
                "Fixed by",
                "First release with the fix",
                "The block, run on older releases",
            ],
            rows,
        )
        + "\n"
    ]
    for row in curated.fixed:
        parts.append(f"### {row.summary} {{ #{row.slug} }}\n")
        checked = []
        run = _outcomes(outcomes.get(row.slug, {}))
        if run:
            checked.append(f"In the snapshot venvs of older releases (`make api-snapshot`) the block below {run}.")
        if row.checked:
            checked.append(f"Checked: {table_cells.markdown(row.checked)}.")
        parts.append(
            f"Reported in [{row.reported.split('github.com/')[1]}]({row.reported}); fixed by "
            f"[{row.fix.split('github.com/')[1]}]({row.fix}), first released in {row.fixed_in}. "
            + " ".join(checked)
            + f" The reported pattern, run with torchrl {torchrl} by the tests:\n"
        )
        parts.append(_fence("python", row.now_works))
    return "\n".join(parts)


# What became of a report, in the order a mechanism's section lists them.
VERDICT_LABELS = {
    "entry": "became entries",
    "fixed-upstream": "fixed upstream",
    "behaviour": "answered as behaviour",
    "not-reproducible": "not reproduced on torchrl {torchrl}",
    "duplicate": "duplicates",
}
_REPORT_URL = re.compile(r"https://github\.com/([\w.-]+/[\w.-]+)/(?:issues|pull|discussions)/(\d+)")


def _report_link(report: Report) -> str:
    """``[owner/repo#n](url "title")``: the title shows on hover, the number stays short in the line."""
    match = _REPORT_URL.match(report.url)
    label = f"{match.group(1)}#{match.group(2)}" if match else report.url
    title = report.title.replace('"', "'")
    return f'[{label}]({report.url} "{_inline(title)}")'


def render_reports(mechanism: Mechanism, torchrl: str) -> str:
    """The mechanism's reports, grouped by what became of each (the triage's verdict)."""
    groups = []
    for verdict, label in VERDICT_LABELS.items():
        links = [_report_link(r) for r in mechanism.reports if r.verdict == verdict]
        if links:
            groups.append(f"{label.format(torchrl=torchrl)}: {', '.join(links)}")
    return f"**Reports** ({len(mechanism.reports)}): " + "; ".join(groups) + ".\n"


def render_mechanism(mechanism: Mechanism, capture: Capture, reviewed: dict | None, entries: dict[str, Entry]) -> str:
    """One mechanism: the two sides and how they meet, what its reproduction raised, the blocks (folded,
    kept out of the search index as an entry's are), then the entries that are instances and the reports."""
    here = urls.TROUBLESHOOTING_MECHANISMS
    parts = [
        f"## {_inline(mechanism.title)} {{ #{mechanism.slug} }}\n",
        f"**Your code.** {mechanism.user_side}\n",
        f"**torchrl.** {mechanism.torchrl_side}\n",
        f"**How they meet.** {mechanism.how}\n",
    ]
    if mechanism.kind == SILENT:
        parts.append(
            "Nothing is raised. The reproduction below asserts the symptom instead (run with torchrl "
            f"{capture.captured_on} by the tests).\n"
        )
    else:
        parts.append(_fence("text", capture.error_text or ""))
        parts.append(
            f"Captured from torchrl {capture.captured_on} when this site was built, by running the reproduction "
            "below.\n"
        )
        if reviewed is not None and reviewed.get("error_text") != capture.error_text:
            parts.append(
                '!!! warning "This text changed since the mechanism was reviewed"\n'
                f"    It was written for: {table_cells.code(first_line(str(reviewed.get('error_text'))))}. "
                "Check the explanation and the fix below, then run `make troubleshooting-accept`.\n"
            )
    what = "asserts the symptom" if mechanism.kind == SILENT else "catches the error and asserts it"
    changed = changed_lines(mechanism.reproduce, mechanism.fix)
    count = f"{len(changed)} line{'s' if len(changed) != 1 else ''}"
    blocks = [
        f'??? example "Reproduce (runs alone; {what})"\n'
        + textwrap.indent(_fence("python", mechanism.reproduce), "    "),
        f'??? example "Fix (runs alone; the {count} that differ from the reproduction are highlighted)"\n'
        + textwrap.indent(_fence("python", mechanism.fix, changed), "    "),
    ]
    parts.append("<div data-search-exclude markdown>\n\n" + "\n".join(blocks) + "\n</div>\n")
    if mechanism.entries:
        links = " · ".join(
            f"[{table_cells.text(entries[slug].symptom)}]({urls.link(here, urls.troubleshooting_area(entries[slug].area), slug)})"
            for slug in mechanism.entries
        )
        parts.append(f"**Entries** (instances with their own fix): {links}\n")
    parts.append(render_reports(mechanism, capture.captured_on))
    return "\n".join(parts)


def render_mechanisms(curated: Curated, captures: Captures, reviewed: dict) -> str:
    """Every mechanism, in the order of data/troubleshooting/mechanisms.yaml; ``reviewed``: mechanism slug ->
    the text it was last reviewed against."""
    if not curated.mechanisms:
        raise ValueError("no troubleshooting mechanisms: data/troubleshooting/mechanisms.yaml defines none")
    entries = {e.slug: e for e in curated.entries}
    return "\n".join(
        render_mechanism(m, captures.mechanism(m.slug), reviewed.get(m.slug), entries) for m in curated.mechanisms
    )
