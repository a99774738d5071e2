"""The README and the pages under docs/ hold together: every link reaches a file (and a heading,
when it names one), every page is reachable from the README, and every repository path the
text names in backticks exists (issue 34, item 2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "deploy" / "README.md",
         *sorted((ROOT / "bots" / "examples").glob("*/README.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
TOP_FOLDERS = ("engine/", "arena/", "scheduler/", "bots/", "benchmarks/", "docs/", "deploy/",
               "proto/", "tests/")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text())
    return {slug(m[1]) for m in re.finditer(r"^#+ (.+)$", text, re.M)}


def prose(page: Path) -> str:
    """The page without its fenced code blocks (commands and output are not links)."""
    return FENCE.sub("", page.read_text())


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_reaches_its_file_and_heading(page: Path) -> None:
    broken = []
    for target in LINK.findall(prose(page)):
        if re.match(r"[a-z]+:", target):
            continue  # a web address: not checked offline
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no file {file.relative_to(ROOT)}")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no heading '#{anchor}' in {file.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}: broken links:\n" + "\n".join(broken)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_repository_path_named_exists(page: Path) -> None:
    missing = []
    for span in CODE_SPAN.findall(prose(page)):
        if not span.startswith(TOP_FOLDERS) or re.search(r"[\s<>*{}$]", span):
            continue
        if not (ROOT / span.rstrip("/")).exists():
            missing.append(span)
    assert not missing, f"{page.relative_to(ROOT)} names paths that do not exist: {missing}"


def test_every_docs_page_is_linked_from_the_readme() -> None:
    linked = {(ROOT / target.partition("#")[0]).resolve()
              for target in LINK.findall(prose(ROOT / "README.md"))}
    unlinked = [p.name for p in sorted((ROOT / "docs").glob("*.md")) if p.resolve() not in linked]
    assert not unlinked, f"docs pages the README does not link: {unlinked}"


def test_the_readme_reads_in_five_minutes() -> None:
    # About 250 words a minute: the front door stays short, the rest lives in docs/.
    words = len(prose(ROOT / "README.md").split())
    assert words < 1500, f"the README's prose has {words} words; move material to docs/"
