"""The names a module offers a caller, read from its source: keywords by qualified name, exports, star imports."""

from __future__ import annotations

from tools.error_catalog.facts.api_names import VAR_KEYWORD, module_of, read_names, resolved

LOSS = """\
from __future__ import annotations

import torch
from torch import nn
from typing import Optional

from .common import LossModule
from torchrl.objectives.utils import hold_out_net

LIMIT = 3
_PRIVATE = 4


def _helper(x, scale=1):
    return x


def build(actor, *, critic=None, **kwargs):
    def inner(y):  # nested in a function: nobody calls it by name
        return y
    return inner


class ClipPPOLoss(LossModule):
    def __init__(self, actor_network, critic_network=None, *, clip_epsilon=0.2):
        super().__init__()

    @property
    def functional(self):
        return True

    @functional.setter
    def functional(self, value):
        pass

    class Nested:
        def forward(self, data, /, key="x"):
            return data

    def _private(self, x):
        return x


if torch.cuda.is_available():
    def guarded(a):
        return a
"""


def test_keywords_by_qualified_name_without_private_or_nested_functions():
    names = read_names(LOSS, "torchrl.objectives.ppo", package=False)
    assert names.keywords["ClipPPOLoss.__init__"] == ("actor_network", "critic_network", "clip_epsilon")
    assert names.keywords["build"] == ("actor", "critic", VAR_KEYWORD)
    # A property's setter does not replace the getter's signature; a positional-only argument is no keyword.
    assert names.keywords["ClipPPOLoss.functional"] == ()
    assert names.keywords["ClipPPOLoss.Nested.forward"] == ("key",)
    assert names.keywords["guarded"] == ("a",)
    assert not {"_helper", "ClipPPOLoss._private", "inner", "build.inner"} & set(names.keywords)


def test_a_module_exports_what_it_defines_a_package_what_it_binds_from_torchrl():
    module = read_names(LOSS, "torchrl.objectives.ppo", package=False)
    assert module.exports == ("ClipPPOLoss", "build", "guarded")
    package = read_names(LOSS, "torchrl.objectives", package=True)
    # torch, nn and Optional are torch's and typing's names, not torchrl's; private names are nobody's.
    assert package.exports == ("ClipPPOLoss", "LIMIT", "LossModule", "build", "guarded", "hold_out_net")


def test_star_imports_follow_all_or_every_public_name():
    modules = {
        "torchrl.envs": read_names("from .transforms import *\nfrom .common import EnvBase\n", "torchrl.envs", True),
        "torchrl.envs.transforms": read_names(
            "from .transforms import *\nfrom .other import *\n", "torchrl.envs.transforms", True
        ),
        "torchrl.envs.transforms.transforms": read_names(
            "__all__ = ['Compose']\nclass Compose: pass\nclass Hidden: pass\n",
            "torchrl.envs.transforms.transforms",
            False,
        ),
        "torchrl.envs.transforms.other": read_names(
            "from torchrl.envs.utils import step_mdp\nclass Other: pass\n", "torchrl.envs.transforms.other", False
        ),
    }
    found = resolved(modules)
    assert found["torchrl.envs.transforms"] == ("Compose", "Other", "step_mdp")
    assert found["torchrl.envs"] == ("Compose", "EnvBase", "Other", "step_mdp")
    assert "Hidden" not in found["torchrl.envs"]


def test_a_relative_star_import_resolves_from_the_module_or_its_package():
    assert read_names("from . import *\n", "torchrl.a.b", False).stars == ("torchrl.a",)
    assert read_names("from .c import *\n", "torchrl.a", True).stars == ("torchrl.a.c",)
    assert read_names("from ..c import *\n", "torchrl.a.b", True).stars == ("torchrl.a.c",)


def test_unparsable_source_reads_as_nothing_and_paths_become_modules():
    assert read_names("def broken(:\n", "torchrl.x", False) is None
    assert module_of("torchrl/objectives/ppo.py") == "torchrl.objectives.ppo"
    assert module_of("torchrl/envs/__init__.py") == "torchrl.envs"


def test_a_module_with_a_getattr_may_offer_names_it_does_not_bind():
    lazy = read_names("def __getattr__(name):\n    return name\n", "torchrl.envs.transforms", True)
    assert lazy.dynamic
    assert not read_names("x = 1\n", "torchrl.envs", True).dynamic
