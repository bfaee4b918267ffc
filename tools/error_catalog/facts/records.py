"""The catalogue's records: one ``Site`` per ``raise`` or ``warnings.warn`` in the code it reads."""

from __future__ import annotations

from dataclasses import dataclass, field

# What a site does.
RAISE = "raise"  # raises a new exception
RERAISE = "reraise"  # raises again what it caught (``raise`` alone, or ``raise err`` of an ``except ... as err``)
WARN = "warn"  # warnings.warn(...)

# Why a module is read: it is covered, or covered code calls into one of its functions.
COVERED = "covered"
CALLED = "called"


@dataclass(frozen=True)
class Part:
    """A piece of a message: fixed text, or a field the running code fills in (``field`` is its source)."""

    text: str = ""
    field: str = ""

    @property
    def is_field(self) -> bool:
        return bool(self.field)


def pieces(parts: list[Part]) -> tuple[list[str], list[str]]:
    """(fixed pieces, fields) of a message: the fixed text between fields, one piece more than there are fields."""
    fixed, fields = [""], []
    for part in parts:
        if part.is_field:
            fields.append(part.field)
            fixed.append("")
        else:
            fixed[-1] += part.text
    return fixed, fields


def joined(fixed: list[str], fields: list[str]) -> list[Part]:
    """The parts of a message given as ``pieces`` gives it."""
    parts = [Part(text=fixed[0])] if fixed[0] else []
    for name, after in zip(fields, fixed[1:], strict=True):
        parts.append(Part(field=name))
        if after:
            parts.append(Part(text=after))
    return parts


def owner_of(function: str) -> str:
    """The class a method belongs to, or the function itself ("ClipPPOLoss", "_reduce")."""
    return function.split(".<locals>.")[0].split(".")[0]


@dataclass(frozen=True)
class Site:
    """One place that raises or warns, as its source reads."""

    module: str  # torchrl.objectives.ppo
    path: str  # torchrl/objectives/ppo.py
    line: int
    function: str  # qualname of the enclosing function ("ClipPPOLoss.forward"), "<module>" at module level
    index: int  # 1-based position among the sites of that function, in source order
    kind: str  # RAISE, RERAISE or WARN
    exception: str  # as written: "KeyError", "ValueError", "DeprecationWarning"; "" where it is computed
    exception_qualname: str  # resolved class: "builtins.KeyError", "torchrl.foo.BarError"; "" when unresolved
    key_error: bool  # the class is a KeyError: Python shows its message between quotes
    message: list[Part]  # [] when the site gives no message
    message_known: bool  # False when the message is built by code the reader cannot follow statically
    guards: list[str]  # the conditions that lead there, innermost first ("if not x", "except KeyError")
    why_read: str  # COVERED or CALLED
    called_from: str = ""  # for CALLED: a covered function whose calls lead here ("module:qualname")

    @property
    def id(self) -> str:
        return f"{self.module}:{self.function}:{self.index}"

    @property
    def owner(self) -> str:
        return owner_of(self.function)

    def template(self) -> str:
        """The message as a reader sees it, each field shown as ``{source}``."""
        return "".join(part.text if not part.is_field else "{" + part.field + "}" for part in self.message)

    def fixed_text(self) -> str:
        return "".join(part.text for part in self.message)


@dataclass(frozen=True)
class Trigger:
    """A text this build captured from torchrl that one site's message template matches."""

    site: str  # Site.id
    text: str  # "Type: message", as captured
    source: str  # where it was captured: "troubleshooting <slug>", "loss probe ClipPPOLoss(...)"
    page: str  # the docs-relative page (with its anchor) that shows the capture and its fix


@dataclass(frozen=True)
class Catalog:
    torchrl: str
    covered: list[str]  # the covered package prefixes
    modules: dict[str, str]  # module -> COVERED or CALLED
    sites: list[Site] = field(default_factory=list)

    def by_id(self) -> dict[str, Site]:
        return {site.id: site for site in self.sites}
