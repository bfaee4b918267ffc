"""The bare Trainer the hook-point measurements run: a random policy and a linear loss."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tools.torchrl.trainer_zoo.parts import FRAMES_PER_BATCH, _n_obs, pendulum_env


class LinearLoss:
    """The smallest loss a Trainer accepts: a callable returning ``loss_*`` entries.

    ``calls`` counts invocations; ``on_call(batch)`` lets a probe record the moment.
    """

    def __init__(self, in_features: int, on_call: Callable[[Any], None] | None = None):
        import torch

        self.linear = torch.nn.Linear(in_features, 1)
        self.on_call = on_call
        self.calls = 0

    def parameters(self) -> Any:
        return self.linear.parameters()

    def __call__(self, batch: Any) -> Any:
        from tensordict import TensorDict

        self.calls += 1
        if self.on_call is not None:
            self.on_call(batch)
        value = self.linear(batch["observation"]).pow(2).mean()
        return TensorDict({"loss_probe": value}, [])


def probe_trainer(*, batches: int = 2, num_epochs: int = 1, optim_steps_per_batch: int = 1, **kwargs: Any) -> Any:
    """A base ``Trainer`` on a random policy and a linear loss: no network, no replay buffer.

    It collects ``batches`` batches of FRAMES_PER_BATCH frames, so ``train()``
    runs the whole loop in milliseconds.
    """
    import torch
    from torchrl.collectors import Collector, RandomPolicy
    from torchrl.trainers import Trainer

    env = pendulum_env()
    loss = kwargs.pop("loss_module", None) or LinearLoss(_n_obs(env))
    optimizer = kwargs.pop("optimizer", "sgd")
    if optimizer == "sgd":
        optimizer = torch.optim.SGD(loss.parameters(), lr=1e-3)
    data = Collector(
        env,
        RandomPolicy(env.action_spec),
        frames_per_batch=FRAMES_PER_BATCH,
        total_frames=batches * FRAMES_PER_BATCH,
    )
    return Trainer(
        collector=data,
        total_frames=batches * FRAMES_PER_BATCH,
        frame_skip=1,
        optim_steps_per_batch=optim_steps_per_batch,
        num_epochs=num_epochs,
        loss_module=loss,
        optimizer=optimizer,
        progress_bar=False,
        **kwargs,
    )
