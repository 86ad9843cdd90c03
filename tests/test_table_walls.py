"""Where a tile comes from: each player's own last tile (a flower replaced by another seat is not the
dealer's), and Botzone's walls per seat (judge/main.cpp pTileWall): draws and kong replacements from the
seat's own wall, the last tile read from the next drawer's wall, no meld on the discard before an empty
wall, and the exhaustive draw when the player to draw has an empty wall."""
from __future__ import annotations

from fanrules.game import Table, game_rules
from fanrules.game.wall import recorded_wall
from game_helpers import A, fan_names, fill, run, t, table, tiles, tsumogiri, win_event

# --- finding 1: the dealer's dealt hand -----------------------------------------------------------------


def test_the_dealers_dealt_win_stands_when_another_seat_replaced_a_flower_last() -> None:
    for rules in ("mcr", "green-book", "casual"):
        tab = table(["123456789m 123p 55p", "234m 99m 11p 89p 123s E", "567m 88m 33p 4s 6s 8s WW N",
                     "678m 22p 66p 9p 1s 2s CF 1f"], end="P", rules=rules)
        fill(tab)
        assert tab.current == 0 and tab.seats[3].flowers == [t("1f")], rules
        assert A(0, "win") in tab.legal(0), rules
        run(tab, A(0, "win"))
        record = win_event(tab, 0)["record"]
        assert record["self_drawn"] and "flower_replacement" not in record and not record["kong_related"], rules


def test_a_dealer_who_replaces_a_flower_in_the_deal_has_no_win_on_a_replacement_tile() -> None:
    tab = table(["123456789m 123p 5p 2f", "234m 99m 11p 89p 123s E", "567m 88m 33p 4s 6s 8s WW N",
                 "678m 22p 66p 9p 1s 2s CFP"], end="5p", rules="green-book")
    fill(tab)
    assert tab.events[-1]["source"] == "flower" and tab.events[-1]["tile"] == "5p"  # the log says how it came
    run(tab, A(0, "win"))
    event = win_event(tab, 0)
    assert "flower_replacement" not in event["record"] and "Out with Replacement Tile" not in fan_names(event)


# --- walls per seat ---------------------------------------------------------------------------------------

BOTZONE = game_rules("botzone")
#: Player 0 can declare a concealed kong of E; player 1 waits on 1s/4s (清龙); player 2 holds a pair of 4s;
#: player 3 waits on 5s (清龙).
HANDS = ["EEEE 234p 567p 789s", "123p 456p 789p 23s 11s", "567m 88m 33p 44s 6s 8s W N", "123m 456m 789m 234s 5s"]


def per_seat(last: str) -> Table:
    """Player 0 draws 9s, then 9p as the kong's replacement; player 3 draws 19 honours, then ``last``."""
    draws = [(0, t("9s"), "wall"), (0, t("9p"), "kong")] + [(3, x, "wall") for x in tiles("CCCC FFFF PPPP SSSS NNN " + last)]
    return Table.from_deal(BOTZONE, [tiles(h) for h in HANDS], draws)


def to_last_draw(tab: Table) -> Table:
    """The kong, then everyone discards what they draw until player 3 draws with player 0's wall empty."""
    run(tab, A(0, "concealed_kong", "E"))
    fill(tab)
    assert tab.events[-1]["source"] == "kong" and tab.events[-1]["tile"] == "9p"  # from player 0's own wall
    assert [tab.left(p) for p in range(4)] == [19, 21, 21, 21]
    tsumogiri(tab, until=lambda tb: tb.phase == "turn" and tb.current == 3 and tb.seats[3].wall_last)
    assert [tab.left(p) for p in range(4)] == [0, 1, 1, 1]
    return tab


def test_each_seat_draws_from_its_own_wall_of_34_tiles() -> None:
    tab = per_seat("9m")
    assert tab.opening.throws == () and tab.fronts == [13, 47, 81, 115] and tab.backs == [34, 68, 102, 136]
    fill(tab)
    assert tab.events[-1] == {"type": "action", "player": 0, "action": "draw", "tile": "9s", "source": "wall"}
    assert tab.wall[34 + 13] != t("9p") and tab.left(1) == 21


def test_the_last_tile_is_read_from_the_next_drawers_wall() -> None:
    tab = to_last_draw(per_seat("5s"))
    assert tab.wall_left == 0 and A(3, "concealed_kong", "C") not in tab.legal(3)
    run(tab, A(3, "win"))
    event = win_event(tab, 3)
    assert event["record"]["last_tile"] and event["record"]["self_drawn"] and "Last Tile Draw" in fan_names(event)


def test_no_meld_on_the_discard_before_an_empty_wall_but_a_win_is_the_last_tile_claim() -> None:
    tab = to_last_draw(per_seat("4s"))
    run(tab, A(3, "discard", "4s"))
    assert tab.seats[2].counts[t("4s")] == 2 and A(2, "pung", "4s") not in tab.legal(2)
    assert A(1, "win") in tab.legal(1)
    run(tab, A(1, "win"), settle=True)
    event = win_event(tab, 1)
    assert event["record"]["last_tile"] and not event["record"]["self_drawn"] and "Last Tile Claim" in fan_names(event)


def test_the_hand_is_drawn_when_the_player_to_draw_has_an_empty_wall() -> None:
    tab = to_last_draw(per_seat("4s"))
    run(tab, A(3, "discard", "4s"), settle=True)
    assert tab.over and tab.events[-1] == {"type": "end", "outcome": "draw", "winners": [], "wall_left": 3}


def test_a_recorded_wall_puts_the_undrawn_tiles_in_the_middle_of_each_wall() -> None:
    proc = BOTZONE.procedure
    wall = recorded_wall(proc, [tiles(h) for h in HANDS], [(3, t("C"), "wall"), (0, t("9p"), "kong")])
    assert len(wall) == 136 and sorted(wall) == sorted(x for x in range(34) for _ in range(4))
    assert wall[34 * 3 + 13] == t("C") and wall[13] == t("9p")
