"""``inspect_trainer NAME [--json] [--all]``: what the site says about one torchrl trainer class.

Reads the same records the pages show (cached on disk after a build, so it
usually answers without importing torchrl).
"""

from __future__ import annotations

import argparse
import json

from tools.cli import other_release
from tools.config_groups.facts import survey as config_survey
from tools.core.errors import check_name_or_all, entry_point, unknown_name
from tools.trainers.facts import trainer_records
from tools.trainers.views.render import inventory


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="inspect_trainer",
        description="Show a torchrl trainer's parameters, the hooks it registers when built, "
        "its checkpoint components and its Hydra config.",
    )
    parser.add_argument("name", nargs="?", help="trainer class name, e.g. TD3Trainer")
    parser.add_argument("--json", action="store_true", help="print the inventory record as JSON")
    parser.add_argument("--all", action="store_true", help="every trainer (then give no NAME)")
    return parser


def _text(entry: dict) -> str:
    lines = [
        f"{entry['name']}  ({entry['module']}.{entry['name']}"
        + (f"; subclass of {entry['bases'][0]})" if entry["bases"] else ")"),
        f"loss (curated): {entry['loss']}"
        + (f"  also: {', '.join(entry['other_losses'])}" if entry["other_losses"] else ""),
        f"Hydra config: {', '.join(entry['configs']) or 'none'}",
        "parameters:",
    ]
    width = max(len(p["name"]) for p in entry["parameters"])
    for p in entry["parameters"]:
        default = "required" if p["required"] else f"= {p['default']}"
        effective = entry["effective_defaults"].get(p["name"])
        note = f"  (built: {effective})" if effective else ""
        note += "  [reference-only]" if p["name"] in entry["reference_only"] else ""
        lines.append(f"  {p['name']:<{width}}  {default}{note}")
    lines.append("hooks registered when built (measured):")
    for hook in entry["default_hooks"]:
        detail = f"  {hook['detail']}" if hook["detail"] else ""
        lines.append(f"  {hook['point']:<24} {hook['callable']}{detail}")
    lines.append("checkpoint components: " + ", ".join(entry["checkpoint_components"]))
    return "\n".join(lines)


def main_args(argv: list[str] | None) -> int:
    args = _parser().parse_args(argv)
    check_name_or_all(args.name, args.all, "trainer NAME (e.g. TD3Trainer)")
    if other_release.other_release():  # another torchrl than the pinned one: introspection alone
        return other_release.inspect_trainer(args.name, args.all, args.json)

    entries = inventory(trainer_records(), config_survey())
    by_name = {e["name"]: e for e in entries}
    if args.all:
        if args.json:
            print(json.dumps(entries, indent=2))
        else:
            for e in entries:
                print(f"{e['name']:<24} loss {e['loss']:<14} config {', '.join(e['configs']) or '-'}")
        return 0
    if args.name not in by_name:
        raise unknown_name("trainer", args.name, by_name)
    entry = by_name[args.name]
    print(json.dumps(entry, indent=2) if args.json else _text(entry))
    return 0


def main() -> None:
    entry_point(main_args)


if __name__ == "__main__":
    main()
