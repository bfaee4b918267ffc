"""Hydra config groups torchrl registers, the dataclass behind each option and the class it builds."""

from __future__ import annotations

from tools.cache import cached, is_cached
from tools.config_groups import render
from tools.config_groups.records import ConfigClass, ConfigSurvey
from tools.jsonable import record_codec
from tools.paths import DATA, TOOLS
from tools.registry import Concern
from tools.config_groups import schema as _inventory_schema


INPUTS = [TOOLS / "config_groups", TOOLS / "signatures.py", DATA / "configs.yaml"]
# The fresh interpreter that imports the configs to see their warnings, started
# early by `start()` so that it runs while the build imports torchrl.
_warnings_process = []


def start() -> None:
    if not _warnings_process and not is_cached("config_groups", INPUTS):
        from tools.config_groups.introspect import start_import_warnings

        _warnings_process.append(start_import_warnings())


def survey() -> ConfigSurvey:
    def compute() -> ConfigSurvey:
        from tools.config_groups import curated, introspect

        process = _warnings_process.pop() if _warnings_process else None
        return introspect.survey(curated.load(), process)

    encode, decode = record_codec(ConfigSurvey)
    return cached("config_groups", compute, inputs=INPUTS, encode=encode, decode=decode)


CONCERN = Concern(
    name="config_groups",
    start=start,
    sections={
        "overview": lambda _arg: render.render_overview(survey()),
        "groups": lambda _arg: render.render_groups(survey()),
        "unregistered": lambda _arg: render.render_unregistered(survey()),
        "import_warnings": lambda _arg: render.render_import_warnings(survey()),
    },
    inventory=lambda: render.inventory(survey()),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="Every option of every Hydra ConfigStore group torchrl registers: group, name, config "
    "dataclass, its `_target_`, the class an instantiation builds and how that class was found.",
)

__all__ = ["CONCERN", "ConfigClass", "ConfigSurvey", "survey"]
