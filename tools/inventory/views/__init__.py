"""The Tools page's overview of ``site/inventory.json`` and one example section."""
