"""Read a curated YAML data file: one loader for every concern.

PyYAML's pure-Python parser is slow on the larger data files (the fix threads, the
troubleshooting entries); its C parser (libyaml, shipped in PyYAML's wheels) reads the
same documents into the same values several times faster.  The safe loader either way:
data files hold plain values, never Python objects.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """The plain values of one YAML document."""
    return yaml.load(text, Loader=_Loader)


def read_yaml(path: Path) -> Any:
    """The plain values of a YAML file (UTF-8)."""
    return load_yaml(path.read_text(encoding="utf-8"))
