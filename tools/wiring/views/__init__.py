"""The check-wiring page's table of checks."""
