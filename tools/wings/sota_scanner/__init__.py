"""The offline SOTA scanner: pytorch/rl's sota-implementations/ read with ``ast`` into data/sota.json (``make sota-data``)."""
