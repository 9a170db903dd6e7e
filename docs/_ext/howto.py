"""The generated parts of "How to play": pictures and an example hand, made from library data.

At every build (``builder-inited``) this plays a seeded hand of ``fournier-1785`` with the
library's bots and writes, under ``_generated/``:

* ``pictures/*.svg``: the table of each shipped profile, the cards that matter, each seat's cards,
  every trick and the pot, drawn by :mod:`reversis.text.pictures`;
* ``how-to-play-*.rst``: the text around them — what the cards pay, the hand told trick by trick
  with its payments, the end of the hand, and what each payment means — written from the hand's
  events and settlement and from the profile's numbers.

So nothing on the page can disagree with the rules: change a rule and the page changes with it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import reversis
from reversis import Card, Hand, Payment, Profile
from reversis import events as ev
from reversis.bots.players import CautiousBot, play_hand
from reversis.cards import Rank
from reversis.text.pictures import cards_svg, table_svg, trick_svg

PROFILE = "fournier-1785"
#: The example hand: the first seed, from this one, whose hand shows the Quinola placed and an
#: ace placed without a reversis, played by the cautious bots.
FIRST_SEED = 1

#: What each reason of a payment means, in a newcomer's words (``fournier-1785``).
MEANINGS = {
    "ante": "what a player puts in the basket before a hand",
    "ace_placed": "an ace played on a renounce: the taker of the trick pays its player",
    "ace_forced": "an ace played to a trick of its own suit that someone else led: its player "
    "pays the leader",
    "ace_led": "an ace led: its player pays the winner of the pot, at the end of the hand",
    "quinola_placed": "the Quinola played on a renounce: the taker of the trick pays its player, "
    "who also wins the basket",
    "quinola_forced": "the Quinola played to a heart trick someone else led: its player pays the "
    "leader, and owes a beast",
    "quinola_consolation": "when the Quinola is forced, each of the other players pays the leader "
    "too",
    "quinola_led": "the Quinola led: its player pays the winner of the pot at the end, and owes a "
    "beast",
    "basket": "the counters in the basket, won by placing the Quinola",
    "beast": "a debt recorded on the beast sheet, paid by its owner to the next winner of the "
    "basket",
    "pot": "the pot's value, paid by the loser of the hand to its winner",
    "reversis_made": "every other player pays the player who took all the tricks",
    "reversis_broken": "the reversis player pays whoever broke the reversis",
    "share": "at the end of a match, what is left in the basket shared out",
}


def _write(path: Path, text: str) -> None:
    """Write ``text`` unless the file already holds it (so that Sphinx sees no change)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _seat(hand: Hand, seat: int | str) -> str:
    if isinstance(seat, str):
        return f"the {seat}"
    role = (
        " (the dealer)"
        if seat == hand.dealer
        else " (the eldest)"
        if seat == hand.deal.eldest
        else ""
    )
    return f"seat {seat}{role}"


def _money(profile: Profile, amount: int) -> str:
    unit = profile.money.unit
    plural = profile.money.unit_plural or f"{unit}s"
    return f"{amount} {unit if amount == 1 else plural}"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def example_hand(profile: Profile) -> Hand:
    """The first hand from :data:`FIRST_SEED` on that shows what a newcomer should see."""
    for seed in range(FIRST_SEED, FIRST_SEED + 500):
        bots = [CautiousBot(random.Random(seed * 10 + s)) for s in range(profile.players)]
        hand = play_hand(reversis.new_hand(profile, seed=seed), bots)
        events = hand.events
        placed = [
            e for e in events if isinstance(e, ev.CardPlayed) and e.kind is ev.PlayKind.PLACED
        ]
        if (
            hand.reversis.committed is None
            and not any(isinstance(e, ev.PrivilegeUsed) for e in events)
            and any(e.card.code == "JH" for e in placed)
            and any(e.card.rank is Rank.ACE for e in placed)
        ):
            return hand
    raise RuntimeError("no example hand found")  # pragma: no cover


def _special(profile: Profile, card: Card) -> Any:
    return next((s for s in profile.specials if card.code in s.cards), None)


def _list_table(header: Sequence[str], rows: Iterable[Sequence[str]], widths: str = "") -> str:
    lines = [".. list-table::", "   :header-rows: 1"]
    if widths:
        lines.append(f"   :widths: {widths}")
    lines.append("")
    for row in [header, *rows]:
        lines.append(f"   * - {row[0]}")
        lines += [f"     - {cell}" for cell in row[1:]]
    return "\n".join(lines) + "\n"


def _image(name: str, alt: str, width: int | None = None, css: str = "") -> str:
    lines = [f".. image:: /_generated/pictures/{name}", f"   :alt: {alt}"]
    if width:
        lines.append(f"   :width: {width}px")
    if css:
        lines.append(f"   :class: {css}")
    return "\n".join(lines) + "\n"


def _sentence(text: str) -> str:
    """``text`` with a capital letter and a full stop."""
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def cards_page(profile: Profile, pictures: Path) -> str:
    """The cards that matter: their pictures, their points and what they pay."""
    specials = [Card.parse(c) for c in ("JH", "AC", "AD", "AH", "AS")]
    captions = ["the Quinola", "ace", "ace of ♦", "ace", "ace"]
    _write(
        pictures / "cards-that-matter.svg",
        cards_svg(specials, captions=captions, highlight=["JH"], title="The Quinola and the aces"),
    )
    court = [Card.parse(c) for c in ("KS", "QS", "JS", "9S", "2S")]
    _write(
        pictures / "ranks.svg",
        cards_svg(court, overlap=0.35, title="K♠ Q♠ J♠ 9♠ 2♠: the king beats the queen, and so on"),
    )
    trick_points = dict(profile.points.trick)
    names = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}
    points = ", ".join(f"{names[r]} {trick_points[r]}" for r in ("A", "K", "Q", "J"))
    bonne = profile.money.bonne_tricks
    rows = []
    for special in profile.specials:
        cards = [Card.parse(c) for c in special.cards]
        what = "the Quinola" if special.name == "quinola" else f"ace ({_cards(cards)})"
        forced = str(special.forced)
        if special.forced_others:
            forced += f", and each other player pays the leader {special.forced_others}"
        placed, led = str(special.placed), str(special.led)
        if special.pool == "basket":
            placed += ", and its player wins the basket"
            forced += ", and its player owes a beast"
            led += ", and its player owes a beast"
        rows.append([what, placed, forced, led])
    table = _list_table(
        [
            "card",
            "**placed** (on a renounce): the taker of the trick pays its player",
            "**forced** (of the suit someone else led): its player pays the leader",
            "**led**: its player pays the winner of the pot at the end",
        ],
        rows,
        "16 28 28 28",
    )
    return (
        _image("cards-that-matter.svg", "The Quinola (jack of hearts) and the four aces", 430)
        + "\n"
        + f"In the tricks a player takes, the cards count **{points}** points; every other card "
        f"counts nothing, and the Quinola counts as a jack. Fewest points wins the pot.\n\n"
        + f"When one of these cards is played, {_money(profile, 1)} or more change hands at once "
        f"(or at the end of the hand, for a card led), and on tricks "
        f"{' and '.join(map(str, bonne))} — the tricks *à la bonne* — every such payment is "
        "doubled:\n\n" + table
    )


def _play_sentence(hand: Hand, event: ev.CardPlayed, winner: int | None) -> str:
    who = _seat(hand, event.seat)
    card = event.card
    if event.kind is ev.PlayKind.LED:
        text = f"{who} leads {card}"
    elif event.kind is ev.PlayKind.PLACED:
        text = f"{who} has none of the suit led and plays {card} (a renounce: the card is *placed*)"
    else:
        text = f"{who} follows with {card}"
    if event.seat == winner:
        text += ", the highest card of the suit led, and takes the trick"
    return text


def _payment_sentence(hand: Hand, payment: Payment) -> str:
    profile = hand.profile
    payer, payee = _seat(hand, payment.payer), _seat(hand, payment.payee)
    amount = _money(profile, payment.amount)
    when = " at the end of the hand" if payment.reason.endswith("_led") else ""
    return f"{payer} pays {payee} {amount}{when} (``{payment.reason}``)"


def hand_page(hand: Hand, pictures: Path) -> str:
    """The example hand told trick by trick, with a picture of each trick."""
    profile = hand.profile
    result = reversis.settle(hand)
    by_trick: dict[int | None, list[Payment]] = {}
    for payment in result.payments:
        by_trick.setdefault(payment.trick, []).append(payment)
    out: list[str] = []
    out.append(
        f"The hand below is played by the library's cautious bots from seed {hand.deal.seed} (to watch "
        f"it in a terminal: ``python -m reversis demo --seed {hand.deal.seed} --bots cautious``). "
        f"Seat {hand.dealer} deals; seat {hand.deal.eldest}, the eldest, plays first.\n"
    )
    # The deal.
    out.append("The deal\n~~~~~~~~\n")
    out.append(
        f"Each player receives {len(hand.deal.dealt[hand.deal.eldest])} cards, the dealer "
        f"{len(hand.deal.dealt[hand.dealer])}; the {len(hand.deal.widow)} cards left are the widow, face "
        f"down. The basket holds {_money(profile, hand.deal.stakes.pool_total)}.\n"
    )
    for seat, cards in enumerate(hand.deal.dealt):
        name = f"deal-seat-{seat}.svg"
        _write(
            pictures / name,
            cards_svg(sorted(cards, reverse=True), overlap=0.5,
                      title=f"seat {seat}: {_cards(cards)}"),
        )  # fmt: skip
        out.append(
            f"**{_seat(hand, seat).capitalize()}**\n\n" + _image(name, f"seat {seat}'s cards")
        )
    # The exchange.
    out.append("The exchange\n~~~~~~~~~~~~\n")
    for event in hand.events:
        if isinstance(event, ev.Exchanged):
            out.append(
                f"* {_seat(hand, event.seat).capitalize()} puts {event.discarded} face down under "
                f"the basket and takes the top card of the widow, {event.taken}."
            )
        elif isinstance(event, ev.Declined):
            out.append(
                f"* {_seat(hand, event.seat).capitalize()} declines: looks at the top card of the "
                "widow and puts it under the basket, unseen by the others."
            )
        elif isinstance(event, ev.Discarded):
            out.append(
                f"* Seat {event.seat}, the dealer, puts {event.card} under the basket and takes "
                "nothing."
            )
    out.append(
        f"\nThe {len(hand.reversis.pot)} cards under the basket are the **pot**; nobody knows them all "
        "until the end of the hand.\n"
    )
    # The tricks.
    out.append("The tricks\n~~~~~~~~~~\n")
    plays: dict[int, list[ev.CardPlayed]] = {}
    extras: dict[int, list[str]] = {}
    for event in hand.events:
        if isinstance(event, ev.CardPlayed):
            plays.setdefault(event.trick, []).append(event)
        elif isinstance(event, ev.PoolWon):
            extras.setdefault(event.trick, []).append(
                f"{_seat(hand, event.seat).capitalize()} has placed the Quinola and wins the "
                "basket."
            )
        elif isinstance(event, ev.PoolOwed):
            extras.setdefault(event.trick, []).append(
                f"{_seat(hand, event.seat).capitalize()} has played the Quinola otherwise than "
                "placed and owes a beast: the amount of the basket, recorded on the beast sheet."
            )
    bonne = set(profile.money.bonne_tricks)
    for trick in hand.tricks:
        number = trick.number
        notes = {e.seat: "placed" for e in plays[number] if e.kind is ev.PlayKind.PLACED}
        name = f"trick-{number:02d}.svg"
        _write(
            pictures / name, trick_svg(trick, profile, dealer=hand.dealer, notes=notes, scale=0.8)
        )
        body = [
            f"**Trick {number}**"
            + (" — *à la bonne*: card payments doubled" if number in bonne else "")
        ]
        body.append("")
        body.append(_image(name, f"trick {number}: {_cards(trick.cards)}", 272, "trick-picture"))
        sentences = [_play_sentence(hand, e, trick.winner) for e in plays[number]]
        body.append(_sentence("; ".join(sentences)) + "\n")
        points = sum(dict(profile.points.trick).get(c.rank.code, 0) for c in trick.cards)
        said = (
            [f"The trick holds {points} {'point' if points == 1 else 'points'}."] if points else []
        )
        said += extras.get(number, [])
        said += [
            _sentence(_payment_sentence(hand, payment)) for payment in by_trick.get(number, [])
        ]
        if said:
            body.append(" ".join(said) + "\n")
        out.append(".. container:: trick\n")
        out += ["   " + line if line else "" for chunk in body for line in chunk.split("\n")]
        out.append("")
    # The end.
    over = next(e for e in hand.events if isinstance(e, ev.HandOver))
    out.append("The end of the hand\n~~~~~~~~~~~~~~~~~~~\n")
    rows = [
        [_seat(hand, seat), str(points), str(tricks)]
        for seat, (points, tricks) in enumerate(zip(over.points, over.tricks, strict=True))
    ]
    out.append(_list_table(["seat", "points in its tricks", "tricks"], rows, "40 30 30"))
    reading = hand.reversis
    assert reading is not None
    _write(pictures / "pot.svg", cards_svg(reading.pot, title=f"the pot: {_cards(reading.pot)}"))
    out.append(_image("pot.svg", f"the pot: {_cards(reading.pot)}"))
    assert over.winner is not None
    assert over.loser is not None
    out.append(
        f"The pot is turned over: {_cards(reading.pot)}, worth {_money(profile, reading.pot_value)} "
        f"(the cards' counters and {profile.points.pot_bonus} more). Fewest points wins it: "
        f"**{_seat(hand, over.winner)}**; most points loses it and pays it: "
        f"**{_seat(hand, over.loser)}** (ties go by tricks, then by seat).\n"
    )
    out.append("Every payment of the hand:\n")
    rows = [
        [
            _seat(hand, p.payer),
            _seat(hand, p.payee),
            str(p.amount),
            f"``{p.reason}``",
            "" if p.trick is None else str(p.trick),
        ]
        for p in result.payments
    ]
    out.append(_list_table(["payer", "payee", "amount", "reason", "trick"], rows, "25 25 12 25 13"))
    net = ", ".join(f"seat {s} {n:+d}" for s, n in enumerate(result.net))
    out.append(
        f"Net, in {profile.money.unit_plural or profile.money.unit + 's'}: {net}. After the hand "
        f"the basket holds {_money(profile, result.stakes.pool_total)}.\n"
    )
    return "\n".join(out) + "\n"


_WORDS = {2: "two", 3: "three", 4: "four", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


def numbers_page(profile: Profile) -> str:
    """Substitutions for the numbers of the rules quoted in the page's prose (``|ante|``)."""
    money = profile.money
    packets = profile.deal.packets
    first, *rest = packets
    deal = f"{first[0]} cards to each other player and {first[1]} to himself"
    if rest and all(p == (rest[0][0], rest[0][0]) for p in rest):
        times = {1: "once", 2: "twice", 3: "three times"}.get(len(rest), f"{len(rest)} times")
        deal += f", then {times} round {rest[0][0]} cards each"
    else:
        deal += ", then " + ", then ".join(
            f"{o} to each other player and {d} to himself" for o, d in rest
        )
    n = profile.players
    per_seat = sum(o for o, _ in packets)
    dealer = sum(d for _, d in packets)
    widow = len(profile.deck) - per_seat * (n - 1) - dealer
    basket = profile.basket
    assert basket is not None
    values = {
        "players": _WORDS.get(n, str(n)),
        "pack": str(len(profile.deck)),
        "deal": deal,
        "hand-size": str(per_seat),
        "dealer-size": str(dealer),
        "widow-size": _WORDS.get(widow, str(widow)),
        "tricks": _WORDS.get(profile.tricks, str(profile.tricks)),
        "pot-size": str(n),
        "ante": _money(profile, basket.ante),
        "dealer-ante": str(basket.dealer_ante),
        "commit": _WORDS.get(profile.reversis.commit, str(profile.reversis.commit)),
        "made": _money(profile, profile.reversis.made),
        "broken": _money(profile, profile.reversis.broken),
        "rounds": str(profile.match.rounds),
        "unit": money.unit_plural or f"{money.unit}s",
    }
    return "\n".join(f".. |{key}| replace:: {value}" for key, value in values.items()) + "\n"


def meanings_page(profile: Profile) -> str:
    """What each reason of a payment means."""
    rows = [[f"``{reason}``", meaning] for reason, meaning in MEANINGS.items()]
    return _list_table(["reason", "what it means"], rows, "25 75")


def tables(pictures: Path) -> None:
    """The table of every shipped profile."""
    for name in reversis.available_profiles():
        _write(pictures / f"table-{name}.svg", table_svg(reversis.load_profile(name)))


def generate(app: Any) -> None:
    """Write the pictures and the text of "How to play" under ``_generated/``."""
    out = Path(app.srcdir) / "_generated"
    pictures = out / "pictures"
    profile = reversis.load_profile(PROFILE)
    tables(pictures)
    hand = example_hand(profile)
    _write(out / "how-to-play-cards.rst", cards_page(profile, pictures))
    _write(out / "how-to-play-hand.rst", hand_page(hand, pictures))
    _write(out / "how-to-play-payments.rst", meanings_page(profile))
    _write(out / "how-to-play-numbers.rst", numbers_page(profile))


def setup(app: Any) -> dict[str, Any]:
    """Register the extension: generate at every build."""
    app.connect("builder-inited", generate)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
