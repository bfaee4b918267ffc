"""How pytorch/rl's CI runs the SOTA smoke tests: the command, the test ids, each test's own command.

Read by the scanner from pytorch/rl's CI scripts and smoke file (``data/sota.json``); nothing here is run.
"""

from __future__ import annotations

from tools.core import markdown as cell
from tools.core import urls
from tools.core.markdown import table
from tools.sota.facts.data import github_url
from tools.sota.facts.records import SotaMap
from tools.sota.facts.summary import anchor

PAGE = urls.SOTA


def test_id(sota: SotaMap, name: str) -> str:
    """The pytest node id of one smoke test (``path::test_commands[ppo_mujoco]``)."""
    runner = sota.ci_smoke_runner
    return f"{sota.ci_smoke_file}::{runner.test}[{name}]" if runner and runner.test else sota.ci_smoke_file


def render_smoke(sota: SotaMap) -> str:
    if not sota.ci_smoke_file:
        return f"The checkout at `{sota.commit[:12]}` has no CI smoke-test file.\n"
    runner = sota.ci_smoke_runner
    smoke = f"[`{sota.ci_smoke_file}`]({github_url(sota, sota.ci_smoke_file)})"
    lines = []
    if runner is None:
        lines.append(f"The smoke tests are listed in {smoke}; no CI script at this commit names the command.")
    else:
        env = " ".join(f"{k}={v}" for k, v in runner.environment.items())
        exported = (
            " after exporting "
            + ", ".join(f"`{k}={v}`" for k, v in runner.environment.items())
            + " (the smoke file reads it)"
            if runner.environment
            else ""
        )
        lines += [
            f"pytorch/rl's CI runs the smoke tests of {smoke} with this command from "
            f"[`{runner.script}`]({github_url(sota, runner.script)}) (its shell variables left out){exported}:",
            "",
            "```console",
            runner.command,
            "```",
            "",
            f"`{runner.test}` is parametrized over `{runner.parameter}`: one test per name below, each running "
            "its script once with tiny settings. One of them alone, from the root of a pytorch/rl checkout "
            "with the script's extras installed:",
            "",
            "```console",
            f'{env + " " if env else ""}python -m pytest "{test_id(sota, "NAME")}"',
            "```",
            "",
        ]
    rows = []
    for d in sota.directories:
        for name, script in d.ci_smoke.items():
            rows.append(
                (
                    f"`{name}`",
                    f"[`{d.name}`]({urls.link(PAGE, PAGE, anchor(d.name))})",
                    f"`{script}`",
                    cell.code(d.ci_smoke_commands.get(name, "")),
                )
            )
    rows.sort(key=lambda row: row[0])
    # Folded: a row of commands per test made the overview the tallest part of the map.
    lines += [f'??? note "The {len(rows)} smoke tests: NAME, directory, script and what each runs"', ""]
    lines += ["    " + line for line in table(("NAME", "Directory", "Script", "What the test runs"), rows).split("\n")]
    lines += [
        "",
        f"{len(rows)} smoke tests cover {len({r[1] for r in rows})} of the {len(sota.directories)} directories. "
        "Read from the CI scripts and the smoke file at the recorded commit by `make sota-data`; "
        "not run here.",
    ]
    return "\n".join(lines) + "\n"
