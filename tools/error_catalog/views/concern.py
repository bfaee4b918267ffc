"""The error catalogue's pages, the troubleshooting page's box, the ``error_catalog`` inventory section and
the matcher's index file the box reads."""

from __future__ import annotations

import json

from tools.core.registry import Concern
from tools.error_catalog.facts import catalog, earlier_messages, match_index, names_history, triggers
from tools.error_catalog.facts.reach import COVERED_PACKAGES
from tools.error_catalog.views import earlier, names, render
from tools.error_catalog.views import schema as _inventory_schema
from tools.error_catalog.views.inventory import INDEX_FILE, inventory
from tools.fixes.facts import history

CONCERN = Concern(
    name="error_catalog",
    sections={"box": render.render_box},
    pages=lambda: {
        **render.render_pages(catalog(), triggers()),
        **earlier.render_pages(earlier_messages(), catalog().torchrl, history().newest_release),
        **names.render_pages(names_history(), catalog().torchrl, history().newest_release),
    },
    inventory=lambda: inventory(catalog(), triggers(), earlier_messages(), names_history()),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc=(
        "Every `raise` and `warnings.warn` of the covered torchrl code ("
        + ", ".join(f"`{package}`" for package in COVERED_PACKAGES)
        + ", and the functions elsewhere in torchrl their calls reach), read from the installed source: per site its "
        "`exception`, `message` template (fields in braces), `pattern` (the regular expression a normalised "
        "message matches), `function`, `line`, `guards` (the conditions that lead there), `page` and "
        "`seen_raised` (texts this build captured from it). `earlier`: the messages older releases said that the installed "
        "torchrl does not (`first`, `last`, `gone_in` release tags, `file` and `function` in the last, `page`, `now`: "
        "that code's catalogue section). `names`: the keywords, importable names, modules, methods and properties some releases "
        "have and others do not (`kind`, `owner`, `name`, `first`, `last`, `gone_in`, `lacked_by`, `installed`: the installed "
        "torchrl has it, `instead`: what replaced a removed one, `named`: the classes an attribute's message names, `messages`: the regular expressions of Python's errors for it, "
        "`page`). `matcher_index` names the file the traceback "
        "matcher ranks (the page's box and `explain_error` read the same)."
    ),
    files=lambda: {INDEX_FILE: json.dumps(match_index(), separators=(",", ":"), sort_keys=True)},
)
