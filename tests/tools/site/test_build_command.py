"""`make build`'s command: MkDocs' `mkdocs build`, its status kept, and a quick exit after a success."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from tools.core.paths import ROOT


def _python(*args: str, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True)


def test_a_quick_exit_still_runs_the_exit_handlers_and_writes_what_was_buffered():
    code = textwrap.dedent(
        """
        import atexit
        from tools.core.quick_exit import exit_quickly
        atexit.register(lambda: print("exit handler ran"))
        print("buffered, no newline", end="")
        exit_quickly(0)
        print("never printed")
        """
    )
    result = _python("-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "buffered, no newlineexit handler ran\n"


def test_a_failure_exits_the_usual_way_with_its_status():
    result = _python("-c", "from tools.core.quick_exit import exit_quickly; exit_quickly(3)")
    assert result.returncode == 3


def _build_tiny_site(tmp_path, index_markdown: str) -> subprocess.CompletedProcess:
    """``make build``'s command on a one-page site with MkDocs' defaults."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(index_markdown)
    (tmp_path / "mkdocs.yml").write_text("site_name: tiny\n")
    config, site = str(tmp_path / "mkdocs.yml"), str(tmp_path / "site")
    return _python("-m", "tools.site.build_command", "--strict", "-f", config, "--site-dir", site)


def test_a_small_site_builds_and_the_command_exits_0(tmp_path):
    result = _build_tiny_site(tmp_path, "# Hello\n")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "site" / "index.html").exists()


def test_a_failed_build_keeps_mkdocs_message_and_status(tmp_path):
    result = _build_tiny_site(tmp_path, "# Hello\n\n[broken](missing.md)\n")
    output = result.stdout + result.stderr  # as `mkdocs build` prints them: the verdict on stdout
    assert result.returncode == 1
    assert "missing.md" in output and "Aborted with 1 warnings in strict mode" in output and "Traceback" not in output
