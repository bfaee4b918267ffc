import torch
from torchrl.objectives.value.functional import td_lambda_return_estimate, vec_td_lambda_return_estimate

torch.manual_seed(0)
# One discount per step (the reported case), on 2 trajectories of 6 steps with one episode end.
gamma = torch.rand(2, 6, 1) * 0.5 + 0.5
next_value = torch.randn(2, 6, 1)
reward = torch.randn(2, 6, 1)
done = torch.zeros(2, 6, 1, dtype=torch.bool)
done[0, 3] = True
looped = td_lambda_return_estimate(gamma, 0.9, next_value, reward, done, terminated=done)
vectorized = vec_td_lambda_return_estimate(gamma, 0.9, next_value, reward, done, terminated=done)
assert torch.allclose(looped, vectorized, atol=1e-5)
