"""The recipe families, in the order the index lists them (curated).

A family's file is ``snippets/recipes/<slug>.py`` and its page
``docs/recipes/<slug>.md``.  Everything else on the index (losses, estimators,
updaters, environments) is read from the file itself; the build fails when a
file has no entry here or an entry has no file.
"""

from __future__ import annotations

FAMILIES: dict[str, str] = {
    "ppo": "PPO",
    "ppo_continuous": "PPO with GAE, continuous actions",
    "dqn": "DQN and double DQN with prioritized replay",
    "sac": "SAC",
    "td3": "TD3",
    "ddpg": "DDPG",
    "a2c": "A2C",
    "reinforce": "REINFORCE",
    "discrete_sac": "Discrete SAC",
    "mappo": "Multi-agent PPO: MAPPOLoss and IPPOLoss",
    "ma_clipppo": "Multi-agent PPO: ClipPPOLoss with nested keys",
    "qmix": "QMIX and VDN",
    "redq": "REDQ",
    "tqc": "TQC",
    "crossq": "CrossQ",
    "iql": "IQL, offline then online",
    "cql": "CQL, offline then online",
    "discrete_cql": "Discrete CQL",
    "td3_bc": "TD3+BC",
    "bc": "Behaviour cloning",
    "decision_transformer": "Decision Transformer",
    "online_dt": "Online Decision Transformer",
}
