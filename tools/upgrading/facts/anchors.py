"""Where a step's page explains one change: the anchors its sections carry.

The page renders these anchors (``views/render.py``); the badges on other pages and the error matcher's
answers link to them, so the rule that picks one lives here, below all three.
"""

from __future__ import annotations

from tools.upgrading.facts.records import NEW, Change

# New things, by snapshot section: (heading, anchor) of the list under "New features" that holds them.
NEW_FEATURE_SECTIONS = {
    "losses": ("Losses", "new-losses"),
    "estimators.classes": ("Value estimators", "new-estimators"),
    "estimators.members": ("ValueEstimators members", "new-estimator-members"),
    "updaters": ("Target updaters", "new-updaters"),
    "hooks": ("Trainer hooks", "new-hooks"),
    "trainers": ("Trainers", "new-trainers"),
    "configs": ("Hydra configs", "new-configs"),
    "config_store": ("ConfigStore options", "new-config-store"),
    "functions": ("Functions", "new-functions"),
    "exports": ("Exported names", "new-exports"),
}
# The table of every difference: where a change no note and no list of new features names is found.
EVERY_DIFFERENCE = "every-difference"


def lists_as_new(change: Change) -> bool:
    """The page's "New features" lists this change (under its section's heading)."""
    return change.impact == NEW and change.section in NEW_FEATURE_SECTIONS


def change_anchor(change: Change) -> str:
    """The anchor that explains ``change`` on its step's page: its note, else the list of new features
    that holds it, else the table of every difference."""
    if change.note:
        return change.note
    if lists_as_new(change):
        return NEW_FEATURE_SECTIONS[change.section][1]
    return EVERY_DIFFERENCE
