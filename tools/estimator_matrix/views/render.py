"""The loss x estimator matrix -> HTML grid and Markdown lists.  Pure functions."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

from tools.core.markdown import code, table
from tools.estimator_matrix.facts.records import (
    DECLARED_FAILS,
    MARKS,
    RAISES,
    UNDECLARED_WORKS,
    Cell,
    Matrix,
    MatrixRow,
)

DEFAULT_MARK = "★"


def _cell_title(row: MatrixRow, cell: Cell) -> str:
    declared = "declared" if cell.declared else "not declared"
    if cell.outcome is None:
        return f"{row.loss} × {cell.member}: {declared}; not measured ({row.not_built})"
    if cell.outcome.ok:
        return f"{row.loss} × {cell.member}: {declared}; make_value_estimator and forward ran"
    return f"{row.loss} × {cell.member}: {declared}; {cell.stage} raised {cell.outcome.error}"


def _cell(row: MatrixRow, cell: Cell) -> str:
    symbol, label = MARKS[cell.status]
    default = row.default == cell.member
    mark = f' <span class="em-default" title="default estimator">{DEFAULT_MARK}</span>' if default else ""
    return (
        f'<td class="em-cell em-{cell.status}" title="{escape(_cell_title(row, cell))}">'
        f'<span class="em-symbol" aria-label="{escape(label)}">{symbol}</span>{mark}</td>'
    )


def _forwarding(row: MatrixRow) -> str:
    forwarding = row.forwarding
    if forwarding is None:
        return '<td class="em-note">not measured</td>'
    if not forwarding.outcome.ok:
        return f'<td class="em-note">set_keys raised <code>{escape(forwarding.outcome.error)}</code></td>'
    if not forwarding.estimator:
        return (
            '<td class="em-note" title="loss.value_estimator is None: the loss computes its target '
            'inside forward">no estimator object</td>'
        )
    if not forwarding.not_forwarded:
        return '<td class="em-note">✓ all three</td>'
    missing = ", ".join(f"<code>{escape(f)}</code>" for f in forwarding.not_forwarded)
    return f'<td class="em-note">✗ not {missing}</td>'


def render_grid(matrix: Matrix, loss_links: dict[str, str] | None = None) -> str:
    """The grid: one row per loss, one column per ValueEstimators member."""
    loss_links = loss_links or {}
    head = "".join(f'<th scope="col"><code>{escape(m)}</code></th>' for m in matrix.members)
    lines = [
        '<div class="em-scroll" markdown="0">',
        '<table class="estimator-matrix">',
        "<thead><tr>"
        '<th scope="col">Loss</th>'
        f"{head}"
        '<th scope="col" title="After loss.set_keys(reward=..., done=..., terminated=...), does the '
        'default estimator read the renamed keys?">set_keys reaches<br>the estimator</th>'
        "</tr></thead>",
        "<tbody>",
    ]
    for row in matrix.rows:
        name = f"<code>{escape(row.loss)}</code>"
        if row.loss in loss_links:
            name = f'<a href="{escape(loss_links[row.loss])}">{name}</a>'
        cells = "".join(_cell(row, cell) for cell in row.cells)
        lines.append(f'<tr><th scope="row">{name}</th>{cells}{_forwarding(row)}</tr>')
    lines += ["</tbody>", "</table>", "</div>"]
    return "\n".join(lines) + "\n"


def render_legend() -> str:
    items = "".join(
        f'<li><span class="em-cell em-{status}"><span class="em-symbol">{symbol}</span></span> {escape(label)}</li>'
        for status, (symbol, label) in MARKS.items()
    )
    default = f'<li><span class="em-default">{DEFAULT_MARK}</span> the loss\'s default estimator</li>'
    return f'<ul class="em-legend" markdown="0">{items}{default}</ul>\n'


# The refusal messages name the member; masking it lets one row hold every member refused alike.
_MEMBER_IN_TEXT = re.compile(r"<ValueEstimators\.\w+: '[^']*'>|ValueEstimators\.\w+")


def _grouped(row: MatrixRow, statuses: tuple[str, ...]) -> list[tuple[list[str], str, str]]:
    """[(members, stage, first error)] of a row's cells with these statuses, alike errors together."""
    groups: dict[tuple[str, str], tuple[list[str], str]] = {}
    for cell in row.cells:
        if cell.status not in statuses or cell.outcome is None:
            continue
        text = cell.outcome.error
        members, _first = groups.setdefault((cell.stage, _MEMBER_IN_TEXT.sub("<member>", text)), ([], text))
        members.append(cell.member)
    return [(members, stage, first) for (stage, _), (members, first) in groups.items()]


def _names(members: list[str]) -> str:
    return ", ".join(f"`{m}`" for m in members)


def render_disagreements(matrix: Matrix, explain: Callable[[str, str], str] = lambda member, error: "") -> str:
    """``explain(member, error)`` may return a sentence relating the error to a measured estimator fact."""
    lines = []
    for row in matrix.rows:
        for members, stage, error in _grouped(row, (DECLARED_FAILS,)):
            line = f"- `{row.loss}` × {_names(members)}: declared, but `{stage}` raised {code(error)}"
            because = explain(members[0], error)
            lines.append(line + (f"; {because}" if because else ""))
        works = [c.member for c in row.cells if c.status == UNDECLARED_WORKS]
        if works:
            lines.append(
                f"- `{row.loss}` × {_names(works)}: not declared, yet `make_value_estimator` and the forward pass ran"
            )
    if not lines:
        return "In this build, every estimator a loss declares works, and every one it does not declare raises.\n"
    return "\n".join(lines) + "\n"


def render_errors(matrix: Matrix) -> str:
    """Every error of the grid, by loss (alike errors on one line), in a collapsed block."""
    cells = []
    for row in matrix.rows:
        for members, stage, error in _grouped(row, (DECLARED_FAILS, RAISES)):
            cells.append((f"`{row.loss}`", _names(members), f"`{stage}`", code(error)))
    count = sum(len(members) for row in matrix.rows for members, _, _ in _grouped(row, (DECLARED_FAILS, RAISES)))
    rows = table(
        ("Loss", "Estimators", "Step that raised", "Error (first line; for the first estimator listed)"), cells
    )
    lines = [f'??? info "The {count} errors behind the ✗ and – cells"', ""]
    lines += [f"    {line}" for line in rows.split("\n")]
    not_built = [row for row in matrix.rows if row.not_built]
    if not_built:
        lines += ["", "Not measured (?), because the loss zoo cannot build them:", ""]
        lines += [f"- `{row.loss}`: {row.not_built}" for row in not_built]
    return "\n".join(lines) + "\n"


def render_counts(matrix: Matrix) -> str:
    counts = dict.fromkeys(MARKS, 0)
    for row in matrix.rows:
        for cell in row.cells:
            counts[cell.status] += 1
    parts = ", ".join(f"{counts[s]} {MARKS[s][0]}" for s in MARKS)
    return (
        f"{len(matrix.rows)} losses × {len(matrix.members)} estimators = "
        f"{len(matrix.rows) * len(matrix.members)} cells: {parts}.\n"
    )
