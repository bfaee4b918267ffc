"""The hooks page's sections and the ``hooks`` inventory section."""
