"""The rule book (``fanrules book``): every fan has a page, every exclusion link resolves, every drawn
example scores what ``fanrules score`` says, the bytes do not change between runs, and it is quick."""
from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fanrules.ruleset import load_ruleset
from fanrules.ruleset.loader import shipped_rulesets
from fanrules.tools.cli import main

RULESETS = shipped_rulesets()
#: Each drawn example: the hand, its context, then the drawn total.
EXAMPLE = re.compile(r'<div class="example" data-hand="([^"]*)" data-context="([^"]*)" data-count="\d+">'
                     r'<p class="note">.*?</p><div class="result" data-hand="[^"]*" data-total="(-?\d+)">')
#: The command-line flag of each context key of an example.
FLAGS = {"self_drawn": "--self-drawn", "last_copy": "--last-copy", "kong_related": "--kong", "last_tile": "--last-tile",
         "seat_wind": "--seat", "prevalent_wind": "--round", "flowers": "--flowers",
         "flower_replacement": "--flower-replacement", "first_turn": "--first-turn",
         "discard_after_kong": "--discard-after-kong", "discarder": "--discarder", "seat_flowers": "--seat-flowers"}


@pytest.fixture(scope="module", params=RULESETS)
def book(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, float]:
    out = tmp_path_factory.mktemp(f"book-{request.param}")
    start = time.perf_counter()
    assert main(["book", "--rules", request.param, "-o", str(out)]) == 0
    return request.param, out, time.perf_counter() - start


def test_shipped_rule_sets_are_found() -> None:
    assert {"mcr", "casual", "mil", "mcr-1998"} <= set(RULESETS)  # strict1998 is an old name of mcr-1998


def test_builds_in_under_ten_seconds(book: tuple[str, Path, float]) -> None:
    assert book[2] < 10


def test_every_fan_has_a_page_listed_in_the_index(book: tuple[str, Path, float]) -> None:
    name, out, _ = book
    index = (out / "index.html").read_text(encoding="utf-8")
    for fan in load_ruleset(name).fans:
        page = (out / f"fan-{fan.number}.html").read_text(encoding="utf-8")
        assert html.escape(fan.name_zh) in page and html.escape(fan.name_en) in page
        assert f'<pre class="predicate">{html.escape(fan.predicate.strip())}</pre>' in page
        assert f'href="fan-{fan.number}.html"' in index


def test_every_link_resolves(book: tuple[str, Path, float]) -> None:
    _, out, _ = book
    missing, exclusions = [], 0
    for page in sorted(out.glob("*.html")):
        text = page.read_text(encoding="utf-8")
        exclusions += text.count('class="excl"') + text.count('class="fam"')  # links to fans: exclusions, families
        for target in re.findall(r'(?:href|src)="([^"#?:]+)"', text):
            if not (out / target).is_file():
                missing.append(f"{page.name} -> {target}")
    assert missing == [] and exclusions > 100


def test_exclusion_links_name_the_excluded_fans(book: tuple[str, Path, float]) -> None:
    name, out, _ = book
    ruleset = load_ruleset(name)
    by_number = {f.number: f for f in ruleset.fans}
    for fan in ruleset.fans:
        page = (out / f"fan-{fan.number}.html").read_text(encoding="utf-8")
        links = re.findall(r'<a class="excl" href="fan-(\d+)\.html">([^<]*)</a>', page)
        assert sorted(int(n) for n, _ in links) == sorted(e.target for e in fan.excludes)
        for number, text in links:
            assert html.unescape(text) == f"{by_number[int(number)].name_zh} {by_number[int(number)].name_en}"


@pytest.mark.slow  # every example of every shipped rule set through the command line
def test_every_drawn_example_scores_what_the_command_line_says(book: tuple[str, Path, float], capsys: pytest.CaptureFixture[str]) -> None:
    name, out, _ = book
    ruleset = load_ruleset(name)
    drawn = []
    for fan in ruleset.fans:
        page = (out / f"fan-{fan.number}.html").read_text(encoding="utf-8")
        found = EXAMPLE.findall(page)
        assert len(found) == len(fan.examples), f"fan {fan.number}: {len(found)} of {len(fan.examples)} examples drawn"
        drawn += found
    capsys.readouterr()
    for hand, context, total in drawn:
        argv = ["score", html.unescape(hand), "--rules", name, "--json"]
        for pair in html.unescape(context).split():
            key, value = pair.split("=")
            argv += [FLAGS[key]] if value == "True" else [] if value == "False" else [FLAGS[key], value]
        assert main(argv) == 0
        assert json.loads(capsys.readouterr().out)["total"] == int(total), argv


def test_same_rule_set_gives_the_same_bytes(book: tuple[str, Path, float], tmp_path: Path) -> None:
    """Built again in another process with another hash seed: not a byte differs."""
    name, out, _ = book
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, "-m", "fanrules", "book", "--rules", name, "-o", str(tmp_path)], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    first = {p.name: p.read_bytes() for p in sorted(out.iterdir())}
    second = {p.name: p.read_bytes() for p in sorted(tmp_path.iterdir())}
    assert first == second


def test_variant_changes_are_listed_and_highlighted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["book", "--rules", "strict1998", "-o", str(tmp_path)]) == 0
    assert "notice: 'strict1998' is an old name of 'mcr-1998'" in capsys.readouterr().err  # as every command says it
    changes = (tmp_path / "changes.html").read_text(encoding="utf-8")
    assert 'href="fan-19.html"' in changes and "<ins>" in changes and "<del>" in changes
    assert '<div class="changed-note">Changed from <code>mcr</code>' in (tmp_path / "fan-19.html").read_text(encoding="utf-8")
    assert '<div class="changed-note">' not in (tmp_path / "fan-1.html").read_text(encoding="utf-8")
    assert 'class="badge changed"' in (tmp_path / "index.html").read_text(encoding="utf-8")
    assert main(["book", "--rules", "mil", "-o", str(tmp_path / "mil")]) == 0
    assert "New in this variant" in (tmp_path / "mil" / "fan-82.html").read_text(encoding="utf-8")
    assert main(["book", "--rules", "casual", "-o", str(tmp_path / "casual")]) == 0
    casual = (tmp_path / "casual" / "changes.html").read_text(encoding="utf-8")
    assert "minimum: <del>8</del> → <ins>0</ins>" in casual and "disabled" in casual


def test_a_root_rule_set_has_no_changes_page(tmp_path: Path) -> None:
    assert main(["book", "-o", str(tmp_path)]) == 0
    assert not (tmp_path / "changes.html").exists()
    assert "Changes</a>" not in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_a_bad_rule_set_is_an_error_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["book", "--rules", str(tmp_path / "nowhere"), "-o", str(tmp_path / "out")]) == 3
    err = capsys.readouterr().err
    assert "Traceback" not in err and "R013 no rule set here" in err
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert main(["book", "-o", str(blocked)]) == 1
    assert capsys.readouterr().err.startswith("fanrules: ")


def test_sections_beyond_the_fans_get_pages_with_their_changes(tmp_path: Path) -> None:
    from dataclasses import replace

    from fanrules.web.book import build_book

    procedure = {"dealer": {"rotates": True, "seats": ["E", "S", "W", "N"]}, "source": "rulebook 1.2"}
    built = build_book(replace(load_ruleset("casual"), sections={"procedure": procedure}), tmp_path)
    assert tmp_path / "section-procedure.html" in built
    text = (tmp_path / "section-procedure.html").read_text(encoding="utf-8")
    assert "<h1>Procedure</h1>" in text and '<code class="key">rotates</code>' in text and '<span class="val text">rulebook 1.2</span>' in text
    assert text.count('class="changed-value"') == 3 and "parent: <del>not set</del>" in text
    assert 'href="section-procedure.html"' in (tmp_path / "index.html").read_text(encoding="utf-8")
    assert 'href="section-procedure.html"' in (tmp_path / "changes.html").read_text(encoding="utf-8")
    root = build_book(replace(load_ruleset("mcr"), sections={"procedure": procedure}), tmp_path / "root")
    assert 'class="changed-value"' not in (tmp_path / "root" / "section-procedure.html").read_text(encoding="utf-8")
    assert tmp_path / "root" / "section-procedure.html" in root and not (tmp_path / "root" / "changes.html").exists()


def test_a_drawn_hand_marks_declared_sets_the_winning_tile_and_face_down_kongs() -> None:
    from fanrules import score
    from fanrules.web.render import result_html

    drawn = result_html(score("[8888p][9999s,1][789m,1]2266p6p", last_tile=True))
    declared, concealed = drawn.split('<span class="sets concealed-sets">')
    assert declared.count('class="set declared') == 3 and 'class="set declared' not in concealed
    assert declared.count('href="#t-back"') == 2 and '<span class="code">8p</span>' in declared
    assert concealed.count('class="tile win"') == 1 and 'class="tile win" data-tile="6p"' in concealed
    assert drawn.count('class="tile') == 16  # two kongs of four, a chow, two pairs and the winning pung


def test_every_section_of_the_rule_set_has_a_linked_page(book: tuple[str, Path, float]) -> None:
    name, out, _ = book
    sections = load_ruleset(name).sections
    index = (out / "index.html").read_text(encoding="utf-8")
    for section, value in sections.items():
        page = (out / f"section-{section}.html").read_text(encoding="utf-8")
        assert f'href="section-{section}.html"' in index
        assert all(f'<code class="key">{html.escape(key)}</code>' in page for key in value)
    assert sorted(p.name for p in out.glob("section-*.html")) == sorted(f"section-{s}.html" for s in sections)


def test_the_principles_page_states_the_minimum(tmp_path: Path) -> None:
    assert main(["book", "-o", str(tmp_path / "mcr")]) == 0
    assert "needs <b>8</b> points" in (tmp_path / "mcr" / "principles.html").read_text(encoding="utf-8")
    assert main(["book", "--rules", "casual", "-o", str(tmp_path / "casual")]) == 0
    assert "no minimum" in (tmp_path / "casual" / "principles.html").read_text(encoding="utf-8")


def test_a_book_built_over_another_leaves_no_stale_page(tmp_path: Path) -> None:
    assert main(["book", "--rules", "mil", "-o", str(tmp_path)]) == 0
    assert (tmp_path / "fan-82.html").exists() and (tmp_path / "changes.html").exists()
    (tmp_path / "notes.txt").write_text("mine")  # the user's own file, added to the book's folder
    assert main(["book", "-o", str(tmp_path), "--force"]) == 0
    assert not (tmp_path / "fan-82.html").exists() and not (tmp_path / "changes.html").exists()
    assert (tmp_path / "notes.txt").read_text() == "mine" and (tmp_path / "fan-81.html").exists()
