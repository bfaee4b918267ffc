"""The skill's layout, its front matter and routing, its archive, and the files the build writes."""

from __future__ import annotations

import io
import re
import zipfile

from tools.core import registry
from tools.skill.views import render
from tools.skill.views.concern import CONCERN, skill_files


def test_skill_md_has_front_matter_routing_and_eight_steps():
    text = skill_files()["SKILL.md"]
    front = re.match(r"^---\nname: (\S+)\ndescription: (.+?)\n---\n", text, re.S)
    assert front and front.group(1) == f"torchrl-{render.NAME}"
    assert "ClipPPOLoss" in front.group(2) and "set_keys" in front.group(2)
    steps = re.findall(r"^(\d)\. .+$", text, re.M)
    assert steps == [str(n) for n in range(1, 9)]
    for path in skill_files():
        if path.startswith("references/"):
            assert f"]({path})" in text, f"SKILL.md routes to no {path}"


def test_every_file_skill_md_names_exists():
    files = skill_files()
    named = set(re.findall(r"(references/[\w-]+\.md|scripts/[\w-]+\.py)", files["SKILL.md"]))
    assert named and named <= set(files)


def test_the_archive_holds_the_same_files_under_the_skill_folder():
    files = skill_files()
    data = CONCERN.binary_files()[render.ARCHIVE]
    with zipfile.ZipFile(io.BytesIO(data)) as zipped:
        inside = {name: zipped.read(name).decode() for name in zipped.namelist()}
    assert inside == {f"{render.NAME}/{path}": text for path, text in files.items()}
    assert CONCERN.binary_files()[render.ARCHIVE] == data  # one skill, one archive


def test_the_build_writes_the_skill_folder():
    written = registry.site_files()
    for path, text in skill_files().items():
        assert written[f"{render.FOLDER}/{path}"] == text
    assert render.ARCHIVE in registry.site_binary_files()


def test_export_links_point_at_the_markdown_beside_each_page():
    assert render.export_link("losses/ClipPPOLoss.md") == "../../../losses/ClipPPOLoss/index.md"
    assert render.export_link("configs/index.md") == "../../../configs/index.md"
    assert render.export_link("index.md") == "../../../index.md"


def test_the_tools_page_the_home_page_and_llms_txt_link_the_skill():
    from tools.core.paths import ROOT

    tools_page = (ROOT / "docs" / "tools" / "index.md").read_text(encoding="utf-8")
    assert f'href="../{render.FOLDER}/SKILL.md"' in tools_page and f'href="../{render.ARCHIVE}"' in tools_page
    assert "<!-- gen:skill.summary -->" in tools_page
    assert "#the-agent-skill" in (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    description = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("full_output:")[0]
    assert f"{render.FOLDER}/SKILL.md" in description and render.ARCHIVE in description
    # Each script an agent runs is named where the agent first reads about the skill.
    runnable = [
        path.rsplit("/", 1)[-1]
        for path, text in skill_files().items()
        if path.startswith("scripts/") and path.endswith(".py") and '__name__ == "__main__"' in text
    ]
    assert runnable and [name for name in runnable if name not in description] == []


def test_the_summary_counts_every_file():
    summary = CONCERN.sections["summary"]("")
    assert all(f"`{path}`" in summary for path in skill_files())
