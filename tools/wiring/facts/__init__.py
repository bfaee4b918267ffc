"""What a loss and its value estimator read, checked against the user's data."""
