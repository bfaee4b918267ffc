"""Value estimators: one reference section per estimator class, the key-forwarding table, inventory.

``facts``: the estimator classes introspected and probed on tiny inputs, with
the curated summaries of ``data/estimators.yaml``; ``views``: the reference
sections and the inventory section.  The loss x estimator matrix is its own
concern (``tools.estimator_matrix``) because it needs the loss zoo.
"""
