"""Words for people (issue 27): no screen shows a reason code. ``demo``, ``replay`` and ``play`` (with
injected input and in a real pseudo-terminal) and the web table's payloads are read for the codes;
reversis.text.sentences words every reason of every shipped game, and an unknown one, in a sentence; the
end of a hand says who won, who lost and why, wrapped at word boundaries."""

from __future__ import annotations

import json
import os
import random
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reversis
from helpers import ROOT, sized
from reversis.bots.players import RandomBot, play_hand
from reversis.cli import main
from reversis.games.payments import Payment
from reversis.records import notation as records
from reversis.text.render import strip_color
from reversis.text.sentences import (
    REASONS,
    Names,
    aim_sentence,
    event_sentence,
    outcome_sentences,
    payment_sentence,
    wrap,
)
from reversis.text.terminal import PROMPT, Terminal

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from examples.web.table import new_table

PROFILES = sorted(reversis.available_profiles())
#: A code: words joined by an underscore (``ace_forced``, ``reversis_broken``).
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def no_codes(text: str, where: str) -> None:
    found = CODE.search(text)
    assert found is None, f"{where} shows the code {found.group()!r}"
    for reason in REASONS:
        if "_" in reason:
            assert reason not in text, f"{where} shows {reason!r}"


def reason_payments(profile: reversis.Profile) -> list[Payment]:
    """A payment of every reason the profile's games give, between seats and accounts."""
    accounts = ["basket", "pot", "great", "little"]
    out = []
    for reason in REASONS:
        out.append(Payment(0, 1, 3, reason, 2))
        out.append(Payment(1, 0, 1, reason, None))
        for account in accounts:
            out.append(Payment(account, 2, 5, reason, 11))
            out.append(Payment(2, account, 5, reason, None))
    return out


@pytest.mark.parametrize("profile", PROFILES)
def test_every_reason_is_a_sentence(profile: str) -> None:
    rules = reversis.load_profile(profile)
    for you in (None, 0, 1, 2):
        names = Names.seats(rules.players, you=you)
        for payment in reason_payments(rules):
            text = payment_sentence(payment, rules, names)
            no_codes(text, f"{payment}")
            assert text[0].isupper()
            assert text.endswith(".")
            assert str(payment.amount) in text
            if you == payment.payer:
                assert text.startswith("You ")


@given(
    reason=st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=30),
    amount=st.integers(1, 10**6),
    trick=st.one_of(st.none(), st.integers(1, 13)),
)
def test_an_unknown_reason_is_worded_from_its_parts(
    reason: str, amount: int, trick: int | None
) -> None:
    rules = reversis.load_profile("fournier-1785")
    text = payment_sentence(Payment(0, 3, amount, reason, trick), rules)
    assert "_" not in text
    assert text.startswith("Seat 0 pays seat 3")


def test_the_payment_names_the_card_that_paid() -> None:
    hand = play_hand(
        reversis.new_hand("fournier-1785", seed=7), [RandomBot(random.Random(s)) for s in range(4)]
    )
    settlement = reversis.settle(hand)
    texts = [payment_sentence(p, hand.profile, tricks=hand.tricks) for p in settlement.payments]
    forced = [
        t for p, t in zip(settlement.payments, texts, strict=True) if p.reason.endswith("_forced")
    ]
    assert forced
    assert all(re.search(r"'s (ace of \w+|quinola \(J♥\)) was forced out", t) for t in forced)


def test_the_outcome_says_why_at_each_step_of_the_tie_break() -> None:
    rules = reversis.load_profile("fournier-1785")

    def why(points: tuple[int, ...], tricks: tuple[int, ...], dealer: int = 0) -> str:
        from reversis.games.reversis.outcome import party_outcome

        winner, loser = party_outcome(rules, dealer, points, tricks)
        return " ".join(
            outcome_sentences(
                rules,
                dealer=dealer,
                points=points,
                tricks=tricks,
                winner=winner,
                loser=loser,
                net=(0, 0, 0, 0),
            )
        )

    assert "Seat 1 has the fewest points (0)." in why((3, 0, 5, 9), (2, 1, 4, 4))
    assert "tied with seat 0, and fewer tricks (1 to 2)" in why((0, 0, 5, 9), (2, 1, 4, 4))
    text = why((0, 0, 5, 9), (1, 1, 4, 5))
    assert "Seat 0 wins the pot" in text
    assert "the dealer, comes first in the profile's order" in text
    assert "tied with seat 2, and more tricks (5 to 4)" in why((0, 1, 9, 9), (1, 1, 4, 5))
    # The privilege used and a trick taken loses the pot (fournier-1785 §11).
    events = (reversis.events.PrivilegeUsed(seat=3, trick=1),)
    text = " ".join(
        outcome_sentences(
            rules,
            dealer=0,
            points=(4, 0, 5, 0),
            tricks=(2, 1, 4, 1),
            winner=1,
            loser=3,
            net=(0, 0, 0, 0),
            events=events,
        )
    )
    assert "Seat 3 used the four aces and took a trick, which loses the pot." in text


def test_wrap_breaks_at_word_boundaries_only() -> None:
    text = "Seat 2 pays seat 1 16 counters: seat 2's quinola (J♥) was forced out on seat 1's lead"
    for width in range(10, 90):
        lines = wrap(text, width, "  ")
        assert " ".join(line.strip() for line in lines) == text
        words = set(text.split())
        assert all(set(line.split()) <= words for line in lines)


@pytest.mark.parametrize("profile", PROFILES)
def test_demo_and_replay_show_no_code(
    profile: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for seed in range(sized(3, 20)):
        record = tmp_path / f"{seed}.txt"
        assert (
            main(["demo", "--profile", profile, "--seed", str(seed), "--record", str(record)]) == 0
        )
        no_codes(capsys.readouterr().out, f"demo --profile {profile} --seed {seed}")
        assert main(["replay", str(record)]) == 0
        no_codes(capsys.readouterr().out, f"replay of {profile} seed {seed}")


@pytest.mark.parametrize("profile", ["fournier-1785-3p", "english", "hoyle", "hearts"])
def test_a_match_shows_no_code(
    profile: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "match.txt"
    assert (
        main(["demo", "--match", "--profile", profile, "--seed", "2", "--record", str(record)]) == 0
    )
    no_codes(capsys.readouterr().out, f"demo --match --profile {profile}")
    assert main(["replay", str(record)]) == 0
    no_codes(capsys.readouterr().out, f"replay of a match of {profile}")


@pytest.mark.parametrize("profile", PROFILES)
def test_play_shows_no_code_and_explains_the_end(profile: str) -> None:
    rules = reversis.load_profile(profile)
    for seed in range(sized(2, 10)):
        lines: list[str] = []
        answers = iter(["?", "help"] + ["1"] * 200)
        game = Terminal(
            rules,
            1,
            {s: RandomBot(random.Random(seed + s)) for s in range(rules.players) if s != 1},
            read=lambda prompt, answers=answers: next(answers),
            write=lambda line, lines=lines: lines.extend(line.splitlines()),
            width=80,
        )
        hand = game.play_hand(game.new_hand(seed=seed))
        text = "\n".join(lines)
        no_codes(text, f"play of {profile} seed {seed}")
        assert aim_sentence(rules).split(":")[0] in text
        assert "Type a move's number" in text
        assert "In all (" in " ".join(text.split())
        assert all(len(line) <= 80 for line in lines), max(lines, key=len)
        end = text.rsplit("Table (cards held", 1)[1]
        assert "Payments so far" not in end
        if (
            rules.reversis is not None
            and hand.reversis is not None
            and hand.reversis.committed is None
        ):
            assert re.search(r"(wins?|win) the (pot|party)", end), end


@pytest.mark.parametrize("profile", PROFILES)
def test_the_web_payloads_show_no_code(profile: str) -> None:
    players = reversis.load_profile(profile).players
    table = new_table("a1b2c3d4e5f6", profile, "hand", 5).sit(0, "Ann", "tok").fill_bots()
    for _ in range(500):
        if table.status != "playing":
            break
        step = table.bot_step(lambda seat: RandomBot(random.Random(seat)))
        if step is None:
            assert table.hand is not None
            step = table.move(0, str(table.hand.legal_moves()[0]))
        table = step
        for seat in range(players):
            words = table.message(seat)["words"]
            no_codes(json.dumps(words, ensure_ascii=False), f"{profile} web words")
    assert table.status == "over"
    words = table.message(0)["words"]
    assert words["outcome"]
    assert len(words["payments"]) == len(table.message(0)["hand"]["payments"])


def test_event_sentences_use_you() -> None:
    rules = reversis.load_profile("fournier-1785")
    names = Names.seats(4, you=2)
    assert event_sentence(
        reversis.events.ReversisBroken(seat=2, breaker=1, trick=10), rules, names
    ) == ("Seat 1 broke your reversis (trick 10).")
    assert event_sentence(
        reversis.events.PoolOwed(seat=2, pool="basket", trick=3), rules, names
    ) == ("You owe a beast for the quinola (trick 3).")


def test_real_terminal_explains_and_wraps(tmp_path: Path) -> None:
    """``play`` in a pseudo-terminal 90 columns wide: ``help``, ``?`` (the aim, what a card costs),
    a card not held said to "you", and the end of the hand explained, every line within the
    width (no word cut)."""
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, NO_COLOR="1", PYTHONIOENCODING="utf-8")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "reversis", "play", "--seed", "7", "--seat", "1", "--bots", "cautious"],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 90),
    )
    out: list[str] = []
    try:
        child.expect_exact(PROMPT)
        out.append(child.before)
        held = reversis.new_hand("fournier-1785", seed=7).hand_of(1)
        missing = next(
            c for c in reversis.new_hand("fournier-1785", seed=7).hand_of(0) if c not in held
        )
        child.sendline(f"exchange {missing.code}")
        child.expect_exact(f"Not now: you do not hold {missing}.")
        child.expect_exact(PROMPT)
        child.sendline("help")
        child.expect_exact("Type a move's number")
        child.expect_exact(PROMPT)
        child.sendline("?")
        child.expect_exact("The aim: take as few card points")
        child.expect_exact(PROMPT)
        out.append(child.before)
        child.sendline("decline")
        while True:
            index = child.expect_exact([PROMPT, "Save the game?"])
            out.append(child.before)
            if index == 1:
                break
            child.sendline("1")
        child.sendline("")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    text = strip_color("".join(out)).replace("\r", "")
    no_codes(text, "play in a terminal")
    end = text.rsplit("Table (cards held", 1)[1]
    assert re.search(r"wins? the pot|reversis", end), end
    assert "The hand is over" in end
    assert "In all (counters):" in " ".join(end.split())
    assert max(len(line) for line in text.splitlines()) <= 90


def test_replay_of_an_unfinished_hand_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record saved mid-hand (``save`` in ``play``): the trick in play is shown, the payments are
    those standing so far, and the account says the hand is not finished and who is to play."""
    hand = reversis.new_hand("fournier-1785", seed=4)
    rng = random.Random(1)
    for _ in range(13):
        hand = hand.apply(rng.choice(hand.legal_moves()))
    assert hand.current_trick is not None
    record = tmp_path / "unfinished.txt"
    record.write_text(records.dump(hand), encoding="utf-8")
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    (leader, led), *rest = hand.current_trick.plays
    shown = ", ".join([f"seat {leader} leads {led}"] + [f"seat {s} {c}" for s, c in rest])
    assert f"{hand.current_trick.number:>2}. {shown}  (in play)" in out
    assert "(in play)" in out
    assert (
        f"The hand is not finished (trick {hand.current_trick.number}, seat {hand.to_move} to play)."
        in out
    )
    assert "Payments standing so far" in out
    assert "\nPayments\n" not in out
    assert "The outcome" not in out
