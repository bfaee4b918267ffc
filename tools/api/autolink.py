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


def link_line(line: str, targets: dict[str, str]) -> str:
    """One Markdown line with its code spans naming a key of ``targets`` linked to its identifier."""
    if "`" not in line or HEADING.match(line):
        return line

    def replace(match: re.Match) -> str:
        identifier = targets.get(match.group("name"))
        return f"[{match.group(0)}][{identifier}]" if identifier else match.group(0)

    return NAME_SPAN.sub(replace, line)
