"""tools/upgrading/facts/diff.py: raw differences between two snapshot dicts, per object and field."""

from __future__ import annotations

import copy

from tools.upgrading.facts.diff import (
    ADDED,
    ANNOTATION,
    DEFAULT,
    KIND,
    POSITION,
    REMOVED,
    REQUIRED,
    VALUE,
    counts,
    diff,
)


def _param(name, kind="keyword-only", default=None, annotation=None):
    record = {"name": name, "kind": kind}
    if default is not None:
        record["default"] = default
    if annotation is not None:
        record["annotation"] = annotation
    return record


def _snapshot():
    return {
        "schema": 1,
        "versions": {"torchrl": "0.1.0"},
        "errors": {},
        "losses": {
            "ALoss": {
                "exported_from": "torchrl.objectives",
                "parameters": [
                    _param("actor", "positional-or-keyword"),
                    _param("critic", "positional-or-keyword"),
                    _param("gamma", default="None", annotation="float"),
                ],
                "accepted_keys": {"action": "action", "value": "state_value"},
                "default_value_estimator": "TD0",
                "supported_value_estimators": ["TD0", "TD1"],
            },
        },
        "estimators": {
            "members": {"TD0": {"class": "TD0Estimator", "default_value_kwargs": {"gamma": "0.99"}}},
            "classes": {},
        },
        "updaters": {},
        "hooks": {},
        "trainers": {"classes": {}, "register_op_stages": ["batch_process", "post_loss"]},
        "configs": {
            "GAEConfig": {
                "target": "torchrl.objectives.value.GAE",
                "fields": {"average_gae": {"type": "bool", "default": "True"}},
            }
        },
        "config_store": {"loss/gae": "GAEConfig"},
        "functions": {"torchrl.objectives.symlog": {"parameters": [_param("x", "positional-or-keyword")]}},
        "exports": {"torchrl.objectives": {"ALoss": "class", "symlog": "function"}},
        "deprecations": [
            {
                "file": "torchrl/objectives/a.py",
                "function": "ALoss.__init__",
                "how": "warn FutureWarning",
                "message": "gamma will be removed",
            }
        ],
    }


def test_equal_snapshots_differ_in_nothing_but_their_description():
    old = _snapshot()
    new = copy.deepcopy(old)
    new["versions"] = {"torchrl": "0.2.0"}
    new["errors"] = {"import x": "ImportError: x"}
    assert diff(old, new) == []


def test_each_kind_is_reported_where_it_happened():
    old, new = _snapshot(), _snapshot()
    loss = new["losses"]["ALoss"]
    loss["parameters"] = [
        _param("critic", "positional-or-keyword"),
        _param("actor", "positional-or-keyword"),
        _param("gamma", "positional-or-keyword", default="0.99", annotation="float | None"),
        _param("reduction", default="'mean'"),
    ]
    loss["accepted_keys"]["action"] = ["vla_action", "chunk"]
    del loss["accepted_keys"]["value"]
    loss["default_value_estimator"] = "GAE"
    loss["supported_value_estimators"] = ["GAE", "TD0"]
    new["losses"]["BLoss"] = copy.deepcopy(loss)
    new["estimators"]["members"]["TD0"]["default_value_kwargs"]["gamma"] = "0.9"
    new["trainers"]["register_op_stages"] = ["batch_process", "setup"]
    config = new["configs"]["GAEConfig"]
    config["target"] = "torchrl.trainers.algorithms.configs.objectives._make_gae"
    config["fields"]["average_gae"]["default"] = "False"
    config["fields"]["group_key"] = {"type": "Any"}
    new["functions"]["torchrl.objectives.symlog"]["parameters"] = [_param("value", "positional-or-keyword")]
    new["deprecations"][0]["message"] = "gamma will be removed in v0.16"

    found = {(d.section, d.object, d.field, d.kind): (d.old, d.new) for d in diff(old, new)}
    assert found == {
        ("losses", "ALoss", "parameters.actor", POSITION): (0, 1),
        ("losses", "ALoss", "parameters.critic", POSITION): (1, 0),
        ("losses", "ALoss", "parameters.gamma", KIND): ("keyword-only", "positional-or-keyword"),
        ("losses", "ALoss", "parameters.gamma", DEFAULT): ("None", "0.99"),
        ("losses", "ALoss", "parameters.gamma", ANNOTATION): ("float", "float | None"),
        ("losses", "ALoss", "parameters.reduction", ADDED): (None, "reduction = 'mean' (keyword-only)"),
        ("losses", "ALoss", "accepted_keys.action", VALUE): ("action", ["vla_action", "chunk"]),
        ("losses", "ALoss", "accepted_keys.value", REMOVED): ("state_value", None),
        ("losses", "ALoss", "default_value_estimator", VALUE): ("TD0", "GAE"),
        ("losses", "ALoss", "supported_value_estimators.GAE", ADDED): (None, None),
        ("losses", "ALoss", "supported_value_estimators.TD1", REMOVED): (None, None),
        ("losses", "BLoss", "", ADDED): (None, None),
        ("estimators.members", "TD0", "default_value_kwargs.gamma", VALUE): ("0.99", "0.9"),
        ("trainers", "Trainer", "register_op_stages.post_loss", REMOVED): (None, None),
        ("trainers", "Trainer", "register_op_stages.setup", ADDED): (None, None),
        ("configs", "GAEConfig", "_target_", VALUE): (
            "torchrl.objectives.value.GAE",
            "torchrl.trainers.algorithms.configs.objectives._make_gae",
        ),
        ("configs", "GAEConfig", "fields.average_gae", DEFAULT): ("True", "False"),
        ("configs", "GAEConfig", "fields.group_key", ADDED): (None, REQUIRED),
        ("functions", "torchrl.objectives.symlog", "parameters.x", REMOVED): ("x (positional-or-keyword)", None),
        ("functions", "torchrl.objectives.symlog", "parameters.value", ADDED): (None, "value (positional-or-keyword)"),
        ("deprecations", "torchrl/objectives/a.py:ALoss.__init__", "gamma will be removed", REMOVED): (
            "warn FutureWarning",
            None,
        ),
        ("deprecations", "torchrl/objectives/a.py:ALoss.__init__", "gamma will be removed in v0.16", ADDED): (
            None,
            "warn FutureWarning",
        ),
    }


def test_counts_per_kind_and_section():
    old, new = _snapshot(), _snapshot()
    new["config_store"]["loss/ppo"] = "PPOLossConfig"
    new["exports"]["torchrl.objectives"]["BLoss"] = "class"
    del new["losses"]["ALoss"]
    summary = counts(diff(old, new))
    assert summary == {
        "total": 3,
        "by_kind": {ADDED: 2, REMOVED: 1},
        "by_section": {"config_store": {ADDED: 1}, "exports": {ADDED: 1}, "losses": {REMOVED: 1}},
    }
