"""Build every hook class on tiny parts and register it into a probe trainer: where does it go?"""

from __future__ import annotations

from tools.api.facts.docstrings import plain_roles
from tools.core.errors import error_text
from tools.core.signatures import class_signature, format_call, parameters_of
from tools.hook_points.facts import survey as hook_point_survey
from tools.hooks.facts.records import Attachment, HookClassRecord
from tools.torchrl import trainer_zoo
from tools.torchrl.trainers import hook_classes, public_module
from tools.trainers.facts.measure import describe_op


def _exported(cls: type) -> bool:
    import torchrl.trainers as trainers
    import torchrl.trainers.algorithms as algorithms

    return any(getattr(m, cls.__name__, None) is cls for m in (trainers, algorithms))


def summary(cls: type) -> str:
    """The first paragraph of the class docstring, Sphinx roles reduced to their text."""
    import inspect

    first = (inspect.getdoc(cls) or "").split("\n\n")[0]
    return " ".join(plain_roles(first).split())


def effective_defaults(name: str, cls: type, parameters) -> dict[str, str]:
    """What a hook built by the trainer zoo holds for each ``None``-default parameter the construction did not
    pass (its constructor's own choice), where the hook keeps an attribute of that name."""
    import inspect as _inspect

    unset = [p.name for p in parameters if p.default == "None"]
    if not unset or name in trainer_zoo.UNBUILT_HOOKS:
        return {}
    calls: list = []
    own, init = cls.__dict__.get("__init__"), cls.__init__

    def recording(self, *args, **kwargs):
        if type(self) is cls and not calls:
            calls.append(_inspect.signature(init).bind_partial(self, *args, **kwargs).arguments)
        init(self, *args, **kwargs)

    cls.__init__ = recording
    try:
        with trainer_zoo.captured():
            hook, _made = trainer_zoo.hook(name, trainer_zoo.probe_trainer(optimizer="sgd"))
    finally:
        if own is None:
            del cls.__init__
        else:
            cls.__init__ = own
    passed = set(calls[0]) if calls else set()
    # A dict subclass (LogValidationReward keeps a KeyDependentDefaultDict) is recorded as the plain dict it
    # holds, so that it reads back as a literal and compares with a documented mapping.
    return {
        n: repr(dict(value) if isinstance(value, dict) else value)
        for n in unset
        if n not in passed and n in getattr(hook, "__dict__", {}) and not callable(value := getattr(hook, n))
    }


def measure_hook(name: str, cls: type) -> HookClassRecord:
    from torchrl.trainers import OptimizationStepper

    attribute_to_point = hook_point_survey().attribute_to_point()
    params, _ = parameters_of(cls.register, skip_first=True)
    register_params = [p for p in params if p.name != "trainer"]
    record = {
        "summary": summary(cls),
        "name": name,
        "module": public_module(cls),
        "exported": _exported(cls),
        "is_stepper": issubclass(cls, OptimizationStepper),
        "parameters": class_signature(cls).parameters,
        "register_call": format_call("register", list(params)),
        "effective_defaults": effective_defaults(name, cls, class_signature(cls).parameters),
    }
    kwargs = {"name": "probe"} if any(p.name == "name" and p.required for p in register_params) else {}
    notes = ["register() requires a name; measured with name='probe'"] if kwargs else []
    with trainer_zoo.captured():
        for optimizer in ("sgd", None):
            # A trainer given an optimizer already holds an OptimizerHook named
            # "optimizer"; a hook that clashes with it is measured again on a
            # trainer built without one, and the clash is recorded.
            trainer = trainer_zoo.probe_trainer(optimizer=optimizer)
            hook, made = trainer_zoo.hook(name, trainer)
            before_ops = {id(op) for attribute in attribute_to_point for op, _ in getattr(trainer, attribute)}
            before_modules = set(trainer._modules)
            try:
                hook.register(trainer, **kwargs)
            except Exception as exc:  # recorded: what register() does with these parts
                error = error_text(exc)
                if optimizer is None:
                    return HookClassRecord(**record, made=made, error=error)
                notes.append(
                    f"on a trainer given an optimizer, register() raises {error}; measured on one built without"
                )
                continue
            break
    if made:
        notes.insert(0, made)
    attaches = []
    for attribute, point in attribute_to_point.items():
        for op, _ in getattr(trainer, attribute):
            if id(op) not in before_ops:
                owner, method, _detail = describe_op(op)
                attaches.append(Attachment(point, f"{owner}.{method}" if method else owner))
    modules = sorted(set(trainer._modules) - before_modules)
    return HookClassRecord(
        **record,
        attaches=attaches,
        module_name=", ".join(modules),
        made="; ".join(notes),
    )


def measure_all() -> list[HookClassRecord]:
    order = [p.name for p in hook_point_survey().points]
    with trainer_zoo.captured():  # building the probes prints warnings that the trainer pages already show
        records = [measure_hook(name, cls) for name, cls in sorted(hook_classes().items())]
    for r in records:
        r.attaches.sort(key=lambda a: order.index(a.point))
    return records
