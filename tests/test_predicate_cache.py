"""The on-disk cache of compiled predicates: a second load parses nothing and scores the same."""
from __future__ import annotations

from pathlib import Path

import pytest

import fanrules
from fanrules.dsl import cache, compile_predicate, parser
from fanrules.dsl.cache import PredicateCache

TEXT = "each a, b in chows where tile(a) == tile(b)"


@pytest.fixture()
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FANRULES_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("FANRULES_NO_CACHE", raising=False)
    cache._cache_at.cache_clear()
    yield tmp_path
    cache._cache_at.cache_clear()


def test_a_cached_predicate_is_not_parsed_again(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, diagnostics = compile_predicate(TEXT)
    assert first is not None and not diagnostics
    cache.predicate_cache().save()
    assert list(fresh_cache.glob("predicates-*.pickle"))
    cache._cache_at.cache_clear()

    def no_parse(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed although cached")

    monkeypatch.setattr(parser, "parse", no_parse)
    second, _ = compile_predicate(TEXT)
    assert second is not None and second.source == first.source and second.guards == first.guards


def test_errors_are_never_cached(fresh_cache: Path) -> None:
    compiled, diagnostics = compile_predicate("size(chows == 4")
    assert compiled is None and diagnostics
    assert cache.predicate_cache().get("size(chows == 4") is None


def test_a_broken_cache_file_is_ignored(fresh_cache: Path) -> None:
    path = cache.cache_file()
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a pickle")
    assert PredicateCache(path).records == {}
    compiled, _ = compile_predicate(TEXT)
    assert compiled is not None


def test_the_cache_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FANRULES_NO_CACHE", "1")
    assert cache.cache_file() is None


def test_cached_and_uncached_rule_sets_score_alike(fresh_cache: Path) -> None:
    hand = "123m456m789m123m5p5p"
    uncached = [compile_predicate(f.predicate, use_cache=False)[0] for f in fanrules.load_ruleset("mcr").fans]
    cached = [compile_predicate(f.predicate)[0] for f in fanrules.load_ruleset("mcr").fans]
    assert [c.source for c in cached] == [u.source for u in uncached]  # type: ignore[union-attr]
    assert fanrules.score(hand).total == 23
