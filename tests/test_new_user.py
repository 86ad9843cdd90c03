"""What a new user met in the Python API and the command line's outputs (issue 46): one test per finding."""
from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import fanrules
import pytest
from fanrules.game import Table, greedy_player, observe
from fanrules.game.actions import Action, ActionKind, IllegalAction
from fanrules.game.expert import ExpertPlayer, expert_player
from fanrules.game.players import GreedyPlayer, ShantenPlayer
from fanrules.game.simulate import play
from fanrules.tools.cli import main

DATA = Path(__file__).parent / "data"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- 1. the built-in players given a rule set's name ----------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: greedy_player("mcr", 1), lambda: expert_player("mcr", 1), lambda: ExpertPlayer("mcr"),
    lambda: GreedyPlayer(fanrules.load_ruleset("mcr")), lambda: ShantenPlayer("mcr"),
], ids=["greedy_player", "expert_player", "ExpertPlayer", "GreedyPlayer(RuleSet)", "ShantenPlayer"])
def test_a_player_given_a_rule_sets_name_plays_a_whole_hand(make: object) -> None:
    table = play(Table("mcr", seed=5), [make() for _ in range(4)])  # type: ignore[operator]
    assert table.over


def test_a_player_given_something_else_is_refused_at_construction_with_what_to_pass() -> None:
    with pytest.raises(TypeError, match=r"rule set's name .* a RuleSet or a GameRules, not int"):
        GreedyPlayer(3)  # type: ignore[arg-type]


# --- 2. tiles that read as tiles -------------------------------------------------------------------

def test_a_named_tile_is_its_number_and_prints_as_its_code() -> None:
    from fanrules.core.tiles import NAMED_TILES, named
    tile = named("3p")
    assert tile == 11 and hash(tile) == hash(11) and {11: "x"}[tile] == "x" and list(range(20))[tile] == 11
    assert (str(tile), repr(tile), f"{tile}", f"{tile:d}", json.dumps([tile])) == ("3p", "3p", "3p", "11", "[11]")
    assert named(11) is tile and pickle.loads(pickle.dumps(tile)) is tile and tile.code == "3p"
    assert [str(t) for t in (named(27), named("C"), named(36))] == ["E", "C", "3f"]
    with pytest.raises(ValueError, match="not a tile"):
        named(42)
    assert len(NAMED_TILES) == 42


def test_the_analysis_example_of_the_python_guide_prints_what_its_comment_says() -> None:
    a = fanrules.analyze("123m456p789s1122z3z", visible="EE", seat_wind="S")
    best = a.discards[0]
    line = f"{best.advice.discard} {best.advice.shanten} {best.advice.useful} {best.reach.total}"
    assert line == "W 0 (Useful(tile=E, remaining=0), Useful(tile=S, remaining=2)) 12"
    assert "concealed=(1m, 2m, 3m, 4p, 5p, 6p, 7s, 8s, 9s, E, E, S, S, W)" in repr(a)
    assert repr(fanrules.waits("1112345678999m")[0]).startswith("WaitScore(1m, ")


def test_game_objects_print_their_tiles_as_codes() -> None:
    from fanrules.core.tiles import NamedTile
    table = Table("mcr", seed=3)
    shown = repr(table)
    assert shown.startswith("<Table mcr seed=3 ") and "0 E 2m6m7m8m8m1p1p2p2p3p2sSC6f" in shown
    obs = observe(table, table.current)
    assert all(type(t) is NamedTile for t in obs.hand) and str(obs.hand[-1]) == "6f"
    assert repr(obs.legal[0]) == "Action(player=0, kind=flower, tile=6f)"
    played = play(Table("mcr", seed=0), [greedy_player("mcr") for _ in range(4)])
    win = played.wins[0]
    assert type(win.tile) is NamedTile and repr(win).startswith("Win(player=3, tile=3s, ")
    assert "tiles=(31, 31, 31)" not in repr(fanrules.parse_hand("[CCC,1]FFFPPP999s5m5m").melds[0])


def test_an_action_takes_a_tiles_code_and_refuses_what_is_no_tile() -> None:
    assert Action(0, "discard", "3p") == Action(0, ActionKind.DISCARD, 11)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="not a tile"):
        Action(0, "discard", 99)


# --- 3. outputs a reader does not have to decode -----------------------------------------------------

def test_rules_show_of_a_number_out_of_range_suggests_no_look_alike_number(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rules", "show", "999")
    assert code != 0 and "'9'" not in err and "numbered 1 to 81" in err
    code, _, err = run(capsys, "rules", "show", "Big Three Dragon")
    assert "did you mean 'Big Three Dragons'?" in err


def test_each_not_counted_line_names_its_set_as_the_command_line_does(capsys: pytest.CaptureFixture[str]) -> None:
    result = fanrules.score("[CCC,1]FFFPPP999s5m5m", self_drawn=True)
    lines = [str(why) for why in result.not_counted]
    assert len(set(lines)) == len(lines)
    assert "幺九刻 Pung of Terminals or Honors (FFF): its sets are part of 大三元 Big Three Dragons" in lines
    _, out, _ = run(capsys, "score", "[CCC,1]FFFPPP999s5m5m", "--self-drawn")
    assert all(f"  {line}" in out.splitlines() for line in lines)


# --- 6. one convention each ---------------------------------------------------------------------------

def test_batch_exits_1_when_a_line_was_refused_and_0_when_none(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text((DATA / "rulebook.jsonl").read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(good.read_text(encoding="utf-8") + "not json\n", encoding="utf-8")
    assert run(capsys, "batch", "--input", str(good))[0] == 0
    code, out, _ = run(capsys, "batch", "--input", str(bad), "--jobs", "1")
    assert code == 1 and len(out.splitlines()) == 2
    assert run(capsys, "batch", "--input", str(bad), "--jobs", "2")[0] == 1


# --- 3. (continued) judge, simulate and plot -----------------------------------------------------------

def test_judge_prints_who_won_on_what_with_which_fans_and_each_players_change(capsys: pytest.CaptureFixture[str]) -> None:
    from botzone_bots import MINIMAL
    bot = " ".join(MINIMAL + ["--keep"])
    code, out, _ = run(capsys, "judge", "--bots", bot, bot, bot, bot, "--games", "2", "--quiet", "--time-limit", "30")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("hand 0: ") and "[" not in lines[0]
    won = [line for line in lines if " wins on " in line]
    for line in won:  # player 2 (W) wins on 5m, on player 0 (E)'s discard: 8 points
        assert re.fullmatch(r"hand \d: player \d \([ESWN]\) wins on \w+, (self-drawn|on player \d \([ESWN]\)'s discard): "
                            r"\d+ points( and \d+ for flowers)?", line), line
    assert re.search(r"^  changes: 0 E [+-]\d+, 1 S [+-]\d+, 2 W [+-]\d+, 3 N [+-]\d+$", out, re.MULTILINE)
    assert re.search(r"^totals: 0 E [+-]\d+, 1 S [+-]\d+, 2 W [+-]\d+, 3 N [+-]\d+ \(.*(hands? won|draws?)", lines[-1])


def test_a_judged_win_lists_its_fans_with_their_points() -> None:
    from fanrules.botzone.judge import Judged
    from fanrules.tools.judge_cmd import hand_lines
    table = play(Table("botzone", seed=0), [greedy_player("botzone") for _ in range(4)])
    win = table.wins[0]
    lines = hand_lines(3, Judged(table, "win", (-8, -8, -8, 24)))
    assert lines[0].startswith(f"hand 3: player {win.player} ({'ESWN'[win.player]}) wins on {win.tile}, ")
    assert [f"  {c.fan.name_zh} {c.fan.name_en} {c.points}" + (f" x{c.count}" if c.count > 1 else "")
            for c in win.result.fans] == lines[1:-1]
    assert lines[-1] == "  changes: 0 E -8, 1 S -8, 2 W -8, 3 N +24"


def test_simulate_numbers_seats_and_players_0_to_3_with_the_seat_wind(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--games", "2", "--players", "greedy,random,greedy,shanten", "--jobs", "1",
                       "--quiet")
    assert code == 0
    rows = [line.split("  ")[0] for line in out.splitlines() if line.startswith(("seat ", "player "))]
    assert rows == ["seat 0 E", "seat 1 S", "seat 2 W", "seat 3 N",
                    "player 0 greedy", "player 1 random", "player 2 greedy", "player 3 shanten"]


def test_the_plot_writes_every_fan_name_whole() -> None:
    from fanrules.tools.plot_svg import LABEL_WIDTH, label_width, plot

    class Shown:
        rules, wins, games, totals = "mcr", 2, 2, {8: 1, 88: 1}
        names = {73: ("幺九刻", "Pung of Terminals or Honors"), 20: ("七星不靠", "Greater Honors and Knitted Tiles")}
        fans = {73: 2, 20: 1}

        def label(self, number: int) -> str:
            return " ".join((str(number), *self.names[number]))

    svg = plot([Shown()], "t")
    for label in ("73 幺九刻 Pung of Terminals or Honors", "20 七星不靠 Greater Honors and Knitted Tiles"):
        assert f">{label}</text>" in svg
    bar = re.search(r'<rect x="(\d+)" y="\d+" width="[\d.]+" height="14"', svg)
    assert bar is not None and int(bar.group(1)) - 10 > label_width("20 七星不靠 Greater Honors and Knitted Tiles") > LABEL_WIDTH


# --- 4. files a clone does not have ---------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def test_no_shipped_file_or_doc_refers_to_a_folder_outside_the_repository() -> None:
    found = []
    for top in ("README.md", "README.zh.md", "docs", "rules", "engine", "dsl"):
        path = ROOT / top
        for file in [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file()):
            if file.suffix in (".py", ".md", ".yaml", ".json", ".html", ".js", ".css", ".toml", ".txt"):
                text = file.read_text(encoding="utf-8", errors="replace")
                found += [f"{file.relative_to(ROOT)}: {word}" for word in ("shared/", "SCORING.md", "RULINGS.md",
                                                                            "EDITIONS.md", "NOTATION.md") if word in text]
    assert found == []


def test_the_facts_the_rule_sets_cite_are_in_the_repositorys_own_docs() -> None:
    mcr = fanrules.load_ruleset("mcr")
    cited = " ".join([mcr.description, *mcr.sources])
    assert "docs/principles.md" in cited and "shared" not in cited
    principles = (ROOT / "docs" / "principles.md").read_text(encoding="utf-8")
    assert "summerinsects/ChineseOfficialMahjongHelper" in principles and "ailab-pku/Chinese-Standard-Mahjong" in principles
    assert principles.count("\n| ") >= 18 + 6  # the 18 rulings and the 6 shapes, each a row


# --- 5. a bot to copy -------------------------------------------------------------------------------------

@pytest.mark.slow  # the whole suite runs it; the fast loop stays under three minutes
def test_the_minimal_bot_of_the_interop_guide_plays_under_judge_in_both_forms(tmp_path: Path) -> None:
    import subprocess
    import sys
    text = (ROOT / "docs" / "interop.md").read_text(encoding="utf-8")
    head = "runs it under fanrules judge -->\n```python\n"
    start = text.index(head) + len(head)
    bot = tmp_path / "bot.py"
    bot.write_text(text[start:text.index("```", start)], encoding="utf-8")
    keep, once = f"{sys.executable} {bot} --keep", f"{sys.executable} {bot}"
    run = subprocess.run([sys.executable, "-m", "fanrules", "judge", "--bots", keep, keep, keep, once, "--games", "1",
                          "--json", "--quiet", "--time-limit", "30"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    hand = json.loads(run.stdout.splitlines()[0])
    assert hand["outcome"] in ("win", "draw") and "offender" not in hand, hand


# --- the docs' Python blocks: typed, and printing what their comments say ---------------------------------

#: Python blocks not checked by mypy --strict, each after ``<!-- mypy: not checked: why -->``: none today.
MYPY_MARK = re.compile(r"<!-- mypy: not checked: .+ -->")
DOCUMENTS = [ROOT / "README.md", ROOT / "README.zh.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A print whose comment says exactly what it prints: ``print(x, y)   # → 114 True``.
EXPECT = re.compile(r"^(\s*)print\((.*)\)\s+# → (.*)$")


def python_blocks(document: Path) -> tuple[list[str], list[str]]:
    """A document's Python blocks in order, and where the ones marked as not checked are."""
    lines = document.read_text(encoding="utf-8").splitlines()
    blocks, marked, i = [], [], 0
    while i < len(lines):
        if lines[i].rstrip() != "```python":
            i += 1
            continue
        end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
        if i > 0 and MYPY_MARK.search(lines[i - 1]):
            marked.append(f"{document.name}:{i + 1}")
        else:
            blocks.append("\n".join(lines[i + 1:end]))
        i = end + 1
    return blocks, marked


@pytest.mark.slow  # the whole suite runs it; the fast loop stays under three minutes
def test_every_python_block_of_the_docs_passes_mypy_strict(tmp_path: Path) -> None:
    import subprocess
    import sys
    files, marked = [], []
    for document in DOCUMENTS:
        blocks, skipped = python_blocks(document)
        marked += skipped
        if blocks:  # a document's blocks run in one process, one after the other: checked as one module
            module = tmp_path / f"doc_{document.stem.replace('.', '_').replace('-', '_')}.py"
            module.write_text("\n\n".join(blocks) + "\n", encoding="utf-8")
            files.append(str(module))
    assert marked == []
    assert len(files) >= 8
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--no-error-summary",
                           "--cache-dir", str(tmp_path / ".mypy_cache"), *files], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("name", ["README.md", "README.zh.md", "docs/python.md", "docs/game.md"])
def test_the_examples_print_what_their_comments_say(name: str, tmp_path: Path) -> None:
    import shutil
    import subprocess
    import sys
    blocks, _ = python_blocks(ROOT / name)
    code, expected = ["def __expect(want, *args):\n    got = ' '.join(map(str, args))\n"
                      "    assert got == want, f'printed {got!r}, the comment says {want!r}'\n"], 0
    for block in blocks:
        lines = []
        for line in block.splitlines():
            found = EXPECT.match(line)
            if found:
                expected += 1
                line = f"{found.group(1)}__expect({found.group(3).strip()!r}, {found.group(2)})"
            lines.append(line)
        code.append("\n".join(lines))
    assert expected >= 1
    for part in ("tests/data", "tests/fixtures", "rules"):
        shutil.copytree(ROOT / part, tmp_path / part)
    done = subprocess.run([sys.executable, "-c", "\n\n".join(code)], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]


# --- 6. (continued) one convention each -------------------------------------------------------------------

def test_record_writes_the_one_names_of_the_context(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "record", "123m456p789s1123s4s", "--self-drawn", "--fourth-tile", "--round", "S")
    record = json.loads(out)
    assert code == 0 and record["last_copy"] is True and record["prevalent_wind"] == "S"
    assert "fourth_tile" not in record and "round_wind" not in record
    assert fanrules.score(record).total == fanrules.score("123m456p789s1123s4s", self_drawn=True, last_copy=True,
                                                        prevalent_wind="S").total


@pytest.mark.parametrize("entry", ["score", "waits", "analyze", "readings"])
def test_each_entry_points_docstring_lists_every_context_keyword_it_takes(entry: str) -> None:
    from fanrules.core.context import CONTEXT_NAMES, NOT_TAKEN
    doc = getattr(fanrules, entry).__doc__ or ""
    taken = [n for n in CONTEXT_NAMES if n not in NOT_TAKEN.get(entry, ((), ""))[0]]
    assert "{context}" not in doc and all(f"``{name}``" in doc for name in taken), doc


def complete(*words: str) -> list[str]:
    """What bash completes after ``fanrules WORDS...`` (the last word being typed) with the script of
    ``fanrules completion bash``."""
    import subprocess
    import sys
    script = subprocess.run([sys.executable, "-m", "fanrules", "completion", "bash"], capture_output=True, text=True,
                            check=True).stdout
    line = " ".join(repr(w) if w else '""' for w in ("fanrules", *words))
    shell = f'{script}\nCOMP_WORDS=({line}); COMP_CWORD={len(words)}; _fanrules; printf "%s\\n" "${{COMPREPLY[@]}}"'
    return subprocess.run(["bash", "-c", shell], capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()


@pytest.mark.slow
def test_completion_offers_players_rule_sets_and_every_options_choices() -> None:
    from fanrules.game.players import PLAYERS
    assert complete("simulate", "--players", "") == sorted(PLAYERS)
    assert complete("bot", "--player", "g") == ["greedy"]
    assert "mcr-1998" in complete("simulate", "--rules", "")
    assert complete("simulate", "--backend", "") == ["local", "ray"]
    assert complete("book", "--lang", "") == ["en", "zh"]
    assert complete("score", "--seat-wind", "") == ["E", "S", "W", "N"]


def test_the_bot_commands_help_names_every_built_in_player(capsys: pytest.CaptureFixture[str]) -> None:
    from fanrules.game.players import PLAYERS
    with pytest.raises(SystemExit):
        main(["bot", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert all(kind in shown for kind in PLAYERS) and "module:Name" in shown


def test_every_install_hint_gives_both_spellings_in_one_form() -> None:
    import importlib
    study_executor = importlib.import_module("fanrules.study.executor")
    from fanrules.tools import docs_cmd, web_commands
    hints = {"docs": docs_cmd.INSTALL, "web": web_commands.WEB_EXTRA, "cluster": study_executor.RAY_INSTALL}
    for extra, hint in hints.items():
        assert hint == f'pip install "fanrules[{extra}]"   (in a checkout: pip install ".[{extra}]")'


def test_the_chinese_books_example_sentences_are_in_chinese() -> None:
    from fanrules.web.book import fan_html
    from fanrules.web.words import Words
    mcr = fanrules.load_ruleset("mcr")
    page = fan_html(mcr.fan(2), mcr, fanrules.Scorer.of("mcr"), None, Words("zh"))
    assert "自摸和；门风 E，圈风 E" in page and "合计 <b>" in page and "(暗)" in page
    for english in ("self-drawn;", "seat E, round E", ">total ", "on a discard;", "(concealed)"):
        assert english not in page
    english_page = fan_html(mcr.fan(2), mcr, fanrules.Scorer.of("mcr"), None, Words("en"))
    assert "self-drawn; seat E, round E" in english_page and ">total <b>" in english_page
