"""Skill facts -> the files of the agent skill: ``SKILL.md``, its references, and the archive.

Pages too long for an agent's budget are not copied: a reference links the page's Markdown export
(the ``.md`` file beside each page's HTML) and says what it leaves out.
"""

from __future__ import annotations

import io
import posixpath
import zipfile

from tools.core import urls
from tools.core.markdown import table
from tools.skill.facts import ACTIONABLE_IMPACTS, ConfigBuild, LossFacts, SkillFacts

# Where the skill sits in the built site, and the archive beside it.
FOLDER = urls.SKILL_FOLDER
NAME = posixpath.basename(FOLDER)
ARCHIVE = urls.SKILL_ARCHIVE

LOSSES = urls.skill_reference("loss-api-reference")
ALGORITHMS = urls.skill_reference("training-algorithms")
CONFIGS = urls.skill_reference("trainer-and-configs")
SOTA = urls.skill_reference("sota-implementation-map")
TROUBLESHOOTING = urls.skill_reference("troubleshooting")
UPGRADING = urls.skill_reference("upgrading")


def export_link(page: str) -> str:
    """A docs-relative page -> its Markdown export, relative to a file under ``references/``."""
    references = posixpath.dirname(posixpath.join(FOLDER, LOSSES))
    return posixpath.relpath(urls.markdown_export(page), references)


def _keys(loss: LossFacts) -> str:
    return ", ".join(f"{name}={default or '(run time)'}" for name, default in loss.accepted_keys.items())


def render_skill(facts: SkillFacts) -> str:
    triggers = ", ".join(sorted({"LossModule", "ValueEstimators", "SoftUpdate", "HardUpdate", "Trainer", "set_keys"}))
    losses = ", ".join(loss.name for loss in facts.losses[:12])
    steps = [
        (
            "Pick the loss for the setting and action space",
            f"{LOSSES} (Losses by family)",
            "`python scripts/inspect_loss_keys.py --list`",
        ),
        (
            "Read the keys the loss reads and the estimator it makes",
            f"{LOSSES} (Keys and estimators)",
            "`python scripts/inspect_loss_keys.py LOSS`",
        ),
        ("Choose the value estimator and target update", f"{ALGORITHMS}", "`inspect_loss_keys LOSS`"),
        (
            "Wire the data to the keys with `set_keys`",
            f"{LOSSES} (Checking a wiring)",
            "`python scripts/check_wiring.py FILE.py:FUNCTION`",
        ),
        (
            "Build with a Hydra config group, or by hand",
            f"{CONFIGS} (What each config builds)",
            "`inspect_config GROUP/NAME`",
        ),
        ("Compare with a SOTA script", f"{SOTA}", "the SOTA page's Markdown export"),
        (
            "Explain the first error before changing code",
            f"{TROUBLESHOOTING}",
            "`python scripts/explain_error.py < traceback.txt`",
        ),
        ("Check what changed between releases", f"{UPGRADING}", "the upgrade pages' Markdown exports"),
    ]
    lines = [
        "---",
        f"name: torchrl-{NAME}",
        "description: >-",
        f"  TorchRL {facts.torchrl} losses, value estimators, target updates, trainers, hooks and Hydra configs.",
        f"  Use for {triggers}, and losses such as {losses}.",
        "---",
        "",
        f"# TorchRL objectives and training (torchrl {facts.torchrl})",
        "",
        "Every fact in this skill was read from the installed torchrl when the site was built; the references",
        "say where the full pages are. The scripts run standalone: `scripts/inspect_loss_keys.py` and",
        "`scripts/check_wiring.py` need only torchrl and answer for the torchrl installed where they run;",
        f"`scripts/explain_error.py` needs only Python and matches torchrl {facts.torchrl}'s errors.",
        "`check_wiring`, `explain_error`, `inspect_loss_keys` and `inspect_config` are the site project's",
        "commands (`pip install -e .` in its repository).",
        "",
        "## Routing",
        "",
        f"- Loss keys, default estimator, loss terms: [{LOSSES}]({LOSSES})",
        f"- Estimators and target updates: [{ALGORITHMS}]({ALGORITHMS})",
        f"- Trainers, hooks, Hydra config groups: [{CONFIGS}]({CONFIGS})",
        f"- SOTA scripts: [{SOTA}]({SOTA})",
        f"- Errors and tracebacks: [{TROUBLESHOOTING}]({TROUBLESHOOTING})",
        f"- Release changes: [{UPGRADING}]({UPGRADING})",
        "",
        "## Operating sequence",
        "",
    ]
    lines += [f"{n}. {what}: {where}; {command}." for n, (what, where, command) in enumerate(steps, 1)]
    return "\n".join(lines) + "\n"


def render_losses(facts: SkillFacts) -> str:
    rows = [
        (
            f"`{loss.name}`",
            _keys(loss),
            f"`{loss.default_value_estimator}`" if loss.default_value_estimator else "none",
            ", ".join(loss.supported_value_estimators) or "-",
            ", ".join(loss.loss_outputs) if loss.loss_outputs is not None else "not built here",
        )
        for loss in facts.losses
    ]
    families = [
        (f"`{loss.name}`", loss.family, ", ".join(loss.setting), ", ".join(loss.action_space)) for loss in facts.losses
    ]
    return (
        f"# Loss API reference (torchrl {facts.torchrl})\n\n"
        "Leaves out: constructor signatures, measured argument outcomes, nested keys and examples; each loss's page "
        f"has them (for example [ClipPPOLoss]({export_link(urls.loss('ClipPPOLoss'))})); the table of all losses: "
        f"[{urls.LOSS_TABLE}]({export_link(urls.LOSS_TABLE)}).\n\n"
        "## Keys and estimators\n\n"
        "Keys are `set_keys` name=default key. The default estimator is the one `make_value_estimator()` makes "
        "when called without one.\n\n"
        + table(
            ["Loss", "Keys it reads (set_keys name=default)", "Default estimator", "Declared estimators", "Loss terms"],
            rows,
        )
        + "\n\n## Checking a wiring\n\n"
        "`python scripts/check_wiring.py FILE.py:FUNCTION` (FUNCTION returns `(loss, data)`) makes the `check_wiring` "
        "command's core checks: keys the loss and its estimator declare (`in_keys`) that the data lacks, with the "
        "`set_keys` fix; reward, done and terminated shapes; done where terminated; a time dimension; one-hot "
        "against index actions; a stored log-probability with a gradient; the forward pass. It leaves to the "
        "command the keys a loss reads from its own networks' outputs (a critic writing another value key: the "
        "script says not ready through the forward pass) and the keys whose absence changes the loss's "
        "numbers without raising, both measured on the site's loss zoo; see "
        f"[{urls.CHECK_WIRING}]({export_link(urls.CHECK_WIRING)}).\n"
        + "\n## Losses by family\n\n"
        + table(["Loss", "Family", "Setting", "Action space"], families)
        + "\n"
    )


def _builds_table(builds: list[ConfigBuild]) -> str:
    rows = [(f"`{b.group}/{b.name}`", f"`{b.config}`", f"`{b.builds}`" if b.builds else "unknown") for b in builds]
    return table(["Config group/name", "Dataclass", "Builds"], rows)


def render_configs(facts: SkillFacts) -> str:
    shown = [b for b in facts.builds if b.group != "transform"]
    return (
        f"# Trainers and configs (torchrl {facts.torchrl})\n\n"
        "Leaves out: config fields and defaults, the `transform` group, the parity audit, the trainers' "
        f"registered hooks and the hook points: see [{urls.CONFIG_GROUPS}]({export_link(urls.CONFIG_GROUPS)}), "
        f"[{urls.PARITY}]({export_link(urls.PARITY)}), [{urls.TRAINERS}]({export_link(urls.TRAINERS)}), "
        f"[{urls.HOOK_POINTS}]({export_link(urls.HOOK_POINTS)}) and [{urls.TRAINER_HOOKS}]({export_link(urls.TRAINER_HOOKS)}).\n\n"
        "## What each config builds\n\n"
        "Instantiating the config with its defaults builds the class shown (measured for loss factories).\n\n"
        + _builds_table(shown)
        + "\n"
    )


def _cell(text: str) -> str:
    """Table-cell text: one line, no pipe to split the row."""
    return " ".join(text.split()).replace("|", "\\|")


def render_sota(facts: SkillFacts) -> str:
    rows = [
        (
            f"`{d.name}`",
            d.family,
            ", ".join(d.losses) or "-",
            ", ".join(d.estimators) or "-",
            ", ".join(d.updaters) or "-",
        )
        for d in facts.sota
    ]
    return (
        "# SOTA implementation map\n\n"
        "pytorch/rl's `sota-implementations/` directories and the torchrl classes their scripts build.\n\n"
        "Leaves out: each script's hyperparameters, constructor arguments, launchers and CI smoke commands, and the "
        f"trainer configs: see [{urls.SOTA}]({export_link(urls.SOTA)}).\n\n"
        + table(["Directory", "Family", "Losses", "Value estimators", "Target updaters (arguments)"], rows)
        + "\n"
    )


def render_troubleshooting(facts: SkillFacts) -> str:
    lines = [
        f"# Troubleshooting (torchrl {facts.torchrl})",
        "",
        "Each entry: the error as a reader meets it, what it means, and its page (with the captured text, the "
        "reproduction and the fix).",
        "",
        "Leaves out: the fixes' code, the captured texts in full, the failures grouped by mechanism and the error "
        f"catalogue of every raise in the covered code: see [{urls.TROUBLESHOOTING}]({export_link(urls.TROUBLESHOOTING)}), "
        f"[{urls.TROUBLESHOOTING_MECHANISMS}]({export_link(urls.TROUBLESHOOTING_MECHANISMS)}) and "
        f"[{urls.ERROR_CATALOG}]({export_link(urls.ERROR_CATALOG)}). `python scripts/explain_error.py < traceback.txt` "
        "matches a pasted traceback against all of them, with the site's matcher and index (as the `explain_error` command).",
        "",
    ]
    pages = dict.fromkeys(entry.page.partition("#")[0] for entry in facts.errors)
    for page in pages:
        lines += ["", f"## [{page}]({export_link(page)})", ""]
        for entry in facts.errors:
            if entry.page.startswith(f"{page}#"):
                lines.append(f"- `{_cell(entry.symptom)}`: {_cell(entry.cause)} (#{entry.slug})")
    return "\n".join(lines) + "\n"


def render_upgrading(facts: SkillFacts) -> str:
    out = [
        f"# Upgrading (to torchrl {facts.torchrl})",
        "",
        f"The changes of each release step a reader must act on ({', '.join(ACTIONABLE_IMPACTS)}).",
        "",
        "Leaves out: additions, annotation-only changes, the notes and the migrations' code: see each step's page, "
        f"listed on [{urls.UPGRADING}]({export_link(urls.UPGRADING)}).",
        "",
    ]
    for step in dict.fromkeys(c.step for c in facts.changes):
        rows = [
            (f"`{_cell(c.subject)}`", c.impact, c.kind, _cell(c.old) or "-", _cell(c.new) or "-")
            for c in facts.changes
            if c.step == step
        ]
        out += [f"## {step}", "", table(["Object and field", "Impact", "Change", "Before", "After"], rows), ""]
    return "\n".join(out)


def _pointer(title: str, leaves_out: str, pages: list[str]) -> str:
    links = "\n".join(f"- [{page}]({export_link(page)})" for page in pages)
    return f"# {title}\n\nLeaves out: {leaves_out}; the pages' Markdown exports hold it:\n\n{links}\n"


def render_files(facts: SkillFacts, scripts: dict[str, str]) -> dict[str, str]:
    """Skill-relative path -> text; ``scripts`` (file name -> source) are shipped as they are."""
    estimators = sorted({e for loss in facts.losses for e in loss.supported_value_estimators})
    return {
        urls.SKILL_FILE: render_skill(facts),
        LOSSES: render_losses(facts),
        CONFIGS: render_configs(facts),
        ALGORITHMS: _pointer(
            "Estimators and target updates",
            f"the estimator classes' parameters and keys (declared by the losses: {', '.join(estimators)}), "
            "the measured loss-estimator pairs and the target updaters",
            [urls.ESTIMATOR_MATRIX, urls.ESTIMATOR_REFERENCE, urls.TARGET_UPDATES],
        ),
        SOTA: render_sota(facts),
        TROUBLESHOOTING: render_troubleshooting(facts),
        UPGRADING: render_upgrading(facts),
        **{f"scripts/{name}": source for name, source in sorted(scripts.items())},
    }


def render_summary(files: dict[str, str], tokens, read_by_agent) -> str:
    """The Tools page's table of the skill's files, with the tokens each costs (``tokens``: text -> bound);
    a data file a script loads (``read_by_agent`` false) shows its size instead, and is not in the total."""
    rows = [
        (
            f"`{path}`",
            f"{tokens(text):,}"
            if read_by_agent(path)
            else f"not read (loaded by its script; {len(text.encode()):,} bytes)",
        )
        for path, text in files.items()
    ]
    whole = sum(tokens(text) for path, text in files.items() if read_by_agent(path))
    rows.append(("the whole skill, as an agent reads it", f"{whole:,}"))
    return table(["File", "Tokens (at most)"], rows) + "\n"


def site_files(files: dict[str, str]) -> dict[str, str]:
    """Skill-relative paths -> site-relative ones."""
    return {f"{FOLDER}/{path}": text for path, text in files.items()}


def archive(files: dict[str, str]) -> bytes:
    """The skill as a zip, its folder at the top; fixed timestamps so one skill makes one archive."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zipped:
        for path, text in sorted(files.items()):
            info = zipfile.ZipInfo(f"{NAME}/{path}", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zipped.writestr(info, text.encode("utf-8"))
    return buffer.getvalue()
