"""Trainer hook classes: constructor arguments and where ``register()`` attaches each (measured).

("Hooks" here always means torchrl's ``TrainerHookBase`` classes; the MkDocs
side of the site is its adapter, ``tools.site``.)  ``facts``: each hook class
built on the trainer zoo's parts and registered on a probe trainer;
``views``: the hooks page's tables and the inventory section.
"""
