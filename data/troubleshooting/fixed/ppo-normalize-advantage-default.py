import inspect

from torchrl.objectives import ClipPPOLoss, KLPENPPOLoss, PPOLoss

# The reported mismatch: ClipPPOLoss and KLPENPPOLoss normalized the advantage by default,
# PPOLoss and the documentation did not. All three now default to False.
for loss_class in (PPOLoss, ClipPPOLoss, KLPENPPOLoss):
    assert inspect.signature(loss_class).parameters["normalize_advantage"].default is False
