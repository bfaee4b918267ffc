"""The loss pages' constructor block and argument table, checked against ``inspect`` on the installed classes."""

from __future__ import annotations

import inspect

from tools.losses.facts.build import all_records
from tools.losses.views.page import render_params
from tools.torchrl import losses as discover


def _own(cls: type) -> list[inspect.Parameter]:
    return list(inspect.signature(cls.__init__).parameters.values())[1:]  # drop self


def test_arguments_are_the_constructor_parameters_both_ways():
    classes = discover.loss_classes()
    for record in all_records():
        own = _own(classes[record.name])
        named = [p for p in own if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
        assert [p.name for p in record.params] == [p.name for p in named], record.name
        for declared, p in zip(named, record.params, strict=True):
            assert p.required == (declared.default is inspect.Parameter.empty), (record.name, p.name)
        for catch_all in (p for p in own if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)):
            prefix = "**" if catch_all.kind is catch_all.VAR_KEYWORD else "*"
            assert f"{prefix}{catch_all.name}" in record.signature, record.name


def test_arguments_passed_on_in_kwargs_are_named_by_a_parent():
    classes = discover.loss_classes()
    forwarding = [r for r in all_records() if r.params_via_kwargs]
    assert forwarding, "expected a loss whose constructor passes **kwargs to a parent loss (the PPO family)"
    for record in forwarding:
        cls = classes[record.name]
        assert any(p.kind is p.VAR_KEYWORD for p in _own(cls)), record.name
        own_names = {p.name for p in record.params}
        table = render_params(record, {})
        for p in record.params_via_kwargs:
            parent = next(k for k in cls.__mro__ if k.__qualname__ == p.declared_by)
            assert p.name in inspect.signature(parent.__init__).parameters and p.name not in own_names
            # The row of that argument (a "new in" badge may follow its name).
            row = next(line for line in table.splitlines() if line.startswith(f"| `{p.name}`"))
            assert f" | keyword, passed on in `**kwargs` to `{p.declared_by}` |" in row
