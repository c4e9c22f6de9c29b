"""Command line: ``python -m engine replay RECORD.json`` and ``python -m engine play``.

The only module of the engine (with ``engine.terminal``) that does I/O.
``replay`` prints every decision of a game record with its legality and the
outcome, and exits 1 at the first illegal decision (2 for an unreadable
record): attach its output to bug reports.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .errors import RecordError
from .president import Record, replay_iter


def _replay(path: str, out: _Out) -> int:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        record = Record.from_json(text)
    except (OSError, RecordError) as exc:
        out(f"cannot read {path}: {exc}")
        return 2
    out(
        f"record: {len(record.rounds)} round(s), {record.options.players} players, "
        f"preset {record.options.preset}"
    )
    last_round = 0
    state = None
    try:
        for state, rnd, player, decision, error in replay_iter(record):
            if rnd != last_round:
                out(f"-- round {rnd} --")
                last_round = rnd
            if error is not None:
                out(f"round {rnd}: player {player} {decision}: ILLEGAL: {error}")
                return 1
            out(f"round {rnd}: player {player} {decision}: ok")
            if (
                state.results
                and state.phase in ("round_over", "game_over")
                and (state.results[-1].round_number == rnd)
            ):
                r = state.results[-1]
                order = ", ".join(f"{pos + 1}. player {p}" for pos, p in enumerate(r.order))
                out(f"round {rnd} over: {order}; totals {list(r.totals)}")
    except RecordError as exc:
        out(f"record is inconsistent: {exc}")
        return 1
    if state is None:
        out("no decisions in the record")
        return 0
    outcome = state.outcome()
    if outcome is None:
        out(
            f"game in progress: round {state.round_number}, {state.phase}, "
            f"player {state.current_player} to act"
        )
    else:
        out(
            f"game over after {outcome.rounds} round(s): winners {list(outcome.winners)}, "
            f"totals {list(outcome.totals)}"
        )
    return 0


class _Out:
    def __call__(self, line: str) -> None:
        print(line)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "play":
        from .terminal import main as play_main

        return play_main(args[1:])
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and check every decision")
    rp.add_argument("record", help="path to a record .json file, or - for standard input")
    sub.add_parser("play", help="play in the terminal (see python -m engine play --help)")
    ns = parser.parse_args(args)
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
