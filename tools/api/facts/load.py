"""One griffe parse of the documented torchrl modules per process, shared by the tables and mkdocstrings.

Stock mkdocstrings loads all of torchrl (hundreds of modules, seconds of a build)
for the first ``:::`` block.  Here griffe reads only the modules that define
a documented class or one of its bases (``objects.modules_to_load``), with
the ``TorchrlDocstrings`` extension, and the MkDocs adapter hands the result
to mkdocstrings' Python handler (``install``), so the argument tables and the
API sections show the same parse of the same docstrings.

``install`` sets the handler's ``_modules_collection``: a private attribute
of mkdocstrings-python, which is why pyproject.toml pins it and griffe, and
``tests/tools/api/test_load.py`` checks that the handler still reads it.
"""

from __future__ import annotations

from functools import cache, lru_cache

import griffe

from tools.api.facts import objects
from tools.api.facts.docstrings import TorchrlDocstrings
from tools.core.timing import stage

# The parser and its options; mkdocs.yml's mkdocstrings options must say the same (a test checks).
DOCSTRING_STYLE = "google"
DOCSTRING_OPTIONS = {
    # torchrl types parameters in the signature or not at all.
    "warn_missing_types": False,
    # Parameters a docstring describes but the signature does not name: the loss
    # pages list them as a measured fact (``documented_only``), not a warning.
    "warn_unknown_params": False,
}


class _DocumentedModulesOnly(griffe.ModuleFinder):
    """A module finder that lists only the submodules the site documents."""

    def __init__(self, *args, wanted: frozenset[str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.wanted = wanted

    def submodules(self, module: griffe.Module):
        return [
            (parts, path)
            for parts, path in super().submodules(module)
            if ".".join((module.path, *parts)) in self.wanted
        ]


def _link(target: str) -> str | None:
    known = objects.targets()
    if target in known:
        return known[target]
    # A relative target (:meth:`.LossModule.set_keys`) names the end of a path.
    ends = {identifier for path, identifier in known.items() if path.endswith("." + target)}
    return ends.pop() if len(ends) == 1 else None


@lru_cache(maxsize=1)
def collection() -> griffe.ModulesCollection:
    """The documented modules, loaded and with aliases resolved; computed once per process."""
    wanted = objects.modules_to_load()
    with stage("api.griffe"):
        loader = griffe.GriffeLoader(
            extensions=griffe.load_extensions(TorchrlDocstrings(_link)),
            docstring_parser=griffe.Parser(DOCSTRING_STYLE),
            docstring_options=DOCSTRING_OPTIONS,
        )
        loader.finder = _DocumentedModulesOnly(loader.finder.search_paths, wanted=wanted)
        loader.load("torchrl", try_relative_path=False)
        loader.resolve_aliases(implicit=False, external=False)
        _register_inherited(loader.modules_collection)
    return loader.modules_collection


def _register_inherited(collection: griffe.ModulesCollection) -> None:
    """Create griffe's aliases of every documented class's inherited members, now.

    An inherited method is rendered once, on the class that defines it
    (``objects.documented``); mkdocstrings lists each alias pointing to a
    rendered object in ``objects.inv``, so ``ClipPPOLoss.set_keys`` still
    resolves there (to ``LossModule.set_keys``).  griffe creates these aliases
    only when asked for a class's members, and the page defining the method
    may render before the subclass's page asks.
    """
    for obj in objects.documented().values():
        for path in (obj.identifier, obj.canonical):
            collection[path].inherited_members  # noqa: B018  (creating an alias registers it on its target)


@cache
def defined_at(path: str) -> str | None:
    """Where the object ``path`` names is defined (``torchrl.objectives.ClipPPOLoss.set_keys`` ->
    ``torchrl.objectives.common.LossModule.set_keys``), or None when the parse does not know it.

    Kept for the process, as the parse is: resolving griffe's aliases for every entry
    of objects.inv took most of a `make serve` rebuild."""
    try:
        obj = _lookup(path)
        return (obj.final_target if isinstance(obj, griffe.Alias) else obj).path
    except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
        return None


def _lookup(path: str):
    """``collection()[path]``, through members computed once per owner (``_members``)."""
    owner, dot, name = path.rpartition(".")
    return _members(owner)[name] if dot else collection()[path]


@cache
def _members(path: str) -> dict:
    """What ``collection()[path][name]`` looks ``name`` up in, computed once per owner.

    griffe builds a class's inherited members (every base's members wrapped in new aliases) and an
    alias's members afresh on each lookup, and objects.inv asks for its many paths through
    the same few classes: most of ``defined_at``'s time in a cold build."""
    return _lookup(path).all_members


def lines() -> griffe.LinesCollection:
    return griffe.LinesCollection()


def parsed(identifier: str) -> list[griffe.DocstringSection]:
    """The parsed docstring sections of a documented object (what its API section renders)."""
    obj = collection()[identifier]
    # Not silenced: griffe's notes go through mkdocstrings' logger (it patches
    # griffe's), so a warning here fails the strict build as it would there.
    return [] if obj.docstring is None else obj.docstring.parsed


def parameter_docs(identifier: str) -> dict[str, str]:
    """Parameter name -> its description (Markdown) in the object's docstring."""
    found: dict[str, str] = {}
    for section in parsed(identifier):
        if section.kind.value in ("parameters", "other parameters"):
            for parameter in section.value:
                found.setdefault(parameter.name.lstrip("*"), parameter.description)
    return found


def docstring_text(identifier: str) -> str:
    """The object's docstring as the parse holds it (after the extension's rewriting), "" when it has none."""
    obj = collection()[identifier]
    return "" if obj.docstring is None else obj.docstring.value


def install(handler) -> None:
    """Hand the parse to mkdocstrings' Python handler, which then loads nothing itself.

    The handler loads a package only when ``_modules_collection`` lacks it
    (mkdocstrings-python 2.0's ``collect``), so the documented modules are
    read once, here, restricted as above.
    """
    if not hasattr(handler, "_modules_collection"):
        raise RuntimeError(
            "mkdocstrings' Python handler has no _modules_collection any more: tools/api/facts/load.py relies on it; "
            "check the pins of mkdocstrings-python and griffelib in pyproject.toml"
        )
    handler._modules_collection = collection()
