"""Upstream text checked against what the build introspected and measured.

Three kinds of claim are checked, each against a record the site already has:

* a parameter description stating a default ("Defaults to ``0.01``", "Default
  is -1") against the introspected default, or, where the signature says
  ``None``, against the value a built object holds (measured, where built);
* a ``set_keys(name=...)`` call in the text, or in an error message torchrl
  raises that a page shows, against the names ``_AcceptedKeys`` declares
  (introspected), with what calling it did where that was measured;
* a documented constructor argument against what passing it did (measured:
  refused, or deprecated with a warning).

Where upstream text is shown: the API section of every loss, value estimator,
target updater, trainer and trainer hook (mkdocstrings renders their
docstrings), the trainers' parameter tables, and the estimator reference's
constructor tables (the errors torchrl raises).  The config dataclasses'
docstrings are not rendered, but the config-groups page shows the configs, so
their stated defaults are checked against the fields too.

Pure functions over records: each page flags its findings in place, and the
contracts concern lists them all on one page.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from tools.api.facts import load, objects
from tools.config_groups.facts import survey
from tools.config_groups.facts.introspect import config_dataclasses
from tools.core import urls
from tools.core.cache import RecordSet
from tools.core.codec import list_codec
from tools.core.markdown import code
from tools.core.signatures import class_signature
from tools.core.values import same_value
from tools.estimators.facts import reference
from tools.hooks.facts import hook_records
from tools.torchrl.updaters import updater_classes
from tools.trainers.facts import trainer_records
from tools.trainers.facts.descriptions import UPSTREAM

DEFAULT_CLAIM = re.compile(
    r"\b(?:defaults?\s+(?:to|is|value\s+is)|default:|default\s+value:)\s*(?P<value>`{1,2}[^`]+`{1,2}|\"[^\"]*\"|'[^']*'|[-+\w.()]+)",
    re.IGNORECASE,
)
SET_KEYS_CALL = re.compile(r"set_keys\((?P<name>\w+)\s*=")
# Words after "Defaults to" that are not values.
NOT_VALUES = {"the", "a", "an", "its", "this", "that", "whatever", "same", "value", "no", "none."}

DEFAULT, SET_KEYS, REFUSED = "default", "set_keys name", "refused argument"


@dataclass
class Contradiction:
    owner: str  # the class whose docstring says it ("ClipPPOLoss")
    page: str  # docs-relative page that shows the text ("losses/ClipPPOLoss.md")
    kind: str  # DEFAULT, SET_KEYS or REFUSED
    subject: str  # the parameter or key name
    upstream: str  # what the docstring says, quoted short
    fact: str  # what is true on the installed torchrl
    how: str  # "introspected" or "measured"
    anchor: str = ""  # where on the page ("gae"), "" for the page itself
    family: str = "loss"  # what the owner is: loss, estimator, updater, trainer, hook, config

    def sentence(self) -> str:
        """The flag a page shows in place: what upstream says, what is true here, and how it is known."""
        quoted = self.upstream if self.upstream.startswith("documents") else f"“{self.upstream.strip()}”"
        return f"⚠ Upstream says {quoted}; on the installed torchrl {self.fact} ({self.how})."


def _literal(text: str):
    text = text.strip().strip("`").rstrip(".,;")
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return _NOT_LITERAL


_NOT_LITERAL = object()


def stated_default(description: str):
    """The default a parameter description states, as a Python value (or _NOT_LITERAL)."""
    match = DEFAULT_CLAIM.search(description)
    if not match:
        return _NOT_LITERAL, ""
    raw = match.group("value")
    if raw.strip("`").lower() in NOT_VALUES:
        return _NOT_LITERAL, ""
    return _literal(raw), match.group(0)


def default_contradictions(
    owner: str, page: str, docs: dict[str, str], defaults: dict[str, str], effective: dict[str, str] | None
) -> list[Contradiction]:
    """``docs``: parameter -> description; ``defaults``: parameter -> introspected default as Python text
    (required ones left out); ``effective``: parameter -> value a default-built object holds (measured;
    None when the object was not built here)."""
    out = []
    for name, description in docs.items():
        if name not in defaults:
            continue
        claimed, quote = stated_default(description)
        if claimed is _NOT_LITERAL:
            continue
        declared = _literal(defaults[name])
        if declared is _NOT_LITERAL or same_value(claimed, declared):
            continue
        if declared is None and (effective is None or name not in effective):
            out.append(
                Contradiction(
                    owner,
                    page,
                    DEFAULT,
                    name,
                    quote,
                    "the signature default is `None` (what it resolves to is not measured here)",
                    "introspected",
                )
            )
            continue
        if declared is None and name in effective:
            held = _literal(effective[name])
            if held is not _NOT_LITERAL and same_value(claimed, held):
                continue  # the signature's None resolves to the stated default: consistent
            out.append(
                Contradiction(
                    owner,
                    page,
                    DEFAULT,
                    name,
                    quote,
                    f"the signature default is `None` and a {owner} built with default arguments "
                    f"holds `{effective[name]}`",
                    "measured",
                )
            )
            continue
        out.append(
            Contradiction(
                owner, page, DEFAULT, name, quote, f"the signature default is `{defaults[name]}`", "introspected"
            )
        )
    return out


def set_keys_contradictions(
    owner: str, page: str, docstring: str, accepted: set[str], measured: dict | None = None, raises: str = "ValueError"
) -> list[Contradiction]:
    """``measured``: name -> what calling ``set_keys(name=...)`` did (an Outcome), where the build tried it."""
    out = []
    measured = measured or {}
    for name in dict.fromkeys(m.group("name") for m in SET_KEYS_CALL.finditer(docstring)):
        if name in accepted:
            continue
        stem = name.removesuffix("_key")
        instead = f"; the accepted name is `{stem}`" if stem in accepted else ""
        outcome = measured.get(name)
        if outcome is not None and not outcome.ok:
            fact, how = f"`set_keys({name}=...)` raises {code(outcome.error)}{instead}", "measured"
        else:
            fact, how = f"`{name}` is not a name `set_keys` accepts (it raises {raises}){instead}", "introspected"
        out.append(Contradiction(owner, page, SET_KEYS, name, f"set_keys({name}=...)", fact, how))
    return out


def refused_contradictions(owner: str, page: str, docs: dict[str, str], outcomes) -> list[Contradiction]:
    """Documented arguments that the constructor refused or deprecated when given a value (measured)."""
    out = []
    for outcome in outcomes:
        if outcome.outcome not in ("refused", "deprecated") or outcome.name not in docs:
            continue
        fact = f"passing `{outcome.name}={outcome.tried}` is {outcome.outcome}: {code(outcome.text)}"
        if outcome.set_keys_name:
            fact += f"; use `set_keys({outcome.set_keys_name}=...)`"
        out.append(
            Contradiction(
                owner, page, REFUSED, outcome.name, f"documents `{outcome.name}` as an argument", fact, "measured"
            )
        )
    return out


def api_docs(name: str) -> tuple[dict[str, str], str]:
    """(argument descriptions, docstring text) of a documented class, from the one griffe parse its API
    section renders."""
    identifier = objects.documented()[name].identifier
    return load.parameter_docs(identifier), load.docstring_text(identifier)


loss_docs = api_docs


def loss_contradictions(
    record, param_docs: dict[str, str] | None = None, docstring: str | None = None
) -> list[Contradiction]:
    """Every contradiction between a loss's docstring and its records (the docstring read through tools.api
    unless given)."""
    if param_docs is None or docstring is None:
        parsed_docs, parsed_text = loss_docs(record.name)
        param_docs = parsed_docs if param_docs is None else param_docs
        docstring = parsed_text if docstring is None else docstring
    page = urls.loss(record.name)
    defaults = {p.name: p.default for p in record.constructor_params if not p.required}
    probes = record.measured.probes if record.measured else None
    effective = probes.effective_defaults if probes else None
    refused = [] if probes is None else refused_contradictions(record.name, page, param_docs, probes.arguments)
    # A refused argument's stated default is moot: the refusal is the fact to show.
    docs = {n: d for n, d in param_docs.items() if n not in {c.subject for c in refused}}
    found = default_contradictions(record.name, page, docs, defaults, effective)
    found += set_keys_contradictions(record.name, page, docstring, {k.name for k in record.accepted_keys})
    return found + refused


def trainer_record_contradictions(record) -> list[Contradiction]:
    """Defaults the upstream parameter descriptions of a trainer state, against its signature and
    what the built trainer holds (measured on the tiny trainers)."""
    docs = {name: text for name, (text, source) in record.descriptions.items() if source == UPSTREAM}
    defaults = {p.name: p.default for p in record.parameters if not p.required}
    effective = {e.name: e.effective for e in record.effective_defaults}
    return _tagged(default_contradictions(record.name, urls.trainer(record.name), docs, defaults, effective), "trainer")


def trainer_contradictions() -> list[Contradiction]:
    return [c for r in trainer_records() for c in trainer_record_contradictions(r)]


def _tagged(found: list[Contradiction], family: str, anchor: str = "") -> list[Contradiction]:
    for c in found:
        c.family, c.anchor = family, anchor
    return found


def estimator_record_contradictions(
    record, param_docs: dict[str, str] | None = None, docstring: str | None = None
) -> list[Contradiction]:
    """A value estimator's docstring, and the errors its constructor raised that the reference shows, against
    its signature, its key map (introspected) and what passing each argument did (measured)."""
    if param_docs is None or docstring is None:
        param_docs, docstring = api_docs(record.name)
    page = urls.ESTIMATOR_REFERENCE
    accepted = {use.field for use in record.keys}
    defaults = {p.name: p.default for p in record.parameters if not p.required}
    # A `*_key` argument left at None means the key map's default: what the estimator uses (introspected);
    # other None defaults: what a built estimator holds (measured).
    effective = dict(record.effective_defaults)
    effective |= {f"{use.field}_key": repr(use.default_key) for use in record.keys if f"{use.field}_key" in defaults}
    refused = []
    for name, outcome in record.deprecated_key_arguments.items():
        if not outcome.ok and name in param_docs:
            stem = name.removesuffix("_key")
            fact = f"passing `{name}=...` raises {code(outcome.error)}"
            fact += f"; use `set_keys({stem}=...)`" if stem in accepted else ""
            refused.append(
                Contradiction(record.name, page, REFUSED, name, f"documents `{name}` as an argument", fact, "measured")
            )
    docs = {n: d for n, d in param_docs.items() if n not in {c.subject for c in refused}}
    found = default_contradictions(record.name, page, docs, defaults, effective)
    shown = "\n".join([docstring, *(o.error for o in record.deprecated_key_arguments.values() if not o.ok)])
    found += set_keys_contradictions(
        record.name, page, shown, accepted, record.set_keys_with_argument_names, raises="KeyError"
    )
    return _tagged(found + refused, "estimator", record.name.lower())


def estimator_contradictions() -> list[Contradiction]:
    return [c for r in reference().estimators for c in estimator_record_contradictions(r)]


def _documented_defaults(
    name: str, parameters, page: str, family: str, effective: dict[str, str] | None = None
) -> list[Contradiction]:
    documented = objects.documented()
    if name not in documented:
        return []
    docs, _text = api_docs(name)
    defaults = {p.name: p.default for p in parameters if not p.required}
    return _tagged(
        default_contradictions(name, page, docs, defaults, effective),
        family,
        f"hook-{name}" if family == "hook" else "",
    )


def hook_contradictions() -> list[Contradiction]:
    """The hook classes' docstrings (their API sections) against their signatures (introspected), and a
    ``None`` default against what the built hook holds (measured, where the trainer zoo builds it)."""
    return [
        c
        for h in hook_records()
        for c in _documented_defaults(h.name, h.parameters, urls.TRAINER_HOOKS, "hook", h.effective_defaults)
    ]


def _updater_contradictions() -> list[Contradiction]:
    """SoftUpdate's and HardUpdate's docstrings (their API sections) against their signatures."""
    return [
        c
        for name, cls in updater_classes().items()
        for c in _documented_defaults(name, class_signature(cls).all(), urls.TARGET_UPDATES, "updater")
    ]


def _config_docs(cls: type) -> dict[str, str]:
    """Argument descriptions of a config dataclass's docstring (Google style), parsed with griffe."""
    import inspect

    import griffe

    text = inspect.getdoc(cls) or ""
    if not text or text.startswith(f"{cls.__name__}("):  # the dataclass's generated signature, not a docstring
        return {}
    found: dict[str, str] = {}
    # warnings=False: these docstrings are not rendered, and griffe's warnings would fail the strict build.
    for section in griffe.Docstring(text, lineno=1).parse("google", warnings=False):
        if section.kind.value in ("parameters", "other parameters", "attributes"):
            for item in section.value:
                found.setdefault(item.name.lstrip("*"), item.description)
    return found


def _config_contradictions() -> list[Contradiction]:
    """The config dataclasses' docstrings against their own field defaults (introspected).  Not rendered on
    the site; the config-groups page lists the configs, so their flags go there."""
    found = []
    classes = config_dataclasses()
    for config in survey().classes:
        cls = classes.get(config.name)
        if cls is None:
            continue
        docs = _config_docs(cls)
        defaults = {f.name: f.default for f in config.fields if not f.required and f.default}
        found += _tagged(
            default_contradictions(config.name, urls.CONFIG_GROUPS, docs, defaults, None),
            "config",
            f"cfg-{config.name}",
        )
    return found


_encode_flags, _decode_flags = list_codec(Contradiction)
# Kept (`make records`), as every record set that needs torchrl imported: both read the imported classes
# (the updaters' signatures, the config dataclasses' docstrings); the updaters' descriptions come from the
# griffe parse the building process holds.
updater_contradictions = RecordSet(
    "contracts.updaters",
    _updater_contradictions,
    encode=_encode_flags,
    decode=_decode_flags,
    in_building_process=True,
    committed=True,
)
config_contradictions = RecordSet(
    "contracts.configs", _config_contradictions, encode=_encode_flags, decode=_decode_flags, committed=True
)
