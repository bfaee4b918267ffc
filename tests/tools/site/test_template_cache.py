"""A `make serve` rebuild reuses the theme templates this process compiled, until one is edited."""

from __future__ import annotations

from jinja2 import Environment, FileSystemLoader

from tools.site.template_cache import InProcessTemplates


def _compiles(tmp_path, cache: InProcessTemplates) -> tuple[str, int]:
    """Render page.html in a new environment, as each rebuild makes one; how many templates it compiled."""
    env = Environment(loader=FileSystemLoader(str(tmp_path)), bytecode_cache=cache)
    compiled = []
    original = env.compile

    def counting(source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(name)
        return original(source, name, filename, raw, defer_init)

    env.compile = counting
    return env.get_template("page.html").render(title="T"), len(compiled)


def test_a_new_environment_reuses_what_an_earlier_one_compiled(tmp_path):
    (tmp_path / "base.html").write_text("<h1>{% block title %}{% endblock %}</h1>")
    (tmp_path / "page.html").write_text('{% extends "base.html" %}{% block title %}{{ title }}{% endblock %}')
    cache = InProcessTemplates()
    assert _compiles(tmp_path, cache) == ("<h1>T</h1>", 2)
    assert len(cache) == 2
    assert _compiles(tmp_path, cache) == ("<h1>T</h1>", 0)


def test_an_edited_template_is_compiled_again(tmp_path):
    (tmp_path / "base.html").write_text("<h1>{% block title %}{% endblock %}</h1>")
    (tmp_path / "page.html").write_text('{% extends "base.html" %}{% block title %}{{ title }}{% endblock %}')
    cache = InProcessTemplates()
    _compiles(tmp_path, cache)
    (tmp_path / "base.html").write_text("<h2>{% block title %}{% endblock %}</h2>")
    assert _compiles(tmp_path, cache) == ("<h2>T</h2>", 1)
