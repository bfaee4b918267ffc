"""DQN on CartPole: the environment stores action indices, the loss was told to read one-hot vectors."""
import torch
from torchrl.envs import GymEnv
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DQNLoss

from tools.wiring import check_wiring

STEPS = 8

torch.manual_seed(0)
env = GymEnv("CartPole-v1", categorical_action_encoding=True)  # actions as indices 0 or 1
env.set_seed(0)
N_ACTIONS = env.action_spec.n
qnet = QValueActor(MLP(env.observation_spec["observation"].shape[-1], N_ACTIONS, num_cells=[16]),
                   in_keys=["observation"], spec=env.action_spec)
with torch.no_grad():
    batch = env.rollout(STEPS, qnet)

loss = DQNLoss(qnet, action_space="one_hot")  # does not match the environment
report = check_wiring(loss, batch)
print(report)
assert not report.ready

loss = DQNLoss(qnet, action_space="categorical")  # the encoding the data holds
print("\nwith action_space=\"categorical\":", check_wiring(loss, batch).verdict)
