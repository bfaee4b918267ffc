"""The site adapter: marker expansion and generated pages (``markers``) and the thin MkDocs hooks (``mkdocs_adapter``).

It sits on top: it calls the concerns' views through the registry, and nothing imports it.
"""
