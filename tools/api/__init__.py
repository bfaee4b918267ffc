"""API sections rendered by mkdocstrings, and cross-references to them.

Modules: ``objects`` (which torchrl classes the site documents, under which
identifier, with which methods), ``docstrings`` (torchrl's Sphinx-flavoured
docstrings -> Markdown; the griffe extension), ``load`` (one restricted
griffe parse per process, handed to mkdocstrings), ``render`` (``:::``
blocks, links), ``autolink`` (code spans naming a documented class become
autorefs links), ``inventory`` (objects.inv entries), ``search`` (API text kept
out of the search index).

Markers: ``<!-- gen:api.object NAME -->`` (one class's API section, no
heading of its own) and ``<!-- gen:api.kind KIND -->`` (every documented
class of a kind, each under its own heading with its signature).
"""
