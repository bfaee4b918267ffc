"""What example files print, captured by ``make outputs`` and shown beside their code.

Markers::

    <!-- gen:outputs.show snippets/index.py -->        the output block alone
    <!-- gen:outputs.tabs snippets/index.py hl_lines="3 4" -->   "Code | Output" tabs
    <!-- gen:outputs.example generated/losses/DQNLoss.py -->     a generated example's output
                                                                 (generated pages; CONCERN.examples)

The freshness test (``tests/tools/outputs/``) fails when a shown output is
missing or stale, naming ``make outputs``.
"""

from __future__ import annotations

from tools.outputs.render import render_output, render_tabs
from tools.outputs.store import capture, key_for, load, staleness, stored_sources
from tools.registry import Concern
from tools.outputs import schema as _inventory_schema


def _show(arg: str) -> str:
    return render_output(arg.strip(), load(arg.strip()))


def _example(arg: str) -> str:
    from tools.outputs.shown import generated_examples

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

__all__ = ["CONCERN", "capture", "key_for", "load", "render_output", "render_tabs", "staleness", "stored_sources"]
