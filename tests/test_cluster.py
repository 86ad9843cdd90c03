"""The Ray backend on a local cluster started here (``ray.init(num_cpus=2)``): simulate and batch give the
same bytes as one local process and two, and a study's workers load the rule set from its bytes even when
its folder is deleted after the start. Marked ``cluster``; skipped without Ray (pip install "fanrules[cluster]")."""
from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import batch_exit
from fanrules.game import game_rules, run_study
from fanrules.study import executor
from fanrules.study.executor import RAY_INSTALL
from fanrules.tools.cli import main

pytestmark = pytest.mark.cluster
PUBLIC = Path(__file__).parent / "data" / "public.jsonl"


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    ray = pytest.importorskip("ray", reason=f"the Ray backend needs Ray: {RAY_INSTALL}")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
    try:
        yield ray
    finally:
        ray.shutdown()


def _out(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def test_simulate_gives_the_same_json_on_one_core_two_and_a_ray_cluster(cluster: Any, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "400", "--seed", "7", "--json", "--quiet"]
    one = _out([*argv, "--jobs", "1"], capsys)
    assert one.startswith("{") and '"games": 400' in one
    assert _out([*argv, "--jobs", "2"], capsys) == one
    assert _out([*argv, "--backend", "ray"], capsys) == one


def test_batch_gives_the_same_answers_on_one_core_two_and_a_ray_cluster(cluster: Any, tmp_path: Path) -> None:
    outputs = []
    for extra in (["--jobs", "1"], ["--jobs", "2"], ["--backend", "ray"]):
        target = tmp_path / f"out-{len(outputs)}.jsonl"
        code = main(["batch", "--input", str(PUBLIC), "--output", str(target), "--quiet", *extra])
        outputs.append(target.read_bytes())
        assert code == batch_exit(outputs[-1]) == 1  # the corpus has refused lines: every line answered, exit 1
    assert outputs[0].count(b"\n") == PUBLIC.read_bytes().count(b"\n")
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]


def test_ray_workers_never_read_the_rule_set_folder(cluster: Any, tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    shutil.copytree(Path(game_rules("mcr").ruleset.path).parent, folder, ignore=shutil.ignore_patterns("__pycache__"))
    gone: list[bool] = []

    def delete(_: object) -> None:
        if not gone:
            shutil.rmtree(folder)
            gone.append(True)
    found = run_study(str(folder), 12, seed=5, players="greedy", chunk=1, progress=delete, executor=executor("ray", 2))
    assert gone and not folder.exists()
    assert found.stats.to_json() == run_study("mcr", 12, seed=5, players="greedy").stats.to_json()
