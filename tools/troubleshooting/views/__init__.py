"""The troubleshooting pages' sections and the ``troubleshooting`` inventory section."""
