"""The fix history: pytorch/rl's bug-fix commits to the code this site documents, from git, checked against torchrl.

The offline scanner (``tools.wings.fix_scanner``, ``make fix-history``) writes data/fix-history.json
from a pytorch/rl git directory.  ``facts``: the build reads it (``data``), sorts each fix into an
area (``areas``) and looks up each object a fix changed in the installed torchrl (``installed``);
``views``: a folded "Fixed upstream" section on each documented class's page, the index pages
under troubleshooting/fixes/, and the ``fixes`` inventory section.
"""
