"""The sections of a rule profile, one frozen ``attrs`` class per TOML table.

Each field is a key of the table, documented in its metadata (the docs' profile reference is
generated from it). Which sections a profile has chooses its game's mechanisms (see
:class:`~reversis.Profile`).
"""

from __future__ import annotations

from typing import Literal

import attrs

from reversis.profile.build import doc, mapping

__all__ = [
    "BasketRules",
    "DealRules",
    "ExchangeRules",
    "HeartsRules",
    "MatchRules",
    "MoneyRules",
    "OutcomeRules",
    "PlayRules",
    "PointRules",
    "PrivilegeRules",
    "QuinolaPool",
    "RemiseRules",
    "ReunionRules",
    "ReversisRules",
    "SpecialCard",
    "TableRules",
    "TetkaRules",
]


@attrs.frozen
class TableRules:
    """``[table]``: players, the pack and the way play goes round."""

    players: int = attrs.field(metadata=doc("Number of players (3 or more)."))
    removed_ranks: tuple[str, ...] = attrs.field(
        metadata=doc("Ranks taken out of the 52-card pack, e.g. ``['10']``.")
    )
    direction: Literal["counter-clockwise", "clockwise"] = attrs.field(
        metadata=doc(
            "The way play goes round the table. Seats are always numbered in playing order; "
            "this only says where seat ``s + 1`` sits."
        )
    )


@attrs.frozen
class DealRules:
    """``[deal]``: first dealer, cut and packets."""

    first_dealer: Literal["quinola-draw", "uniform"] = attrs.field(
        metadata=doc(
            "How the first dealer of a match is chosen from the seed: ``quinola-draw`` (the pack is "
            "split into one pile per player; whoever finds the Quinola deals) or ``uniform``."
        )
    )
    cutter: int = attrs.field(
        metadata=doc("Who cuts, as an offset from the dealer in playing order (``-1``).")
    )
    cut_minimum: int = attrs.field(metadata=doc("Fewest cards in each packet of the cut."))
    packets: tuple[tuple[int, int], ...] = attrs.field(
        metadata=doc(
            "The rounds of the deal, from the eldest in playing order: ``[cards to each "
            "non-dealer, cards to the dealer]`` per round. What is left is the widow."
        )
    )
    widow: Literal["pile", "one-each", "dealer", "none"] = attrs.field(
        metadata=doc(
            "What the cards left after the packets (the widow) are for. ``pile``: one face-down "
            "pile whose cards the non-dealers take in turn; ``one-each``: one card before each "
            "non-dealer (either way the i-th non-dealer from the eldest gets the i-th card, and "
            "``[exchange]`` says how); ``dealer``: the dealer takes them up and then discards as "
            "many (Réunion); ``none``: the packets deal the whole pack."
        )
    )
    shown: Literal["none", "last-dealt", "turn-up"] = attrs.field(
        default="none",
        metadata=doc(
            "A card shown to everyone at the deal: ``last-dealt``, the last card dealt, the "
            "dealer's (Tëtka's bum card); ``turn-up``, the last card of the widow, which the dealer "
            "takes up and whose suit is trumps (Réunion); or ``none``."
        ),
    )
    discard_barred: tuple[str, ...] = attrs.field(
        default=(),
        metadata=doc(
            "With ``widow = 'dealer'``: what the dealer may not discard, as rank codes (``A``) "
            "and ``bowers`` (the two jacks that are trumps)."
        ),
    )


@attrs.frozen
class ExchangeRules:
    """``[exchange]``: the exchange with the widow and the dealer's discard."""

    dealer: Literal["first", "last"] = attrs.field(
        metadata=doc("Whether the dealer discards before or after the non-dealers exchange.")
    )
    decline: Literal["always", "three-stakes", "never"] = attrs.field(
        metadata=doc(
            "When a non-dealer may decline the exchange: ``always``, ``never``, or ``three-stakes`` "
            "(only while a pool named in ``three_stakes_pools`` is at three stakes)."
        )
    )
    discard_quinolas: Literal["always", "three-stakes"] = attrs.field(
        metadata=doc(
            "Whether a quinola may always be put out, or only while its own pool is at three stakes."
        )
    )
    opposite: bool = attrs.field(
        metadata=doc(
            "After the discards, each player gives one card, face down, to the player opposite; "
            "the four cards change hands together."
        )
    )
    three_stakes_pools: tuple[str, ...] = attrs.field(
        default=(),
        metadata=doc(
            "The pools whose three stakes allow declining (``decline = 'three-stakes'``)."
        ),
    )


@attrs.frozen
class PlayRules:
    """``[play]``: following, trumps, and how a card that follows suit is classed."""

    forced: Literal["suit", "only-card"] = attrs.field(
        default="suit",
        metadata=doc(
            "``suit``: every card of the suit led played by another player is *forced*; "
            "``only-card``: forced only when it was the player's only card of that suit, "
            "otherwise *played*."
        ),
    )
    follow: Literal["suit", "suit-or-trump"] = attrs.field(
        default="suit",
        metadata=doc(
            "``suit``: follow the suit led if able, else play any card; ``suit-or-trump``: "
            "follow if able, else play a trump if able, else any card."
        ),
    )
    trumps: Literal["none", "turn-up"] = attrs.field(
        default="none",
        metadata=doc(
            "``none``: the highest card of the suit led wins; ``turn-up``: the suit of the "
            "turn-up (``deal.shown = 'turn-up'``) is trumps, and the highest trump wins."
        ),
    )
    bowers: bool = attrs.field(
        default=False,
        metadata=doc(
            "With trumps: the jack of trumps (right bower) and the other jack of its colour (left "
            "bower) are the two highest trumps, and the left bower belongs to trumps only."
        ),
    )


@attrs.frozen
class PointRules:
    """``[points]``: card points in tricks and the value of the pot (party)."""

    trick: tuple[tuple[str, int], ...] = attrs.field(
        metadata=mapping("Points of a card in the tricks, by rank code (``{A = 4, K = 3}``).")
    )
    pot: tuple[tuple[str, int], ...] = attrs.field(
        metadata=mapping("Counters of a card in the pot (discard), by rank code.")
    )
    pot_cards: tuple[tuple[str, int], ...] = attrs.field(
        metadata=mapping("Pot values of particular cards, overriding their rank (``{JH = 4}``).")
    )
    pot_bonus: int = attrs.field(metadata=doc("The flat amount added to the pot's value."))


@attrs.frozen
class OutcomeRules:
    """``[outcome]``: who wins and who loses the pot (party) of an ordinary hand."""

    winner_order: tuple[int, ...] = attrs.field(
        metadata=doc(
            "Ties on points and tricks for the win go to the first of these seats, given as "
            "offsets from the dealer in playing order (``[0, 3, 2, 1]``: dealer, then against play)."
        )
    )
    loser_order: tuple[int, ...] = attrs.field(
        metadata=doc("Of players tied for the loss, the first of these offsets loses.")
    )
    loser_ties: Literal["most-tricks", "fewest-tricks"] = attrs.field(
        metadata=doc(
            "Of players tied on points for the loss, the one with most (fewest) tricks loses."
        )
    )


@attrs.frozen
class PrivilegeRules:
    """``[privilege]``: the four aces (Fournier) or the espagnolette (English, Hoyle)."""

    name: str = attrs.field(
        metadata=doc("Its name, for display (``four aces``, ``espagnolette``).")
    )
    cards: tuple[str, ...] = attrs.field(metadata=doc("The cards that count towards it."))
    needed: int = attrs.field(
        metadata=doc("How many of ``cards`` a player must hold after the exchange to qualify.")
    )
    last_trick: int = attrs.field(
        metadata=doc("The last trick on which the player may renounce while able to follow.")
    )
    success: Literal["ordinary", "wins-party"] = attrs.field(
        metadata=doc(
            "A player who used it and took no trick: ``ordinary`` rule, or ``wins-party`` ahead of all."
        )
    )
    failure: tuple[
        Literal["loses-party", "repays-double", "returns-pot", "returns-placed", "repays-pools"],
        ...,
    ] = attrs.field(
        metadata=doc(
            "What a player who used it and took a trick does: ``loses-party`` (pays the pot to the "
            "winner among the others), ``repays-double`` (pays each player back double what that "
            "player paid him for aces and quinolas), ``returns-pot`` (returns a pot taken, then "
            "pays a remise), ``returns-placed`` (returns the consolations received for the cards he "
            "placed), ``repays-pools`` (returns each pool value a placed quinola took and pays it "
            "in again)."
        )
    )
    pays_reversis_alone: bool = attrs.field(
        metadata=doc("Whether the player who used it pays another's made reversis alone.")
    )


@attrs.frozen
class ReversisRules:
    """``[reversis]``: commitment, making and breaking."""

    commit: int = attrs.field(metadata=doc("Winning the first this-many tricks commits to it."))
    end_on_break: bool = attrs.field(
        metadata=doc(
            "Whether a reversis broken on the trick after commitment ends the hand at once."
        )
    )
    made: int = attrs.field(metadata=doc("What each other player pays for a made reversis."))
    made_opposite: int = attrs.field(
        metadata=doc("What the player opposite pays for a made reversis (four players).")
    )
    broken: int = attrs.field(metadata=doc("What the reversis player pays the breaker."))
    broken_by_quinola: int = attrs.field(
        metadata=doc("The same, when the card that wins the breaking trick is a quinola.")
    )
    undo: Literal["all", "others-pools"] = attrs.field(
        metadata=doc(
            "What commitment undoes of tricks before it: ``all`` ace and quinola payments and pool "
            "moves, or only the pool moves of ``others-pools`` than the reversis player."
        )
    )
    final_tricks_pay: bool = attrs.field(
        default=False,
        metadata=doc("Whether aces and quinolas still pay consolations after commitment."),
    )


@attrs.frozen
class SpecialCard:
    """``[[specials]]``: cards that pay when played (aces, quinolas)."""

    name: Literal["ace", "quinola"] = attrs.field(
        metadata=doc("The kind of card; the payment reasons are ``<name>_placed`` and so on.")
    )
    cards: tuple[str, ...] = attrs.field(metadata=doc("The cards this line applies to."))
    placed: int = attrs.field(
        metadata=doc("Placed on a renounce: the taker of the trick pays the player.")
    )
    forced: int = attrs.field(metadata=doc("Forced: the player pays the leader of the trick."))
    forced_others: int = attrs.field(
        metadata=doc(
            "Forced: each player other than the card's player and the leader pays the leader."
        )
    )
    led: int = attrs.field(metadata=doc("Led: the player pays the winner of the pot (party)."))
    led_others: int = attrs.field(
        default=0,
        metadata=doc("Led: each player other than the leader and the winner pays the winner."),
    )
    played: int = attrs.field(
        default=0,
        metadata=doc("Played (``forced = 'only-card'``): the player pays the winner of the party."),
    )
    pool: str = attrs.field(
        default="",
        metadata=doc(
            "The pool the card wins when placed and pays when otherwise played (or ``''``)."
        ),
    )


@attrs.frozen
class MoneyRules:
    """``[money]``: the unit, bankrolls and doublings."""

    unit: str = attrs.field(
        default="unit",
        metadata=doc("The name of the unit (``counter``, ``credit``, ``fish``, ``unit``)."),
    )
    bankroll: int = attrs.field(default=0, metadata=doc("What each player starts a match with."))
    claim_led: bool = attrs.field(
        default=False,
        metadata=doc("Whether payments owed to the pot winner for led cards are claimed."),
    )
    bonne_tricks: tuple[int, ...] = attrs.field(
        default=(),
        metadata=doc("Tricks *à la bonne*: the card payments between players on them are doubled."),
    )
    opposite_doubles: tuple[Literal["cards", "party"], ...] = attrs.field(
        default=(),
        metadata=doc("Payments doubled between players sitting opposite (four players)."),
    )
    pot_reason: Literal["pot", "party"] = attrs.field(
        default="pot",
        metadata=doc("The reason given to the payment of the pot's value (``pot`` or ``party``)."),
    )
    unit_plural: str | None = attrs.field(
        default=None,
        metadata=doc("The unit's plural (``fish``); by default the unit and an ``s``."),
    )


@attrs.frozen
class BasketRules:
    """``[basket]``: Fournier's basket and beasts."""

    ante: int = attrs.field(metadata=doc("What each player puts in when the basket is empty."))
    dealer_ante: int = attrs.field(metadata=doc("What the dealer adds before every hand."))


@attrs.frozen
class RemiseRules:
    """``[remise]``: the English chain of pots."""

    ante: int = attrs.field(metadata=doc("What each non-dealer antes to form a new pot 1."))
    dealer_first_ante: int = attrs.field(metadata=doc("The dealer's ante to a new pot 1."))
    dealer_ante: int = attrs.field(metadata=doc("The dealer's ante to the most recent pot."))
    led_quinola_remise: bool = attrs.field(
        metadata=doc("Whether a led quinola pays a remise at the end of its trick.")
    )


@attrs.frozen
class QuinolaPool:
    """``[[pools]]``: one of Hoyle's quinola pools."""

    name: str = attrs.field(metadata=doc("The pool's name, used as an account (``great``)."))
    stake: int = attrs.field(metadata=doc("Below this the pool is replenished before a deal."))
    ante: int = attrs.field(metadata=doc("What each player puts in to replenish it."))
    dealer_ante: int = attrs.field(metadata=doc("What the dealer adds before every deal."))
    cap: int = attrs.field(metadata=doc("The most a quinola takes from or pays into it."))
    three_stakes: int = attrs.field(metadata=doc("The pool is at three stakes from this amount."))


@attrs.frozen
class MatchRules:
    """``[match]``: length and end of a match."""

    rounds: int = attrs.field(
        default=1,
        metadata=doc("Rounds in a match; a round is one deal by each player."),
    )
    end: Literal["choice", "keep", "share", "limit"] = attrs.field(
        default="keep",
        metadata=doc(
            "How a match ends. After ``rounds`` rounds, the stakes left on the table are the "
            "loser's ``choice`` to continue or share (Fournier), kept aside (``keep``), or shared "
            "(``share``); ``limit``: hands go on until, after a hand, some seat's points total "
            "more than ``limit`` (Hearts)."
        ),
    )
    limit: int = attrs.field(
        default=0,
        metadata=doc("With ``end = 'limit'``: the total of points that ends the match."),
    )
    continue_rounds: int = attrs.field(
        default=2,
        metadata=doc(
            "With ``end = 'choice'``: the most rounds played after the agreed ones when the players "
            "choose to continue; the stakes still on the table after them are shared, and the "
            "match is over (Fournier §12 [decision])."
        ),
    )


@attrs.frozen
class HeartsRules:
    """``[hearts]``: OpenSpiel's Hearts parameters, under OpenSpiel's names (hearts §3–§10)."""

    pass_cards: bool = attrs.field(
        default=True, metadata=doc("Before play, each player passes three cards (hearts §4).")
    )
    no_pts_on_first_trick: bool = attrs.field(
        default=True,
        metadata=doc(
            "On the first trick a player who cannot follow may not play a heart or the queen of "
            "spades, unless he holds nothing else (hearts §5)."
        ),
    )
    can_lead_any_club: bool = attrs.field(
        default=False,
        metadata=doc("The holder of the two of clubs may lead any club to trick 1 (hearts §5)."),
    )
    jd_bonus: bool = attrs.field(
        default=False,
        metadata=doc("The jack of diamonds counts −10 for its winner: Omnibus Hearts (hearts §8)."),
    )
    avoid_all_tricks_bonus: bool = attrs.field(
        default=False,
        metadata=doc(
            "A player who wins no trick scores −5, unless the moon was shot (hearts §10)."
        ),
    )
    must_break_hearts: bool = attrs.field(
        default=True,
        metadata=doc("A heart may not be led before hearts are broken (hearts §7)."),
    )
    qs_breaks_hearts: bool = attrs.field(
        default=True, metadata=doc("Playing the queen of spades breaks hearts (hearts §7).")
    )
    can_lead_hearts_instead_of_qs: bool = attrs.field(
        default=False,
        metadata=doc(
            "Hearts not broken, a leader whose only other card is the queen of spades may lead "
            "any card (hearts §7)."
        ),
    )
    pass_cycle: tuple[Literal["left", "right", "across", "none"], ...] = attrs.field(
        default=("left", "right", "across", "none"),
        metadata=doc(
            "The pass direction of hand ``h`` is item ``(h - 1) mod len`` (hearts §3 [decision])."
        ),
    )
    heart_points: int = attrs.field(
        default=1, metadata=doc("The points of each heart taken (hearts §8).")
    )
    qs_points: int = attrs.field(
        default=13, metadata=doc("The points of the queen of spades taken (hearts §8).")
    )
    jd_points: int = attrs.field(
        default=-10,
        metadata=doc("The points of the jack of diamonds taken, with ``jd_bonus`` (hearts §8)."),
    )
    no_trick_points: int = attrs.field(
        default=-5,
        metadata=doc(
            "The points of a player who takes no trick, with ``avoid_all_tricks_bonus`` "
            "(hearts §10)."
        ),
    )
    moon: Literal["others", "self", "off"] = attrs.field(
        default="others",
        metadata=doc(
            "Shooting the moon (hearts §9): ``others`` (OpenSpiel's), the moon's points are taken "
            "from the shooter and added to each other player; ``self``, taken from the shooter "
            "only; ``off``, every card counts as taken."
        ),
    )


@attrs.frozen
class TetkaRules:
    """``[tetka]``: Tëtka's scoring and game (tetka §4–§7)."""

    orbits: int = attrs.field(
        default=1,
        metadata=doc("A game is ``4 × orbits`` hands: each player deals once an orbit (tetka §7)."),
    )
    queen: int = attrs.field(default=1, metadata=doc("The points of each queen taken (tetka §4)."))
    tetka: int = attrs.field(
        default=2, metadata=doc("The points of Tëtka, the queen of the bum suit (tetka §4).")
    )
    bum_card: int = attrs.field(
        default=1,
        metadata=doc("The points of the bum card taken, besides its own as a card (tetka §4)."),
    )
    bum_trick: int = attrs.field(
        default=1, metadata=doc("The points of taking the bum trick (tetka §4).")
    )
    last_trick: int = attrs.field(
        default=1, metadata=doc("The points of taking the last trick (tetka §4).")
    )
    most_tricks: int = attrs.field(
        default=1, metadata=doc("The points of taking most tricks (tetka §5).")
    )


@attrs.frozen
class ReunionRules:
    """``[reunion]``: Réunion's options (reunion §2, §4)."""

    ten_high: bool = attrs.field(
        default=False,
        metadata=doc("The ten ranks between the ace and the king (reunion §2 [profile flag])."),
    )
    discard_needs_trick: bool = attrs.field(
        default=False,
        metadata=doc(
            "A dealer who wins no trick does not count his discards (reunion §4 [profile flag])."
        ),
    )
    points: tuple[tuple[str, int], ...] = attrs.field(
        default=(("10", 10), ("A", 11), ("J", 2), ("K", 4), ("Q", 3)),
        metadata=mapping("The card points, by rank code (reunion §3)."),
    )
    bower_points: int = attrs.field(
        default=12, metadata=doc("The card points of each bower (reunion §3).")
    )
    last_trick: int = attrs.field(
        default=10, metadata=doc("The points of taking the last trick (reunion §6).")
    )
    left_bower_payment: int = attrs.field(
        default=1,
        metadata=doc(
            "Units the player of the left bower pays the player of the right bower when both fall "
            "to one trick (reunion §7)."
        ),
    )
    no_trick_payment: int = attrs.field(
        default=1,
        metadata=doc("Units a player who takes no trick pays each other player (reunion §7)."),
    )
    game_scale: tuple[tuple[int, int], ...] = attrs.field(
        default=((150, 0), (100, 1), (50, 2), (1, 3), (0, 4)),
        metadata=doc(
            "What a player who did not win the game pays each winner, by his game total: "
            "``[lowest total, units]`` pairs, highest first (reunion §8)."
        ),
    )
