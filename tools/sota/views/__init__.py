"""The SOTA page's sections, the ``sota`` inventory section, and the SOTA links other pages list."""
