"""Learning curves: each recipe family trained over seeds by ``make curves``, plotted at build time.

Training happens only in ``make curves`` (the wing ``tools.wings.curve_trainer``);
builds read the committed CSV and provenance files under ``outputs/curves/``.
``facts``: the plan (``data/curves.yaml``), the committed runs and whether
they are current; ``views``: the plots (matplotlib, ``views/plot.py``) and the
results table.  Markers::

    <!-- gen:curves.plot ppo -->     one family's SVG with its caption
    <!-- gen:curves.summary -->      the results table of every family
"""
