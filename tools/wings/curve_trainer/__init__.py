"""The curve trainer: each recipe family trained over seeds into outputs/curves/ (``make curves``)."""
