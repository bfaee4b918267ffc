"""Reading parameters: the **kwargs chain, typed overloads, annotations as readers write them."""

from __future__ import annotations

from typing import overload

from tools.signatures import _annotation, class_signature, format_call, live_parameters


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
    assert _annotation("torch.optim.optimizer.Optimizer | None") == "Optimizer | None"
    assert _annotation("dict[str, typing.Any]") == "dict[str, Any]"


def test_format_call_marks_keyword_only_parameters():
    params = class_signature(Base).parameters
    assert format_call("Base", params) == "Base(*, device=None, batch_size=None)"
