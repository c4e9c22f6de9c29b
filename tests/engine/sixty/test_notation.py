"""Notation, options schema, records, the registry and ``python -m engine replay``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.__main__ import main as engine_main
from engine.errors import NotationError, RecordError
from engine.game import game_type, load_record
from engine.sixty import GAME_TYPE, Card, Decision, Sixty, parse_cards, parse_decision, preset
from engine.sixty.cards import FACES

decisions = st.one_of(
    st.builds(
        Decision,
        st.sampled_from(["attack", "pass", "fight"]),
        st.sampled_from(FACES),
        st.integers(1, 20),
    ),
    st.builds(lambda f: Decision("joker", f, 1), st.sampled_from([61, 62, 63])),
    st.just(Decision("take")),
)


@given(decisions)
def test_decisions_round_trip(d: Decision) -> None:
    assert parse_decision(str(d)) == d
    assert GAME_TYPE.parse_decision(str(d)) == d


def test_cards_round_trip_and_read_names() -> None:
    for c in Card:
        assert Card.parse(str(c)) == c
    assert parse_cards("3 30 abracadabra hocus-pocus zap") == (
        Card.THREE,
        Card.THIRTY,
        Card.ABRACADABRA,
        Card.HOCUS_POCUS,
        Card.ZAP,
    )
    assert str(parse_decision("attack 4")) == "attack 4x1"


@pytest.mark.parametrize("text", ["attack", "attack 7x1", "pass 4x0", "joker 4", "hop", "take 3"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_decision(text)


def test_the_game_type_describes_sixty() -> None:
    assert game_type("sixty") is GAME_TYPE
    assert GAME_TYPE.lower_is_better and GAME_TYPE.default_preset == "standard"
    assert {s.name for s in GAME_TYPE.option_schema} >= {"players", "tiebreak", "voluntary_take"}
    assert all(len(s.help) <= 100 for s in GAME_TYPE.option_schema)
    opts = GAME_TYPE.make_options("standard", {"players": 3})
    assert GAME_TYPE.options_from_dict(opts.to_dict()) == opts
    assert GAME_TYPE.option("tiebreak").parse("shared") == "shared"


def _finished_game(seed: int = 4) -> Sixty:
    g = Sixty.new_game(preset("standard", players=3), seed)
    while not g.is_terminal():
        if g.is_round_over():
            g.start_round()
        else:
            g.apply(g.default_decision())
    return g


def test_the_record_holds_every_deal_and_decision_in_the_shared_envelope() -> None:
    g = _finished_game()
    data = json.loads(g.record().to_json())
    assert data["game"] == "sixty" and data["format"] == "sixty-record"
    assert len(data["rounds"]) == g.round_number
    first = data["rounds"][0]
    assert len(first["hands"]) == 3 and len(first["deck"].split()) == 83 - 15
    assert all(isinstance(p, int) and isinstance(t, str) for p, t in first["decisions"])
    again = load_record(g.record().to_json())
    assert again.to_json() == g.record().to_json()


def test_a_state_stored_without_its_record_needs_it() -> None:
    g = Sixty.new_game(preset("standard"), 2)
    g.apply(g.default_decision())
    text = g.to_json(include_record=False)
    assert json.loads(text)["record"] is None
    with pytest.raises(RecordError):
        Sixty.from_json(text)
    back = GAME_TYPE.from_json(text, g.record())
    assert back == g
    back.apply(back.default_decision())  # the copy appends to its own record
    assert len(g.record().rounds[0].decisions) == 1


def test_replay_prints_every_decision_and_the_outcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = _finished_game()
    path = tmp_path / "game.json"
    path.write_text(g.record().to_json())
    assert engine_main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("record: Sixty, 3 players")
    outcome = g.outcome()
    assert outcome is not None
    assert f"winners {list(outcome.winners)}" in out


def test_replay_stops_at_an_illegal_decision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(_finished_game().record().to_json())
    player, _ = data["rounds"][0]["decisions"][0]
    data["rounds"][0]["decisions"][0] = [player, "attack 30x5"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert engine_main(["replay", str(path)]) == 1
    assert "ILLEGAL" in capsys.readouterr().out
