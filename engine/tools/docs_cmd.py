"""``fanrules docs``: the documentation site, built with MkDocs (Material theme) and mkdocstrings from a
checkout's README, README.zh.md and docs/ guides, the docstrings of the public API and the rule book.

The site's sources are put together in a temporary folder (the repository's top level is fixed, so no
``mkdocs.yml`` lives there): the README becomes the home page, each guide a chapter, each name of
``fanrules.__all__`` and each public submodule a reference page, and the rule book of the chosen rule set
is copied in whole. MkDocs builds it in strict mode, so a broken link or a name the reference cannot
find fails the build. The site is written beside the output folder and renamed into place, so a failed
build leaves an earlier site as it was; a folder holding anything but an earlier site is refused."""
from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from ..core.errors import CliError, ExitCode
from ..core.text import install_hint, printable
from .cli_context import load_rules

#: The guides in reading order, each with its title in the navigation; a guide of docs/ not listed here
#: follows them, titled by its first heading.
GUIDES: tuple[tuple[str, str], ...] = (
    ("python.md", "Using it from Python"), ("notation.md", "Hand notation"), ("principles.md", "Scoring principles and rulings"),
    ("rules.md", "Rule sets"), ("dsl.md", "The predicate language"),
    ("variants.md", "Variants"), ("editions.md", "Editions"), ("analysis.md", "Hand analysis"),
    ("game.md", "The game"), ("review.md", "Reviewing a game"), ("settlement.md", "Settlement"), ("architecture.md", "Architecture"),
    ("benchmarks.md", "Benchmarks"), ("web.md", "The web surface"),
    ("interop.md", "Botzone, PyMahjongGB, PettingZoo"), ("development.md", "Developing fanrules"),
)
#: Public submodules with a reference page of their own (those that exist in this version).
SUBMODULES = ("fanrules.game", "fanrules.settlement", "fanrules.analysis", "fanrules.dsl", "fanrules.botzone",
              "fanrules.env", "fanrules.web")
#: The file an earlier site leaves in its folder, so that it alone is ever replaced.
MARKER = ".fanrules-site"
INSTALL = install_hint("docs")

_LINK = re.compile(r"(!?\[[^\]\n]*\])\(([^)\s]+)\)")
_FENCE = re.compile(r"^(```|~~~)", re.MULTILINE)


def register(sub: Any) -> None:
    p = sub.add_parser("docs", help="build the documentation site (MkDocs; needs the docs extra)")
    p.add_argument("-o", "--output", required=True, help="folder to write the site into (new, empty, or an earlier site)")
    p.add_argument("--source", help="the checkout holding README.md and docs/ (default: this folder, else the package's checkout)")
    p.add_argument("--rules", default="mcr", help="rule set whose rule book the site embeds (default mcr)")
    p.add_argument("--force", action="store_true", help="replace an earlier site in the output folder")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("mkdocstrings") is None:
        raise CliError(f"fanrules docs needs MkDocs and mkdocstrings: {INSTALL}")
    source = checkout(args.source)
    out = Path(args.output)
    check_site_folder(out, args.force)
    ruleset = load_rules(args.rules)
    with tempfile.TemporaryDirectory(prefix="fanrules-docs-") as tmp:
        pages = Path(tmp) / "pages"
        nav = write_pages(source, pages)
        from ..web.book import build_book

        build_book(ruleset, pages / "book")
        built = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.resolve().parent))
        try:
            config = Path(tmp) / "mkdocs.yml"
            config.write_text(site_config(pages, built, nav, package_paths()), encoding="utf-8")
            done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config)],
                                  capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
            if done.returncode != 0:
                problems = [line for line in done.stderr.splitlines() if "WARNING" in line or "ERROR" in line]
                raise CliError("the site did not build (strict mode):\n  " + "\n  ".join(
                    printable(line) for line in (problems or done.stderr.splitlines()[-10:])))
            mark_languages(built)
            (built / MARKER).write_text("a documentation site written by fanrules docs\n", encoding="utf-8")
            replace_folder(built, out)
        finally:
            shutil.rmtree(built, ignore_errors=True)
    print(f"site of {len(list(out.rglob('*.html')))} pages in {out} (open {out / 'index.html'})")
    return 0


#: The site's pages written in another language than the theme's English, and that language.
PAGE_LANGUAGES = {"zh.html": "zh"}


def mark_languages(site: Path) -> None:
    """The ``<html lang>`` of each page of ``PAGE_LANGUAGES``: the theme writes its own (English) on every
    page, which a screen reader then reads a Chinese page in."""
    for name, lang in PAGE_LANGUAGES.items():
        page = site / name
        if page.is_file():
            text = page.read_text(encoding="utf-8")
            page.write_text(re.sub(r'<html lang="[^"]*"', f'<html lang="{lang}"', text, count=1), encoding="utf-8")


def checkout(given: str | None) -> Path:
    """The folder holding README.md and docs/: the one given, else the current folder, else the
    checkout the package was installed from in editable mode."""
    candidates = [Path(given)] if given else [Path.cwd(), Path(__file__).resolve().parents[2]]
    for folder in candidates:
        if (folder / "README.md").is_file() and (folder / "docs").is_dir():
            return folder.resolve()
    where = given or "this folder"
    raise CliError(f"{printable(where)} holds no README.md and docs/: run it in a checkout of fanrules or give --source")


def check_site_folder(out: Path, force: bool) -> None:
    if not str(out):
        raise CliError("-o is an empty folder name: give the folder to write the site into", ExitCode.USAGE)
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise CliError(f"{printable(str(out))} is not a folder: refused")
    if out.is_dir() and any(out.iterdir()):
        if not (out / MARKER).is_file():
            raise CliError(f"{printable(str(out))} is not empty and holds no site written by fanrules: refused (give a new or empty folder)")
        if not force:
            raise CliError(f"{printable(str(out))} holds an earlier site: give --force to replace it")


def replace_folder(built: Path, out: Path) -> None:
    """Put the built site at ``out``: renamed over an empty or earlier site, which is then removed."""
    old = None
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}-old-", dir=out.resolve().parent))
        os.rename(out, old / "site")
    os.rename(built, out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def package_paths() -> list[str]:
    """Where mkdocstrings finds the package ``fanrules``: an installed copy's folder, or in a checkout
    the link tree that the type checker reads too (engine/, dsl/ and rules/ as one package)."""
    here = Path(__file__).resolve().parents[1]
    if here.name == "fanrules":
        return [str(here.parent)]
    return [str(here.parent / ".ci" / "typecheck")]


def write_pages(source: Path, pages: Path) -> list[Any]:
    """The site's Markdown pages, links rewritten to where the pages are on the site; the navigation."""
    docs = source / "docs"
    pages.mkdir(parents=True)
    if (docs / "images").is_dir():
        shutil.copytree(docs / "images", pages / "images")
    home = {source / "README.md": "index.md"}
    if (source / "README.zh.md").is_file():
        home[source / "README.zh.md"] = "zh.md"
    listed = [name for name, _ in GUIDES if (docs / name).is_file()]
    others = sorted(p.name for p in docs.glob("*.md") if p.name not in listed)
    site_of = {**home, **{docs / name: name for name in listed + others},
               **{p: f"images/{p.name}" for p in (docs / "images").glob("*")}}
    for path, page in site_of.items():
        if path.suffix == ".md":
            text = path.read_text(encoding="utf-8")
            (pages / page).write_text(relink(text, path.parent, page, site_of), encoding="utf-8")
    reference = write_reference(pages / "reference")
    titles = dict(GUIDES)
    nav: list[Any] = [{"Home": "index.md"}]
    if "zh.md" in site_of.values():
        nav.append({"中文": "zh.md"})
    nav.append({"Guides": [{titles.get(name) or first_heading(docs / name): name} for name in listed + others]})
    nav.append({"API reference": reference})
    (pages / "rulebook.md").write_text(
        "# The rule book\n\nEvery fan of the rule set on a page of its own: its description, value, exclusions and "
        "predicate, and each example hand drawn and scored (`fanrules book` writes the same book on its own).\n\n"
        "[Open the rule book](book/index.html)\n", encoding="utf-8")
    nav.append({"Rule book": "rulebook.md"})
    return nav


def relink(text: str, folder: Path, page: str, site_of: dict[Path, str]) -> str:
    """Each relative link of ``text`` (written in ``folder``) pointed at its page on the site; a link to
    a file of the repository that the site does not hold keeps its words only, and a link to no file at
    all is left for MkDocs to refuse. Code blocks are left as written."""
    parts = _FENCE.split(text)
    out, in_code, i = [], False, 0
    while i < len(parts):
        chunk = parts[i]
        if chunk in ("```", "~~~"):
            in_code = not in_code
            out.append(chunk)
        else:
            out.append(chunk if in_code else _LINK.sub(lambda m: _relinked(m, folder, page, site_of), chunk))
        i += 1
    return "".join(out)


def _relinked(match: re.Match[str], folder: Path, page: str, site_of: dict[Path, str]) -> str:
    words, target = match.group(1), match.group(2)
    if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
        return match.group(0)
    path, _, anchor = target.partition("#")
    resolved = (folder / path).resolve()
    site_page = site_of.get(resolved)
    if site_page is None:  # a file of the repository that is not on the site: its words; a missing one stays, for MkDocs to report
        if not resolved.exists():
            return match.group(0)
        return words[1:-1] if not words.startswith("!") else f"`{path}`"
    depth = page.count("/")
    return f"{words}({'../' * depth}{site_page}{'#' + anchor if anchor else ''})"


def first_heading(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem


def public_names() -> list[str]:
    import fanrules

    return sorted(fanrules.__all__, key=str.lower)


def public_submodules() -> list[str]:
    return [name for name in SUBMODULES if importlib.util.find_spec(name) is not None]


def write_reference(folder: Path) -> list[Any]:
    """A page per public name (its signature and docstring) and per public submodule; their navigation."""
    folder.mkdir()
    names = public_names()
    lines = ["# API reference", "", "Everything `import fanrules` gives, then the public submodules.", ""]
    lines += [f"- [`fanrules.{name}`]({name}.md)" for name in names]
    lines += ["", "Submodules:", ""] + [f"- [`{m}`]({m}.md)" for m in public_submodules()]
    (folder / "index.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for name in names:
        (folder / f"{name}.md").write_text(f"::: fanrules.{name}\n", encoding="utf-8")
    for module in public_submodules():
        (folder / f"{module}.md").write_text(f"::: {module}\n", encoding="utf-8")
    return [{"Overview": "reference/index.md"},
            {"fanrules": [{name: f"reference/{name}.md"} for name in names]},
            {"Submodules": [{m: f"reference/{m}.md"} for m in public_submodules()]}]


def site_config(pages: Path, site: Path, nav: list[Any], paths: list[str]) -> str:
    """The MkDocs configuration (JSON is YAML): strict links, mkdocstrings reading plain-prose docstrings."""
    import json

    config = {
        "site_name": "fanrules", "site_description": "Chinese Official Mahjong (MCR) scoring as data",
        "docs_dir": str(pages), "site_dir": str(site), "use_directory_urls": False,
        "theme": {"name": "material", "font": False, "features": ["navigation.sections", "search.suggest"]},
        "nav": nav,
        "markdown_extensions": ["tables", "admonition", "attr_list", "toc"],
        "plugins": ["search", {"mkdocstrings": {"handlers": {"python": {"paths": paths, "options": {
            "docstring_style": None, "show_source": False, "show_root_heading": True, "heading_level": 1, "show_signature_annotations": True,
            "separate_signature": True, "members_order": "source", "show_if_no_docstring": False}}}}}],
        "validation": {"nav": {"omitted_files": "warn", "not_found": "warn"},
                       "links": {"not_found": "warn", "unrecognized_links": "warn", "anchors": "warn"}},
    }
    return json.dumps(config, ensure_ascii=False, indent=1)
