"""The worked examples of docs/principles.md, pinned with the sets each fan used."""
from __future__ import annotations

import fanrules
from fanrules.core.blocks import Kind
from fanrules.scoring import Result


def score(text: str, **context: object) -> Result:
    return fanrules.score(text, **context)


def fans(result: Result) -> dict[str, int]:
    return {c.fan.name_zh: c.count for c in result.fans}


def used(result: Result, name: str) -> list[list[str]]:
    counted = next(c for c in result.fans if c.fan.name_zh == name)
    return [sorted(str(b) for b in inst) for inst in result.sets_of(counted)]


def test_take_the_highest_48_not_47() -> None:
    result = score("555666777p5556s7s", self_drawn=True)
    assert result.total == 48
    assert fans(result) == {"一色三同顺": 1, "全带五": 1, "不求人": 1, "平和": 1, "喜相逢": 1, "缺一门": 1}
    assert used(result, "一色三同顺") == [["567p", "567p", "567p"]]
    assert used(result, "喜相逢") == [["567p", "567s"]]
    assert all(b.kind is Kind.CHOW for b in result.reading.sets)


def test_mixed_straight_plus_one_more_chow_forms_one_fan_only() -> None:
    result = score("123m456m789p123s5p5p")
    got = fans(result)
    assert got["花龙"] == 1
    assert used(result, "花龙") == [["123s", "456m", "789p"]]
    extra = {k: v for k, v in got.items() if k in ("喜相逢", "连六", "一般高", "老少副")}
    assert sum(extra.values()) == 1, got
    (name,) = extra
    assert "123m" in used(result, name)[0]


def test_four_chows_carry_at_most_three_two_chow_fans() -> None:
    result = score("123m789m123s789s2p2p")
    got = fans(result)
    two_chow = {k: v for k, v in got.items() if k in ("喜相逢", "连六", "一般高", "老少副")}
    assert sum(two_chow.values()) == 3, got
    links = [inst for name in two_chow for inst in used(result, name)]
    assert len({tuple(x) for x in links}) == 3


def test_big_three_dragons_plus_a_pung_of_nines() -> None:
    result = score("[CCC,1]FFFPPP999s5m5m", self_drawn=True)
    got = fans(result)
    assert got["大三元"] == 1
    assert got["幺九刻"] == 1
    assert used(result, "幺九刻") == [["999s"]]
    assert used(result, "大三元") == [["FFF", "PPP", "[CCC]"]]
    assert "箭刻" not in got and "双箭刻" not in got


def test_non_split_four_pure_shifted_chows_do_not_score_short_straight() -> None:
    result = score("123s234s345s456s9m9m")
    got = fans(result)
    assert got.get("一色四步高") == 1
    assert "连六" not in got and "一色三步高" not in got


def test_non_identical_extra_chow_makes_no_second_pure_straight() -> None:
    result = score("123m456m789m123m5p5p")
    got = fans(result)
    assert got["清龙"] == 1
    assert sum(got.get(k, 0) for k in ("一般高", "连六", "老少副")) == 1


def test_exclusions_cascade_only_from_counted_fans() -> None:
    result = score("1122m3344p5566s7s7s", self_drawn=True)
    got = fans(result)
    assert got["七对"] == 1 and got["自摸"] == 1 and "不求人" not in got


def test_unique_wait_edge_beats_single() -> None:
    result = score("[456p,1][789s,1][EEE,1]1233m3m")
    assert "边张" in fans(result) and "单钓将" not in fans(result)


def test_two_waits_give_no_wait_fan() -> None:
    result = score("[456p,1][789s,1][EEE,1]2345m5m")
    assert not {"边张", "坎张", "单钓将"} & set(fans(result))


def test_under_minimum_is_reported_with_its_fans() -> None:
    result = score("[123p,1][345s,1][678m,1]99m45p6p")
    assert not result.is_win
    assert result.to_json()["error"]["kind"] == "under_minimum"
    assert result.total == sum(c.points * c.count for c in result.fans)


def test_flowers_are_bonus_and_never_stop_chicken_hand() -> None:
    result = score("[234p,1][678s,1][345m,1]EE56m7m", flowers=3, seat_wind="S", prevalent_wind="W")
    got = fans(result)
    assert got.get("无番和") == 1 and got.get("花牌") == 3
    assert result.total == 8 and result.total_with_flowers == 11


def test_results_say_why_other_fans_were_not_counted() -> None:
    result = score("[CCC,1]FFFPPP999s5m5m", self_drawn=True)
    why = {(n.fan.name_zh, n.principle, n.by.name_zh if n.by else None) for n in result.not_counted}
    assert ("箭刻", "excluded", "大三元") in why
    assert ("幺九刻", "own_sets", "大三元") in why
    assert ("双暗刻", "excluded", "三暗刻") in why
    assert not any(n.fan.name_zh == "幺九刻" and n.sets == (1,) for n in result.not_counted)  # 999s is counted
    straight = score("123m456m789p123s5p5p")
    (split,) = [n for n in straight.not_counted if n.principle == "account_once"]
    assert split.fan.name_zh == "连六" and "account once" in split.reason
    gates = score("1112345678999m5m", self_drawn=True)
    assert any(n.principle == "excluded_count" and n.by.name_zh == "九莲宝灯" for n in gates.not_counted)  # type: ignore[union-attr]
    listed = gates.to_json()["not_counted"]  # the explanation is in the data too (issue 13)
    assert [(n["id"], n["principle"], n["by"] and n["by"]["id"]) for n in listed] == [
        (n.fan.number, n.principle, n.by and n.by.number) for n in gates.not_counted]
