"""JSON Schema of the ``curves`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import BOOL, INT, NUM, STR, array, mapping, nullable, record

SCHEMA = mapping(
    record(
        "One recipe family's learning curves (`make curves`, measured; read from outputs/curves/).",
        label=(STR, "the family's label"),
        recipe=(STR, "project-relative path of the recipe file trained"),
        knobs=(
            mapping({}, keys="a keyword argument of the recipe's train()"),
            "the budget passed to train() besides the seed (data/curves.yaml)",
        ),
        x=(STR, "the rows' column the plot's x axis reads: `frames` or `updates` (optimiser steps)"),
        seeds=(array(INT), "the seeds with a successful run"),
        final_return_mean=(
            nullable(NUM),
            "mean over seeds of the final return (mean of the last 10% of logged iterations)",
        ),
        final_return_std=(nullable(NUM), "population standard deviation of the final return over seeds"),
        random_policy_return=(nullable(NUM), "mean return of a uniformly random policy on the recipe's make_env(seed)"),
        beats_random_by_more_than_spread=(
            nullable(BOOL),
            "mean final return above the random policy's by more than the seeds' max - min",
        ),
        frames=(nullable(INT), "environment frames collected by the longest run"),
        wall_seconds_per_run=(nullable(NUM), "mean wall time of a run's train() on the (shared) machine that made it"),
        cpu_seconds_per_run=(nullable(NUM), "mean CPU time of a run's train(): its cost on an idle machine"),
        normalised_return_mean=(
            nullable(NUM),
            "offline recipes: mean over seeds of the final return on the recipe's own scale, 0 = a random "
            "policy and 100 = its reference policy (null for online recipes)",
        ),
        normalised_return_std=(nullable(NUM), "population standard deviation of that score over seeds"),
        behaviour_return=(nullable(NUM), "offline recipes: the return of the policy that collected the data"),
        behaviour_normalised=(nullable(NUM), "that return on the same 0-100 scale"),
        note=(nullable(STR), "why it does not beat the random policy (curated), when it does not"),
        findings=(nullable(STR), "what was measured on the way to the recipe as it is (curated), when recorded"),
        stale=(
            nullable(STR),
            "why the committed runs no longer match the recipe file, knobs or pins; null when current",
        ),
    ),
    keys="a family of data/curves.yaml (its recipe file's name)",
)
