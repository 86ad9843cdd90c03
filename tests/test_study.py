"""Studies past one process (engine/study/): the rule set goes to the workers as bytes checked by hash,
never as a path; a study killed mid-way and rerun with --checkpoint gives the uninterrupted output and
says how many chunks it reused; a checkpoint of another study or rule set is refused, and so is a chunk
file that is not plain JSON of a chunk's result (a planted pickle never runs); --backend ray without
Ray says the one pip line."""
from __future__ import annotations

import dataclasses
import json
import os
import pickle
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from fanrules.core.errors import RuleSetError
from fanrules.game import game_rules, run_study
from fanrules.game.paired import Moments, Paired
from fanrules.game.simulate import Study, run_games, shipped
from fanrules.game.stats import Stats, Totals
from fanrules.study import BackendError, Checkpoint, CheckpointError, bundle_of, executor, folder_of
from fanrules.study.bundle import _digest
from fanrules.study.executor import RAY_INSTALL
from fanrules.tools.cli import main

MCR = Path(game_rules("mcr").ruleset.path).parent
STUDY = ["simulate", "--games", "300", "--seed", "7", "--players", "greedy", "--json", "--quiet", "--jobs", "1"]


def _copy(tmp_path: Path, name: str = "mine") -> Path:
    folder = tmp_path / name
    shutil.copytree(MCR, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def test_a_bundle_is_the_folders_bytes_and_a_damaged_one_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    bundle = bundle_of(folder)
    assert bundle.digest == bundle_of(MCR).digest  # content, not place
    assert {name for name, _ in bundle.files} >= {"ruleset.yaml", "fans/01-big-four-winds.yaml"}
    (folder / "ruleset.yaml").write_text((folder / "ruleset.yaml").read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert bundle_of(folder).digest != bundle.digest
    damaged = dataclasses.replace(bundle, files=((bundle.files[0][0], b"name: other\n"), *bundle.files[1:]))
    assert folder_of(bundle).is_dir()  # an intact bundle with the same digest came first in this process
    with pytest.raises(ValueError, match="does not match its hash"):
        folder_of(damaged)
    files = (("../escape.yaml", b"x"),)
    with pytest.raises(ValueError, match="leaves its folder"):
        folder_of(dataclasses.replace(bundle, files=files, digest=_digest(files)))


def test_a_study_runs_on_when_its_rule_set_folder_is_deleted_after_the_start(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    gone: list[bool] = []

    def delete(_: object) -> None:
        if not gone:
            shutil.rmtree(folder)
            gone.append(True)
    found = run_study(str(folder), 8, seed=3, players="greedy", jobs=2, chunk=1, progress=delete)
    assert gone and not folder.exists()
    assert found.stats.to_json() == run_study("mcr", 8, seed=3, players="greedy", jobs=1).stats.to_json()


def test_a_fresh_worker_loads_the_rule_set_from_bytes_alone(tmp_path: Path) -> None:
    """A worker process that never saw the folder (nothing cached, the folder deleted) plays from the bundle."""
    folder = _copy(tmp_path)
    bundle = shipped(str(folder))
    shutil.rmtree(folder)
    (tmp_path / "bundle.pickle").write_bytes(pickle.dumps(bundle))
    code = ("import pickle, sys; from fanrules.game.simulate import run_games; "
            "b = pickle.load(open(sys.argv[1], 'rb')); s, lines = run_games(b, 3, range(2), 'greedy', True); "
            "print(s.games, lines[0][:60])")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path / "bundle.pickle")], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("2 {") and str(folder) not in proc.stdout
    here, _ = run_games(bundle, 3, range(2), "greedy", False)
    assert here.games == 2


def _chunks(folder: Path) -> int:
    return sum(1 for name in os.listdir(folder) if name.startswith("chunk-")) if folder.exists() else 0


@pytest.mark.slow  # a study in a process killed and started again
def test_a_killed_study_reruns_from_its_checkpoint_to_the_uninterrupted_output(tmp_path: Path,
                                                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(STUDY) == 0
    whole = capsys.readouterr().out
    saved = tmp_path / "checkpoint"
    proc = subprocess.Popen([sys.executable, "-m", "fanrules", *STUDY, "--checkpoint", str(saved)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while _chunks(saved) < 3 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    out, _ = proc.communicate()
    assert proc.returncode == -signal.SIGKILL and out == b""  # killed before it printed anything
    done = _chunks(saved)
    assert 3 <= done < 30
    assert main([*STUDY, "--checkpoint", str(saved)]) == 0
    again = capsys.readouterr()
    assert again.out == whole
    assert f"reused {done} finished chunks" in again.err
    assert main([*STUDY, "--checkpoint", str(saved)]) == 0
    assert capsys.readouterr().err.count("reused 30 finished chunks") == 1


def test_a_checkpoint_of_another_study_or_rule_set_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, saved = _copy(tmp_path), tmp_path / "checkpoint"
    first = run_study(str(folder), 4, seed=1, players="greedy", chunk=2, checkpoint=str(saved))
    assert _chunks(saved) == 2
    reused: list[int] = []
    again = run_study(str(folder), 4, seed=1, players="greedy", chunk=2, checkpoint=str(saved), on_checkpoint=lambda c: reused.append(c.reused))
    assert reused == [2] and again.stats.to_json() == first.stats.to_json()
    fan = folder / "fans" / "01-big-four-winds.yaml"
    fan.write_text(fan.read_text(encoding="utf-8").replace("value: 88", "value: 80"), encoding="utf-8")
    with pytest.raises(CheckpointError, match="rules 'sha256:"):
        run_study(str(folder), 4, seed=1, players="greedy", chunk=2, checkpoint=str(saved))
    with pytest.raises(CheckpointError, match="games 4 there, 6 now"):
        Checkpoint(str(saved), {**_manifest(saved), "games": 6}, Study)
    code = main(["simulate", "--games", "4", "--seed", "2", "--rules", str(folder), "--players", "greedy", "--quiet",
                 "--checkpoint", str(saved)])
    err = capsys.readouterr().err
    assert code == 1 and "holds another study" in err and "seed 1 there, 2 now" in err and "Traceback" not in err


class _Gadget:
    """Unpickling this runs a command: what a planted pickle does."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return os.system, (f"touch {self.marker}",)


@pytest.mark.slow  # the whole suite runs it; the fast loop stays under three minutes
def test_a_chunk_file_that_is_not_a_saved_chunk_is_run_again_with_a_notice_and_never_counted(tmp_path: Path,
                                                                                             capsys: pytest.CaptureFixture[str]) -> None:
    saved, marker = tmp_path / "checkpoint", tmp_path / "ran"
    run = ["simulate", "--games", "20", "--seed", "1", "--players", "greedy", "--json", "--quiet", "--checkpoint", str(saved)]
    assert main(run) == 0
    whole = capsys.readouterr().out
    chunk = saved / "chunk-0.json"
    assert sorted(os.listdir(saved)) == ["chunk-0.json", "chunk-1.json", "study.json"]
    good = chunk.read_text(encoding="utf-8")
    wrong_type = json.loads(good)
    wrong_type["result"]["stats"]["games"] = "10"
    extra_field = json.loads(good)
    extra_field["result"]["stats"]["code"] = "import os"
    bad_key = json.loads(good)
    bad_key["result"]["stats"]["fans"] = [["8", 1]]
    planted: list[bytes] = [pickle.dumps(_Gadget(marker)), pickle.dumps(json.loads(good), protocol=0), b'{"result": [',
                            b"[]", json.dumps({"result": wrong_type["result"]}).encode(), json.dumps(wrong_type).encode(),
                            json.dumps(extra_field).encode(), json.dumps(bad_key).encode()]
    for content in planted:
        chunk.write_bytes(content)
        assert main(run) == 0
        captured = capsys.readouterr()
        assert captured.out == whole and "Traceback" not in captured.err  # the chunk run again: the same study
        notices = [line for line in captured.err.splitlines() if "chunk-0.json is not a saved chunk" in line]
        assert len(notices) == 1 and notices[0].endswith("running it again"), captured.err
        assert not marker.exists()
    chunk.write_text(good, encoding="utf-8")
    assert main(run) == 0
    assert capsys.readouterr().out == whole


def test_a_study_with_every_field_filled_comes_back_from_its_chunk_file_equal(tmp_path: Path) -> None:
    def stats(name: str) -> Stats:
        filled = Stats(name, games=3, wins=2, self_drawn=1, draws=1, points=40, fans=Counter({8: 1, 48: 2}),
                       names={8: ("八", "eight"), 48: ("四八", "forty-eight")}, players=("greedy", "expert", "greedy", "expert"),
                       by_seat=[Totals(i + 1, -i, i, 1, 2, 3) for i in range(4)], by_player=[Totals(4, 5, 6, 7, 8, 9 + i) for i in range(4)],
                       strength={"greedy": Moments(3, 1.5, 2.25), "expert": Moments(3, -0.1, 0.1 ** 2)},
                       head_to_head=Moments(2, 0.3, 1 / 3), totals=Counter({8: 1, 52: 1}))
        assert all(getattr(filled, f.name) for f in dataclasses.fields(filled))
        return filled
    part = Study(stats("mcr"), stats("other"), Paired(2, {"points": Moments(2, 1 / 7, 2.0), "fan 8": Moments(2, -1.0, 1.0)}))
    saved = Checkpoint(str(tmp_path), {"study": 1}, Study)
    saved.save(0, part, ["line one", "第二"])
    again, lines = Checkpoint(str(tmp_path), {"study": 1}, Study).load(0)
    assert again == part and lines == ["line one", "第二"]
    assert type(again.stats.fans) is Counter and list(again.stats.fans) == [8, 48]
    assert type(again.stats.names[8]) is tuple and type(again.stats.players) is tuple


def _manifest(saved: Path) -> dict[str, object]:
    import json
    loaded: dict[str, object] = json.loads((saved / "study.json").read_text(encoding="utf-8"))
    return loaded


def test_the_ray_backend_without_ray_names_the_pip_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if it were not installed
    with pytest.raises(BackendError, match="pip install"):
        executor("ray", 2)
    assert main(["simulate", "--games", "2", "--backend", "ray", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert RAY_INSTALL in err and "Traceback" not in err
    with pytest.raises(BackendError, match="--backend ray"):
        executor("local", 2, "auto")


def test_a_rule_set_extending_one_by_a_path_outside_its_folder_cannot_travel(tmp_path: Path,
                                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Local workers, forked, get the loaded rule set; a cluster's would get the folder's bytes alone,
    which lack the parent: refused before any worker starts, at the rule set's file."""
    _copy(tmp_path, "base")
    (tmp_path / "child").mkdir()
    (tmp_path / "child" / "ruleset.yaml").write_text("name: child\ntitle: a child\nextends: ../base\n", encoding="utf-8")
    assert main(["simulate", "--games", "2", "--players", "greedy", "--rules", str(tmp_path / "child"), "--quiet", "--json"]) == 0
    assert '"rules": "child"' in capsys.readouterr().out
    with pytest.raises(RuleSetError) as info:
        shipped(str(tmp_path / "child"))
    assert str(info.value).startswith(f"{tmp_path / 'child' / 'ruleset.yaml'}:1:1: R013 ")
