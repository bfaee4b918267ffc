"""The versions concern's sections and inventory section."""
