"""Trainers: every Trainer class torchrl has, its signature, the hooks it wires up, its checkpoints.

``facts``: the classes introspected (``introspect``), built on the trainer
zoo's tiny parts and read (``measure``, ``checkpoints``), the curated
``data/trainers.yaml`` (``curated``) and the upstream descriptions of their
parameters (``descriptions``); ``views``: the trainer table, one page per
trainer, the checkpoint page's sections, the inventory section.
"""
