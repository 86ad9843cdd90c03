"""The strength ladder: each player X of the ladder against Salasasa (the public MCR bot of
xelnagamiao/open_mahjong_unity, tests/data/salasasa, through its adapter), by duplicate under mcr.

For each X and each seed, ``fanrules.game.simulate.study`` plays WALLS walls, each four times with the
players rotated one seat (``X,X,Salasasa,Salasasa``: the four rotations are four different tables,
where ``X,Salasasa,X,Salasasa`` would play two of them twice), so a unit is a wall (four hands). The
seeds' units are pooled (their walls are independent) and X's points per hand is given with its 95%
interval over the walls; Salasasa's is its negative (the games are zero-sum between the two names).
A hand is one table played (two seats of X, two of Salasasa); the rates are per seat-hand.

Run: ``python bench/bench_ladder.py --walls 100 --seeds 1,2,3 [--players random,shanten,greedy,expert]
[--jobs 2] [--state FILE.json]``. With ``--state`` every finished (player, seed) is kept in FILE (written
through a temporary file and a rename), and a rerun measures only what is missing: a long ladder can
be stopped and taken up again. It prints the ladder as a Markdown table (docs/game.md, "Strength
ladder") and one JSON line per finished (player, seed)."""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SALASASA_DIR = ROOT / "tests" / "data" / "salasasa"
SALASASA = "salasasa_adapter:Salasasa"
RULES = "mcr"


def measure(player: str, walls: int, seed: int, jobs: int) -> dict[str, object]:
    """One (player, seed): the pooled sums a table row needs (points per unit, and the totals)."""
    from fanrules.game.simulate import run_study

    found = run_study(RULES, walls, seed=seed, players=f"{player},{player},{SALASASA},{SALASASA}", jobs=jobs, duplicate=True)
    stats = found.stats
    mine = stats.strength[player]
    totals = {}
    for name in (player, SALASASA):
        rows = [t for n, t in zip(stats.players, stats.by_player) if n == name]
        totals[name] = {k: sum(getattr(t, k) for t in rows) for k in ("hands", "points", "wins", "deal_ins", "won_points")}
    return {"player": player, "seed": seed, "walls": walls, "n": mine.n, "sum": mine.total, "squares": mine.squares, "totals": totals}


def _row(player: str, parts: list[dict[str, object]]) -> str:
    from fanrules.game.paired import Moments

    m = Moments()
    for part in parts:
        m.merge(Moments(int(part["n"]), float(part["sum"]), float(part["squares"])))  # type: ignore[arg-type]
    low, high = m.interval

    def pooled(name: str, key: str) -> int:
        return sum(int(part["totals"][name][key]) for part in parts)  # type: ignore[index]

    hands = sum(4 * int(part["walls"]) for part in parts)  # type: ignore[call-overload]  # tables: each wall four times
    cells = [f"{pooled(n, 'wins') / pooled(n, 'hands'):.1%}" for n in (player, SALASASA)]
    cells += [f"{pooled(n, 'deal_ins') / pooled(n, 'hands'):.1%}" for n in (player, SALASASA)]
    cells += [f"{pooled(n, 'won_points') / max(pooled(n, 'wins'), 1):.1f}" for n in (player, SALASASA)]
    seeds = ", ".join(f"{part['seed']} ({part['walls']})" for part in parts)
    return f"| {player} | {hands:,} | {m.mean:+.2f} [{low:+.2f}, {high:+.2f}] | " + " | ".join(cells) + f" | {seeds} |"


def table(state: dict[str, dict[str, object]], players: list[str]) -> str:
    head = ("| X | hands | X points/hand vs Salasasa, 95% interval | X win rate | Salasasa win rate | X deal-in rate "
            "| Salasasa deal-in rate | X average win | Salasasa average win | seeds (walls) |")
    lines = [head, "|" + "---|" * 10]
    for player in players:
        parts = [v for v in state.values() if v["player"] == player]
        if parts:
            lines.append(_row(player, parts))
    return "\n".join(lines)


def _save(path: Path, state: dict[str, dict[str, object]]) -> None:
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(state, out, indent=1)
    os.replace(temporary, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--walls", type=int, default=100, help="walls per seed (each played four times)")
    parser.add_argument("--seeds", default="1,2,3", help="comma separated seeds")
    parser.add_argument("--players", default="random,shanten,greedy,expert", help="the ladder's players, comma separated")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--state", type=Path, help="keep finished (player, seed) results here and reuse them")
    args = parser.parse_args()
    sys.path.insert(0, str(SALASASA_DIR))
    os.environ["PYTHONPATH"] = os.pathsep.join([str(SALASASA_DIR), os.environ.get("PYTHONPATH", "")])  # for the workers
    players = args.players.split(",")
    state: dict[str, dict[str, object]] = json.loads(args.state.read_text(encoding="utf-8")) if args.state and args.state.exists() else {}
    for seed in (int(s) for s in args.seeds.split(",")):
        for player in players:
            key = f"{player} {seed}"  # one sample a seed: its walls 0..walls-1
            if state.get(key, {}).get("walls") != args.walls:
                state[key] = measure(player, args.walls, seed, args.jobs)
                print(json.dumps(state[key]), flush=True)
                if args.state:
                    _save(args.state, state)
    print(table(state, players))


if __name__ == "__main__":
    main()
