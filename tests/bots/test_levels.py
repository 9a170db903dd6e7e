"""Levels for people (issue 39): easy, medium and hard in one table, each a bot spec, words and
the time a move; the default said and reasoned; in the terminal (``play --level``)."""

from __future__ import annotations

import time

import pytest

import reversis
from reversis.bots.levels import DEFAULT_LEVEL, LEVEL_NAMES, LEVELS, get_level, level_bot
from reversis.bots.players import CautiousBot, RandomBot
from reversis.bots.search import ISMCTSBot
from reversis.bots.specs import parse_bot_spec
from reversis.errors import ArgumentError


def test_the_levels_table() -> None:
    assert LEVEL_NAMES == ("easy", "medium", "hard")
    assert DEFAULT_LEVEL in LEVEL_NAMES
    assert DEFAULT_LEVEL == "medium"
    for level in LEVELS:
        parse_bot_spec(level.spec)  # each names a bot that exists
        assert level.words
        assert level.move_time
        assert level.title
        assert level.describe().startswith(level.title)
        assert level.to_dict()["name"] == level.name
    assert isinstance(level_bot("easy", 1), RandomBot)
    assert isinstance(level_bot("medium", 1), CautiousBot)
    hard = level_bot("hard", 1)
    assert isinstance(hard, ISMCTSBot)
    # The strongest within about half a second a move, and its words say its time.
    millis = get_level("hard").bot_spec().millis
    assert millis is not None
    assert millis <= 500
    assert f"{millis / 1000:g} s" in get_level("hard").move_time
    with pytest.raises(ArgumentError, match="unknown level 'expert': choose easy, medium or hard"):
        get_level("expert")


def test_the_hard_level_keeps_its_time_and_plays_legally() -> None:
    hand = reversis.new_hand("fournier-1785", seed=3)
    bot = level_bot("hard", 2)
    seat = hand.to_move
    assert seat is not None
    while len(hand.legal_moves()) < 2:  # a move with a choice, where the bot thinks
        hand = hand.apply(hand.legal_moves()[0])
        seat = hand.to_move
        assert seat is not None
    start = time.perf_counter()
    move = bot(hand.view(seat))
    took = time.perf_counter() - start
    assert move in hand.legal_moves()
    millis = get_level("hard").bot_spec().millis
    assert millis is not None
    assert took < millis / 1000 + 0.5  # its budget, with a margin for a busy machine


def test_the_module_says_why_the_default() -> None:
    import reversis.bots.levels as levels

    assert levels.__doc__ is not None
    assert "default" in levels.__doc__
    assert "enjoy" in levels.__doc__


def test_a_level_parses_its_spec_when_it_is_made() -> None:
    """A level's bot spec is read once, when the level is made: a wrong one fails there (not at
    the first table that seats its bots), and every bot made from it is a new one."""
    level = reversis.bots.levels.Level(
        "quick", "ismcts@25", "Quick", "they search a little", "at once"
    )
    assert level.bot_spec() == parse_bot_spec("ismcts@25")
    assert level.bot_spec() is level.bot_spec()
    assert level.bot_spec().make(1) is not level.bot_spec().make(1)
    assert level == reversis.bots.levels.Level(
        "quick", "ismcts@25", "Quick", "they search a little", "at once"
    )
    assert "_parsed" not in level.to_dict()
    with pytest.raises(ArgumentError, match="unknown bot 'clever'"):
        reversis.bots.levels.Level("bad", "clever", "Bad", "they do not exist", "never")
