"""Game loops shared by the computer-player tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.president import EXCHANGE, PLAY, Give, Options, President
from engine.president.ai import Player, exchange_due, make_player


def check_decision(game: President, player: int, decision: object) -> None:
    """Fail unless ``decision`` is legal for ``player`` now (before applying)."""
    obs = game.observation(player)
    if game.phase == PLAY:
        assert decision in obs.legal, (decision, obs.legal)
    else:
        assert game.phase == EXCHANGE
        assert isinstance(decision, Give), decision
        due = exchange_due(obs)
        assert due == game.pending[0][2] and len(decision.cards) == due
        held = Counter(obs.hand)
        assert all(held[c] >= k for c, k in Counter(decision.cards).items())


def play_game(
    options: Options,
    lineup: Sequence[str],
    seed: int,
    *,
    max_rounds: int = 3,
) -> President:
    """A whole game (at most ``max_rounds`` rounds) between computer players,
    every decision checked for legality and applied through the validating
    ``apply``."""
    game = President.new_game(options, seed=seed)
    bots: list[Player] = [make_player(lineup[p % len(lineup)], seed + p) for p in range(game.n)]
    while not game.is_over:
        if game.phase not in (PLAY, EXCHANGE):
            if game.round_number >= max_rounds:
                break
            game.start_round()
            continue
        p = game.current_player
        assert p is not None
        decision = bots[p].decide(game.observation(p))
        check_decision(game, p, decision)
        game.apply(decision, p)
    return game
