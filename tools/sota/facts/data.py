"""data/sota.json: the facts ``python -m tools.wings.sota_scanner`` read from a pytorch/rl commit."""

from __future__ import annotations

import json
import re
from functools import cache

from tools.core.paths import DATA
from tools.sota.facts.records import SotaMap, decode

SOTA_DATA = DATA / "sota.json"
# Records computed from this module are keyed on these files too (tools.core.cache).
__cache_inputs__ = ("data/sota.json",)
REFRESH_COMMAND = "make sota-data"


class SotaDataError(Exception):
    """data/sota.json is missing or malformed; the message says how to regenerate it."""


@cache
def load_map() -> SotaMap:
    """The committed map (read once per process: it only changes with `make sota-data`)."""
    if not SOTA_DATA.exists():
        raise SotaDataError(f"{SOTA_DATA} is missing; run '{REFRESH_COMMAND}' with a fetched pytorch/rl mirror")
    try:
        sota = decode(json.loads(SOTA_DATA.read_text(encoding="utf-8")))
    except (ValueError, KeyError, TypeError) as exc:
        raise SotaDataError(f"{SOTA_DATA} is not a map the scanner wrote ({exc}); run '{REFRESH_COMMAND}'") from None
    if not re.fullmatch(r"[0-9a-f]{40}", sota.commit):
        raise SotaDataError(f"{SOTA_DATA} names no full commit hash ({sota.commit!r}); run '{REFRESH_COMMAND}'")
    return sota


def github_url(sota: SotaMap, path: str, line: int = 0, *, tree: bool = False) -> str:
    """A link to ``sota-implementations/<path>`` at the recorded commit."""
    kind = "tree" if tree else "blob"
    anchor = f"#L{line}" if line else ""
    return f"https://github.com/{sota.repository}/{kind}/{sota.commit}/{path}{anchor}"
