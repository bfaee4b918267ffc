"""Upgrading between torchrl releases: what changed, read from both releases, each difference classified.

``facts/``: the pinned release's snapshot and the committed ones (made by ``tools.torchrl.snapshot``:
``make api-snapshot`` runs it in a throwaway venv of an older release), ``diff.py`` (raw
differences), ``classify.py`` (each one classified, automatically or by a note of ``data/upgrading.yaml``;
the build fails on one that is neither), ``curated.py`` (the notes and their migrations).
``views/``: one page per release step, the ``upgrading`` inventory section, and the "changed in" /
"new in" badges other pages ask for through ``registry.links("upgrade", ...)``.
"""
