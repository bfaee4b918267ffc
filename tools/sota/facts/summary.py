"""What one SOTA directory wires, summed up from its records: the views the page, the inventory,
the target-updates page and the cross-links share (computed here once, rendered elsewhere)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tools.core.signatures import show_value
from tools.sota.facts import classify
from tools.sota.facts.check import SotaCheck
from tools.sota.facts.records import KINDS, Construction, Directory, Script, SotaMap, UpdaterStep

TRAINER_SUFFIX = "_trainer"
NO_LOSS_FAMILY = "No torchrl loss"
MULTI_AGENT_FAMILY = "Multi-agent"
LONG_RUN_FRAMES = 1_000_000


def anchor(directory: str) -> str:
    """The stable anchor of a directory's section on docs/sota/index.md."""
    return f"dir-{directory}"


def family_anchor(family: str) -> str:
    return "family-" + "".join(c if c.isalnum() else "-" for c in family.lower()).strip("-").replace("--", "-")


def built(script: Script, kind: str, *, default_only: bool = True) -> list[Construction]:
    return [c for c in script.constructions if c.kind == kind and (c.by_default is not False or not default_only)]


def names(constructions: list[Construction]) -> list[str]:
    return list(dict.fromkeys(c.name for c in constructions))


def arguments_text(c: Construction) -> str:
    """``eps=0.995`` for the arguments whose value the code tells."""
    return ", ".join(
        f"{a.name}={show_value(a.value)}"
        for a in c.arguments
        if a.source in {"literal", "config", "computed"} and not a.name.startswith(("#", "*"))
    )


def cadence_text(step: UpdaterStep) -> str:
    if step.placement == "trainer-hook":
        return f"as a `{step.hook}` Trainer hook (after each optimizer step)"
    where = {
        "after-optimizer-step": "after the optimizer step",
        "before-optimizer-step": "before the optimizer step",
        "no-optimizer-step-nearby": "in a function with no optimizer step",
    }[step.placement]
    if not step.conditional:
        return "after every optimizer step" if step.placement == "after-optimizer-step" else where
    condition = " and ".join(f"`{n}`" for n in step.condition_names) or "a condition"
    depends = ", ".join(f"`{k}` = {show_value(v)}" for k, v in step.condition_config.items())
    return f"{where}, only when {condition}" + (f" (set from {depends})" if depends else "")


def _handed_over(script: Script) -> list[str]:
    """Updaters the script never steps itself but passes to a trainer it builds (which steps them)."""
    stepped = {step.updater for step in script.updater_steps}
    out = []
    for trainer in built(script, "trainer"):
        for a in trainer.arguments:
            for updater in str(a.value).split(" or ") if a.source == "built" else []:
                if updater not in stepped and any(c.name == updater for c in built(script, "target_updater")):
                    out.append(f"{updater}: passed to `{trainer.name}({a.name}=...)`, which steps it")
    return out


@dataclass(frozen=True)
class ScriptSummary:
    directory: str
    script: Script
    losses: list[str]
    estimators: list[str]  # "GAE", "TD0 (make_value_estimator)", "TD0 (the loss's default)"
    updaters: list[str]  # "SoftUpdate(eps=0.995)"
    cadences: list[str]
    extras: list[str]
    cautions: list[str]


@dataclass(frozen=True)
class DirectorySummary:
    directory: Directory
    family: str
    scripts: list[ScriptSummary]
    trainer_variant: str  # the sibling `<name>_trainer` directory, "" when none
    losses: list[str]
    extras: list[str]
    cautions: list[str]
    kinds: dict[str, list[str]] = field(default_factory=dict)  # kind -> class names, scripts and trainer configs


def _estimators(script: Script, check: SotaCheck) -> list[str]:
    out = [c.name for c in built(script, "value_estimator")]
    for c in built(script, "make_value_estimator"):
        member = next((str(a.value).rsplit(".", 1)[-1] for a in c.arguments if a.name == "value_type" and a.value), "")
        if member:
            out.append(f"{member} (make_value_estimator)")
        else:
            defaults = {check.default_estimators.get(loss, "") for loss in c.on.split(" or ")} - {""}
            out.append(f"{defaults.pop()} (the loss's default)" if len(defaults) == 1 else "the loss's default")
    return list(dict.fromkeys(out))


def _extras(script: Script, requirements: list[str]) -> list[str]:
    found = []
    for c in script.constructions:
        if c.name in classify.ENV_EXTRAS and c.by_default is not False:  # an alternative backend is not needed
            found.append(classify.ENV_EXTRAS[c.name])
    for package in [*script.third_party, *requirements]:
        if package in classify.PACKAGE_EXTRAS:
            found.append(classify.PACKAGE_EXTRAS[package])
    for value in script.env_names.values():
        extra = classify.extras_of_env_name(value) if isinstance(value, str) else None
        if extra:
            found.append(extra)
    return sorted(set(found) - {"wandb"})


def _cautions(script: Script, launchers) -> list[str]:
    out = []
    gpus = [launcher.gpus for launcher in launchers if launcher.gpus and script.file in launcher.scripts]
    if gpus:
        out.append(f"its launcher asks for {max(gpus)} GPU" + ("s" if max(gpus) > 1 else ""))
    cuda = sorted({str(v) for v in script.devices.values() if isinstance(v, str) and v.startswith("cuda")})
    if cuda:
        out.append("config device " + ", ".join(f"`{d}`" for d in cuda))
    elif "cuda.is_available" in script.cuda_calls or "get_available_device" in script.cuda_calls:
        out.append("uses CUDA when available")
    if "cuda.device_count" in script.cuda_calls:
        out.append("counts GPUs")
    frames = [h.value for h in script.hyperparameters if h.key.endswith("total_frames") and isinstance(h.value, int)]
    if frames and max(frames) >= LONG_RUN_FRAMES:
        out.append(f"{max(frames):,} frames")
    return out


def summarize(
    sota: SotaMap, check: SotaCheck, families: dict[str, str], multi_agent: set[str]
) -> list[DirectorySummary]:
    """Every directory, with the family it is listed under (``families``: loss -> curated family)."""
    use = Counter()
    per_directory: dict[str, list[str]] = {}
    configs = {}
    for t in check.trainer_configs:
        configs.setdefault(t.directory, []).append(t)
    for d in sota.directories:
        losses = [n for s in d.scripts for n in names(built(s, "loss"))]
        losses += [n for t in configs.get(d.name, []) for n in t.kinds.get("loss", [])]
        per_directory[d.name] = list(dict.fromkeys(losses))
        use.update(set(losses))
    names_by_dir = {d.name for d in sota.directories}

    def family_of(name: str) -> str:
        losses = per_directory[name]
        if not losses:
            return NO_LOSS_FAMILY
        if any(loss in multi_agent for loss in losses):
            return MULTI_AGENT_FAMILY
        rarest = min(losses, key=lambda loss: (use[loss], losses.index(loss)))
        return families.get(rarest) or families.get(rarest.removesuffix("_deprecated"), rarest)

    out = []
    for d in sota.directories:
        base = d.name.removesuffix(TRAINER_SUFFIX)
        family = family_of(base if d.name.endswith(TRAINER_SUFFIX) and base in names_by_dir else d.name)
        scripts = []
        for s in d.scripts:
            updaters = [f"{c.name}({arguments_text(c)})" for c in built(s, "target_updater")]
            scripts.append(
                ScriptSummary(
                    d.name,
                    s,
                    names(built(s, "loss")),
                    _estimators(s, check),
                    list(dict.fromkeys(updaters)),
                    list(
                        dict.fromkeys(
                            [f"{step.updater}: {cadence_text(step)}" for step in s.updater_steps] + _handed_over(s)
                        )
                    ),
                    _extras(s, d.requirements),
                    _cautions(s, d.launchers),
                )
            )
        kinds: dict[str, list[str]] = {}
        for s in d.scripts:
            for c in s.constructions:
                if c.kind in KINDS and c.by_default is not False:
                    kinds.setdefault(c.kind, [])
                    if c.name not in kinds[c.kind]:
                        kinds[c.kind].append(c.name)
        for t in configs.get(d.name, []):
            for kind, found in t.kinds.items():
                kinds.setdefault(kind, [])
                kinds[kind] += [n for n in found if n not in kinds[kind]]
        variant = f"{d.name}{TRAINER_SUFFIX}" if f"{d.name}{TRAINER_SUFFIX}" in names_by_dir else ""
        out.append(
            DirectorySummary(
                d,
                family,
                scripts,
                variant,
                per_directory[d.name],
                sorted({e for s in scripts for e in s.extras}),
                list(dict.fromkeys(c for s in scripts for c in s.cautions)),
                kinds,
            )
        )
    return out


def family_order(summaries: list[DirectorySummary]) -> list[str]:
    """Families alphabetically, the loss-less one last."""
    found = sorted({s.family for s in summaries} - {NO_LOSS_FAMILY}, key=str.lower)
    return found + ([NO_LOSS_FAMILY] if any(s.family == NO_LOSS_FAMILY for s in summaries) else [])
