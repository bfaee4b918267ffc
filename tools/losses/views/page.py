"""One loss's page: constructor, accepted keys, a runnable example, what the forward pass returns, whether it
fits a problem, its value estimators and target parameters, and the sections other concerns place by marker."""

from __future__ import annotations

from tools.contracts.facts.contradictions import loss_contradictions
from tools.core import registry, urls
from tools.core.keys import key_text
from tools.core.markdown import code, table, text
from tools.core.markdown import markdown as cell_markdown
from tools.core.search_weights import REFERENCE, front_matter
from tools.core.signatures import wrap_signature
from tools.estimator_matrix.facts.records import MARKS as MATRIX_MARKS
from tools.estimator_matrix.facts.records import MatrixRow
from tools.losses.facts.records import LossRecord, Output
from tools.losses.views import probes as probes_render
from tools.losses.views.table import SETTING_ORDER


def _key_cell(key) -> str:
    if key is None:
        return "resolved at run time"
    return code(key_text(key))


def render_keys(record: LossRecord) -> str:
    if not record.accepted_keys:
        return "This loss declares no configurable keys.\n"
    measured = record.measured is not None
    header = ["`set_keys` name", "Default key", "Holds", "Written by"] + (["Written by forward"] if measured else [])
    rows = []
    for k in record.accepted_keys:
        badge = registry.badges(f"losses {record.name} accepted_keys.{k.name}", urls.loss(record.name))
        row = [f"`{k.name}`{badge}", _key_cell(k.default), k.holds, k.writer]
        if measured:
            row.append("yes" if k.written_by_forward else "")
        rows.append(row)
    note = (
        "Names and defaults are introspected from the class's `_AcceptedKeys`; *holds* and *written by* are "
        "curated in `data/losses.yaml` (every key of every loss must have an entry)."
    )
    if measured:
        note += " *Written by forward* is measured: the loss added that entry to the batch it was given."
    return table(header, rows) + "\n\n" + note + "\n"


def _out_key(o: Output) -> str:
    return key_text(o.key)


def example_code(record: LossRecord, construction: str | None) -> str:
    """The runnable example of a loss page (its output is captured by `make outputs`)."""
    if record.measured is None or construction is None:
        keys = ", ".join(f"{k.name}={key_text(k.default)}" for k in record.accepted_keys[:3])
        lines = [
            f"from {record.namespace} import {record.name}",
            "",
            f"# Not built here: {record.name} has no tiny construction (see above). Its key conventions:",
            f"keys = {record.name}._AcceptedKeys()",
        ]
        for k in record.accepted_keys:
            lines.append(
                f"assert keys.{k.name} == {key_text(tuple(k.default)) if isinstance(k.default, list) else key_text(k.default)}"
            )
        lines.append("print(keys)")
        del keys
        return "\n".join(lines) + "\n"
    m = record.measured
    tail = ["", "# Compute the loss; sum the terms that carry gradients (measured when this page was built)."]
    if m.target_params:
        tail.insert(1, "from torchrl.objectives import SoftUpdate")
        tail.append("updater = SoftUpdate(loss, eps=0.99)  # keeps the target parameters moving")
    tail.append("out, imagined = loss(batch)" if m.returns_tuple else "out = loss(batch)")
    tail.append("total = " + " + ".join(f"out[{_out_key(o)}]" for o in m.loss_outputs))
    tail.append("total.backward()")
    if m.target_params:
        tail.append("updater.step()  # after each optimiser step")
    tail.append('print(f"total loss: {total.item():.4f}")')
    return construction.rstrip("\n") + "\n" + "\n".join(tail) + "\n"


def example_name(record: LossRecord) -> str:
    """The example's name among generated examples (tools/outputs: outputs/generated/<name>.json)."""
    return f"losses/{record.name}.py"


def render_example(record: LossRecord, construction: str | None) -> str:
    """The example, then what it printed when `make outputs` ran it alone."""
    return (
        "```python\n"
        + example_code(record, construction)
        + "```\n\n"
        + f"<!-- gen:outputs.example generated/{example_name(record)} -->\n"
    )


def _outputs_table(outputs: list[Output]) -> str:
    rows = [(code(key_text(o.key)), tuple(o.shape), "yes" if o.carries_grad else "no", o.note) for o in outputs]
    return table(("Key", "Shape", "Carries a gradient", "Note"), rows)


def render_outputs(record: LossRecord) -> str:
    m = record.measured
    if m is None:
        return "Not measured: this loss is not built here (see above).\n"
    parts = [
        "Measured on the example's batch: a returned entry is a **term** when it is a scalar that carries a "
        "gradient (sum the terms for the optimiser); everything else is a **diagnostic** to log.",
        "",
    ]
    if m.returns_tuple:
        parts += ["The forward pass returns a tuple: the losses first, then the data it computed them on.", ""]
    parts += ["**Terms to sum**", "", _outputs_table(m.loss_outputs), ""]
    if m.diagnostic_outputs:
        parts += ["**Diagnostics to log**", "", _outputs_table(m.diagnostic_outputs), ""]
    else:
        parts += ["No diagnostics: every returned entry is a term.", ""]
    return "\n".join(parts)


def _yes_no(flag: bool | None, yes: str, no: str, unknown: str) -> str:
    return unknown if flag is None else (yes if flag else no)


def render_can_i_use_it(record: LossRecord) -> str:
    m = record.measured
    c = record.curated
    action = " and ".join(c.action_space) or "none (it reads no action)"
    lines = [f"- **Action spaces** (curated, validated): {action}."]
    if m is not None and m.action_space:
        lines[-1] += f" Measured: the example builds it for {m.action_space} actions."
    other_kind = probes_render.action_kind_line(record)
    if other_kind:
        lines.append(other_kind)
    lines.append(probes_render.nested_line(record))
    if m is None:
        lines.append("- **Masks through `loss_mask_key`**: not measured (not built here).")
    elif m.mask_error:
        lines.append(f"- **Masks through `loss_mask_key`**: measured failure: `{m.mask_error}`.")
    else:
        lines.append(
            "- **Masks through `loss_mask_key`**: "
            + _yes_no(
                m.mask_honoured,
                "honoured (measured: masking half the batch changed the loss terms).",
                "ignored (measured: masking half the batch left every loss term unchanged).",
                "",
            )
        )
    priority = record.priority_key
    if priority is None:
        lines.append("- **Prioritized replay**: no `priority` key (introspected).")
    else:
        written = (
            ""
            if m is None
            else (
                " Measured: the forward pass wrote it into the batch."
                if m.priority_written
                else " Measured: the forward pass did not write it on the example's batch."
            )
        )
        weight = (
            " It also reads importance weights from `priority_weight`."
            if any(k.name == "priority_weight" for k in record.accepted_keys)
            else ""
        )
        lines.append(
            f"- **Prioritized replay**: writes per-sample priorities to {_key_cell(priority)} (introspected).{written}{weight}"
        )
    lines.append(
        "- **`deactivate_vmap`**: "
        + (
            "the constructor takes it (introspected): set it to loop over Q-networks instead of `torch.vmap`."
            if record.has_deactivate_vmap
            else "not a constructor argument (introspected)."
        )
    )
    body = "\n".join("    " + line for line in lines)
    return '!!! question "Can I use it?"\n\n' + body + "\n"


def _measured_estimators(record: LossRecord, row: MatrixRow | None) -> list[str]:
    link = f"[estimator matrix]({urls.link(urls.loss(record.name), urls.ESTIMATOR_MATRIX)})"
    if row is None:
        return ["- **Measured**: not applicable: the class names no default estimator and declares none."]
    if row.not_built:
        return [f"- **Measured**: not measured ({row.not_built})."]
    lines = [
        f"- **Measured** (`make_value_estimator(member)`, then a forward pass on the example's batch; from the {link}):",
        "",
    ]
    cells = []
    for cell in row.cells:
        symbol, label = MATRIX_MARKS[cell.status]
        if cell.outcome is not None and not cell.outcome.ok:
            label = f"{cell.stage} raised `{cell.outcome.error.replace('|', '/')}`"
        default = " (default)" if row.default == cell.member else ""
        cells.append((f"{cell.member}{default}", "yes" if cell.declared else "no", f"{symbol} {label}"))
    # Indented: the table belongs to the list item above it.
    lines += ["    " + line for line in table(("Member", "Declared", "Outcome"), cells).split("\n")]
    # A blank line ends the table: without it the next bullet becomes one more table row.
    return [*lines, ""]


def render_estimators(record: LossRecord, row: MatrixRow | None) -> str:
    lines = [
        f"- **Default value estimator** (introspected, `default_value_estimator`): {record.default_value_estimator or 'none'}.",
    ]
    declared = record.declared_value_estimators
    lines.append(
        "- **Declared** (`SUPPORTED_VALUE_ESTIMATORS`, introspected): "
        + (", ".join(declared) if declared else "the class declares none.")
    )
    lines += _measured_estimators(record, row)
    m = record.measured
    if m is None:
        lines.append(
            "- **Target parameters**: not measured. Constructor flags: "
            + (", ".join(f"`{k}={v}`" for k, v in record.delay_flags.items()) or "none")
            + "."
        )
    elif m.target_params:
        flags = ", ".join(f"`{k}={v}`" for k, v in record.delay_flags.items())
        lines.append(
            "- **Target parameters** (measured with default arguments): "
            + ", ".join(code(t) for t in m.target_params)
            + (f"; controlled by {flags}" if flags else "")
            + ". Pair the loss with a `SoftUpdate` or `HardUpdate` and call its `step()` after each optimiser step."
        )
    else:
        lines.append("- **Target parameters** (measured with default arguments): none.")
    return "\n".join(lines) + "\n"


def _flags_by_subject(record: LossRecord, param_docs: dict[str, str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for c in loss_contradictions(record, param_docs):
        found.setdefault(c.subject, []).append(text(c.sentence()))
    return found


def render_params(record: LossRecord, param_docs: dict[str, str]) -> str:
    """The introspected signature and argument table; ``param_docs`` is the docstring's description of each
    argument, from the one griffe parse the API section below renders (``tools.api.facts.load.parameter_docs``);
    what passing each argument did (measured) and where the docstring contradicts the records sit beside it."""
    probes = record.measured.probes if record.measured else None
    flags = _flags_by_subject(record, param_docs)
    rows = []
    forwarded = [(p, f"keyword, passed on in `**kwargs` to `{p.declared_by}`") for p in record.params_via_kwargs]
    for p, kind in [*((p, p.kind) for p in record.params), *forwarded]:
        default = "**required**" if p.required else code(p.default)
        description = " ".join([cell_markdown(param_docs.get(p.name, "")), *flags.get(p.name, [])]).strip()
        badge = registry.badges(f"losses {record.name} parameters.{p.name}", urls.loss(record.name))
        rows.append((f"`{p.name}`{badge}", kind, default, probes_render.argument_cell(probes, p.name), description))
    # A stub (`pyi`): Pygments highlights it as Python, and the code-block runners, which run
    # every `python` fence, leave it alone: it declares a signature, it is not an example.
    # tests/docs checks that each one parses as a Python function header.
    out = (
        "```pyi\n"
        + wrap_signature(record.signature)
        + "\n```\n\n"
        + table(("Argument", "Kind", "Default", "Passing it (measured)", "Description (upstream docstring)"), rows)
        + "\n\n"
        + probes_render.ARGUMENTS_NOTE
        + "\n"
    )
    documented_only = record.documented_only(param_docs)
    if documented_only:
        names = ", ".join(f"`{n}`" for n in documented_only)
        out += (
            f"\nThe docstring also describes {names}, which the constructor does not name "
            "(compared with the signature above): such an argument only reaches the class through "
            "`**kwargs`, under another name, or not at all.\n"
        )
    return out


def render_trainers(trainers: list[str]) -> list[str]:
    if not trainers:
        return []
    links = ", ".join(f"[`{t}`]({urls.link(urls.loss('X'), urls.trainer(t))})" for t in trainers)
    return [
        "## Trainers built around it",
        "",
        f"Curated in `data/trainers.yaml` and checked by the build: {links}.",
        "",
    ]


def render_page(
    record: LossRecord,
    construction: str | None,
    estimator_row: MatrixRow | None,
    trainers: list[str],
    param_docs: dict[str, str],
) -> str:
    c = record.curated
    paper = f" · [paper]({c.paper})" if c.paper else ""
    settings = ", ".join(s for s in SETTING_ORDER if s in c.setting)
    out = [
        front_matter(REFERENCE) + f"# {record.name}",
        "",
        f"**{c.family}** · {settings} · {' and '.join(c.action_space) or 'no'} actions · "
        f"{'multi-agent' if c.multi_agent else 'single-agent'}{paper}",
        "",
        f"`from {record.namespace} import {record.name}` (defined in `{record.module}`).",
        "",
        "What every loss shares (`forward`, `set_keys`, masks, estimators) is on the "
        f"[loss contract]({urls.link(urls.loss(record.name), urls.LOSS_CONTRACT)}) page.",
        "",
    ]
    if record.is_llm:
        out += [
            '!!! note "Key conventions only"',
            "    LLM losses are covered here for their TensorDict key conventions only.",
            "",
        ]
    if record.not_built_reason:
        out += [
            '!!! warning "Not built on this page"',
            f"    {record.name} {record.not_built_reason}. Cells that need a run say *not measured*.",
            "",
        ]
    out += [
        "## Constructor",
        "",
        "Introspected from the installed class.",
        "",
        render_params(record, param_docs),
        "## Accepted keys",
        "",
        (
            "`set_keys` is available: pass any name below, with a string or a tuple (a `NestedKey`)."
            if record.set_keys_available
            else "This loss has no configurable keys."
        ),
        "",
        render_keys(record),
        "## Example",
        "",
        "Builds the loss on tiny networks, renames a key with `set_keys` and computes it on a small fake batch. "
        "This exact code ran when the page was built."
        if record.measured
        else "What can be checked without building it:",
        "",
        render_example(record, construction),
        "## What the forward pass returns",
        "",
        render_outputs(record),
        render_can_i_use_it(record),
        "## Value estimators and target parameters",
        "",
        render_estimators(record, estimator_row),
    ]
    out += render_trainers(trainers)
    # What builds the loss: this site's recipes, the Hydra configs and the SOTA scripts (whichever concerns
    # have such pages; the configs and SOTA directories from the one record of what each builds).
    links = registry.links("loss", record.name)
    if links:
        out += ["## Recipes, configs and SOTA implementations that build it", ""]
        out += [f"- [{title}](../{path})" for title, path in links] + [""]
    # The upstream bug fixes that changed the class, folded (the fixes concern's section).
    out += ["## Fixed upstream", "", f"<!-- gen:fixes.object {record.name} -->", ""]
    out.append(f"<!-- gen:contracts.flags loss {record.name} -->")
    out += ["## API", "", f"<!-- gen:api.object {record.name} -->", ""]
    return "\n".join(out)
