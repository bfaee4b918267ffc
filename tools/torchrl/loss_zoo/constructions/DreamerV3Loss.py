"""DreamerV3Loss: world model, imagined actor and critic objectives in one loss, on a tiny categorical-latent RSSM."""
import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule, TensorDictSequential
from torchrl.data import Bounded, Composite, Unbounded
from torchrl.envs import DreamerEnv
from torchrl.modules import (
    MLP, DreamerV3MLP, ProbabilisticActor, RSSMPosteriorV3, RSSMPriorV3, RSSMRolloutV3, SymExpTwoHot, TanhNormal,
)
from torchrl.objectives import DreamerV3ActorLoss, DreamerV3Loss, DreamerV3ModelLoss, DreamerV3ValueLoss

torch.manual_seed(0)
OBS, ACT = 3, 2  # observation and action sizes
CATEGORICALS, CLASSES = 2, 4  # the stochastic state: 2 one-hot variables of 4 classes, flattened to 8 numbers
STATE, BELIEF = CATEGORICALS * CLASSES, 8  # stochastic state and deterministic belief (GRU hidden) sizes
HIDDEN, EMBED = 8, 8  # hidden-layer width and observation-embedding size
REWARD_BINS = 15  # the reward head predicts logits over this many two-hot bins (DreamerV3 uses 255)
HORIZON = 2  # imagined steps from each posterior state
BATCH = (2, 4)  # 2 real sequences x 4 steps
REPLAY = ("replay", "posterior")  # where the loss returns the detached posterior; wired with set_keys below

# Networks shared by the world model (real sequences, keys under "next") and imagination (root keys).
prior_net = RSSMPriorV3(
    action_shape=(ACT,), hidden_dim=HIDDEN, rnn_hidden_dim=BELIEF, num_categoricals=CATEGORICALS, num_classes=CLASSES, action_dim=ACT
)
posterior_net = RSSMPosteriorV3(hidden_dim=HIDDEN, num_categoricals=CATEGORICALS, num_classes=CLASSES, rnn_hidden_dim=BELIEF, obs_embed_dim=EMBED)
# Reward head: two-hot logits over REWARD_BINS.  outscale=0.0 starts them at zero, as DreamerV3 does:
# random logits over the symexp bins decode to rewards in the millions.
reward_net = DreamerV3MLP(STATE + BELIEF, REWARD_BINS, depth=1, num_cells=HIDDEN, outscale=0.0)

# World model on real sequences: encode, filter with the RSSM (prior + posterior), decode, predict the reward.
latent = [("next", "state"), ("next", "belief")]
world_model = TensorDictSequential(
    TensorDictModule(MLP(OBS, EMBED, num_cells=[HIDDEN]), in_keys=[("next", "observation")], out_keys=[("next", "encoded_latents")]),
    RSSMRolloutV3(
        TensorDictModule(prior_net, in_keys=["state", "belief", "action"], out_keys=[("next", "prior_logits"), ("next", "state"), ("next", "belief")]),
        TensorDictModule(posterior_net, in_keys=[("next", "belief"), ("next", "encoded_latents")], out_keys=[("next", "posterior_logits"), ("next", "state")]),
    ),
    TensorDictModule(MLP(STATE + BELIEF, OBS, num_cells=[HIDDEN]), in_keys=latent, out_keys=[("next", "reco_observation")]),
    TensorDictModule(reward_net, in_keys=latent, out_keys=[("next", "reward_logits")]),
)

# Imagination: the same prior and reward head on root keys, stepped by DreamerEnv;
# SymExpTwoHot decodes the reward logits into the scalar reward the returns add up.
action_spec = Bounded(low=-1.0, high=1.0, shape=(ACT,))
imagined_world = TensorDictSequential(
    TensorDictModule(prior_net, in_keys=["state", "belief", "action"], out_keys=["prior_logits", "state", "belief"]),
    TensorDictModule(reward_net, in_keys=["state", "belief"], out_keys=["reward_logits"]),
    TensorDictModule(SymExpTwoHot(REWARD_BINS), in_keys=["reward_logits"], out_keys=["reward"]),
)
model_env = DreamerEnv(imagined_world, prior_shape=(STATE,), belief_shape=(BELIEF,))
# DreamerEnv has no specs of its own: the latent state and belief are what it observes and what it carries.
latent_spec = Composite(state=Unbounded(STATE), belief=Unbounded(BELIEF))
model_env.observation_spec = latent_spec.clone()
model_env.state_spec = latent_spec.clone()
model_env.action_spec = action_spec
model_env.reward_spec = Unbounded(1)

# Actor (tanh-Gaussian) and critic, both on (state, belief).
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
value_model = TensorDictModule(MLP(STATE + BELIEF, 1, num_cells=[HIDDEN]), in_keys=["state", "belief"], out_keys=["state_value"])

# The replay-value term trains the world model through the critic: the model loss must not detach its output.
model_loss = DreamerV3ModelLoss(world_model, num_reward_bins=REWARD_BINS, detach_output=False)
model_loss.set_keys(pixels="observation", reco_pixels="reco_observation")  # vector observations, not pixels
actor_loss = DreamerV3ActorLoss(actor, value_model, model_env, imagination_horizon=HORIZON)
value_loss = DreamerV3ValueLoss(value_model, actor_loss=actor_loss)  # reads gamma from the actor's estimator
loss = DreamerV3Loss(model_loss, actor_loss, value_loss)
loss.set_keys(replay_context=REPLAY)

is_init = torch.zeros(*BATCH, 1, dtype=torch.bool)
is_init[:, 0] = True  # each sequence starts an episode: the RSSM starts from a zero state and belief
batch = TensorDict(
    {
        "state": torch.zeros(*BATCH, STATE),
        "belief": torch.zeros(*BATCH, BELIEF),
        "action": torch.rand(*BATCH, ACT) * 2 - 1,
        "is_init": is_init,
        ("next", "observation"): torch.randn(*BATCH, OBS),
        ("next", "reward"): torch.randn(*BATCH, 1),
        ("next", "done"): torch.zeros(*BATCH, 1, dtype=torch.bool),
        ("next", "terminated"): torch.zeros(*BATCH, 1, dtype=torch.bool),
    },
    batch_size=BATCH,
)
