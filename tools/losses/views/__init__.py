"""The loss reference: the loss table, "choose a loss", one page per loss, the ``losses`` inventory section."""
