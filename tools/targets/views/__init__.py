"""The target-updates page's sections and the ``targets`` inventory section."""
