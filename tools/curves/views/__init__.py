"""The curves' plots and results table, and the ``curves`` inventory section."""
