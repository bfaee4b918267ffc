"""The estimator reference's sections and the ``estimators`` inventory section."""
