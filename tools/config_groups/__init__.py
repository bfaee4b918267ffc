"""Hydra config groups torchrl registers, the dataclass behind each option and the class it builds.

``facts``: the ConfigStore read after importing torchrl's configs, each config
dataclass introspected, the curated ``data/configs.yaml``; ``views``: the
config-groups page and the inventory section.
"""
