"""Target networks: which losses keep them, SoftUpdate and HardUpdate measured, the reference cadences.

``facts``: the updaters introspected, the losses' target groups and the two
updaters measured on the loss zoo (``measure``), the SOTA scripts' cadences
read from the SOTA map (``curated``); ``views``: the target-updates page and
the inventory section.
"""
