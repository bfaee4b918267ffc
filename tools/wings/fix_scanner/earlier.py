"""The messages older releases said and the scanned commit no longer does, read from each release tag.

A user of an older torchrl pastes what that release raised or warned.  Each release tag's covered
torchrl files are read as the error catalogue reads the installed torchrl (``tools.error_catalog.facts.scan``);
a message is known by its class as written and its fixed text (fields may be renamed between releases),
and kept when the scanned commit's files say it nowhere.
"""

from __future__ import annotations

from tools.error_catalog.facts.match import MIN_FIXED
from tools.error_catalog.facts.records import pieces
from tools.error_catalog.facts.scan import scan
from tools.fixes.facts.records import COVERED_TORCHRL_PATHS, EarlierMessage
from tools.wings.fix_scanner.git import Blobs, Git
from tools.wings.fix_scanner.messages import parsed

# (exception as written, fixed pieces) -> (fields, file, function)
Said = dict[tuple[str, tuple[str, ...]], tuple[list[str], str, str]]


def said_at(git: Git, blobs: Blobs, commit: str) -> Said:
    """Every message the covered torchrl files at ``commit`` raise or warn, with where (the first place)."""
    found: Said = {}
    files = git.run("ls-tree", "-r", "--name-only", commit, "--", *COVERED_TORCHRL_PATHS).split("\n")
    for path in sorted(f for f in files if f.endswith(".py")):
        source = blobs.read(commit, path)
        tree = parsed(source)
        if tree is None or source is None:
            continue
        for site in scan(source.decode("utf-8", "replace"), tree=tree):
            if not site.message or not site.message_known:
                continue
            fixed, fields = pieces(site.message)
            if len("".join(fixed).strip()) >= MIN_FIXED:
                found.setdefault((site.exception, tuple(fixed)), (fields, path, site.function))
    return found


def earlier_messages(git: Git, blobs: Blobs, head: str, tags: list[str]) -> list[EarlierMessage]:
    """The messages of the release tags (lowest version first) that ``head`` does not say."""
    now = said_at(git, blobs, head)
    spans: dict[tuple[str, tuple[str, ...]], list] = {}
    for position, tag in enumerate(tags):
        for key, (fields, path, function) in said_at(git, blobs, git.commit(f"refs/tags/{tag}")).items():
            if key in now:
                continue
            span = spans.setdefault(key, [position, position, fields, path, function])
            span[1:] = [position, fields, path, function]
    out = [
        EarlierMessage(
            exception=exception,
            fixed=list(fixed),
            fields=fields,
            file=path,
            function=function,
            first=tags[first],
            last=tags[last],
            gone_in=tags[last + 1] if last + 1 < len(tags) else None,
        )
        for (exception, fixed), (first, last, fields, path, function) in spans.items()
    ]
    return sorted(out, key=lambda m: (m.file, m.function, m.exception, m.fixed))
