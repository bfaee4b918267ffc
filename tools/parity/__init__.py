"""Config <-> class parity: every config dataclass compared with the class it builds.

``facts``: the audit (``compare``; the loss factories it reads were instantiated by
``tools.config_groups.facts.factories``), the differences as last reviewed (``reviewed``); ``views``:
the summary, one page per config group, the inventory section.
"""
