"""Crazy Eights, written on the engine kit to measure what a new game of this
size costs (``game.py``); the conformance suite plays it like every game."""
