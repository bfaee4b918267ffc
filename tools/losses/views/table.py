"""The loss table: one row per loss, its marks explained in a legend and in tooltips."""

from __future__ import annotations

from collections.abc import Mapping

from tools.core import registry, urls
from tools.core.keys import key_text
from tools.core.markdown import code, table
from tools.estimator_matrix.facts.records import MatrixRow
from tools.losses.facts.records import LossRecord
from tools.losses.views import probes as probes_render

SETTING_ORDER = ("on-policy", "off-policy", "offline", "model-based", "imitation", "LLM")
PROVENANCE = (
    "**Where each cell comes from.** *Curated and validated* (`data/losses.yaml`, checked against torchrl "
    "by the build): family, action space, setting, agents. *Introspected* from the class: required "
    "arguments, default estimator. *Measured* by building the loss on tiny networks and running it: "
    "estimators (each `ValueEstimators` member passed to `make_value_estimator`, then a forward pass; "
    "the members that worked, and ✗ before a member the class declares but that failed; see the "
    f"[estimator matrix]({urls.link(urls.LOSS_TABLE, urls.ESTIMATOR_MATRIX)})), target parameters, loss terms. Cells marked † "
    "could not be measured (the loss is not built here; see its page): they show what the class declares."
)


# The table's marks, each shown with its meaning as a tooltip (Material's content.tooltips styles
# <abbr title>), and spelled out in the legend above the table.
MARKS = {
    "D": "discrete actions",
    "C": "continuous actions",
    "–": "reads no action",
    "†": "not measured: the loss is not built here (see its page); the cell shows what the class declares",
    "✗": "declared by the class, but it failed when measured",
}


def mark(symbol: str) -> str:
    return f'<abbr title="{MARKS[symbol]}">{symbol}</abbr>'


def _action_badge(record: LossRecord) -> str:
    kinds = record.curated.action_space
    symbols = {("continuous",): "C", ("discrete",): "D", ("continuous", "discrete"): "D C"}.get(
        tuple(sorted(kinds)), "–"
    )
    label = " ".join(mark(s) for s in symbols.split())
    value = " ".join(sorted(kinds)) or "none"
    return f'<span class="lt-action" data-value="{value}">{label}</span>'


def _setting_badge(record: LossRecord) -> str:
    settings = [s for s in SETTING_ORDER if s in record.curated.setting]
    return f'<span class="lt-setting" data-value="{" ".join(settings)}">{", ".join(settings)}</span>'


def _agents_badge(record: LossRecord) -> str:
    # "multi"/"single" (curated), plus "nested" where the loss was measured to run with nested keys.
    return f'<span class="lt-agents" data-value="{probes_render.agents_value(record)}">{probes_render.agents_label(record)}</span>'


def _terms(record: LossRecord) -> str:
    if record.measured is None:
        return f"not measured {mark('†')}"
    return "<br>".join(code(key_text(o.key).strip('"')) for o in record.measured.loss_outputs)


def _targets(record: LossRecord) -> str:
    if record.measured is None:
        flags = ", ".join(f"{k}={v}" for k, v in record.delay_flags.items())
        return f"{flags or 'no delay_* flag'} {mark('†')}"
    return "<br>".join(code(t) for t in record.measured.target_params) or "none"


def _estimators(record: LossRecord, row: MatrixRow | None) -> str:
    """Measured members that worked, then ✗ before declared members that failed."""
    if row is None:  # the class names no default estimator and declares none
        return "none"
    if row.not_built:
        return (", ".join(record.supported_value_estimators) or "none") + f" {mark('†')}"
    worked = [c.member for c in row.cells if c.outcome is not None and c.outcome.ok]
    failed = [f"{mark('✗')} {c.member}" for c in row.cells if c.declared and c.outcome is not None and not c.outcome.ok]
    return ", ".join(worked + failed) or "none"


def render_table(records: list[LossRecord], estimator_rows: Mapping[str, MatrixRow]) -> str:
    header = (
        "Loss",
        "Family",
        "Action",
        "Setting",
        "Agents",
        "Required arguments",
        "Default estimator",
        "Estimators that work",
        "Target parameters",
        "Loss terms",
    )
    rows = [
        (
            f"[{r.name}]({urls.link(urls.LOSS_TABLE, urls.loss(r.name))}){registry.badges(f'losses {r.name}', urls.LOSS_TABLE)}",
            r.curated.family,
            _action_badge(r),
            _setting_badge(r),
            _agents_badge(r),
            ", ".join(code(a) for a in r.required_args) or "none",
            r.default_value_estimator or "–",
            _estimators(r, estimator_rows.get(r.name)),
            _targets(r),
            _terms(r),
        )
        for r in records
    ]
    # The legend sits above the table (below dozens of rows nobody finds it); hovering a mark shows it too.
    legend = (
        f"**Marks:** Action {mark('D')} discrete, {mark('C')} continuous, both, or {mark('–')} none. "
        f"{mark('✗')} before an estimator: declared by the class, but it failed when measured. "
        f"{mark('†')}: not measured (the loss is not built here), the cell shows what the class declares. "
        "Agents: *multi* when the loss is built for teams of agents sharing one batch (curated); "
        '*nested keys: yes* when it was measured to run with its keys nested under an `"agents"` group '
        f"([how]({urls.link(urls.LOSS_TABLE, urls.LOSS_CONTRACT, 'nested-keys')}))."
    )
    return (
        legend
        + "\n\n"
        + '<div class="loss-table" markdown>\n\n'
        + table(header, rows)
        + "\n\n</div>\n\n"
        + PROVENANCE
        + "\n\n"
        + probes_render.render_refusal_note(records)
    )
