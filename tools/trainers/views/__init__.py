"""The trainer pages' sections, one generated page per trainer, the ``trainers`` inventory section."""
