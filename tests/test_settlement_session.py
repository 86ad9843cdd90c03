"""Sessions: a 16-hand score sheet read through the library and through ``fanrules sheet`` (text,
JSONL, --json, --csv), a variant that changes the settlement in YAML only, located errors, and a
property over random sessions."""
from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import fanrules
from fanrules.settlement import Session, SettlementError
from fanrules.settlement.sheet import SheetError, read_sheet
from fanrules.tools.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "settlement"
SHEET = FIXTURES / "session16.txt"
#: The final standings of session16 (worked through in docs/settlement.md): (name, points, ranking points).
MCR_STANDINGS = [("Dee", 701, "4"), ("Cid", 567, "2"), ("Ann", 407, "1"), ("Bob", 325, "0")]
#: The same session under tests/fixtures/settlement/house: base 5, a self-draw pays the base only,
#: a false win costs 20 to nobody, a win declared when not ready pays 5 to each other player.
HOUSE_STANDINGS = [("Ann", 537, "4"), ("Cid", 505, "2"), ("Dee", 495, "1"), ("Bob", 443, "0")]
#: Under discarder_pays_all: the discarder pays 3 x 8 + points, the other two nothing.
ALL_PAY_STANDINGS = [("Dee", 685, "4"), ("Cid", 575, "2"), ("Ann", 399, "1"), ("Bob", 341, "0")]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def table(session: Session) -> list[tuple[str, int, str]]:
    return [(s.name, s.points, str(s.ranking_points)) for s in session.standings()]


def test_the_session_file_gives_the_documented_standings_through_the_library() -> None:
    session = read_sheet(SHEET.read_text(encoding="utf-8"), "mcr", source=str(SHEET))
    assert session.finished and session.hand_number == 16
    assert table(session) == MCR_STANDINGS
    kinds = [e.kind for e in session.entries]
    assert kinds.count("win") == 9 and kinds.count("self_draw") == 5 and kinds.count("draw") == 2 and kinds.count("penalty") == 2
    assert session.entries[1].changes == (-16, 48, -16, -16)                      # Bob self-draws 8: each pays 8 + 8
    assert session.entries[2].changes == (10, 10, 10, -30)                        # Dee's false win
    assert session.entries[3].changes == (-8, -8, 38, -22)                        # 12 points and 2 flowers on Dee's discard
    assert session.entries[2].hand_number == session.entries[3].hand_number == 2  # play went on after the false win
    nine_gates = session.entries[5]
    assert (nine_gates.text, nine_gates.changes) == ("Dee self-draws 92 (1112345678999m5m)", (-100, -100, -100, 300))


def test_a_hand_string_is_scored_with_the_winds_of_its_hand() -> None:
    # hand 9 (West round, Cid deals): Ann sits at the North place, so the two wind pungs score 2 + 2
    session = read_sheet(SHEET.read_text(encoding="utf-8"))
    entry = next(e for e in session.entries if "[WWW,1]" in e.text)
    assert entry.seating == fanrules.Seating.of("mcr", 8) and entry.seating.seat_winds[0] == "N"
    assert entry.points == 8 and entry.changes == (32, -8, -8, -16)
    with pytest.raises(SheetError, match=r"^x:1: a win needs at least 8 points; this hand has 6"):
        read_sheet("Ann wins [WWW,1]NNN111m123s5p5p from Dee\n".replace("Ann", "E").replace("Dee", "N"), source="x")


def test_the_jsonl_sheet_of_the_same_session_gives_the_same_session() -> None:
    text = read_sheet(SHEET.read_text(encoding="utf-8"))
    jsonl = read_sheet((FIXTURES / "session16.jsonl").read_text(encoding="utf-8"))
    assert [(e.changes, e.hand_number) for e in jsonl.entries] == [(e.changes, e.hand_number) for e in text.entries]
    assert table(jsonl) == MCR_STANDINGS


def test_fanrules_sheet_prints_running_scores_and_standings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "sheet", str(SHEET))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "session under mcr, starting at 500 each (final)"
    assert lines[2].split() == ["1", "E", "Ann", "Ann", "wins", "24", "from", "Bob", "+48", "548", "-32", "468", "-8", "492", "-8", "492"]
    assert lines[-4:] == ["      1  Dee        701    +201  4", "      2  Cid        567     +67  2",
                          "      3  Ann        407     -93  1", "      4  Bob        325    -175  0"]


def test_fanrules_sheet_json_and_csv(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sheet", str(FIXTURES / "session16.jsonl"), "--json")
    data = json.loads(out)
    assert code == 0 and data["finished"] and data["players"] == ["Ann", "Bob", "Cid", "Dee"]
    assert [(s["name"], s["points"], s["ranking_points"]) for s in data["standings"]] == MCR_STANDINGS
    assert data["events"][0] == {"hand": 1, "prevalent_wind": "E", "dealer": "Ann", "seat_winds": ["E", "S", "W", "N"],
                                 "kind": "win", "event": "Ann wins 24 from Bob",
                                 "points": 24, "changes": [48, -32, -8, -8], "totals": [548, 468, 492, 492]}
    assert data["totals"] == [407, 325, 567, 701]
    assert data["events"][12]["seat_winds"] == ["S", "E", "W", "N"] and data["events"][12]["dealer"] == "Bob"  # hand 11
    code, out, _ = run(capsys, "sheet", str(SHEET), "--csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and rows[0][:5] == ["hand", "prevalent_wind", "dealer", "event", "Ann change"]
    assert rows[1] == ["1", "E", "Ann", "Ann wins 24 from Bob", "48", "-32", "-8", "-8", "548", "468", "492", "492"]
    blank = rows.index([])
    assert len(rows[1:blank]) == 18 and rows[blank + 1] == ["place", "player", "points", "change", "ranking_points"]
    assert rows[blank + 2:] == [["1", "Dee", "701", "201", "4"], ["2", "Cid", "567", "67", "2"],
                                ["3", "Ann", "407", "-93", "1"], ["4", "Bob", "325", "-175", "0"]]


# One case per variant fixture under tests/fixtures/settlement: each pays differently, so the standings differ.
@pytest.mark.parametrize("rules, expected", [("house", HOUSE_STANDINGS), ("discarder_pays_all", ALL_PAY_STANDINGS)])
def test_a_variant_in_yaml_gives_the_standings_it_implies(capsys: pytest.CaptureFixture[str], rules: str,
                                                          expected: list[tuple[str, int, str]]) -> None:
    session = read_sheet(SHEET.read_text(encoding="utf-8"), str(FIXTURES / rules))
    assert table(session) == expected
    code, out, _ = run(capsys, "sheet", str(SHEET), "--rules", str(FIXTURES / rules), "--json")
    assert code == 0 and [(s["name"], s["points"], s["ranking_points"]) for s in json.loads(out)["standings"]] == expected


def test_the_house_variant_changes_exactly_what_its_yaml_says() -> None:
    session = read_sheet(SHEET.read_text(encoding="utf-8"), str(FIXTURES / "house"))
    changes = [e.changes for e in session.entries]
    assert changes[0] == (39, -29, -5, -5)          # base 5: Bob pays 5 + 24, the others 5
    assert changes[1] == (-5, 15, -5, -5)           # a self-draw pays the base only
    assert changes[2] == (0, 0, 0, -20)             # a false win: 20 to nobody
    assert changes[10] == (5, -15, 5, 5)            # not ready: 5 to each
    assert sum(s.points for s in session.standings()) == 2000 - 20


# Each case is one mistake in a score sheet (text or JSON lines); its message, with the line, says which.
@pytest.mark.parametrize("text, message", [
    ("E wins 24 from S\nE wins 12 from\n", "x.txt:2: 'E wins 12' needs 'from' and the discarder"),
    ("players: A B C D\nA wins 24 from Q\n", "x.txt:2: unknown player 'Q': use A, B, C, D or E, S, W, N"),
    ("E wins 24 from S\nN late\n", "x.txt:2: rule set mcr has no penalty 'late'"),
    ("\n# opening\nE wins 6 from S\n", "x.txt:3: a win needs at least 8 points; this hand has 6: record it as a false win"),
    ("E self-draws 123m\n", "x.txt:1: wrong number of tiles"),
    ("E wins\n", "x.txt:1: expected 'X wins POINTS|HAND from Y'"),
    ("E wins 24 from S last-tile\n", "x.txt:1: last-tile only apply to a hand string"),
    ("E wins 24 from S\nplayers: A B C D\n", "x.txt:2: 'players:' must come first"),
    ("draw\n" * 16 + "draw\n", "x.txt:17: the session is over: it has 16 hands"),
    ('{"event": "win", "winner": "E", "points": 8, "from": "S"}\n', "x.txt:1: unknown key(s) 'from' for a win"),
    ('{"event": "draw"}\n{"event": "win"\n', "x.txt:2: not valid JSON"),
    ('{"players": ["A", "A", "B", "C"]}\n', "x.txt:1: players must be four different one-word names"),
    ('{"event": "draw"}\n' + "[" * 100000 + "\n", "x.txt:2: not valid JSON: nested too deeply"),
    ("E wins 99999999999 from S\n", "x.txt:1: a hand's points must be a whole number 0..10000"),
    ("E self-draws 8 flowers 12\n", "x.txt:1: flowers must be a number 0..8"),
    ('{"event": "penalty", "player": "E"}\n', "x.txt:1: a penalty needs 'kind'"),
    ('{"event": "win", "winner": "E", "hand": ["1m"]}\n', "x.txt:1: 'hand' must be a number, a hand string or a hand object"),
])
def test_bad_sheet_lines_are_located(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str) -> None:
    with pytest.raises(SheetError) as caught:
        read_sheet(text, source="x.txt")
    assert str(caught.value).startswith(message)
    sheet = tmp_path / "x.txt"
    sheet.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "sheet", str(sheet))
    assert code == 1 and out == "" and err.startswith(f"fanrules: {sheet}:") and err.count("\n") == 1


def test_a_missing_sheet_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "sheet", str(tmp_path / "none.txt"))
    assert code == 4 and out == "" and err.count("\n") == 1


def test_a_hand_whose_context_disagrees_with_the_seating_is_refused() -> None:
    session = Session()
    hand = fanrules.parse_hand("[WWW,1]NNN111m123s5p5p", seat_wind="N", prevalent_wind="W")
    with pytest.raises(SettlementError, match="seat wind is E, the prevalent wind E"):
        session.win(0, hand, discarder=3)
    with pytest.raises(SettlementError, match="seat wind is E, the prevalent wind E, won on a discard"):
        session.win(0, fanrules.score(hand), discarder=3)
    assert session.entries == [] and session.totals == (500, 500, 500, 500)
    right = fanrules.score("[CCC,1]FFFPPP999s5m5m", self_drawn=True, seat_wind="S")
    assert session.win(1, right).changes == (-122, 366, -122, -122)  # Bob's seat wind in hand 1 is S


# --- the property: any session of 16 hands ---

PLAYER = st.integers(0, 3)
HAND = st.one_of(
    st.tuples(st.just("win"), PLAYER, st.integers(8, 300), st.one_of(st.none(), PLAYER), st.integers(0, 8)),
    st.tuples(st.just("draw"), st.sets(PLAYER)),
)
PENALTY = st.tuples(st.just("penalty"), PLAYER, st.sampled_from(["false_win", "not_ready", "late_10", "late_15"]))
#: 16 hands (a win or a draw each), each after 0..2 penalties that do not end it.
SESSION = st.lists(st.tuples(st.lists(PENALTY, max_size=2), HAND), min_size=16, max_size=16).map(
    lambda hands: [event for penalties, hand in hands for event in (*penalties, hand)])
RULES = ["mcr", str(FIXTURES / "house"), str(FIXTURES / "discarder_pays_all"), str(FIXTURES / "draws_pay")]


@pytest.mark.slow  # many random sessions
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RULES), SESSION)
def test_random_sessions_sum_as_the_rule_set_says_and_rank_their_totals(rules: str, events: list[tuple]) -> None:  # type: ignore[type-arg]
    session = Session(rules)
    terms = session.terms
    running = [terms.session.start] * 4
    barred: set[int] = set()  # the players a penalty with bars_win has barred from winning this hand (停和)
    for event in events:
        if event[0] == "win":
            _, winner, points, discarder, flowers = event
            if winner in barred:
                with pytest.raises(SettlementError, match="barred from winning"):
                    session.win(winner, points, None if discarder == winner else discarder, flowers)
                event = ("draw", set())
            else:
                entry = session.win(winner, points, None if discarder == winner else discarder, flowers)
                assert sum(entry.changes) == 0 and entry.changes[winner] > 0
        if event[0] == "draw":
            entry = session.draw(event[1])
            assert sum(entry.changes) == 0
        if event[0] in ("win", "draw"):
            barred = set()
        elif event[0] == "penalty":
            entry = session.penalty(event[1], event[2])
            penalty = terms.penalty(event[2])
            assert sum(entry.changes) == (0 if penalty.to == "each_other" else -penalty.points)
            assert entry.changes[event[1]] == -penalty.points * (3 if penalty.to == "each_other" else 1)
            barred = set() if penalty.ends_hand else barred | ({event[1]} if penalty.bars_win else set())
        assert set(session.barred) == barred
        running = [r + c for r, c in zip(running, entry.changes, strict=True)]
        assert list(entry.totals) == running
    assert session.finished and session.hand_number == 16
    standings = session.standings()
    assert sorted((s.player, s.points) for s in standings) == list(enumerate(running))
    assert [s.points for s in standings] == sorted(running, reverse=True)
    assert sum(s.ranking_points for s in standings) == sum(terms.ranking.points)
    assert all(isinstance(s.ranking_points, Fraction) for s in standings)
    for a in standings:
        for b in standings:
            assert (a.points > b.points) == (a.place < b.place)
            assert a.points < b.points or a.ranking_points >= b.ranking_points
            assert a.points != b.points or a.ranking_points == b.ranking_points


def test_a_penalty_that_ends_the_hand_moves_the_dealer_on(tmp_path: Path) -> None:
    (tmp_path / "ruleset.yaml").write_text(
        "name: bz\nextends: mcr\nsettlement:\n  penalties:\n    invalid_action: {points: 10, to: each_other, ends_hand: true}\n",
        encoding="utf-8")
    session = read_sheet("E invalid-action\nS false-win\nW self-draws 8\n", str(tmp_path))
    assert [(e.hand_number, e.seating.dealer, e.changes) for e in session.entries] == [
        (0, 0, (-30, 10, 10, 10)), (1, 1, (10, -30, 10, 10)), (1, 1, (-16, -16, 48, -16))]
    assert session.hand_number == 2


def test_a_finished_session_refuses_more_and_names_win_over_places() -> None:
    session = read_sheet("players: S E W N\nS wins 8 from E\n" + "draw\n" * 15)
    assert session.entries[0].changes == (32, -16, -8, -8)  # 'S' is the name of player 0 here
    for record in (lambda: session.win(0, 8), lambda: session.draw(), lambda: session.penalty(1, "false_win")):
        with pytest.raises(SettlementError, match="the session is over: it has 16 hands"):
            record()
