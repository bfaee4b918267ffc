"""Every trainer class, measured on tiny parts, and what saving and loading a checkpoint did."""

from __future__ import annotations

from tools.core.cache import RecordSet
from tools.core.codec import list_codec, record_codec
from tools.trainers.facts.checkpoints import CheckpointFacts
from tools.trainers.facts.checkpoints import measure as measure_checkpoints
from tools.trainers.facts.descriptions import described
from tools.trainers.facts.measure import measure_all
from tools.trainers.facts.records import TrainerRecord

_encode, _decode = list_codec(TrainerRecord)
# What building the trainers tells; their parameters' descriptions come from the griffe parse that the
# process rendering the pages holds (tools.api.facts.load), so they are added there, in a record set of their own.
trainer_measurements = RecordSet("trainers.measured", measure_all, encode=_encode, decode=_decode, committed=True)


def _described() -> list[TrainerRecord]:
    return described(trainer_measurements())


trainer_records = RecordSet(
    "trainers", _described, encode=_encode, decode=_decode, in_building_process=True, committed=True
)

_encode_checkpoints, _decode_checkpoints = record_codec(CheckpointFacts)
checkpoint_facts = RecordSet(
    "trainer_checkpoints",
    measure_checkpoints,
    encode=_encode_checkpoints,
    decode=_decode_checkpoints,
    committed=True,
)


def record(name: str) -> TrainerRecord:
    for r in trainer_records():
        if r.name == name:
            return r
    raise KeyError(name)


__all__ = ["CheckpointFacts", "TrainerRecord", "checkpoint_facts", "record", "trainer_measurements", "trainer_records"]
