"""Versions of the pinned packages: the banner on generated pages, a table, inventory.

Also whether torchrl's compiled extension loads with the installed torch
(measured: ``facts/extension.py``), since torchrl's declared torch range does
not tell.  ``facts``: what is installed and what the extension did; ``views``:
the banner, the table and the inventory section.
"""
