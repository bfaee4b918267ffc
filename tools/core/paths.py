"""Where things live in the project tree (all paths absolute)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SNIPPETS = ROOT / "snippets"
DATA = ROOT / "data"
TOOLS = ROOT / "tools"
# Measured record sets kept in the tree, keyed like the cache (``tools.core.cache``, ``make records``).
COMMITTED_RECORDS = ROOT / "outputs" / "records"
# Build-time caches: records measured on tiny networks, generated page files.
CACHE = ROOT / ".cache"
