"""One forward pass of a probe's loss, judged the way the zoo's measurement judges it."""

from __future__ import annotations

from tools.losses.facts.probes.records import Run


def runs(loss, batch) -> Run:
    """Seeded forward pass: runs when it returns at least one scalar that carries a gradient.

    No backward pass: the zoo's own measurement already ran one on every loss,
    and it costs as much as the forward pass (`make bench`).
    """
    import torch

    torch.manual_seed(0)
    out = loss(batch)
    out = out[0] if isinstance(out, tuple) else out
    for _, value in out.items(True, True):
        if isinstance(value, torch.Tensor) and value.requires_grad and value.numel() == 1:
            return Run(True)
    return Run(False, "its forward pass returned no gradient-carrying scalar")
