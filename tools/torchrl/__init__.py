"""What the installed torchrl has, and the tiny constructions of each.

``losses``, ``estimators``, ``updaters``, ``trainers``: every class of a kind,
discovered from torchrl (never listed by hand).  ``loss_zoo``: one tiny,
seeded construction per loss (``loss_zoo/constructions/<Loss>.py``, run with
``build``); ``trainer_zoo``: the tiny parts every trainer and hook class is
built from.  Reads ``tools.core`` only; every concern's facts build on it.
"""
