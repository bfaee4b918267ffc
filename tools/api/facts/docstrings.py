"""torchrl's reStructuredText-flavoured docstrings -> the Google-style Markdown mkdocstrings renders.

torchrl writes Google sections (``Args:``, ``Returns:``) but Sphinx inside
them: roles (``:class:`~torchrl.objectives.ClipPPOLoss```), double-backtick
literals, ``.. note::`` directives, ``Examples:`` full of doctests.  Left
as they are, griffe mis-parses parameter names ("alpha_init (" from
``alpha_init (:obj:`float`, optional)``) and mkdocstrings prints dozens of
warnings.  ``to_markdown`` rewrites one docstring; ``TorchrlDocstrings`` is
the griffe extension that applies it to every object griffe loads.

What the site does with them:

* roles become code spans, or autorefs links when the target is documented
  on this site (``link``); in a parameter's type they become plain text;
* directives that hold code (``.. code-block::``, ``Examples:``, doctest
  lines) are dropped: this site shows only code it ran;
* ``.. note::``/``.. warning::``/... become Google admonitions;
* attribute fields (``:cvar name: text``) become "`name` (class attribute): text";
* a list that starts right under a line of text gets the blank line Markdown needs
  to read it as a list (``The trainer handles:`` then ``- ...`` lines ran into one
  paragraph);
* ``<`` and ``>`` outside code spans are escaped, so a docstring cannot
  inject HTML into the page.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import griffe

# A role: :class:`Name`, :py:meth:`~a.b.c`, :math:`x^2`, :ref:`title <target>`.
ROLE = re.compile(r":(?:py:)?(?P<role>[\w-]+):`(?P<body>[^`]+)`")
RST_LITERAL = re.compile(r"``(?P<body>[^`]+?)``")
# `text <https://...>`_  and  `text`_  (hyperlinks)
RST_LINK = re.compile(r"`(?P<text>[^`<]+?)\s*<(?P<url>[^`>]+)>`__?")
RST_BARE_REF = re.compile(r"`(?P<text>[^`]+)`__?(?![\w`])")
DIRECTIVE = re.compile(r"^(?P<indent>\s*)\.\.\s+(?P<name>[\w:-]+)::\s*(?P<arg>.*)$")
SECTION_EXAMPLES = re.compile(r"^(?P<indent>\s*)(Examples?|Example usage)\s*:?\s*$", re.IGNORECASE)
DOCTEST = re.compile(r"^\s*(>>>|\.\.\.)(\s|$)")
# A parameter line of a Google section: "name (type): description".
PARAM_LINE = re.compile(r"^(?P<head>\s*\*{0,2}\w+\s*)\((?P<type>[^)]*)\)(?P<tail>\s*:.*)$")
CODE_SPAN = re.compile(r"(`+)(?:.+?)\1")
# A Sphinx field naming an attribute: ":cvar default_value_estimator: text".
ATTRIBUTE_FIELD = re.compile(r"^(?P<indent>\s*):(?P<field>cvar|ivar|var)\s+(?P<name>\w+):\s*")
ATTRIBUTE_KINDS = {"cvar": "class attribute", "ivar": "attribute", "var": "attribute"}

ADMONITIONS = {
    "note": "Note",
    "warning": "Warning",
    "seealso": "See also",
    "important": "Important",
    "tip": "Tip",
    "hint": "Hint",
    "caution": "Caution",
    "danger": "Danger",
    "attention": "Attention",
    "deprecated": "Deprecated",
    "versionadded": "Added in version",
    "versionchanged": "Changed in version",
    "todo": "Todo",
}
CODE_DIRECTIVES = {"code-block", "code", "sourcecode", "testcode", "testsetup", "testoutput", "doctest", "ipython"}

Link = Callable[[str], "str | None"]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _drop_code(lines: list[str]) -> list[str]:
    """Drop Examples sections, code directives and doctest lines (with the output printed under them)."""
    out: list[str] = []
    skip_deeper_than: int | None = None
    in_doctest = False
    for line in lines:
        if skip_deeper_than is not None:
            if not line.strip() or _indent(line) > skip_deeper_than:
                continue
            skip_deeper_than = None
        if in_doctest:
            if line.strip() and not DOCTEST.match(line):
                continue  # the output a doctest line printed
            in_doctest = False
        if match := SECTION_EXAMPLES.match(line):
            skip_deeper_than = len(match.group("indent"))
            continue
        directive = DIRECTIVE.match(line)
        if directive and directive.group("name").lower() in CODE_DIRECTIVES:
            skip_deeper_than = len(directive.group("indent"))
            continue
        if DOCTEST.match(line):
            in_doctest = True
            continue
        out.append(line)
    return out


def _directives(lines: list[str]) -> list[str]:
    """``.. note:: text`` -> ``Note:`` and the text indented below it (a Google admonition)."""
    out: list[str] = []
    for line in lines:
        match = DIRECTIVE.match(line)
        if not match:
            out.append(line)
            continue
        indent, name, arg = match.group("indent"), match.group("name").lower(), match.group("arg").strip()
        if name in ADMONITIONS:
            title = ADMONITIONS[name]
            if name.startswith("version") or name == "deprecated":
                out.append(f"{indent}{title} {arg}:" if arg else f"{indent}{title}:")
            else:
                out.append(f"{indent}{title}:")
                if arg:
                    out.append(f"{indent}    {arg}")
        else:  # math, autosummary, ...: keep the argument as text, the directive's name goes
            if arg:
                out.append(f"{indent}{arg}")
    return out


def role_text(role: str, body: str) -> tuple[str, str]:
    """(text to show, target) of a role's body: ``~a.b.C`` -> ("C", "a.b.C"); ``T <a.B>`` -> ("T", "a.B")."""
    explicit = re.match(r"^(?P<title>.+?)\s*<(?P<target>[^>]+)>$", body)
    if explicit:
        return explicit.group("title"), explicit.group("target")
    target = body.lstrip("~!.")
    shown = target.rsplit(".", 1)[-1] if body.startswith("~") else target
    if role in {"meth", "func"} and not shown.endswith(")"):
        shown += "()"
    return shown, target


def _roles(text: str, link: Link) -> str:
    def replace(match: re.Match) -> str:
        role, body = match.group("role"), match.group("body")
        if role == "math":
            return f"`{body}`"
        shown, target = role_text(role, body)
        identifier = link(target) if role not in {"ref", "doc", "envvar", "term"} else None
        return f"[`{shown}`][{identifier}]" if identifier else f"`{shown}`"

    return ROLE.sub(replace, text)


def plain_roles(text: str) -> str:
    """Roles as bare text (inside a parameter's type, which griffe reads as an annotation)."""
    return ROLE.sub(lambda m: role_text(m.group("role"), m.group("body"))[0].removesuffix("()"), text)


def escape_html(text: str) -> str:
    """``<`` and ``>`` outside code spans as entities: the text stays visible and cannot become markup."""
    parts, last = [], 0
    for match in CODE_SPAN.finditer(text):
        parts.append(text[last : match.start()].replace("<", "&lt;").replace(">", "&gt;"))
        parts.append(match.group(0))
        last = match.end()
    parts.append(text[last:].replace("<", "&lt;").replace(">", "&gt;"))
    return "".join(parts)


def _inline(line: str, link: Link) -> str:
    line = ATTRIBUTE_FIELD.sub(
        lambda m: f"{m.group('indent')}`{m.group('name')}` ({ATTRIBUTE_KINDS[m.group('field')]}): ", line
    )
    param = PARAM_LINE.match(line)
    if param:
        head = f"{param.group('head')}({plain_roles(param.group('type')).replace('`', '')})"
        return head + _inline(param.group("tail"), link)
    line = RST_LINK.sub(lambda m: f"[{m.group('text')}]({m.group('url')})", line)
    line = RST_LITERAL.sub(lambda m: f"`{m.group('body')}`", line)
    line = escape_html(line)
    line = _roles(line, link)
    return RST_BARE_REF.sub(lambda m: m.group("text") if " " in m.group("text") else m.group(0), line)


LIST_ITEM = re.compile(r"^(?P<indent>\s*)(?:[-*+]|\d+[.)])\s+\S")


def _list_breaks(lines: list[str]) -> list[str]:
    """A blank line before the first item of a list that directly follows text (at its indentation or less)."""
    out: list[str] = []
    for line in lines:
        item = LIST_ITEM.match(line)
        follows_text = out and out[-1].strip() and not LIST_ITEM.match(out[-1])
        if item and follows_text and _indent(out[-1]) <= len(item.group("indent")):
            out.append("")
        out.append(line)
    return out


def to_markdown(docstring: str, link: Link = lambda target: None) -> str:
    """One docstring, cleaned as the module docstring says.

    ``link(target)`` returns the identifier to link a role's target to
    (``torchrl.objectives.ClipPPOLoss``), or None for a code span.
    """
    lines = _list_breaks(_directives(_drop_code(docstring.splitlines())))
    # A trailing "::" (reStructuredText's literal-block marker) reads as a colon.
    lines = [
        line[:-1] if line.rstrip().endswith("::") and not line.strip().startswith("..") else line for line in lines
    ]
    text = "\n".join(_inline(line, link) for line in lines)
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n")


class TorchrlDocstrings(griffe.Extension):
    """Rewrites each docstring griffe loads with ``to_markdown`` before anything parses it."""

    def __init__(self, link: Link = lambda target: None) -> None:
        super().__init__()
        self.link = link

    def on_instance(self, *, obj: griffe.Object, **kwargs) -> None:
        if obj.docstring is not None:
            obj.docstring.value = to_markdown(obj.docstring.value, self.link)
