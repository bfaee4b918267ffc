"""Versions of the pinned packages: the banner on generated pages, a table, inventory.

Also whether torchrl's compiled extension loads with the installed torch
(measured: ``tools/versions/extension.py``), since torchrl's declared torch
range does not tell.
"""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

from tools.cache import cached
from tools.paths import ROOT
from tools.registry import Concern
from tools.versions import schema as _inventory_schema
from tools.versions import extension
from tools.versions.records import Versions, read_versions
from tools.versions.render import render_banner, render_extension, render_inline, render_table

# What `make capture-mismatch` recorded with another torch (committed; not re-run by builds).
MISMATCH_CAPTURE = ROOT / "data" / "captured" / "extension-mismatch.json"


def extension_status() -> dict:
    """The extension probe run in this interpreter (cached with the other records)."""
    return cached(
        "versions.extension", extension.probe, inputs=[Path(extension.__file__)], encode=dict, decode=dict
    )


def mismatch_capture() -> dict:
    return json.loads(MISMATCH_CAPTURE.read_text())


def declared_torch_requirement() -> str:
    """torchrl's own requirement on torch, from its package metadata."""
    for requirement in metadata.requires("torchrl") or ():
        name = requirement.split(";")[0].strip()
        if name.startswith("torch") and not name.startswith(("torchvision", "torchaudio")):
            if name[len("torch") : len("torch") + 1] in {">", "<", "=", "!", "~", " ", ""}:
                return name.replace(" ", "")
    return "torch (no version bound)"


CONCERN = Concern(
    name="versions",
    sections={
        "table": lambda _arg: render_table(read_versions()),
        "extension": lambda _arg: render_extension(
            extension_status(), mismatch_capture(), declared_torch_requirement()
        ),
    },
    inventory=lambda: read_versions().to_json(),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="Installed version of each pinned package and of Python: "
    "an object of distribution name -> version string.",
)

__all__ = [
    "CONCERN",
    "Versions",
    "declared_torch_requirement",
    "extension_status",
    "mismatch_capture",
    "read_versions",
    "render_banner",
    "render_extension",
    "render_inline",
    "render_table",
]
