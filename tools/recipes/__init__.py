"""Training recipes: one whole runnable file per algorithm family, and what its page says about it.

(A "recipe" here is always one of these files; the tiny constructions the
reference pages measure are the loss zoo's, ``tools.torchrl.loss_zoo``.)  The
files live in ``snippets/recipes/``.  ``facts``: ``read`` parses them (no
import, no run: cold builds never train), ``sota`` puts each knob beside what
the SOTA scripts use, ``targets`` the cadence of its updater; ``views``: the
recipe pages' sections, the index and the inventory section.  The recipes
themselves run in ``tests/tools/recipes/``, and ``make outputs`` stores what
they print.
"""
