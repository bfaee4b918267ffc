"""The catalogue: every site of the covered modules, and the sites of the functions their calls reach."""

from __future__ import annotations

from tools.error_catalog.facts import reach
from tools.error_catalog.facts.records import CALLED, COVERED, RERAISE, WARN, Catalog, Part, Site
from tools.error_catalog.facts.scan import Found, scan, scan_function


def _constants(module: str, parts: list[Part]) -> list[Part]:
    """Fields naming a module-level string (``{_DEPRECATION_TEXT}``) become its text."""
    out = []
    for part in parts:
        value = reach.resolve(module, part.field) if part.is_field and part.field.isidentifier() else None
        out.append(Part(text=value) if isinstance(value, str) else part)
    return out


def _exception(module: str, found: Found) -> tuple[str, bool]:
    """(qualified class name, is a KeyError) of what a site raises or warns with; ("", False) unresolved."""
    obj = reach.resolve(module, found.exception)
    if not isinstance(obj, type) or not issubclass(obj, BaseException):
        return "", False
    name = obj.__qualname__ if obj.__module__ == "builtins" else f"{obj.__module__}.{obj.__qualname__}"
    return name, issubclass(obj, KeyError)


def _site(module: str, found: Found, index: int, why: str, origin: str) -> Site:
    qualname, key_error = _exception(module, found)
    message, known = found.message, found.message_known
    if found.kind != RERAISE:
        message = _constants(module, message)
        known = known or not any(part.is_field for part in message)
    return Site(
        module=module,
        path=reach.module_path(module),
        line=found.line,
        function=found.function,
        index=index,
        kind=found.kind,
        exception=found.exception,
        exception_qualname=qualname if found.kind != WARN or qualname else "UserWarning",
        key_error=key_error and found.kind != WARN,
        message=message,
        message_known=known,
        guards=found.guards,
        why_read=why,
        called_from=origin,
    )


def _sites(module: str, founds: list[Found], why: str, origins: dict[str, str]) -> list[Site]:
    counter: dict[str, int] = {}
    out = []
    for found in founds:
        counter[found.function] = counter.get(found.function, 0) + 1
        out.append(_site(module, found, counter[found.function], why, origins.get(found.function, "")))
    return out


def build_catalog() -> Catalog:
    import torchrl  # deferred: importing torchrl imports torch

    modules: dict[str, str] = {}
    sites: list[Site] = []
    for module in reach.covered_modules():
        modules[module] = COVERED
        found = scan(reach.source(module), reach.module_path(module), tree=reach.tree(module))
        sites += _sites(module, found, COVERED, {})
    for module, functions in reach.reached().items():
        founds, origins = [], {}
        for qualname, origin in functions.items():
            for found in scan_function(reach.called_function(module, qualname), reach.warn_names_of(module)):
                founds.append(found)
                origins[found.function] = origin
        if founds:
            modules[module] = CALLED
            sites += _sites(module, sorted(founds, key=lambda f: f.line), CALLED, origins)
    return Catalog(torchrl=torchrl.__version__, covered=list(reach.COVERED_PACKAGES), modules=modules, sites=sites)
