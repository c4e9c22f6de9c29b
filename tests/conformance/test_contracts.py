"""Every registered game, and the take-away test game, against the contracts
the table runtime, the storage and the computer workers rely on.

A new game that breaks one is told which contract and where: each failure
names the game, preset, player count, seed and the decision number.

Contracts checked by random playouts (seeds from Hypothesis: a few a case, fewer
in CI, many with ``HYPOTHESIS_PROFILE=thorough``; ``tests/sizes.py``):

- a game plays to its end by legal decisions, and the current player is
  ``None`` exactly when no decision is expected;
- everything ``legal_actions`` offers ``apply`` accepts; a candidate taken
  from another game that ``apply`` accepts is among the legal decisions;
- a refused decision (illegal, or by the wrong player) raises an
  ``IllegalDecision`` and leaves the state unchanged (same ``to_json``);
- the timeout decision is legal;
- decision notation round-trips (``parse(str(d)) == d``);
- the state's JSON, with and without its record, and the record round-trip;
- a replay of the record ends at the final state;
- resuming from a snapshot taken at any decision, plus the decisions stored
  after it, reaches the same final state;
- round results are places in standard competition ranking (ties share the
  best place, the next place skips), totals add up, and the outcome agrees;
- a player's observation does not depend on the cards that player cannot
  see: dealing those cards again (``redeal_unseen``, from the kit) leaves
  the observation equal;
- every computer level answers with a legal decision within the CPU time
  its game declares for it (``GameType.level_seconds``, checked with room to
  spare: CI is two busy cores), and observations pickle (they travel to the
  computer workers);
- two decisions are compared by the game's ``GameType.decision_key``.
"""

from __future__ import annotations

import importlib
import pickle
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import GameType, IllegalDecision, game_types
from tests.sizes import sized


def games_in_tests() -> tuple[GameType, ...]:
    """The games written in ``tests/<name>/game.py`` (take-away, Crazy Eights):
    a new one joins the suite by existing, like an engine package."""
    found = []
    for path in sorted(Path(__file__).parents[1].glob("*/game.py")):
        module = importlib.import_module(f"tests.{path.parent.name}.game")
        game = getattr(module, "GAME_TYPE", None)
        if isinstance(game, GameType):
            found.append(game)
    return tuple(found)


GAMES: tuple[GameType, ...] = (*game_types(), *games_in_tests())

# A playout stops checking after this many decisions of a round, so that a long
# game stays cheap; the round then plays on without checks to its end.
CHECKED_PER_ROUND = 60
# Games per case: 33 cases keep CI to a few seeds each; the thorough profile
# plays as many as it is told.
EXAMPLES = sized(6, ci=3, thorough=1000)
# Rounds a conformance game is cut to when the game has a length option.
LENGTH_OPTIONS = ("rounds", "deals")


@dataclass(frozen=True)
class Case:
    game: GameType
    preset: str
    players: int

    def __str__(self) -> str:
        return f"{self.game.name}-{self.preset}-{self.players}p"


def cases() -> Iterator[Case]:
    for game in GAMES:
        for name, preset in game.presets.items():
            counts = {preset.min_players, preset.default_players, preset.max_players}
            for players in sorted(counts):
                yield Case(game, name, players)


CASES = list(cases())


def options(case: Case) -> Any:
    overrides: dict[str, Any] = {"players": case.players}
    for spec in case.game.option_schema:
        # two rounds show every round boundary while keeping the playout short
        if spec.name in LENGTH_OPTIONS and spec.kind == "int":
            overrides[spec.name] = max(2, spec.minimum or 1)
    try:
        return case.game.make_options(case.preset, overrides)
    except ValueError:
        return case.game.make_options(case.preset, {"players": case.players})


def legal(state: Any) -> list[Any]:
    return list(state.legal_actions())


def offered(game: GameType, decision: Any, moves: list[Any]) -> bool:
    key = game.decision_key
    return decision in moves or key(decision) in {key(m) for m in moves}


def where(case: Case, seed: int, step: int, what: str) -> str:
    return f"{case} seed {seed}, decision {step}: {what}"


def candidate_pool(case: Case, seed: int, rng: random.Random) -> list[Any]:
    """Decisions that were legal somewhere in another game of the same kind:
    plausible candidates, most of them illegal at any given moment."""
    state = case.game.new_game(options(case), seed + 7919)
    pool: list[Any] = []
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_round_over():
            state.start_round()
            continue
        moves = legal(state)
        pool.extend(rng.sample(moves, min(3, len(moves))))
        state.apply(rng.choice(moves), state.current_player)
    return pool


def check_refused_unchanged(
    case: Case, seed: int, step: int, state: Any, move: Any, who: Any
) -> bool:
    """Apply ``move`` for ``who`` to a copy; True when accepted. A refusal must
    be an IllegalDecision and leave the state exactly as it was."""
    before = state.to_json()
    trial = state.copy()
    try:
        trial.apply(move, who)
    except IllegalDecision:
        assert trial.to_json() == before, where(case, seed, step, f"refused {move} changed it")
        return False
    return True


def check_step(
    case: Case, seed: int, step: int, state: Any, pool: list[Any], rng: random.Random
) -> None:
    player = state.current_player
    moves = legal(state)
    assert moves, where(case, seed, step, "no legal decision for the player to act")
    for move in rng.sample(moves, min(4, len(moves))):
        parsed = case.game.parse_decision(str(move))
        assert parsed == move, where(
            case, seed, step, f"notation {move!s} reads back as {parsed!r}"
        )
        assert check_refused_unchanged(case, seed, step, state, move, player), where(
            case, seed, step, f"legal decision {move} was refused"
        )
    default = state.default_decision()
    assert offered(case.game, default, moves), where(
        case, seed, step, f"timeout decision {default} is not legal"
    )
    for cand in rng.sample(pool, min(6, len(pool))):
        if check_refused_unchanged(case, seed, step, state, cand, player):
            assert offered(case.game, cand, moves), where(
                case, seed, step, f"apply accepted {cand}, which legal_actions does not offer"
            )
    others = [p for p in range(state.n) if p != player]
    if others:
        assert not check_refused_unchanged(case, seed, step, state, moves[0], rng.choice(others)), (
            where(case, seed, step, "a decision by a player not to act was accepted")
        )


# Observations are checked at every this many decisions (a redeal rebuilds the state).
OBSERVED_EVERY = 5
# A level's declared CPU time per decision, times this, fails the contract: room
# for a slower machine, never for a level that thinks ten times too long.
TIME_CAP_FACTOR = 3.0


def check_observations(case: Case, seed: int, step: int, state: Any, rng: random.Random) -> None:
    """What a player observes must not change when the cards they cannot see
    are dealt again."""
    redeal = getattr(state, "redeal_unseen", None)
    assert redeal is not None, (
        f"{case}: states have no redeal_unseen: build the state on engine.kit.KitState"
        " (and say where hidden cards lie with unseen_zones) so observations can be checked"
    )
    players = {state.current_player, rng.randrange(state.n)} - {None}
    for p in sorted(players):
        other = redeal(p, rng)
        assert other.observation(p) == state.observation(p), where(
            case, seed, step, f"player {p}'s observation depends on cards they cannot see"
        )


def check_places(case: Case, seed: int, state: Any) -> None:
    rounds = list(state.round_results())
    assert rounds, f"{case} seed {seed}: a finished game has no round results"
    previous: list[int] | None = None  # totals may start above 0 (credits)
    for r in rounds:
        positions = list(r.positions)
        assert len(positions) == state.n and len(r.scores) == state.n
        assert all(p == sum(q < p for q in positions) for p in positions), (
            f"{case} seed {seed}: round {r.number} places {positions} are not standard"
            " competition ranking (tied players share the best place, the next skips)"
        )
        if previous is not None:
            added = [t - p for t, p in zip(r.totals, previous, strict=True)]
            assert added == list(r.scores), f"{case} seed {seed}: round {r.number} totals"
        previous = list(r.totals)
    totals = previous or []
    outcome = state.outcome()
    assert outcome is not None, f"{case} seed {seed}: terminal without an outcome"
    assert list(outcome.totals) == totals
    assert sorted(outcome.standings) == list(range(state.n))
    best = min(totals) if case.game.lower_is_better else max(totals)
    assert set(outcome.winners) == {p for p in range(state.n) if totals[p] == best}, (
        f"{case} seed {seed}: winners {outcome.winners} disagree with totals {totals}"
    )
    returns = state.returns()
    assert len(returns) == state.n


def check_round_trips(case: Case, seed: int, state: Any) -> None:
    game = case.game
    text = state.to_json()
    assert game.from_json(text).to_json() == text, f"{case} seed {seed}: state JSON"
    record = state.record()
    assert game.load_record(record.to_json()).to_json() == record.to_json(), (
        f"{case} seed {seed}: record JSON"
    )
    bare = state.to_json(include_record=False)
    again = game.from_json(bare, game.load_record(record.to_json()))
    assert again.to_json() == text, f"{case} seed {seed}: state stored without its record"


def play(case: Case, seed: int) -> None:
    rng = random.Random(seed)
    game = case.game
    pool = candidate_pool(case, seed, rng)
    state = game.new_game(options(case), seed)
    history: list[tuple[int, Any] | None] = []  # None: a round was dealt
    snapshot_at = rng.randrange(1, 80)
    snapshot: tuple[str, str, int] | None = None
    step = checked = 0
    while not state.is_terminal():
        assert step < 20_000, where(case, seed, step, "the game does not end")
        if state.is_round_over():
            assert state.current_player is None, where(
                case, seed, step, "round over, yet a player acts"
            )
            state.start_round()
            history.append(None)
            checked = 0
            continue
        if step == snapshot_at:
            snapshot = (state.to_json(include_record=False), state.record().to_json(), len(history))
        player = state.current_player
        assert player is not None, where(case, seed, step, "no player to act mid-round")
        if checked < CHECKED_PER_ROUND:
            check_step(case, seed, step, state, pool, rng)
            if checked % OBSERVED_EVERY == 0:
                check_observations(case, seed, step, state, rng)
            checked += 1
        move = rng.choice(legal(state))
        state.apply(move, player)
        history.append((player, move))
        step += 1
    assert state.current_player is None
    check_places(case, seed, state)
    check_round_trips(case, seed, state)
    final = state.to_json(include_record=False)

    steps = list(game.replay(game.load_record(state.record().to_json())))
    assert steps and all(s.error is None for s in steps), f"{case} seed {seed}: replay refused"
    assert steps[-1].state.to_json(include_record=False) == final, (
        f"{case} seed {seed}: the replay does not end at the final state"
    )

    if snapshot is not None:
        bare, record, at = snapshot
        resumed = game.from_json(bare, game.load_record(record))
        for item in history[at:]:
            if item is None:
                resumed.start_round()
            else:
                resumed.apply(item[1], item[0])
        assert resumed.to_json(include_record=False) == final, (
            f"{case} seed {seed}: resumed from decision {snapshot_at}, the game ends elsewhere"
        )


@pytest.mark.parametrize("case", CASES, ids=str)
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**31 - 1))
def test_random_playouts_keep_every_contract(case: Case, seed: int) -> None:
    play(case, seed)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("seed", [3, 11])
def test_every_computer_level_answers_legally_in_time_from_a_pickled_observation(
    game: GameType, seed: int
) -> None:
    check_levels(game, seed)


def check_levels(game: GameType, seed: int) -> None:
    rng = random.Random(seed)
    state = game.new_game(game.make_options(game.default_preset, {}), seed)
    # a position a few decisions in, where the table has something on it
    for _ in range(rng.randrange(0, 6)):
        if state.is_round_over() or state.is_terminal():
            break
        state.apply(rng.choice(legal(state)), state.current_player)
    if state.is_round_over():
        state.start_round()
    player = state.current_player
    assert player is not None
    moves = legal(state)
    obs = pickle.loads(pickle.dumps(state.observation(player)))
    for level in game.levels():
        cap = game.level_seconds.get(level)
        assert cap is not None, f"{game.name} declares no time cap for level {level!r}"
        game.make_player(level, seed + 1).decide(obs)  # tables built on first use
        started = time.process_time()
        decision = game.make_player(level, seed).decide(obs)
        spent = time.process_time() - started
        assert offered(game, decision, moves), (
            f"{game.name} level {level!r} chose {decision}, which is not legal"
        )
        assert spent <= cap * TIME_CAP_FACTOR, (
            f"{game.name} level {level!r} took {spent:.2f} s of CPU for one decision;"
            f" it declares at most {cap} s"
        )
