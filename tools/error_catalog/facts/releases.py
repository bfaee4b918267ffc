"""Release history as the matcher sees it: the errors Python raises for code written for another release.

Code written against one torchrl release and run on another meets errors that no ``raise`` of torchrl
holds: an import of a name the installed release does not export, a module attribute it lacks, a keyword
its constructor does not take, a field its Hydra config does not have.  Each upgrade-step difference that
adds or removes such a name gives the matcher the messages Python (or OmegaConf) raises for it, each
answered by the place on the step's page that explains the change.  Additions answer a user on an older
release than the code; removals, a user on a newer one.

The message forms are the interpreter's and OmegaConf's; tests/tools/error_catalog/test_releases.py
raises each form on the installed packages and holds the templates to what they print.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from tools.error_catalog.facts.records import Part
from tools.upgrading.facts.anchors import change_anchor
from tools.upgrading.facts.curated import minor
from tools.upgrading.facts.records import ADDED, REMOVED, RENAMED, Change, Step

# The sections whose objects are classes a user constructs, and where each keeps a class's parameters.
CLASS_SECTIONS = ("losses", "trainers", "hooks", "estimators.classes", "updaters", "configs")
_HOLDERS: dict[str, Callable[[dict], dict]] = {
    "losses": lambda snap: snap.get("losses", {}),
    "trainers": lambda snap: snap.get("trainers", {}).get("classes", {}),
    "hooks": lambda snap: snap.get("hooks", {}),
    "estimators.classes": lambda snap: snap.get("estimators", {}).get("classes", {}),
    "updaters": lambda snap: snap.get("updaters", {}),
    "functions": lambda snap: snap.get("functions", {}),
}


def section_entries(snapshot: dict, section: str) -> dict:
    """Name -> entry of the objects of one snapshot section whose parameters it records."""
    return _HOLDERS[section](snapshot)


def snapshot_entry(snapshot: dict, section: str, name: str) -> dict:
    """What a snapshot holds of one object whose parameters it records ({} when it holds nothing)."""
    return section_entries(snapshot, section).get(name, {})


def location(snapshot: dict, section: str, name: str) -> tuple[str, str] | None:
    """(module, qualname) of an object of a snapshot, as its ``defined_in`` says; None when absent."""
    defined_in = snapshot_entry(snapshot, section, name).get("defined_in")
    if not defined_in:
        return None
    if section == "functions":
        module, _, short = defined_in.rpartition(".")
        return module, short
    return defined_in, name


# A parameter list that takes any keyword: an unknown one raises nothing Python words.
VAR_KEYWORD = "var-keyword"

IMPORT, ATTRIBUTE, KEYWORD = "ImportError", "AttributeError", "TypeError"


@dataclass(frozen=True)
class ReleaseText:
    """One difference between two releases as the matcher sees it: the messages it causes."""

    id: str  # "<step> <change key>"
    title: str
    page: str  # docs-relative page with its anchor
    exception: str  # the bare class the messages share; "" when they are of several classes
    messages: list[list[Part]]  # templates: fixed text, and fields for the user's own values
    note: str


def _text(text: str) -> Part:
    return Part(text=text)


ANY = Part(field="...")  # what a message holds around the part that names the change (a path, a key)


def _import_messages(name: str, module: str | None) -> list[list[Part]]:
    """``from module import name`` and ``module.name`` on a release without it (the module when known)."""
    if module is None:
        return [[_text(f"cannot import name '{name}' from "), ANY]]
    return [
        [_text(f"cannot import name '{name}' from '{module}'"), ANY],
        [_text(f"module '{module}' has no attribute '{name}'")],
    ]


def _takes_any_keyword(parameters: list | None) -> bool:
    return parameters is None or any(p.get("kind") == VAR_KEYWORD for p in parameters)


def _keyword_messages(
    section: str, owner: str, name: str, parameters: list | None, worded: bool | None = None
) -> list[list[Part]]:
    """A keyword the constructor (or the function) does not take, where Python words it: the signature
    takes no arbitrary keyword, and the installed object, when there is one, was seen to raise Python's
    own message (``worded``: measured; None when it is not installed)."""
    if section == "configs":
        # A dataclass's own __init__, and OmegaConf's merge of a YAML or an override into the structured config.
        return [
            [_text(f"{owner}.__init__() got an unexpected keyword argument '{name}'")],
            [ANY, _text(f"Key '{name}' not in '{owner}'"), ANY],
        ]
    if _takes_any_keyword(parameters) or worded is False:
        return []
    if section == "functions":
        return [[_text(f"{owner.rsplit('.', 1)[-1]}() got an unexpected keyword argument '{name}'")]]
    return [[_text(f"{owner}.__init__() got an unexpected keyword argument '{name}'")], _inherited(name)]


def _inherited(name: str) -> list[Part]:
    """Python names the class that defines ``__init__``: a parent's, when the class inherits it."""
    return [ANY, _text(f".__init__() got an unexpected keyword argument '{name}'")]


def _verb(change: Change) -> str:
    if change.kind == ADDED:
        return "is new in"
    return "was renamed in" if change.category == RENAMED else "was removed in"


def _erring_release(change: Change, step: Step) -> str:
    """The release whose users meet a change's errors: the older one for an addition, else the newer."""
    return step.old if change.kind == ADDED else step.new


def _what(
    change: Change, snapshot: dict, python_words: Callable[[str, str], bool | None]
) -> tuple[str, str, list[list[Part]]] | None:
    """(subject, exception, messages) of one change, or None when Python raises nothing of its own."""
    area, _, name = change.field.partition(".")
    if change.section == "exports" and area == "names":
        return f"{name} (from {change.object})", "", _import_messages(name, change.object)
    if not change.field and change.section in (*CLASS_SECTIONS, "functions"):
        module, _, short = change.object.rpartition(".")
        return short, IMPORT, _import_messages(short, module or None)
    if change.section == "configs" and area == "fields":
        return f"{change.object}.{name}", "", _keyword_messages("configs", change.object, name, [])
    if area == "parameters" and change.section in _HOLDERS:
        parameters = snapshot_entry(snapshot, change.section, change.object).get("parameters")
        worded = python_words(change.section, change.object)
        messages = _keyword_messages(change.section, change.object, name, parameters, worded)
        return (f"{name} (a keyword of {change.object})", KEYWORD, messages) if messages else None
    if area == "methods":
        return f"{change.object}.{name}", ATTRIBUTE, [[_text(f"'{change.object}' object has no attribute '{name}'")]]
    return None


def _note(change: Change, step: Step) -> str:
    written, run = (step.new, step.old) if change.kind == ADDED else (step.old, step.new)
    return f"release history: code written for torchrl {minor(written)} run on {minor(run)}"


def _exported(step: Step) -> set[tuple[str, str]]:
    """(name, kind) of each exported name the step adds or removes: a class change needs no second answer."""
    return {(c.field.partition(".")[2], c.kind) for c in step.changes if c.section == "exports"}


def step_texts(
    step: Step,
    page: str,
    snapshot_of: Callable[[str], dict],
    python_words: Callable[[str, str], bool | None],
) -> list[ReleaseText]:
    """The release texts of one step; ``page`` is its docs-relative page; ``python_words(section, name)``:
    whether the installed object answers an unknown keyword in Python's words (None: not installed)."""
    exported = _exported(step)
    found: dict[str, ReleaseText] = {}
    keywords: dict[str, list[tuple[Change, ReleaseText]]] = {}
    for change in step.changes:
        if change.kind not in (ADDED, REMOVED):
            continue
        if not change.field and (change.object.rpartition(".")[2], change.kind) in exported:
            continue
        what = _what(change, snapshot_of(_erring_release(change, step)), python_words)
        if what is None:
            continue
        subject, exception, messages = what
        text = ReleaseText(
            id=f"{step.slug} {change.key}",
            title=f"{subject} {_verb(change)} torchrl {minor(step.new)}",
            page=f"{page}#{change_anchor(change)}",
            exception=exception,
            messages=messages,
            note=_note(change, step),
        )
        if change.field.startswith("parameters."):
            group = f"{step.slug} {change.section} {change.field} {change.kind} {text.page}"
            keywords.setdefault(group, []).append((change, text))
        else:
            found.setdefault(text.id, text)
    return list(found.values()) + [_keyword_group(step, members) for members in keywords.values()]


def _keyword_group(step: Step, members: list[tuple[Change, ReleaseText]]) -> ReleaseText:
    """One keyword added to (or removed from) several classes at once is one change to a reader, and one
    text to the matcher: a class that inherits ``__init__`` is named by its parent in Python's message."""
    first_change, first = members[0]
    if len(members) == 1:
        return first
    name = first_change.field.partition(".")[2]
    owners = ", ".join(change.object for change, _text in members)
    messages: list[list[Part]] = []
    for _change, text in members:
        messages += [m for m in text.messages if m not in messages]
    return dataclasses.replace(
        first,
        id=f"{step.slug} {first_change.section} {first_change.field} ({len(members)} classes)",
        title=f"{name} (a keyword of {owners}) {_verb(first_change)} torchrl {minor(step.new)}",
        messages=messages,
    )
