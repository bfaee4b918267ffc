"""Hook-point records -> Markdown: the loop diagram and the table of points."""

from __future__ import annotations

import html

from tools.core.markdown import table
from tools.hook_points.facts.records import HookPoint, HookPointSurvey, LoopNode

LOOP_HEADS = {
    "batch": "for each batch the collector yields",
    "epoch": "repeat <code>num_epochs</code> times",
    "optim step": "up to <code>optim_steps_per_batch</code> times",
}


def anchor(point: str) -> str:
    return f"point-{point}"


def _node_html(node: LoopNode, survey: HookPointSurvey) -> str:
    if node.loop:
        inner = "".join(_node_html(child, survey) for child in node.children)
        return f'<div class="trl-loop__block"><div class="trl-loop__head">{LOOP_HEADS[node.loop]}</div>{inner}</div>'
    if node.is_point:
        point = survey.point(node.label)
        flags = ""
        if point.register_warning:
            flags += ' <span class="trl-loop__flag" title="register_op warns: deprecated">deprecated</span>'
        if not point.called_with_stepper:
            flags += ' <span class="trl-loop__flag" title="not called when an OptimizationStepper runs the step">skipped with a stepper</span>'
        return (
            f'<div class="trl-loop__point"><a href="#{anchor(node.label)}"><code>{html.escape(node.label)}</code></a>'
            f"{flags}</div>"
        )
    return f'<div class="trl-loop__step">{html.escape(node.label)}</div>'


def render_diagram(survey: HookPointSurvey) -> str:
    """The nested loop as HTML boxes (no script, no external asset but the site's CSS)."""
    body = "".join(_node_html(node, survey) for node in survey.loop)
    caption = (
        f"Measured: the order in which <code>Trainer.train()</code> called a recording hook registered at every point "
        f"({survey.batches} batches, <code>num_epochs={survey.num_epochs}</code>, "
        f"<code>optim_steps_per_batch={survey.optim_steps_per_batch}</code>). "
        "Grey lines are steps of the loop that are not hook points."
    )
    return f'<div class="trl-loop" role="figure" aria-label="One run of Trainer.train()">{body}<p class="trl-loop__caption">{caption}</p></div>\n'


def _receives(point: HookPoint) -> str:
    return "`(" + ", ".join(point.receives) + ")`" if point.receives else "nothing"


def _returns(point: HookPoint) -> str:
    if point.return_logged is not None:
        return "a dict, logged" if point.return_logged else "a dict, not logged"
    first = f" (next received by `{point.returned_reaches[0]}`)" if point.returned_reaches else ""
    if point.none_return == "ignored":
        if point.returned_reaches:
            return f"a TensorDict replaces the input{first}; `None` keeps it"
        return "ignored: a returned TensorDict reaches no later point"
    if point.none_return:
        return f"the batch, always: the return value replaces it{first} (with `None`, {point.none_return})"
    return "ignored"


def _caveats(p) -> str:
    """What differs from the default loop at this point (measured); the usual case says nothing."""
    caveats = []
    if not p.called_with_stepper:
        caveats.append("**not called** with an `OptimizationStepper`")
    if p.ray_backend != "accepted":
        caveats.append('refused with `learner_backend="ray"`')
    if p.register_warning:
        caveats.append("`register_op` warns (deprecated)")
    return "; ".join(caveats) or "none"


def render_table(survey: HookPointSurvey) -> str:
    # Six columns, so that all of them fit a 1280 px screen beside the sidebars: the three
    # measured yes/no facts share one "Caveats" column that names only the exceptions.
    header = ("Point", "Loop level", "Calls in the probe run", "Hook receives", "Hook returns", "Caveats")
    rows = [
        (f'<span id="{anchor(p.name)}"></span>`{p.name}`', p.level, p.calls, _receives(p), _returns(p), _caveats(p))
        for p in survey.points
    ]
    note = (
        "*Caveats* (measured) lists only what differs from the usual case: a point is called when an "
        "`OptimizationStepper` drives the optimisation, `register_op` accepts it with "
        '`learner_backend="ray"`, and registering it prints no warning.'
    )
    return table(header, rows) + "\n\n" + note + "\n"


def render_warnings(survey: HookPointSurvey) -> str:
    """The exact messages torchrl gives, for the points that have one."""
    lines = []
    for p in survey.points:
        if p.register_warning:
            lines.append(f"- `register_op({p.name!r}, ...)`: {p.register_warning}")
    refused = [p for p in survey.points if p.ray_backend != "accepted"]
    if refused:
        lines.append(
            f'- With `learner_backend="ray"`, `register_op` refuses {len(refused)} points '
            f"({', '.join(f'`{p.name}`' for p in refused)}) with: {refused[0].ray_backend}"
        )
    lines.append(f"- An unknown point: `{survey.unknown_point_error}`")
    return "\n".join(lines) + "\n"


def inventory(survey: HookPointSurvey) -> list[dict]:
    return [
        {
            "name": p.name,
            "order": index,
            "level": p.level,
            "ops_attribute": p.ops_attribute,
            "receives": p.receives,
            "return_logged": p.return_logged,
            "none_return": p.none_return,
            "returned_reaches": p.returned_reaches,
            "called_with_stepper": p.called_with_stepper,
            "ray_backend": p.ray_backend == "accepted",
            "deprecated": bool(p.register_warning),
        }
        for index, p in enumerate(survey.points)
    ]
