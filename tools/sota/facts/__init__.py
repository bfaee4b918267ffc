"""data/sota.json, checked against the installed torchrl and summed up per directory (cached)."""

from __future__ import annotations

from tools.config_groups.facts import survey as config_survey
from tools.core.cache import RecordSet
from tools.core.codec import record_codec
from tools.losses.facts import curated as losses_curated
from tools.sota.facts import compositions as stored_compositions
from tools.sota.facts.check import SotaCheck
from tools.sota.facts.check import check as check_against_torchrl
from tools.sota.facts.data import load_map as sota_map
from tools.sota.facts.sources import decode as decode_sources
from tools.sota.facts.sources import encode as encode_sources
from tools.sota.facts.sources import loss_sources as compute_sources
from tools.sota.facts.summary import summarize


def _checked() -> SotaCheck:
    return check_against_torchrl(sota_map(), config_survey(), stored_compositions.load())


_encode_check, _decode_check = record_codec(SotaCheck)
# data/sota.json against the installed torchrl (classes, defaults, what each trainer config's trainer builds);
# kept (`make records`), as every record set that needs torchrl imported.
checked = RecordSet("sota.check", _checked, encode=_encode_check, decode=_decode_check, committed=True)


def trainer_compositions():
    """The stored Hydra compositions and whether their key still matches (``make sota-compose``)."""
    stored = stored_compositions.load()
    return stored, stored is not None and stored.key == stored_compositions.current_key()


def _summaries():
    losses = losses_curated.load()["losses"]
    families = {name: entry["family"] for name, entry in losses.items()}
    multi_agent = {name for name, entry in losses.items() if entry.get("multi_agent")}
    return summarize(sota_map(), checked(), families, multi_agent)


summaries = RecordSet("sota.summaries", _summaries)


def _loss_sources():
    return compute_sources(sota_map(), summaries(), checked(), trainer_compositions()[0])


# Each script and trainer config that builds a loss, with its hyperparameters (``sources``).
loss_sources = RecordSet("sota.loss_sources", _loss_sources, encode=encode_sources, decode=decode_sources)

__all__ = ["checked", "loss_sources", "sota_map", "summaries", "trainer_compositions"]
