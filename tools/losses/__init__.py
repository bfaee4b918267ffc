"""The loss reference: every public torchrl loss, introspected, measured on tiny networks, and curated.

``facts``: which losses exist (read from ``tools.torchrl``), what each one's
class says (``introspect``), what building and running it on the loss zoo did
(``measure``, ``probes/``), the curated ``data/losses.yaml`` and its checks;
``views``: the loss table, "choose a loss", one page per loss, the inventory
section.
"""
