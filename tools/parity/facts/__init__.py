"""The parity audit: each config dataclass against the class it builds (cached), checked against the last review."""

from __future__ import annotations

from tools.config_groups.facts import curated, survey
from tools.core.cache import RecordSet
from tools.core.codec import list_codec
from tools.parity.facts.compare import audit
from tools.parity.facts.records import ParityRow
from tools.parity.facts.reviewed import check
from tools.torchrl.losses import loss_classes
from tools.torchrl.trainers import trainer_classes
from tools.trainers.facts import trainer_measurements


def _audit() -> list[ParityRow]:
    effective = {
        record.name: {e.name: e.effective for e in record.effective_defaults} for record in trainer_measurements()
    }
    configs = survey()
    # The loss factories were instantiated once, by the survey (tools/config_groups/facts/factories.py).
    factories = {f.config: f for f in configs.factories}
    pairable = {**loss_classes(), **trainer_classes()}
    return audit(configs, curated.load(), effective, factories, pairable)


_encode, _decode = list_codec(ParityRow)
# Kept (`make records`): pairing each config with the class it builds imports torchrl.
rows = RecordSet("parity", _audit, encode=_encode, decode=_decode, committed=True)


def reviewed_rows() -> list[ParityRow]:
    """The rows, once they match the last review of the differences (``reviewed``)."""
    return check(rows())


def group_of() -> dict[str, str]:
    """Config dataclass -> the ConfigStore group its audit page belongs to ("" when in none)."""
    return {c.name: c.group for c in survey().classes}


__all__ = ["ParityRow", "group_of", "reviewed_rows", "rows"]
