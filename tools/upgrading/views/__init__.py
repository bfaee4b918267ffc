"""The upgrade pages, their inventory section and the badges other pages show (through the registry)."""
