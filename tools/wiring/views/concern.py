"""The check-wiring page's table of checks."""

from __future__ import annotations

from tools.core.registry import Concern
from tools.wiring.facts.checks import CHECKS
from tools.wiring.views.render import render_checks

CONCERN = Concern(name="wiring", sections={"checks": lambda _arg: render_checks(CHECKS)})
