"""Every page's expanded Markdown and the inventory, as one JSON file (a child process of a test).

    python -m tests.support.render_site OUT.json

The reproducibility test runs it under two hash seeds with the disk cache off,
so that every record is measured afresh in each, and compares the two files.
"""

from __future__ import annotations

import gc
import json
import sys
from pathlib import Path

from tests.support.docs import expanded_pages
from tools.site import markers


def main(out: str) -> int:
    # A short-lived process full of torch objects, as the build is: the cyclic collector would
    # walk them again and again for nothing (the build disables it too, tools/site/mkdocs_adapter.py).
    gc.disable()
    rendered = dict(expanded_pages())
    rendered["inventory.json"] = json.dumps(markers.inventory(), indent=2)
    rendered["inventory.schema.json"] = json.dumps(markers.inventory_schema(), indent=2)
    Path(out).write_text(json.dumps(rendered, indent=0))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
