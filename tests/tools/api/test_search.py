"""The search index skips constructor parameters a page already lists in its own table."""

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


def test_only_the_listed_classes_own_parameter_tables_are_excluded():
    html = '<h2 id="api">API</h2>' + _class("pkg.Loss", heading=False) + _class("pkg.Hook", heading=True)
    out = search.exclude_repeated_parameters(html, {"pkg.Loss"})
    loss, hook = out.split('<div class="doc doc-object doc-class">')[1:]
    assert loss.count("<table data-search-exclude>") == 2 and loss.count("<p data-search-exclude>") == 2
    assert "<table>" in loss.split("doc-children")[1]  # forward's parameters stay searchable
    assert "data-search-exclude" not in hook
    assert out.replace(" data-search-exclude", "") == html  # nothing else changes


def test_a_class_shown_with_its_heading_is_found_too():
    html = _class("pkg.Trainer", heading=True, method_params=False)
    assert search.exclude_repeated_parameters(html, {"pkg.Trainer"}).count("<table data-search-exclude>") == 2


def test_pages_without_api_sections_are_untouched():
    html = '<h1 id="x">T</h1><p><span class="doc-section-title">Parameters:</span></p><table></table>'
    assert search.exclude_repeated_parameters(html, {"x"}) == html


def test_losses_and_trainers_are_the_classes_whose_pages_list_their_parameters():
    documented = objects.documented()
    chosen = search.repeated_parameters()
    assert documented["ClipPPOLoss"].identifier in chosen and documented["PPOTrainer"].identifier in chosen
    for name in ("GAE", "SoftUpdate", "LogScalar", "LossModule"):
        assert documented[name].identifier not in chosen
