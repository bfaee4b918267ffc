"""The names of torchrl's API that came or went between release tags, on a repository the test makes."""

from __future__ import annotations

import pytest

from tests.tools.wings.fix_scanner.conftest import TinyRepo
from tools.fixes.facts.records import ATTRIBUTE, EXPORT, KEYWORD, MODULE, NameSpan
from tools.wings.fix_scanner.git import Git
from tools.wings.fix_scanner.names import name_history

INIT_V1 = "from .transforms import Unsqueeze, old_helper\n"
TRANSFORMS_V1 = """\
class Unsqueeze:
    def __init__(self, unsqueeze_dim, *, keys=None):
        pass

    def old_method(self):
        pass

    def _private(self):
        pass

class Loose:
    def __init__(self, **kwargs):
        pass

def old_helper(x):
    return x

def make(a, old=None):
    return a
"""
TRANSFORMS_V2 = """\
class Unsqueeze:
    def __init__(self, dim, *, keys=None, allow_positive=False):
        pass

    @property
    def new_property(self):
        return 1

def new_helper(x):
    return x

def make(a, **kwargs):
    return a
"""


@pytest.fixture(scope="module")
def found(tmp_path_factory) -> dict[tuple[str, str, str], NameSpan]:
    work = tmp_path_factory.mktemp("names") / "rl"
    work.mkdir()
    repo = TinyRepo(work / ".git", work)
    repo.git("init", "-q", "-b", "main")
    repo.write("torchrl/__init__.py", "")
    repo.write("torchrl/envs/__init__.py", INIT_V1)
    repo.write("torchrl/envs/transforms.py", TRANSFORMS_V1)
    repo.write("torchrl/envs/legacy.py", "def run():\n    pass\n")
    repo.commit("one", "[Feature] Transforms")
    repo.git("tag", "v0.1.0")
    repo.write("torchrl/envs/__init__.py", "from .transforms import *\n")
    repo.write("torchrl/envs/transforms.py", TRANSFORMS_V2)
    (work / "torchrl/envs/legacy.py").unlink()
    repo.commit("two", "[Refactor] Rename a keyword, replace a helper, drop a module")
    repo.git("tag", "v0.2.0")
    repo.write("torchrl/envs/extra.py", "def extra():\n    pass\n")
    repo.write("torchrl/envs/transforms.py", TRANSFORMS_V2.replace("(a, **kwargs)", "(a, new=None)"))
    repo.commit("three", "[Feature] A module after the last tag")
    git = Git(repo.git_dir)
    with git.blobs() as blobs:
        spans = name_history(git, blobs, repo.shas["three"], ["v0.1.0", "v0.2.0"])
    return {(s.kind, s.owner, s.name): s for s in spans}


def test_a_renamed_keyword_is_a_removal_and_an_addition(found):
    gone = found[(KEYWORD, "Unsqueeze.__init__", "unsqueeze_dim")]
    assert (gone.first, gone.last, gone.gone_in, gone.now) == ("v0.1.0", "v0.1.0", "v0.2.0", False)
    assert gone.file == "torchrl/envs/transforms.py"
    added = found[(KEYWORD, "Unsqueeze.__init__", "dim")]
    assert (added.first, added.last, added.gone_in, added.now, added.lacked_by) == (
        "v0.2.0",
        "v0.2.0",
        None,
        True,
        "v0.1.0",
    )
    assert (KEYWORD, "Unsqueeze.__init__", "allow_positive") in found
    # A keyword every release had is no news; a function that takes any keyword has none to lose.
    assert (KEYWORD, "Unsqueeze.__init__", "keys") not in found
    assert not [key for key in found if key[1] == "Loose.__init__"]


def test_an_export_a_package_dropped_and_one_a_star_import_brought(found):
    assert found[(EXPORT, "torchrl.envs", "old_helper")].gone_in == "v0.2.0"
    assert found[(EXPORT, "torchrl.envs", "new_helper")].first == "v0.2.0"
    # A class that went with its module's other names is the module's export that went.
    assert found[(EXPORT, "torchrl.envs.transforms", "Loose")].gone_in == "v0.2.0"
    assert (EXPORT, "torchrl.envs", "Unsqueeze") not in found


def test_modules_that_went_and_came(found):
    legacy = found[(MODULE, "torchrl.envs.legacy", "")]
    assert (legacy.first, legacy.last, legacy.gone_in, legacy.now) == ("v0.1.0", "v0.1.0", "v0.2.0", False)
    extra = found[(MODULE, "torchrl.envs.extra", "")]
    assert (extra.first, extra.last, extra.now, extra.lacked_by) == (None, None, True, "v0.2.0")
    # The keywords and exports of a module that went are the module's: the import fails first.
    assert (EXPORT, "torchrl.envs.legacy", "run") not in found


def test_methods_and_properties_a_class_lost_or_gained(found):
    gone = found[(ATTRIBUTE, "Unsqueeze", "old_method")]
    # Whether a class still reaches a method its body lost (inherited, set at run time), no release's
    # source tells: no release is said to lack it.
    assert (gone.first, gone.last, gone.gone_in, gone.now) == ("v0.1.0", "v0.1.0", None, False)
    # One the class body came to define may have been inherited before: no fact to keep.
    assert (ATTRIBUTE, "Unsqueeze", "new_property") not in found
    # A private method is nobody's to call; a class that went takes its methods with it.
    assert (ATTRIBUTE, "Unsqueeze", "_private") not in found
    assert not [key for key in found if key[0] == ATTRIBUTE and key[1] == "Loose"]


def test_a_release_whose_function_takes_any_keyword_neither_has_nor_lacks_one(found):
    # v0.2.0's make() took **kwargs: whether it accepted old= or new=, its source cannot tell.
    old = found[(KEYWORD, "make", "old")]
    assert (old.first, old.last, old.gone_in, old.now) == ("v0.1.0", "v0.1.0", None, False)
    assert (KEYWORD, "make", "new") not in found
