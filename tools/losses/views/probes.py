"""Probe results -> Markdown pieces for the loss pages and the loss table.  Pure functions."""

from __future__ import annotations

from tools.core import urls
from tools.core.markdown import code, text
from tools.losses.facts.probes.nested import GROUP, N_AGENTS, ROOT_KEYS
from tools.losses.facts.probes.records import (
    ACCEPTED,
    DEPRECATED,
    GIVEN,
    NOT_TRIED,
    REFUSED,
    WARNS,
    ArgumentOutcome,
    LossProbes,
)

ARGUMENTS_NOTE = (
    "*Passing it* is measured: the loss was built again from the example's own networks with that one "
    "argument changed to the value shown, and what the constructor did was recorded (refused: the error it "
    "raised; deprecated: the warning it gave)."
)
# The loss pages and the loss contract sit side by side in losses/.
CONTRACT_PAGE = urls.link(urls.LOSS_TABLE, urls.LOSS_CONTRACT)


def argument_cell(probes: LossProbes | None, name: str) -> str:
    """The "Passing it" cell of one constructor argument (measured)."""
    if probes is None:
        return "not measured †"
    outcome = probes.argument(name)
    cell = "" if outcome is None else _outcome_text(outcome)
    if name == TERMINAL_FLAG and probes.terminal is not None:
        cell = f"{cell}<br>{terminal_text(probes.terminal)}" if cell else terminal_text(probes.terminal)
    return cell


TERMINAL_FLAG = "skip_done_states"


def _network_names(names: list[str]) -> str:
    return " and ".join(f"`{n}`" for n in names) or "none"


def terminal_text(terminal) -> str:
    """What ``skip_done_states`` masks and what it does not, measured with a NaN next observation at a terminal
    step of a flat batch (tools/losses/facts/probes/terminal.py)."""
    if terminal.error:
        return f"terminal-step probe not run: {code(terminal.error)}"
    parts = []
    for run in terminal.runs:
        setting = f"`{TERMINAL_FLAG}={run.skip_done_states}`"
        if run.error:
            parts.append(f"{setting}: raises {code(run.error)}")
            continue
        read = [n for n, hit in run.network_read_nan.items() if hit]
        spared = [n for n, hit in run.network_read_nan.items() if not hit]
        nan = ", ".join(f"`{n}`" for n in run.nan_outputs) or "no term"
        text_ = f"{setting}: {nan} NaN; the NaN reaches {_network_names(read)}"
        if spared:
            text_ += f", not {_network_names(spared)}"
        parts.append(text_)
    return "With a NaN next observation at a terminal step (measured): " + "; ".join(parts) + "."


def _outcome_text(o: ArgumentOutcome) -> str:
    tried = f" ({code(name_value(o))})" if o.tried else ""
    if o.outcome == ACCEPTED:
        cell = f"accepted{tried}"
    elif o.outcome == GIVEN:
        cell = "given by the example"
    elif o.outcome == NOT_TRIED:
        cell = f"not tried: {text(o.text)}" if o.text else "not tried"
    else:
        label = {REFUSED: "**refused**", DEPRECATED: "**deprecated**", WARNS: "warns"}[o.outcome]
        cell = f"{label}{tried}: {code(o.text)}"
    if o.set_keys_name:
        how = "measured" if o.set_keys_how == "measured" else "by name, checked against `_AcceptedKeys`"
        cell += f"; use `set_keys({o.set_keys_name}=...)` ({how})"
    return cell


def name_value(o: ArgumentOutcome) -> str:
    return f"{o.name}={o.tried}"


def refused(probes: LossProbes | None) -> list[ArgumentOutcome]:
    return [] if probes is None else [a for a in probes.arguments if a.outcome in (REFUSED, DEPRECATED)]


def render_refusal_note(records) -> str:
    """Under the loss table: which losses refuse arguments their signature lists (measured)."""
    lines = []
    for r in records:
        probes = r.measured.probes if r.measured else None
        bad = refused(probes)
        if bad:
            names = ", ".join(f"`{a.name}`" for a in bad)
            lines.append(f"[{r.name}]({urls.link(urls.LOSS_TABLE, urls.loss(r.name))}): {names}")
    if not lines:
        return "Every constructor argument tried with a non-default value was accepted (measured).\n"
    return (
        "**Listed but refused (measured).** These constructor arguments are in the signature, but passing a "
        "non-default value raises or warns that they are deprecated; each loss page says what to use instead: "
        + "; ".join(lines)
        + ".\n"
    )


def agents_value(record) -> str:
    """Tokens for the table's agents filter: "single"/"multi", plus "nested" when measured to run nested."""
    tokens = ["multi" if record.curated.multi_agent else "single"]
    probes = record.measured.probes if record.measured else None
    if probes is not None and probes.nested is not None and probes.nested.ok:
        tokens.append("nested")
    return " ".join(tokens)


def agents_label(record) -> str:
    probes = record.measured.probes if record.measured else None
    base = "multi" if record.curated.multi_agent else "single"
    if probes is None or probes.nested is None:
        return f"{base}; nested: not measured"
    return f"{base}; nested keys: {'yes' if probes.nested.ok else 'no'}"


def nested_line(record) -> str:
    """The "Can I use it?" line about nested (multi-agent) keys."""
    probes = record.measured.probes if record.measured else None
    built_for = "built for teams of agents" if record.curated.multi_agent else "a single-agent loss by design"
    if probes is None or probes.nested is None:
        return f"- **Keys nested under a group (multi-agent)**: {built_for} (curated); not measured (not built here)."
    how = (
        f'measured with every key under `("{GROUP}", ...)`, next-step entries (done and terminated included) under '
        f'`("next", "{GROUP}", ...)`, an agent dimension of {N_AGENTS}, the example\'s networks re-keyed the same way '
        f"({', '.join(f'`{k}`' for k in sorted(ROOT_KEYS))} left at the root, as a replay buffer writes it)"
    )
    if probes.nested.ok:
        verdict = f"**yes**: it runs ({how}; [how it was tried]({CONTRACT_PAGE}#nested-keys))."
    else:
        verdict = f"**no** as wired here: it raised {code(probes.nested.error)} ({how}; [how it was tried]({CONTRACT_PAGE}#nested-keys))."
    return f"- **Keys nested under a group (multi-agent)**: {built_for} (curated). {verdict}"


def action_kind_line(record) -> str | None:
    """The line about the action kind the example does not build, where the curated data says both."""
    probes = record.measured.probes if record.measured else None
    if probes is None or not probes.other_action:
        return None
    parts = []
    for kind, run in probes.other_action.items():
        if not run.measured:
            parts.append(f"{kind} actions: not measured ({text(run.error)})")
        elif run.ok:
            parts.append(f"{kind} actions: **runs** (measured: the example's actor swapped for a tiny {kind} one)")
        else:
            parts.append(f"{kind} actions: **fails** (measured: {code(run.error)})")
    return "- **The other action kind** (the curated data says both): " + "; ".join(parts) + "."


def inventory_arguments(probes: LossProbes | None) -> dict[str, str] | None:
    return None if probes is None else {a.name: a.inventory_value() for a in probes.arguments}


def inventory_nested(probes: LossProbes | None) -> dict | None:
    if probes is None or probes.nested is None:
        return None
    return {
        "runs": probes.nested.ok,
        "error": probes.nested.error or None,
        "keys": probes.nested_keys,
        "other_action_kinds": {k: ("runs" if r.ok else r.text()) for k, r in probes.other_action.items()},
    }
