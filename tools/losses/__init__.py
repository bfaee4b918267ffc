"""The loss reference: every public torchrl loss, introspected, measured on tiny networks, and curated."""
