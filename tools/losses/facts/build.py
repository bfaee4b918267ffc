"""Assemble the loss records: introspection + measurement + curated facts, checked against each other."""

from __future__ import annotations

from tools.core.cache import RecordSet
from tools.core.codec import list_codec
from tools.core.signatures import class_signature, format_signature
from tools.core.silence import quiet
from tools.core.timing import stage
from tools.losses.facts import curated, introspect
from tools.losses.facts.measure import measure
from tools.losses.facts.records import Curated, LossRecord
from tools.torchrl import loss_zoo as zoo
from tools.torchrl import losses as discover

encode, decode = list_codec(LossRecord)


def _record(name: str, cls: type, measured) -> LossRecord:
    constructor = class_signature(cls)
    return LossRecord(
        name=name,
        module=cls.__module__,
        namespace=discover.namespace_of(name),
        signature=format_signature(cls.__name__, constructor),
        params=constructor.parameters,
        params_via_kwargs=constructor.via_kwargs,
        accepted_keys=introspect.accepted_keys(cls, curated.glossary),
        set_keys_available=hasattr(cls, "set_keys") and bool(introspect.accepted_key_defaults(cls)),
        default_value_estimator=introspect.default_value_estimator(cls),
        declared_value_estimators=introspect.declared_value_estimators(cls),
        delay_flags=introspect.delay_flags(cls),
        has_deactivate_vmap=introspect.has_deactivate_vmap(cls),
        curated=Curated(**curated.load()["losses"][name]),
        measured=measured,
        not_built_reason=zoo.NOT_BUILT.get(name),
    )


def _mark_written(record: LossRecord) -> None:
    if record.measured is None:
        return
    written = [str(k) for k in record.measured.written_keys]
    for key in record.accepted_keys:
        actual = record.measured.renamed.get(key.name, key.default)
        key.written_by_forward = str(actual) in written


def compute_records(names: list[str] | None = None, *, measure_losses: bool = True) -> list[LossRecord]:
    """Records for ``names`` (default: every loss), validated.  Raises with a message naming the class."""
    classes = discover.loss_classes()
    curated.check_entries(set(classes))
    chosen = list(classes) if names is None else names
    records = []
    for name in chosen:
        cls = classes[name]
        measured = None
        if measure_losses and name not in zoo.NOT_BUILT:
            with stage("losses.measure"):
                measured = measure(name)
        with stage("losses.introspect"):
            record = _record(name, cls, measured)
        _mark_written(record)
        validate(record)
        records.append(record)
    if names is None:
        curated.check_glossary({r.name: {k.name for k in r.accepted_keys} for r in records})
    return records


def validate(record: LossRecord) -> None:
    """A curated fact must not contradict introspection or measurement."""
    where, c, problems = curated.WHERE, record.curated, []
    param_names = {p.name for p in record.constructor_params}
    if record.measured is not None:
        kind = record.measured.action_space
        if kind is None and c.action_space:
            problems.append(f"its construction reads no action but {where} says action_space {c.action_space}")
        if kind is not None and kind not in c.action_space:
            problems.append(
                f"its construction builds it for {kind} actions but {where} says action_space {c.action_space}"
            )
    if "action_space" in param_names and "continuous" in c.action_space:
        problems.append(
            f"its constructor takes a discrete `action_space` (one-hot, categorical...) but {where} says continuous"
        )
    if "bounds" in param_names and "discrete" in c.action_space:
        problems.append(f"its constructor takes action `bounds` (a continuous spec) but {where} says discrete")
    nested_agents = any(isinstance(k.default, list) and k.default[0] == "agents" for k in record.accepted_keys)
    introspected_ma = nested_agents or record.default_value_estimator == "MAGAE"
    if introspected_ma != c.multi_agent:
        problems.append(
            f"{where} says multi_agent: {str(c.multi_agent).lower()} but its default keys / default estimator say "
            f"{'multi-agent' if introspected_ma else 'single-agent'}"
        )
    if record.default_value_estimator in ("GAE", "MAGAE") and "on-policy" not in c.setting:
        problems.append(
            f"its default estimator is {record.default_value_estimator} (on-policy) but {where} setting is {c.setting}"
        )
    if record.is_llm != ("LLM" in c.setting):
        problems.append(f"it is exported by {record.namespace} but {where} setting is {c.setting}")
    if problems:
        raise curated.CuratedDataError("\n".join(f"{record.name}: {p}" for p in problems))


def _every_record() -> list[LossRecord]:
    with quiet():  # torchrl's warnings are recorded in the measurements
        return compute_records()


# Every loss, computed once per process and kept on disk (keyed on the versions, this code and the data).
all_records = RecordSet("losses", _every_record, encode=encode, decode=decode, committed=True)
