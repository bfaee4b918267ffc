"""Learning curves: each recipe family trained over seeds by ``make curves``, and plotted by it.

Training and drawing happen only in ``make curves`` (the wing
``tools.wings.curve_trainer``; ``make curve-plots`` redraws the plots alone);
builds read the committed CSV, provenance and ``curve.svg`` files under
``outputs/curves/``.  ``facts``: the plan (``data/curves.yaml``), the committed
runs and whether they are current; ``views``: the plots (matplotlib,
``views/plot.py``) and the results table.  Markers::

    <!-- gen:curves.plot ppo -->     one family's SVG with its caption
    <!-- gen:curves.summary -->      the results table of every family
"""
