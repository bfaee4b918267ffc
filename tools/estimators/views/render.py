"""Estimator reference records -> Markdown.  Pure functions; no MkDocs, no torchrl."""

from __future__ import annotations

from tools.core import registry, urls
from tools.core.keys import key_text
from tools.core.markdown import code, table
from tools.estimators.facts.records import (
    EstimatorRecord,
    EstimatorReference,
    KeyUse,
    Outcome,
    ShapeProbe,
)

OVERVIEW_NOTE = (
    "Classes, members and required arguments are introspected from the installed torchrl; "
    '"What it computes" is curated in `data/estimators.yaml`, which the build checks against '
    "torchrl's estimator classes in both directions."
)


def anchor(name: str) -> str:
    return name.lower()


def raised(outcome: Outcome) -> str:
    return f"raises {code(outcome.error)}"


def _first_sentence(text: str) -> str:
    head, _, _ = text.partition(". ")
    return head.rstrip(".") + "."


def render_overview(reference: EstimatorReference, here: str = urls.ESTIMATOR_REFERENCE) -> str:
    """One row per estimator class, linked to its page: what it is, how a loss asks for it, what it needs.

    On the reference page itself each row also carries the class's old anchor (``reference.md#gae``:
    each class once had its section there), so links to it still land on the class.
    """
    rows = []
    for record in reference.estimators:
        required = ", ".join(code(p.name) for p in record.parameters if p.required)
        old = f'<span id="{anchor(record.name)}"></span>' if here == urls.ESTIMATOR_REFERENCE else ""
        rows.append(
            (
                f"{old}[{code(record.name)}]({urls.link(here, urls.estimator(record.name))})"
                + registry.badges(f"estimators.classes {record.name}", here),
                code("ValueEstimators." + record.member),
                required,
                _first_sentence(record.summary),
            )
        )
    header = ("Estimator", "`ValueEstimators` member", "Required constructor arguments", "What it computes")
    return table(header, rows) + "\n\n" + OVERVIEW_NOTE + "\n"


def _parameter_note(record: EstimatorRecord, name: str, declared_by: str) -> str:
    notes = []
    if declared_by != record.name:
        notes.append(f"declared by {code(declared_by)}; {code(record.name)} passes it on through `**kwargs`")
    if name in record.deprecated_key_arguments:
        outcome = record.deprecated_key_arguments[name]
        notes.append("passing it " + (raised(outcome) if not outcome.ok else "works"))
    if name in record.registry_defaults:
        notes.append(
            f"`make_value_estimator(ValueEstimators.{record.member})` passes "
            f"{code(name + '=' + repr(record.registry_defaults[name]))}"
        )
    return "; ".join(notes)


def render_parameters(record: EstimatorRecord) -> str:
    page = urls.estimator(record.name)
    rows = [
        (
            code(p.name) + registry.badges(f"estimators.classes {record.name} parameters.{p.name}", page),
            "*required*" if p.required else code(p.default),
            code(p.annotation) if p.annotation else "",
            _parameter_note(record, p.name, p.declared_by),
        )
        for p in record.parameters
    ]
    return wrap(table(("Parameter", "Default", "Type", "Notes"), rows))


def _measured_key(record: EstimatorRecord, use: KeyUse) -> str:
    parts = []
    if use.field == "value":
        # The value network fills the value key at the root and under "next".
        parts.append('written by `value_network` at the root and under `"next"`')
        if record.value_precomputed.ok:
            if record.value_precomputed.changed:
                parts.append("values already in the data are used instead")
            else:
                parts.append("values already in the data are **ignored** and recomputed")
        else:
            parts.append("with values already in the data it " + raised(record.value_precomputed))
        return "; ".join(parts)
    if use.written:
        shape = record.output_shapes.get(key_text(_written_key(record, use)))
        parts.append("written" + (f", shape `{shape}`" if shape else ""))
    if use.without is not None:
        if not use.without.ok:
            parts.append(f"**required**: without it the call {raised(use.without)}")
        elif use.without.changed:
            parts.append("optional: without it the call runs and the numbers change")
        else:
            parts.append(
                "not needed: the call runs without it (same numbers on this trajectory, where no episode ends)"
            )
    elif not use.written:
        parts.append("absent from a plain rollout")
    if use.perturbed is not None:
        if not use.perturbed.ok:
            effect = raised(use.perturbed)
        elif use.perturbed.changed:
            effect = "the numbers change"
        else:
            effect = "**no effect**"
        parts.append(f"{use.perturbation}: {effect}")
    return "; ".join(parts)


def _written_key(record: EstimatorRecord, use: KeyUse):
    key = use.default_key
    return key if isinstance(key, str) else tuple(key)


def render_keys(record: EstimatorRecord) -> str:
    rows = [
        (
            code(use.field),
            code(use.location_text()),
            code(use.declared) if use.declared else "neither",
            _measured_key(record, use),
        )
        for use in record.keys
    ]
    header = (
        "Key-map field (`set_keys` name)",
        "Where in the data (default key)",
        "torchrl declares it in",
        "Measured",
    )
    return wrap(table(header, rows))


def wrap(table: str) -> str:
    """A table in a div the site's CSS keeps readable (no line breaks inside keys and names)."""
    return f'<div class="estimator-table" markdown>\n\n{table}\n\n</div>\n'


def _probe_result(probe: ShapeProbe) -> str:
    if probe.outcome is None:
        return f"not tried: {probe.reason}"
    if not probe.outcome.ok:
        return raised(probe.outcome)
    if probe.outcome.changed is None:
        return "runs" + (f"; {probe.comparison}" if probe.comparison else "")
    if probe.outcome.changed:
        return f"runs, but **different numbers** from {probe.comparison}"
    return f"same numbers as {probe.comparison}"


def render_shapes(record: EstimatorRecord) -> str:
    batch = " × ".join(str(n) for n in record.probe_batch)
    lines = [
        f"Reference run: a {record.layout} trajectory with batch size `[{batch}]` = `[B, T]` "
        "(time is the last batch dimension).",
        "",
        table(
            ("Data given to the estimator", "Measured"),
            [(probe.description, _probe_result(probe)) for probe in record.shapes],
        ),
    ]
    return "\n".join(lines) + "\n"


def render_estimator(record: EstimatorRecord, *, heading_level: int = 1) -> str:
    """One class's page (its title, then its sections one level down); its example follows on the page."""
    hashes = "#" * heading_level
    sub = "#" * (heading_level + 1)
    lines = [
        f"{hashes} `{record.name}` {{ #{anchor(record.name)} }}",
        "",
        record.summary,
        "",
        f"- Import: `from {record.module} import {record.name}`",
        f"- A loss builds it with `loss.make_value_estimator(ValueEstimators.{record.member})`, passing "
        + ", ".join(code(f"{k}={v!r}") for k, v in record.registry_defaults.items())
        + " unless you pass others.",
        "- `forward()` keyword arguments besides the data: "
        + ", ".join(code(k) for k in record.forward_keywords)
        + ".",
    ]
    if record.action_changed is not None:
        effect = (
            raised(record.action_changed)
            if not record.action_changed.ok
            else "the numbers change"
            if record.action_changed.changed
            else "**the numbers did not change**: the current policy's log-probability is not taken at the stored action"
        )
        lines.append(f"- Measured: changing the actions stored in the data: {effect}.")
    lines += [
        "",
        f"{sub} Constructor parameters (introspected)",
        "",
        render_parameters(record).rstrip("\n"),
        "",
        f"{sub} Keys it reads and writes",
        "",
        "The field names are what `set_keys(...)` accepts; the default keys come from the estimator's key "
        "map (introspected); the last column is measured on the fake trajectory"
        + (f", where the value key was set to `{_probe_value_key(record)}`" if record.layout == "multi-agent" else "")
        + ".",
        "",
        render_keys(record).rstrip("\n"),
        "",
        f"{sub} Layouts, time dimension and edge cases (measured)",
        "",
        render_shapes(record).rstrip("\n"),
    ]
    return "\n".join(lines) + "\n"


def _probe_value_key(record: EstimatorRecord) -> str:
    for text in record.output_shapes:
        if "state_value" in text and not text.startswith('("next"'):
            return text
    return ""


def render_aliases(reference: EstimatorReference) -> str:
    if not reference.deprecated_aliases:
        return "The installed torchrl exports no deprecated estimator names.\n"
    rows = [
        (
            code(alias.name),
            f"[{code(alias.replacement)}]({urls.link(urls.ESTIMATOR_REFERENCE, urls.estimator(alias.replacement))})",
            "works (with a deprecation warning)" if alias.constructed.ok else raised(alias.constructed),
        )
        for alias in reference.deprecated_aliases
    ]
    return table(("Old name", "Use instead", "Constructing the old name (measured)"), rows) + "\n"


def render_forwarding(reference: EstimatorReference) -> str:
    rows = []
    for case in reference.forwarding:
        reward = key_text(
            ("next", case.estimator_reward_key)
            if isinstance(case.estimator_reward_key, str)
            else ("next", *case.estimator_reward_key)
        )
        rows.append((code(case.order), code(reward), "✅ yes" if case.forwarded else "❌ no"))
    lines = [
        f'Measured on {code(reference.forwarding_loss)} with the reward key renamed to `"my_reward"`:',
        "",
        table(("What the code does, in order", "The estimator reads the reward from", "Forwarded"), rows),
    ]
    return "\n".join(lines) + "\n"
