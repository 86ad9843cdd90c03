"""The on-disk cache of compiled predicates: a second load parses nothing and scores the same."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

import fanrules
from fanrules.dsl import cache, compile_predicate, parser
from fanrules.dsl.cache import PredicateCache, code_hash

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
    assert list(fresh_cache.glob("predicates-*.json"))
    cache._cache_at.cache_clear()

    def no_parse(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed although cached")

    monkeypatch.setattr(parser, "parse", no_parse)
    second, _ = compile_predicate(TEXT)
    assert second is not None and second.source == first.source and second.guards == first.guards


def test_errors_are_never_cached(fresh_cache: Path) -> None:
    compiled, diagnostics = compile_predicate("size(chows == 4")
    assert compiled is None and diagnostics
    assert cache.predicate_cache().tree("size(chows == 4") is None


def test_a_broken_cache_file_is_ignored(fresh_cache: Path) -> None:
    path = cache.cache_file()
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not JSON")
    assert PredicateCache(path).entries == {}
    compiled, _ = compile_predicate(TEXT)
    assert compiled is not None


def test_the_cache_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FANRULES_NO_CACHE", "1")
    assert cache.cache_file() is None


@pytest.mark.slow  # every shipped rule set compiled and scored twice
def test_cached_and_uncached_rule_sets_score_alike(fresh_cache: Path) -> None:
    hand = "123m456m789m123m5p5p"
    uncached = [compile_predicate(f.predicate, use_cache=False)[0] for f in fanrules.load_ruleset("mcr").fans]
    cached = [compile_predicate(f.predicate)[0] for f in fanrules.load_ruleset("mcr").fans]
    assert [c.source for c in cached] == [u.source for u in uncached]  # type: ignore[union-attr]
    assert fanrules.score(hand).total == 23


# --- hostile caches (issue 14): nothing read from the cache runs as it stands ---------------------


class _Gadget:
    """Unpickling this runs a command: what a planted pickle does."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        import os

        return os.system, (f"touch {self.marker}",)


def _plant_cache(fresh_cache: Path) -> Path:
    compile_predicate(TEXT)
    cache.predicate_cache().save()
    cache._cache_at.cache_clear()
    path = cache.cache_file()
    assert path is not None and path.exists()
    return path


def test_a_planted_pickle_is_never_unpickled_and_the_cache_is_rebuilt(fresh_cache: Path) -> None:
    import pickle

    marker = fresh_cache / "PWNED"
    path = cache.cache_file()
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    for target in (path, path.with_suffix(".pickle")):
        target.write_bytes(pickle.dumps({TEXT: _Gadget(marker)}))
    compiled, _ = compile_predicate(TEXT)
    cache.predicate_cache().save()
    assert compiled is not None and not marker.exists()
    assert json.loads(path.read_text(encoding="utf-8"))["entries"][TEXT]["code"] == code_hash(compiled.record)  # type: ignore[arg-type]


def test_a_forged_tree_that_would_write_code_is_refused(fresh_cache: Path) -> None:
    path = _plant_cache(fresh_cache)
    data = json.loads(path.read_text(encoding="utf-8"))
    marker = fresh_cache / "PWNED"
    tree = data["entries"][TEXT]["tree"]
    tree["cond"]["ops"] = [f"== __import__('os').system('touch {marker}') =="]  # an operator spliced into code
    path.write_text(json.dumps(data), encoding="utf-8")
    compiled, _ = compile_predicate(TEXT)
    assert compiled is not None and not marker.exists()
    assert "__import__" not in compiled.source
    cache.predicate_cache().save()
    assert json.loads(path.read_text(encoding="utf-8"))["entries"][TEXT]["tree"]["cond"]["ops"] == ["=="]  # rewritten


def test_a_forged_code_hash_or_source_never_runs(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _plant_cache(fresh_cache)
    data = json.loads(path.read_text(encoding="utf-8"))
    marker = fresh_cache / "PWNED"
    entry = data["entries"][TEXT]
    entry["source"] = f"import os\nos.system('touch {marker}')\ndef run(f):\n    return []\n"  # a field the cache never reads
    entry["tables"] = [[1, 2, 3]] * 3  # tables the compiler would not use
    path.write_text(json.dumps(data), encoding="utf-8")
    parsed: list[str] = []
    real_parse = parser.parse
    monkeypatch.setattr(parser, "parse", lambda text, *a: parsed.append(text) or real_parse(text, *a))
    compiled, _ = compile_predicate(TEXT)
    assert compiled is not None and not marker.exists()
    assert parsed == [TEXT]  # the entry was dropped and the text compiled afresh
    assert compiled.source == compile_predicate(TEXT, use_cache=False)[0].source  # type: ignore[union-attr]


@pytest.mark.parametrize("damage", [
    b"", b"\x00\xff" * 10, b"[" * 100_000, b'{"format": "fanrules predicate cache 2", "entries": {"x": 1}, "clock": "a"}',
    b'{"format": "fanrules predicate cache 2", "entries": {"' + TEXT.encode() + b'": {"tree": {"node": "HandRule"}, "code": 5}}}',
    b'{"format": "fanrules predicate cache 2", "entries": {"' + TEXT.encode() + b'": {"tree": ' + b"[" * 5000 + b"]" * 5000 + b"}}}",
    b'{"n": ' + b"9" * 5000 + b"}",
])
def test_a_damaged_cache_is_never_fatal_and_is_rewritten(fresh_cache: Path, damage: bytes) -> None:
    path = cache.cache_file()
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(damage)
    compiled, _ = compile_predicate(TEXT)
    assert compiled is not None
    cache.predicate_cache().save()
    assert TEXT in json.loads(path.read_text(encoding="utf-8"))["entries"]


def test_a_fifo_at_the_cache_path_does_not_hang(fresh_cache: Path) -> None:
    import os

    path = cache.cache_file()
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    compiled, _ = compile_predicate(TEXT)
    assert compiled is not None


def test_the_fingerprint_covers_the_tables_the_entries_depend_on() -> None:
    assert {"core/tiles.py", "core/blocks.py", "analysis/readings.py", "dsl/compiler.py"} <= set(cache.SOURCES)


def test_one_rule_set_cannot_fill_the_cache_for_the_others(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "MAX_ENTRIES", 5)
    compile_predicate(TEXT)
    flood = [f"size(chows) >= {n % 5} and size(pungs) <= {n // 5}" for n in range(20)]
    for text in flood:
        compile_predicate(text)
    store = cache.predicate_cache()
    assert len(store.entries) == 5 and set(store.entries) == set(flood[-5:])  # the least recently used went first
    compile_predicate(TEXT)
    assert TEXT in store.entries  # a new predicate still gets in


def test_a_forged_table_is_dropped(fresh_cache: Path) -> None:
    text = "all(t in tiles: rank(t) in (1, 9)) and self_drawn"
    compile_predicate(text)
    cache.predicate_cache().save()
    cache._cache_at.cache_clear()
    path = cache.cache_file()
    assert path is not None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["entries"][text]["tables"] and data["entries"][text]["tables"][0]
    data["entries"][text]["tables"][0] = list(range(34))  # every tile a terminal
    path.write_text(json.dumps(data), encoding="utf-8")
    compiled, _ = compile_predicate(text)
    assert compiled is not None and compiled.record == compile_predicate(text, use_cache=False)[0].record  # type: ignore[union-attr]


def test_the_cache_keeps_its_text_bounded_so_it_stays_quick_to_write(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "MAX_TEXT", 400)
    long = [" and ".join([f"size(chows) >= {n}"] * 8) for n in range(5)]  # about 150 characters each
    for text in long:
        compile_predicate(text)
    store = cache.predicate_cache()
    assert sum(map(len, store.entries)) <= 400 and list(store.entries) == long[-2:]


def _aged(path: Path, days: float, text: str = "{}") -> Path:
    path.write_text(text, encoding="utf-8")
    when = time.time() - days * 24 * 3600
    os.utime(path, (when, when))
    return path


def test_writing_a_cache_removes_its_kinds_stale_files_and_nothing_else(tmp_path: Path) -> None:
    current = tmp_path / f"predicates-{'a' * 16}.json"
    stale = _aged(tmp_path / f"predicates-{'b' * 16}.json", 40)
    recent = _aged(tmp_path / f"predicates-{'c' * 16}.json", 2)  # another version in use beside this one
    other_kind = _aged(tmp_path / f"rulefiles-{'d' * 16}.json", 40)  # pruned when its own kind is written
    not_ours = [_aged(tmp_path / name, 40) for name in ("predicates-notes.json", f"predicates-{'e' * 15}.json", "predicates-x.txt")]
    outside = _aged(tmp_path.parent / f"outside-{tmp_path.name}.json", 40)
    link = tmp_path / f"predicates-{'f' * 16}.json"
    link.symlink_to(outside)
    assert cache.write_cache(current, cache.FORMAT, 0, {})
    assert not stale.exists()
    assert current.exists() and recent.exists() and other_kind.exists() and all(p.exists() for p in not_ours)
    assert link.is_symlink() and outside.exists()  # a link is never followed nor removed
    outside.unlink()


def test_only_the_newest_caches_of_other_versions_are_kept(tmp_path: Path) -> None:
    others = [_aged(tmp_path / f"rulefiles-{i:016x}.json", i) for i in range(1, cache.KEEP_OTHERS + 3)]
    current = tmp_path / f"rulefiles-{'a' * 16}.json"
    assert cache.prune(current) == others[cache.KEEP_OTHERS:]  # the oldest, newest first
    assert [p.exists() for p in others] == [True] * cache.KEEP_OTHERS + [False] * 2


def test_a_predicate_compiled_with_a_fresh_cache_prunes_the_stale_ones(fresh_cache: Path) -> None:
    stale = _aged(fresh_cache / f"predicates-{'0' * 16}.json", 400, json.dumps({"format": cache.FORMAT, "entries": {}}))
    compile_predicate(TEXT)
    assert stale.exists()  # nothing is written, nor removed, until the cache is saved
    cache.predicate_cache().save()
    path = cache.cache_file()
    assert path is not None and path.exists() and not stale.exists()
