"""Code spans that name a documented torchrl object become autorefs cross-references.

`` `ClipPPOLoss` `` -> ``[`ClipPPOLoss`][torchrl.objectives.ClipPPOLoss]``, on
every page (prose and generated tables alike), so each mention links to the
object's API section and the link follows it if the page layout changes.
Also ``Name.method``, ``Name()`` and full import paths.  A span already
inside a link, a heading, or a code fence is left alone.
"""

from __future__ import annotations

import re

# A code span holding a dotted name, optionally called: `GAE`, `SoftUpdate.step()`, `torchrl.objectives.SACLoss`.
NAME_SPAN = re.compile(r"(?<![\[`\w])`(?P<name>[A-Za-z_][\w.]*)(?P<call>\(\))?`(?![`\]])")
HEADING = re.compile(r"^\s{0,3}#{1,6}\s")


CODE_SPAN = re.compile(r"(`+).*?\1")


def _inside_brackets(line: str, position: int) -> bool:
    """Is ``position`` inside ``[...]`` (a link's text)?  Brackets inside code spans do not count.

    A link inside a link's text is not a link: autorefs then reads the outer
    text as a cross-reference to resolve, and the strict build fails.
    """
    depth, index = 0, 0
    while index < position:
        span = CODE_SPAN.match(line, index)
        if span:
            index = span.end()
            continue
        char = line[index]
        if char == "\\":
            index += 2
            continue
        depth += {"[": 1, "]": -1}.get(char, 0)
        depth = max(depth, 0)
        index += 1
    return depth > 0


def link_line(line: str, targets: dict[str, str]) -> str:
    """One Markdown line with its code spans naming a key of ``targets`` linked to its identifier."""
    if "`" not in line or HEADING.match(line):
        return line

    def replace(match: re.Match) -> str:
        identifier = targets.get(match.group("name"))
        if not identifier or _inside_brackets(line, match.start()):
            return match.group(0)
        return f"[{match.group(0)}][{identifier}]"

    return NAME_SPAN.sub(replace, line)
