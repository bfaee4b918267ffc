"""The api concern's sections: one class's API section, or every documented class of a kind."""
