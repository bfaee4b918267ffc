"""The hand-written rules on the estimator pages still hold for the measured records.

docs/value-estimators/reference.md ("Rules that hold for every estimator") and
docs/value-estimators/index.md state a few facts in prose.  If a torchrl
upgrade changes one, this test names the rule to rewrite.
"""

from __future__ import annotations

PAGE = "docs/value-estimators/reference.md"


def _probe(record, name):
    return next(p for p in record.shapes if p.name == name)


def _key(record, field):
    return next(k for k in record.keys if k.field == field)


def test_time_first_data_gives_other_numbers_except_for_td0(estimator_reference):
    for record in estimator_reference.estimators:
        outcome = _probe(record, "time_first").outcome
        assert outcome.ok, f"{PAGE}: time-first data now raises for {record.name}"
        assert outcome.changed is (record.name != "TD0Estimator"), (
            f"{PAGE}: rewrite the time-dimension rule ({record.name})"
        )


def test_naming_the_time_dimension_fixes_it(estimator_reference):
    for record in estimator_reference.estimators:
        outcome = _probe(record, "time_first_named").outcome
        assert outcome.ok and not outcome.changed, (
            f"{PAGE}: naming the time dimension no longer works for {record.name}"
        )


def test_a_missing_trailing_dimension_raises(estimator_reference):
    for record in estimator_reference.estimators:
        assert not _probe(record, "no_feature_dim").outcome.ok, f"{PAGE}: rewrite the trailing-1 rule ({record.name})"


def test_episode_ends_split_the_data(estimator_reference):
    for record in estimator_reference.estimators:
        outcome = _probe(record, "episode_end").outcome
        assert outcome.ok and not outcome.changed, f"{PAGE}: rewrite the episode-end rule ({record.name})"


def test_values_already_in_the_data_are_recomputed(estimator_reference):
    for record in estimator_reference.estimators:
        outcome = record.value_precomputed
        assert outcome.ok and not outcome.changed, f"{PAGE}: rewrite the value-network rule ({record.name})"


def test_a_missing_reward_raises_the_none_error(estimator_reference):
    for record in estimator_reference.estimators:
        without = _key(record, "reward").without
        assert not without.ok and "'NoneType' object has no attribute" in without.error, (
            f"{PAGE}: rewrite the missing-reward rule ({record.name}: {without})"
        )


def test_team_reward_suits_only_multi_agent_gae(estimator_reference):
    # docs/value-estimators/index.md says so below the disagreements.
    for record in estimator_reference.estimators:
        probe = _probe(record, "other_layout")
        if record.layout == "single-agent":
            assert not probe.outcome.ok, f"docs/value-estimators/index.md: {record.name} now takes a team reward"


def test_the_forwarding_prose_matches_the_table(estimator_reference):
    by_order = {case.order: case.forwarded for case in estimator_reference.forwarding}
    member_cases = [forwarded for order, forwarded in by_order.items() if "ValueEstimators.GAE" in order]
    assert all(member_cases), f"{PAGE}: set_keys no longer reaches an estimator built from a member"
    assert not all(by_order.values()), f"{PAGE}: the order of calls no longer matters; rewrite 'Renamed keys'"
