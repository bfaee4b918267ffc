"""mkdocs.yml says each key once: YAML keeps the last of two equal keys without a word, so a second
``extra:`` block silently dropped the first (the footer's repository link went with it)."""

from __future__ import annotations

import pytest
import yaml

from tools.core.paths import ROOT


class _StrictLoader(yaml.SafeLoader):
    """Refuses a mapping that names one key twice; MkDocs' own tags (!ENV, !!python/name) read as text."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _value in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(None, None, f"key {key!r} twice", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


_StrictLoader.add_multi_constructor("!", lambda loader, suffix, node: None)
_StrictLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def _load(text: str):
    return yaml.load(text, Loader=_StrictLoader)  # a SafeLoader subclass


def test_mkdocs_yml_names_each_key_once():
    config = _load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert {"repository", "llmstxt"} <= set(config["extra"])


def test_the_loader_refuses_a_key_said_twice():
    with pytest.raises(yaml.constructor.ConstructorError, match="'extra' twice"):
        _load("extra:\n  a: 1\nnav: []\nextra:\n  b: 2\n")
