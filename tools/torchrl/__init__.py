"""What the installed torchrl has, and the tiny constructions of each.

``losses``, ``estimators``, ``updaters``, ``trainers``: every class of a kind,
discovered from torchrl (never listed by hand, through ``discovery``);
``configs``: the ConfigStore's nodes; ``accepted_keys``: a class's default
keys.  ``snapshot``: the API snapshot, the one reading of a release's API (the
pinned one in-process, older ones in a throwaway venv), one module per section.  ``loss_zoo``: one tiny,
seeded construction per loss (``loss_zoo/constructions/<Loss>.py``, run with
``build``); ``trainer_zoo``: the tiny parts every trainer and hook class is
built from.  Reads ``tools.core`` only; every concern's facts build on it.
"""
