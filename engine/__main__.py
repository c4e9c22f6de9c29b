"""Command line: ``python -m engine replay RECORD.json``,
``python -m engine review RECORD.json --player N [--json]`` and
``python -m engine play [--game NAME] [--hints]``, for every registered game.

The only module of the engine (with each game's ``terminal``) that does I/O.
``replay`` prints every decision of a game record with its legality and the
outcome, and exits 1 at the first illegal decision (2 for a record that
cannot be read or whose deals the rules cannot produce): attach its output to
bug reports.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .errors import UnknownGame
from .game import game_type, game_types, load_record


def _replay(path: str, out: _Out) -> int:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        record = load_record(text)
    except (OSError, ValueError) as exc:
        # RecordError, and any other game's NotationError or OptionsError that
        # its loader let through: every engine error is a ValueError
        out(f"cannot read {path}: {exc}")
        return 2
    game = game_type(record.kind)
    options = getattr(record, "options", None)
    described = ""
    if options is not None:
        described = f", {options.players} players, preset {getattr(options, 'preset', '-')}"
    out(f"record: {game.title}{described}")
    last_round = 0
    state = None
    shown = 0
    try:
        for state, rnd, player, decision, error in game.replay(record):
            if rnd != last_round:
                out(f"-- round {rnd} --")
                last_round = rnd
            if error is not None:
                out(f"round {rnd}: player {player} {decision}: ILLEGAL: {error}")
                return 1
            out(f"round {rnd}: player {player} {decision}: ok")
            results = state.round_results()
            if len(results) > shown:
                shown = len(results)
                r = results[-1]
                order = sorted(range(len(r.positions)), key=lambda p: r.positions[p])
                places = ", ".join(f"{r.positions[p] + 1}. player {p}" for p in order)
                out(f"round {r.number} over: {places}; totals {list(r.totals)}")
    except ValueError as exc:
        # a deal the rules cannot produce (a card the pack has not, seats that
        # do not follow): the record is malformed, not a decision illegal
        out(f"record is inconsistent: {exc}")
        return 2
    if state is None:
        out("no decisions in the record")
        return 0
    outcome = state.outcome()
    if outcome is not None:
        rounds = f"{outcome.rounds} round{'' if outcome.rounds == 1 else 's'}"
        out(
            f"game over after {rounds}: winners {list(outcome.winners)}, "
            f"totals {list(outcome.totals)}"
        )
    elif state.current_player is None:
        # left between rounds: the next deal is not in the record
        n = state.round_number
        out(f"game in progress: round {n} is over, round {n + 1} not dealt yet")
    else:
        out(f"game in progress: round {state.round_number}, player {state.current_player} to act")
    return 0


def _review(path: str, player: int, seed: int, as_json: bool, out: _Out) -> int:
    """The coach's review of ``player``'s decisions; the last line is JSON."""
    from . import coach

    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        record = load_record(text)
    except (OSError, ValueError) as exc:
        out(f"cannot read {path}: {exc}")
        return 2
    game = game_type(record.kind)

    def progress(done: int, total: int) -> None:
        # on stderr: the review itself stays clean to pipe
        print(f"\rreviewing decision {done} of {total}", end="", file=sys.stderr, flush=True)

    try:
        result = coach.review(game, record, player, seed, None if as_json else progress)
    except ValueError as exc:
        if not as_json:
            print(file=sys.stderr)
        out(f"cannot review: {exc}")
        return 2
    if not as_json:
        print(file=sys.stderr)
        out(f"{game.title}: review of player {player}'s decisions")
        out(
            f"accuracy {result.accuracy:.0%} of {len(result.decisions)} decisions with a choice "
            f"({result.forced} with none not counted): {result.rule}"
        )
        if not result.costliest:
            out("no decision cost anything against the coach's choice")
        word = getattr(coach.hook(game).STATE, "round_word", "round")
        for i, d in enumerate(result.costliest, 1):
            out(
                f"{i}. {word} {d.round}, decision {d.number}: "
                f"you played {d.played} ({d.played_estimate}); "
                f"the coach would play {d.coach} ({d.coach_estimate}): {d.coach_reason}; "
                f"cost {d.cost:.1f} {result.unit}"
            )
    out(json.dumps(result.to_dict(), ensure_ascii=False))
    return 0


class _Out:
    def __call__(self, line: str) -> None:
        print(line)


def _split_game(args: list[str]) -> tuple[str | None, list[str]]:
    """``--game NAME`` (or ``--game=NAME``) anywhere after ``play``; None when absent."""
    rest: list[str] = []
    name: str | None = None
    it = iter(args)
    for a in it:
        if a == "--game":
            name = next(it, "")
        elif a.startswith("--game="):
            name = a.split("=", 1)[1]
        else:
            rest.append(a)
    return name, rest


DEFAULT_GAME = "president"
"""What ``python -m engine play`` without ``--game`` plays."""


def _play_help() -> str:
    """``python -m engine play --help``: the games, and where each one's options are."""
    games = [g for g in game_types() if g.terminal is not None]
    width = max(len(g.name) for g in games)
    lines = [
        "usage: python -m engine play [--game NAME] [options]",
        "",
        "Play a game in the terminal against computer players, or watch them (--watch).",
        "",
        "games (--game NAME; without it, " + game_type(DEFAULT_GAME).title + "):",
    ]
    for g in games:
        lines.append(
            f"  {g.name:<{width}}  {g.title:<10} python -m engine play --game {g.name} --help"
        )
    lines += [
        "",
        "Each game's --help lists its options. Every game takes --rules PRESET, --bots N,",
        "--level LEVEL, --watch, --delay SECONDS, --seed N, --option NAME=VALUE and",
        "--save FILE (then: python -m engine replay FILE).",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "play":
        name, rest = _split_game(args[1:])
        if name is None and ("-h" in rest or "--help" in rest):
            print(_play_help())
            return 0
        try:
            game = game_type(name or DEFAULT_GAME)
        except UnknownGame as exc:
            print(f"python -m engine play: {exc}", file=sys.stderr)
            return 2
        if game.terminal is None:
            print(f"{game.title} cannot be played in the terminal yet", file=sys.stderr)
            return 2
        return game.terminal(rest)
    names = ", ".join(g.name for g in game_types())
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record of any game and check every decision")
    rp.add_argument("record", help="path to a record .json file, or - for standard input")
    vp = sub.add_parser(
        "review",
        help="the coach's review of one player's decisions in a game record; the last line is JSON",
    )
    vp.add_argument("record", help="path to a record .json file, or - for standard input")
    vp.add_argument("--player", type=int, required=True, help="the seat to review (0 first)")
    vp.add_argument("--seed", type=int, default=0, help="the coach's random numbers (default 0)")
    vp.add_argument("--json", action="store_true", help="print only the JSON line")
    sub.add_parser(
        "play",
        help=f"play in the terminal; --game NAME chooses the game ({names}); "
        "python -m engine play --help lists them",
    )
    ns = parser.parse_args(args)
    if ns.command == "review":
        return _review(ns.record, ns.player, ns.seed, ns.json, _Out())
    return _replay(ns.record, _Out())


def _run() -> int:
    try:
        code = main()
        sys.stdout.flush()  # inside the try: a closed pipe shows here, not at exit
        return code
    except BrokenPipeError:
        # the reader went away (``| head``): stop quietly, as Unix tools do;
        # pointing stdout at devnull keeps the interpreter's final flush silent
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(_run())
