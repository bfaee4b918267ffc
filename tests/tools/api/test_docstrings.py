"""The griffe extension on adversarial docstrings: what torchrl writes, and what nobody should."""

from __future__ import annotations

import griffe

from tools.api.facts.docstrings import TorchrlDocstrings, escape_html, to_markdown

KNOWN = {"torchrl.objectives.value.GAE": "torchrl.objectives.value.GAE"}


def link(target: str) -> str | None:
    return KNOWN.get(target)


def parse(doc: str) -> list[griffe.DocstringSection]:
    return griffe.Docstring(
        to_markdown(doc, link), parser=griffe.Parser.google, parser_options={"warn_missing_types": False}
    ).parse()


def parameters(doc: str) -> dict[str, griffe.DocstringParameter]:
    section = next(s for s in parse(doc) if s.kind.value == "parameters")
    return {p.name: p for p in section.value}


def test_roles_in_a_parameter_type_become_plain_text_and_keep_the_name_whole():
    doc = (
        "Summary.\n\nArgs:\n"
        "    alpha_init (:obj:`float`, optional): initial ``alpha``. Defaults to 1.0.\n"
        "    actor (:class:`~tensordict.nn.TensorDictModule`): the policy.\n"
    )
    params = parameters(doc)
    assert set(params) == {"alpha_init", "actor"}
    assert str(params["alpha_init"].annotation) == "float"  # griffe reads ", optional" as a flag
    assert str(params["actor"].annotation) == "TensorDictModule"
    assert params["alpha_init"].description == "initial `alpha`. Defaults to 1.0."


def test_a_role_naming_a_documented_object_links_to_it_others_become_code():
    text = to_markdown("Use :class:`~torchrl.objectives.value.GAE` or :func:`torch.vmap`, see :ref:`here <x>`.", link)
    assert "[`GAE`][torchrl.objectives.value.GAE]" in text
    assert "`torch.vmap()`" in text and "[`torch.vmap" not in text
    assert "`here`" in text


def test_examples_code_blocks_and_doctests_are_dropped():
    doc = (
        "Summary.\n\n"
        ".. code-block:: python\n\n    import torch\n    run_me()\n\n"
        "Middle.\n\n"
        "    >>> x = 1\n    >>> print(x)\n    1\n\n"
        "Examples:\n    >>> loss = Foo()\n    ...   more\n    out\n\n"
        "After.\n"
    )
    text = to_markdown(doc)
    for gone in ("import torch", "run_me", ">>>", "Foo()", "Examples", "print(x)"):
        assert gone not in text
    assert "Summary." in text and "Middle." in text and "After." in text


def test_notes_become_admonitions():
    sections = parse("Summary.\n\n.. note:: it must write ``action``.\n\n.. warning::\n    Slow.\n")
    admonitions = [s for s in sections if s.kind.value == "admonition"]
    assert [(a.value.kind, a.value.contents) for a in admonitions] == [
        ("note", "it must write `action`."),
        ("warning", "Slow."),
    ]


def test_html_and_angle_brackets_cannot_become_markup():
    text = to_markdown('Returns <b>bold</b> and <script>alert("x")</script>; keep `a<b>` as code.')
    assert "<b>" not in text.replace("`a<b>`", "") and "<script>" not in text
    assert "&lt;script&gt;" in text and "`a<b>`" in text


def test_rst_links_and_literal_blocks_read_as_markdown():
    text = to_markdown("See `the paper <https://arxiv.org/abs/1>`_ and this::\n\n    x = 1\n")
    assert "[the paper](https://arxiv.org/abs/1)" in text
    assert "this:" in text and "this::" not in text


def test_escape_html_keeps_code_spans():
    assert escape_html("a < b `<c>` > d") == "a &lt; b `<c>` &gt; d"


def test_extension_rewrites_every_loaded_docstring(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text(
        'class A:\n    """Summary.\n\n    Args:\n        x (:obj:`int`): the <x>.\n\n    Examples:\n        >>> A(1)\n    """\n'
    )
    loaded = griffe.load("pkg", search_paths=[tmp_path], extensions=griffe.load_extensions(TorchrlDocstrings()))
    value = loaded["A"].docstring.value
    assert ">>>" not in value and "(int)" in value and "&lt;x&gt;" in value


def test_attribute_fields_read_as_text():
    doc = "Base.\n\n:cvar default_value_estimator: The default value type.\n    Changed with :meth:`~.make_value_estimator`.\n"
    text = to_markdown(doc)
    assert "`default_value_estimator` (class attribute): The default value type." in text
    assert ":cvar" not in text


def test_a_list_right_under_a_line_of_text_reads_as_a_list():
    out = to_markdown("The trainer handles:\n- replay buffers\n- target updates\n\nMore.")
    assert out == "The trainer handles:\n\n- replay buffers\n- target updates\n\nMore."
    # Inside a parameter's description (indented) too; a continuation line of an item is left alone.
    out = to_markdown("Args:\n    eps: the threshold.\n        - float x: symmetric\n          clipped\n")
    assert "the threshold.\n\n        - float x: symmetric\n          clipped" in out
