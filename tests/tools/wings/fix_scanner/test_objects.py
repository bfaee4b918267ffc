"""Changed lines -> the functions, classes and methods around them."""

from __future__ import annotations

from tools.wings.fix_scanner.objects import definitions, enclosing, parse_diff

from .conftest import PPO_V1


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_each_line_belongs_to_the_innermost_definition():
    spans = definitions(PPO_V1.encode())
    assert enclosing(spans, [_line(PPO_V1, "return data * 2")]) == {"ClipPPOLoss.forward"}
    assert enclosing(spans, [_line(PPO_V1, "@staticmethod")]) == {"PPOLoss.scale"}  # decorators count
    assert enclosing(spans, [_line(PPO_V1, "default_value")]) == {"PPOLoss"}  # the class body
    assert enclosing(spans, [_line(PPO_V1, "return x + 1")]) == {"_helper"}
    assert enclosing(spans, [_line(PPO_V1, "import math")]) == set()  # module level: none


def test_a_file_that_does_not_parse_has_no_definitions():
    assert definitions(b"def broken(:\n") is None


DIFF = """\
diff --git a/torchrl/a.py b/torchrl/b.py
similarity index 90%
rename from torchrl/a.py
rename to torchrl/b.py
--- a/torchrl/a.py
+++ b/torchrl/b.py
@@ -3,2 +3 @@ def f():
-    x = 1
-    y = 2
+    x = 3
@@ -10,0 +10,2 @@ def g():
+    a = 1
+    b = 2
diff --git a/torchrl/new.py b/torchrl/new.py
new file mode 100644
--- /dev/null
+++ b/torchrl/new.py
@@ -0,0 +1 @@
+X = 1
diff --git a/torchrl/mode.py b/torchrl/mode.py
old mode 100644
new mode 100755
"""


def test_a_diff_gives_each_side_its_paths_and_lines():
    renamed, new = parse_diff(DIFF)  # the mode-only change has no lines: left out
    assert (renamed.old_path, renamed.new_path) == ("torchrl/a.py", "torchrl/b.py")
    assert renamed.deleted == [3, 4] and renamed.added == [3, 10, 11]
    assert (new.old_path, new.new_path, new.deleted, new.added) == (None, "torchrl/new.py", [], [1])
