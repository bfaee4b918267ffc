"""Command-line tools for users.  Each is a thin adapter over the same records the site shows."""
