"""Every ConfigStore group and option torchrl registers, and the class each builds (cached, measured for loss factories)."""

from __future__ import annotations

from tools.config_groups.facts import curated, factories, introspect
from tools.config_groups.facts.records import ConfigClass, ConfigSurvey
from tools.core.cache import RecordSet
from tools.core.codec import record_codec
from tools.core.timing import stage

# The fresh interpreter that imports the configs to see their warnings, started
# early by `start()` so that it runs while the build imports torchrl.
_warnings_process = []


def _survey() -> ConfigSurvey:
    """The ConfigStore read by introspection, then each loss factory instantiated (measured): the one
    record of what every config builds, read by the config-groups page, the parity audit, the SOTA map
    and the loss pages."""
    process = _warnings_process.pop() if _warnings_process else None
    found = introspect.survey(curated.load(), process)
    with stage("config_groups.factories"):
        measured = factories.measure_all(found)
    return factories.with_measured_classes(found, measured)


_encode, _decode = record_codec(ConfigSurvey)
survey = RecordSet("config_groups", _survey, encode=_encode, decode=_decode)


def start() -> None:
    """Start reading the configs' import warnings beside the build, unless the survey is kept already."""
    if not _warnings_process and not survey.is_cached():
        _warnings_process.append(introspect.start_import_warnings())


__all__ = ["ConfigClass", "ConfigSurvey", "start", "survey"]
