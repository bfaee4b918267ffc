"""Every ConfigStore group and option torchrl registers, and the class each builds (cached, measured for loss factories)."""

from __future__ import annotations

from tools.config_groups.facts import curated, factories, introspect
from tools.config_groups.facts.records import ConfigClass, ConfigSurvey
from tools.core.cache import RecordSet
from tools.core.codec import record_codec
from tools.core.timing import stage

# What importing the configs warns, read when the build starts (`start()`): recorded by the
# build's own first import of torchrl, or by a fresh interpreter started beside it when
# something imported torch already.
_import_warnings: list = []


def _survey() -> ConfigSurvey:
    """The ConfigStore read by introspection, then each loss factory instantiated (measured): the one
    record of what every config builds, read by the config-groups page, the parity audit, the SOTA map
    and the loss pages."""
    found = introspect.survey(curated.load(), _import_warnings.pop() if _import_warnings else None)
    with stage("config_groups.factories"):
        measured = factories.measure_all(found)
    return factories.with_measured_classes(found, measured)


_encode, _decode = record_codec(ConfigSurvey)
# Kept (`make records`), as every record set that needs torchrl imported: reading the ConfigStore
# imports the configs, and every loss factory is instantiated.
survey = RecordSet("config_groups", _survey, encode=_encode, decode=_decode, committed=True)


def start() -> None:
    """Read the configs' import warnings now, unless the survey is kept already."""
    if not _import_warnings and not survey.is_cached():
        if introspect.first_import_is_ahead():
            _import_warnings.append(introspect.import_recording_warnings())
        else:
            _import_warnings.append(introspect.start_import_warnings())


__all__ = ["ConfigClass", "ConfigSurvey", "start", "survey"]
