"""Words for people: a payment, an event and the end of a hand as English sentences.

Every screen of the library (``demo``, ``replay``, ``play``, the web table example) says what
happened through these functions, so that a player reads *"Seat 3 pays you 4 counters: seat 3's
ace of diamonds was forced out on your lead (trick 5)."* and never a reason code. The codes stay
in the data (:class:`~reversis.Payment`'s ``reason``, the JSON of every value): these functions
only word them.

Seats are named by a :class:`Names`: ``"seat 2"`` by default, ``"you"`` for the seat whose screen
it is, or the names a front-end gives its players.

    >>> from reversis import load_profile
    >>> from reversis.games.payments import Payment
    >>> profile = load_profile("fournier-1785")
    >>> payment_sentence(Payment(3, 1, 4, "ace_forced", 11), profile, Names.seats(4, you=1))
    "Seat 3 pays you 4 counters: seat 3's ace was forced out on your lead (trick 11)."
    >>> payment_sentence(Payment(0, 2, 9, "pot", None), profile)
    'Seat 0 pays seat 2 9 counters for the pot: seat 2 won it and seat 0 lost it.'
    >>> print(outcome_text(profile, dealer=0, points=(0, 0, 7, 9), tricks=(2, 1, 4, 6),
    ...     winner=1, loser=3, net=(-2, 11, -1, -8)))
    Seat 1 wins the pot and seat 3 loses it. Seat 1 has the fewest points (0), tied with seat 0,
    and fewer tricks (1 to 2). Seat 3 has the most points (9). In all (counters): seat 0 −2,
    seat 1 +11, seat 2 −1, seat 3 −8.
"""

from __future__ import annotations

import functools
import re
import textwrap
from collections.abc import Iterable, Sequence

import attrs

from reversis import events as ev
from reversis.cards import Card, Rank, Suit
from reversis.engine.tricks import Trick
from reversis.games import game_of
from reversis.games.payments import Payment
from reversis.profile import Profile, shipped

__all__ = [
    "REASONS",
    "Names",
    "aim_sentence",
    "card_name",
    "card_stakes",
    "event_sentence",
    "for_people",
    "money",
    "number",
    "outcome_sentences",
    "outcome_text",
    "payment_sentence",
    "plural",
    "profile_title",
    "signed",
    "units",
    "wrap",
]

#: Every payment reason the shipped games give, with what it means in a few words (the reason
#: code itself is data: it stays in JSON and never shows on a screen).
REASONS = {
    "ace_placed": "an ace placed on another's trick",
    "ace_forced": "an ace forced out",
    "ace_consolation": "a consolation for an ace forced out",
    "ace_led": "an ace led",
    "ace_played": "an ace played holding the suit led",
    "quinola_placed": "the quinola placed on another's trick",
    "quinola_forced": "the quinola forced out",
    "quinola_consolation": "a consolation for the quinola forced out",
    "quinola_led": "the quinola led",
    "quinola_played": "the quinola played holding the suit led",
    "basket": "the basket, won by placing the quinola",
    "beast": "a beast",
    "pot_taken": "the most recent pot, taken by placing the quinola",
    "remise": "a remise into the pot",
    "pool": "a quinola pool",
    "pot": "the pot",
    "party": "the party",
    "reversis_made": "a reversis made",
    "reversis_broken": "a reversis broken",
    "espagnolette_repaid": "the espagnolette's payments repaid",
    "points": "the difference in points",
    "left_bower": "the left bower falling to the right bower",
    "no_trick": "no trick taken",
    "game": "the game, won on points",
    "ante": "an ante",
    "share": "the stakes shared at the end of the match",
}

_RANK_NAMES = {Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace"}


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` and the noun that agrees with it: ``plural(1, "trick")`` is ``"1 trick"``,
    ``plural(2, "trick")`` is ``"2 tricks"``; ``words`` gives an irregular plural."""
    return f"{number(count)} {word if abs(count) == 1 else (words if words is not None else word + 's')}"


def number(amount: int) -> str:
    """An integer for people, a loss with the true minus sign (U+2212) as everywhere on screens:
    ``"7"``, ``"−3"``."""
    return str(amount).replace("-", "\N{MINUS SIGN}")


_SUIT_LETTER = re.compile(r"\(([CDHS])\)")
_CARD_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")


def for_people(reason: str) -> str:
    """An engine's reason (:attr:`reversis.IllegalMoveError.reason`) with suit symbols for the
    letters of its cards and suits: ``"must follow suit (S) and holds QS"`` is
    ``"must follow suit (♠) and holds Q♠"`` (the letters stay in records, JSON and the moves
    typed)."""
    text = _SUIT_LETTER.sub(lambda m: f"({Suit[_SUITS[m.group(1)]].symbol})", reason)
    return _CARD_CODE.sub(lambda m: str(Card.parse(m.group(0))), text)


_SUITS = {"C": "CLUBS", "D": "DIAMONDS", "H": "HEARTS", "S": "SPADES"}


def units(profile: Profile) -> str:
    """The profile's unit of money in the plural, in its own words (``counters``, ``fish``)."""
    money = profile.money
    return money.unit_plural if money.unit_plural is not None else f"{money.unit}s"


def money(profile: Profile, amount: int) -> str:
    """``amount`` in the profile's unit: ``"1 counter"``, ``"14 counters"``, ``"2 fish"``."""
    return plural(amount, profile.money.unit, units(profile))


def signed(amount: int) -> str:
    """``amount`` with its sign, a true minus for losses: ``"+6"``, ``"−3"``, ``"0"``."""
    return "0" if amount == 0 else f"+{amount}" if amount > 0 else f"\N{MINUS SIGN}{-amount}"


@functools.cache
def _shipped_titles() -> frozenset[str]:
    return frozenset(str(shipped.data(name).get("title", "")) for name in shipped.names())


def profile_title(profile: Profile) -> str:
    """The profile's title and name for a heading: ``"Fournier 1785 (fournier-1785)"``; a house
    profile that kept the title of the shipped one it is built on says so:
    ``"house2 (house rules on Fournier 1785)"``."""
    if profile.name not in shipped.names() and profile.title in _shipped_titles():
        return f"{profile.name} (house rules on {profile.title})"
    return f"{profile.title} ({profile.name})"


def card_name(card: Card) -> str:
    """A card in words: ``"the ace of diamonds"``, ``"the 7 of spades"``."""
    rank = _RANK_NAMES.get(card.rank, card.rank.code)
    return f"the {rank} of {card.suit.name.lower()}"


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` cut into lines of at most ``width`` characters at word boundaries (a word longer
    than the line is left whole), the lines after the first indented by ``indent``."""
    if width <= 0 or len(text) <= width:
        return [text]
    return textwrap.wrap(
        text,
        width,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [text]


@attrs.frozen
class Names:
    """What the seats are called on a screen: ``names[seat]``, and ``you``, the seat whose screen
    it is (called "you", with the verbs that agree). Make one with :meth:`seats`."""

    names: tuple[str, ...]
    you: int | None = None

    @classmethod
    def seats(
        cls, players: int, *, you: int | None = None, names: Sequence[str] | None = None
    ) -> Names:
        """Seats called ``"seat 0"``, ``"seat 1"`` … (or ``names``), ``you`` called "you"."""
        given = tuple(names) if names is not None else tuple(f"seat {s}" for s in range(players))
        return cls(given, you)

    def __call__(self, party: int | str) -> str:
        """A seat's name (``"you"`` for :attr:`you`), or an account's (``"the basket"``)."""
        if isinstance(party, str):
            return f"the {party}" if party in ("basket", "pot") else f"the {party} pool"
        if party == self.you:
            return "you"
        return self.names[party] if 0 <= party < len(self.names) else f"seat {party}"

    def whose(self, party: int | str) -> str:
        """The possessive: ``"your"``, ``"seat 2's"``."""
        return "your" if party == self.you else f"{self(party)}'s"

    def does(self, party: int | str, verb: str, verbs: str | None = None) -> str:
        """The party and its verb in agreement: ``"you pay"``, ``"seat 2 pays"``."""
        third = verbs if verbs is not None else verb + "s"
        return f"{self(party)} {verb if party == self.you else third}"

    def list(self, seats: Iterable[int]) -> str:
        """Seats in words: ``"seat 0"``, ``"seat 0 and you"``, ``"seats … , … and …"``."""
        named = [self(s) for s in seats]
        if len(named) <= 1:
            return "".join(named)
        return ", ".join(named[:-1]) + " and " + named[-1]


def _default(names: Names | None, profile: Profile) -> Names:
    return names if names is not None else Names.seats(profile.players)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card_of(tricks: Sequence[Trick], number: int | None, seat: int | str, kind: str) -> str:
    """The special card ``seat`` played in trick ``number`` (``kind``: ``ace``, ``quinola``), in
    words, if the tricks show it; else the kind."""
    for trick in tricks:
        if trick.number != number:
            continue
        for player, card in trick.plays:
            if player != seat:
                continue
            if kind == "ace" and card.rank is Rank.ACE:
                return card_name(card).removeprefix("the ")
            if kind == "quinola" and card.rank is not Rank.ACE:
                return f"quinola ({card})"
    return kind


def payment_sentence(
    payment: Payment,
    profile: Profile,
    names: Names | None = None,
    *,
    tricks: Sequence[Trick] = (),
) -> str:
    """``payment`` as a sentence: who pays whom, how much, and why, with its trick.

    ``names`` names the seats (default: ``seat 0`` …); ``tricks`` (a hand's or a view's tricks),
    if given, name the ace or quinola that paid. The reason code never shows: an unknown one is
    worded from its parts.
    """
    who = _default(names, profile)
    payer, payee, amount, reason, trick = payment
    worth = money(profile, amount)
    on = f" (trick {trick})" if trick is not None else ""
    kind, _, how = reason.partition("_")
    if kind in ("ace", "quinola") and how in ("placed", "forced", "consolation", "led", "played"):
        if how == "placed":
            card = _card_of(tricks, trick, payee, kind)
            why = f"{who.whose(payee)} {card} was placed on a trick {who(payer)} took"
        elif how == "forced":
            card = _card_of(tricks, trick, payer, kind)
            why = f"{who.whose(payer)} {card} was forced out on {who.whose(payee)} lead"
        elif how == "consolation":
            return _cap(
                f"{who.does(payer, 'pay')} {who(payee)} {worth} in consolation: "
                f"{'an ace' if kind == 'ace' else 'the quinola'} was forced out on "
                f"{who.whose(payee)} lead{on}."
            )
        elif how == "led":
            card = _card_of(tricks, trick, payer, kind)
            why = f"{who(payer)} led the {card}, which pays the {profile.money.pot_reason}'s winner"
        else:
            card = _card_of(tricks, trick, payer, kind)
            why = f"{who(payer)} played the {card} while holding the suit led"
        return _cap(f"{who.does(payer, 'pay')} {who(payee)} {worth}: {why}{on}.")
    if isinstance(payer, str) and reason in ("basket", "pot_taken", "pool", "share"):
        why = {
            "basket": "the quinola placed wins the basket",
            "pot_taken": "the quinola placed takes the most recent pot",
            "pool": "the quinola placed wins the pool",
            "share": "the stakes are shared at the end of the match",
        }[reason]
        return _cap(f"{who.does(payer, 'pay')} {who(payee)} {worth}: {why}{on}.")
    if isinstance(payee, str):
        why = {
            "ante": f"{who.does(payer, 'ante')} {worth} into {who(payee)}",
            "beast": f"{who.does(payer, 'pay')} {who.whose(payer)} beast of {worth} into "
            f"{who(payee)}",
            "remise": f"{who.does(payer, 'pay')} a remise of {worth} into {who(payee)} for the "
            "quinola",
            "pool": f"{who.does(payer, 'pay')} {worth} into {who(payee)} for the quinola",
        }.get(reason, f"{who.does(payer, 'pay')} {worth} into {who(payee)} ({_loose(reason)})")
        return _cap(f"{why}{on}.")
    pay = f"{who.does(payer, 'pay')} {who(payee)} {worth}"
    if reason in ("pot", "party"):
        return _cap(f"{pay} for the {reason}: {who(payee)} won it and {who(payer)} lost it{on}.")
    why = {
        "beast": f"{who.whose(payer)} beast, won by the quinola placed",
        "reversis_made": f"{who.does(payee, 'make')} the reversis",
        "reversis_broken": f"{who.does(payee, 'break')} {who.whose(payer)} reversis",
        "espagnolette_repaid": f"{who(payer)} repays double what {who(payee)} paid "
        "for the privilege's reversis",
        "pool": f"a pool's money returned to {who(payee)}",
        "points": f"the difference in points ({who(payer)} took {amount} more)",
        "left_bower": f"{who.whose(payer)} left bower fell to {who.whose(payee)} right bower",
        "no_trick": f"{who.does(payer, 'take')} no trick",
        "game": f"{who.does(payee, 'win', 'wins')} the game",
    }.get(reason, _loose(reason))
    return _cap(f"{pay}: {why}{on}.")


def _loose(reason: str) -> str:
    """An unknown reason in words: its parts, without the underscores."""
    return REASONS.get(reason, reason.replace("_", " ").strip() or "no reason given")


def event_sentence(event: ev.Event, profile: Profile, names: Names | None = None) -> str | None:
    """A public event worth a sentence on screen (a privilege used, a pool won or owed, a reversis,
    the moon, most tricks, an exchange), in the past tense, or ``None`` for those the tricks and
    payments show."""
    who = _default(names, profile)
    if isinstance(event, ev.PrivilegeUsed):
        name = profile.privilege.name if profile.privilege else "privilege"
        text = f"{who(event.seat)} used the {name} (trick {event.trick})"
    elif isinstance(event, ev.PoolWon):
        won = {"basket": "the basket", "pot": "the most recent pot"}.get(
            event.pool, f"the {event.pool} pool"
        )
        text = f"{who(event.seat)} placed the quinola and won {won} (trick {event.trick})"
    elif isinstance(event, ev.PoolOwed):
        owed = {"basket": "a beast", "pot": "a remise"}.get(event.pool, f"the {event.pool} pool")
        text = f"{who.does(event.seat, 'owe')} {owed} for the quinola (trick {event.trick})"
    elif isinstance(event, ev.ReversisCommitted):
        text = (
            f"{who(event.seat)} won every trick up to trick {event.trick}: committed to the "
            "reversis"
        )
    elif isinstance(event, ev.ReversisMade):
        text = f"{who(event.seat)} made the reversis"
    elif isinstance(event, ev.ReversisBroken):
        text = f"{who(event.breaker)} broke {who.whose(event.seat)} reversis (trick {event.trick})"
    elif isinstance(event, ev.MoonShot):
        text = f"{who(event.seat)} shot the moon"
    elif isinstance(event, ev.MostTricks):
        how = "" if event.decided_by == "tricks" else f", by {event.decided_by.replace('_', ' ')}"
        text = f"{who(event.seat)} scored for the most tricks{how}"
    elif isinstance(event, ev.Exchanged):
        text = f"{who(event.seat)} exchanged"
    elif isinstance(event, ev.Declined):
        text = f"{who(event.seat)} declined the exchange"
    elif isinstance(event, ev.Discarded):
        # The dealer's discard (fournier-1785 §5): its card to the dealer, the fact to the others.
        what = str(event.card) if event.card is not None else "a card"
        text = f"{who(event.seat)} discarded {what}"
    elif isinstance(event, ev.CardGiven):
        what = str(event.card) if event.card is not None else "a card"
        text = f"{who(event.seat)} gave {what} to {who(event.to)}"
    else:
        return None
    return _cap(text + ".")


def outcome_sentences(
    profile: Profile,
    *,
    dealer: int,
    points: Sequence[int],
    tricks: Sequence[int],
    winner: int | None,
    loser: int | None,
    net: Sequence[int],
    names: Names | None = None,
    events: Sequence[ev.Event] = (),
) -> list[str]:
    """The end of a hand in a few sentences: who won and who lost (the pot, or on points) and
    why — the step of the tie-break that decided — then what each seat gets in all.

    ``winner`` and ``loser`` are the pot's (``None`` when a reversis took it out of play, or in a
    game without a pot); ``events`` (the hand's or a view's) tell a reversis, a privilege used,
    the moon.
    """
    who = _default(names, profile)
    n = len(points)
    out: list[str] = []
    game = game_of(profile)
    made = next((e for e in events if isinstance(e, ev.ReversisMade)), None)
    broken = next((e for e in events if isinstance(e, ev.ReversisBroken)), None)
    privileged = next((e.seat for e in events if isinstance(e, ev.PrivilegeUsed)), None)
    word = profile.money.pot_reason
    if made is not None:
        out.append(_cap(f"{who.does(made.seat, 'make')} the reversis: the {word} is out of play."))
    elif broken is not None:
        out.append(
            _cap(
                f"{who.does(broken.breaker, 'break')} {who.whose(broken.seat)} reversis on trick "
                f"{broken.trick}: the {word} is out of play."
            )
        )
    elif game.has_pot and winner is not None and loser is not None:
        out.append(_cap(f"{who.does(winner, 'win')} the {word} and {who.does(loser, 'lose')} it."))
        out.extend(_why(profile, dealer, points, tricks, winner, loser, privileged, who))
    elif not game.has_pot and n:
        moon = next((e for e in events if isinstance(e, ev.MoonShot)), None)
        if moon is not None:
            out.append(_cap(f"{who.does(moon.seat, 'shoot')} the moon."))
        low, high = min(points), max(points)
        best = [s for s in range(n) if points[s] == low]
        worst = [s for s in range(n) if points[s] == high]
        if low == high:
            out.append(f"Every seat has {plural(low, 'point')}.")
        else:
            goal = "most" if game.highest_points_win else "fewest"
            first, last = (worst, best) if goal == "most" else (best, worst)
            out.append(
                _cap(
                    f"{_seats_have(who, first)} the {goal} points ({points[first[0]]}); "
                    f"{_seats_have(who, last)} the {'fewest' if goal == 'most' else 'most'} "
                    f"({points[last[0]]})."
                )
            )
    if net:
        amounts = ", ".join(f"{who(s)} {signed(a)}" for s, a in enumerate(net))
        out.append(f"In all ({units(profile)}): {amounts}.")
    return out


def _seats_have(who: Names, seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return who.does(seats[0], "have", "has")
    return f"{who.list(seats)} have"


def _why(
    profile: Profile,
    dealer: int,
    points: Sequence[int],
    tricks: Sequence[int],
    winner: int,
    loser: int,
    privileged: int | None,
    who: Names,
) -> list[str]:
    """Why ``winner`` won the pot and ``loser`` lost it: the step of the profile's order that
    decided (fournier-1785 §7, §11; english §7, §12; hoyle §12)."""
    rules = profile.compiled
    name = profile.privilege.name if profile.privilege else "privilege"
    out = []
    excluded = -1
    if privileged == loser and tricks[loser] and rules.priv_failure_loses:
        out.append(
            _cap(
                f"{who(loser)} used the {name} and took a trick, which loses the {profile.money.pot_reason}."
            )
        )
        excluded = loser
    if privileged == winner and not tricks[winner] and rules.priv_success_wins:
        out.append(
            _cap(
                f"{who(winner)} used the {name} and took no trick, which wins the {profile.money.pot_reason}."
            )
        )
        excluded = winner
    others = [s for s in range(len(points)) if s != excluded]
    if winner != excluded:
        out.append(_decided(who, winner, others, points, tricks, "fewest", True, dealer))
    if loser != excluded:
        out.append(
            _decided(who, loser, others, points, tricks, "most", rules.loser_most_tricks, dealer)
        )
    return out


def _decided(
    who: Names,
    seat: int,
    others: Sequence[int],
    points: Sequence[int],
    tricks: Sequence[int],
    most: str,
    most_tricks: bool,
    dealer: int,
) -> str:
    """The sentence of one side of the pot: fewest (most) points, then tricks, then seat order."""
    has = who.does(seat, "have", "has")
    tied = [s for s in others if s != seat and points[s] == points[seat]]
    text = f"{has} the {most} points ({points[seat]})"
    if not tied:
        return _cap(text + ".")
    text += f", tied with {who.list(tied)}"
    fewer = "fewer" if most == "fewest" else ("more" if most_tricks else "fewer")
    still = [s for s in tied if tricks[s] == tricks[seat]]
    if not still:
        theirs = ", ".join(str(tricks[s]) for s in tied)
        return _cap(f"{text}, and {fewer} tricks ({tricks[seat]} to {theirs}).")
    role = ", the dealer," if seat == dealer else ""
    return _cap(
        f"{text} and on tricks ({tricks[seat]}); {who(seat)}{role} "
        f"{'come' if seat == who.you else 'comes'} first in the profile's order from the dealer, "
        "which breaks the tie."
    )


def outcome_text(
    profile: Profile,
    *,
    dealer: int,
    points: Sequence[int],
    tricks: Sequence[int],
    winner: int | None,
    loser: int | None,
    net: Sequence[int],
    names: Names | None = None,
    events: Sequence[ev.Event] = (),
    width: int = 100,
) -> str:
    """:func:`outcome_sentences` as one paragraph, wrapped at ``width`` at word boundaries."""
    text = " ".join(
        outcome_sentences(
            profile,
            dealer=dealer,
            points=points,
            tricks=tricks,
            winner=winner,
            loser=loser,
            net=net,
            names=names,
            events=events,
        )
    )
    return "\n".join(wrap(text, width))


def aim_sentence(profile: Profile) -> str:
    """What a player of ``profile`` plays for, in a sentence (the ``?`` of the terminal game)."""
    return game_of(profile).words.aim.format(pot=profile.money.pot_reason)


def card_stakes(profile: Profile, card: Card) -> str | None:
    """What playing ``card`` can earn or cost in ``profile`` (an ace, a quinola), in a sentence;
    ``None`` for a card that pays nothing by itself."""
    special = next((s for s in profile.specials if card.code in s.cards), None)
    if special is None:
        return None
    what = f"it is {'the' if special.name == 'quinola' else 'an'} {special.name}"
    parts = []
    if special.placed:
        parts.append(
            f"placed on a trick another takes, it earns you {money(profile, special.placed)} "
            "from the taker"
        )
    if special.forced:
        others = (
            f", and each other player pays the leader {money(profile, special.forced_others)}"
            if special.forced_others
            else ""
        )
        parts.append(
            f"forced out on another's lead, it costs you {money(profile, special.forced)} to "
            f"the leader{others}"
        )
    if special.led:
        parts.append(
            f"led, it costs you {money(profile, special.led)} to the "
            f"{profile.money.pot_reason}'s winner"
        )
    if special.played:
        parts.append(f"played holding the suit led, it costs you {money(profile, special.played)}")
    if special.pool:
        pool = {"basket": "the basket", "pot": "the most recent pot"}.get(
            special.pool, f"the {special.pool} pool"
        )
        parts.append(f"placed, it also wins {pool}")
    return _cap(f"{what}: " + "; ".join(parts) + ".")
