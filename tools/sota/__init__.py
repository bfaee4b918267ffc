"""The SOTA map: pytorch/rl's sota-implementations/ read from their code, checked against torchrl.

The offline scanner (``tools.wings.sota_scanner``, ``make sota-data``) writes
data/sota.json from a checkout, and ``make sota-compose`` stores the trainer
configs' Hydra compositions.  ``facts``: the build reads both (``data``,
``compositions``), checks the map against the installed torchrl (``check``),
sums each directory up (``summary``) and lists what builds each loss
(``sources``); ``views``: the SOTA page, the inventory section, and the links
other pages show (through the registry).
"""
