"""Message expressions read into fixed text and fields, the way torchrl builds its messages."""

from __future__ import annotations

import ast

import pytest

from tools.error_catalog.facts.messages import MessageReader, string_assignments


def _template(source: str, function: str = "", line: int = 10**6) -> tuple[str, bool]:
    assignments = string_assignments(ast.parse(function)) if function else []
    parts, known = MessageReader(assignments, line).read(ast.parse(source, mode="eval").body)
    return "".join("{" + p.field + "}" if p.is_field else p.text for p in parts), known


@pytest.mark.parametrize(
    "source, template",
    [
        ('"plain text"', "plain text"),
        ('f"value key {self.value_key} not found"', "value key {self.value_key} not found"),
        ('f"got {x!r} and {len(y)}"', "got {x} and {len(y)}"),
        ('"a " + f"{b}" + " c"', "a {b} c"),
        ('"%s must be > %d" % (name, 0)', "{name} must be > {0}"),
        ('"%(key)s missing" % mapping', "{mapping} missing"),
        ('"{} and {name}".format(a, name=b)', "{a} and {b}"),
        ('"{0}, {0}".format(a)', "{a}, {a}"),
        ('"braces {{kept}} {}".format(a)', "braces {kept} {a}"),
    ],
)
def test_message_forms(source, template):
    assert _template(source) == (template, True)


def test_a_computed_message_is_one_field_and_not_known():
    assert _template("make_message(a, b)") == ("{make_message(a, b)}", False)


def test_a_name_assigned_before_the_raise_is_followed_with_its_appends():
    function = 'def f(x):\n    msg = "first"\n    msg += f" then {x}"\n    raise ValueError(msg)\n    msg = "later"\n'
    assert _template("msg", function, line=4) == ("first then {x}", True)


def test_a_long_field_is_cut():
    text, _known = _template('f"{' + "a" * 100 + '}"')
    assert text.startswith("{aaaa") and text.endswith("…}") and len(text) < 70
