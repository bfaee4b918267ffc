"""What example files print, captured by ``make outputs`` and shown beside their code.

Markers::

    <!-- gen:outputs.show snippets/index.py -->        the output block alone
    <!-- gen:outputs.tabs snippets/index.py hl_lines="3 4" -->   "Code | Output" tabs
    <!-- gen:outputs.example generated/losses/DQNLoss.py -->     a generated example's output
                                                                 (generated pages; CONCERN.examples)

``facts``: the stored captures (``store``) and which examples pages show
(``shown``); ``views``: the output blocks and tabs.  ``make outputs`` is
``tools.cli.outputs``.  The freshness test (``tests/tools/outputs/``) fails
when a shown output is missing or stale, naming ``make outputs``.
"""
