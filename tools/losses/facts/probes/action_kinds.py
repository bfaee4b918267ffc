"""Build a loss for the action kind its construction does not exercise, where the curated data says both.

Only for losses that read actions through a probabilistic actor alone (the
policy-gradient family: the construction's ``actor_network`` is a
``ProbabilisticActor``, and no other network reads the action): the actor is
swapped for a tiny one of the other kind reading the same observation, the
batch gets that actor's actions and log-probabilities, as a collector would
write them, and the loss runs one forward and backward pass.  Other losses
say "not measured", with the reason.
"""

from __future__ import annotations

from tools.core.errors import error_text
from tools.core.silence import quiet
from tools.losses.facts.probes.arguments import bound_call
from tools.losses.facts.probes.forward import runs
from tools.losses.facts.probes.records import Run
from tools.torchrl.loss_zoo import LossCase

N_ACTIONS, ACTION_SIZE = 4, 2
ACTOR_ARGUMENT = "actor_network"


def _swapped_actor(old, kind: str, observation_size: int):
    import torch
    from tensordict.nn import NormalParamExtractor, TensorDictModule
    from torchrl.modules import MLP, OneHotCategorical, ProbabilisticActor, TanhNormal

    observation_keys = list(old.module[0].in_keys)
    action_keys = list(old.module[-1].out_keys[:1])  # the distribution module writes the action first
    if kind == "discrete":
        body = TensorDictModule(
            MLP(observation_size, N_ACTIONS, num_cells=[8]), in_keys=observation_keys, out_keys=["probe_logits"]
        )
        return ProbabilisticActor(
            body,
            in_keys={"logits": "probe_logits"},
            out_keys=action_keys,
            distribution_class=OneHotCategorical,
            return_log_prob=True,
        )
    body = TensorDictModule(
        torch.nn.Sequential(MLP(observation_size, 2 * ACTION_SIZE, num_cells=[8]), NormalParamExtractor()),
        in_keys=observation_keys,
        out_keys=["probe_loc", "probe_scale"],
    )
    return ProbabilisticActor(
        body,
        in_keys={"loc": "probe_loc", "scale": "probe_scale"},
        out_keys=action_keys,
        distribution_class=TanhNormal,
        return_log_prob=True,
    )


def applicable(case: LossCase) -> str:
    """ "" when the probe applies, else why not."""
    from torchrl.modules import ProbabilisticActor

    actor = bound_call(case).arguments.get(ACTOR_ARGUMENT)
    if not isinstance(actor, ProbabilisticActor):
        return "its example builds no probabilistic actor to swap for one of the other kind"
    return ""


def probe_other_kind(case: LossCase, kind: str) -> Run:
    import torch

    bound = bound_call(case)
    old = bound.arguments[ACTOR_ARGUMENT]
    try:
        with quiet():
            observation_key = old.module[0].in_keys[0]
            actor = _swapped_actor(old, kind, case.batch.get(observation_key).shape[-1])
            bound.arguments[ACTOR_ARGUMENT] = actor
            loss = type(case.loss)(*bound.args, **bound.kwargs)
            renamed = {f: getattr(case.loss.tensor_keys, f) for f in case.loss.tensor_keys.__dataclass_fields__}
            loss.set_keys(**{f: v for f, v in renamed.items() if v is not None})
            batch = case.batch.exclude(*old.out_keys)
            with torch.no_grad():
                actor(batch)  # as a collector would: actions of the other kind and their log-probs
            return runs(loss, batch)
    except Exception as exc:  # recorded: the page shows it
        return Run(False, error_text(exc, lines=1, limit=300))
