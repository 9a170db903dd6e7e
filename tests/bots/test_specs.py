"""Bot specs (issue 39): a bot named with its budget in one word, ``monte-carlo@50ms``,
``monte-carlo@200``, ``cautious``, ``learned:PATH``; a bad spec is a typed error that says why; a
name added to ``BOT_NAMES`` later, with a count option of its own, needs nothing more."""

from __future__ import annotations

import pickle
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

import reversis
from reversis.bots import players
from reversis.bots import specs as specs_module
from reversis.bots.players import CautiousBot, MonteCarloBot, RandomBot
from reversis.bots.specs import BotSpec, parse_bot_spec
from reversis.errors import ArgumentError


@pytest.mark.parametrize(
    ("text", "name", "options", "kind"),
    [
        ("cautious", "cautious", (), CautiousBot),
        (" random ", "random", (), RandomBot),
        ("monte-carlo", "monte-carlo", (), MonteCarloBot),
        ("monte-carlo@200", "monte-carlo", (("playouts", 200),), MonteCarloBot),
        ("monte-carlo@50ms", "monte-carlo", (("millis", 50.0), ("playouts", None)), MonteCarloBot),
        ("monte-carlo@0.5s", "monte-carlo", (("millis", 500.0), ("playouts", None)), MonteCarloBot),
        ("monte-carlo@2.5ms", "monte-carlo", (("millis", 2.5), ("playouts", None)), MonteCarloBot),
    ],
)
def test_good_specs(text: str, name: str, options: tuple[Any, ...], kind: type) -> None:
    spec = parse_bot_spec(text)
    assert (spec.name, spec.options) == (name, options)
    assert str(spec) == text.strip()
    bot = spec.make(3)
    assert isinstance(bot, kind)
    for option, value in options:
        assert getattr(bot, option) == value
    assert pickle.loads(pickle.dumps(spec)) == spec  # it travels to worker processes
    hand = reversis.new_hand("hearts", seed=2)
    assert spec(1)(hand.view(hand.to_move)) in hand.legal_moves()  # type: ignore[arg-type]


def test_a_count_budget_is_deterministic_and_a_time_budget_is_the_time_alone() -> None:
    hand = reversis.new_hand("fournier-1785", seed=4)
    view = hand.view(hand.to_move)  # type: ignore[arg-type]
    spec = parse_bot_spec("monte-carlo@6")
    assert spec.make(9)(view) == spec.make(9)(view)
    timed = parse_bot_spec("monte-carlo@30ms").make(1)
    assert isinstance(timed, MonteCarloBot)
    assert (timed.playouts, timed.millis) == (None, 30.0)  # not cut short by a default count
    assert parse_bot_spec("monte-carlo@30ms").millis == 30.0
    assert parse_bot_spec("cautious").millis is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("genius", "unknown bot 'genius'"),
        ("", "unknown bot ''"),
        ("@50ms", "unknown bot ''"),
        ("Cautious", "unknown bot 'Cautious'"),
        ("monte-carlo@", "the budget after '@'"),
        ("monte-carlo@fast", "the budget after '@'"),
        ("monte-carlo@50xs", "the budget after '@'"),
        ("monte-carlo@-5", "the budget after '@'"),
        ("monte-carlo@1e3", "the budget after '@'"),
        ("monte-carlo@50 ms", "the budget after '@'"),
        ("monte-carlo@5@5", "the budget after '@'"),
        ("monte-carlo@0", "a count budget is a whole number"),
        ("monte-carlo@2.5", "a count budget is a whole number"),
        ("monte-carlo@99999999999", "a count budget is a whole number"),
        ("monte-carlo@0ms", "a time budget is more than 0"),
        ("monte-carlo@61s", "a time budget is more than 0 and at most 60000 ms"),
        ("cautious@20", "the cautious bot takes no count budget"),
        ("random@50ms", "the random bot takes no time budget"),
        ("learned:/no/such/policy.npz", "learned bot"),
        ("x" * 5000, "unknown bot"),
    ],
)
def test_bad_specs_say_why(text: str, message: str) -> None:
    with pytest.raises(ArgumentError, match=message) as caught:
        parse_bot_spec(text)
    assert len(str(caught.value)) < 300  # a long text is cut in the message


def test_a_spec_is_text() -> None:
    with pytest.raises(ArgumentError, match="named by text"):
        parse_bot_spec(7)  # type: ignore[arg-type]


def test_a_learned_policy_by_its_path(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    path = tmp_path / "p@1.npz"  # '@' in a path is the file's name, not a budget
    rng = np.random.default_rng(0)
    np.savez(path, w1=rng.random((3, 2)), b1=np.zeros(2), w2=rng.random((2, 4)), b2=np.zeros(4),
             profile="hearts")  # fmt: skip
    spec = parse_bot_spec(f"learned:{path}")
    assert spec.name == f"learned:{path}"
    assert spec.options == ()
    assert spec.make().path == str(path)  # type: ignore[attr-defined]


@attrs.define
class _Search:
    """A bot added later, whose count is ``iterations=`` (as the tree search's)."""

    rng: random.Random
    iterations: int | None = 10
    millis: float | None = None

    def __call__(self, view: Any) -> Any:
        return view.legal_moves[0]


def test_a_name_added_to_the_list_later_needs_nothing_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = players.make_bot

    def make_bot(name: str, seed: int | None = None, **options: Any) -> Any:
        if name == "search":
            return _Search(random.Random(seed), **options)
        return made(name, seed, **options)

    monkeypatch.setattr(players, "BOT_NAMES", (*players.BOT_NAMES, "search"))
    monkeypatch.setattr(specs_module, "make_bot", make_bot)
    assert parse_bot_spec("search@300").options == (("iterations", 300),)
    timed = parse_bot_spec("search@40ms")
    assert timed.options == (("iterations", None), ("millis", 40.0))
    bot = timed.make(1)
    assert isinstance(bot, _Search)
    assert (bot.iterations, bot.millis) == (None, 40.0)
    assert parse_bot_spec("search").make(0).iterations == 10  # type: ignore[attr-defined]
    monkeypatch.setattr(players, "BOT_NAMES", players.BOT_NAMES[:-1])
    with pytest.raises(ArgumentError, match="unknown bot 'search'"):
        parse_bot_spec("search@300")


def test_a_spec_made_by_hand_makes_its_bot() -> None:
    spec = BotSpec("monte-carlo", (("playouts", 3),), "mc3")
    assert str(spec) == "mc3"
    bot = spec.make(1)
    assert isinstance(bot, MonteCarloBot)
    assert (bot.playouts, bot.millis, bot.rng.random()) == (3, None, random.Random(1).random())
