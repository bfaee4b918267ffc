"""The config-groups page's sections and the ``config_groups`` inventory section."""
