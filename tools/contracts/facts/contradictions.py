"""Upstream docstring text checked against what the build introspected and measured.

Three kinds of claim are checked, each against a record the site already has:

* a parameter description stating a default ("Defaults to ``0.01``") against
  the introspected default, or, where the signature says ``None``, against the
  value a loss built with default arguments holds (measured);
* a ``set_keys(name=...)`` call in the text against the names ``_AcceptedKeys``
  declares (introspected);
* a documented constructor argument against what passing it did (measured:
  refused, or deprecated with a warning).

Pure functions over records: the loss and trainer pages flag each finding in
place, and the contracts concern lists them all on one page.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from tools.api.facts import load, objects
from tools.core import urls
from tools.core.markdown import code
from tools.core.values import same_value
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
        if declared is None and effective is None:
            out.append(
                Contradiction(
                    owner,
                    page,
                    DEFAULT,
                    name,
                    quote,
                    "the signature default is `None` (what it resolves to is not measured: not built here)",
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


def set_keys_contradictions(owner: str, page: str, docstring: str, accepted: set[str]) -> list[Contradiction]:
    out = []
    for name in dict.fromkeys(m.group("name") for m in SET_KEYS_CALL.finditer(docstring)):
        if name in accepted:
            continue
        stem = name.removesuffix("_key")
        instead = f"; the accepted name is `{stem}`" if stem in accepted else ""
        out.append(
            Contradiction(
                owner,
                page,
                SET_KEYS,
                name,
                f"set_keys({name}=...)",
                f"`{name}` is not a name `set_keys` accepts (it raises ValueError){instead}",
                "introspected",
            )
        )
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


def loss_docs(name: str) -> tuple[dict[str, str], str]:
    """(argument descriptions, docstring text) of a loss, from the one griffe parse its API section renders."""
    identifier = objects.documented()[name].identifier
    return load.parameter_docs(identifier), load.docstring_text(identifier)


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
    return default_contradictions(record.name, urls.trainer(record.name), docs, defaults, effective)


def trainer_contradictions() -> list[Contradiction]:
    return [c for r in trainer_records() for c in trainer_record_contradictions(r)]
