"""A constructor parameter a page lists in its own table is described once: the API section links it."""

from __future__ import annotations

from tools.api.facts import objects
from tools.api.views import search

PARAMS = '<p><span class="doc-section-title">{title}</span></p>\n    <table><tr><td>{name}</td></tr></table>'


def _class(identifier: str, *, heading: bool, method_params: bool = True) -> str:
    anchor = f'<h3 id="{identifier}" class="doc doc-heading">X</h3>' if heading else f'<a id="{identifier}"></a>'
    method = (
        (
            '<div class="doc doc-children"><div class="doc doc-object doc-function">'
            f'<h4 id="{identifier}.forward">forward</h4><div class="doc doc-contents ">'
            + PARAMS.format(title="Parameters:", name="tensordict")
            + "</div></div></div>"
        )
        if method_params
        else ""
    )
    return (
        f'<div class="doc doc-object doc-class">{anchor}<div class="doc doc-contents first"><p>Doc.</p>'
        + PARAMS.format(title="Parameters:", name="actor")
        + PARAMS.format(title="Other Parameters:", name="gamma")
        + method
        + "</div></div>"
    )


def test_only_the_listed_classes_own_parameter_tables_are_replaced_by_a_link():
    html = '<h2 id="api">API</h2>' + _class("pkg.Loss", heading=False) + _class("pkg.Hook", heading=True)
    out = search.replace_repeated_parameters(html, {"pkg.Loss": "constructor"})
    loss, hook = out.split('<div class="doc doc-object doc-class">')[1:]
    own = loss.split("doc-children")[0]
    assert "actor" not in own and "gamma" not in own
    assert own.count('<a href="#constructor">') == 1
    assert "tensordict" in loss.split("doc-children")[1]  # forward's parameters stay
    assert hook == html.split('<div class="doc doc-object doc-class">')[2]


def test_a_class_shown_with_its_heading_is_found_too():
    html = _class("pkg.Trainer", heading=True, method_params=False)
    out = search.replace_repeated_parameters(html, {"pkg.Trainer": "parameters"})
    assert "<table>" not in out and '<a href="#parameters">' in out


def test_pages_without_api_sections_are_untouched():
    html = '<h1 id="x">T</h1><p><span class="doc-section-title">Parameters:</span></p><table></table>'
    assert search.replace_repeated_parameters(html, {"x": "constructor"}) == html


def test_losses_and_trainers_are_the_classes_whose_pages_list_their_parameters():
    documented = objects.documented()
    chosen = search.repeated_parameters()
    assert chosen[documented["ClipPPOLoss"].identifier] == "constructor"
    assert chosen[documented["PPOTrainer"].identifier] == "parameters"
    for name in ("GAE", "SoftUpdate", "LogScalar", "LossModule"):
        assert documented[name].identifier not in chosen
