"""What every concern uses, importing nothing else of ``tools``.

``paths`` (where things live), ``timing`` (build stages for ``make bench``),
``codec`` (records <-> JSON), ``cache`` (records computed once, keyed on their
code and data), ``registry`` (the concerns, their sections, inventory and
links), ``errors`` (the error vocabulary, and how a caught exception becomes
text), ``keys`` (TensorDict keys as text and JSON), ``markdown`` (table cells,
``table()``, the marker grammar), ``urls`` (every page's path), ``schema``
(JSON Schema shorthands), ``signatures`` (constructor signatures),
``distributions`` (the pinned packages), ``silence`` (torchrl's warnings while
measuring), ``values`` (when two values are the same default),
``word_breaks`` and ``search_weights`` (what readers see of the HTML).
"""
