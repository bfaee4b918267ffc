"""`make bench`: how long the site takes to build, to live-reload and to test.

``bench/run.py`` measures (each a median of several runs, with min and max),
``bench/report.py`` renders the results as a table, ``bench/latest.json``
keeps them.  The pure parts (summaries, the pytest durations parser, stage
grouping, targets, the report) are unit-tested in ``tests/bench/``; the bench
itself is not run by ``make test``.
"""
