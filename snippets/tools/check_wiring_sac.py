"""SAC whose Q-network writes "q_value" where the loss reads "state_action_value"."""
import torch
from torchrl.envs import GymEnv
from torchrl.modules import MLP, ProbabilisticActor, TanhNormal, ValueOperator
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torchrl.objectives import SACLoss

from tools.wiring import check_wiring

STEPS = 8


def wiring():
    """What `check_wiring snippets/tools/check_wiring_sac.py:wiring` calls: returns (loss, data)."""
    torch.manual_seed(0)
    env = GymEnv("Pendulum-v1")
    env.set_seed(0)
    obs, act = env.observation_spec["observation"].shape[-1], env.action_spec.shape[-1]
    actor = ProbabilisticActor(
        TensorDictModule(
            torch.nn.Sequential(MLP(obs, 2 * act, num_cells=[16]), NormalParamExtractor()),
            in_keys=["observation"],
            out_keys=["loc", "scale"],
        ),
        in_keys=["loc", "scale"],
        distribution_class=TanhNormal,
        spec=env.action_spec,
    )
    qvalue = ValueOperator(
        MLP(obs + act, 1, num_cells=[16]),
        in_keys=["observation", "action"],
        out_keys=["q_value"],  # SACLoss reads "state_action_value" by default
    )
    loss = SACLoss(actor, qvalue, action_spec=env.action_spec)
    with torch.no_grad():
        batch = env.rollout(STEPS, actor)  # one replay sample's worth of transitions
    return loss, batch


if __name__ == "__main__":
    loss, batch = wiring()
    report = check_wiring(loss, batch)
    print(report)
    assert not report.ready

    loss.set_keys(state_action_value="q_value")  # the fix the report suggests
    print("\nverdict after the fix:", check_wiring(loss, batch).verdict)
