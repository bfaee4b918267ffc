"""Target-update records -> Markdown.  Pure functions."""

from __future__ import annotations

from tools.core import urls
from tools.core.markdown import code, table
from tools.targets.facts.curated import Cadences
from tools.targets.facts.records import HardCount, TargetsReference, Updater


def render_no_updater_warning(reference: TargetsReference) -> str:
    """The warning a loss with target parameters raises at forward time while no updater was built (measured)."""
    w = reference.no_updater_warning
    if w is None:
        return "Not measured.\n"
    rows = [("nothing: no updater built on the loss", str(w.per_forward))]
    arguments = {"SoftUpdate": "tau=...", "HardUpdate": "value_network_update_interval=..."}
    rows += [
        (code(f"{name}(loss, {arguments.get(name, '...')})") + " built, never stepped", str(n))
        for name, n in w.per_forward_after.items()
    ]
    silenced = (
        f" Setting {code(w.silenced_by.split(' ', 1)[0])} in the environment before torchrl is imported silences it "
        "(measured by clearing the flag torchrl reads it into)."
        if w.silenced_by
        else ""
    )
    return (
        f"A loss that keeps target parameters warns at every forward call while no target updater has been built on "
        f"it. Captured from the loss zoo's `{w.loss}` when this site was built:\n\n"
        f"```text\n{w.text}\n```\n\n"
        + table(("Built before the forward call", "Warnings with this text in one forward call (measured)"), rows)
        + "\n\nBuilding an updater is what silences it, not stepping it: a loss whose updater is built but never "
        "stepped warns nothing and trains against frozen targets." + silenced + "\n"
    )


def render_parameters(updater: Updater) -> str:
    rows = [
        (code(p.name), "*required*" if p.required else code(p.default), code(p.annotation) if p.annotation else "")
        for p in updater.parameters
    ]
    return table(("Parameter", "Default", "Type"), rows) + "\n"


def _yes_no(value: bool | None) -> str:
    return "—" if value is None else ("yes" if value else "**no**")


def render_losses_with_targets(reference: TargetsReference) -> str:
    rows = []
    for row in reference.losses:
        if not row.target_groups:
            continue
        groups = "<br>".join(code(g) for g in row.target_groups)
        flags = ", ".join(code(f"{k}={v}") for k, v in row.delay_flags.items()) or "none"
        if row.optimizer_step is not None and not row.optimizer_step.ok:
            untouched = f"the optimizer step raised {code(row.optimizer_step.error)}"
        elif row.sources_moved_by_optimizer is False:
            untouched = "not measured: the optimizer step left the online parameters unchanged"
        else:
            untouched = _yes_no(None if row.moved_without_updater is None else not row.moved_without_updater)
        moved_by = row.moved_by_updater or {}
        stuck = [g for g, v in moved_by.items() if not v]
        if not moved_by:
            moved = "—"
        elif stuck:
            moved = "**no**: " + ", ".join(code(g) for g in stuck) + " did not move"
        else:
            moved = "yes" if len(moved_by) == 1 else f"yes, all {len(moved_by)}"
        rows.append((f"`{row.loss}`", groups, flags, untouched, moved))
    header = (
        "Loss",
        "Target parameters (introspected)",
        "`delay_*` switches (defaults, introspected)",
        "Untouched by an optimizer step (measured)",
        "Moved by `updater.step()` (measured)",
    )
    return table(header, rows) + "\n"


def render_cadences(cadences: Cadences) -> str:
    rows = []
    for loss, entries in cadences.losses.items():
        if not entries:
            rows.append((f"`{loss}`", "—", "no script in `sota-implementations/` builds this loss", "", ""))
            continue
        for entry in entries:
            if entry.updater is None:
                updater = "none"
            else:
                arguments = ", ".join(f"{k}={v!r}" for k, v in entry.arguments.items())
                updater = code(f"{entry.updater}({arguments})")
            url = f"https://github.com/{cadences.repository}/blob/{cadences.commit}/{entry.script}"
            name = entry.script.removeprefix("sota-implementations/")
            config = f" ({entry.config})" if entry.config else ""
            rows.append(
                (
                    f"`{loss}`",
                    updater,
                    entry.cadence + (f" ({entry.note})" if entry.note else ""),
                    f"[{name}]({url}){config}",
                    f"[`{entry.directory}`]({urls.link(urls.TARGET_UPDATES, urls.SOTA, entry.anchor)})",
                )
            )
    header = ("Loss", "Updater in the script", "When the script calls `step()`", "Script", "SOTA map")
    return table(header, rows) + "\n"


def render_losses_without_targets(reference: TargetsReference) -> str:
    """Losses with no target parameters as built by the zoo, and the measured refusal of an updater."""
    lines = []
    errors = {row.soft_update.error for row in reference.losses if row.soft_update and not row.soft_update.ok}
    plain = [row for row in reference.losses if not row.target_groups and not row.not_built]
    for row in plain:
        flags = ", ".join(code(f"{k}={v}") for k, v in row.delay_flags.items())
        lines.append(f"- `{row.loss}`" + (f" (switches: {flags})" if flags else ""))
    out = "\n".join(lines) + "\n"
    if errors:
        out += (
            "\nOn each of them, `SoftUpdate(loss, tau=...)` raised: "
            + ", ".join(code(e) for e in sorted(errors))
            + "\n"
        )
    unbuilt = [row for row in reference.losses if row.not_built]
    if unbuilt:
        out += "\nNot measured, because the loss zoo cannot build them: "
        out += ", ".join(
            f"`{row.loss}`"
            + (
                f" (switches: {', '.join(code(f'{k}={v}') for k, v in row.delay_flags.items())})"
                if row.delay_flags
                else ""
            )
            for row in unbuilt
        )
        out += ".\n"
    return out


def render_soft(reference: TargetsReference) -> str:
    soft = reference.soft
    pairs = ", ".join(f"`tau={tau}` kept `eps={eps:g}`" for tau, eps in soft.eps_from_tau)
    lines = [
        f"Measured on `{soft.loss}` from the loss zoo:",
        "",
        f"- `eps` and `tau` are one setting seen from two ends: {pairs}.",
        f"- After one `step()` with `tau={soft.tau}`, each target moved {soft.fraction_moved:g} of the way "
        "to its online parameter.",
        f"- `SoftUpdate(loss, tau={soft.tau})` and `SoftUpdate(loss, eps={1 - soft.tau:g})` moved the targets "
        + ("to the same values." if soft.same_as_eps else "**to different values**."),
        f"- Passing both raises {code(soft.both_given.error)}" if not soft.both_given.ok else "- Passing both works.",
        f"- Passing neither raises {code(soft.neither_given.error)}"
        if not soft.neither_given.ok
        else "- Passing neither works.",
    ]
    if soft.low_eps_warning:
        lines.append(f"- An `eps` below 0.5 warns: {code(soft.low_eps_warning)}")
    return "\n".join(lines) + "\n"


def _rule(counts: list[HardCount]) -> str:
    if counts and all(c.first_copy_call == c.interval + 1 and c.period == c.interval + 1 for c in counts):
        return (
            "In every case the first copy happened on call number `value_network_update_interval + 1`, "
            "and then every `value_network_update_interval + 1` calls."
        )
    if counts and all(c.first_copy_call == c.interval and c.period == c.interval for c in counts):
        return "In every case the copy happened every `value_network_update_interval` calls."
    return "The calls that copy follow no single rule across the intervals tried: read the table."


def render_hard(reference: TargetsReference) -> str:
    rows = [
        f"Measured on `{reference.hard_loss}`: the online parameters were changed, then `step()` was called "
        "until the targets equalled them (a copy), then changed again to see the next copy.",
        "",
    ]
    cells = [
        (
            count.interval,
            str(count.first_copy_call) if count.first_copy_call is not None else "none",
            f"{count.period} calls" if count.period is not None else "—",
            count.calls_tried,
        )
        for count in reference.hard
    ]
    header = ("`value_network_update_interval`", "First copy on `step()` call", "Then a copy every", "Calls tried")
    rows += [table(header, cells), "", _rule(reference.hard)]
    return "\n".join(rows) + "\n"


def render_sources(cadences: Cadences) -> str:
    return (
        f"Read from the training scripts of [{cadences.repository}]"
        f"(https://github.com/{cadences.repository}/tree/{cadences.commit}/sota-implementations) "
        f"at commit `{cadences.commit[:12]}` by the [SOTA map]({urls.link(urls.TARGET_UPDATES, urls.SOTA)}) (`data/sota.json`): the updater each "
        "script builds for the loss, with the arguments whose values its code or config gives, and where its "
        "`step()` is called relative to the optimizer step. Every loss that keeps target parameters has a row.\n"
    )
