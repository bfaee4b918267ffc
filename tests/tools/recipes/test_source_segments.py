"""The recipes' reader slices source text itself (faster than ``ast.get_source_segment``): same text."""

from __future__ import annotations

import ast

import pytest

from tools.recipes.facts.read import _segment, recipe_files

AWKWARD = "a = 'é' + \"ü\"\nb = ('x',\r\n  'ß')\rc = {1: [2,\n  3]}\n"


SOURCES = {"awkward": AWKWARD, **{path.name: path.read_text() for path in recipe_files()}}


@pytest.mark.parametrize("source", list(SOURCES.values()), ids=list(SOURCES))
def test_every_node_has_the_text_the_standard_library_gives(source):
    nodes = [node for node in ast.walk(ast.parse(source)) if hasattr(node, "lineno")]
    assert nodes
    assert [_segment(source, node) for node in nodes] == [ast.get_source_segment(source, node) for node in nodes]
