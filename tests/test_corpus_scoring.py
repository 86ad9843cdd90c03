"""Every labelled case of the corpora is scored and compared with its expectation (CORPUS README)."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import fanrules
from fanrules.tools.batch import answer
from fanrules.scoring import Result

from conftest import CORPORA, corpus_cases

KNOWN = json.loads((Path(__file__).parent / "known_disagreements.json").read_text(encoding="utf-8"))


def _fans(obj: dict[str, Any]) -> Counter:
    return Counter((f["id"], f["points"], f["count"]) for f in obj.get("fans", []))


def _kind(obj: dict[str, Any]) -> str | None:
    err = obj.get("error")
    return err.get("kind") if isinstance(err, dict) else err


def agrees(case: dict[str, Any], got: dict[str, Any]) -> bool:
    """The comparison rule of shared/corpus/README.md."""
    if _kind(case["expected"]) != _kind(got):
        return False
    if _kind(got) in ("invalid", "not_a_win"):
        return True
    return any(alt.get("total") == got.get("total") and _fans(alt) == _fans(got)
               for alt in [case["expected"], *case.get("expected_alternatives", [])])


@pytest.mark.parametrize("corpus", CORPORA)
def test_corpus_agreement(corpus: str) -> None:
    scorer = fanrules.Scorer.of("mcr")
    cases = corpus_cases(corpus)
    failures = []
    for number, case in enumerate(cases, 1):
        got = answer(json.dumps(case), scorer, number)
        if not agrees(case, got) and case["id"] not in KNOWN:
            failures.append(f"{case['id']}: expected {case['expected']}, got {got}")
    assert not failures, f"{len(failures)} of {len(cases)} disagree:\n" + "\n".join(failures[:20])


def test_known_disagreements_have_reasons() -> None:
    for case_id, reason in KNOWN.items():
        assert isinstance(reason, str) and len(reason) > 40, case_id


def _results() -> list[Result]:
    scorer = fanrules.Scorer.of("mcr")
    out = []
    for case in corpus_cases("public.jsonl") + corpus_cases("rulebook.jsonl"):
        if _kind(case["expected"]) in ("invalid", "not_a_win"):
            continue
        out.append(scorer.score(fanrules.hand_from_record(case)))
    return out


@pytest.mark.slow  # every corpus hand scored and checked against the principles
def test_results_obey_the_principles() -> None:
    """On every complete corpus hand: total = sum of points x count; no counted fan is excluded by
    another counted fan (fully, or within its own sets); instances of one fan share no set; the links
    of combination fans form no loop; every reported set is part of the chosen reading."""
    for result in _results():
        assert result.total == sum(c.points * c.count for c in result.fans if not c.fan.bonus)
        assert result.total_with_flowers == result.total + sum(c.points * c.count for c in result.fans if c.fan.bonus)
        counted = {c.fan.number: c for c in result.fans}
        for c in result.fans:
            for ex in c.fan.excludes:
                if ex.target in counted and ex.scope == "all" and ex.count is None:
                    pytest.fail(f"{result.hand}: {c.fan} excludes {ex.target}, which was counted")
                if ex.scope == "own_sets" and ex.target in counted:
                    for mine in c.instances:
                        for theirs in counted[ex.target].instances:
                            assert not (theirs and set(theirs) <= set(mine)), f"{result.hand}: {c.fan} scoped exclusion broken"
        parent = list(range(len(result.reading.blocks)))

        def find(i: int) -> int:
            while parent[i] != i:
                i = parent[i]
            return i

        for c in result.fans:
            seen: set[int] = set()
            for inst in c.instances:
                assert all(0 <= i < len(result.reading.blocks) for i in inst)
                if len(inst) >= 2:
                    assert not seen & set(inst), f"{result.hand}: {c.fan} reuses a set"
                    seen |= set(inst)
                    roots = {find(i) for i in inst}
                    assert len(roots) == len(inst), f"{result.hand}: {c.fan} closes a loop"
                    for r in list(roots)[1:]:
                        parent[r] = find(inst[0])
