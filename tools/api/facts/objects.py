"""Which torchrl objects the site documents with mkdocstrings, under which identifier, with which members.

Read from the same discovery the concerns use (never listed by hand): every
public loss, value estimator, target updater, trainer and hook class.  The
identifier is the public import path a reader types
(``torchrl.objectives.ClipPPOLoss``); ``canonical`` is where the class is
defined, which torchrl's own docstrings name in their roles.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import lru_cache

from tools.core.cache import RecordSet
from tools.core.codec import record_codec
from tools.torchrl.estimators import PUBLIC_MODULE as ESTIMATORS
from tools.torchrl.estimators import estimator_classes
from tools.torchrl.losses import loss_classes, namespace_of
from tools.torchrl.trainers import hook_classes, public_module, trainer_classes
from tools.torchrl.updaters import PUBLIC_MODULE as UPDATERS
from tools.torchrl.updaters import updater_classes

# Methods a user calls on every object of a kind, even when a base class defines them.
KIND_METHODS = {
    "loss": ("forward", "set_keys", "make_value_estimator"),
    "estimator": ("forward", "value_estimate", "set_keys"),
    "updater": ("step", "init_"),
    "trainer": ("train", "register_op", "register_module", "save_trainer", "load_from_file"),
    "hook": ("register",),
}


@dataclass(frozen=True)
class ApiObject:
    kind: str  # a key of KIND_METHODS
    name: str
    identifier: str  # public path: what the ::: block and cross-references use
    canonical: str  # module.qualname where the class is defined
    members: tuple[str, ...]  # methods this section renders, in definition order
    # The kind's usual methods the class inherits: (method, identifier of the section that renders it).
    inherited: tuple[tuple[str, str], ...] = ()
    # A base class documented only because subclasses inherit the kind's methods from it
    # (``LossModule``); its section renders those shared methods, once.
    base: bool = False

    @property
    def module(self) -> str:
        return self.canonical.rsplit(".", 1)[0]


def own_methods(cls: type) -> list[str]:
    """Public functions ``cls`` defines itself, in definition order."""
    return [name for name, value in vars(cls).items() if not name.startswith("_") and inspect.isfunction(value)]


def inherited_methods(cls: type, kind: str) -> dict[str, type]:
    """The kind's usual methods ``cls`` inherits from a torchrl base -> the class that defines each."""
    own = set(own_methods(cls))
    found: dict[str, type] = {}
    for name in KIND_METHODS[kind]:
        if name in own or not inspect.isfunction(getattr(cls, name, None)):
            continue
        definer = next(klass for klass in cls.__mro__ if name in vars(klass))
        if definer.__module__.startswith("torchrl"):
            found[name] = definer
    return found


def _identifier(cls: type, preferred_module: str) -> str:
    """Public path of ``cls``: in ``preferred_module`` when it exports it, else its shortest exporting module."""
    import importlib

    if getattr(importlib.import_module(preferred_module), cls.__name__, None) is cls:
        return f"{preferred_module}.{cls.__name__}"
    return f"{public_module(cls)}.{cls.__name__}"


def _canonical(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _classes() -> list[tuple[str, type, str]]:
    found = [("loss", cls, namespace_of(name)) for name, cls in loss_classes().items()]
    found += [("estimator", e.cls, ESTIMATORS) for e in estimator_classes()]
    found += [("updater", cls, UPDATERS) for cls in updater_classes().values()]
    found += [("trainer", cls, public_module(cls)) for cls in trainer_classes().values()]
    found += [("hook", cls, public_module(cls)) for cls in hook_classes().values()]
    return found


def _documented() -> dict[str, ApiObject]:
    """Class name -> its API object, for every class the site renders an API section of.

    An inherited method is rendered once, in the section of the class that
    defines it; subclasses link to it.  A defining class the site does not
    document otherwise (``LossModule``, ``ValueEstimatorBase``,
    ``TargetNetUpdater``) gets a ``base`` section holding just those methods.
    """
    classes = _classes()
    identifiers = {cls: f"{public}.{cls.__name__}" for _kind, cls, public in classes}
    bases: dict[type, tuple[str, str, list[str]]] = {}  # class -> (kind, identifier, methods its subclasses inherit)
    inherited: dict[type, dict[str, type]] = {}
    for kind, cls, public in classes:
        inherited[cls] = inherited_methods(cls, kind)
        for method, definer in inherited[cls].items():
            if definer in identifiers:
                continue
            entry = bases.setdefault(definer, (kind, _identifier(definer, public), []))
            if method not in entry[2]:
                entry[2].append(method)
    identifiers |= {cls: identifier for cls, (_kind, identifier, _methods) in bases.items()}

    out: dict[str, ApiObject] = {}

    def add(obj: ApiObject) -> None:
        if obj.name in out and out[obj.name].identifier != obj.identifier:
            raise ValueError(
                f"two documented classes are named {obj.name}: {out[obj.name].identifier}, {obj.identifier}"
            )
        out[obj.name] = obj

    for cls, (kind, identifier, methods) in bases.items():
        shared = tuple(name for name in own_methods(cls) if name in methods)
        add(
            ApiObject(
                kind=kind,
                name=cls.__name__,
                identifier=identifier,
                canonical=_canonical(cls),
                members=shared,
                base=True,
            )
        )
    for kind, cls, _public in classes:
        links = tuple((method, f"{identifiers[definer]}.{method}") for method, definer in inherited[cls].items())
        add(
            ApiObject(
                kind=kind,
                name=cls.__name__,
                identifier=identifiers[cls],
                canonical=_canonical(cls),
                members=tuple(own_methods(cls)),
                inherited=links,
            )
        )
    return out


def _modules_to_load(documented: dict[str, ApiObject]) -> list[str]:
    """torchrl modules griffe must read: where each documented class and its torchrl bases are defined, with their packages."""
    import importlib

    wanted: set[str] = set()
    for obj in documented.values():
        module = importlib.import_module(obj.module)
        cls = getattr(module, obj.canonical.rsplit(".", 1)[1])
        for klass in cls.__mro__:
            if klass.__module__.startswith("torchrl"):
                wanted.add(klass.__module__)
        wanted.add(obj.identifier.rsplit(".", 1)[0])  # the public namespace re-exports it
    with_parents = set()
    for module in wanted:
        parts = module.split(".")
        with_parents.update(".".join(parts[:end]) for end in range(1, len(parts) + 1))
    return sorted(with_parents)


@dataclass(frozen=True)
class Documented:
    objects: dict[str, ApiObject]  # class name -> its API object
    modules: list[str]  # the torchrl modules griffe reads for them


def _measure() -> Documented:
    objects = _documented()
    return Documented(objects=objects, modules=_modules_to_load(objects))


_encode, _decode = record_codec(Documented)
# Kept (`make records`), as every record set that needs torchrl imported: which classes are documented,
# and what each inherits, is read from the imported classes.
documented_objects = RecordSet("api.objects", _measure, encode=_encode, decode=_decode, committed=True)


def documented() -> dict[str, ApiObject]:
    """Class name -> its API object, for every class the site renders an API section of."""
    return documented_objects().objects


def class_names(kind: str) -> list[str]:
    """The documented classes of one kind (a key of KIND_METHODS), without the shared bases' sections."""
    return [obj.name for obj in documented().values() if obj.kind == kind and not obj.base]


def modules_to_load() -> frozenset[str]:
    """torchrl modules griffe must read: where each documented class and its torchrl bases are defined, with their packages."""
    return frozenset(documented_objects().modules)


@lru_cache(maxsize=1)
def targets() -> dict[str, str]:
    """Every path a docstring or a page may name a documented object by -> the identifier to link.

    Public and canonical paths of each class, and ``Class.method`` of each method its section shows;
    an inherited method's ``Class.method`` -> the section of the class that defines it.
    """
    out: dict[str, str] = {}
    for obj in documented().values():
        for path in (obj.identifier, obj.canonical):
            out[path] = obj.identifier
            for member in obj.members:
                out[f"{path}.{member}"] = f"{obj.identifier}.{member}"
            for method, identifier in obj.inherited:
                out[f"{path}.{method}"] = identifier
    return out


@lru_cache(maxsize=1)
def link_targets() -> dict[str, str]:
    """What a page's code span may say -> identifier: ``Name``, ``Name.method`` and the full paths."""
    out = dict(targets())
    for obj in documented().values():
        out[obj.name] = obj.identifier
        for member in obj.members:
            out[f"{obj.name}.{member}"] = f"{obj.identifier}.{member}"
        for method, identifier in obj.inherited:
            out[f"{obj.name}.{method}"] = identifier
    return out
