"""Which keys a loss and its value estimator read: measured on the loss zoo, resolved on the user's loss.

No list of keys is kept here.  For a loss class (and the value estimator the
user chose), the zoo's construction (``tools/torchrl/loss_zoo/constructions/<Loss>.py``, the same
run the loss pages show) is built once; each key of its batch is named by
introspection (the loss's ``_AcceptedKeys`` / ``tensor_keys``, the estimator's
key map located as ``tools.estimators.facts.probe.FIELD_LOCATION`` says, the
networks' ``in_keys`` and distribution parameters), then deleted, one at a
time, to measure whether the forward pass needs it (it raises, or computes
other numbers).  What was measured is a list of *roles* ("the loss's
``sample_log_prob`` key", "an in_key of ``critic_network`` under ``next``"),
which ``expected_keys`` resolves to the concrete keys of the user's loss, with
its ``set_keys`` renames and its own networks.
"""

from __future__ import annotations

from collections.abc import Iterable

from tools.core.cache import cached
from tools.core.errors import error_text
from tools.core.paths import ROOT
from tools.core.silence import quiet
from tools.estimator_matrix.facts.measure import uses_value_estimator
from tools.estimators.facts.probe import FIELD_LOCATION, OUTPUT_FIELDS
from tools.losses.facts import curated
from tools.torchrl import loss_zoo as zoo
from tools.torchrl.estimators import estimator_classes
from tools.wiring.facts.records import (
    CHANGES,
    DIST_PARAMS,
    ESTIMATOR,
    FIELD,
    INPUT,
    LITERAL,
    RAISES,
    ExpectedKey,
    Key,
    KeyMap,
    LossReads,
    OutputRole,
    ReadLeaf,
    Role,
    as_key,
    decode_reads,
    encode_reads,
    key_text,
)

NEXT = ["next"]


# -- introspection of a built loss -------------------------------------------------------------------


def networks(loss) -> dict[str, object]:
    """The loss's networks by attribute name.

    torchrl keeps a functional network out of ``named_children`` (its module
    sits in ``__dict__``, its parameters in ``<name>_params``), so both places
    are read.  The value estimator is not a network of the loss.
    """
    from tensordict.nn import TensorDictModuleBase
    from torchrl.objectives import LossModule
    from torchrl.objectives.value import ValueEstimatorBase

    found = {}
    for name, module in [*loss.named_children(), *vars(loss).items()]:
        if name.startswith("_") or name in found or isinstance(module, (ValueEstimatorBase, LossModule)):
            continue  # an estimator or a sub-loss (DreamerV3Loss holds three) is not a network
        if isinstance(module, TensorDictModuleBase):
            found[name] = module
    return found


def estimator_of(loss):
    """``loss.value_estimator`` (built on first use, as the forward pass would), or None."""
    if not uses_value_estimator(type(loss)):
        return None
    try:
        with quiet():
            return loss.value_estimator
    except Exception:  # the loss cannot build its default estimator: it reads none from the data
        return None


def estimator_member(estimator) -> str | None:
    """The ``ValueEstimators`` member whose class the estimator is (tools.torchrl.estimators)."""

    if estimator is None:
        return None
    return next((e.member for e in estimator_classes() if type(estimator) is e.cls), None)


def key_fields(obj) -> dict[str, Key]:
    """``set_keys`` name -> current key of a loss or estimator (``tensor_keys``), None-valued ones left out."""
    import dataclasses

    keys = getattr(obj, "tensor_keys", None)
    if keys is None or not dataclasses.is_dataclass(keys):
        return {}
    return {
        f.name: as_key(getattr(keys, f.name)) for f in dataclasses.fields(keys) if getattr(keys, f.name) is not None
    }


def estimator_read_fields(estimator) -> dict[str, Key]:
    """The estimator's input fields, each located where it reads it (``next`` for reward, done, terminated)."""
    return {
        name: [*FIELD_LOCATION.get(name, ()), *key]
        for name, key in key_fields(estimator).items()
        if name not in OUTPUT_FIELDS
    }


def dist_param_keys(network) -> list[Key]:
    """The keys the network's action distribution is built from (a ProbabilisticActor's loc/scale, logits)."""
    from tensordict.nn import ProbabilisticTensorDictModule

    return [as_key(k) for m in network.modules() if isinstance(m, ProbabilisticTensorDictModule) for k in m.in_keys]


def _roles_of(key: Key, loss, nets: dict, estimator) -> list[Role]:
    roles = []
    # What the estimator declares it reads (its in_keys): GAE carries a
    # sample_log_prob key it never reads.
    declared = [as_key(k) for k in estimator.in_keys] if estimator is not None else []
    for name, located in estimator_read_fields(estimator).items() if estimator is not None else ():
        if key == located and located in declared:
            roles.append(Role(ESTIMATOR, name, tuple(located[: len(located) - len(key_fields(estimator)[name])])))
    for name, field_key in key_fields(loss).items():
        for location in ([], NEXT):
            if key == [*location, *field_key]:
                roles.append(Role(FIELD, name, tuple(location)))
    value_net = getattr(estimator, "value_network", None)
    for name, net in nets.items():
        in_keys = [as_key(k) for k in net.in_keys]
        if key in in_keys:
            roles.append(Role(INPUT, name, ()))
        if key[:1] == NEXT and key[1:] in in_keys:
            # The next state is fed to the estimator's value network when there is one;
            # otherwise (SAC, TD3: the loss bootstraps itself) to every network reading it.
            owner = value_net is not None and any(value_net is n for n in nets.values())
            if not owner or net is value_net:
                roles.append(Role(INPUT, name, tuple(NEXT)))
        if key in dist_param_keys(net):
            roles.append(Role(DIST_PARAMS, name, ()))
    return roles or [Role(LITERAL, key_text(key), ())]


# -- measurement on the zoo ----------------------------------------------------------------------------


def _loss_terms(loss, data) -> dict[str, object]:
    import torch

    with torch.random.fork_rng(), quiet():
        torch.manual_seed(0)
        out = loss(data)
    if isinstance(out, tuple):
        out = out[0]
    return {
        str(k): v.detach().clone()
        for k, v in out.items(include_nested=True, leaves_only=True)
        if isinstance(v, torch.Tensor) and v.is_floating_point()
    }


def _same(a: dict, b: dict) -> bool:
    import torch

    return a.keys() == b.keys() and all(
        a[k].shape == b[k].shape and torch.allclose(a[k], b[k], equal_nan=True) for k in a
    )


def measure_reads(loss_name: str, member: str | None) -> LossReads:
    """Build the zoo's ``loss_name`` with the estimator ``member``; name and delete each key of its batch."""
    case = zoo.build(loss_name)
    loss = case.loss
    if member is not None and member != estimator_member(estimator_of(loss)):
        from torchrl.objectives import ValueEstimators

        try:
            with quiet():
                loss.make_value_estimator(ValueEstimators[member])
        except Exception:  # the loss refuses this member: measure with its default one
            pass
    nets, estimator = networks(loss), estimator_of(loss)
    reference = _loss_terms(loss, case.batch.clone())
    leaves = []
    for raw in case.batch.keys(include_nested=True, leaves_only=True):
        key = as_key(raw)
        trimmed = case.batch.clone()
        del trimmed[raw]
        effect, error = "", ""
        try:
            if not _same(_loss_terms(loss, trimmed), reference):
                effect = CHANGES
        except Exception as exc:  # the measurement: without this key the loss raises
            effect, error = RAISES, error_text(exc, lines=1)
        leaves.append(ReadLeaf(key, _roles_of(key, loss, nets, estimator), effect, error))
    read_fields = {r.name for leaf in leaves for r in leaf.roles if r.kind == FIELD}
    outputs = [
        OutputRole(name, net_name)
        for name, key in key_fields(loss).items()
        if name not in read_fields
        for net_name, net in nets.items()
        if key in [as_key(k) for k in net.out_keys]
    ]
    # In_keys the batch does not hold: the loss feeds them to the network itself
    # (ACTLoss passes its action chunk under the actor's own in_key name).
    batch_keys = [leaf.key for leaf in leaves]
    fed_internally = sorted(
        {tuple(as_key(k)) for net in nets.values() for k in net.in_keys} - {tuple(k) for k in batch_keys}
    )
    construction = (zoo.CONSTRUCTIONS / f"{loss_name}.py").relative_to(ROOT).as_posix()
    return LossReads(
        loss_name, estimator_member(estimator), construction, leaves, outputs, [list(k) for k in fed_internally]
    )


def zoo_class_for(cls: type) -> str | None:
    """The zoo construction measuring ``cls``: its own, or the nearest parent class's (a user's subclass)."""
    constructions = set(zoo.names())
    return next((c.__name__ for c in cls.__mro__ if c.__name__ in constructions), None)


def reads_for(loss) -> LossReads | None:
    """What the user's loss class reads with the user's estimator, measured once (cached on disk)."""
    name = zoo_class_for(type(loss))
    if name is None:
        return None
    member = estimator_member(estimator_of(loss))
    return cached(
        f"wiring.reads.{name}.{member}",
        lambda: measure_reads(name, member),
        code=[__name__],  # this module, the records and the loss zoo it builds from
        encode=encode_reads,
        decode=decode_reads,
    )


# -- resolution on the user's loss --------------------------------------------------------------------------


def _writer(loss_name: str, field: str | None, key: Key) -> str:
    """Who should write a key: data/losses.yaml's entry for the set_keys name, else for a key of that name.

    A network input named like a world-model key ("state") comes from the
    environment unless the loss is model-based (QMixer's global state).
    """
    if field is not None:
        try:
            return curated.glossary(loss_name, field)[1]
        except curated.CuratedDataError:
            pass
    try:
        writer = curated.glossary(loss_name, key[-1])[1]
    except curated.CuratedDataError:
        return "environment"
    model_based = "model-based" in curated.load()["losses"].get(loss_name, {}).get("setting", [])
    return "environment" if writer == "world model" and not model_based else writer


def _effect_of(leaves: Iterable[ReadLeaf]) -> str:
    effects = {leaf.effect for leaf in leaves}
    return RAISES if RAISES in effects else CHANGES if CHANGES in effects else ""


def expected_keys(loss, reads: LossReads) -> list[ExpectedKey]:
    """Every key the user's loss and estimator read, with who reads it and who should write it."""
    loss_name = type(loss).__name__
    nets, estimator = networks(loss), estimator_of(loss)
    fields, est_fields = key_fields(loss), estimator_read_fields(estimator) if estimator is not None else {}
    est_name = type(estimator).__name__ if estimator is not None else ""
    by_role: dict[Role, list[ReadLeaf]] = {}
    for leaf in reads.leaves:
        for role in leaf.roles:
            by_role.setdefault(role, []).append(leaf)

    found: dict[tuple, ExpectedKey] = {}

    def add(key: Key, read_by: str, writer: str, effect: str, key_map: KeyMap | None = None) -> None:
        entry = found.setdefault(tuple(key), ExpectedKey(list(key), [], writer, False))
        if read_by not in entry.read_by:
            entry.read_by.append(read_by)
        entry.required = entry.required or bool(effect)
        if effect and entry.effect != RAISES:
            entry.effect = effect
        if key_map is not None:
            entry.maps.append(key_map)

    # Keys named by a key map first: a network input that is also one (SAC's action) is read as that.
    for role, leaves in by_role.items():
        effect = _effect_of(leaves)
        if role.kind == FIELD and role.name in fields:
            key = [*role.location, *fields[role.name]]
            key_map = KeyMap("loss", role.name, list(role.location))
            add(key, f"loss key {role.name}", _writer(loss_name, role.name, key), effect, key_map)
        elif role.kind == ESTIMATOR and role.name in est_fields:
            key = est_fields[role.name]
            location = key[: len(key) - len(key_fields(estimator)[role.name])]
            # loss.set_keys reaches an estimator that already exists (measured by the
            # estimator reference's forwarding cases) when both name the same key.
            target = "loss" if fields.get(role.name) == key_fields(estimator)[role.name] else "loss.value_estimator"
            add(
                key,
                f"{est_name} key {role.name}",
                _writer(loss_name, role.name, key),
                effect,
                KeyMap(target, role.name, location),
            )
    named = set(found)
    fed = {tuple(k) for k in reads.fed_internally}
    for role, leaves in by_role.items():
        effect = _effect_of(leaves)
        if not effect or role.kind in (FIELD, ESTIMATOR):
            continue  # networks' inputs count only where the loss needs them
        if role.kind == INPUT and role.name in nets:
            for key in (as_key(k) for k in nets[role.name].in_keys):
                if tuple(key) not in named and tuple(key) not in fed:
                    located = [*role.location, *key]
                    add(
                        located,
                        f"{role.name} input" + (" (next state)" if role.location else ""),
                        _writer(loss_name, None, key),
                        effect,
                    )
        elif role.kind == DIST_PARAMS and role.name in nets:
            for key in dist_param_keys(nets[role.name]):
                add(key, f"{role.name} distribution (stored at collection)", "actor", effect)
        elif role.kind == LITERAL:
            key = next(leaf.key for leaf in leaves)
            add(key, f"{loss_name} (under this name)", _writer(loss_name, None, key), effect)
    return list(found.values())
