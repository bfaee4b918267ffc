"""The one griffe parse: restricted to the documented modules, handed to mkdocstrings, same options."""

from __future__ import annotations

from importlib import metadata

from mkdocs.utils.yaml import yaml_load

from tools.api.facts import load, objects
from tools.api.views.autolink import link_line
from tools.core.paths import ROOT


def _pins() -> dict[str, str]:
    text = (ROOT / "pyproject.toml").read_text()
    return dict(
        line.strip().strip('",').split("==")
        for line in text.splitlines()
        if "==" in line and line.strip().startswith('"')
    )


def test_the_private_interface_relied_on_is_pinned_and_installed():
    # load.install sets mkdocstrings-python's PythonHandler._modules_collection.
    pins = _pins()
    for dist in ("griffelib", "mkdocstrings-python"):
        assert dist in pins, f"pyproject.toml must pin {dist}: tools/api/facts/load.py relies on its internals"
        assert metadata.version(dist) == pins[dist]


def test_mkdocstrings_collects_from_the_installed_parse():
    from mkdocstrings_handlers.python import PythonHandler
    from mkdocstrings_handlers.python._internal.config import PythonOptions

    handler = PythonHandler.__new__(PythonHandler)
    handler._modules_collection = None
    load.install(handler)
    obj = objects.documented()["ClipPPOLoss"]
    collected = PythonHandler.collect(handler, obj.identifier, PythonOptions.from_data(docstring_style="google"))
    assert collected is load.collection()[obj.identifier]


def test_mkdocs_yml_parses_docstrings_as_the_tables_do():
    config = yaml_load((ROOT / "mkdocs.yml").read_text())  # MkDocs' loader: mkdocs.yml uses !ENV
    plugin = next(p["mkdocstrings"] for p in config["plugins"] if isinstance(p, dict) and "mkdocstrings" in p)
    options = plugin["handlers"]["python"]["options"]
    assert options["docstring_style"] == load.DOCSTRING_STYLE
    assert options["docstring_options"] == load.DOCSTRING_OPTIONS


def test_griffe_reads_only_the_documented_modules():
    loaded = set()

    def walk(module):
        loaded.add(module.path)
        for member in module.modules.values():
            walk(member)

    walk(load.collection()["torchrl"])
    assert loaded == set(objects.modules_to_load())
    assert "torchrl.envs" not in loaded


def test_loss_parameter_descriptions_come_from_the_cleaned_parse():
    docs = load.parameter_docs(objects.documented()["SACLoss"].identifier)
    assert "num_qvalue_nets" in docs and "alpha_init" in docs
    assert not any(":obj:" in text or ":class:" in text for text in docs.values())


def test_code_spans_become_links_unless_already_linked_or_in_a_heading():
    targets = {"GAE": "torchrl.objectives.value.GAE", "SoftUpdate.step": "torchrl.objectives.SoftUpdate.step"}
    assert link_line("use `GAE` then `SoftUpdate.step()`", targets) == (
        "use [`GAE`][torchrl.objectives.value.GAE] then [`SoftUpdate.step()`][torchrl.objectives.SoftUpdate.step]"
    )
    for untouched in ("## The `GAE` class", "[`GAE`](reference.md)", "`GAEs`", "``GAE``", "`x = GAE`"):
        assert link_line(untouched, targets) == untouched


def test_every_page_links_its_mentions_of_documented_classes():
    import re

    from tests.support.docs import expanded_pages

    names = {obj.name for obj in objects.documented().values()}
    span = re.compile(r"(?<![\[`])`(\w+)`(?![\]`])")
    unlinked = []
    for page, markdown in expanded_pages().items():
        in_fence = False
        for line in markdown.splitlines():
            if line.lstrip().startswith(("```", "~~~")):
                in_fence = not in_fence
            if in_fence or line.lstrip().startswith("#"):
                continue
            unlinked += [f"{page}: {name}" for name in span.findall(line) if name in names]
    assert not unlinked, unlinked[:10]


def test_code_spans_inside_a_link_text_stay_plain():
    from tools.api.views.autolink import link_line

    targets = {"HardUpdate": "torchrl.objectives.HardUpdate"}
    line = "- [The `HardUpdate` copies late](targets.md#x), see `HardUpdate`; `[` is code"
    linked = link_line(line, targets)
    assert linked.startswith("- [The `HardUpdate` copies late](targets.md#x)")
    assert linked.count("[`HardUpdate`][torchrl.objectives.HardUpdate]") == 1
