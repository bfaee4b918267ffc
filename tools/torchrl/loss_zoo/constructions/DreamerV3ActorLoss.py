"""DreamerV3ActorLoss: imagine a few steps with a tiny categorical-latent RSSM and score the actor on the returns."""
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule, TensorDictSequential
from torchrl.data import Bounded, Composite, Unbounded
from torchrl.envs import DreamerEnv
from torchrl.modules import MLP, DreamerV3MLP, ProbabilisticActor, RSSMPriorV3, SymExpTwoHot, TanhNormal
from torchrl.objectives import DreamerV3ActorLoss

torch.manual_seed(0)
ACT = 2  # action size
CATEGORICALS, CLASSES = 2, 4  # the stochastic state: 2 one-hot variables of 4 classes, flattened to 8 numbers
STATE, BELIEF = CATEGORICALS * CLASSES, 8  # stochastic state and deterministic belief (GRU hidden) sizes
HIDDEN = 8  # width of every hidden layer
REWARD_BINS = 15  # the reward head predicts logits over this many two-hot bins (DreamerV3 uses 255)
HORIZON = 3  # imagined steps per start state
STARTS = 6  # start states (in training: the world model's posterior states, flattened)
VALUE = ("critic", "value")  # where the value model writes, wired with set_keys below

action_spec = Bounded(low=-1.0, high=1.0, shape=(ACT,))
# The imagined world: the RSSM prior moves (state, belief) one step under an action;
# the reward head predicts two-hot logits that SymExpTwoHot decodes into a scalar reward.  outscale=0.0 starts
# those logits at zero, as DreamerV3 does: random logits over the symexp bins decode to rewards in the millions.
transition = TensorDictModule(
    RSSMPriorV3(action_shape=(ACT,), hidden_dim=HIDDEN, rnn_hidden_dim=BELIEF, num_categoricals=CATEGORICALS, num_classes=CLASSES, action_dim=ACT),
    in_keys=["state", "belief", "action"],
    out_keys=["prior_logits", "state", "belief"],
)
reward_model = TensorDictSequential(
    TensorDictModule(
        DreamerV3MLP(STATE + BELIEF, REWARD_BINS, depth=1, num_cells=HIDDEN, outscale=0.0),
        in_keys=["state", "belief"],
        out_keys=["reward_logits"],
    ),
    TensorDictModule(SymExpTwoHot(REWARD_BINS), in_keys=["reward_logits"], out_keys=["reward"]),
)
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
# The value model bootstraps the lambda-returns; DreamerV3ValueLoss trains it.
value_model = TensorDictModule(MLP(STATE + BELIEF, 1, num_cells=[HIDDEN]), in_keys=["state", "belief"], out_keys=[VALUE])

# The loss rolls the actor out in model_env for HORIZON steps; the world and value models are held out
# of the gradient, so only the actor learns from this loss (through the reparameterised actions by default).
loss = DreamerV3ActorLoss(actor, value_model, model_env, imagination_horizon=HORIZON)
loss.set_keys(value=VALUE)

# Start states: one-hot categorical states (as the posterior samples them) and beliefs.
state = torch.nn.functional.one_hot(torch.randint(CLASSES, (STARTS, CATEGORICALS)), CLASSES).flatten(-2).float()
batch = TensorDict({"state": state, "belief": torch.randn(STARTS, BELIEF)}, batch_size=[STARTS])
