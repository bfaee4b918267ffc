"""The output blocks and "Code | Output" tabs, and the ``outputs`` inventory section."""

from __future__ import annotations

from tools.core.registry import Concern
from tools.outputs.facts.shown import generated_examples
from tools.outputs.facts.store import load, stored_sources
from tools.outputs.views import schema as _inventory_schema
from tools.outputs.views.render import render_output, render_tabs


def _show(arg: str) -> str:
    return render_output(arg.strip(), load(arg.strip()))


def _example(arg: str) -> str:
    name = arg.strip()
    examples = generated_examples()
    if name not in examples:
        raise KeyError(f"no concern generates the example {name!r} (known: {len(examples)} examples)")
    return render_output(name, load(name), examples[name])


def _tabs(arg: str) -> str:
    source, _, options = arg.strip().partition(" ")
    return render_tabs(source, load(source), options.strip())


CONCERN = Concern(
    name="outputs",
    sections={"show": _show, "tabs": _tabs, "example": _example},
    page_only_sections=frozenset({"example"}),
    inventory=lambda: {
        source: {"captured_on": c.captured_on, "key": c.key, "seconds": c.seconds}
        for source in stored_sources()
        if (c := load(source)) is not None
    },
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="Example files whose output the pages show: path -> when `make outputs` captured it, "
    "its key (hash of the file and the pinned versions) and how long it ran.",
)
