"""Reading parameters: the **kwargs chain, typed overloads, annotations as readers write them."""

from __future__ import annotations

from typing import overload

from tools.core.signatures import (
    annotation_text,
    class_signature,
    format_call,
    format_signature,
    function_signature,
    live_parameters,
)


class Base:
    def __init__(self, *, device=None, batch_size=None):
        pass


class Middle(Base):
    def __init__(self, env_name: str, lr: float = 0.1, **kwargs):
        super().__init__(**kwargs)


class Thin(Middle):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)


class Overloaded:
    @overload
    def __init__(self, base: int, scale: float = 1.0) -> None: ...

    @overload
    def __init__(self, *, base: int, shift: int = 0) -> None: ...

    def __init__(self, *args, **kwargs):
        pass


def test_own_parameters_come_from_the_first_init_that_names_any():
    signature = class_signature(Thin)
    assert signature.names() == ["env_name", "lr"]
    assert [p.name for p in signature.via_kwargs] == ["device", "batch_size"]
    assert signature.get("lr").default == "0.1" and signature.get("env_name").required


def test_a_closed_chain_is_not_open():
    own, via, open_kwargs = live_parameters(Base)
    assert list(own) == ["device", "batch_size"] and not via and not open_kwargs
    assert live_parameters(Thin)[2]


def test_typed_overloads_stand_for_an_args_kwargs_init():
    assert class_signature(Overloaded).names() == ["base", "scale", "shift"]


def test_annotations_drop_module_paths():
    assert annotation_text("torch.optim.optimizer.Optimizer | None") == "Optimizer | None"
    assert annotation_text("dict[str, typing.Any]") == "dict[str, Any]"


def test_format_call_marks_keyword_only_parameters():
    params = class_signature(Base).parameters
    assert format_call("Base", params) == "Base(*, device=None, batch_size=None)"


class Spelled:
    def __init__(self, a: int, /, b: str = "x", *extra: float, c: bool = True, **rest: object):
        pass


class KeywordsOnly:
    def __init__(self, network, *, gamma: float | None = None, delay: bool = True):
        pass


def test_format_signature_spells_kinds_catch_alls_and_annotations():
    assert format_signature("Spelled", class_signature(Spelled)) == (
        "Spelled(a: int, /, b: str = 'x', *extra: float, c: bool = True, **rest: object)"
    )
    assert format_signature("KeywordsOnly", class_signature(KeywordsOnly)) == (
        "KeywordsOnly(network, *, gamma: float | None = None, delay: bool = True)"
    )
    assert format_signature("Spelled", class_signature(Spelled), annotated=False) == (
        "Spelled(a, /, b='x', *extra, c=True, **rest)"
    )


def test_format_signature_shows_the_catch_alls_beside_the_own_parameters():
    # Thin's own __init__ names nothing: the line is Middle's, whose **kwargs reach Base.
    assert format_signature("Thin", class_signature(Thin)) == "Thin(env_name: str, lr: float = 0.1, **kwargs)"
    # A typed overload set: what the overloads declare, grouped so the line is valid Python.
    assert format_signature("Overloaded", class_signature(Overloaded)) == (
        "Overloaded(base: int, scale: float = 1.0, *, shift: int = 0)"
    )


def test_parameters_reached_through_kwargs_name_the_class_that_declares_them():
    signature = class_signature(Thin)
    assert [p.name for p in signature.all()] == ["env_name", "lr", "device", "batch_size"]
    assert [p.declared_by for p in signature.all()] == ["Middle", "Middle", "Base", "Base"]


def test_function_signature_keeps_the_catch_alls_apart():
    signature = function_signature(Spelled.__init__, skip_first=True)
    assert signature.names() == ["a", "b", "c"] and signature.open_kwargs
    assert signature.var_positional.name == "extra" and signature.var_keyword.name == "rest"
    assert [p.kind for p in signature.parameters] == ["positional", "positional or keyword", "keyword-only"]


def test_annotations_keep_their_modules_on_request():
    assert annotation_text("torch.device | None", keep_modules=True) == "torch.device | None"
    assert annotation_text("torch.device | None") == "device | None"


def test_long_signatures_wrap_one_argument_per_line_as_a_formatter_would():
    from tools.core.signatures import wrap_signature

    short = "SoftUpdate(loss_module, *, eps=None, tau=None)"
    assert wrap_signature(short) == short
    long = "Loss(a: dict[str, int] = {'x': 1, 'y': 2}, b: str = 'p, q', *, c: tuple[int, int] = (1, 2), **kwargs)"
    assert wrap_signature(long, width=40) == (
        "Loss(\n"
        "    a: dict[str, int] = {'x': 1, 'y': 2},\n"
        "    b: str = 'p, q',\n"
        "    *,\n"
        "    c: tuple[int, int] = (1, 2),\n"
        "    **kwargs,\n"
        ")"
    )
