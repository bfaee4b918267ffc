"""The error catalogue, what this build saw raise, and the matcher's index (cached record sets)."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
from functools import cache
from pathlib import Path
from typing import Any

from tools.config_groups.facts import survey as config_survey
from tools.core import frames, urls
from tools.core.cache import RecordSet
from tools.core.codec import record_codec
from tools.core.distributions import installed, pinned
from tools.error_catalog.facts.catalog import build_catalog
from tools.error_catalog.facts.earlier import Earlier, earlier, earlier_texts, said_by_package
from tools.error_catalog.facts.index import (
    EntryText,
    FixText,
    MechanismText,
    bare,
    build_index,
    catalog_targets,
)
from tools.error_catalog.facts.names import NameChange, installed_root, name_changes, name_texts, read_installed
from tools.error_catalog.facts.records import Catalog, Trigger, joined
from tools.error_catalog.facts.releases import ReleaseText, location, step_texts
from tools.error_catalog.facts.triggers import Captured, split
from tools.error_catalog.facts.triggers import triggers as match_triggers
from tools.estimator_matrix.facts import matrix as estimator_matrix
from tools.estimators.facts import reference as estimator_reference
from tools.fixes.facts import history, thread_facts
from tools.fixes.facts.pages import anchor as fix_anchor
from tools.fixes.facts.pages import fix_pages
from tools.hook_points.facts import survey as hook_point_survey
from tools.losses.facts import all_records
from tools.parity.facts import rows as parity_rows
from tools.torchrl.attributes import probe
from tools.torchrl.keywords import rejects_unknown_keyword
from tools.troubleshooting.facts import captures, curated_entries, mechanism_texts, reviewed
from tools.upgrading.facts import current, snapshot_of, upgrades

_encode_catalog, _decode_catalog = record_codec(Catalog)
# Kept (`make records`): reading every raise and warn site means parsing a few hundred torchrl sources,
# the largest cost of a cold build after importing torch; another torchrl changes its key, so the
# build reads that release's sites afresh.
catalog = RecordSet(
    "error_catalog.catalog",
    build_catalog,
    code=("tools.error_catalog.facts.catalog",),
    encode=_encode_catalog,
    decode=_decode_catalog,
    committed=True,
)


def _entry_text(entry, text: str, frames: list[str]) -> EntryText:
    exception, message = split(text)
    return EntryText(
        slug=entry.slug,
        symptom=entry.symptom,
        page=f"{urls.troubleshooting_area(entry.area)}#{entry.slug}",
        exception=bare(exception),
        message=message,
        frames=frames,
    )


def entry_texts() -> list[EntryText]:
    """Each troubleshooting entry with the text and frames this build captured."""
    captured = captures()
    return [
        _entry_text(entry, captured.get(entry.slug).error_text or "", list(captured.get(entry.slug).frames))
        for entry in curated_entries().entries
    ]


def reviewed_entry_texts() -> list[EntryText]:
    """Each entry with the text it was last reviewed against (data/captured/), for another torchrl than
    the pinned one, where the entries' reproductions are not run; no frames."""
    texts = reviewed()
    return [
        _entry_text(entry, (texts.get(entry.slug) or {}).get("error_text") or "", [])
        for entry in curated_entries().entries
    ]


def _probe_texts() -> list[Captured]:
    """What the loss probes saw: each constructor argument given another value, nested keys, the other
    action kind (the loss page shows each outcome)."""
    found = []
    for record in all_records():
        probes = record.measured.probes if record.measured is not None else None
        if probes is None:
            continue
        page = urls.loss(record.name)
        for outcome in probes.arguments:
            if outcome.text:
                found.append(Captured(outcome.text, f"{record.name}({outcome.name}={outcome.tried})", page))
        runs = [
            ("nested keys", probes.nested),
            *((f"{kind} actions", run) for kind, run in probes.other_action.items()),
        ]
        for what, run in runs:
            if run is not None and not run.ok and run.measured and run.error:
                found.append(Captured(run.error, f"{record.name} with {what}", page))
    return found


# Record sets whose measurements record the errors torchrl raised, and the page that shows each: their
# fields named like "error" hold "Type: message" texts (tools.core.errors.error_text).
def _measured_elsewhere() -> list[tuple[str, object, str]]:
    return [
        ("the estimator probes", estimator_reference(), urls.ESTIMATOR_REFERENCE),
        ("the estimator matrix", estimator_matrix(), urls.ESTIMATOR_MATRIX),
        ("the config survey", config_survey(), urls.CONFIG_GROUPS),
        ("the parity audit", parity_rows(), urls.PARITY),
        ("the hook points' survey", hook_point_survey(), urls.HOOK_POINTS),
    ]


def _error_fields(value: object, found: list[str]) -> list[str]:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            field_value = getattr(value, item.name)
            if isinstance(field_value, str):
                if "error" in item.name and ": " in field_value:
                    found.append(field_value)
            else:
                _error_fields(field_value, found)
    elif isinstance(value, list | tuple):
        for item in value:
            _error_fields(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _error_fields(item, found)
    return found


def _captured() -> list[Captured]:
    """Every error text this build captured from torchrl, with the page that shows it."""
    found = [
        Captured(capture.error_text, f"troubleshooting entry {capture.slug}", entry.page)
        for capture, entry in zip(captures().captures, entry_texts(), strict=True)
        if capture.error_text and capture.how == "build"
    ]
    found += _probe_texts()
    for source, records, page in _measured_elsewhere():
        found += [Captured(text, source, page) for text in dict.fromkeys(_error_fields(records, []))]
    return found


def _triggers() -> list[Trigger]:
    site_targets = [t.__dict__ for t in catalog_targets(catalog()) if t.kind == "site"]
    return match_triggers(site_targets, _captured())


_encode_triggers, _decode_triggers = record_codec(list[Trigger])
triggers = RecordSet(
    "error_catalog.triggers",
    _triggers,
    code=("tools.error_catalog.facts.triggers",),
    encode=_encode_triggers,
    decode=_decode_triggers,
)


def mechanisms_for_matcher() -> list[MechanismText]:
    """Each failure mechanism with what its reproduction raised in this build and its entries."""
    curated = {m.slug: m for m in curated_entries().mechanisms}
    out = []
    for text in mechanism_texts():
        mechanism = curated[text.slug]
        exception, message = split(text.error_text or "")
        out.append(
            MechanismText(
                slug=text.slug,
                title=text.title,
                page=text.page,
                exception=bare(exception),
                message=message,
                frames=list(text.frames),
                entries=list(mechanism.entries),
                words_from=" ".join([mechanism.title, mechanism.how]),
            )
        )
    return out


def _python_words(section: str, name: str) -> bool | None:
    """Whether the installed object answers an unknown keyword in Python's words; None when not installed."""
    where = location(current(), section, name)
    return None if where is None else rejects_unknown_keyword(*where)


def _release_texts() -> list[ReleaseText]:
    """What each upgrade step added or removed, as the errors of code written for the other release."""
    worded = cache(_python_words)
    return [
        text
        for step in upgrades().steps
        for text in step_texts(step, urls.upgrade_step(step.slug), snapshot_of, worded)
    ]


_encode_releases, _decode_releases = record_codec(list[ReleaseText])
# Kept (`make records`): whether an object answers an unknown keyword in Python's words is measured by
# calling it, so these texts need torchrl imported.
release_texts = RecordSet(
    "error_catalog.releases",
    _release_texts,
    code=("tools.error_catalog.facts.releases",),
    encode=_encode_releases,
    decode=_decode_releases,
    committed=True,
)


def _as_is(value: Any) -> Any:
    """Plain JSON already (an index, a list of lists): kept as it is."""
    return value


def _tensordict_says() -> list[list[str]]:
    """What the installed tensordict raises and warns (its source, read without importing it)."""
    spec = importlib.util.find_spec("tensordict")
    if spec is None or spec.origin is None:
        return []
    return said_by_package(Path(spec.origin).parent)


# Kept (`make records`): reading tensordict's source costs about as much as the rest of the index.
tensordict_says = RecordSet(
    "error_catalog.tensordict",
    _tensordict_says,
    code=("tools.error_catalog.facts.earlier",),
    encode=_as_is,
    decode=_as_is,
    committed=True,
)


@cache
def earlier_messages() -> list[Earlier]:
    """The messages older releases said that no place of the installed torchrl answers."""
    return earlier(history(), catalog(), tensordict_says())


def _names() -> list[NameChange]:
    root = installed_root()
    return [] if root is None else name_changes(history(), read_installed(root), probe)


_encode_names, _decode_names = record_codec(list[NameChange])
# Kept (`make records`): reading the names of the whole installed torchrl means parsing every one of its sources.
names_history = RecordSet(
    "error_catalog.names",
    _names,
    code=("tools.error_catalog.facts.names",),
    encode=_encode_names,
    decode=_decode_names,
    committed=True,
)


def _name_texts() -> list[ReleaseText]:
    """The name history's texts, less those an upgrade step's page already answers with the same message."""
    stepped = {str(message) for text in release_texts() for message in text.messages}
    return [
        text
        for text in name_texts(names_history(), catalog().torchrl)
        if not any(str(message) in stepped for message in text.messages)
    ]


def _index() -> dict:
    said_before = earlier_texts(earlier_messages())
    releases = release_texts() + said_before + _name_texts()
    return build_index(catalog(), entry_texts(), fix_texts(), mechanisms_for_matcher(), releases)


# A subject's leading tags: "[BugFix] [Performance] ...".
_TAGS = re.compile(r"^(?:\[[^\]]*\]\s*)+")


def fix_texts() -> list[FixText]:
    """Each upstream fix as the matcher sees it: its subject and the titles of the issues it fixes, the
    errors its commit and threads quote, and the torchrl functions it changed (as traceback frames)."""
    found, fixes = history(), thread_facts()
    pages = fix_pages(found)
    out = []
    for fix in found.fixes:
        thread = fixes.of(fix.pr)
        issues = thread.fixes if thread is not None else []
        quoted = [
            *fix.error_texts,
            *(thread.error_texts if thread else []),
            *(t for i in issues for t in i.error_texts),
        ]
        changed = [
            frames.key(file, qualname.rsplit(".", 1)[-1])
            for file, qualnames in fix.objects.items()
            if file.startswith("torchrl/")
            for qualname in qualnames
        ]
        release = fix.first_release or f"after {found.newest_release}, in the installed torchrl"
        out.append(
            FixText(
                id=fix.sha[:12],
                title=" ".join([_TAGS.sub("", fix.subject), *(f"(#{i.number}: {i.title})" for i in issues if i.title)]),
                page=f"{pages[fix.sha]}#{fix_anchor(fix)}",
                first_release=release,
                error_texts=list(dict.fromkeys(quoted)),
                frames=sorted(set(changed)),
                messages_before=[(old.exception, joined(old.fixed, old.fields)) for old in fix.raised_before],
            )
        )
    return out


# Plain JSON already: kept on disk as it is, so that explain_error answers from the cache without torch.
match_index = RecordSet(
    "error_catalog.index", _index, code=("tools.error_catalog.facts.index",), encode=_as_is, decode=_as_is
)


def installed_index() -> dict:
    """The index for the torchrl installed here: the build's on the pinned release; on another, that
    release's own catalogue with the entries' reviewed texts (the release history is the pinned
    release's, measured where it is installed)."""
    if installed().get("torchrl") == pinned().get("torchrl"):
        return match_index()
    return build_index(catalog(), reviewed_entry_texts(), fix_texts())


__all__ = [
    "catalog",
    "earlier_messages",
    "entry_texts",
    "fix_texts",
    "installed_index",
    "match_index",
    "names_history",
    "release_texts",
    "triggers",
]
