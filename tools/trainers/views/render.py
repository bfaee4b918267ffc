"""Trainer records -> Markdown: the index table, one page per trainer, the checkpoint facts."""

from __future__ import annotations

from tools.config_groups.facts.records import ConfigSurvey
from tools.contracts.facts.contradictions import trainer_record_contradictions
from tools.core import markdown as cell
from tools.core import registry, urls
from tools.core.markdown import table
from tools.core.signatures import Parameter
from tools.hook_points.facts.records import HookPointSurvey
from tools.trainers.facts.checkpoints import CheckpointFacts
from tools.trainers.facts.records import TrainerRecord

# Every trainers page (the index, one page per trainer, the loop, checkpoints, hooks) sits in trainers/.
HERE = urls.TRAINERS


def _to(page: str, anchor: str = "") -> str:
    return urls.link(HERE, page, anchor)


# What each public method is for, in this site's words. The build checks that
# every method named here exists on Trainer (tests/tools/trainers/).
METHOD_PURPOSE = {
    "train": f"Runs the loop of [hook points]({_to(urls.HOOK_POINTS)}) until `total_frames` frames are collected or `request_stop()` is called, saving at the end.",
    "register_op": f"Attaches a callable at a [hook point]({_to(urls.HOOK_POINTS, 'the-hook-points')}) (`dest`); extra keyword arguments are passed to it on every call.",
    "register_hook": "Another name for `register_op`.",
    "register_module": "Names an object so that checkpoints save and restore it (it needs `state_dict`/`load_state_dict`).",
    "save_trainer": "Saves when more than `save_trainer_interval` frames were collected since the last save, or always with `force_save=True`; nothing happens without `save_trainer_file` (or a `checkpoint_rotation`).",
    "load_from_file": f"Restores a checkpoint written by `save_trainer` into this trainer; see [Checkpoints]({_to(urls.CHECKPOINTS)}).",
    "request_stop": "Makes `train()` stop after the current batch; `train()` then saves and returns.",
    "compute_loss": 'Calls the loss module on a sub-batch, or one of its methods (`method="value_loss"`); optimization steppers use it.',
    "state_dict": "The legacy checkpoint payload: loss module, collector, optimizer, registered modules and the frame/step counters.",
    "load_state_dict": "Loads a payload made by `state_dict`.",
    "set_seed": "Seeds the collector, torch and numpy from the trainer's `seed`.",
    "shutdown": "Shuts the collector down.",
    "optim_steps": "One optimization phase on a collected batch; `train()` calls it, and the epoch and step hook points run inside it.",
}


def config_links(name: str, configs: ConfigSurvey) -> str:
    found = configs.for_class(name)
    links = [
        f"[`{c.name}`]({_to(urls.CONFIG_GROUPS, f'cfg-{c.name}')})"
        + (f" (`{', '.join(c.registered_as)}`)" if c.registered_as else "")
        for c in found
    ]
    return ", ".join(links) or "none"


def _links_to(here: str, links: list[tuple[str, str]]) -> str:
    """Inline Markdown links from the page ``here`` ("none" when there is none)."""
    return ", ".join(f"[{title}]({urls.link(here, page)})" for title, page in links) or "none"


def loss_link(name: str) -> str:
    """A loss class name linked to its page (trainer pages and the loss pages are siblings' children)."""
    return f"[`{name}`]({urls.link(urls.trainer('X'), urls.loss(name))})"


def render_table(records: list[TrainerRecord], configs: ConfigSurvey, points: HookPointSurvey) -> str:
    order = [p.name for p in points.points]
    rows = []
    for r in records:
        used = sorted({op.point for op in r.default_ops}, key=order.index)
        rows.append(
            (
                f"[`{r.name}`]({_to(urls.trainer(r.name))}){registry.badges(f'trainers {r.name}', urls.TRAINERS)}",
                ", ".join(f"`{b}`" for b in r.bases[:1]) or "—",
                loss_link(r.loss),
                config_links(r.name, configs),
                ", ".join(f"`{p}`" for p in used),
            )
        )
    header = ("Trainer", "Subclass of", "Loss (curated)", "Hydra config", "Hook points it fills when built")
    return table(header, rows) + "\n"


def _parameter_notes(r: TrainerRecord, p: Parameter) -> str:
    notes = []
    for e in r.effective_defaults:
        if e.name == p.name:
            notes.append(f"measured: the built trainer holds `{e.effective}`")
    for o in r.omissions:
        if o.name == p.name and o.outcome != "accepted":
            notes.append(f"declared optional, but building without it raises {cell.code(o.outcome)}")
    if p.name in r.reference_only:
        notes.append(f"reference-only on a CPU machine: {cell.text(r.reference_only[p.name])}")
    if p.name == "learner_backend" and r.ray_backend:
        notes.append(f'`"ray"` with the tiny parts raised {cell.code(r.ray_backend)}')
    return "; ".join(notes)


def render_parameters(r: TrainerRecord) -> str:
    kinds = {p.kind for p in r.parameters}
    intro = f"Introspected from `{r.name}.__init__`" + (
        " (every parameter is keyword-only)." if kinds == {"keyword-only"} else "."
    )
    flags: dict[str, list[str]] = {}
    for c in trainer_record_contradictions(r):
        flags.setdefault(c.subject, []).append(cell.text(c.sentence()))
    rows = []
    for p in r.parameters:
        default = "**required**" if p.required else cell.code(p.default)
        text, source = r.descriptions.get(p.name, ["", ""])
        described = f"{text} *({source})*" if text else ""
        notes = "; ".join(
            [*flags.get(p.name, []), _parameter_notes(r, p)] if _parameter_notes(r, p) else flags.get(p.name, [])
        )
        badge = registry.badges(f"trainers {r.name} parameters.{p.name}", urls.trainer(r.name))
        # Most parameters have no note: a column of its own was mostly empty and pushed the table past the
        # page's width, so a note follows the description in its cell.
        noted = "<br>".join(part for part in (described, f"**Notes:** {notes}" if notes else "") if part)
        rows.append((f"`{p.name}`{badge}", default, cell.code(p.annotation), noted))
    return intro + "\n\n" + table(("Parameter", "Default", "Annotation", "Description and notes"), rows) + "\n"


def render_default_hooks(r: TrainerRecord, points: HookPointSurvey) -> str:
    given = ", ".join(f"`{name}={cls}`" for name, cls in r.built_with.items())
    lines = [
        f"Measured: `{r.name}` built with {given} (the parts in `tools/torchrl/trainer_zoo/`), then its hook lists read. "
        "Points are listed in the order `train()` calls them.",
        "",
    ]
    if r.stand_in:
        lines += [f'!!! note "A stand-in part"\n    {r.stand_in}.', ""]
    if not r.default_ops:
        lines.append("It registers nothing at any hook point.")
    else:
        rows = [
            (f"[`{point.name}`]({_to(urls.HOOK_POINTS, f'point-{point.name}')})", f"`{op.label}`", cell.code(op.detail))
            for point in points.points
            for op in r.ops_at(point.name)
        ]
        lines.append(table(("Point", "Registered callable", "Detail"), rows))
    if r.modules:
        named = ", ".join(f"`{name}` ({cls})" for name, cls in r.modules.items())
        lines += ["", f"Registered modules (saved with the trainer): {named}."]
    return "\n".join(lines) + "\n"


def render_methods(r: TrainerRecord) -> str:
    rows = [(cell.code(m.call), f"`{m.defined_in}`", METHOD_PURPOSE.get(m.name, "")) for m in r.methods]
    return table(("Method", "Defined in", "What it does"), rows) + "\n"


def render_page(r: TrainerRecord, configs: ConfigSurvey, points: HookPointSurvey) -> str:
    also = f" (also: {', '.join(loss_link(x) for x in r.other_losses)})" if r.other_losses else ""
    note = f" {r.loss_note[0].upper()}{r.loss_note[1:]}." if r.loss_note else ""
    parity = "".join(
        f" Differences between the two: [parity audit]({urls.link(urls.trainer(r.name), urls.parity_group(c.group), f'parity-{c.name}')})."
        for c in configs.for_class(r.name)
    )
    parts = [
        f"`{r.module}.{r.name}`" + (f", a subclass of {', '.join(f'`{b}`' for b in r.bases)}." if r.bases else "."),
        "",
        f"- **Loss it is built around** (curated in `data/trainers.yaml`): {loss_link(r.loss)}{also}.{note}",
        f"- **Hydra counterpart**: {config_links(r.name, configs)}.{parity}",
        f"- **pytorch/rl scripts built on it** (SOTA map): {_links_to(urls.trainer(r.name), registry.links('trainer', r.name))}.",
        "- **Checkpoint components** a `torchrl.checkpoint.Checkpoint` registers for it (measured): "
        + ", ".join(f"`{c}`" for c in r.checkpoint_components)
        + f". See [Checkpoints]({_to(urls.CHECKPOINTS)}).",
        "",
        "## Parameters",
        "",
        render_parameters(r),
        "## Hooks it registers by default",
        "",
        render_default_hooks(r, points),
        "## Methods",
        "",
        render_methods(r),
        "## What building it printed",
        "",
        "Measured while building it on the tiny parts:",
        "",
        "```text",
        *(r.construction_warnings or ["(nothing)"]),
        "```",
    ]
    return "\n".join(parts) + "\n"


def render_reference_only(records: list[TrainerRecord]) -> str:
    reasons: dict[str, str] = {}
    holders: dict[str, list[str]] = {}
    for r in records:
        for name, reason in r.reference_only.items():
            reasons[name] = reason
            holders.setdefault(name, []).append(r.name)
    rows = [
        (f"`{name}`", ", ".join(f"[`{t}`]({_to(urls.trainer(t))})" for t in holders[name]), cell.text(reasons[name]))
        for name in sorted(reasons)
    ]
    ray = sorted({r.ray_backend for r in records if r.ray_backend})
    text = table(("Parameter", "Trainers that take it", "Why it is reference-only here"), rows) + "\n"
    if ray:
        text += (
            '\nMeasured: building a trainer on the tiny parts with `learner_backend="ray"` raised:\n\n```text\n'
            + "\n".join(ray)
            + "\n```\n"
        )
    return text


def render_stepper_conflicts(records: list[TrainerRecord], points: HookPointSurvey) -> str:
    """Trainers that use an optimization stepper yet register callables at points a stepper skips."""
    skipped = {p.name for p in points.points if not p.called_with_stepper}
    lines = []
    for r in records:
        if "optimization_stepper" not in r.modules:
            continue
        dead = [op for op in r.default_ops if op.point in skipped]
        for op in dead:
            lines.append(
                f"- [`{r.name}`]({_to(urls.trainer(r.name))}) builds its own `{r.modules['optimization_stepper']}` and registers "
                f"`{op.label}` at `{op.point}`, which a stepper skips: it never runs."
            )
    return ("\n".join(lines) if lines else "No trainer registers callables at points its own stepper skips.") + "\n"


def _yes(value: bool) -> str:
    return "yes" if value else "**no**"


def render_checkpoints(facts: CheckpointFacts) -> str:
    lines = [
        f"Measured on a tiny `{facts.trainer}`: `train()` with `save_trainer_file` set (it saves when it ends), then "
        "`load_from_file` on a freshly built trainer. `CKPT_BACKEND` choices (read from torchrl): "
        + ", ".join(f"`{b}`" for b in facts.backends)
        + f"; with the variable unset it is `{facts.default_backend}`.",
        "",
        table(
            ("Checkpoint path", "Fresh trainer", "Saved", "Weights restored", "Counters restored"),
            [
                (
                    f"`{run.how}`",
                    run.fresh or "built as is",
                    _yes(run.saved),
                    _yes(run.weights_restored),
                    _yes(run.counters_restored),
                )
                for run in facts.runs
            ],
        ),
    ]
    lines += ["", "What each run wrote, called and raised:", ""]
    for run in facts.runs:
        parts = []
        if run.written:
            parts.append("wrote " + ", ".join(f"`{w}`" for w in run.written))
        if run.load_calls:
            parts.append("loading called " + ", ".join(cell.code(c) for c in run.load_calls))
        if run.error:
            parts.append("raised " + cell.code(" ".join(line.strip() for line in run.error.splitlines())))
        given = f"load_from_file(path, {run.load_kwargs})" if run.load_kwargs else "load_from_file(path)"
        lines.append(f"- `{run.how}`, fresh trainer {run.fresh or 'built as is'}, `{given}`: " + "; ".join(parts) + ".")
    messages = sorted({m for run in facts.runs for m in run.save_messages if "Warning" in m})
    if messages:
        lines += ["", "Warnings the saves emitted:", "", "```text", *messages, "```"]
    lines += ["", *_checkpoint_findings(facts)]
    if facts.stop:
        s = facts.stop
        lines += [
            "",
            f"`request_stop()` from a `post_steps` hook after the first batch: `train()` collected {s.batches_collected} "
            f"of {s.total_batches} batches and {'saved' if s.saved else 'did **not** save'} the checkpoint before returning (measured).",
        ]
    return "\n".join(lines) + "\n"


def _checkpoint_findings(facts: CheckpointFacts) -> list[str]:
    """The conclusions the table supports, written from the measured runs."""
    out = ["Measured findings:", ""]
    for run in facts.runs:
        if run.fresh or not run.load_calls:
            continue
        out.append(
            f"- `{run.how}`: `load_from_file` made the call{'s' if len(run.load_calls) > 1 else ''} "
            + ", ".join(f"`{c}`" for c in run.load_calls)
            + "."
        )
    plain = {r.how: r for r in facts.runs if not r.fresh}
    prepared = {r.how: r for r in facts.runs if r.fresh}
    fixed = [
        how for how, r in plain.items() if r.saved and r.error and how in prepared and prepared[how].weights_restored
    ]
    if fixed:
        first = plain[fixed[0]].error.splitlines()
        out.append(
            f"- Loading into a trainer built but never run failed for {', '.join(f'`{h}`' for h in fixed)} "
            f"({cell.code(' '.join(x.strip() for x in first))}) and succeeded once the fresh trainer's loss had "
            f"built its value estimator ({prepared[fixed[0]].fresh})."
        )
    failed_saves = [r for r in facts.runs if not r.saved]
    for r in failed_saves:
        out.append(f"- `{r.how}` could not save: {cell.code(r.error)}")
    return out


def _run(facts: CheckpointFacts, how: str, prepared: bool):
    return next((r for r in facts.runs if r.how == how and bool(r.fresh) == prepared and r.load_calls), None)


def _calls(facts: CheckpointFacts, how: str, prepared: bool, prefix: str) -> list[str] | None:
    """The recorded calls starting with ``prefix`` in that run, or None when the run made no calls."""
    run = _run(facts, how, prepared)
    return None if run is None else [c for c in run.load_calls if c.startswith(prefix)]


def _shown(calls: list[str] | None) -> str:
    return ", ".join(cell.code(c) for c in calls) if calls else "no such call"


TORCH, MEMMAP, UNIFIED = "CKPT_BACKEND=torch", "CKPT_BACKEND=memmap", "checkpoint=Checkpoint()"

# The notes of the TD3Trainer reference page (see the seeds), in this site's
# words: (claim, the calls that show it, test on those calls). A claim whose
# run made no calls is reported as not measured rather than guessed.
REFERENCE_CLAIMS = [
    (
        "`CKPT_BACKEND=torch` checkpoints load with `weights_only=True` by default",
        lambda f: _calls(f, TORCH, False, "torch.load"),
        lambda calls: any("weights_only=True" in c for c in calls),
    ),
    (
        "they load with `mmap=True` by default (except on Windows)",
        lambda f: _calls(f, TORCH, False, "torch.load"),
        lambda calls: any("mmap=True" in c for c in calls),
    ),
    (
        "keyword arguments of `load_from_file` reach `torch.load` (here `mmap=False`)",
        lambda f: _calls(f, TORCH, True, "torch.load"),
        lambda calls: any("mmap=False" in c for c in calls),
    ),
    (
        "they are ignored with `CKPT_BACKEND=memmap` (here `mmap=False`)",
        lambda f: _calls(f, MEMMAP, True, ""),
        lambda calls: bool(calls) and not any("mmap=False" in c for c in calls),
    ),
    (
        "unified checkpoints do not call the pickle loader (`torch.load`)",
        lambda f: _calls(f, UNIFIED, True, ""),
        lambda calls: bool(calls) and not any(c.startswith("torch.load") for c in calls),
    ),
    (
        "unified checkpoint tensors are mapped to the CPU by default",
        lambda f: _calls(f, UNIFIED, False, "Checkpoint.load"),
        lambda calls: any("map_location='cpu'" in c for c in calls),
    ),
    (
        "after restoring the policy the trainer synchronizes the collector once",
        lambda f: _calls(f, UNIFIED, True, "collector.update_policy_weights_"),
        lambda calls: len(calls) == 1 and " x" not in calls[0],
    ),
]


def render_reference_claims(facts: CheckpointFacts) -> str:
    backends = ", ".join(f"`{b}`" for b in facts.backends)
    listed = set(facts.backends) == {"torch", "torchsnapshot", "memmap"}
    rows = [
        (
            "`CKPT_BACKEND` is one of `torch`, `torchsnapshot`, `memmap`",
            f"choices read from torchrl: {backends}",
            "holds" if listed else "**does not hold**",
        )
    ]
    for claim, evidence, holds in REFERENCE_CLAIMS:
        calls = evidence(facts)
        verdict = "not measured" if calls is None else ("holds" if holds(calls) else "**does not hold**")
        rows.append((claim, _shown(calls), verdict))
    return table(("The reference says", "Calls recorded while loading", "Verdict"), rows) + "\n"


def inventory(records: list[TrainerRecord], configs: ConfigSurvey) -> list[dict]:
    return [
        {
            "name": r.name,
            "module": r.module,
            "bases": r.bases,
            "loss": r.loss,
            "other_losses": r.other_losses,
            "configs": [c.name for c in configs.for_class(r.name)],
            "parameters": [
                {"name": p.name, "required": p.required, "default": p.default, "annotation": p.annotation}
                for p in r.parameters
            ],
            "effective_defaults": {e.name: e.effective for e in r.effective_defaults},
            "default_hooks": [{"point": op.point, "callable": op.label, "detail": op.detail} for op in r.default_ops],
            "modules": r.modules,
            "checkpoint_components": r.checkpoint_components,
            "reference_only": r.reference_only,
            "built_with": r.built_with,
        }
        for r in records
    ]
