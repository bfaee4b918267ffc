from torchrl.trainers import LogScalar

# The same hook under its current name; its key argument is `key`.
hook = LogScalar(key=("next", "reward"), logname="r_training")
