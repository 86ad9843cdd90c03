"""One surface (issue 13): every entry point takes the same hands and context, in every accepted form,
and gives the same result; a misspelt key or keyword is refused, named, with the closest known one."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import fanrules
from fanrules import Hand, HandError
from fanrules.core.tiles import TILE_INDEX
from fanrules.dsl import DiagnosticError
from fanrules.ruleset import load_ruleset
from fanrules.tools import batch
from fanrules.tools.cli import main

#: (hand string, context by the one names, winds as codes).
CASES: list[tuple[str, dict[str, Any]]] = [
    ("1112345678999m5m", {"self_drawn": True, "seat_wind": "S", "prevalent_wind": "W", "flowers": 2}),
    ("[EEE,1][SSSS,1]55pWWWNNN", {"self_drawn": True, "seat_wind": "N", "prevalent_wind": "S"}),
    ("[WWWW,1][444s]45m678pFF6m", {"last_copy": True, "last_tile": True, "seat_wind": "W"}),
    ("19m19p19sESWNCFP1m", {"kong_related": False, "prevalent_wind": "N", "flowers": 8}),
]
ALIAS = {"last_copy": "fourth_tile", "prevalent_wind": "round_wind"}
FLAG_ALIAS = {"last_copy": "--fourth-tile", "prevalent_wind": "--round", "seat_wind": "--seat", "kong_related": "--kong"}


def context_forms(context: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The same context with winds as codes, winds as tiles, and by the contract's names."""
    return {
        "names": dict(context),
        "tiles": {k: TILE_INDEX[v] if k.endswith("_wind") else v for k, v in context.items()},
        "aliases": {ALIAS.get(k, k): v for k, v in context.items()},
    }


def hand_forms(text: str) -> dict[str, Any]:
    """The same hand (no context) as a string, a Hand built in Python, a record and a string record."""
    parsed = fanrules.parse_hand(text)
    record = {k: v for k, v in fanrules.hand_to_record(parsed).items() if k in ("hand", "melds", "win_tile")}
    return {"string": text, "hand": Hand(parsed.concealed, parsed.melds, parsed.win_tile), "record": record,
            "string record": {"hand": text}}


def flags(context: dict[str, Any], alias: bool) -> list[str]:
    out: list[str] = []
    for key, value in context.items():
        flag = FLAG_ALIAS.get(key) if alias and key in FLAG_ALIAS else "--" + key.replace("_", "-")
        if value is True:
            out.append(flag)
        elif value is not False:
            out += [flag, str(value)]
    return out


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("text, context", CASES, ids=[c[0] for c in CASES])
def test_every_entry_point_gives_the_same_result(capsys: pytest.CaptureFixture[str], text: str, context: dict[str, Any]) -> None:
    expected = fanrules.score(text, **context).to_json()
    scorer = fanrules.Scorer.of()
    seen = 0
    for form, hand in hand_forms(text).items():
        for how, ctx in context_forms(context).items():
            where = f"{form} with {how}"
            assert fanrules.score(hand, **ctx).to_json() == expected, where
            assert scorer.score(hand, **ctx).to_json() == expected, where
            if isinstance(hand, dict):  # the JSONL batch: the context as keys of the record
                record = {**hand, **ctx, "id": "r"}
                assert batch.answer(json.dumps(record), scorer, 1) == {"id": "r", **expected}, where
            seen += 1
    for alias in (False, True):
        assert cli_json(capsys, "score", text, *flags(context, alias), "--json") == expected
    for form in ("record", "string record"):  # the CLI takes a record as its hand, with the context in it or as flags
        record = hand_forms(text)[form]
        assert cli_json(capsys, "score", json.dumps(record), *flags(context, False), "--json") == expected
        for ctx in context_forms(context).values():
            assert cli_json(capsys, "score", json.dumps({**record, **ctx}), "--json") == expected
    assert seen == 12


def test_the_batch_command_reads_every_form_of_every_case() -> None:
    lines, expected = [], []
    for n, (text, context) in enumerate(CASES):
        for form, hand in hand_forms(text).items():
            if not isinstance(hand, dict):
                continue
            for how, ctx in context_forms(context).items():
                lines.append(json.dumps({**hand, **ctx, "id": f"{n}/{form}/{how}", "tag": "t", "x_mine": 1}))
                expected.append({"id": f"{n}/{form}/{how}", **fanrules.score(text, **context).to_json()})
    proc = subprocess.run([sys.executable, "-m", "fanrules", "batch", "--jobs", "1"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(line) for line in proc.stdout.splitlines()] == expected


@pytest.mark.parametrize("text, context", CASES[:3], ids=[c[0] for c in CASES[:3]])
def test_waits_the_same_way_everywhere(capsys: pytest.CaptureFixture[str], text: str, context: dict[str, Any]) -> None:
    waiting = {k: v for k, v in context.items() if k not in ("self_drawn", "last_copy", "kong_related")}
    parsed = fanrules.parse_hand(text, check=False)
    before = fanrules.format_hand(parsed)[: -len(fanrules.format_hand(Hand((), (), parsed.win_tile)))]
    expected = [w.to_json() for w in fanrules.waits(before, **waiting)]
    assert expected and all(w["discard"].get("total") or w["discard"].get("error") for w in expected)
    record = {k: v for k, v in fanrules.hand_to_record(parsed).items() if k in ("hand", "melds", "win_tile")}
    record = {"hand": record["hand"], "melds": record["melds"]}
    full = fanrules.parse_hand(text, **context)
    for how, ctx in context_forms(waiting).items():
        assert [w.to_json() for w in fanrules.waits(before, **ctx)] == expected, how
        assert [w.to_json() for w in fanrules.waits(record, **ctx)] == expected, how
        assert [w.to_json() for w in fanrules.waits({**record, **ctx})] == expected, how
    assert [w.to_json() for w in fanrules.waits(full, **waiting)] == expected
    for alias in (False, True):
        assert cli_json(capsys, "waits", before, *flags(waiting, alias), "--json") == expected
    assert cli_json(capsys, "waits", json.dumps({**record, **waiting}), "--json") == expected
    # each wait's results are those of scoring the completed hand
    for w in fanrules.waits(before, **waiting):
        discard = fanrules.score(before + w.code, **waiting)
        assert w.discard.to_json() == discard.to_json()  # type: ignore[union-attr]


MISSPELT = [("self_drawm", "self_drawn"), ("prevalent", "prevalent_wind"), ("round_wnd", "round_wind"), ("flower", "flowers")]


@pytest.mark.parametrize("word, closest", MISSPELT)
def test_a_misspelt_keyword_is_named_in_every_surface(capsys: pytest.CaptureFixture[str], word: str, closest: str) -> None:
    text = "1112345678999m5m"
    value = "S" if "wind" in closest or closest == "prevalent_wind" else 1
    hint = f"unknown key '{word}' (did you mean '{closest}'?)"
    calls = {
        "score": lambda: fanrules.score(text, **{word: value}),
        "score(Hand)": lambda: fanrules.score(fanrules.parse_hand(text), **{word: value}),
        "Scorer.score": lambda: fanrules.Scorer.of().score(text, **{word: value}),
        "waits": lambda: fanrules.waits(text[:-2], **{word: value}),
        "readings": lambda: fanrules.readings(text, **{word: value}),
        "parse_hand": lambda: fanrules.parse_hand(text, **{word: value}),
        "analyze": lambda: fanrules.analyze(text, points=False, **{word: value}),
    }
    for name, call in calls.items():
        with pytest.raises(HandError) as err:
            call()
        assert str(err.value) == hint, name
    with pytest.raises(HandError) as err:
        fanrules.Context(**{word: value})
    assert str(err.value) == hint
    answer = batch.answer(json.dumps({"id": "m", "hand": text, word: value}), fanrules.Scorer.of(), 1)
    assert answer == {"id": "m", "line": 1, "error": {"kind": "invalid", "message": hint}}
    with pytest.raises(SystemExit) as stop:
        main(["score", text, "--" + word.replace("_", "-"), str(value)])
    assert stop.value.code == 2
    assert f"unknown option --{word.replace('_', '-')} (did you mean --{closest.replace('_', '-')}?)" in capsys.readouterr().err


def test_a_fact_given_twice_is_refused() -> None:
    with pytest.raises(HandError, match="'prevalent_wind' and 'round_wind' name the same fact"):
        fanrules.score("1112345678999m5m", prevalent_wind="S", round_wind="S")
    answer = batch.answer(json.dumps({"hand": "1112345678999m5m", "last_copy": True, "fourth_tile": True}), fanrules.Scorer.of(), 1)
    assert "name the same fact" in answer["error"]["message"]


def test_corpus_annotations_are_passed_over_and_nothing_else() -> None:
    record = {"hand": "1112345678999m5m", "expected": {"total": 1}, "expected_alternatives": [], "expected_source_literal": "x",
              "tag": "t", "notes": "n", "source": "s", "x_anything": [1]}
    assert fanrules.score(record).total == fanrules.score("1112345678999m5m").total
    with pytest.raises(HandError, match="unknown key 1 "):  # a Python dict may have keys JSON cannot
        fanrules.score({"hand": "1112345678999m5m", 1: True})
    with pytest.raises(HandError, match="unknown key 'note' \\(did you mean 'notes'\\?\\)"):
        fanrules.score({"hand": "1112345678999m5m", "note": "n"})
    with pytest.raises(HandError, match="unknown key of melds\\[0\\]: 'claimed'"):
        fanrules.score({"hand": ["2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m"],
                        "melds": [{"type": "pung", "tiles": ["1m"] * 3, "claimed": "left"}], "win_tile": "5m"})


def test_a_misspelt_example_key_is_named_in_a_rule_file(tmp_path: Path) -> None:
    variant = tmp_path / "v"
    (variant / "fans").mkdir(parents=True)
    (variant / "ruleset.yaml").write_text("name: v\nextends: mcr\n", encoding="utf-8")
    (variant / "fans" / "60.yaml").write_text("number: 60\nexamples:\n  - hand: 123m456p789sSSS1m1m\n    count: 1\n    round_wnd: S\n",
                                             encoding="utf-8")
    with pytest.raises(DiagnosticError) as err:
        load_ruleset(variant)
    [d] = err.value.diagnostics
    # the sentence every surface gives for an unknown key (core.context.unknown_key), the example's keys as the hint
    assert (d.code, d.message) == ("R003", "unknown key 'round_wnd' (did you mean 'round_wind'?)")
    assert d.hint.startswith("the keys of an example: hand, count,") and "round_wind" in d.hint
