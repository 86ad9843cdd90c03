"""Hostile rule sets (issue 14): crafted attacks on the loader, each loaded in a fresh process that
measures itself with ``resource``. Every one ends in a located diagnostic or a normal result, in under
2 s and under 200 MB, with no traceback and nothing of a file outside the rule set in the output."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

pytestmark = pytest.mark.slow  # each hostile rule set in a fresh process

SECONDS = 2.0
MEGABYTES = 200
SECRET = "TOPSECRET-4f1c"
HEAD = 'name: hostile\ntitle: t\nversion: "1"\ndescription: d\nminimum: 8\nsources: [x]\n'
FAN = ("number: {n}\nname_zh: 甲{n}\nname_en: Fan {n}\nvalue: 1\ndescription: d\npredicate: |\n  {p}\n"
       "examples:\n  - hand: 123m456m789m123p5p5p\n    count: 1\n  - hand: 111m456m789m123p5p5p\n    count: 0\n")

#: Runs in the child: load (and check or show) a rule set, then report what happened and what it cost.
CHILD = r"""
import json, resource, sys, time, traceback
resource.setrlimit(resource.RLIMIT_AS, (2_000_000_000, 2_000_000_000))
from fanrules.ruleset import load_ruleset
from fanrules.ruleset.lint import lint
from fanrules.core.errors import RuleSetError
from fanrules.tools import cli
import fanrules, io, contextlib
path, mode = sys.argv[1], sys.argv[2]
out = {"status": "loaded", "diagnostics": [], "text": ""}
start = time.perf_counter()
try:
    if mode == "cli":
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
            out["exit"] = cli.main(sys.argv[3:])
        out["text"] = buf.getvalue()
    else:
        rs = load_ruleset(path)
        out["fans"] = len(rs.fans)
        out["text"] = "\n".join(d.format() for d in lint(rs))
        out["total"] = fanrules.Scorer(rs).score(fanrules.parse_hand("123m456m789m123p5p5p")).total
except RuleSetError as err:
    out["status"] = "refused"
    out["diagnostics"] = [[d.file, d.line, d.column, d.code] for d in err.diagnostics]
    out["text"] = str(err)
except BaseException:
    out["status"] = "crash"
    out["text"] = traceback.format_exc()
out["seconds"] = time.perf_counter() - start
def own_peak_megabytes():
    # The peak of this process's own memory since it started: VmHWM belongs to the memory map that exec
    # made, whereas ru_maxrss carries over the peak of the (pytest) process this one was forked from.
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
out["megabytes"] = own_peak_megabytes()
print(json.dumps(out))
"""


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _fan(n: int, predicate: str = "size(chows) >= 1", **extra: str) -> str:
    return FAN.format(n=n, p=predicate) + "".join(f"{k}: {v}\n" for k, v in extra.items())


def _plain(root: Path, fan: str = "", ruleset: str = HEAD) -> Path:
    _write(root / "rs", {"ruleset.yaml": ruleset, "fans/01.yaml": fan or _fan(1)})
    return root / "rs"


def _outside_secret(root: Path) -> Path:
    secret = root / "secret" / "app.yaml"
    _write(root / "secret", {"app.yaml": f"api_key: {SECRET}\npassword: {SECRET}\n", "ruleset.yaml": f"name: {SECRET}\n"})
    return secret


# --- the crafted rule sets: each builds its folder and says what must happen ----------------------

def count_ten_million(root: Path) -> Path:
    return _plain(root, _fan(1, "10000000"))


def count_times_tiles(root: Path) -> Path:
    return _plain(root, _fan(1, "1000000 * size(tiles)"))


def billion_laughs(root: Path) -> Path:
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    levels += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    return _plain(root, _fan(1) + "\n".join(levels).replace("a0:", "x0:") + "\n")


def extends_environ(root: Path) -> Path:
    _write(root / "rs", {"ruleset.yaml": "name: v\nextends: /proc/self/environ\n"})
    return root / "rs"


def extends_app_secrets(root: Path) -> Path:
    _outside_secret(root)
    _write(root / "rs", {"ruleset.yaml": "name: v\nextends: ../secret/app.yaml\n"})
    return root / "rs"


def extends_folder_of_secrets_by_link(root: Path) -> Path:
    secret = _outside_secret(root)
    (root / "other").mkdir()
    (root / "other" / "ruleset.yaml").symlink_to(secret)
    _write(root / "rs", {"ruleset.yaml": "name: v\nextends: ../other\n"})
    return root / "rs"


def fans_everywhere(root: Path) -> Path:
    _outside_secret(root)
    _write(root / "rs", {"ruleset.yaml": "name: v\nextends: mcr\nfans: ../secret\n"})
    return root / "rs"


def fans_root(root: Path) -> Path:
    _write(root / "rs", {"ruleset.yaml": "name: v\nextends: mcr\nfans: ../../../../../../..\n"})
    return root / "rs"


def fan_is_dev_zero(root: Path) -> Path:
    path = _plain(root)
    (path / "fans" / "02.yaml").symlink_to("/dev/zero")
    return path


def fan_is_fifo(root: Path) -> Path:
    path = _plain(root)
    os.mkfifo(path / "fans" / "02.yaml")
    return path


def fan_links_to_secret(root: Path) -> Path:
    secret = _outside_secret(root)
    path = _plain(root)
    (path / "fans" / "02.yaml").symlink_to(secret)
    return path


def ruleset_links_to_itself(root: Path) -> Path:
    (root / "rs").mkdir()
    (root / "rs" / "ruleset.yaml").symlink_to("ruleset.yaml")
    return root / "rs"


def ten_megabyte_fan(root: Path) -> Path:
    return _plain(root, _fan(1).replace("description: d", "description: " + "y" * 10_000_000))


def huge_hex_value(root: Path) -> Path:
    return _plain(root, _fan(1).replace("value: 1", "value: 0x" + "f" * 5000))


def huge_decimal_number(root: Path) -> Path:
    return _plain(root, _fan(1).replace("number: 1", "number: " + "9" * 5000))


def sexagesimal_value(root: Path) -> Path:
    return _plain(root, _fan(1).replace("value: 1", "value: 1" + ":59" * 20_000))


def or_of_nested_counts(root: Path) -> Path:
    term = "count(a in tiles: count(b in tiles: count(c in tiles: a == b and b == c) > 0) > 0) > 0"
    return _plain(root, _fan(1, " or ".join([term] * 33)))


def many_costly_fans(root: Path) -> Path:
    term = "count(a in tiles: count(b in tiles: count(c in tiles: a == b and b == c) > 0) > 0) > 0"
    costly = " or ".join([term] * 3)  # 18,523 runs: within the bound of one predicate
    _write(root / "rs", {"ruleset.yaml": HEAD, **{f"fans/{n:02}.yaml": _fan(n, costly) for n in range(1, 22)}})
    return root / "rs"


def five_hundred_fans(root: Path) -> Path:
    big = "size(chows) >= 1 and " * 190 + "true"
    _write(root / "rs", {"ruleset.yaml": HEAD, **{f"fans/{n:03}.yaml": _fan(n, big.replace("true", "self_drawn")) for n in range(1, 501)}})
    return root / "rs"


def long_predicates(root: Path) -> Path:
    big = "(" + " and ".join(["size(chows) >= 1"] * 190) + ")"
    _write(root / "rs", {"ruleset.yaml": HEAD, **{f"fans/{n:03}.yaml": _fan(n, big) for n in range(1, 150)}})
    return root / "rs"


def extends_chain(root: Path) -> Path:
    _write(root, {"r0/ruleset.yaml": "name: r0\nextends: mcr\n"})
    for i in range(1, 1200):
        _write(root, {f"r{i}/ruleset.yaml": f"name: r{i}\nextends: ../r{i - 1}\n"})
    return root / "r1199"


def exclusion_chain(root: Path) -> Path:
    _write(root / "rs", {"ruleset.yaml": HEAD, **{f"fans/{n:03}.yaml": _fan(n, "size(chows) >= 1", excludes=f"[{n + 1}]" if n < 199 else "[]")
                                                  for n in range(1, 200)}})
    return root / "rs"


def name_hijacks_number(root: Path) -> Path:
    _write(root / "rs", {"ruleset.yaml": HEAD, "fans/01.yaml": _fan(1, excludes="[22]"),
                         "fans/05.yaml": _fan(5).replace("name_en: Fan 5", 'name_en: "22"'), "fans/22.yaml": _fan(22)})
    return root / "rs"


def empty_ruleset(root: Path) -> Path:
    _write(root / "rs", {"ruleset.yaml": ""})
    return root / "rs"


def terminal_escapes(root: Path) -> Path:
    fan = _fan(1).replace("name_en: Fan 1", 'name_en: "A\\e]52;c;SGVsbG8=\\a\\nfanrules: forged line"')
    return _plain(root, fan.replace("description: d", 'description: "\\e[2J\\e[31mred"'))


def python_tag(root: Path) -> Path:
    return _plain(root, _fan(1).replace("name_en: Fan 1", f"name_en: !!python/object/apply:os.system ['touch {root}/PWNED']"))


def deep_yaml(root: Path) -> Path:
    return _plain(root, _fan(1).replace("description: d", "description: " + "[" * 5000 + "]" * 5000))


def not_utf8(root: Path) -> Path:
    path = _plain(root)
    (path / "fans" / "02.yaml").write_bytes(b"number: 2\nname_zh: \xff\xfe\n")
    return path


def deep_predicate(root: Path) -> Path:
    return _plain(root, _fan(1, "(" * 1900 + "size(chows) >= 1" + ")" * 1900))


CASES: dict[str, tuple[Callable[[Path], Path], str, set[str]]] = {
    # name: (build, mode, diagnostic codes expected ("" mode: loads normally))
    "count of ten million": (count_ten_million, "load", {"P119"}),
    "count times the tiles": (count_times_tiles, "load", {"P119"}),
    "billion laughs": (billion_laughs, "load", {"R012"}),
    "extends /proc/self/environ": (extends_environ, "load", {"R013"}),
    "extends an app's secrets": (extends_app_secrets, "load", {"R013"}),
    "extends a folder whose ruleset.yaml links out": (extends_folder_of_secrets_by_link, "load", {"R015"}),
    "fans in a folder outside": (fans_everywhere, "load", {"R015"}),
    "fans at the root": (fans_root, "load", {"R015"}),
    "fan file is /dev/zero": (fan_is_dev_zero, "load", {"R015"}),
    "fan file is a FIFO": (fan_is_fifo, "load", {"R015"}),
    "fan file links to a secret": (fan_links_to_secret, "load", {"R015"}),
    "ruleset.yaml links to itself": (ruleset_links_to_itself, "load", {"R015"}),
    "ten megabyte fan file": (ten_megabyte_fan, "load", {"R010"}),
    "5000-digit hex value": (huge_hex_value, "load", {"R017"}),
    "5000-digit fan number": (huge_decimal_number, "load", {"R017"}),
    "sexagesimal value": (sexagesimal_value, "load", {"R017"}),
    "33 ORs of nested counts": (or_of_nested_counts, "load", {"P114"}),
    "21 costly fans": (many_costly_fans, "load", {"R016"}),
    "500 fans of 4 KB": (five_hundred_fans, "load", {"R016"}),
    "149 fans of 3.6 KB predicates": (long_predicates, "load", {"R016"}),
    "extends chain of 1200": (extends_chain, "load", {"R016"}),
    "exclusion chain across 199 fans": (exclusion_chain, "load", set()),
    "name_en 22 hijacks excludes [22]": (name_hijacks_number, "load", {"R005"}),
    "empty ruleset.yaml": (empty_ruleset, "load", {"R004"}),
    "terminal escapes in names": (terminal_escapes, "show", set()),
    "python tag": (python_tag, "load", {"R009"}),
    "5000 levels of YAML": (deep_yaml, "load", {"R011"}),
    "fan file not UTF-8": (not_utf8, "load", {"R000"}),
    "1900 levels of parentheses": (deep_predicate, "load", {"P009"}),
}


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A predicate cache holding MCR's predicates, shared by the cases (as a user's would be)."""
    folder = tmp_path_factory.mktemp("cache")
    env = {**os.environ, "FANRULES_CACHE_DIR": str(folder), SECRET.replace("-", "_"): SECRET}
    subprocess.run([sys.executable, "-c", "import fanrules; fanrules.load_ruleset('mcr')"], env=env, check=True, timeout=120)
    return folder


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_rule_set(name: str, tmp_path: Path, warm_cache: Path) -> None:
    build, mode, codes = CASES[name]
    path = build(tmp_path)
    argv = ["rules", "show", "--rules", str(path)] if mode == "show" else []
    env = {**os.environ, "FANRULES_CACHE_DIR": str(warm_cache), SECRET.replace("-", "_"): SECRET}
    proc = subprocess.run([sys.executable, "-c", CHILD, str(path), "cli" if argv else "load", *argv],
                          capture_output=True, text=True, timeout=60, env=env, stdin=subprocess.DEVNULL)
    assert "Traceback" not in proc.stderr and proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert out["status"] != "crash", out["text"][-3000:]
    print(f"\n{name}: {out['status']} in {out['seconds']:.2f} s, peak {out['megabytes']:.0f} MB")
    assert out["seconds"] < SECONDS, f"{name}: {out['seconds']:.2f} s"
    assert out["megabytes"] < MEGABYTES, f"{name}: {out['megabytes']:.0f} MB"
    assert SECRET not in out["text"] and "\x1b" not in out["text"] and "\x07" not in out["text"]
    assert not (tmp_path / "PWNED").exists()
    if not codes:
        assert out["status"] == "loaded" or out.get("exit") == 0, out["text"][-3000:]
        return
    assert out["status"] == "refused", out["text"][-3000:]
    found = {code for _, _, _, code in out["diagnostics"]}
    assert codes <= found, out["text"][-3000:]
    for file, line, column, _ in out["diagnostics"]:  # located: a file of the rule set, a line and a column
        assert Path(file).is_relative_to(tmp_path) and line >= 1 and column >= 1, (file, line, column)
