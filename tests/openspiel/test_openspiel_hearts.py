"""Differential test: the ``hearts`` profile against OpenSpiel's Hearts, move for move (hearts
spec, "Translating OpenSpiel").

Each game is played on both engines from the same deal. OpenSpiel's chance events (the pass
direction, then the 52 cards) are drawn by a seeded generator from ``legal_actions()`` (never from
``chance_outcomes()``: hearts §12.1); the library's hand is built from the dealt cards with
``deal_hand(..., dealer=3, pass_direction=...)``. At every decision the player to move and the full
sets of legal moves must agree (a held card that OpenSpiel refuses is offered to the library once
a game, which must refuse it too), and a common move chosen at random is applied to both; the hands
must agree after the pass, the points after every card and at the end, then OpenSpiel's returns
must be ``26 - points`` and ``settle(hand)`` what the spec's "Scoring as data" says.

Random play seldom reaches the rare rules, so some games are steered (the chance outcomes are still
drawn from ``legal_actions()``, and every decision is still compared): one seat is dealt a hand
that leads toward shooting the moon, leading hearts before they are broken, holding only the queen
of spades and hearts, or having only hearts and the queen on the first trick, and the seats play
by simple biased rules instead of uniformly. :func:`run` counts, per configuration, the games that
reached each rare case, and the test asserts that each case applicable to a configuration was
reached (so that the steering cannot silently stop working). ``python -m pytest
tests/openspiel/test_openspiel_hearts.py -s`` prints the counts; so does
``python benchmarks/hearts_cases.py``.

The default run plays 1,000 games per configuration (about a second each); ``CI_FULL=1`` ten
times as many.
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

import reversis
from reversis import Card, Pass, Play

if os.environ.get("REVERSIS_REQUIRE_OPENSPIEL") == "1":  # .ci/run: the test must run
    import pyspiel
else:
    pyspiel = pytest.importorskip(
        "pyspiel",
        reason="OpenSpiel is not installed: pip install -e '.[openspiel]' to compare with it",
    )

#: Games per configuration (about a second each): ten times as many under CI_FULL=1.
GAMES = 10_000 if os.environ.get("CI_FULL") == "1" else 1_000
#: Games for each of the 256 combinations of the parameters (two of each way of playing).
COMBINATION_GAMES = 120 if os.environ.get("CI_FULL") == "1" else 12

#: OpenSpiel's eight Hearts parameters and their defaults (hearts §3-§10, "Scoring as data").
DEFAULTS: dict[str, bool] = {
    "pass_cards": True,
    "no_pts_on_first_trick": True,
    "can_lead_any_club": False,
    "jd_bonus": False,
    "avoid_all_tricks_bonus": False,
    "must_break_hearts": True,
    "qs_breaks_hearts": True,
    "can_lead_hearts_instead_of_qs": False,
}

#: The configurations compared: the defaults, each parameter flipped alone, all flipped.
CONFIGS: dict[str, dict[str, bool]] = {
    "default": {},
    **{f"{name}={not value}".lower(): {name: not value} for name, value in DEFAULTS.items()},
    "all-flipped": {name: not value for name, value in DEFAULTS.items()},
}

#: OpenSpiel's pass-direction action ids (hearts §3).
DIRECTIONS = ("none", "left", "across", "right")

# Card ids (hearts, "Translating OpenSpiel"): id = 4 * rank + suit, rank 0..12 for 2..A, suit C D H S.
RANK_CODES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
CODES = tuple(RANK_CODES[c // 4] + "CDHS"[c % 4] for c in range(52))
CARDS = tuple(Card.parse(code) for code in CODES)
TWO_CLUBS, JACK_DIAMONDS, QUEEN_SPADES = 0, 37, 43
HEARTS = frozenset(c for c in range(52) if c % 4 == 2)
CLUBS = frozenset(c for c in range(52) if c % 4 == 0)
POINT_CARDS = HEARTS | {QUEEN_SPADES}
#: The library's moves to OpenSpiel's ids: a play is the card's id, a pass the id + 100.
PASS_OFFSET = 100
MOVE_IDS: dict[Any, int] = {
    **{Play(card): c for c, card in enumerate(CARDS)},
    **{Pass(card): c + PASS_OFFSET for c, card in enumerate(CARDS)},
}

#: The rare cases counted (games that reached each), with the configurations they apply to.
CASES: dict[str, Callable[[dict[str, bool]], bool]] = {
    # hearts §9: one seat won every heart and the queen of spades.
    "moon": lambda f: True,
    # hearts §9: ... and the jack of diamonds too (Omnibus: the shooter ends at -10).
    "moon_with_jd": lambda f: f["jd_bonus"],
    # hearts §9: ... and another seat won the jack of diamonds (Omnibus: that victim ends at 16).
    "moon_jd_elsewhere": lambda f: f["jd_bonus"],
    # hearts §10: a moon, and another seat won no trick (no -5 on a moon hand).
    "moon_no_trick": lambda f: f["avoid_all_tricks_bonus"],
    # hearts §10: no moon, and some seat won no trick.
    "no_trick": lambda f: True,
    # hearts §5: the holder of 2C led another club.
    "any_club_lead": lambda f: f["can_lead_any_club"],
    # hearts §5: a seat that cannot follow on the first trick holds only hearts and the QS.
    "first_trick_only_points": lambda f: True,
    # hearts §7: a lead before hearts are broken by a seat holding nothing but hearts.
    "heart_lead_unbroken": lambda f: f["must_break_hearts"],
    # hearts §7: a lead before hearts are broken by a seat whose only non-heart is the QS.
    "qs_only_lead": lambda f: f["must_break_hearts"],
    # hearts §7: a lead before hearts are broken although the QS has been played.
    "qs_played_unbroken_lead": lambda f: f["must_break_hearts"] and not f["qs_breaks_hearts"],
}


def flags_of(config: dict[str, bool]) -> dict[str, bool]:
    """All eight parameters of a configuration."""
    return {**DEFAULTS, **config}


def profile_of(flags: dict[str, bool]) -> reversis.Profile:
    """The library profile with these OpenSpiel parameters (``omnibus-hearts`` for ``jd_bonus``
    alone)."""
    changed = {k: v for k, v in flags.items() if v != DEFAULTS[k]}
    if changed == {"jd_bonus": True}:
        return reversis.load_profile("omnibus-hearts")
    profile = reversis.load_profile("hearts")
    return profile.evolve(hearts=changed) if changed else profile


# --- Steering: deals and move choices -------------------------------------------------------------


def rank(card: int) -> int:
    return card // 4


@dataclass
class Table:
    """What the steering and the case counting know, from OpenSpiel's actions alone."""

    held: list[set[int]]
    trick: list[tuple[int, int]] = field(default_factory=list)  # (player, card) of the trick
    tricks: int = 0  # completed tricks
    played: set[int] = field(default_factory=set)


def trick_winner_so_far(trick: Sequence[tuple[int, int]]) -> int:
    led = trick[0][1] % 4
    return max((c, p) for p, c in trick if c % 4 == led)[1]


@dataclass(frozen=True)
class Scenario:
    """A way to play a game: ``hand`` gives the cards dealt to the steered seat (``None``: a
    uniform deal), ``steered`` and ``others`` choose moves for it and for the other seats."""

    name: str
    hand: Callable[[random.Random], list[int]] | None
    steered: str = "random"
    others: str = "random"


def _moon_hand(rng: random.Random) -> list[int]:
    # The queen of spades with the ace and king, the top hearts, maybe the top diamonds down to the
    # jack, then the top cards of the other suits.
    cards = [QUEEN_SPADES, 51, 47]
    cards += [4 * r + 2 for r in range(12, 12 - rng.randint(5, 8), -1)]
    if rng.random() < 0.5:
        cards += [49, 45, 41, JACK_DIAMONDS]
    tops = [4 * r + s for r in range(12, 8, -1) for s in (0, 1, 3)]
    rng.shuffle(tops)
    tops.sort(key=rank, reverse=True)
    return list(dict.fromkeys(cards + tops))[:13]


def _hearts_hand(rng: random.Random) -> list[int]:
    # Twelve hearts and the ace of clubs (which wins the first trick): then only hearts to lead.
    hearts = sorted(HEARTS)
    rng.shuffle(hearts)
    return [48, *hearts[:12]]


def _queen_hand(rng: random.Random) -> list[int]:
    # The QS, eleven hearts and the ace of clubs: then the QS and hearts to lead, hearts unbroken.
    hearts = sorted(HEARTS)
    rng.shuffle(hearts)
    return [48, QUEEN_SPADES, *hearts[:11]]


def _void_hand(rng: random.Random) -> list[int]:
    # No club: only hearts and the QS, or only hearts (hearts §5's "unless every card ...").
    hearts = sorted(HEARTS)
    if rng.random() < 0.5:
        return hearts
    rng.shuffle(hearts)
    return [QUEEN_SPADES, *hearts[:12]]


SCENARIOS = (
    Scenario("random", None),
    Scenario("random", None),
    Scenario("moon", _moon_hand, steered="high", others="duck"),
    Scenario("hearts-lead", _hearts_hand, steered="high", others="no-hearts"),
    Scenario("queen-lead", _queen_hand, steered="high", others="no-hearts"),
    Scenario("first-trick", _void_hand, steered="random", others="random"),
)


def choose(rule: str, legal: Sequence[int], table: Table, steered: int, rng: random.Random) -> int:
    """A move by ``rule``: ``random``; ``high``: lead or follow with the highest card, discard the
    lowest harmless one; ``duck``: the lowest card, discarding points on the steered seat's trick;
    ``no-hearts``: at random among the non-hearts if any."""
    if rule == "random" or len(legal) == 1:
        return rng.choice(legal)
    trick = table.trick
    following = bool(trick) and any(c % 4 == trick[0][1] % 4 for c in legal)
    if rule == "high":
        if not trick or following:
            return max(legal, key=rank)
        harmless = [c for c in legal if c not in POINT_CARDS] or list(legal)
        return min(harmless, key=rank)
    if rule == "duck":
        if trick and not following and trick_winner_so_far(trick) == steered:
            return max(legal, key=lambda c: (c in POINT_CARDS, rank(c)))
        if trick and not following:
            return min(legal, key=lambda c: (c in POINT_CARDS, rank(c)))
        return min(legal, key=rank)
    assert rule == "no-hearts", rule
    return rng.choice([c for c in legal if c not in HEARTS] or list(legal))


# --- The differential game ------------------------------------------------------------------------


def describe(state: Any, hand: reversis.Hand) -> str:
    """The game so far, precisely: the pass direction, the deal, the passes and the tricks."""
    history = state.history()
    direction = history[0]
    passes = history[53 : 53 + 12] if direction else []
    plays = history[53 + len(passes) :]

    def cards(ids: Sequence[int]) -> str:
        return " ".join(CODES[c] for c in ids)

    text = f"{state.get_game()}, pass direction {DIRECTIONS[direction]}; dealt (players 0-3): "
    text += " | ".join(cards(history[1 + p : 53 : 4]) for p in range(4))
    if passes:
        text += "; passes (players 0-3): " + " | ".join(
            cards(passes[k : k + 3]) for k in range(0, 12, 3)
        )
    text += "; tricks: " + " | ".join(cards(plays[t : t + 4]) for t in range(0, len(plays), 4))
    return text + f"; to move: OpenSpiel {state.current_player()}, library {hand.to_move}"


def disagree(state: Any, hand: reversis.Hand, what: str) -> None:
    """Fail with the game so far and what differs."""
    pytest.fail(f"disagreement: {what}; {describe(state, hand)}")


def play_game(
    game: Any,
    profile: reversis.Profile,
    flags: dict[str, bool],
    rng: random.Random,
    scenario: Scenario,
    reached: Counter[str],
    notation: bool = False,
) -> None:
    """Play one game on both engines, comparing every decision; count the rare cases reached."""
    state = game.new_initial_state()
    steered = rng.randrange(4)
    # The pass direction: a chance event drawn from legal_actions() (hearts §12.1); a steered game
    # draws "none" one time in two, so that the steered hand is often the hand played.
    directions = state.legal_actions()
    if scenario.hand is not None and 0 in directions and rng.random() < 0.5:
        direction = 0
    else:
        direction = rng.choice(directions)
    state.apply_action(direction)
    # The deal: 52 chance events, each drawn from legal_actions().
    target = set(scenario.hand(rng)) if scenario.hand is not None else set()
    dealt: list[list[int]] = [[], [], [], []]
    for i in range(52):
        player = i % 4
        legal = state.legal_actions()
        if target:
            # the steered seat gets the target cards (then any), the others any but those
            card = rng.choice([c for c in legal if (c in target) == (player == steered)] or legal)
        else:
            card = rng.choice(legal)
        state.apply_action(card)
        dealt[player].append(card)
    assert state.current_player() != pyspiel.PlayerId.CHANCE
    hand = reversis.deal_hand(
        profile,
        [[CODES[c] for c in cards] for cards in dealt],
        dealer=3,
        pass_direction=DIRECTIONS[direction],
    )
    assert hand.deal.pass_direction == DIRECTIONS[direction]
    table = Table(held=[set(cards) for cards in dealt])
    passes: list[list[int]] = [[], [], [], []]
    seen: set[str] = set()
    probe = rng.randrange(64)  # the decision at which a card OpenSpiel refuses is tried too
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        moves = hand.legal_moves()
        by_id = {MOVE_IDS[m]: m for m in moves}
        mine = sorted(by_id)
        passing = len(state.history()) < 53 + 12 and direction != 0
        expected = [c + PASS_OFFSET for c in legal] if passing else legal
        if hand.to_move != player or mine != expected:
            disagree(
                state,
                hand,
                f"OpenSpiel legal: {' '.join(CODES[c] for c in legal)}; library legal: "
                + " ".join(str(by_id[c]) for c in mine),
            )
        if not passing:
            _count_decision(player, table, flags, seen)
        if decisions == probe:
            _probe_refusal(hand, player, legal, table, passing)
        decisions += 1
        # The move: at random, or by the scenario's rules.
        rule = scenario.steered if player == steered else scenario.others
        if passing:
            # a steered seat keeps its best cards: it passes its lowest ones
            card = min(legal, key=rank) if rule == "high" else rng.choice(legal)
        else:
            card = choose(rule, legal, table, steered, rng)
        move = by_id[card + PASS_OFFSET if passing else card]
        state.apply_action(card)
        hand = hand.apply(str(move) if notation else move)
        table.held[player].discard(card)
        if passing:
            passes[player].append(card)
            if len(passes[3]) == 3:  # hearts §4: received after the 12th pass
                for giver, given in enumerate(passes):
                    table.held[(giver + direction) % 4].update(given)
                _compare_hands(state, hand)
            continue
        if not table.trick and table.tricks == 0 and card != TWO_CLUBS:
            seen.add("any_club_lead")
        table.trick.append((player, card))
        table.played.add(card)
        if len(table.trick) == 4:
            table.trick = []
            table.tricks += 1
        # hearts §8, "Scoring as data": a trick's points count once its 4th card is played.
        points = tuple(int(state.points(p)) for p in range(4))
        if hand.points != points:
            disagree(state, hand, f"points: OpenSpiel {points}, library {hand.points}")
    assert hand.is_over
    assert hand.legal_moves() == ()
    _check_end(state, hand, seen)
    reached.update(seen)


def _count_decision(player: int, table: Table, flags: dict[str, bool], seen: set[str]) -> None:
    """Note the rare cases of a decision of the play (hearts §5, §7)."""
    held = table.held[player]
    trick = table.trick
    if trick:
        if table.tricks == 0 and not held & CLUBS and held <= POINT_CARDS:
            seen.add("first_trick_only_points")
        return
    if table.tricks == 0 or not flags["must_break_hearts"] or table.played & HEARTS:
        return
    if QUEEN_SPADES in table.played and flags["qs_breaks_hearts"]:
        return
    others = held - HEARTS
    if not others:
        seen.add("heart_lead_unbroken")
    elif others == {QUEEN_SPADES}:
        seen.add("qs_only_lead")
    if QUEEN_SPADES in table.played:
        seen.add("qs_played_unbroken_lead")


def _probe_refusal(
    hand: reversis.Hand, player: int, legal: Sequence[int], table: Table, passing: bool
) -> None:
    """A card the player holds that OpenSpiel does not offer: the library's ``apply`` refuses it."""
    refused = sorted(table.held[player] - set(legal))
    if refused:
        card = refused[len(refused) // 2]
        with pytest.raises(reversis.IllegalMoveError):
            hand.apply(("pass " if passing else "") + CODES[card])


def _compare_hands(state: Any, hand: reversis.Hand) -> None:
    """After the 12th pass, each seat holds what OpenSpiel's state says it holds."""
    theirs = [
        sorted(code.replace("T", "10") for code in cards) for cards in state.to_struct().hands
    ]
    ours = [sorted(card.code for card in cards) for cards in hand.hands]
    assert ours == theirs


def _check_end(state: Any, hand: reversis.Hand, seen: set[str]) -> None:
    points = tuple(int(state.points(p)) for p in range(4))
    if hand.points != points:
        disagree(state, hand, f"final points: OpenSpiel {points}, library {hand.points}")
    returns = state.returns()
    assert list(returns) == [26 - p for p in hand.points]  # hearts §11
    # "Scoring as data": each pair of seats settles the difference of their points.
    settlement = reversis.settle(hand)
    total = sum(hand.points)
    assert tuple(settlement.net) == tuple(total - 4 * p for p in hand.points)
    assert tuple(settlement.net) == tuple(int(4 * r - sum(returns)) for r in returns)
    pairs = {(a, b, hand.points[a] - hand.points[b]) for a in range(4) for b in range(4)}
    assert sorted((p.payer, p.payee, p.amount) for p in settlement.payments) == sorted(
        pair for pair in pairs if pair[2] > 0
    )
    assert {(p.reason, p.trick) for p in settlement.payments} <= {("points", None)}
    # The rare end cases, from the tricks as OpenSpiel played them (hearts §9, §10).
    history = state.history()
    plays = history[-52:]
    won: list[set[int]] = [set(), set(), set(), set()]
    taken = [0] * 4
    leader = next(p for p in range(4) if TWO_CLUBS in _initial(state, p))
    for t in range(13):
        cards = plays[4 * t : 4 * t + 4]
        trick = [((leader + k) % 4, c) for k, c in enumerate(cards)]
        leader = trick_winner_so_far(trick)
        won[leader].update(cards)
        taken[leader] += 1
    shooter = next((p for p in range(4) if won[p] >= POINT_CARDS), None)
    if shooter is not None:
        seen.add("moon")
        seen.add("moon_with_jd" if JACK_DIAMONDS in won[shooter] else "moon_jd_elsewhere")
        if 0 in taken:
            seen.add("moon_no_trick")
    elif 0 in taken:
        seen.add("no_trick")


def _initial(state: Any, player: int) -> list[int]:
    """The cards ``player`` held when play began, as OpenSpiel ids (after the pass)."""
    history = state.history()
    direction = history[0]
    held = set(history[1 + player : 53 : 4])
    if direction:
        giver = (player - direction) % 4
        held -= set(history[53 + 3 * player : 56 + 3 * player])
        held |= set(history[53 + 3 * giver : 56 + 3 * giver])
    return sorted(held)


def run(config: dict[str, bool], games: int, seed: int = 0) -> Counter[str]:
    """Play ``games`` differential games with these OpenSpiel parameters (one game object for all);
    return how many games reached each rare case (and ``games``)."""
    flags = flags_of(config)
    game = pyspiel.load_game("hearts", dict(flags))
    profile = profile_of(flags)
    rng = random.Random(seed)
    reached: Counter[str] = Counter()
    for i in range(games):
        play_game(game, profile, flags, rng, SCENARIOS[i % len(SCENARIOS)], reached, i % 8 == 7)
    reached["games"] = games
    return reached


def table_of(results: dict[str, Counter[str]]) -> str:
    """The counts as a text table, one row per configuration; a count in parentheses is for a case
    that the test does not require of that configuration (its rule is off there)."""
    names = list(CASES)
    width = max(map(len, results)) + 2
    rows = ["configuration".ljust(width) + "games " + " ".join(names)]
    for label, reached in results.items():
        flags = flags_of(CONFIGS[label])
        cells = [
            (str(reached[name]) if CASES[name](flags) else f"({reached[name]})").rjust(len(name))
            for name in names
        ]
        rows.append(label.ljust(width) + str(reached["games"]).rjust(5) + " " + " ".join(cells))
    return "\n".join(rows)


# --- Tests ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("label", list(CONFIGS))
def test_hearts_agrees_with_openspiel(label: str) -> None:
    start = time.perf_counter()
    reached = run(CONFIGS[label], GAMES, seed=list(CONFIGS).index(label))
    flags = flags_of(CONFIGS[label])
    print(
        f"\n{label}: {GAMES} games in {time.perf_counter() - start:.2f} s, reached {dict(reached)}"
    )
    missing = [name for name, applies in CASES.items() if applies(flags) and not reached[name]]
    assert not missing, f"{label}: the steering reached no game with {missing}"


def test_every_combination_of_parameters_agrees() -> None:
    # The spec's promise holds "for every combination of OpenSpiel's eight game parameters".
    names = list(DEFAULTS)
    for number in range(2 ** len(names)):
        config = {name: bool(number >> k & 1) for k, name in enumerate(names)}
        run(config, COMBINATION_GAMES, seed=1000 + number)


def test_profiles_carry_openspiel_parameters() -> None:
    # "Scoring as data": the eight flags under OpenSpiel's names and defaults.
    assert pyspiel.load_game("hearts").get_parameters() == DEFAULTS
    hearts = reversis.load_profile("hearts").hearts
    assert hearts is not None
    assert {name: getattr(hearts, name) for name in DEFAULTS} == DEFAULTS
    omnibus = reversis.load_profile("omnibus-hearts")
    assert (
        omnibus.hearts == reversis.load_profile("hearts").evolve(hearts={"jd_bonus": True}).hearts
    )


def test_no_pass_direction_comes_from_legal_actions(capfd: pytest.CaptureFixture[str]) -> None:
    # hearts §12.1: with pass_cards=false, chance_outcomes() offers all four directions but only
    # 0 is legal; the library refuses any direction but "none".
    state = pyspiel.load_game("hearts", {"pass_cards": False}).new_initial_state()
    assert state.legal_actions() == [0]
    assert [a for a, _ in state.chance_outcomes()] == [0, 1, 2, 3]
    with pytest.raises(RuntimeError):  # a SpielError (OpenSpiel prints the state: captured)
        state.clone().apply_action_with_legality_check(1)
    capfd.readouterr()
    profile = reversis.load_profile("hearts").evolve(hearts={"pass_cards": False})
    hands = [CODES[p::4] for p in range(4)]
    assert (
        reversis.deal_hand(profile, hands, dealer=3, pass_direction="none").phase
        == reversis.Phase.PLAY
    )
    with pytest.raises(reversis.DealError):
        reversis.deal_hand(profile, hands, dealer=3, pass_direction="left")
