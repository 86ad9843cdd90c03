"""The consistency rules of the procedure: and settlement: sections (declared with their keys): each one
that a rule file breaks is reported by ``fanrules check`` (and every load) at the place it was written,
all at once, as R024; the typed views keep the same rules as a guard for sections built in Python."""
from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path

import pytest

from fanrules.game import Procedure
from fanrules.ruleset import load_ruleset
from fanrules.ruleset.declare import Key
from fanrules.ruleset.procedure_keys import PROCEDURE
from fanrules.ruleset.settlement_keys import SETTLEMENT
from fanrules.settlement import Pay, Penalty, RankingTerms, SessionTerms, Settlement
from fanrules.tools.cli import main


def check(tmp_path: Path, body: str, parent: str = "mcr") -> list[str]:
    """The R024 lines ``fanrules check`` prints for a variant of ``parent`` written as ``body``, as
    ``line:col: message`` (the file's path cut off)."""
    folder = tmp_path / "variant"
    folder.mkdir(exist_ok=True)
    path = folder / "ruleset.yaml"
    path.write_text(f"name: variant\nextends: {parent}\n" + textwrap.dedent(body), encoding="utf-8")
    return [line.removeprefix(f"{path}:").replace(": R024 ", ": ") for line in _check_output(folder) if " R024 " in line]


def _check_output(folder: Path) -> list[str]:
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["check", str(folder)])
    lines = err.getvalue().splitlines()
    assert code == (3 if lines else 0), lines
    return lines


# --- procedure ---------------------------------------------------------------------------------


def test_a_set_without_flowers_needs_17_stacks_a_side(tmp_path: Path) -> None:
    assert check(tmp_path, "procedure:\n  tiles: {flowers: 0}\n") == [
        "4:20: procedure.tiles: 136 tiles need 17 stacks a side, not 18"]  # reported at the variant's change


def test_a_set_with_flowers_needs_18_stacks_a_side(tmp_path: Path) -> None:
    assert check(tmp_path, "procedure:\n  tiles: {flowers: 8}\n", parent="botzone") == [
        "4:20: procedure.tiles: 144 tiles need 18 stacks a side, not 17"]
    assert check(tmp_path, "procedure:\n  tiles: {flowers: 0, stacks_per_side: 17}\n") == []


def test_the_deal_gives_twelve_tiles_before_the_last_draw(tmp_path: Path) -> None:
    assert check(tmp_path, "procedure:\n  deal: {rounds: 3, take: 3}\n") == [
        "4:27: procedure.deal: rounds x take must be 12 tiles before the last draw, not 3 x 3"]


def test_claim_priority_names_win_pung_and_chow_once_each(tmp_path: Path) -> None:
    assert check(tmp_path, "procedure:\n  claims: {priority: [win, pung]}\n") == [
        "4:22: procedure.claims.priority must name win, pung and chow once each, not ['win', 'pung']"]


def test_flower_order_names_each_wind_once(tmp_path: Path) -> None:
    assert check(tmp_path, "procedure:\n  flowers: {order: [E, S, W, W]}\n") == [
        "4:20: procedure.flowers.order must name E, S, W and N once each, not ['E', 'S', 'W', 'W']"]


# --- settlement --------------------------------------------------------------------------------


def test_rounds_name_a_prevalent_wind_for_every_round_of_the_session(tmp_path: Path) -> None:
    assert check(tmp_path, "settlement:\n  session: {rounds: [E, S]}\n") == [
        "4:21: settlement.session.rounds names 2 prevalent winds; 16 hands need 4"]


def test_seats_give_a_row_for_every_round_of_the_session(tmp_path: Path) -> None:
    assert check(tmp_path, "settlement:\n  session:\n    length: 12\n    seats: [[E, S, W, N]]\n") == [
        "6:12: settlement.session.seats gives 1 rounds of seats; 12 hands need 3"]


def test_each_row_of_seats_places_the_four_players_once(tmp_path: Path) -> None:
    body = "settlement:\n  session:\n    seats: [[E, S, W, N], [S, E, N, W], [N, W, E, S], [W, N, S]]\n"
    assert check(tmp_path, body) == [
        "5:12: settlement.session.seats[3] must place the four players at E, S, W and N once each, not ['W', 'N', 'S']"]


def test_dealers_name_a_place_for_each_hand_of_a_round(tmp_path: Path) -> None:
    # hands_per_round changed, dealers inherited: reported at the change
    assert check(tmp_path, "settlement:\n  session: {hands_per_round: 2, length: 8}\n") == [
        "4:30: settlement.session.dealers names 4 dealers; a round has 2 hands"]


def test_ranking_points_name_the_four_places(tmp_path: Path) -> None:
    assert check(tmp_path, "settlement:\n  ranking: {points: [4, 2, 1]}\n") == [
        "4:21: settlement.ranking.points names 3 places; a table has 4 players"]


def test_a_penalty_kind_is_one_word_a_sheet_can_name(tmp_path: Path) -> None:
    assert check(tmp_path, "settlement:\n  penalties:\n    late-5: {points: 5, to: nobody}\n") == [
        "5:5: settlement.penalties: a penalty kind is one word with _ for a dash (a score sheet writes false_win "
        "as false-win), not 'late-5'"]


# --- together ----------------------------------------------------------------------------------


def test_every_problem_is_reported_at_once_and_the_shipped_rule_sets_have_none(tmp_path: Path) -> None:
    body = """\
        procedure:
          tiles: {flowers: 0}
          deal: {take: 3}
        settlement:
          ranking: {points: [1]}
        """
    assert [line.split(":")[0] for line in check(tmp_path, body)] == ["4", "5", "7"]
    for name in ("mcr", "botzone", "casual", "mil", "mcr-1998"):
        assert check(tmp_path, "description: unchanged\n", parent=name) == []


def test_a_broken_section_is_not_judged_by_its_rules(tmp_path: Path) -> None:
    folder = tmp_path / "variant"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text("name: v\nextends: mcr\nprocedure:\n  tiles: {flowers: 0, stacks_per_side: 9}\n",
                                         encoding="utf-8")
    lines = _check_output(folder)
    assert any(" R021 'procedure.tiles.stacks_per_side' must be at least 17" in line for line in lines)
    assert not any(" R024 " in line for line in lines)


def test_the_views_keep_the_rules_for_sections_built_in_python() -> None:
    mcr = load_ruleset("mcr")
    procedure = {**mcr.sections["procedure"], "deal": {"rounds": 4, "take": 4, "jump_draw": True}}
    with pytest.raises(ValueError, match="^rule set mcr: procedure.deal: rounds x take must be 12 tiles"):
        Procedure.of(dataclasses.replace(mcr, sections={**mcr.sections, "procedure": procedure}))


# --- the declaration fills the views -----------------------------------------------------------


def _filled(spec: Key, view: str) -> set[str]:
    """The attributes of ``view`` the declaration fills."""
    out: set[str] = set()
    for sub in (spec.keys or {}).values():
        if sub.field is not None and spec.view == view:
            out.add(sub.field)
        if sub.keys is not None and sub.view is None:
            out |= _filled(dataclasses.replace(sub, view=spec.view), view)  # a grouping key fills the view above
        out |= _filled(sub, view) if sub.view is not None and sub.view != spec.view else set()
        if sub.values is not None:
            out |= _filled(sub.values, view)
    if spec.named and spec.view == view:
        out.add(spec.named)
    return out


@pytest.mark.parametrize("spec, view, extra", [
    (PROCEDURE, Procedure, {"flowers_count", "minimum"}),  # each view: filled by the declaration, but for the rule set's own
    (SETTLEMENT, Settlement, {"ruleset", "minimum", "flower_value", "table_flowers"}),
    (SETTLEMENT, Pay, set()),
    (SETTLEMENT, Penalty, set()),
    (SETTLEMENT, SessionTerms, set()),
    (SETTLEMENT, RankingTerms, set()),
])
def test_each_attribute_of_a_view_is_filled_by_one_declared_key(spec: Key, view: type, extra: set[str]) -> None:
    attributes = {f.name for f in dataclasses.fields(view)}
    assert _filled(spec, view.__name__) | extra == attributes


def test_an_unknown_example_key_is_refused_in_the_sentence_every_surface_gives(tmp_path: Path) -> None:
    from fanrules.core.context import unknown_key
    from fanrules.ruleset.schema import EXAMPLE_KEYS

    folder = tmp_path / "variant"
    (folder / "fans").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text("name: variant\nextends: mcr\n", encoding="utf-8")
    (folder / "fans" / "01.yaml").write_text('number: 1\nexamples:\n  - hand: "[EEE,1][SSSS,1]55pWWWNNN"\n'
                                             "    count: 1\n    seat: E\n", encoding="utf-8")
    lines = _check_output(folder)
    assert f"{folder / 'fans' / '01.yaml'}:5:5: R003 {unknown_key('seat', EXAMPLE_KEYS)}" in lines
    assert "unknown key 'seat' (did you mean 'seat_wind'?)" in str(unknown_key("seat", EXAMPLE_KEYS))


def test_an_example_fact_out_of_its_range_is_refused_where_it_is_written(tmp_path: Path) -> None:
    folder = tmp_path / "variant"
    (folder / "fans").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text("name: variant\nextends: mcr\n", encoding="utf-8")
    (folder / "fans" / "01.yaml").write_text('number: 1\nexamples:\n  - hand: "[EEE,1][SSSS,1]55pWWWNNN"\n'
                                             "    count: 1\n    flowers: 9\n", encoding="utf-8")
    assert f"{folder / 'fans' / '01.yaml'}:5:14: R005 'flowers' must be 0..8, not 9" in _check_output(folder)
