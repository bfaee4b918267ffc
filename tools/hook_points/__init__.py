"""Hook points of ``Trainer``: the list torchrl accepts, their order in ``train()``, their behaviour.

``facts``: measured on a probe trainer of the trainer zoo; ``views``: the loop
diagram, the hook-point table and the inventory section.
"""
