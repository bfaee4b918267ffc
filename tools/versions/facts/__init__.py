"""What is installed: the pinned packages' versions, and whether torchrl's extension loads (measured)."""

from __future__ import annotations

import json
from importlib import metadata

from tools.core.cache import RecordSet
from tools.core.paths import DATA
from tools.versions.facts import extension
from tools.versions.facts.records import Versions, read_versions

# What `make capture-mismatch` recorded with another torch (committed; not re-run by builds).
MISMATCH_CAPTURE = DATA / "captured" / "extension-mismatch.json"
# Records computed from this module are keyed on these files too (tools.core.cache).
__cache_inputs__ = ("data/captured/extension-mismatch.json",)


# Kept (`make records`), as every record set that needs torchrl imported; the installed versions are
# in its key, so another torch is probed afresh.
extension_record = RecordSet("versions.extension", extension.probe, encode=dict, decode=dict, committed=True)


def extension_status() -> dict:
    """The extension probe: whether torchrl's extension loads with the installed torch."""
    return extension_record()


def mismatch_capture() -> dict:
    return json.loads(MISMATCH_CAPTURE.read_text())


def declared_torch_requirement() -> str:
    """torchrl's own requirement on torch, from its package metadata."""
    for requirement in metadata.requires("torchrl") or ():
        name = requirement.split(";")[0].strip()
        is_torch = name.startswith("torch") and not name.startswith(("torchvision", "torchaudio"))
        if is_torch and name[len("torch") : len("torch") + 1] in {">", "<", "=", "!", "~", " ", ""}:
            return name.replace(" ", "")
    return "torch (no version bound)"


__all__ = [
    "MISMATCH_CAPTURE",
    "Versions",
    "declared_torch_requirement",
    "extension_status",
    "mismatch_capture",
    "read_versions",
]
