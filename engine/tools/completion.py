"""``fanrules completion bash|zsh|fish``: a shell completion script, written from the command line's own
parser (every command, its options, the shipped rule sets for ``--rules`` and ``--against``, the player
kinds for ``--players`` and ``--player``, every other option's choices), so that
it never lists an option the program does not have. No completion package to install: the script is
static, and ``eval "$(fanrules completion bash)"`` in a shell's start-up file loads it."""
from __future__ import annotations

import argparse
import shlex
from typing import Any

from ..core.context import FACTS
from ..core.tiles import WIND_CODES
from ..ruleset import shipped_rulesets

#: The options whose value is a rule set: completed with the shipped names (and files).
RULE_OPTIONS = ("--rules", "--against")
#: The options whose value names players: completed with the built-in kinds.
PLAYER_OPTIONS = ("--players", "--player", "--reviewer")
#: The options of a wind of the context (``--seat-wind``, ``--round``, ...): completed with E S W N.
WIND_OPTIONS = frozenset(flag for f in FACTS if f.kind == "wind" for flag in (f.flag, *f.flags))


def choices(parser: argparse.ArgumentParser, players: list[str]) -> dict[str, list[str]]:
    """The values each command's options take (``"simulate --backend"``: local, ray): an option's
    ``choices``, and the player kinds for the options that name players."""
    out: dict[str, list[str]] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                nested = [a for a in sub._actions if isinstance(a, argparse._SubParsersAction)]
                parsers = [(f"{name} {n}", p) for n, p in nested[0].choices.items()] if nested else [(name, sub)]
                for command, p in parsers:
                    for a in p._actions:
                        for option in a.option_strings:
                            if option in PLAYER_OPTIONS:
                                out[f"{command} {option}"] = players
                            elif option in WIND_OPTIONS:
                                out[f"{command} {option}"] = list(WIND_CODES)
                            elif a.choices is not None and option.startswith("--"):
                                out[f"{command} {option}"] = [str(c) for c in a.choices]
    return out


def commands(parser: argparse.ArgumentParser) -> dict[str, list[str]]:
    """Every command (``rules show`` as ``rules``'s subcommand) with its options, in the parser's order."""
    out: dict[str, list[str]] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                nested = [a for a in sub._actions if isinstance(a, argparse._SubParsersAction)]
                if nested:
                    out[name] = list(nested[0].choices)
                    out.update({f"{name} {n}": _options(p) for n, p in nested[0].choices.items()})
                else:
                    out[name] = _options(sub)
    return out


def _options(parser: argparse.ArgumentParser) -> list[str]:
    return [s for a in parser._actions for s in a.option_strings if s.startswith("--")]


def bash(table: dict[str, list[str]], rulesets: list[str], values: dict[str, list[str]] | None = None) -> str:
    """A bash function completing commands, each command's options, the rule sets' names and the values
    of the options that have them (zsh loads it through bashcompinit)."""
    top = " ".join(c for c in table if " " not in c)
    cases = "\n".join(f"        {shlex.quote(c)}) opts={shlex.quote(' '.join(o))} ;;" for c, o in table.items())
    valued = "\n".join(f"        {shlex.quote(c)}) COMPREPLY=($(compgen -W {shlex.quote(' '.join(v))} -- \"$cur\")); return ;;"
                       for c, v in (values or {}).items())
    return f"""\
_fanrules() {{
    local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}} cmd=${{COMP_WORDS[1]}} opts=""
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "{top} --version --help" -- "$cur")); return
    fi
    case "$cmd $prev" in
{valued}
    esac
    case "$prev" in
        {'|'.join(RULE_OPTIONS)}) COMPREPLY=($(compgen -W "{' '.join(rulesets)}" -- "$cur") $(compgen -d -- "$cur")); return ;;
    esac
    if [ "$COMP_CWORD" -ge 3 ] && [ -n "${{COMP_WORDS[2]}}" ] && [[ ${{COMP_WORDS[2]}} != -* ]]; then
        case "$cmd ${{COMP_WORDS[2]}}" in
{cases}
        esac
    fi
    if [ -z "$opts" ]; then
        case "$cmd" in
{cases}
        esac
    fi
    if [[ $cur == -* ]] || {{ [ "$COMP_CWORD" -eq 2 ] && [ -n "$opts" ] && [[ $opts != -* ]]; }}; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}}
complete -o filenames -F _fanrules fanrules
"""


def zsh(table: dict[str, list[str]], rulesets: list[str], values: dict[str, list[str]] | None = None) -> str:
    return "autoload -U +X bashcompinit && bashcompinit\n" + bash(table, rulesets, values)


def fish(table: dict[str, list[str]], rulesets: list[str], values: dict[str, list[str]] | None = None) -> str:
    """fish's ``complete`` lines: the commands first, then each command's options."""
    top = [c for c in table if " " not in c]
    lines = [f"complete -c fanrules -n __fish_use_subcommand -f -a {shlex.quote(' '.join(top))}",
             "complete -c fanrules -n __fish_use_subcommand -l version"]
    for command, options in table.items():
        if any(key.startswith(command + " ") for key in table):  # a command of commands (rules): their names
            lines.append(f"complete -c fanrules -n '__fish_seen_subcommand_from {command}' -f -a {shlex.quote(' '.join(options))}")
            continue
        first, _, second = command.partition(" ")
        condition = f"__fish_seen_subcommand_from {second}; and __fish_seen_subcommand_from {first}" if second \
            else f"__fish_seen_subcommand_from {command}"
        for option in options:
            taken = rulesets if option in RULE_OPTIONS else (values or {}).get(f"{command} {option}")
            given = f" -r -a {shlex.quote(' '.join(taken))}" if taken else ""
            lines.append(f"complete -c fanrules -n {shlex.quote(condition)} -l {option[2:]}{given}")
    return "\n".join(lines) + "\n"


SHELLS = {"bash": bash, "zsh": zsh, "fish": fish}


def run(args: argparse.Namespace) -> int:
    from ..game.players import PLAYERS
    from .cli import build_parser

    parser = build_parser()
    print(SHELLS[args.shell](commands(parser), shipped_rulesets(), choices(parser, sorted(PLAYERS))), end="")
    return 0


def register(sub: Any) -> None:
    """Add ``fanrules completion``."""
    p = sub.add_parser("completion", help="print a shell completion script (bash, zsh or fish)",
                       description='load it with: eval "$(fanrules completion bash)" (zsh alike; fish: fanrules completion fish | source)')
    p.add_argument("shell", choices=tuple(SHELLS), help="the shell")
    p.set_defaults(run=run)
