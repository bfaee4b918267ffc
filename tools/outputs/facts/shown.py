"""Which example files the pages show the output of: read from their markers."""

from __future__ import annotations

from tools.core import registry
from tools.core.markdown import markers_in
from tools.core.paths import DOCS
from tools.outputs.facts.store import GENERATED

SECTIONS = {"outputs.show", "outputs.tabs"}


def shown_sources() -> list[str]:
    """Example paths named by an ``outputs`` marker on a hand-written page, in page order.

    Read from the Markdown files, not from expanded pages, so that asking costs
    no torchrl import (``make outputs`` and the freshness test stay cheap).
    """
    found: list[str] = []
    for page in sorted(DOCS.rglob("*.md")):
        for name, arg in markers_in(page.read_text(encoding="utf-8")):
            if name in SECTIONS:
                source = arg.split()[0]
                if source not in found:
                    found.append(source)
    return found


def generated_examples() -> dict[str, str]:
    """``generated/<name>`` -> code, for every example a generated page shows with its output.

    Asks each concern's ``examples`` (the loss pages' examples need the loss records,
    so this imports torchrl; ``shown_sources`` does not).
    """
    found: dict[str, str] = {}
    for concern in registry.concerns():
        if concern.examples is not None:
            for name, code in concern.examples().items():
                found[GENERATED + name] = code
    return found
