"""The coach's words for Sixty are constants the bot can translate: the
accuracy rule is written out, so it must say the margin the coach uses."""

from __future__ import annotations

from engine.sixty import coach


def test_the_accuracy_rule_states_the_margin_the_coach_uses() -> None:
    assert f"at most {coach.MARGIN:g} points more" in coach.RULE
