"""Every error and warning the covered torchrl code can raise, read from its source."""
