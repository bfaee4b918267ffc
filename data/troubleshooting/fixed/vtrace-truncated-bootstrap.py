import torch
from torchrl.objectives.value.functional import vtrace_advantage_estimate

# Two trajectories in one batch: A = steps 0-1, cut by a time limit at step 1 (done, not
# terminated), then B = steps 2-3. V(A) = 1, V(B) = 100, no reward, gamma = 1, on-policy.
value = torch.tensor([1.0, 1.0, 100.0, 100.0]).view(1, 4, 1)
next_value = torch.tensor([1.0, 1.0, 100.0, 100.0]).view(1, 4, 1)
reward = torch.zeros(1, 4, 1)
log_pi = torch.zeros(1, 4, 1)
done = torch.tensor([False, True, False, False]).view(1, 4, 1)
terminated = torch.zeros(1, 4, 1, dtype=torch.bool)
advantage, _ = vtrace_advantage_estimate(
    1.0, log_pi, log_pi, value, next_value, reward, done=done, terminated=terminated
)
# At the truncated step the advantage bootstraps from A's own next value: 0 + 1 - 1 = 0,
# not from B's first value (which gave 0 + 100 - 1 = 99).
assert advantage[0, 1, 0].item() == 0.0
