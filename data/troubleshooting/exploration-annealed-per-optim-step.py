import torch
from torchrl.data import OneHot
from torchrl.modules import EGreedyModule

FRAMES_PER_BATCH, OPTIM_STEPS, ANNEAL_FRAMES = 100, 10, 1_000
egreedy = EGreedyModule(OneHot(2), eps_init=1.0, eps_end=0.05, annealing_num_steps=ANNEAL_FRAMES)
collected = 0
for batch in range(2):  # two collector batches: 200 frames, a fifth of the annealing budget
    collected += FRAMES_PER_BATCH
    for _ in range(OPTIM_STEPS):
        # ... sample, loss, backward, optimizer step ...
        egreedy.step(FRAMES_PER_BATCH)  # inside the optimisation loop: counted 10 times per batch
# No error: epsilon already reached its end value after 200 of the 1000 frames.
assert collected == 200 and torch.isclose(egreedy.eps, torch.tensor(0.05))
# ---- fix ----
import torch
from torchrl.data import OneHot
from torchrl.modules import EGreedyModule

FRAMES_PER_BATCH, OPTIM_STEPS, ANNEAL_FRAMES = 100, 10, 1_000
egreedy = EGreedyModule(OneHot(2), eps_init=1.0, eps_end=0.05, annealing_num_steps=ANNEAL_FRAMES)
for batch in range(2):
    egreedy.step(FRAMES_PER_BATCH)  # once per collected batch, with the frames it holds
    for _ in range(OPTIM_STEPS):
        pass  # ... sample, loss, backward, optimizer step, target updater step ...
# A fifth of the budget is a fifth of the way from 1.0 to 0.05.
assert torch.isclose(egreedy.eps, torch.tensor(1.0 - 0.2 * 0.95))
