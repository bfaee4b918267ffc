"""The recipe pages' sections, the recipe index, the ``recipes`` inventory section, and the links loss pages list."""
