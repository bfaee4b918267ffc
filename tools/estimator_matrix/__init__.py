"""The loss x value-estimator matrix: declared support (introspected) against measured runs.

A concern of its own because it needs the loss zoo; the estimator classes
themselves are ``tools.estimators``.  ``facts``: one measured row per loss;
``views``: the grid and its lists on the estimator page.  Its per-loss facts
reach inventory.json through the ``losses`` rows (``measured_value_estimators``,
``estimator_key_forwarding``): one row per loss, one measurement per cell.
"""
