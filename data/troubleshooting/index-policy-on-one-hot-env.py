import torch
from tensordict.nn import TensorDictModule
from torch.distributions import Categorical
from torchrl.envs import GymEnv
from torchrl.modules import ProbabilisticActor

env = GymEnv("CartPole-v1")  # action spec: OneHot(2), the default encoding of gym's Discrete
actor = ProbabilisticActor(
    TensorDictModule(torch.nn.Linear(4, 2), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    spec=env.action_spec,
    distribution_class=Categorical,  # samples an index, not a one-hot vector
)
rollout = env.rollout(3, actor)
assert rollout["action"].shape == (3,)  # indices, where the spec says [3, 2]
# No error: the env reads any index as action 0. Pushing "right" (1) moves the cart left.
env.set_seed(0)
step = env.reset().set("action", torch.tensor(1))
cart_velocity = env.step(step)["next", "observation"][1]
assert cart_velocity < 0
# ---- fix ----
import torch
from tensordict.nn import TensorDictModule
from torch.distributions import Categorical
from torchrl.envs import GymEnv
from torchrl.modules import ProbabilisticActor

# Ask the env for index actions, so that the spec and the distribution agree.
env = GymEnv("CartPole-v1", categorical_action_encoding=True)
actor = ProbabilisticActor(
    TensorDictModule(torch.nn.Linear(4, 2), in_keys=["observation"], out_keys=["logits"]),
    in_keys=["logits"],
    spec=env.action_spec,
    distribution_class=Categorical,
)
rollout = env.rollout(3, actor)
assert env.action_spec.is_in(rollout["action"])
env.set_seed(0)
step = env.reset().set("action", torch.tensor(1))
assert env.step(step)["next", "observation"][1] > 0  # action 1 pushes right
# (Or keep the one-hot env and use torchrl.modules.OneHotCategorical as the distribution.)
