"""Paired comparisons a variant designer can decide on (issue 45): every figure of `simulate --against`
with its 95% interval over the units; a rule set against itself gives 0 and [0, 0] on every row; the
intervals of ratio figures cover a known difference about 95% of the time; a real variant (平和 worth
16) moves the average win with an interval above zero; a single rule set's rates carry intervals."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from fanrules.game import figures, run_study
from fanrules.tools.cli import main
from fanrules.tools.simulate_report import comparison_rows


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["simulate", "--quiet", "--jobs", "1", "--json", *argv]) == 0
    out: dict = json.loads(capsys.readouterr().out)
    return out


@pytest.mark.parametrize("players, more", [("expert", ()), ("expert,greedy,expert,greedy", ()),
                                           ("greedy,expert,greedy,expert", ("--duplicate",))])
def test_a_rule_set_against_itself_differs_by_exactly_zero(capsys: pytest.CaptureFixture[str], players: str, more: tuple[str, ...]) -> None:
    out = _json(capsys, "--games", "4" if more else "12", "--seed", "7", "--against", "mcr", "--players", players, *more)
    rows = out["comparison"]
    assert len(rows) >= 10
    assert {"win_rate", "self_drawn_share", "exhaustive_draw_rate", "average_win_points", "turns_per_hand"} <= {r["figure"] for r in rows}
    for r in rows:
        assert set(r) >= {"figure", "a", "b", "difference", "interval", "significant"}
        assert r["difference"] == 0 and r["interval"] == [0, 0] and not r["significant"], r
        assert r["a"] == r["b"]
    assert any(r["figure"].startswith("fan_share ") for r in rows)
    kinds = {r["figure"] for r in rows if r["figure"].startswith("points_per_hand")}
    assert kinds == ({"points_per_hand expert", "points_per_hand greedy"} if "," in players else set())


def test_the_text_says_what_a_unit_an_interval_and_a_mark_are(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--quiet", "--jobs", "1", "--games", "6", "--seed", "2", "--against", "mcr"]) == 0
    text = capsys.readouterr().out
    assert "a unit is one game" in text and "95% interval of the difference" in text
    assert "* marks a row whose interval leaves out 0" in text and "by chance alone" in text
    assert "none larger than" in text
    assert text.count("per seat and per player, under mcr") == 2  # the --against rule set's table too


def test_a_single_rule_set_gives_an_interval_on_every_rate(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--games", "10", "--seed", "3")
    rows = {r["figure"]: r for r in out["figures"]}
    for name in ("win_rate", "self_drawn_share", "exhaustive_draw_rate", "average_win_points", "turns_per_hand"):
        low, high = rows[name]["interval"]
        assert low <= rows[name]["value"] <= high
    assert rows["win_rate"]["interval"][0] < rows["win_rate"]["interval"][1]


def _synthetic(rng: random.Random, units: int) -> list[list[dict[str, float]]]:
    """Paired units whose true differences are known: a win under A with probability 0.6, under B 0.5
    (the same draw: A wins whenever B does), and a win's points 8 + a geometric part, 4 more under A
    half the time: win_rate differs by 0.1 and average_win_points by 2."""
    out = []
    for _ in range(units):
        u, base, bonus = rng.random(), 8.0 + min(40, int(rng.expovariate(0.2))), 4.0 * (rng.random() < 0.5)
        a = {"hands": 1.0, "wins": float(u < 0.6), "points": (base + bonus) * (u < 0.6)}
        b = {"hands": 1.0, "wins": float(u < 0.5), "points": base * (u < 0.5)}
        out.append([a, b])
    return out


def test_intervals_of_ratio_figures_cover_a_known_difference_about_95_percent_of_the_time() -> None:
    rng = random.Random(45)
    truth = {"win_rate": 0.1, "average_win_points": 2.0}
    covered = dict.fromkeys(truth, 0)
    reps = 400
    for _ in range(reps):
        units = _synthetic(rng, 150)
        for f in figures.figures(units, ["expert"] * 4, {}):
            if f.name in truth:
                low, high = figures.paired(units, f)["interval"]
                covered[f.name] += low <= truth[f.name] <= high
    for name, hits in covered.items():
        assert 0.92 <= hits / reps <= 0.98, (name, hits / reps)


def test_the_detectable_difference_is_2_8_standard_errors() -> None:
    units = _synthetic(random.Random(3), 400)
    row = figures.paired(units, figures.Figure("win_rate", "wins", "hands"))
    half = (row["interval"][1] - row["interval"][0]) / 2
    assert row["detectable"] == pytest.approx(half * (1.959964 + 0.841621) / 1.959964, abs=2e-4)


@pytest.mark.slow
def test_all_chows_worth_16_raises_the_average_win_with_an_interval_above_zero(tmp_path: Path) -> None:
    folder = tmp_path / "pinghe16"
    (folder / "fans").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text("name: pinghe16\nextends: mcr\n", encoding="utf-8")
    (folder / "fans" / "63-all-chows.yaml").write_text("number: 63\nvalue: 16\n", encoding="utf-8")
    found = run_study(str(folder / "ruleset.yaml"), 300, seed=1, players="expert", jobs=1, against="mcr")
    rows = {r["figure"]: r for r in comparison_rows(found)}
    average = rows["average_win_points"]
    assert average["a"] > average["b"] and average["interval"][0] > 0 and average["significant"], average


def test_compare_human_on_40_games_marks_out_only_a_fan_whose_interval_misses_its_band(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(capsys, "--games", "40", "--seed", "1", "--compare-human")
    rows = out["human"]
    assert rows and all(set(r) == {"fan", "ratio", "interval", "band", "verdict"} for r in rows)
    for r in rows:
        if r["band"] is None:
            continue
        (low, high), (lo_band, hi_band) = r["interval"], r["band"]
        meets = low <= hi_band and high >= lo_band
        assert r["verdict"] in ("in", "out", "too few")
        assert (r["verdict"] == "out") == (not meets), r
        assert low <= r["ratio"] <= high
    assert all(r["band"] is not None for r in rows)  # 无番和 has its band too


def test_a_rare_fan_not_seen_in_a_small_sample_is_too_few_not_out() -> None:
    from fanrules.game.stats import Stats
    from fanrules.tools.simulate_report import compare_human

    stats = Stats("mcr", games=120, wins=76)  # the run: 76 wins, no 海底捞月 (0.15% of human wins)
    row = next(r for r in compare_human(stats)["fans"] if r["fan"] == 45)
    assert row["ratio"] == 0 and row["verdict"] == "too few" and row["interval"][1] > row["band"][0]
    assert row["expected"] == pytest.approx(0.11, abs=0.01)


def test_report_is_one_self_contained_page_with_its_sections_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from html.parser import HTMLParser

    folder = tmp_path / "pinghe16"
    (folder / "fans").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text("name: pinghe16\nextends: mcr\n", encoding="utf-8")
    (folder / "fans" / "63-all-chows.yaml").write_text("number: 63\nvalue: 16\n", encoding="utf-8")
    page = tmp_path / "study.html"
    assert main(["simulate", "--quiet", "--jobs", "1", "--games", "8", "--seed", "4", "--rules", str(folder / "ruleset.yaml"),
                 "--against", "mcr", "--report", str(page)]) == 0
    capsys.readouterr()

    class Page(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tags: list[tuple[str, dict[str, str | None]]] = []
            self.text: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.tags.append((tag, dict(attrs)))

        def handle_data(self, data: str) -> None:
            self.text.append(data)

    parsed = Page()
    parsed.feed(page.read_text(encoding="utf-8"))
    parsed.close()
    ids = [a.get("id") for t, a in parsed.tags if t == "section"]
    assert ids == ["rules", "corpus", "figures", "plots", "realism", "reproduce"]
    svgs = [a for t, a in parsed.tags if t == "svg"]
    assert len(svgs) >= 2
    assert not [t for t, a in parsed.tags if t in ("script", "link", "img", "iframe") or "src" in a or "href" in a]
    text = " ".join(parsed.text)
    assert "fan 63 平和 All Chows: value 2 -> 16" in text  # the rule change, as diff lists it
    assert "under pinghe16" in text and "average_win_points" in text and "fan_share 63 平和 All Chows" in text
    assert "fanrules simulate --rules" in text and "--seed 4" in text and "1000003" in text
    assert sum(1 for t, _ in parsed.tags if t == "rect") > 20  # the plots have bars


def test_corpus_without_a_report_of_two_rule_sets_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--quiet", "--games", "1", "--corpus", "x.jsonl"]) == 2
    assert "--corpus" in capsys.readouterr().err
