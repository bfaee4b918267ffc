"""``inspect_config NAME [--json] [--all]``: a torchrl Hydra config, by dataclass name or ``group/name``.

Shows its fields, its `_target_`, the class it builds and the parity audit's
differences, from the same records the site shows.
"""

from __future__ import annotations

import argparse
import json

from tools.cli import other_release
from tools.config_groups.facts import survey as config_survey
from tools.core.codec import to_json
from tools.core.errors import check_name_or_all, entry_point, unknown_name
from tools.parity.facts import rows as parity_rows
from tools.parity.views.render import inventory as parity_inventory


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="inspect_config",
        description="Show a torchrl Hydra config: its ConfigStore entries, fields, target class and parity differences.",
    )
    parser.add_argument("name", nargs="?", help="config dataclass (PPOTrainerConfig) or group/name (trainer/ppo)")
    parser.add_argument("--json", action="store_true", help="print the record as JSON")
    parser.add_argument("--all", action="store_true", help="every config (then give no NAME)")
    return parser


def _record(config, parity_row) -> dict:
    data = to_json(config)
    data["parity"] = parity_inventory([parity_row])[0] if parity_row else None
    return data


def _text(record: dict) -> str:
    lines = [
        f"{record['name']}  ({record['module']})",
        f"registered as: {', '.join(record['registered_as']) or 'not in the ConfigStore'}",
        f"_target_: {record['target'] or 'none'}",
    ]
    if record["target_kind"] == "missing":
        lines.append(f"builds: nothing, the target does not exist ({record['error']})")
    elif record["resolved"]:
        lines.append(f"builds: {record['resolved']}  ({record['resolved_how']})")
    lines.append("fields:")
    width = max((len(f["name"]) for f in record["fields"]), default=0)
    for f in record["fields"]:
        default = "required" if f["default"] == "" else f"= {f['default']}"
        lines.append(f"  {f['name']:<{width}}  {f['type']:<20} {default}")
    parity = record["parity"]
    if parity:
        lines.append(f"parity with {parity['target']}: {parity['classification']}")
        if parity["instantiation_error"]:
            lines.append(f"  instantiating it with its defaults raises {parity['instantiation_error']}")
        for d in parity["differences"]:
            lines.append(f"  [{d['classification']}] {d['kind']}: {d['field']}  ({d['reason']})")
    return "\n".join(lines)


def main_args(argv: list[str] | None) -> int:
    args = _parser().parse_args(argv)
    check_name_or_all(
        args.name, args.all, "config NAME (a dataclass such as PPOTrainerConfig, or group/name such as trainer/ppo)"
    )
    if other_release.other_release():  # another torchrl than the pinned one: introspection alone
        return other_release.inspect_config(args.name, args.all, args.json)

    survey = config_survey()
    rows = {row.config: row for row in parity_rows()}
    if args.all:
        if args.json:
            print(json.dumps([_record(c, rows.get(c.name)) for c in survey.classes], indent=2))
        else:
            for c in survey.classes:
                where = ", ".join(c.registered_as) or "-"
                print(f"{c.name:<40} {where:<36} {c.resolved or c.error or '-'}")
        return 0
    try:
        config = survey.by_key(args.name)
    except KeyError:
        known = [c.name for c in survey.classes] + [key for c in survey.classes for key in c.registered_as]
        raise unknown_name("config", args.name, known) from None
    record = _record(config, rows.get(config.name))
    print(json.dumps(record, indent=2) if args.json else _text(record))
    return 0


def main() -> None:
    entry_point(main_args)


if __name__ == "__main__":
    main()
