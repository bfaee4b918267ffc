"""The fixes' Markdown: the folded section on a documented class's page, the index pages, the areas table."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from tools.core import search_weights, urls
from tools.core.markdown import code, one_line, table, text
from tools.fixes.facts.areas import Area
from tools.fixes.facts.installed import GONE, MOVED, ObjectsNow
from tools.fixes.facts.pages import IndexPage, anchor, fix_pages, index_pages
from tools.fixes.facts.records import CONDITION, MESSAGE, Fix, FixHistory, release_version
from tools.fixes.facts.threads import Issue, Threads

# How much of one fix a line of the index shows; the inventory holds all of it.
FILES_SHOWN = 6
MESSAGES_SHOWN = 3
# Each changed message is cut to this many characters on the page (the matcher reads it whole).
MESSAGE_CHARS = 160
OBJECTS_SHOWN = 8
CHANGED_HERE_SHOWN = 4


@dataclass(frozen=True)
class Reported:
    """A hand-written fixed-upstream row about the same pull request: the reported issue and its check."""

    issue: str  # URL
    slug: str  # its anchor on urls.FIXED_UPSTREAM


@dataclass(frozen=True)
class Context:
    history: FixHistory
    objects: ObjectsNow
    torchrl: str  # the installed version
    reported: dict[str, list[Reported]]  # pull request URL -> the rows about it
    threads: Threads  # what the pull requests' and issues' threads say

    @cached_property
    def pages(self) -> dict[str, str]:
        """Fix sha -> the index page listing it: once per context, not once per class page."""
        return fix_pages(self.history)


def error_texts(fix: Fix, context: Context) -> list[str]:
    """The exception lines the commit, its pull request's thread and the issues it fixes quote."""
    thread = context.threads.of(fix.pr)
    found = list(fix.error_texts)
    if thread is not None:
        found += thread.error_texts + [t for issue in thread.fixes for t in issue.error_texts]
    return list(dict.fromkeys(found))


def thread_issues(fix: Fix, context: Context) -> list[Issue]:
    thread = context.threads.of(fix.pr)
    return [] if thread is None else [i for i in thread.fixes if i.url not in fix.issues]


def fixed_in(fix: Fix, context: Context) -> str:
    if fix.first_release is not None:
        return fix.first_release
    return f"after {context.history.newest_release}, present in {context.torchrl}"


def _fixed_phrase(fix: Fix, context: Context) -> str:
    if fix.first_release is not None:
        return f"Fixed in **{fix.first_release}**"
    return f"Fixed **after {context.history.newest_release}**, present in {context.torchrl}"


def _release_order(fix: Fix) -> tuple[int, ...]:
    """Releases compare as numbers; a fix in no release yet is the newest."""
    return release_version(fix.first_release) if fix.first_release else (10**9,)


def short_subject(subject: str) -> str:
    """The subject without its tag lists ("[BugFix]") and its trailing pull-request number: tables show those apart."""
    subject = re.sub(r"^\s*(?:\[[^\[\]]*\]\s*)+|^\s*bug\s*fix\s*:\s*", "", subject, flags=re.IGNORECASE)
    return re.sub(r"\s*\(#\d+\)\s*$", "", subject) or subject


def issue_label(url: str, repository: str) -> str:
    """``#12`` for the repository's own issues, ``owner/name#12`` for another's; other links by their path."""
    match = re.match(r"https://github\.com/([^/]+/[^/]+)/(?:issues|pull|discussions)/(\d+)", url)
    if match is None:
        return url.split("://", 1)[-1]
    owner_repo, number = match.groups()
    return f"#{number}" if owner_repo == repository else f"{owner_repo}#{number}"


def commit_url(history: FixHistory, sha: str) -> str:
    return f"https://github.com/{history.repository}/commit/{sha}"


def _scanned(context: Context) -> str:
    commit = context.history.commit
    return f"[`{commit[:9]}`]({commit_url(context.history, commit)})"


def _issues(fix: Fix, context: Context, here: str) -> list[str]:
    """Links to the issues the message names and to the issues a hand-written row says it fixed."""
    repository = context.history.repository
    links = [f"[{issue_label(url, repository)}]({url})" for url in fix.issues]
    for issue in thread_issues(fix, context):
        title = f' "{text(issue.title)}"' if issue.title else ""
        links.append(f"[{issue_label(issue.url, repository)}]({issue.url}){title}")
    for row in context.reported.get(fix.pr_url, []):
        links.append(
            f"[{issue_label(row.issue, repository)}]({row.issue}), "
            f"[checked on {context.torchrl}]({urls.link(here, urls.FIXED_UPSTREAM, row.slug)})"
        )
    return links


# --- the section on a documented class's page ---------------------------------------------------------


def _touched_here(fix: Fix, names: set[str], context: Context) -> list[str]:
    found = []
    for file, qualnames in fix.objects.items():
        for qualname in qualnames:
            if names & set(context.objects.find(file, qualname).subjects):
                found.append(qualname)
    return sorted(set(found))


def render_object_section(names: list[str], here: str, context: Context) -> str:
    """The fixes that changed the classes ``names`` (or code they inherit in their module), folded, newest first."""
    wanted = set(names)
    pages = context.pages
    rows, fixes = [], []
    for fix in context.history.fixes:
        touched = _touched_here(fix, wanted, context)
        if not touched:
            continue
        fixes.append(fix)
        shown = ", ".join(code(q) for q in touched[:CHANGED_HERE_SHOWN])
        if len(touched) > CHANGED_HERE_SHOWN:
            shown += f" and {len(touched) - CHANGED_HERE_SHOWN} more"
        cell = f"[{text(short_subject(fix.subject))}]({urls.link(here, pages[fix.sha], anchor(fix))})"
        issues = _issues(fix, context, here)
        if issues:
            cell += f" (reported in {', '.join(issues)})"
        if fix.reverted_by:
            cell += f"; reverted by {code(fix.reverted_by[:9])}"
        pr = f"[#{fix.pr}]({fix.pr_url})" if fix.pr is not None else "none"
        # The intro says a fix after the newest release is in the installed torchrl: the cell stays short.
        rows.append((text(fix.first_release or f"after {context.history.newest_release}"), cell, pr, shown))
    what = " and ".join(code(n) for n in names)
    index = urls.link(here, urls.FIXED_UPSTREAM, "every-upstream-bug-fix")
    if not fixes:
        return (
            f"No bug-fix commit of pytorch/rl up to {_scanned(context)} changed {what} "
            f"([every upstream bug fix to the code this site covers]({index})).\n"
        )
    oldest = min(fixes, key=_release_order)
    since = f"since {oldest.first_release}" if oldest.first_release else f"after {context.history.newest_release}"
    count = f"{len(fixes)} fix" + ("es" if len(fixes) != 1 else "")
    intro = (
        f"Bug-fix commits of pytorch/rl that changed {what} (or code {'they inherit' if len(names) > 1 else 'it inherits'} "
        f"in {'their' if len(names) > 1 else 'its'} module), read from git history up to {_scanned(context)}, newest "
        f"first. *Fixed in* is the first release holding the fix; a fix after {context.history.newest_release} is in "
        f"the installed {context.torchrl}. Each links to its entry in the [index of upstream bug fixes]({index})."
    )
    body = intro + "\n\n" + table(["Fixed in", "Fix", "Pull request", "Changed here"], rows)
    indented = "\n".join(f"    {line}" if line else "" for line in body.split("\n"))
    # Out of the search index every page load fetches: each fix is indexed once, by its entry in the index
    # pages, which a query for its subject or pull request should find first.
    folded = f'??? note "Fixed upstream: {count} {since}"\n\n{indented}\n'
    return f"<div data-search-exclude markdown>\n\n{folded}\n</div>\n"


# --- the index pages ------------------------------------------------------------------------------------


def _object_text(file: str, qualname: str, context: Context) -> str:
    now = context.objects.find(file, qualname)
    if now.status == GONE:
        return f"{code(qualname)} (gone from {context.torchrl})"
    if now.status == MOVED:
        return f"{code(qualname)} (now {code(now.now)})"
    return code(qualname)


def _changed(fix: Fix, context: Context) -> str:
    parts = []
    for file in fix.files[:FILES_SHOWN]:
        names = fix.objects.get(file, [])
        where = code(file) + (" (a SOTA script)" if file.startswith("sota-implementations/") else "")
        if not names:
            parts.append(where)
            continue
        shown = ", ".join(_object_text(file, q, context) for q in names[:OBJECTS_SHOWN])
        if len(names) > OBJECTS_SHOWN:
            shown += f" and {len(names) - OBJECTS_SHOWN} more"
        parts.append(f"{where}: {shown}")
    if len(fix.files) > FILES_SHOWN:
        parts.append(f"and {len(fix.files) - FILES_SHOWN} more files")
    return "; ".join(parts)


def _entry(fix: Fix, here: str, context: Context) -> str:
    history = context.history
    pr = f"pull request [#{fix.pr}]({fix.pr_url})" if fix.pr is not None else "no pull request named"
    # Every page load fetches the search index: an entry is found by its subject, commit, pull request,
    # issues and quoted errors; its release and date (the section above names the release) and what it
    # changed are read on the page only (Material skips an element marked data-search-exclude).
    lines = [
        f"### {text(fix.subject)} {{ #{anchor(fix)} }}",
        "",
        f"{_fixed_phrase(fix, context)}, committed {fix.date}.",
        "{: data-search-exclude }",
        "",
        f"Commit [`{fix.sha[:9]}`]({commit_url(history, fix.sha)}); {pr}.",
    ]
    issues = _issues(fix, context, here)
    if issues:
        lines.append(f"Fixes {', '.join(issues)}.")
    quoted = error_texts(fix, context)
    if quoted:
        lines.append("Quoted error: " + "; ".join(code(e) for e in quoted) + ".")
    if fix.reverted_by:
        lines.append(
            f"Reverted by [`{fix.reverted_by[:9]}`]({commit_url(history, fix.reverted_by)}), "
            "so the code it changed may be as before."
        )
    lines += ["", f"Changed: {_changed(fix, context)}.", "{: data-search-exclude }", ""]
    if fix.raised_before:
        lines += [_raised_before(fix), "{: data-search-exclude }", ""]
    return "\n".join(lines)


_HOW_CHANGED = {MESSAGE: "its message changed", CONDITION: "the test that leads to it changed"}


def _raised_before(fix: Fix) -> str:
    """What the code before the fix raised or warned where the fix changed it: what an older release prints."""
    shown = []
    for old in fix.raised_before[:MESSAGES_SHOWN]:
        message = one_line(old.template(), MESSAGE_CHARS)
        where = f"{old.function}" if old.function != "<module>" else old.file
        shown.append(f"{code(f'{old.exception}: {message}')} in {code(where)} ({_HOW_CHANGED[old.change]})")
    more = len(fix.raised_before) - len(shown)
    tail = f"; and {more} more" if more > 0 else ""
    return "Before this fix: " + "; ".join(shown) + tail + "."


def _part_title(page: IndexPage, context: Context) -> str:
    if page.parts == 1:
        return page.area.title
    newest, oldest = page.fixes[0], page.fixes[-1]
    if page.part == 1:
        return f"{page.area.title}, since {oldest.first_release or fixed_in(oldest, context)}"
    return f"{page.area.title}, {oldest.first_release} to {newest.first_release}"


def _nav_title(page: IndexPage, context: Context) -> str:
    # An older part names the release it ends at only: both ends made it too long for the sidebar.
    if page.parts == 1 or page.part == 1:
        return _part_title(page, context)
    return f"{page.area.title}, to {page.fixes[0].first_release}"


def _folders(area: Area) -> str:
    folders = ", ".join(code(f) for f in area.folders)
    return f"{folders} ({area.note})" if area.note else folders


def render_index_page(page: IndexPage, all_pages: list[IndexPage], context: Context) -> str:
    history, here = context.history, page.path
    folders = _folders(page.area)
    others = [
        f"[{p.area.title if p.parts == 1 else _part_title(p, context)}]({urls.link(here, p.path)}) ({len(p.fixes)})"
        for p in all_pages
        if p.path != here
    ]
    out = [
        # The navigation's title is the area, and the releases of a part (the section says "Upstream bug fixes").
        search_weights.front_matter(search_weights.FIX_INDEX, _nav_title(page, context))
        + f"# Fixed upstream: {_part_title(page, context)}",
        "",
        f"Every bug-fix commit of pytorch/rl that changed files under {folders} more than any other covered "
        f"folder, read from its git history up to commit {_scanned(context)} (`make fix-history`, "
        f"`tools/wings/fix_scanner/`), newest first: {len(page.fixes)} here. The first release holding each "
        f"is the lowest release tag containing the commit; one after {history.newest_release} is in the "
        f"installed {context.torchrl}. What each changed is named by the function, class or method around the "
        f"changed lines and looked up in the installed torchrl {context.torchrl}: an object it no longer has "
        "is marked *gone*, one another module defines now *moved*. The subjects are pytorch/rl's own.",
        "",
        f"Failures users reported, with a block that runs on the installed torchrl: "
        f"[Fixed upstream]({urls.link(here, urls.FIXED_UPSTREAM)}). The other pages of this index: "
        + ", ".join(others)
        + ".",
        "",
    ]
    release = object()
    for fix in page.fixes:
        if fix.first_release != release:
            release = fix.first_release
            label = (
                f"Fixed in {release}" if release else f"After {history.newest_release}, present in {context.torchrl}"
            )
            out += [f"## {label}", ""]
        out.append(_entry(fix, here, context))
    if page.elsewhere:
        pages = fix_pages(history)
        out += [f"## Listed under another area, also changing {folders}", ""]
        out += [
            f"- [{text(short_subject(fix.subject))}]({urls.link(here, pages[fix.sha], anchor(fix))}) "
            f"({text(fixed_in(fix, context))})"
            for fix in page.elsewhere
        ]
        out.append("")
    return "\n".join(out)


def render_index_pages(context: Context) -> dict[str, str]:
    pages = index_pages(context.history)
    return {page.path: render_index_page(page, pages, context) for page in pages}


def render_areas(context: Context, here: str = urls.FIXED_UPSTREAM) -> str:
    """The table of the index's pages, for the fixed-upstream page."""
    history = context.history
    rows = []
    for page in index_pages(history):
        title = page.area.title if page.parts == 1 else _part_title(page, context)
        rows.append(
            (
                f"[{text(title)}]({urls.link(here, page.path)})",
                _folders(page.area) if page.part == 1 else "",
                str(len(page.fixes)),
                str(len(page.elsewhere)) if page.elsewhere else "",
            )
        )
    released = sum(1 for fix in history.fixes if fix.first_release)
    with_objects = sum(1 for fix in history.fixes if fix.objects)
    lines = [
        f"{len(history.fixes)} bug-fix commits of pytorch/rl changed the code this site covers, read from git "
        f"history up to {_scanned(context)} by `make fix-history`: {released} are in a release up to "
        f"{history.newest_release}, {len(history.fixes) - released} came after it and are in the installed "
        f"{context.torchrl}; the functions, classes or methods of {with_objects} are named. Each is listed once, "
        "under the area holding most of the files it changed, with the anchor `#fix-<commit>`; search for its "
        "subject, its pull request (`#4080`) or its commit.",
        "",
        table(["Area", "Folders", "Fixes listed", "Also changing it, listed elsewhere"], rows),
        "",
        "Every documented loss, value-estimator, trainer and target-updater page has a folded "
        '"Fixed upstream" note listing the fixes that changed its class.',
    ]
    return "\n".join(lines) + "\n"
