"""DreamerActorLoss: imagine a few steps with a tiny RSSM world model and score the actor on the lambda-returns."""
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule, TensorDictSequential
from torchrl.data import Bounded, Composite, Unbounded
from torchrl.envs import DreamerEnv
from torchrl.modules import MLP, ProbabilisticActor, RSSMPrior, TanhNormal
from torchrl.objectives import DreamerActorLoss

torch.manual_seed(0)
STATE, BELIEF, ACT = 4, 8, 2  # stochastic state, deterministic belief (GRU hidden) and action sizes
HIDDEN = 8  # width of every hidden layer
HORIZON = 3  # imagined steps per start state
STARTS = 6  # start states (in training: the world model's posterior states, flattened)
VALUE = ("critic", "value")  # where the value model writes, wired with set_keys below

action_spec = Bounded(low=-1.0, high=1.0, shape=(ACT,))
# The imagined world: the RSSM prior moves (state, belief) one step under an action; a reward head scores it.
transition = TensorDictModule(
    RSSMPrior(action_spec, hidden_dim=HIDDEN, rnn_hidden_dim=BELIEF, state_dim=STATE, action_dim=ACT),
    in_keys=["state", "belief", "action"],
    out_keys=["prior_mean", "prior_std", "state", "belief"],
)
reward_model = TensorDictModule(MLP(STATE + BELIEF, 1, num_cells=[HIDDEN]), in_keys=["state", "belief"], out_keys=["reward"])
model_env = DreamerEnv(TensorDictSequential(transition, reward_model), prior_shape=(STATE,), belief_shape=(BELIEF,))
# DreamerEnv has no specs of its own: the latent state and belief are what it observes and what it carries.
latent = Composite(state=Unbounded(STATE), belief=Unbounded(BELIEF))
model_env.observation_spec = latent.clone()
model_env.state_spec = latent.clone()
model_env.action_spec = action_spec
model_env.reward_spec = Unbounded(1)

# The actor: a tanh-Gaussian policy on (state, belief), sampled while imagining.
actor = ProbabilisticActor(
    TensorDictModule(
        MLP(STATE + BELIEF, 2 * ACT, num_cells=[HIDDEN]).append(NormalParamExtractor()),  # MLP joins its two inputs
        in_keys=["state", "belief"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    out_keys=["action"],
    distribution_class=TanhNormal,
    spec=action_spec,
)
# The value model bootstraps the lambda-returns; DreamerValueLoss trains it.
value_model = TensorDictModule(MLP(STATE + BELIEF, 1, num_cells=[HIDDEN]), in_keys=["state", "belief"], out_keys=[VALUE])

# The loss rolls the actor out in model_env for HORIZON steps; the world and value models are held out
# of the gradient, so only the actor learns from this loss.
loss = DreamerActorLoss(actor, value_model, model_env, imagination_horizon=HORIZON)
loss.set_keys(value=VALUE)

# Start states: the loss reads "state" under that fixed name (not a set_keys name) and the belief.
batch = TensorDict({"state": torch.randn(STARTS, STATE), "belief": torch.randn(STARTS, BELIEF)}, batch_size=[STARTS])
