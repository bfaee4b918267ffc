"""Build-time package of the TorchRL training reference.

Data flows one way: torchrl (installed) and ``data/*.yaml`` (curated facts)
-> records (plain dataclasses) -> renderers (records -> Markdown) -> pages,
``site/inventory.json`` and the command-line tools.

Each concern (versions, losses, estimators, ...) is a sub-package holding its
records, its renderers and the small ``CONCERN`` object that tells the site
which markers, generated pages and inventory sections it provides.  The MkDocs
adapter (``tools/site/mkdocs_adapter.py``) only places what ``tools.site.markers`` returns.
"""
