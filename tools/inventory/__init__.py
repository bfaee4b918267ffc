"""The inventory's own documentation: which sections ``site/inventory.json`` has, with an example of each.

Views only: the inventory is every concern's ``inventory`` (``tools.core.registry.inventory``).
"""
