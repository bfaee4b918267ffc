"""Tiny networks and fake trajectories the build runs the estimators on.

Everything is seeded and small (2 trajectories of 5 steps, 3 observation
features), so that a probe costs about a millisecond.  Two layouts:

* single-agent: ``"obs"`` ``[B, T, 3]``, ``("next", "reward")`` ``[B, T, 1]``;
* multi-agent: ``("agents", "obs")`` ``[B, T, N, 3]`` with a per-agent value
  ``("agents", "state_value")`` ``[B, T, N, 1]`` and a team reward ``[B, T, 1]``,
  the layout MultiAgentGAE is made for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

BATCH = 2
STEPS = 5
OBS_FEATURES = 3
ACTIONS = 4
AGENTS = 3
SEED = 0

# Values the probe passes for constructor parameters without a default.
# A new required parameter in torchrl makes ``constructor_arguments`` fail
# with a message naming it and this table.
GAMMA = 0.9
LMBDA = 0.8


@dataclass
class Layout:
    """Keys of one trajectory layout and the networks that read it."""

    name: str
    prefix: tuple[str, ...]  # () for single-agent, ("agents",) for multi-agent
    value_network: Any
    actor_network: Any

    def key(self, name: str):
        return (*self.prefix, name) if self.prefix else name

    @property
    def value_key(self):
        return self.key("state_value")


def _nets(prefix: tuple[str, ...]):
    import torch
    from tensordict.nn import TensorDictModule
    from torchrl.modules import ProbabilisticActor

    def key(name):
        return (*prefix, name) if prefix else name

    torch.manual_seed(SEED)
    value = TensorDictModule(torch.nn.Linear(OBS_FEATURES, 1), in_keys=[key("obs")], out_keys=[key("state_value")])
    logits = TensorDictModule(torch.nn.Linear(OBS_FEATURES, ACTIONS), in_keys=[key("obs")], out_keys=[key("logits")])
    actor = ProbabilisticActor(
        logits,
        in_keys={"logits": key("logits")},
        out_keys=[key("action")],
        distribution_class=torch.distributions.Categorical,
        return_log_prob=True,
    )
    return value, actor


def single_agent() -> Layout:
    value, actor = _nets(())
    return Layout("single-agent", (), value, actor)


def multi_agent() -> Layout:
    value, actor = _nets(("agents",))
    return Layout("multi-agent", ("agents",), value, actor)


def trajectory(layout: Layout, *, log_prob_key: str = "action_log_prob"):
    """A fresh, seeded fake rollout ``[BATCH, STEPS]`` with no episode end."""
    import torch
    from tensordict import TensorDict

    generator = torch.Generator().manual_seed(SEED + 1)
    agent_shape = (AGENTS,) if layout.prefix else ()
    batch = (BATCH, STEPS)

    def obs():
        return torch.randn(*batch, *agent_shape, OBS_FEATURES, generator=generator)

    def nest(entries: dict) -> dict:
        if not layout.prefix:
            return entries
        return {layout.prefix[0]: TensorDict(entries, [*batch, *agent_shape])}

    data = TensorDict(
        {
            **nest(
                {
                    "obs": obs(),
                    "action": torch.randint(ACTIONS, (*batch, *agent_shape), generator=generator),
                }
            ),
            log_prob_key: torch.randn(*batch, *agent_shape, generator=generator) - 1.0,
            "next": {
                **nest({"obs": obs()}),
                # Team-level signals: one reward and one done flag per step.
                "reward": torch.randn(*batch, 1, generator=generator),
                "done": torch.zeros(*batch, 1, dtype=torch.bool),
                "terminated": torch.zeros(*batch, 1, dtype=torch.bool),
            },
        },
        batch_size=batch,
    )
    return data


def constructor_arguments(estimator_class, parameters, layout: Layout) -> dict:
    """Keyword arguments for the required constructor parameters of ``estimator_class``."""
    known = {
        "gamma": GAMMA,
        "lmbda": LMBDA,
        "value_network": layout.value_network,
        "actor_network": layout.actor_network,
    }
    arguments = {}
    for parameter in parameters:
        if not parameter.required:
            continue
        if parameter.name not in known:
            raise RuntimeError(
                f"{estimator_class.__name__} requires the constructor parameter {parameter.name!r}, "
                "which the build does not know how to fill; add a tiny value for it to "
                "constructor_arguments in tools/estimators/facts/fixtures.py"
            )
        arguments[parameter.name] = known[parameter.name]
    return arguments
