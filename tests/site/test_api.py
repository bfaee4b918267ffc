"""The API sections: objects.inv is published and resolves, and `make serve` survives a prose edit."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from mkdocstrings import Inventory

from tools.api.facts import objects


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.ids.update(value for name, value in attrs if name == "id" and value)


def _inventory(site) -> Inventory:
    with (site / "objects.inv").open("rb") as handle:
        return Inventory.parse_sphinx(handle)


def test_objects_inv_lists_every_documented_class_and_each_entry_resolves(site):
    inventory = _inventory(site)
    missing = sorted(obj.identifier for obj in objects.documented().values() if obj.identifier not in inventory)
    assert not missing, f"documented classes without an API section on any page: {missing}"
    ids: dict[str, set[str]] = {}
    broken = []
    for name, item in inventory.items():
        path, _, anchor = item.uri.partition("#")
        page = site / path / "index.html" if path.endswith("/") or not path else site / path
        if not page.exists():
            broken.append(f"{name}: no page {item.uri}")
            continue
        if page not in ids:
            parser = _Ids()
            parser.feed(page.read_text(encoding="utf-8"))
            ids[page] = parser.ids
        if anchor and anchor not in ids[page]:
            broken.append(f"{name}: no anchor #{anchor} on {path}")
    assert not broken, "\n".join(broken[:20])


def test_each_documented_method_is_in_the_inventory(site):
    inventory = _inventory(site)
    methods = {f"{obj.identifier}.{member}" for obj in objects.documented().values() for member in obj.members}
    # A method without a docstring is not rendered (mkdocstrings' show_if_no_docstring is off).
    assert len(methods & set(inventory)) > len(methods) // 2


def test_an_inherited_method_is_rendered_once_and_its_subclass_paths_resolve_there(site):
    """`ClipPPOLoss.set_keys` is `LossModule.set_keys`: one section (on the loss contract page), which
    the subclass's path in objects.inv and the subclass page's link both reach."""
    inventory = _inventory(site)
    wrong = []
    for obj in objects.documented().values():
        for method, identifier in obj.inherited:
            defined = inventory.get(identifier)
            if defined is None:
                wrong.append(f"{identifier}: not rendered")
                continue
            for path in (obj.identifier, obj.canonical):
                entry = inventory.get(f"{path}.{method}")
                if entry is None or entry.uri != defined.uri:
                    wrong.append(f"{path}.{method} -> {entry.uri if entry else None}, not {defined.uri}")
    assert not wrong, "\n".join(wrong[:20])
    # One section per defining class: every rendered `register_op` section on the site.
    sections = {
        i
        for page in site.rglob("*.html")
        for i in re.findall(r'id="([\w.]+\.register_op)"', page.read_text(encoding="utf-8"))
    }
    assert sections == {"torchrl.trainers.Trainer.register_op"}
    page = (site / "losses" / "ClipPPOLoss" / "index.html").read_text(encoding="utf-8")
    assert 'href="../contract/#torchrl.objectives.LossModule.set_keys"' in page
    assert 'id="torchrl.objectives.ClipPPOLoss.set_keys"' not in page


def test_a_prose_edit_under_serve_dirty_rebuilds_with_its_cross_references(site, tmp_path):
    """`make serve` (``--dirty``, strict) rebuilds only the edited page; its links to API objects on
    other pages must still resolve (without tools/api/views/objects_inv.py, autorefs aborted the rebuild).

    Starts from a copy of the session's strict build (timestamps kept), as serve would after its first build.
    """
    import shutil
    from urllib.parse import urlsplit

    from mkdocs.livereload import _serve_url

    from bench.edits import appended
    from bench.instrument import PluginClock
    from bench.warm import ServeLikeSite
    from tools.core.paths import DOCS

    page = DOCS / "value-estimators" / "index.md"
    served = ServeLikeSite(PluginClock())
    shutil.rmtree(served.site_dir)
    shutil.copytree(site, served.site_dir, copy_function=shutil.copy2)
    try:
        served.config = served._get_config()
        served.config.plugins.on_startup(command="serve", dirty=True)
        host, port = served.config.dev_addr
        served.serve_url = _serve_url(host, port, urlsplit(served.config.site_url or "/").path)
        before = set(_inventory(served.site_dir))
        with appended(page, "\nEdited under serve: `SoftUpdate.step` moves the targets.\n"):
            run = served.rebuild()  # raises BuildFailed with MkDocs' messages if it aborts
            html = (served.site_dir / "value-estimators" / "index.html").read_text(encoding="utf-8")
        assert set(run["rewritten"]) - {"404.html"} == {"value-estimators/index.html"}  # 404 is always rewritten
        # SoftUpdate inherits step: the link goes to the section of the class that defines it.
        assert 'href="../target-updates/#torchrl.objectives.TargetNetUpdater.step"' in html
        # The rewritten objects.inv still lists the objects of the pages the rebuild skipped.
        assert set(_inventory(served.site_dir)) == before
    finally:
        served.close()


def test_the_search_index_holds_a_loss_parameters_description_once(site):
    """A loss page describes each constructor parameter once, in its table; the API section links there."""
    import json

    sections = {
        doc["location"]: doc["text"] for doc in json.loads((site / "search" / "search_index.json").read_text())["docs"]
    }
    description = "weight clipping threshold"  # ClipPPOLoss's clip_epsilon, from the one griffe parse
    holding = sorted(
        location for location, text in sections.items() if description in text and "ClipPPOLoss" in location
    )
    assert holding == ["losses/ClipPPOLoss/#constructor"]
    page = (site / "losses" / "ClipPPOLoss" / "index.html").read_text(encoding="utf-8")
    assert page.count(description) == 1  # said once: the API section links the table instead
    assert 'each is described once, in <a href="#constructor">the table above</a>' in page
    # A page without its own parameter table keeps the API section's parameters searchable.
    assert any(
        "Parameters:" in text
        for location, text in sections.items()
        if location.startswith("value-estimators/") and "/#api" in location  # an estimator page's API
    )
