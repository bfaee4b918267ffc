try:
    from torchrl.data import CompositeSpec, UnboundedContinuousTensorSpec  # noqa: F401
except ImportError as error:
    assert "cannot import name 'CompositeSpec'" in str(error)
else:
    raise AssertionError("expected an ImportError")
# ---- fix ----
import torch
from torchrl.data import Bounded, Categorical, Composite, OneHot, Unbounded

# The spec classes' current names: CompositeSpec -> Composite, UnboundedContinuousTensorSpec ->
# Unbounded, BoundedTensorSpec -> Bounded, DiscreteTensorSpec -> Categorical,
# OneHotDiscreteTensorSpec -> OneHot.
spec = Composite(
    observation=Unbounded(shape=(3,)),
    action=Bounded(-1, 1, shape=(2,)),
    choice=Categorical(4),
    one_hot=OneHot(4),
)
assert spec.rand()["observation"].shape == torch.Size([3])
