from torchrl.trainers import LogReward

# torchrl 0.10: the deprecated name still imported (with a warning).
hook = LogReward(logname="r_training", reward_key=("next", "reward"))
