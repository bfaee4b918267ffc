"""Captured outputs of example files: stored in ``outputs/``, keyed on the file and the pinned versions."""
