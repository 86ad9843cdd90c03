"""``fanrules review``: a seat's decisions beside a reviewer's (issue 47). The expert agrees with itself and
not with a greedy seat; every seat of the Botzone sample is reviewed; the text, JSON and page outputs;
and what a seat could not see (another seat's concealed tile, the wall beyond its next draw) never
changes the review of its decision."""
from __future__ import annotations

import io
import json
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fanrules.game import game_rules
from fanrules.game.actions import Action
from fanrules.game.log import read_games, table_from_header
from fanrules.game.records import read_records, record_log
from fanrules.game.review import Decision, review_games
from fanrules.game.roster import maker
from fanrules.tools.cli import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "tests" / "data" / "botzone" / "sample.txt"


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    log = tmp_path_factory.mktemp("review") / "sim.jsonl"
    assert main(["simulate", "--quiet", "--jobs", "1", "--games", "6", "--seed", "7",
                 "--players", "expert,greedy,greedy,greedy", "--log", str(log)]) == 0
    return log


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    log = tmp_path_factory.mktemp("review") / "botzone.jsonl"
    assert main(["import", "botzone", str(SAMPLE), "--log", str(log)]) == 0
    return log


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[dict[str, Any]]]:
    capsys.readouterr()
    code = main(["review", *argv, "--json"])
    return code, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_the_expert_agrees_with_itself_and_not_with_a_greedy_seat(simulated: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, objects = _json(capsys, str(simulated), "--seat", "0")
    summary = objects[-1]
    assert code == 0 and summary["type"] == "summary" and summary["diverged"] == []
    assert summary["decisions"] == len(objects) - 1 > 50
    assert summary["agreement"] >= 0.99
    assert all("action" in o and "suggested" in o and "seen" in o for o in objects[:-1])
    code, objects = _json(capsys, str(simulated), "--seat", "1")
    summary = objects[-1]
    assert code == 0 and summary["agreement"] < 1 and summary["disagreements"] > 0
    costs = [c["cost"] for c in summary["costliest"]]
    assert costs == sorted(costs, reverse=True) and len(costs) == min(10, summary["disagreements"])
    assert summary["useful_given_up"] == sum(max(0, o["weighed"]["suggested"]["live_useful"] - o["weighed"]["action"]["live_useful"])
                                             for o in objects[:-1] if not o["agree"])


def test_the_reason_the_log_gives_is_kept_beside_the_reviewers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "explained.jsonl"
    assert main(["simulate", "--quiet", "--jobs", "1", "--games", "1", "--seed", "2", "--players", "expert", "--log", str(log),
                 "--explain"]) == 0
    _, objects = _json(capsys, str(log), "--seat", "2")
    assert objects[:-1] and all(o["said"] == o["reason"] != "" for o in objects[:-1])  # the expert reviewing itself


def test_any_player_may_review(simulated: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, objects = _json(capsys, str(simulated), "--seat", "1", "--reviewer", "greedy")
    assert code == 0 and objects[-1]["agreement"] >= 0.99 and objects[-1]["reviewer"] == "greedy"
    code, objects = _json(capsys, str(simulated), "--seat", "0", "--reviewer", "fanrules.game.players:GreedyPlayer")
    assert code == 0 and objects[-1]["agreement"] < 1


@pytest.mark.slow  # the whole suite runs it; the fast loop stays under three minutes
def test_every_seat_of_the_botzone_sample_is_reviewed(imported: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    for seat in range(4):
        code, objects = _json(capsys, str(imported), "--seat", str(seat))
        summary = objects[-1]
        assert code == 0 and summary["diverged"] == [] and summary["games"] == 16
        discards = sum(1 for line in lines if line.split()[:3] == ["Player", str(seat), "Play"])
        assert summary["decisions"] >= discards > 0
        assert sum(1 for o in objects[:-1] if o["action"]["action"] == "discard") == discards


def test_the_text_gives_one_line_per_disagreement_the_costliest_first(simulated: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, objects = _json(capsys, str(simulated), "--seat", "1")
    assert main(["review", str(simulated), "--seat", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    summary = objects[-1]
    assert len(out) == summary["disagreements"] + 2
    costs = [float(line.split("| cost ")[1].split()[0]) for line in out[:-2]]
    assert costs == sorted(costs, reverse=True)
    assert out[-2].startswith("seat 1 reviewed by expert:") and f"agreement {summary['agreement']:.3f}" in out[-2]
    assert out[-1].startswith("look first at: game ")


@pytest.mark.slow
def test_what_happened_is_told(imported: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Over every seat of the sample, the deal-ins and wins the review counts are the record's."""
    deal_ins = wins = 0
    for seat in range(4):
        _, objects = _json(capsys, str(imported), "--seat", str(seat))
        deal_ins += objects[-1]["deal_ins"]
        wins += objects[-1]["wins"]
        assert all(o["outcome"].startswith("dealt in") for o in objects[:-1] if o["outcome"].startswith("dealt"))
    logged = [json.loads(line) for line in imported.read_text(encoding="utf-8").splitlines()]
    won = [e for e in logged if e.get("type") == "win"]
    assert wins == len(won) and deal_ins == sum(1 for e in won if e["from"] is not None)


def _reviewed(log: str, seat: int) -> list[Decision]:
    reviews = review_games(io.StringIO(log), lambda head: game_rules(head["rules"]), seat,
                           lambda rules, game: maker("expert")(rules, 0))
    return [d for r in reviews for d in r.decisions]


def _same(a: Decision, b: Decision) -> None:
    """Two reviews of a decision alike in all the seat saw and all the review says of it."""
    assert a.seen == b.seen and a.action == b.action
    assert (a.suggested, a.reason, a.taken, a.advised, a.cost) == (b.suggested, b.reason, b.taken, b.advised, b.cost)


def test_another_seats_concealed_tile_changes_nothing_in_the_review() -> None:
    record = next(iter(read_records(SAMPLE.read_text(encoding="utf-8").splitlines())))
    full = _reviewed("\n".join(record_log(record)), 0)
    for ordinal in (5, 15):
        decision = full[ordinal]
        # the record up to the decision, player 2 dealt another tile in place of one it never shows
        line = _line_of(record, decision)
        record.acts, kept = [(a, b) for a, b in record.acts if a.line <= line], record.acts
        used = {t + d for a, _ in record.acts if a.player == 2 for t in (a.tile,) for d in ((-1, 0, 1) if a.word == "chi" else (0,))}
        held = [t for t in record.hands[2] if t not in used]
        seen = [t for hand in record.hands for t in hand] + [a.tile for a, _ in record.acts]
        other = next(t for t in range(34) if seen.count(t) < 4 and t != held[0])
        original = list(record.hands[2])
        record.hands[2][record.hands[2].index(held[0])] = other
        changed = _reviewed("\n".join(record_log(record)), 0)
        record.hands[2], record.acts = original, kept
        assert len(changed) > ordinal
        _same(changed[ordinal], decision)


def _line_of(record: Any, decision: Decision) -> int:
    """The record line of a decision's action (the imported log's events carry their lines)."""
    events = [json.loads(line) for line in record_log(record)][1:]
    return int(events[decision.event]["line"])


def test_the_wall_beyond_the_next_draw_changes_nothing_in_the_review(imported: Path) -> None:
    head, events = next(iter(read_games(imported.read_text(encoding="utf-8").splitlines(True))))
    full = _reviewed("\n".join(json.dumps(o) for o in [head, *events]), 0)
    for decision in (full[len(full) // 4], full[len(full) // 2], full[-2]):
        upto = events[:decision.event + 1]
        table = table_from_header(head, game_rules(head["rules"]))
        for e in upto[:-1]:
            if e.get("type") == "action":
                table.step(Action.from_json(e))
        own = table.wall_index[0]  # the wall seat 0 draws from (one shared, or one a seat)
        front, back = table.fronts[own], table.backs[own]
        wall = list(head["wall"])
        far = next(i for i in range(back - 2, front + 1, -1) if wall[i] != wall[front + 1])
        wall[front + 1], wall[far] = wall[far], wall[front + 1]
        changed = _reviewed("\n".join(json.dumps(o) for o in [{**head, "wall": wall}, *upto]), 0)
        assert changed[-1].event == decision.event
        _same(changed[-1], decision)


def test_the_page_draws_every_decision_and_links_the_largest_disagreements(simulated: Path, tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "review.html"
    _, objects = _json(capsys, str(simulated), "--seat", "1")
    assert main(["review", str(simulated), "--seat", "1", "-o", str(page)]) == 0

    class Page(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tags: list[tuple[str, dict[str, str | None]]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.tags.append((tag, dict(attrs)))

    parsed = Page()
    parsed.feed(page.read_text(encoding="utf-8"))
    sections = [a for t, a in parsed.tags if t == "section"]
    assert len(sections) == objects[-1]["decisions"]
    ids = {a["id"] for a in sections}
    links = [a["href"] for t, a in parsed.tags if t == "a"]
    assert links and all(h is not None and h[1:] in ids for h in links)
    assert sum(1 for a in sections if "differ" in (a.get("class") or "")) == objects[-1]["disagreements"]
    assert not [t for t, a in parsed.tags if t in ("script", "link", "img", "iframe") or "src" in a]
    assert sum(1 for t, a in parsed.tags if t == "span" and "taken" in (a.get("class") or "")) >= len(sections) // 2


@pytest.mark.parametrize(("argv", "code", "said"), [
    (["--seat", "5"], 2, "invalid choice"),
    (["--seat", "0", "--reviewer", "nobody"], 2, "unknown player 'nobody'"),
    (["--seat", "0", "--rules", "nowhere"], 3, "nowhere"),
])
def test_usage_errors_say_what_is_wrong(simulated: Path, capsys: pytest.CaptureFixture[str], argv: list[str], code: int,
                                        said: str) -> None:
    capsys.readouterr()
    try:
        got = main(["review", str(simulated), *argv])
    except SystemExit as exit:  # argparse's own usage errors
        got = exit.code
    assert got == code
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_a_bad_log_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "header", "rules": "mcr", "seed": 1}\nnot json\n', encoding="utf-8")
    capsys.readouterr()
    assert main(["review", str(bad), "--seat", "0"]) == 1
    err = capsys.readouterr().err.strip()
    assert "line 2 is not valid JSON" in err and len(err.splitlines()) == 1
    assert main(["review", str(tmp_path / "missing.jsonl"), "--seat", "0"]) == 4


def test_a_log_that_parts_from_the_table_is_reviewed_up_to_there(simulated: Path, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    lines = simulated.read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(lines) if '"action": "discard"' in line and i > 40)
    lines[cut] = lines[cut].replace('"action": "discard"', '"action": "win"')
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, objects = _json(capsys, str(broken), "--seat", "0")
    assert code == 1 and len(objects[-1]["diverged"]) == 1 and objects[-1]["decisions"] > 0


def _games(log: Path) -> Iterator[dict[str, Any]]:
    return (json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if '"header"' in line)


def test_game_chooses_the_games_reviewed(simulated: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = next(_games(simulated))["game"]
    code, objects = _json(capsys, str(simulated), "--seat", "0", "--game", str(first))
    assert code == 0 and objects[-1]["games"] == 1 and {o["game"] for o in objects[:-1]} == {first}
    capsys.readouterr()
    assert main(["review", str(simulated), "--seat", "0", "--game", "no such game"]) == 1
    assert "no game 'no such game' in the log" in capsys.readouterr().err


def test_the_cost_counts_steps_copies_and_danger(imported: Path) -> None:
    from dataclasses import replace

    from fanrules.game.actions import ActionKind
    from fanrules.game.review import DANGER_COST, STEP_COST, Weighing

    head, events = next(iter(read_games(imported.read_text(encoding="utf-8").splitlines(True))))
    decision = _reviewed("\n".join(json.dumps(o) for o in [head, *events]), 0)[3]
    passing, winning = Action(0, ActionKind.PASS), Action(0, ActionKind.WIN)
    ready, won = Weighing(0, (4, 7), 6, 12, None), Weighing(-1, (), 0, 16, None)
    assert replace(decision, action=passing, suggested=winning, taken=ready, advised=won).cost == STEP_COST
    assert replace(decision, action=winning, suggested=passing, taken=won, advised=ready).cost == 0
    far = Weighing(1, (1, 2, 3), 9, None, 0.5)
    near = Weighing(0, (5,), 3, 8, 0.25)
    assert replace(decision, action=passing, suggested=winning, taken=far, advised=near).cost == STEP_COST - 6 + DANGER_COST * 0.25
    assert replace(decision, action=winning, suggested=winning, taken=far, advised=near).cost == 0  # they agree
