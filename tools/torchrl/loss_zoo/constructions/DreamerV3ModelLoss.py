"""DreamerV3ModelLoss: train a tiny categorical-latent world model (RSSM) on vector observations."""
import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule, TensorDictSequential
from torchrl.modules import MLP, RSSMPosteriorV3, RSSMPriorV3, RSSMRolloutV3
from torchrl.objectives import DreamerV3ModelLoss

torch.manual_seed(0)
OBS, ACT = 3, 2  # observation and action sizes
CATEGORICALS, CLASSES = 2, 4  # the stochastic state: 2 one-hot variables of 4 classes, flattened to 8 numbers
STATE, BELIEF = CATEGORICALS * CLASSES, 8  # stochastic state and deterministic belief (GRU hidden) sizes
HIDDEN, EMBED = 8, 8  # hidden-layer width and observation-embedding size
REWARD_BINS = 15  # the reward head predicts logits over this many two-hot bins (DreamerV3 uses 255)
BATCH = (2, 4)  # 2 sequences x 4 steps

# Encoder: observation -> embedding the posterior reads.
encoder = TensorDictModule(MLP(OBS, EMBED, num_cells=[HIDDEN]), in_keys=[("next", "observation")], out_keys=[("next", "encoded_latents")])
# RSSM: at each step the prior advances the belief from (state, belief, action) and guesses the next state;
# the posterior corrects that guess with the embedding.  Both write categorical logits the KL terms compare.
prior = TensorDictModule(
    RSSMPriorV3(action_shape=(ACT,), hidden_dim=HIDDEN, rnn_hidden_dim=BELIEF, num_categoricals=CATEGORICALS, num_classes=CLASSES, action_dim=ACT),
    in_keys=["state", "belief", "action"],
    out_keys=[("next", "prior_logits"), ("next", "state"), ("next", "belief")],
)
posterior = TensorDictModule(
    RSSMPosteriorV3(hidden_dim=HIDDEN, num_categoricals=CATEGORICALS, num_classes=CLASSES, rnn_hidden_dim=BELIEF, obs_embed_dim=EMBED),
    in_keys=[("next", "belief"), ("next", "encoded_latents")],
    out_keys=[("next", "posterior_logits"), ("next", "state")],
)
# Decoder and reward head read the posterior latent; the reward head writes two-hot logits.
latent = [("next", "state"), ("next", "belief")]
decoder = TensorDictModule(MLP(STATE + BELIEF, OBS, num_cells=[HIDDEN]), in_keys=latent, out_keys=[("next", "reco_observation")])
reward_head = TensorDictModule(MLP(STATE + BELIEF, REWARD_BINS, num_cells=[HIDDEN]), in_keys=latent, out_keys=[("next", "reward_logits")])
world_model = TensorDictSequential(encoder, RSSMRolloutV3(prior, posterior), decoder, reward_head)

loss = DreamerV3ModelLoss(world_model, num_reward_bins=REWARD_BINS)
loss.set_keys(pixels="observation", reco_pixels="reco_observation")  # vector observations, not pixels

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
