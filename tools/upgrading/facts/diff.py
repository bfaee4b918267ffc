"""Raw differences between two API snapshots (``tools.torchrl.snapshot``): what changed, unclassified.

``diff(old, new)`` compares two snapshot dicts and returns every difference:
one ``Difference`` per object and field, of one of the kinds in ``KINDS``.
Nothing here decides what matters to a user (``classify.py`` does): a default
moved from ``4`` to ``None`` that still resolves to ``4`` is reported like any
other.  Standard library only.  ``python -m tools.cli.upgrading diff OLD.json``
prints them.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

ADDED, REMOVED = "added", "removed"
DEFAULT, ANNOTATION, KIND, POSITION, VALUE = (
    "default changed",
    "annotation changed",
    "kind changed",
    "position changed",
    "value changed",
)
KINDS = (ADDED, REMOVED, DEFAULT, ANNOTATION, KIND, POSITION, VALUE)
REQUIRED = "<required>"  # a parameter or field without a default, as ``old``/``new`` show it


@dataclass(frozen=True)
class Difference:
    section: str  # losses, estimators.classes, configs, ...
    object: str  # ClipPPOLoss, GAEConfig, torchrl.objectives.symlog, ...
    field: str  # "" for the object itself; "parameters.gamma", "accepted_keys.value", "fields.average_gae", ...
    kind: str  # one of KINDS
    old: object = None
    new: object = None

    @property
    def key(self) -> str:
        """What a curated note names: ``"<section> <object> <field>"`` (section and object hold no space)."""
        return f"{self.section} {self.object} {self.field}".rstrip()

    def text(self) -> str:
        where = f"{self.section}: {self.object}" + (f" {self.field}" if self.field else "")
        if self.kind in (ADDED, REMOVED):
            shown = self.new if self.kind == ADDED else self.old
            return f"{where}: {self.kind}" + (
                f" ({_short(shown)})" if shown not in (None, {}, []) and self.field else ""
            )
        return f"{where}: {self.kind}: {_short(self.old)} -> {_short(self.new)}"


def _short(value, limit: int = 160) -> str:
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _Differ:
    def __init__(self):
        self.found: list[Difference] = []

    def add(self, section, obj, field, kind, old=None, new=None) -> None:
        self.found.append(Difference(section, obj, field, kind, old, new))

    # -- building blocks ------------------------------------------------------

    def keyed(self, section: str, old: dict, new: dict, compare) -> None:
        """Objects by name: added, removed, or compared field by field with ``compare``."""
        for name in sorted(set(old) | set(new)):
            if name not in new:
                self.add(section, name, "", REMOVED)
            elif name not in old:
                self.add(section, name, "", ADDED)
            else:
                compare(section, name, old[name], new[name])

    def mapping(self, section: str, obj: str, field: str, old: dict | None, new: dict | None) -> None:
        """A name -> value mapping (accepted keys, estimator kwargs): added, removed, value changed."""
        old, new = old or {}, new or {}
        for name in sorted(set(old) | set(new)):
            where = f"{field}.{name}"
            if name not in new:
                self.add(section, obj, where, REMOVED, old=old[name])
            elif name not in old:
                self.add(section, obj, where, ADDED, new=new[name])
            elif old[name] != new[name]:
                self.add(section, obj, where, VALUE, old[name], new[name])

    def members(self, section: str, obj: str, field: str, old: list | None, new: list | None) -> None:
        """A set of names (stages, supported estimators): added or removed."""
        old_set, new_set = set(old or []), set(new or [])
        for name in sorted(old_set - new_set):
            self.add(section, obj, f"{field}.{name}", REMOVED)
        for name in sorted(new_set - old_set):
            self.add(section, obj, f"{field}.{name}", ADDED)

    def scalar(self, section: str, obj: str, field: str, old, new) -> None:
        if old != new:
            self.add(section, obj, field, VALUE, old, new)

    def parameters(self, section: str, obj: str, old: list[dict], new: list[dict], field: str = "parameters") -> None:
        """Parameters by name: added, removed, default, annotation, kind; a positional one's position."""
        old_by, new_by = {p["name"]: p for p in old}, {p["name"]: p for p in new}
        positional = ("positional-only", "positional-or-keyword")
        old_pos = [p["name"] for p in old if p["kind"] in positional]
        new_pos = [p["name"] for p in new if p["kind"] in positional]
        for name in sorted(set(old_by) | set(new_by)):
            where = f"{field}.{name}"
            if name not in new_by:
                self.add(section, obj, where, REMOVED, old=_param_text(old_by[name]))
                continue
            if name not in old_by:
                self.add(section, obj, where, ADDED, new=_param_text(new_by[name]))
                continue
            a, b = old_by[name], new_by[name]
            if a["kind"] != b["kind"]:
                self.add(section, obj, where, KIND, a["kind"], b["kind"])
            if a.get("default", REQUIRED) != b.get("default", REQUIRED):
                self.add(section, obj, where, DEFAULT, a.get("default", REQUIRED), b.get("default", REQUIRED))
            if a.get("annotation") != b.get("annotation"):
                self.add(section, obj, where, ANNOTATION, a.get("annotation"), b.get("annotation"))
            if name in old_pos and name in new_pos and old_pos.index(name) != new_pos.index(name):
                self.add(section, obj, where, POSITION, old_pos.index(name), new_pos.index(name))

    # -- sections -------------------------------------------------------------

    def loss(self, section, name, a, b) -> None:
        self.scalar(section, name, "exported_from", a.get("exported_from"), b.get("exported_from"))
        self.parameters(section, name, a["parameters"], b["parameters"])
        self.mapping(section, name, "accepted_keys", a.get("accepted_keys"), b.get("accepted_keys"))
        self.scalar(
            section, name, "default_value_estimator", a.get("default_value_estimator"), b.get("default_value_estimator")
        )
        self.members(
            section,
            name,
            "supported_value_estimators",
            a.get("supported_value_estimators"),
            b.get("supported_value_estimators"),
        )

    def constructor_only(self, section, name, a, b) -> None:
        self.parameters(section, name, a["parameters"], b["parameters"])

    def estimator_member(self, section, name, a, b) -> None:
        if "class" in a and "class" in b:
            self.scalar(section, name, "class", a["class"], b["class"])
        self.mapping(
            section, name, "default_value_kwargs", a.get("default_value_kwargs"), b.get("default_value_kwargs")
        )

    def estimator_class(self, section, name, a, b) -> None:
        self.parameters(section, name, a["parameters"], b["parameters"])
        self.mapping(section, name, "accepted_keys", a.get("accepted_keys"), b.get("accepted_keys"))
        self.parameters(section, name, a.get("forward", []), b.get("forward", []), field="forward")

    def trainer(self, section, name, a, b) -> None:
        self.parameters(section, name, a["parameters"], b["parameters"])
        old, new = a.get("methods", {}), b.get("methods", {})
        for method in sorted(set(old) | set(new)):
            where = f"methods.{method}"
            if method not in new:
                self.add(section, name, where, REMOVED, old=old[method])
            elif method not in old:
                self.add(section, name, where, ADDED, new=new[method])
            elif old[method] != new[method]:
                self.add(section, name, where, VALUE, old[method], new[method])

    def config(self, section, name, a, b) -> None:
        self.scalar(section, name, "_target_", a.get("target"), b.get("target"))
        old, new = a["fields"], b["fields"]
        for field in sorted(set(old) | set(new)):
            where = f"fields.{field}"
            if field not in new:
                self.add(section, name, where, REMOVED, old=old[field].get("default", REQUIRED))
            elif field not in old:
                self.add(section, name, where, ADDED, new=new[field].get("default", REQUIRED))
            else:
                x, y = old[field], new[field]
                if x.get("default", REQUIRED) != y.get("default", REQUIRED):
                    self.add(section, name, where, DEFAULT, x.get("default", REQUIRED), y.get("default", REQUIRED))
                if x.get("type") != y.get("type"):
                    self.add(section, name, where, ANNOTATION, x.get("type"), y.get("type"))
                resolved_x, resolved_y = x.get("resolved", x.get("default")), y.get("resolved", y.get("default"))
                if ("resolved" in x or "resolved" in y) and resolved_x != resolved_y:
                    self.add(section, name, f"{where}.resolved", VALUE, resolved_x, resolved_y)

    def function(self, section, name, a, b) -> None:
        self.parameters(section, name, a["parameters"], b["parameters"])
        self.scalar(section, name, "returns", a.get("returns"), b.get("returns"))

    def run(self, old: dict, new: dict) -> list[Difference]:
        self.keyed("losses", old.get("losses", {}), new.get("losses", {}), self.loss)
        old_est, new_est = old.get("estimators", {}), new.get("estimators", {})
        self.keyed("estimators.members", old_est.get("members", {}), new_est.get("members", {}), self.estimator_member)
        self.keyed("estimators.classes", old_est.get("classes", {}), new_est.get("classes", {}), self.estimator_class)
        self.keyed("updaters", old.get("updaters", {}), new.get("updaters", {}), self.constructor_only)
        self.keyed("hooks", old.get("hooks", {}), new.get("hooks", {}), self.constructor_only)
        old_tr, new_tr = old.get("trainers", {}), new.get("trainers", {})
        self.keyed("trainers", old_tr.get("classes", {}), new_tr.get("classes", {}), self.trainer)
        self.members(
            "trainers",
            "Trainer",
            "register_op_stages",
            old_tr.get("register_op_stages"),
            new_tr.get("register_op_stages"),
        )
        self.keyed("configs", old.get("configs", {}), new.get("configs", {}), self.config)
        self.mapping("config_store", "ConfigStore", "options", old.get("config_store"), new.get("config_store"))
        self.keyed("functions", old.get("functions", {}), new.get("functions", {}), self.function)
        for module in sorted(set(old.get("exports", {})) | set(new.get("exports", {}))):
            self.mapping(
                "exports", module, "names", old.get("exports", {}).get(module), new.get("exports", {}).get(module)
            )
        self.deprecations(old.get("deprecations", []), new.get("deprecations", []))
        return self.found

    def deprecations(self, old: list[dict], new: list[dict]) -> None:
        """Messages by (file, function, text): a reworded message is one removed and one added.  The field
        is the message itself, so that each has its own key."""

        def key(item):
            return (item["file"], item["function"], item["message"])

        old_keys, new_keys = {key(m): m for m in old}, {key(m): m for m in new}
        for k in sorted(set(old_keys) - set(new_keys)):
            self.add("deprecations", f"{k[0]}:{k[1]}", k[2], REMOVED, old=old_keys[k]["how"])
        for k in sorted(set(new_keys) - set(old_keys)):
            self.add("deprecations", f"{k[0]}:{k[1]}", k[2], ADDED, new=new_keys[k]["how"])


def _param_text(p: dict) -> str:
    text = {"var-positional": "*", "var-keyword": "**"}.get(p["kind"], "") + p["name"]
    if p.get("annotation"):
        text += f": {p['annotation']}"
    if "default" in p:
        text += f" = {p['default']}"
    return f"{text} ({p['kind']}{', via ' + p['via'] if p.get('via') else ''})"


def diff(old: dict, new: dict) -> list[Difference]:
    """Every raw difference from ``old`` to ``new`` (two snapshot dicts), in a stable order."""
    return _Differ().run(old, new)


def counts(differences: list[Difference]) -> dict:
    """How many differences of each kind, per section, and in all."""
    by_section: dict[str, Counter] = {}
    for d in differences:
        by_section.setdefault(d.section, Counter())[d.kind] += 1
    return {
        "total": len(differences),
        "by_kind": dict(sorted(Counter(d.kind for d in differences).items())),
        "by_section": {s: dict(sorted(c.items())) for s, c in sorted(by_section.items())},
    }
