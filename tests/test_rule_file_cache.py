"""The on-disk cache of read rule files (fanrules/ruleset/yamlcache.py): a second load reads no YAML,
loads the same rule set, reports the same errors, and nothing forged or stale in the cache is used."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import fanrules
from fanrules.core.errors import RuleSetError
from fanrules.dsl import cache as predicates
from fanrules.ruleset import loader, yamlcache, yamlpos
from fanrules.ruleset.files import shipped_rulesets

pytestmark = pytest.mark.slow  # rule sets read from YAML again and again, fresh interpreters

BROKEN = Path(__file__).parent / "fixtures" / "broken_rules"


def _forget() -> None:
    """A fresh process's view: no rule set, no cache read yet."""
    loader._load_cached.cache_clear()
    yamlcache._cache_at.cache_clear()
    predicates._cache_at.cache_clear()


@pytest.fixture()
def fresh_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FANRULES_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("FANRULES_NO_CACHE", raising=False)
    # The shipped rule sets read from their YAML, as a checkout with an edited file reads them: an unedited
    # one loads from its document (ruleset/documents.py, tests/test_shipped_documents.py), without the cache.
    monkeypatch.setattr(loader, "shipped_document", lambda path: None)
    _forget()
    yield tmp_path
    _forget()


def _cache_path(folder: Path) -> Path:
    found = list(folder.glob("rulefiles-*.json"))
    assert len(found) == 1
    return found[0]


def _outcome(spec: str | Path) -> str:
    """What loading a rule set gives, as text: every error, or the whole rule set with its positions."""
    _forget()
    try:
        ruleset = fanrules.load_ruleset(spec)
    except RuleSetError as err:
        return f"error:\n{err}"
    fans = [(repr({k: v for k, v in vars(f).items() if k != "compiled"} if hasattr(f, "__dict__") else
                  [getattr(f, n) for n in f.__dataclass_fields__ if n != "compiled"]), f.compiled.source) for f in ruleset.fans]
    return repr(([getattr(ruleset, n) for n in ruleset.__dataclass_fields__ if n != "fans"], fans))


def test_a_second_load_reads_no_yaml(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = _outcome("mcr")
    assert _cache_path(fresh_cache).stat().st_size > 0

    def no_yaml(*args: object, **kwargs: object) -> None:
        raise AssertionError("YAML read although cached")

    monkeypatch.setattr(yamlcache, "read_yaml", no_yaml)
    assert _outcome("mcr") == first


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("name", shipped_rulesets(aliases=True))
def test_every_shipped_rule_set_loads_the_same_from_the_cache(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setenv("FANRULES_NO_CACHE", "1")
    uncached = _outcome(name)
    monkeypatch.delenv("FANRULES_NO_CACHE")
    assert _outcome(name) == uncached  # read with YAML, and kept
    assert _outcome(name) == uncached  # from the cache


@pytest.mark.parametrize("folder", sorted(p.name for p in BROKEN.iterdir() if (p / "ruleset.yaml").is_file()))
def test_errors_are_the_same_with_the_cache_warm(fresh_cache: Path, monkeypatch: pytest.MonkeyPatch, folder: str) -> None:
    """Every broken rule set's errors (file:line:col, code, message, source line, caret), whether its
    files are read with YAML or (those read without a diagnostic) come from the cache."""
    monkeypatch.setenv("FANRULES_NO_CACHE", "1")
    uncached = _outcome(BROKEN / folder)
    monkeypatch.delenv("FANRULES_NO_CACHE")
    assert _outcome(BROKEN / folder) == uncached
    assert _outcome(BROKEN / folder) == uncached


def test_a_file_with_a_diagnostic_is_never_kept(tmp_path: Path) -> None:
    files = yamlcache.FileCache(None)
    data, diagnostics = files.read("x.yaml", "a: 1\na: 2\n")
    assert diagnostics and files.entries == {}
    data, diagnostics = files.read("x.yaml", "a: 1\nb: [1, 2]\n")
    assert not diagnostics and len(files.entries) == 1


def test_an_entry_is_found_by_the_text_alone(tmp_path: Path) -> None:
    files = yamlcache.FileCache(None)
    files.read("x.yaml", "a: 1\n")
    data, _ = files.read("x.yaml", "a: 2\n")  # the file changed: read again
    assert data == {"a": 2} and len(files.entries) == 2


def _planted(fresh_cache: Path) -> tuple[Path, dict[str, object]]:
    _outcome("mcr")
    path = _cache_path(fresh_cache)
    return path, json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("forge", [
    lambda d: d.update(s=[0, 1]),                       # a position that is no position
    lambda d: d["k"][0].__setitem__(5, "python/object"),  # a tag read_yaml refuses
    lambda d: d["k"][0].__setitem__(8, {"s": [1, 1], "x": []}),  # neither a mapping nor a list
    lambda d: d["k"][0].__setitem__(0, 7),               # a key that is not text
    lambda d: d["k"][0].__setitem__(1, True),            # a line that is not a number
    lambda d: d["k"][0].__setitem__(6, "!"),             # a style YAML has not
    lambda d: d["k"][0].__setitem__(8, {"py": "os.system"}),
    lambda d: d["k"].append(d["k"][0]),                  # a key twice
    lambda d: d.clear(),
])
def test_a_forged_entry_is_dropped_and_the_file_read_again(fresh_cache: Path, forge: object) -> None:
    path, data = _planted(fresh_cache)
    expected = _outcome("mcr")
    entries = data["entries"]
    assert isinstance(entries, dict)
    for entry in entries.values():
        forge(entry["data"])  # type: ignore[operator]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert _outcome("mcr") == expected
    assert _outcome("mcr") == expected  # and the cache was rewritten


@pytest.mark.parametrize("damage", [b"", b"not JSON", b"[1, 2]", b'{"format": "fanrules rule file cache 1", "entries": 3}', b"\xff\xfe"])
def test_a_damaged_cache_is_never_fatal(fresh_cache: Path, damage: bytes) -> None:
    path, _ = _planted(fresh_cache)
    expected = _outcome("mcr")
    path.write_bytes(damage)
    assert _outcome("mcr") == expected
    assert json.loads(path.read_text(encoding="utf-8"))["entries"]


def test_non_finite_numbers_are_read_with_yaml_each_time() -> None:
    # A decimal too large for a float is infinite, which JSON cannot hold: never cached. (``.inf`` itself
    # is text in a rule file, as every YAML 1.1 number form but plain decimals: tests/test_hostile_inputs.py.)
    files = yamlcache.FileCache(None)
    data, diagnostics = files.read("x.yaml", "a: 1.0e+400\n")
    assert data == {"a": float("inf")} and not diagnostics and files.entries == {}
    for _ in range(2):  # read, then from the cache: the same text either way
        data, diagnostics = files.read("y.yaml", "a: .inf\n")
        assert data == {"a": ".inf"} and not diagnostics


def test_the_fingerprint_covers_the_reader() -> None:
    assert yamlpos.__file__ and Path(yamlpos.__file__).name == "yamlpos.py"
    assert len(yamlcache.fingerprint()) == 16


#: Modules the batch and score commands never need once the caches are warm: the predicate parser
#: (lark), YAML, the web server, the game, the settlement, temporary files.
NOT_ON_THE_SCORING_PATH = ("lark", "yaml", "http.server", "socketserver", "fanrules.dsl.parser", "fanrules.game", "fanrules.settlement",
                           "fanrules.web", "fanrules.analysis.advice", "fanrules.scoring.reach", "tempfile", "importlib.resources", "csv")


@pytest.mark.parametrize("command", [["batch", "--quiet", "--jobs", "1", "--input", "EMPTY", "--output", os.devnull],
                                     ["score", "[CCC,1]FFFPPP999s5m5m"]])
def test_the_commands_import_only_what_they_use(tmp_path: Path, command: list[str]) -> None:
    """What a command imports beyond what the same interpreter imports for ``python -c pass`` (its
    environment's own start-up, such as the .pth files of other installed packages) is on the scoring path."""
    (tmp_path / "empty.jsonl").write_bytes(b"")
    command = [str(tmp_path / "empty.jsonl") if arg == "EMPTY" else arg for arg in command]
    env = {**os.environ, "FANRULES_CACHE_DIR": str(tmp_path)}
    env.pop("FANRULES_NO_CACHE", None)
    script = ("import runpy, sys\nsys.argv = ['fanrules', *sys.argv[1:]]\ntry:\n    runpy.run_module('fanrules', run_name='__main__')\n"
              "except SystemExit as exit:\n    assert not exit.code, exit.code\nprint(' '.join(sorted(sys.modules)))")
    for _ in range(2):  # the first run fills the caches
        out = subprocess.run([sys.executable, "-c", script, *command], env=env, capture_output=True, text=True, check=True).stdout
    imported = set(out.splitlines()[-1].split())
    started = subprocess.run([sys.executable, "-c", "import sys; print(' '.join(sorted(sys.modules)))"], env=env,
                             capture_output=True, text=True, check=True).stdout.split()
    assert "fanrules.scoring.scorer" in imported and not any(m.startswith("fanrules") for m in started)
    imported -= set(started)
    assert sorted(m for m in imported if m.split(".")[0] in NOT_ON_THE_SCORING_PATH or m.startswith(NOT_ON_THE_SCORING_PATH)) == []


def test_a_quick_command_line_reads_as_the_whole_one() -> None:
    """``fanrules batch ...`` builds the parser of batch alone (tools/cli.py QUICK): the usage line still
    names every command, and the list of them is the one the whole parser has."""
    from fanrules.tools import cli

    whole = cli.build_parser()
    assert tuple(whole._subparsers._group_actions[0].choices) == cli.COMMANDS  # type: ignore[union-attr]
    for name in cli.QUICK:
        assert cli.build_parser(name).format_usage() == whole.format_usage()


@pytest.mark.parametrize("kind", ["fifo", "link", "folder"])
def test_a_cache_path_that_is_no_regular_file_is_never_read(fresh_cache: Path, tmp_path_factory: pytest.TempPathFactory, kind: str) -> None:
    expected = _outcome("mcr")
    _forget()
    path = fresh_cache / f"rulefiles-{yamlcache.fingerprint()}.json"
    path.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "link":
        secret = tmp_path_factory.mktemp("elsewhere") / "secret.json"
        secret.write_text('{"format": "fanrules rule file cache 1", "clock": 0, "entries": {}}', encoding="utf-8")
        path.symlink_to(secret)
    else:
        path.mkdir()
    assert _outcome("mcr") == expected  # read with YAML (a FIFO would hang a reader that opened it plainly)
