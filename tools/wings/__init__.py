"""Wings: offline tools the build never imports, run by ``make`` targets a docs maintainer can ignore.

``sota_scanner`` reads a pytorch/rl checkout into ``data/sota.json`` (``make
sota-data``) and composes its trainer configs (``make sota-compose``);
``curve_trainer`` trains every recipe family over seeds (``make curves``).
They may read any concern's facts; nothing imports them (the import contract
in pyproject.toml says so).
"""
