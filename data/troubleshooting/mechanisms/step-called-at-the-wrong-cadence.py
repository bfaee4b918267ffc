from torchrl.data import OneHot
from torchrl.modules import EGreedyModule

FRAMES_PER_BATCH, BATCHES = 100, 10
# Epsilon should fall from 1.0 to 0.05 over the first 1000 frames.
egreedy = EGreedyModule(OneHot(2), eps_init=1.0, eps_end=0.05, annealing_num_steps=1000)
for _ in range(BATCHES):
    # ... collect FRAMES_PER_BATCH frames, train on them ...
    egreedy.step()  # counts one frame, whatever the batch held
# No error: after 1000 frames epsilon has moved a hundredth of the way.
assert egreedy.eps > 0.98
# ---- fix ----
from torchrl.data import OneHot
from torchrl.modules import EGreedyModule

FRAMES_PER_BATCH, BATCHES = 100, 10
egreedy = EGreedyModule(OneHot(2), eps_init=1.0, eps_end=0.05, annealing_num_steps=1000)
for _ in range(BATCHES):
    # ... collect FRAMES_PER_BATCH frames, train on them ...
    egreedy.step(FRAMES_PER_BATCH)  # once per collected batch, with the frames it held
assert abs(egreedy.eps.item() - 0.05) < 1e-4  # at its end value after the 1000 frames
