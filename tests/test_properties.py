"""Property tests: random legal complete hands of every shape, with random contexts.

The default profile is short (the file runs in a few seconds); for a long run:

    HYPOTHESIS_PROFILE=long python -m pytest -q tests/test_properties.py
"""
from __future__ import annotations

import os
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fanrules
from fanrules.core.hand import Context, Hand, Meld, MeldKind, validate
from fanrules.core.tiles import compact
from fanrules.core.hand import format_meld
from fanrules.core.notation import parse_hand
from fanrules.analysis.readings import readings
from fanrules.analysis.waits import winning_tiles
from fanrules.core.tiles import TILE_CODES

settings.register_profile("default_fanrules", max_examples=50, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
PROFILE = "long" if os.environ.get("HYPOTHESIS_PROFILE") == "long" else "default_fanrules"
PROFILE_SETTINGS = settings.get_profile(PROFILE)

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
HONOURS = tuple(range(27, 34))
WIND_CODES = ("E", "S", "W", "N")
SEATS = ("left", "across", "right")


# --- strategies ----------------------------------------------------------------------------------


def _fits(counts: Counter, tiles) -> bool:
    need = Counter(tiles)
    return all(counts[t] + n <= 4 for t, n in need.items())


@st.composite
def _set_tiles(draw, counts: Counter, kong_ok: bool = True):
    """One chow or pung (as a list of tiles) that keeps every tile at four copies or fewer, or None."""
    for _ in range(20):
        if draw(st.booleans()):
            suit = draw(st.integers(0, 2))
            start = suit * 9 + draw(st.integers(0, 6))
            tiles = [start, start + 1, start + 2]
        else:
            t = draw(st.integers(0, 33))
            tiles = [t, t, t]
        if _fits(counts, tiles):
            counts.update(tiles)
            return tiles
    return None


@st.composite
def _declare(draw, tiles: list[int], counts: Counter) -> Meld:
    """A declared set of ``tiles``: chows and pungs claimed, pungs possibly kongs of any kind."""
    if tiles[0] != tiles[1]:
        return Meld(MeldKind.CHOW, tuple(tiles), "left", draw(st.sampled_from(tiles)))
    t = tiles[0]
    options = ["pung"]
    if counts[t] <= 3:
        options += ["kong", "added", "concealed"]
    kind = draw(st.sampled_from(options))
    seat = draw(st.sampled_from(SEATS))
    if kind == "pung":
        return Meld(MeldKind.PUNG, (t,) * 3, seat)
    counts[t] += 1
    if kind == "concealed":
        return Meld(MeldKind.CONCEALED_KONG, (t,) * 4)
    return Meld(MeldKind.KONG, (t,) * 4, seat, added=kind == "added")


@st.composite
def _standard(draw):
    counts: Counter = Counter()
    pair = draw(st.integers(0, 33))
    counts.update([pair, pair])
    sets = []
    while len(sets) < 4:
        s = draw(_set_tiles(counts))
        if s is None:  # extremely unlikely; fall back to a known-free pung
            free = next(t for t in range(34) if counts[t] == 0)
            s = [free] * 3
            counts.update(s)
        sets.append(s)
    declared = draw(st.lists(st.booleans(), min_size=4, max_size=4))
    melds, concealed = [], [pair, pair]
    for s, d in zip(sets, declared):
        if d:
            melds.append(draw(_declare(s, counts)))
        else:
            concealed.extend(s)
    return melds, concealed


@st.composite
def _seven_pairs(draw):
    counts: Counter = Counter()
    tiles = []
    while len(tiles) < 14:
        t = draw(st.integers(0, 33))
        if counts[t] <= 2:
            counts.update([t, t])
            tiles += [t, t]
    return [], tiles


@st.composite
def _thirteen_orphans(draw):
    return [], list(ORPHANS) + [draw(st.sampled_from(ORPHANS))]


@st.composite
def _knitted_pattern(draw):
    suits = draw(st.permutations([0, 1, 2]))
    return [suits[i] * 9 + r for i in range(3) for r in (i, i + 3, i + 6)]


@st.composite
def _honours_and_knitted(draw):
    pool = draw(_knitted_pattern()) + list(HONOURS)
    drop = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2, unique=True))
    return [], [t for t in pool if t not in drop]


@st.composite
def _knitted_straight(draw):
    knitted = draw(_knitted_pattern())
    counts: Counter = Counter(knitted)
    pair = draw(st.integers(0, 33).filter(lambda t: counts[t] <= 2))
    counts.update([pair, pair])
    s = draw(_set_tiles(counts))
    if s is None:
        s = [27, 27, 27] if counts[27] == 0 else [33, 33, 33]
        counts.update(s)
    if draw(st.booleans()):
        return [draw(_declare(s, counts))], knitted + [pair, pair]
    return [], knitted + [pair, pair] + s


SHAPES = st.one_of(_standard(), _seven_pairs(), _thirteen_orphans(), _honours_and_knitted(), _knitted_straight())


@st.composite
def legal_hands(draw) -> Hand:
    """A valid complete hand with a random context that follows the validation rules."""
    melds, tiles = draw(SHAPES)
    win = draw(st.sampled_from(tiles))
    concealed = list(tiles)
    concealed.remove(win)
    held = concealed.count(win)
    in_melds = sum(m.tiles.count(win) for m in melds)
    self_drawn = draw(st.booleans())
    kong_related = draw(st.booleans())
    if kong_related and self_drawn and not any(m.is_kong for m in melds):
        kong_related = False
    if kong_related and not self_drawn and held + in_melds:
        kong_related = False
    last_copy = draw(st.booleans()) and not held
    ctx = Context(self_drawn, last_copy, kong_related, draw(st.booleans()),
                  27 + draw(st.integers(0, 3)), 27 + draw(st.integers(0, 3)), draw(st.integers(0, 8)))
    return validate(Hand(tuple(concealed), tuple(melds), win, ctx))


# --- helpers -------------------------------------------------------------------------------------


def _shuffled_string(hand: Hand, rnd: random.Random) -> str:
    melds = list(hand.melds)
    rnd.shuffle(melds)
    loose = list(hand.concealed)
    rnd.shuffle(loose)
    # one tile code per tile (no compaction) so the concealed order really is shuffled
    body = "".join(TILE_CODES[t] for t in loose)
    return "".join(format_meld(m) for m in melds) + body + TILE_CODES[hand.win_tile]


def _reparse(text: str, hand: Hand) -> Hand:
    c = hand.context
    return parse_hand(text, self_drawn=c.self_drawn, last_copy=c.last_copy, kong_related=c.kong_related,
                      last_tile=c.last_tile, seat_wind=TILE_CODES[c.seat_wind], prevalent_wind=TILE_CODES[c.prevalent_wind],
                      flowers=c.flowers)


def _fan_summary(result) -> list[tuple[int, int]]:
    return [(c.fan.number, c.count) for c in result.fans]


# --- properties ----------------------------------------------------------------------------------


@PROFILE_SETTINGS
@given(legal_hands())
def test_scoring_invariants(hand: Hand) -> None:
    assert readings(hand), f"a complete hand has no reading: {hand!r}"
    result = fanrules.Scorer.of().score(hand)  # never raises for a legal complete hand
    assert result.total == sum(c.points * c.count for c in result.fans if not c.fan.bonus)
    assert result.total_with_flowers == result.total + sum(c.points * c.count for c in result.fans if c.fan.bonus)
    counted = {c.fan.number for c in result.fans}
    for c in result.fans:
        for ex in c.fan.excludes:
            if ex.scope == "all" and ex.count is None:
                assert ex.target not in counted, f"{c.fan} excludes fan {ex.target}, yet both count for {hand!r}"
    n_blocks = len(result.reading.blocks)
    for c in result.fans:
        assert c.count == len(c.instances)
        for inst in c.instances:
            assert all(0 <= i < n_blocks for i in inst), f"{c.fan} uses set indices {inst} of {n_blocks} blocks"


@PROFILE_SETTINGS
@given(legal_hands(), st.randoms(use_true_random=False))
def test_order_of_tiles_and_sets_does_not_matter(hand: Hand, rnd: random.Random) -> None:
    base = fanrules.Scorer.of().score(hand)
    text = _shuffled_string(hand, rnd)
    again = fanrules.Scorer.of().score(_reparse(text, hand))
    assert again.total == base.total, text
    assert _fan_summary(again) == _fan_summary(base), text


@PROFILE_SETTINGS
@given(legal_hands())
def test_record_round_trip_scores_the_same(hand: Hand) -> None:
    record = fanrules.hand_to_record(hand, "x")
    assert fanrules.score(record).to_json("x") == fanrules.Scorer.of().score(hand).to_json("x")


@PROFILE_SETTINGS
@given(legal_hands())
def test_waits_agree_with_readings(hand: Hand) -> None:
    concealed = hand.concealed
    melds = hand.melds
    held = Counter(concealed)
    for m in melds:
        held.update(m.tiles)
    waiting = set(winning_tiles(concealed, len(melds)))
    assert hand.win_tile in waiting
    for t in range(34):
        if held[t] >= 4:
            continue  # a fifth copy is not a legal hand
        complete = bool(readings(Hand(concealed, melds, t, Context())))
        assert complete == (t in waiting), (
            f"{compact(list(concealed))} with {len(melds)} declared set(s): tile {TILE_CODES[t]} "
            f"{'completes' if complete else 'does not complete'} the hand but waits() says the opposite")
