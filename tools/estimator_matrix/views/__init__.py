"""The estimator matrix's sections on the value-estimator page."""
