"""One estimator built on one layout of tiny fake trajectories, run on (modified) copies of them."""

from __future__ import annotations

from tools.core.silence import quiet
from tools.estimators.facts import fixtures
from tools.estimators.facts.records import Outcome

# The step at which the probes end an episode (a truncation, a termination, a cut trajectory).
EPISODE_END_STEP = 2


class Runner:
    """Builds one estimator on one layout and runs it on (modified) trajectories."""

    def __init__(self, estimator_class, parameters, layout, **extra):
        self.estimator_class = estimator_class
        self.parameters = parameters
        self.layout = layout
        self.extra = extra
        self.estimator = self.build()

    def build(self, **extra):
        arguments = fixtures.constructor_arguments(self.estimator_class, self.parameters, self.layout)
        with quiet():
            estimator = self.estimator_class(**{**arguments, **self.extra, **extra})
            if self.layout.prefix:
                estimator.set_keys(value=self.layout.value_key)
        return estimator

    def data(self):
        return fixtures.trajectory(self.layout, log_prob_key=self.estimator.tensor_keys.sample_log_prob)

    def run(self, data, estimator=None, **call):
        """(outcome, (advantage, value_target)) of one call; exceptions become outcomes."""
        import torch

        estimator = estimator or self.estimator
        keys = estimator.tensor_keys
        torch.manual_seed(fixtures.SEED)
        try:
            with quiet():
                out = estimator(data, **call)
            result = (out.get(keys.advantage).detach().clone(), out.get(keys.value_target).detach().clone())
        except Exception as exc:  # recorded with its text, never hidden
            return Outcome.from_exception(exc), None
        return Outcome(ok=True), result


def compare(outcome: Outcome, result, reference, transform=lambda r: r) -> Outcome:
    import torch

    if not outcome.ok:
        return outcome
    mine = transform(result)
    same = all(a.shape == b.shape and torch.allclose(a, b) for a, b in zip(mine, reference, strict=False))
    return Outcome(ok=True, changed=not same)
