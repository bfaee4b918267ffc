"""tools.torchrl.snapshot on the pinned torchrl: in-process, in a fresh interpreter, deterministic, and the committed snapshots.

The snapshot also runs in throwaway venvs of older releases (``make api-snapshot``),
where nothing of this project is installed: it and every module of ``tools`` it
imports must import only the standard library and torchrl's stack.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from tools.core.fresh_python import thread_limits
from tools.core.paths import DATA, ROOT
from tools.core.signatures import stable_text
from tools.torchrl.snapshot import SCHEMA, snapshot
from tools.torchrl.snapshot.blocks import VENV_PREFIX, block_digest, run_blocks
from tools.torchrl.snapshot.json_text import dumps
from tools.torchrl.snapshot.signatures import KINDS

MODULE = "tools.torchrl.snapshot"
SNAPSHOTS = sorted((ROOT / "data" / "snapshots").glob("torchrl-*.json"))
FIXED_BLOCKS = sorted((ROOT / "data" / "troubleshooting" / "fixed").glob("*.py"))
SECTIONS = {
    "schema",
    "versions",
    "losses",
    "estimators",
    "updaters",
    "hooks",
    "trainers",
    "configs",
    "config_store",
    "functions",
    "exports",
    "deprecations",
    "errors",
}
PARAMETER_KINDS = set(KINDS.values())


@pytest.fixture(scope="module")
def facts() -> dict:
    return snapshot()


def _check_parameters(where: str, params: list) -> None:
    assert isinstance(params, list), where
    names = [p["name"] for p in params]
    assert len(names) == len(set(names)), f"{where}: a parameter named twice: {names}"
    for p in params:
        assert set(p) <= {"name", "kind", "default", "annotation", "via"}, (where, p)
        assert p["kind"] in PARAMETER_KINDS, (where, p)
        assert all(isinstance(p[k], str) for k in p), (where, p)


def check_structure(facts: dict) -> None:
    """What the differ relies on, for a snapshot of any release."""
    assert set(facts) >= SECTIONS, sorted(SECTIONS - set(facts))
    assert facts["schema"] == SCHEMA
    for name, loss in facts["losses"].items():
        _check_parameters(f"loss {name}", loss["parameters"])
        assert loss["accepted_keys"] is None or all(
            v is None or isinstance(v, (str, list)) for v in loss["accepted_keys"].values()
        ), name
        supported = loss["supported_value_estimators"]
        assert supported is None or supported == sorted(supported), name
    for name, member in facts["estimators"]["members"].items():
        assert member["default_value_kwargs"] is None or isinstance(member["default_value_kwargs"], dict), name
    for name, cls in facts["estimators"]["classes"].items():
        _check_parameters(f"estimator {name}", cls["parameters"])
        _check_parameters(f"estimator {name}.forward", cls["forward"])
    for section in ("updaters", "hooks"):
        for name, obj in facts[section].items():
            _check_parameters(f"{section} {name}", obj["parameters"])
    for name, trainer in facts["trainers"]["classes"].items():
        _check_parameters(f"trainer {name}", trainer["parameters"])
        assert all(text.startswith("(") for text in trainer["methods"].values()), name
    for name, config in facts["configs"].items():
        assert config["target"] is None or isinstance(config["target"], str), name
        for field, record in config["fields"].items():
            assert set(record) <= {"type", "default", "resolved"}, (name, field)
    for name, function in facts["functions"].items():
        _check_parameters(f"function {name}", function["parameters"])
    messages = facts["deprecations"]
    assert messages == sorted(messages, key=lambda m: json.dumps(m, sort_keys=True))
    for message in messages:
        assert set(message) == {"file", "function", "how", "message"}, message
        assert message["file"].startswith(("torchrl/objectives/", "torchrl/trainers/")), message


def test_the_pinned_torchrl_snapshot_has_every_section(facts):
    check_structure(facts)
    assert facts["errors"] == {}, "parts of the pinned torchrl could not be introspected: " + json.dumps(
        facts["errors"]
    )
    assert facts["versions"]["torchrl"] == metadata.version("torchrl")
    assert facts["versions"]["tensordict"] == metadata.version("tensordict")


def test_it_reads_what_the_site_covers(facts):
    import torchrl.objectives as objectives
    import torchrl.trainers.algorithms.configs as configs
    from torchrl.objectives import ClipPPOLoss, LossModule, ValueEstimators, default_value_kwargs

    public_losses = {
        n
        for n in objectives.__all__
        if isinstance(getattr(objectives, n), type)
        and issubclass(getattr(objectives, n), LossModule)
        and getattr(objectives, n) is not LossModule
    }
    assert public_losses <= set(facts["losses"])
    clip = facts["losses"]["ClipPPOLoss"]
    assert clip["accepted_keys"]["value"] == ClipPPOLoss._AcceptedKeys().value
    assert clip["default_value_estimator"] == ClipPPOLoss.default_value_estimator.name
    assert {p["name"] for p in clip["parameters"]} >= {"actor_network", "critic_network", "clip_epsilon"}
    members = facts["estimators"]["members"]
    assert set(members) == {m.name for m in ValueEstimators}
    assert members["GAE"]["class"] == "GAE"
    assert members["TD0"]["default_value_kwargs"]["gamma"] == repr(default_value_kwargs(ValueEstimators.TD0)["gamma"])
    assert {"SoftUpdate", "HardUpdate"} <= set(facts["updaters"])
    assert "batch_process" in facts["trainers"]["register_op_stages"]
    gae = facts["configs"]["GAEConfig"]
    assert gae["target"] == configs.GAEConfig._target_
    assert gae["fields"]["average_gae"]["default"] == repr(configs.GAEConfig.average_gae)
    assert "_target_" not in gae["fields"]
    assert facts["config_store"], "no ConfigStore option read"
    assert [p["name"] for p in facts["functions"]["torchrl.objectives.symlog"]["parameters"]] == ["value"]
    assert facts["exports"]["torchrl.objectives"]["ClipPPOLoss"] == "class"
    warned = [m for m in facts["deprecations"] if m["how"].startswith("warn ")]
    assert any("will be removed" in m["message"] for m in warned), warned
    # Docstrings are not messages: the "[Deprecated, ...]" argument notes stay out.
    assert not any(m["message"].startswith("[Deprecated") for m in facts["deprecations"])


def test_the_json_is_stable_text(facts):
    text = dumps(facts)
    assert json.loads(text) == facts
    assert not re.search(r"0x[0-9a-fA-F]{6,}", text), "a memory address in the snapshot"
    assert "<function " not in text and "<lambda>" not in text.replace("'<lambda>'", "")


def test_defaults_are_shown_without_process_details():
    import enum
    import functools

    class Mode(enum.StrEnum):
        FAST = "fast"

    @__import__("dataclasses").dataclass
    class Box:
        size: int = 1
        name: str = "box"

    assert stable_text(Mode.FAST) == "Mode.FAST"  # a str enum by name, not <Mode.FAST: 'fast'>
    assert stable_text({"b", "a"}) == "set({'a', 'b'})"
    assert stable_text(json.dumps) == "json.dumps"
    assert stable_text(functools.partial(json.dumps, indent=1)) == "functools.partial(json.dumps, indent=1)"
    assert stable_text(object()) == "<object object>"
    assert stable_text(Box(size=2)) == "Box(size=2)"
    assert stable_text(("next", "reward")) == "('next', 'reward')"


def _tools_imports(module: str) -> tuple[set[str], set[str]]:
    """(modules of ``tools``, other top-level packages) that ``module`` imports, anywhere in its file."""
    path = ROOT / Path(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    own, other = set(), set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{module}: a relative import"
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            if name.split(".")[0] != "tools":
                other.add(name.split(".")[0])
            elif (ROOT / Path(*name.split("."))).with_suffix(".py").is_file() or (
                ROOT / Path(*name.split("."))
            ).is_dir():
                own.add(name)
    return own, other


def test_the_snapshot_imports_only_the_standard_library_and_torchrls_stack():
    """Followed through every module of ``tools`` it imports (the core modules it builds on included)."""
    allowed = set(sys.stdlib_module_names) | {"torch", "tensordict", "torchrl", "hydra", "omegaconf", "__future__"}
    seen, todo, outside = set(), [MODULE, f"{MODULE}.__main__"], {}
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        parts = module.split(".")
        todo += [".".join(parts[:end]) for end in range(1, len(parts)) if ".".join(parts[:end]) not in seen]
        own, other = _tools_imports(module)
        todo += sorted(own - seen)
        if other - allowed:
            outside[module] = sorted(other - allowed)
    assert not outside, outside
    assert {
        "tools.core.keys",
        "tools.core.signatures",
        "tools.core.errors",
        "tools.core.silence",
        "tools.core.distributions",
    } <= seen


def test_two_processes_with_other_hash_seeds_write_the_same_bytes(tmp_path, facts):
    outputs = [tmp_path / f"seed-{seed}.json" for seed in (1, 2)]
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", MODULE, "-o", str(out)],
            # As make api-snapshot runs it: the project root on this one process's path.
            env={**os.environ, "PYTHONHASHSEED": str(seed), **thread_limits(1), "PYTHONPATH": str(ROOT)},
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seed, out in zip((1, 2), outputs, strict=False)
    ]
    for process in processes:
        _, stderr = process.communicate(timeout=600)
        assert process.returncode == 0, stderr[-3000:]
    first, second = (out.read_bytes() for out in outputs)
    assert first == second
    # Run in a fresh interpreter, it reads what the build reads in-process.
    assert json.loads(first) == facts


def test_a_block_that_runs_and_one_that_raises(tmp_path):
    (tmp_path / "fine.py").write_text("x = 1\n")
    (tmp_path / "broken.py").write_text("raise KeyError('no such key')\n")
    results = run_blocks(tmp_path)
    digests = {name: block_digest((tmp_path / f"{name}.py").read_text()) for name in ("broken", "fine")}
    assert results == {
        "broken": {"result": "raised", "error": "KeyError: 'no such key'", "digest": digests["broken"]},
        "fine": {"result": "ran", "digest": digests["fine"]},
    }


@pytest.mark.parametrize("path", SNAPSHOTS, ids=[p.stem for p in SNAPSHOTS])
def test_a_committed_snapshot(path):
    facts = json.loads(path.read_text(encoding="utf-8"))
    assert path.read_text(encoding="utf-8") == dumps(facts), f"{path.name} is not as the snapshot writes it"
    check_structure(facts)
    assert path.stem == f"torchrl-{facts['versions']['torchrl']}"
    release = facts["versions"]["torchrl"]
    stale = sorted(
        p.stem
        for p in FIXED_BLOCKS
        if facts["fixed_upstream"].get(p.stem, {}).get("digest") != block_digest(p.read_text(encoding="utf-8"))
    )
    assert set(facts["fixed_upstream"]) == {p.stem for p in FIXED_BLOCKS} and not stale, (
        f"{path.name} ran other fixed-upstream blocks than data/troubleshooting/fixed/ holds, or older versions "
        f"of {stale}: make api-snapshot RELEASE={release}"
    )


def test_snapshots_of_at_least_two_older_releases():
    releases = [json.loads(p.read_text())["versions"]["torchrl"] for p in SNAPSHOTS]
    assert any(r.startswith("0.13.") for r in releases) and any(r.startswith("0.12.") for r in releases), releases


def test_recorded_errors_name_no_folder_of_the_machine_that_ran_them():
    text = (
        "ImportError: cannot import name 'X' from 'torchrl' (/tmp/v/lib/python3.11/site-packages/torchrl/__init__.py)"
    )
    assert VENV_PREFIX.sub("", text).endswith("(site-packages/torchrl/__init__.py)")
    for path in sorted((DATA / "snapshots").glob("*.json")):
        assert not re.search(r"/\S*/site-packages/", path.read_text(encoding="utf-8")), path.name
