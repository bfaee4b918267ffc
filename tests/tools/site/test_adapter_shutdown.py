"""The MkDocs adapter spares the build process its slow exit."""

from __future__ import annotations

import gc

from tools.site import mkdocs_adapter


def test_shutdown_freezes_what_the_build_left_in_memory():
    # Exiting with torch and torchrl imported spent about a second in garbage
    # collection (make bench); frozen objects are not collected again.
    gc.unfreeze()
    try:
        mkdocs_adapter.on_shutdown()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
