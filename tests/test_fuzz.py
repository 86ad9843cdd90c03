"""Fuzz harnesses for every input boundary: hand strings, JSONL records, predicate text, rule YAML (with
anchors and aliases), the paths a rule set names (``extends``, ``fans``), the predicate cache file and
the cases of ``fanrules diff``.

Each harness runs for a bounded time (FANRULES_FUZZ_SECONDS each, default 0.4); for a long run:

    FANRULES_FUZZ_SECONDS=120 python -m pytest -q tests/test_fuzz.py -s

(-s shows how many inputs each harness tried.) An input that ever broke something is kept under
tests/fuzz_regressions/ as ``<harness>-<name>.txt`` and replayed by ``test_regressions``; when a
harness finds a new failure it writes the input there (``new-<harness>-<hash>.txt``) before failing.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import time
from pathlib import Path
from typing import Any, Callable

import pytest

import fanrules
from fanrules import HandError, parse_hand
from fanrules.tools.batch import answer
from fanrules.dsl import DiagnosticError, compile_predicate
from fanrules.dsl.builtins import REGISTRY
from fanrules.ruleset import RuleSet, load_ruleset
from fanrules.core.tiles import TILE_CODES

SECONDS = float(os.environ.get("FANRULES_FUZZ_SECONDS", "0.4"))
SEED = int(os.environ.get("FANRULES_FUZZ_SEED", "20240601"))
REGRESSIONS = Path(__file__).resolve().parent / "fuzz_regressions"
QUICK = 2.0  # seconds any single input may take

SCORER = fanrules.Scorer.of()


# --- the checks, one per boundary ----------------------------------------------------------------


def check_hand_string(text: str) -> None:
    start = time.perf_counter()
    try:
        hand = parse_hand(text)
    except HandError as err:
        assert str(err)
    else:
        assert isinstance(hand, fanrules.Hand)
        try:
            SCORER.score(hand)
        except HandError as err:
            assert err.kind == "not_a_win"
    assert time.perf_counter() - start < QUICK


def check_batch_line(line: str) -> None:
    out = answer(line, SCORER, 1)
    assert isinstance(out, dict)
    assert ("fans" in out) or ("error" in out)
    if "error" in out:
        assert out["error"]["kind"] in ("invalid", "not_a_win", "under_minimum")
        assert isinstance(out["error"]["message"], str) and "internal error" not in out["error"]["message"]
    else:
        assert out["total"] == sum(f["points"] * f["count"] for f in out["fans"] if f["id"] != 81)
    json.dumps(out, ensure_ascii=False)


def check_predicate(text: str) -> None:
    start = time.perf_counter()
    compiled, diagnostics = compile_predicate(text)
    assert (compiled is None) == bool(diagnostics)
    for d in diagnostics:
        d.format()
    assert time.perf_counter() - start < QUICK


RULESET_HEAD = 'name: fuzz\ntitle: t\nversion: "1"\ndescription: d\nminimum: 8\nsources: [x]\n'


def check_rule_yaml(text: str, tmp: Path | None = None) -> None:
    """``text`` is a fan file, or (when it starts with ``#ruleset``) the ruleset.yaml itself."""
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        (root / "fans").mkdir()
        if text.startswith("#ruleset"):
            (root / "ruleset.yaml").write_text(text, encoding="utf-8", errors="surrogatepass")
        else:
            (root / "ruleset.yaml").write_text(RULESET_HEAD, encoding="utf-8")
            (root / "fans" / "01-x.yaml").write_bytes(text.encode("utf-8", "surrogatepass"))
        start = time.perf_counter()
        try:
            rs = load_ruleset(root)
        except DiagnosticError as err:
            assert err.diagnostics
            str(err)
        else:
            assert isinstance(rs, RuleSet)
        assert time.perf_counter() - start < QUICK


SECRET = "FUZZSECRET-9d2e"


def check_paths(text: str) -> None:
    """``text`` is a ruleset.yaml naming other places (``extends``, ``fans``) beside files that are not
    rule files: a secret, a FIFO, /dev/zero, links in and out (another folder's ruleset.yaml is a link
    to the secret). Nothing of them may be read into the output, nothing may hang, and the answer is a
    rule set or located diagnostics. (A folder holding a ruleset.yaml of its own is a rule set, which
    ``extends`` may name: see docs/rules.md, "Limits and confinement".)"""
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        rs, other = root / "a" / "rs", root / "a" / "other"
        (rs / "fans").mkdir(parents=True)
        other.mkdir()
        (root / "secret.yaml").write_text(f"number: 1\nname_zh: {SECRET}\nkey: {SECRET}\n", encoding="utf-8")
        (other / "ruleset.yaml").symlink_to(root / "secret.yaml")
        os.mkfifo(root / "fifo.yaml")
        (rs / "fans" / "out.yaml").symlink_to(root / "secret.yaml")
        (rs / "fans" / "zero.yaml").symlink_to("/dev/zero")
        (rs / "link").symlink_to(root)
        (rs / "loop.yaml").symlink_to("loop.yaml")
        (rs / "ruleset.yaml").write_bytes(text.encode("utf-8", "surrogatepass"))
        start = time.perf_counter()
        try:
            rs_loaded = load_ruleset(rs)
        except DiagnosticError as err:
            assert err.diagnostics and SECRET not in str(err)
            assert all(d.line >= 1 and d.column >= 1 for d in err.diagnostics)
        else:
            assert isinstance(rs_loaded, RuleSet) and SECRET not in repr(rs_loaded)
        assert time.perf_counter() - start < QUICK


def check_cache_file(text: str) -> None:
    """``text`` is the predicate cache file: whatever it holds, compiling gives what compiling without
    the cache gives, and nothing it holds runs."""
    import tempfile

    from fanrules.dsl import cache

    with tempfile.TemporaryDirectory() as d:
        old = os.environ.get("FANRULES_CACHE_DIR")
        os.environ["FANRULES_CACHE_DIR"] = d
        cache._cache_at.cache_clear()
        try:
            path = cache.cache_file()
            assert path is not None
            path.write_bytes(text.encode("utf-8", "surrogatepass"))
            for predicate in CACHED_PREDICATES:
                got, diagnostics = compile_predicate(predicate)
                want, _ = compile_predicate(predicate, use_cache=False)
                assert not diagnostics and got is not None and want is not None and got.record == want.record
            cache.predicate_cache().save()
            assert not (Path(d) / "PWNED").exists()
        finally:
            cache._cache_at.cache_clear()
            if old is None:
                os.environ.pop("FANRULES_CACHE_DIR", None)
            else:
                os.environ["FANRULES_CACHE_DIR"] = old


def check_diff_input(text: str) -> None:
    """``text`` is the cases file of ``fanrules diff``: a report or a one-line error, never a traceback."""
    import contextlib
    import io
    import tempfile

    from fanrules.tools import cli

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "cases.jsonl"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        out, err = io.StringIO(), io.StringIO()
        start = time.perf_counter()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(["diff", str(path), "--rules", "casual", "--json"])
        assert time.perf_counter() - start < QUICK * 5
        if code == 0:
            report = json.loads(out.getvalue())
            assert report["hands"] == sum(1 for line in text.split("\n") if line.strip())
            out.getvalue().encode("utf-8")
        else:
            assert code == 2 and len(err.getvalue().strip().splitlines()) == 1, err.getvalue()


CHECKS: dict[str, Callable[[str], None]] = {
    "hand": check_hand_string,
    "batch": check_batch_line,
    "predicate": check_predicate,
    "yaml": check_rule_yaml,
    "paths": check_paths,
    "cache": check_cache_file,
    "diff": check_diff_input,
}


# --- generators ----------------------------------------------------------------------------------

HAND_ALPHABET = "123456789mpsz" * 3 + "ESWNCFP[],  " + "0xX#\t\n\x00é中"
GOOD_HANDS = [
    "[123p,1][345s,2][999s,3]6m6pEW1m",
    "[123p,1][345s,2][999s,3]6m6p6p6p6m",
    "1112345678999s9s",
    "[WWWW,1][444s]45m678pFF6m",
    "[EEEE][CCCC][FFFF][PPPP]NN",
    "19m19p19sESWNCFP1m",
    "147m258p369sESWNC",
    "11223344556677m",
    "[1111s,5]234m567p789s5s5s",
]


def _mutate(rnd: random.Random, text: str, alphabet: str) -> str:
    chars = list(text)
    for _ in range(rnd.randint(1, 4)):
        op = rnd.randrange(5)
        i = rnd.randint(0, len(chars))
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rnd.choice(alphabet))
        elif op == 2 and chars:
            chars[min(i, len(chars) - 1)] = rnd.choice(alphabet)
        elif op == 3:
            chars = chars[: i]  # truncation
        else:
            j = rnd.randint(0, len(chars))
            chars[i:i] = chars[min(i, j): max(i, j)]  # duplicate a slice
    return "".join(chars)


def _random_bytes_text(rnd: random.Random, n: int) -> str:
    return bytes(rnd.randrange(256) for _ in range(n)).decode("utf-8", "replace")


def gen_hand(rnd: random.Random) -> str:
    r = rnd.random()
    if r < 0.5:
        return _mutate(rnd, rnd.choice(GOOD_HANDS), HAND_ALPHABET)
    if r < 0.75:
        return "".join(rnd.choice(HAND_ALPHABET) for _ in range(rnd.randint(0, 40)))
    if r < 0.9:
        return _random_bytes_text(rnd, rnd.randint(0, 60))
    return rnd.choice(GOOD_HANDS) * rnd.randint(2, 5000)  # huge


def _random_json(rnd: random.Random, depth: int = 0) -> Any:
    r = rnd.random()
    if depth > 3 or r < 0.3:
        return rnd.choice([None, True, False, 0, -1, 8, 9, 1.5, 10**30, "", "1m", "E", "x", "5z", "chow", "left",
                           rnd.choice(TILE_CODES), float("nan") if rnd.random() < 0.05 else 3])
    if r < 0.6:
        return [_random_json(rnd, depth + 1) for _ in range(rnd.randint(0, 15))]
    keys = ["hand", "melds", "win_tile", "type", "tiles", "claimed_from", "claimed_tile", "added", "self_drawn",
            "fourth_tile", "kong_related", "last_tile", "seat_wind", "round_wind", "flowers", "id", "zz"]
    return {rnd.choice(keys): _random_json(rnd, depth + 1) for _ in range(rnd.randint(0, 6))}


def _valid_record(rnd: random.Random) -> dict[str, Any]:
    hand = parse_hand(rnd.choice(GOOD_HANDS))
    return fanrules.hand_to_record(hand, "g")


def _perturb_record(rnd: random.Random, rec: Any, depth: int = 0) -> Any:
    if isinstance(rec, dict) and rec:
        rec = dict(rec)
        key = rnd.choice(list(rec))
        op = rnd.randrange(4)
        if op == 0:
            del rec[key]
        elif op == 1:
            rec[key] = _random_json(rnd, 2)
        else:
            rec[key] = _perturb_record(rnd, rec[key], depth + 1)
        return rec
    if isinstance(rec, list) and rec:
        rec = list(rec)
        i = rnd.randrange(len(rec))
        op = rnd.randrange(4)
        if op == 0:
            del rec[i]
        elif op == 1:
            rec.insert(i, _random_json(rnd, 2))
        else:
            rec[i] = _perturb_record(rnd, rec[i], depth + 1)
        return rec
    return _random_json(rnd, 3)


def gen_batch(rnd: random.Random) -> str:
    r = rnd.random()
    if r < 0.45:
        rec = _valid_record(rnd)
        for _ in range(rnd.randint(1, 3)):
            rec = _perturb_record(rnd, rec)
        return json.dumps(rec)
    if r < 0.65:
        return json.dumps(_random_json(rnd))
    if r < 0.85:
        return _mutate(rnd, json.dumps(_valid_record(rnd)), '{}[]":,0123456789 truefalsnul\\mps')
    if r < 0.95:
        return _random_bytes_text(rnd, rnd.randint(0, 80))
    return rnd.choice(["[" * 100_000, '{"a":' * 50_000, '"' + "x" * 200_000 + '"', "[" * 5000 + "]" * 5000])


GOOD_PREDICATES = [
    "size(chows) >= 1",
    "each a, b in chows where suit(a) == suit(b) and rank(b) == rank(a) + 3",
    "all(t in tiles: rank(t) in (1, 9)) and size(pungs) == 4",
    "count(s in sets: suit(s) == 1) >= 2 or not any(t in tiles: t == 5m)",
    "min(t in tiles: rank(t)) + max(t in tiles: rank(t)) * 2 != 7",
    "(self_drawn and -1 < 0) or (E in tiles)",
]
PRED_ALPHABET = "abcdefghijklmnopqrstuvwxyz_ ()[],:=!<>+-*#\n0123456789mpsESWNCFP'\"&|/{}"
PRED_WORDS = ["and", "or", "not", "in", "each", "where", "all(", "any(", "count(", "min(", "max(", ")", "(", ",", ":",
              "==", "<=", "+", "-", "*", "1", "5m", "E", "x", "tiles", "chows"] + sorted(REGISTRY)[:40]


def gen_predicate(rnd: random.Random) -> str:
    r = rnd.random()
    if r < 0.4:
        return _mutate(rnd, rnd.choice(GOOD_PREDICATES), PRED_ALPHABET)
    if r < 0.7:
        return " ".join(rnd.choice(PRED_WORDS) for _ in range(rnd.randint(1, 25)))
    if r < 0.8:
        return "".join(rnd.choice(PRED_ALPHABET) for _ in range(rnd.randint(0, 60)))
    if r < 0.9:
        n = rnd.choice([10, 39, 40, 41, 100, 1000])
        op = rnd.choice([("(", ")"), ("not ", ""), ("-", ""), ("size(", ")"), ("all(t in tiles: ", ")")])
        return op[0] * n + "1 > 0" + op[1] * n
    if r < 0.95:
        return rnd.choice(GOOD_PREDICATES) + " and " + " and ".join([rnd.choice(GOOD_PREDICATES)] * rnd.randint(1, 400))
    return _random_bytes_text(rnd, rnd.randint(0, 80))


GOOD_FAN_YAML = (
    "number: 1\nname_zh: 甲\nname_en: A\nvalue: 1\ndescription: d\npredicate: size(chows) >= 1\n"
    "excludes: [2]\nexamples:\n  - hand: 123m456m789m123p5p5p\n    count: 1\n"
)
YAML_ALPHABET = ":-[]{}|>&*!%@`'\"#?,\n  \tabcxyz0123456789."


def gen_yaml(rnd: random.Random) -> str:
    r = rnd.random()
    if r < 0.45:
        return _mutate(rnd, GOOD_FAN_YAML, YAML_ALPHABET)
    if r < 0.6:
        return "#ruleset\n" + _mutate(rnd, RULESET_HEAD + "extends: mcr\ndisable: [1, 大四喜, x]\n", YAML_ALPHABET)
    if r < 0.75:
        tag = rnd.choice(["!!python/object/apply:os.system ['true']", "!!binary aGk=", "!!set {a}", "!foo x",
                          "&a [*a]", "*nope", "!!omap [a: 1]", "!!timestamp 2001-01-01", "!!float .nan"])
        key = rnd.choice(["name_zh", "value", "predicate", "excludes", "examples", "number", "bonus"])
        return GOOD_FAN_YAML.replace(f"{key}:", f"{key}: {tag}\nold_{key}:", 1)
    if r < 0.85:
        n = rnd.choice([5, 20, 21, 50, 1000])
        kind = rnd.choice([("[", "]"), ("{a: ", "}")])
        return GOOD_FAN_YAML + "description2: " + kind[0] * n + kind[1] * n + "\n"
    if r < 0.9:
        return "".join(rnd.choice(YAML_ALPHABET) for _ in range(rnd.randint(0, 80)))
    if r < 0.95:  # anchors and aliases, up to a billion laughs
        depth, width = rnd.randint(1, 9), rnd.randint(1, 10)
        levels = ["l0: &a0 [x, x]"] + [f"l{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]" for i in range(1, depth)]
        return _mutate(rnd, GOOD_FAN_YAML + "\n".join(levels) + "\n", YAML_ALPHABET + "&*")
    return _random_bytes_text(rnd, rnd.randint(0, 100))


PATH_VALUES = ["mcr", "../other", "../other/ruleset.yaml", "/proc/self/environ", "/dev/zero", "../../fifo.yaml", "../../secret.yaml",
               "link", "link/a/other", "link/secret.yaml", "loop.yaml", ".", "..", "/", "fans", "fans/out.yaml", "../rs", "~", "", "\x00",
               "../" * 40, "a" * 300, "C:\\Windows", "//etc", "./././ruleset.yaml"]


def gen_paths(rnd: random.Random) -> str:
    head = rnd.choice(["name: v\n", RULESET_HEAD])
    lines = [head]
    for key in rnd.sample(["extends", "fans"], rnd.randint(1, 2)):
        value = rnd.choice(PATH_VALUES)
        if rnd.random() < 0.3:
            value = _mutate(rnd, value, "./~abc*&!|>")
        lines.append(f"{key}: {json.dumps(value)}\n")
    return "".join(lines)


CACHED_PREDICATES = ["each a, b in chows where tile(a) == tile(b)", "all(t in tiles: rank(t) in (1, 9)) and self_drawn",
                     "count(p in pungs: tile(p) in dragons)"]


def _good_cache() -> dict[str, Any]:
    import tempfile

    from fanrules.dsl import cache

    with tempfile.TemporaryDirectory() as d:
        store = cache.PredicateCache(Path(d) / "c.json")
        from fanrules.dsl.checker import check
        from fanrules.dsl.compiler import generate_tabled
        from fanrules.dsl.parser import parse

        for text in CACHED_PREDICATES:
            node, _ = parse(text)
            assert node is not None
            record, tables = generate_tabled(check(node)[0])
            store.put(text, node, record, tables)
        store.save()
        return json.loads((Path(d) / "c.json").read_text(encoding="utf-8"))


def gen_cache(rnd: random.Random) -> str:
    r = rnd.random()
    good = _good_cache()
    if r < 0.6:
        for _ in range(rnd.randint(1, 4)):
            good = _perturb_record(rnd, good)
        if rnd.random() < 0.3:  # splice code where the compiler writes words
            text = json.dumps(good).replace('"=="', json.dumps("== __import__('os').system('touch PWNED') =="))
            return text.replace('"count"', '"__import__"')
        return json.dumps(good)
    if r < 0.8:
        return _mutate(rnd, json.dumps(good), '{}[]":,0123456789 truefalsnul\\')
    if r < 0.9:
        return json.dumps(_random_json(rnd))
    return _random_bytes_text(rnd, rnd.randint(0, 200))


def gen_diff(rnd: random.Random) -> str:
    lines = [gen_batch(rnd) if rnd.random() < 0.5 else json.dumps(_valid_record(rnd)) for _ in range(rnd.randint(0, 6))]
    sep = rnd.choice(["\n", "\r\n", "\n\n"])
    return sep.join(lines) + rnd.choice(["", "\n"])


GENERATORS: dict[str, Callable[[random.Random], str]] = {
    "hand": gen_hand, "batch": gen_batch, "predicate": gen_predicate, "yaml": gen_yaml,
    "paths": gen_paths, "cache": gen_cache, "diff": gen_diff,
}


# --- running -------------------------------------------------------------------------------------


def _save(harness: str, text: str) -> Path:
    REGRESSIONS.mkdir(exist_ok=True)
    digest = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    path = REGRESSIONS / f"new-{harness}-{digest}.txt"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


def _run(harness: str, text: str) -> None:
    try:
        CHECKS[harness](text)
    except BaseException as err:  # noqa: BLE001 - any failure is a finding
        if isinstance(err, KeyboardInterrupt):
            raise
        path = _save(harness, text)
        raise AssertionError(f"{harness} harness failed on {text[:200]!r} (saved to {path}): {err!r}") from err


# One case per harness (its name is the id): each feeds one entry point its own kind of hostile input.
@pytest.mark.parametrize("harness", list(GENERATORS))
def test_fuzz(harness: str) -> None:
    rnd = random.Random(f"{SEED}-{harness}")
    deadline = time.perf_counter() + SECONDS
    tried = 0
    while time.perf_counter() < deadline:
        _run(harness, GENERATORS[harness](rnd))
        tried += 1
    print(f"\nfuzz {harness}: {tried} inputs in {SECONDS:g} s")
    assert tried > 0


def _regression_files() -> list[Path]:
    return sorted(p for p in REGRESSIONS.glob("*.txt"))


# One case per input the fuzzer once broke something with (the file name, the id, says what broke).
@pytest.mark.parametrize("path", _regression_files(), ids=lambda p: p.name)
def test_regressions(path: Path) -> None:
    name = path.name.removeprefix("new-")
    harness = name.split("-", 1)[0]
    assert harness in CHECKS, f"{path.name}: name it <harness>-<name>.txt with harness one of {', '.join(CHECKS)}"
    CHECKS[harness](path.read_bytes().decode("utf-8", "surrogatepass"))
