"""Each object a fix changed, against the installed torchrl: what the pages call present, moved or gone is true."""

from __future__ import annotations

import importlib

import pytest

from tools.fixes.facts.installed import GONE, MOVED, PRESENT, SCRIPT, module_of, subjects_of


def _resolve(dotted_module: str, qualname: str):
    """The object ``qualname`` of ``dotted_module`` as Python finds it, or None."""
    try:
        found = importlib.import_module(dotted_module)
    except ImportError:
        return None
    for part in qualname.split("."):
        found = vars(found).get(part) if isinstance(found, type) else getattr(found, part, None)
        if found is None:
            return None
    return found


def _split(now: str, qualname: str) -> str:
    return now[: -len(qualname) - 1]


def test_every_present_or_moved_object_is_where_the_page_says(fix_objects):
    wrong = []
    for item in fix_objects.objects:
        if item.status not in (PRESENT, MOVED):
            continue
        found = _resolve(_split(item.now, item.qualname), item.qualname)
        if found is None:
            wrong.append(item.now)
    assert not wrong, f"objects the pages name as in the installed torchrl that it does not have: {wrong[:10]}"


def test_every_gone_object_is_not_defined_where_the_fix_found_it(fix_objects):
    still_there = []
    for item in fix_objects.objects:
        if item.status != GONE:
            continue
        found = _resolve(module_of(item.file), item.qualname)
        # A name imported from elsewhere is not the definition the fix changed.
        defined_here = found is not None and getattr(found, "__module__", None) == module_of(item.file)
        if defined_here:
            still_there.append(f"{item.file}: {item.qualname}")
    assert not still_there, f"objects marked gone that their module still defines: {still_there[:10]}"


def test_scripts_are_the_sota_files_and_have_no_classes(fix_objects):
    scripts = [o for o in fix_objects.objects if o.status == SCRIPT]
    assert scripts and all(o.file.startswith("sota-implementations/") and not o.subjects for o in scripts)
    statuses = {o.status for o in fix_objects.objects}
    assert statuses <= {PRESENT, MOVED, GONE, SCRIPT}


# --- which documented classes an object belongs to ---------------------------------------------------


class Base:
    def shared(self): ...

    def overridden(self): ...


class Child(Base):
    def overridden(self): ...


class Grandchild(Child): ...


class Elsewhere(Base): ...


for _cls in (Base, Child, Grandchild):
    _cls.__module__ = "fake.losses"
Elsewhere.__module__ = "fake.other"
CLASSES = {"Base": Base, "Child": Child, "Grandchild": Grandchild, "Elsewhere": Elsewhere}


@pytest.mark.parametrize(
    ("module", "qualname", "expected"),
    [
        # A method reaches its class and the subclasses of its module that inherit it unchanged.
        # (Elsewhere inherits it too, from another module: not reached.)
        ("fake.losses", "Base.shared", ["Base", "Child", "Grandchild"]),
        ("fake.losses", "Base.overridden", ["Base"]),
        ("fake.losses", "Child.overridden", ["Child", "Grandchild"]),
        # The body of a class: the class and its subclasses in the module.
        ("fake.losses", "Child", ["Child", "Grandchild"]),
        # A member gone from a documented class still belongs to it.
        ("fake.losses", "Child.removed", ["Child"]),
        # A helper of a loss's module: the loss classes defined there, and only there.
        ("fake.losses", "_helper", ["Child", "Grandchild"]),
        ("fake.other", "_helper", ["Elsewhere"]),
        ("fake.nowhere", "_helper", []),
    ],
)
def test_subjects(module, qualname, expected):
    assert subjects_of(module, qualname, CLASSES, losses={"Child", "Grandchild", "Elsewhere"}) == expected


def test_a_real_method_of_a_base_loss_reaches_the_subclasses_that_inherit_it(fix_objects):
    from torchrl.objectives import ClipPPOLoss, PPOLoss

    for item in fix_objects.objects:
        if item.status != PRESENT or not item.now.startswith("torchrl.objectives.ppo.PPOLoss."):
            continue
        method = item.qualname.split(".")[1]
        assert "PPOLoss" in item.subjects
        assert ("ClipPPOLoss" in item.subjects) == (getattr(ClipPPOLoss, method) is getattr(PPOLoss, method))
