"""The highest return an environment allows, where it has one a recipe's reference policy can reach.

A score normalised between a random and a reference policy cannot exceed 100 when the reference already
takes the environment's best return; the pages say so instead of letting 100 read as "as good as the
reference and no better by choice".
"""

from __future__ import annotations

from functools import cache

import gymnasium

# Curated: environments whose every step rewards exactly 1 (gymnasium's description of CartPole), so an
# episode's return is its length and cannot exceed the step limit. The limit is read from gymnasium's
# registry; a test steps the environment to hold the reward to 1.
UNIT_REWARD_ENVIRONMENTS = ("CartPole-v1",)


@cache
def return_cap(environment: str) -> float | None:
    """The largest return an episode of ``environment`` can have; None where this module does not know one."""
    if environment not in UNIT_REWARD_ENVIRONMENTS:
        return None
    return float(gymnasium.spec(environment).max_episode_steps)
