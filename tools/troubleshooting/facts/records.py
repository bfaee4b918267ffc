"""Troubleshooting entries: what is curated (symptom, cause, source, code) and what a build captured."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tools.core.errors import first_line

# How an entry shows its failure.
RAISES = "raises"  # the reproduction raises; its error text is captured at build time
SILENT = "silent"  # nothing is raised; the reproduction asserts the observable symptom
ELSEWHERE = "elsewhere"  # cannot happen with the pinned packages; text captured by another command
# Inside the fix: "# ---- fix: <when> ----" starts a fix of its own (shown as its own block, run alone),
# for failures with more than one layout of data to fix them for.
FIX_PART = re.compile(r"^# ---- fix: (?P<caption>.+?) ----$")


@dataclass(frozen=True)
class Area:
    slug: str  # docs/troubleshooting/<slug>.md
    title: str


@dataclass(frozen=True)
class Entry:
    slug: str  # the heading's anchor and the name of its code file
    area: str
    symptom: str  # the heading: what the user sees
    kind: str  # RAISES, SILENT or ELSEWHERE
    cause: str  # two or three sentences, Markdown
    source: str  # the issue URL it comes from, or "found by trying"
    links: list[list[str]]  # [label, docs-relative page(#anchor)] pairs: the pages the entry concerns
    reproduce: str  # the reproduction block, exactly as the page shows and the build runs it
    fix: str  # the fix block (Python); empty for ELSEWHERE entries
    fix_console: str = ""  # a shell command that fixes it (ELSEWHERE entries)
    # [loss, data]: the names the reproduction gives its loss module and its batch, for entries about
    # keys and shapes; the build runs check_wiring on them (wiring.py). Empty for the others.
    wiring: list[str] = field(default_factory=list)

    @property
    def reported(self) -> bool:
        return self.source.startswith("https://")

    def fix_blocks(self) -> list[tuple[str, str]]:
        """(caption, code) of each fix the page shows: the whole fix (caption ""), or one block per
        ``# ---- fix: <when> ----`` line, each complete and run on its own."""
        blocks: list[tuple[str, list[str]]] = [("", [])]
        for line in self.fix.splitlines():
            match = FIX_PART.match(line.strip())
            if match:
                blocks.append((match.group("caption"), []))
            else:
                blocks[-1][1].append(line)
        out = [(caption, "\n".join(lines).strip("\n") + "\n") for caption, lines in blocks]
        return [(caption, code) for caption, code in out if code.strip()]


@dataclass(frozen=True)
class FixedUpstream:
    """A failure users reported that the pinned torchrl no longer shows."""

    slug: str
    summary: str  # what failed, in a few words (Markdown)
    reported: str  # issue URL
    fix: str  # the pull request that fixed it (URL)
    fixed_in: str  # first release holding the fix ("v0.2.0", or "after v0.13.3, present in 0.14.1")
    now_works: str  # a block running the reported pattern; it must not raise
    # How the claim was checked where no snapshot venv could run the block (curated: "read from the code at
    # vX: ..."); the outcomes in the snapshot venvs are read from data/snapshots/ by the page.
    checked: str = ""


@dataclass(frozen=True)
class Report:
    """A row of data/troubleshooting/triage.yaml: one failure a user reported, and what became of it."""

    url: str
    title: str
    verdict: str  # entry, fixed-upstream, behaviour, not-reproducible or duplicate
    went_to: str  # the entry or fixed-upstream slug, the page, or the report it duplicates


@dataclass(frozen=True)
class Mechanism:
    """What in a user's code meets what in torchrl's, and how the two go wrong: the shape many reports share.

    Its reports are the triage rows that carry its slug (``mechanism:``); its reproduction is one small
    instance of it, written for the mechanism rather than copied from any report.
    """

    slug: str  # the section's anchor on the mechanisms page and the name of its code file
    title: str  # the heading: what goes wrong, in a reader's words
    user_side: str  # what the user's code does (Markdown)
    torchrl_side: str  # what torchrl's code expects or does (Markdown)
    how: str  # how the two meet and fail (Markdown)
    kind: str  # RAISES or SILENT
    entries: list[str]  # troubleshooting entry slugs that are instances of it
    reports: list[Report]  # in the triage's order
    reproduce: str  # the reproduction block, as the page shows it and the build runs it
    fix: str


@dataclass(frozen=True)
class Curated:
    areas: list[Area]
    entries: list[Entry]
    fixed: list[FixedUpstream]
    mechanisms: list[Mechanism] = field(default_factory=list)

    def mechanism(self, slug: str) -> Mechanism:
        for mechanism in self.mechanisms:
            if mechanism.slug == slug:
                return mechanism
        raise KeyError(slug)

    def entry(self, slug: str) -> Entry:
        for entry in self.entries:
            if entry.slug == slug:
                return entry
        raise KeyError(slug)

    def in_area(self, area: str) -> list[Entry]:
        return [e for e in self.entries if e.area == area]


@dataclass(frozen=True)
class Capture:
    """What running an entry's reproduction raised, as the last line of a traceback shows it."""

    slug: str
    error_type: str | None  # qualified exception class name; None for silent entries
    error_text: str | None  # "Type: message" (format_exception_only), machine paths and addresses shortened
    captured_on: str  # torchrl version (or the other torch, for ELSEWHERE entries)
    how: str = "build"  # "build" (captured by this build) or the command that captured it elsewhere
    # The torchrl frames the error passed through, innermost first ("torchrl/objectives/ppo.py:forward").
    frames: list[str] = field(default_factory=list)

    @property
    def first_line(self) -> str | None:
        return first_line(self.error_text) if self.error_text else None


@dataclass(frozen=True)
class WiringCase:
    """What check_wiring reported on an entry's loss and data, as the reproduction builds them."""

    slug: str
    loss: str  # the reproduction's variable names, shown on the page
    data: str
    report: str  # the report's text, as print(report) shows it
    ready: bool


@dataclass(frozen=True)
class WiringCases:
    torchrl: str
    cases: list[WiringCase] = field(default_factory=list)

    def get(self, slug: str) -> WiringCase | None:
        return next((case for case in self.cases if case.slug == slug), None)


@dataclass(frozen=True)
class Captures:
    torchrl: str
    captures: list[Capture] = field(default_factory=list)  # one per entry
    mechanisms: list[Capture] = field(default_factory=list)  # one per mechanism

    def get(self, slug: str) -> Capture:
        for capture in self.captures:
            if capture.slug == slug:
                return capture
        raise KeyError(slug)

    def mechanism(self, slug: str) -> Capture:
        for capture in self.mechanisms:
            if capture.slug == slug:
                return capture
        raise KeyError(slug)


@dataclass(frozen=True)
class MechanismText:
    """A mechanism as a matcher sees it: what its reproduction raised, where, and the page that explains it."""

    slug: str
    title: str
    page: str  # docs-relative page with its anchor
    kind: str  # RAISES or SILENT
    error_type: str | None  # qualified exception class name; None for a silent mechanism
    error_text: str | None  # "Type: message" as captured; None for a silent mechanism
    frames: list[str]  # torchrl frames of the captured traceback, innermost first
