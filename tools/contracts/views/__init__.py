"""The loss contract and upstream-text pages' sections, the flags other pages place, the inventory section."""
