"""The offline fix scanner: pytorch/rl's bug-fix commits that touched the covered code, read with git and ``ast`` into data/fix-history.json (``make fix-history``)."""
