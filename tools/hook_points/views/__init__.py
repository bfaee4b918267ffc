"""The loop page's sections and the ``hook_points`` inventory section."""
