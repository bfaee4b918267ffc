"""No module under ``tools/`` grows past ``MAX_FILE_LINES`` lines, and no function past ``MAX_FUNCTION_LINES``:
a longer one is several steps or concerns that want names of their own (split it by what each part does)."""

from __future__ import annotations

import ast

from tools.core.paths import TOOLS

MAX_FILE_LINES = 500
MAX_FUNCTION_LINES = 80


def _too_long(tools=TOOLS) -> list[str]:
    found = []
    for path in sorted(tools.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(tools.parent).as_posix()
        lines = len(text.splitlines())
        if lines > MAX_FILE_LINES:
            found.append(f"{name}: {lines} lines (at most {MAX_FILE_LINES})")
        for node in ast.walk(ast.parse(text, filename=name)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                # From the `def` line to the last line of its body (decorators not counted).
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    found.append(f"{name}:{node.lineno} {node.name}(): {length} lines (at most {MAX_FUNCTION_LINES})")
    return found


def test_no_file_or_function_under_tools_is_too_long():
    assert _too_long() == [], "split these by what each part does"


def test_the_check_finds_a_long_file_and_a_long_function(tmp_path):
    package = tmp_path / "tools" / "x"
    package.mkdir(parents=True)
    body = "".join(f"    step_{i} = {i}\n" for i in range(MAX_FUNCTION_LINES))
    (package / "long_function.py").write_text(f"def run():\n{body}")
    (package / "short_function.py").write_text(f"def run():\n{body[: body.rindex('    step_')]}")
    (package / "long_file.py").write_text("x = 1\n" * (MAX_FILE_LINES + 1))
    (package / "short_file.py").write_text("x = 1\n" * MAX_FILE_LINES)
    assert _too_long(tmp_path / "tools") == [
        f"tools/x/long_file.py: {MAX_FILE_LINES + 1} lines (at most {MAX_FILE_LINES})",
        f"tools/x/long_function.py:1 run(): {MAX_FUNCTION_LINES + 1} lines (at most {MAX_FUNCTION_LINES})",
    ]
