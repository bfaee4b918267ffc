"""Troubleshooting: every common failure, found by pasting its error text, reproduced live.

Entries are curated (``data/troubleshooting.yaml`` and one code file per entry
under ``data/troubleshooting/``); the error text each page shows is captured
when the site is built, by running the entry's reproduction block against the
installed torchrl (``facts/capture.py``), and cached on the entries' sources and
the installed versions.  Entries about keys and shapes also show what the
wiring checker says about their case (``facts/wiring.py``), measured the same way
and cached on the checker's own sources.  ``data/captured/troubleshooting.json`` holds the text
each entry was last reviewed against: the drift test fails, naming the entry,
when torchrl's text moves away from it (``make troubleshooting-accept``
records the new text once the entry has been re-read).
"""
