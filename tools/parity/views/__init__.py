"""The parity audit's sections, one page per config group, and the ``parity`` inventory section."""
