"""The loss contract: what every loss shares (measured), and upstream text checked against the records.

``facts``: ``measure`` (set_keys, mask and vmap rules, run on a zoo loss),
``contradictions`` (upstream claims about losses, estimators, target updaters,
trainers, hooks and configs vs introspection and measurement; pure),
``records``; ``views``: the contract and upstream-text pages, the flags other
pages place with ``<!-- gen:contracts.flags KIND NAME -->``.  Per-loss facts
(masks honoured, default estimators made, arguments refused, nested keys) come
from the loss records.
"""
