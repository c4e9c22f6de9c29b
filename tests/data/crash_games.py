"""Games for the crash test: the real engine, or a tiny stand-in with the same shape.

Both are driven through :class:`CrashGame`: a state is serialised to JSON, its record
(JSON) replays to an equal state, and finished rounds are reported by position.
``CRASH_GAME=engine|standin`` chooses; the default is the engine when it is there.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Round:
    number: int
    order: tuple[int, ...]  # players by finishing position
    titles: tuple[str, ...]  # per player
    points: tuple[int, ...]  # per player
    totals: tuple[int, ...]  # per player
    promotions: tuple[int, ...]  # per player


class CrashGame(Protocol):
    name: str
    scoring: str

    def new(self, seed: int) -> Any: ...
    def step(self, state: Any, rng: random.Random) -> None: ...
    def rounds(self, state: Any) -> list[Round]: ...
    def is_over(self, state: Any) -> bool: ...
    def winners(self, state: Any) -> tuple[int, ...]: ...
    def to_json(self, state: Any) -> str: ...
    def from_json(self, text: str) -> Any: ...
    def record_json(self, state: Any) -> str: ...
    def replay(self, record_json: str) -> Any: ...


class EngineGame:
    """The real engine (``engine.President``), classic preset, four players."""

    name = "engine"
    scoring = "classic"

    def __init__(self) -> None:
        import engine.president as engine

        self.engine = engine

    def new(self, seed: int) -> Any:
        return self.engine.President.new_game(self.engine.preset("classic"), seed=seed)

    def step(self, state: Any, rng: random.Random) -> None:
        if state.phase == self.engine.ROUND_OVER:
            state.start_round()
        else:
            state.apply(rng.choice(list(state.legal_plays())))

    def rounds(self, state: Any) -> list[Round]:
        return [
            Round(r.round_number, r.order, r.titles, r.points, r.totals, r.promotions)
            for r in state.results
        ]

    def is_over(self, state: Any) -> bool:
        return bool(state.is_over)

    def winners(self, state: Any) -> tuple[int, ...]:
        return tuple(state.winners())

    def to_json(self, state: Any) -> str:
        return str(state.to_json())

    def from_json(self, text: str) -> Any:
        return self.engine.President.from_json(text)

    def record_json(self, state: Any) -> str:
        return str(state.record().to_json())

    def replay(self, record_json: str) -> Any:
        return self.engine.replay(record_json)


class StandInGame:
    """A tiny deterministic race game with the engine's shape.

    Each decision adds 1-3 to the acting player's pile; a player reaching 10 is out
    (next position); a round ends when one player is left; the game ends after
    three rounds. The record is the seed and the list of decisions.
    """

    name = "standin"
    scoring = "classic"
    players = 4

    def new(self, seed: int) -> dict[str, Any]:
        return {
            "seed": seed,
            "decisions": [],
            "round": 1,
            "piles": [0] * self.players,
            "finished": [],
            "turn": seed % self.players,
            "results": [],
            "phase": "play",
        }

    def legal(self, s: dict[str, Any]) -> list[int]:
        return [0] if s["phase"] == "round_over" else [1, 2, 3]

    def apply(self, s: dict[str, Any], d: int) -> None:
        if d not in self.legal(s):
            raise ValueError(f"illegal decision {d}")
        s["decisions"].append(d)
        n = self.players
        if s["phase"] == "round_over":
            s.update(round=s["round"] + 1, piles=[0] * n, finished=[], phase="play")
            s["turn"] = (s["seed"] + s["round"]) % n
            return
        p = s["turn"]
        s["piles"][p] += d
        if s["piles"][p] >= 10:
            s["finished"].append(p)
        active = [q for q in range(n) if q not in s["finished"]]
        if len(active) == 1:
            s["finished"].append(active[0])
            order = s["finished"]
            pts = [0] * n
            for pos, q in enumerate(order):
                pts[q] = 2 if pos == 0 else 1 if pos == 1 else 0
            prev = s["results"][-1]["totals"] if s["results"] else [0] * n
            s["results"].append(
                {
                    "number": s["round"],
                    "order": order,
                    "points": pts,
                    "totals": [a + b for a, b in zip(prev, pts, strict=True)],
                }
            )
            s["phase"] = "over" if s["round"] >= 3 else "round_over"
            s["turn"] = None
            return
        q = (p + 1) % n
        while q in s["finished"]:
            q = (q + 1) % n
        s["turn"] = q

    def step(self, state: dict[str, Any], rng: random.Random) -> None:
        self.apply(state, rng.choice(self.legal(state)))

    def rounds(self, state: dict[str, Any]) -> list[Round]:
        titles = ["President", "Vice-President", "Vice-Scum", "Scum"]
        out = []
        for r in state["results"]:
            order = tuple(r["order"])
            out.append(
                Round(
                    r["number"],
                    order,
                    tuple(titles[order.index(p)] for p in range(self.players)),
                    tuple(r["points"]),
                    tuple(r["totals"]),
                    (0,) * self.players,
                )
            )
        return out

    def is_over(self, state: dict[str, Any]) -> bool:
        return bool(state["phase"] == "over")

    def winners(self, state: dict[str, Any]) -> tuple[int, ...]:
        totals = state["results"][-1]["totals"]
        return tuple(p for p, t in enumerate(totals) if t == max(totals))

    def to_json(self, state: dict[str, Any]) -> str:
        return json.dumps(state, sort_keys=True)

    def from_json(self, text: str) -> dict[str, Any]:
        return dict(json.loads(text))

    def record_json(self, state: dict[str, Any]) -> str:
        return json.dumps({"seed": state["seed"], "decisions": state["decisions"]})

    def replay(self, record_json: str) -> dict[str, Any]:
        record = json.loads(record_json)
        state = self.new(record["seed"])
        for d in record["decisions"]:
            self.apply(state, d)
        return state


def engine_available() -> bool:
    try:
        import engine.president as engine
    except ImportError:
        return False
    return all(hasattr(engine, a) for a in ("President", "preset", "replay", "ROUND_OVER"))


def load_game(name: str | None = None) -> CrashGame:
    name = name or os.environ.get("CRASH_GAME") or ("engine" if engine_available() else "standin")
    if name == "engine":
        return EngineGame()
    if name == "standin":
        return StandInGame()
    raise ValueError(f"unknown crash game {name!r}")
