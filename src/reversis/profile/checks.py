"""The checks of a profile's combinations: what single keys cannot say (internal).

:func:`check_profile` runs when a :class:`~reversis.Profile` is built. Each check raises
:class:`~reversis.ProfileError` naming the offending key: deal packets that do not add up to the
pack, a tie-break order that is not a permutation of the seats, a mechanism that needs another
(``play.trumps = 'turn-up'`` needs ``deal.shown = 'turn-up'``), or sections of two games at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reversis.cards import Card, Rank, Suit, full_deck
from reversis.errors import InvalidCardError, ProfileError

if TYPE_CHECKING:
    from reversis.profile.schema import Profile

__all__ = ["MAX_ROUNDS", "RANK_CODES", "check_profile", "pool_names"]

#: Most rounds in a match (``match.rounds``, and ``match.continue_rounds``), so that every match
#: of every profile is finite and its stakes stay within what the readers accept.
MAX_ROUNDS = 100
#: The rank codes a profile may name.
RANK_CODES = {r.code: r for r in Rank}
#: Names a pool may not take: the accounts and the keys of the other mechanisms' stakes, so that
#: stakes data read without its profile is never ambiguous.
RESERVED_POOL_NAMES = frozenset({"basket", "beasts", "pot", "pots", "cycle_remised"})
#: The sections that only a game of Reversis has.
_REVERSIS_SECTIONS = ("exchange", "points", "outcome", "reversis", "privilege", "basket", "remise")


def check_profile(p: Profile) -> None:
    """Check every combination of ``p``'s keys; :class:`~reversis.ProfileError` naming the key."""
    deck = _check_table(p)
    tricks = _check_deal(p, deck)
    _check_play(p)
    games = [name for name in ("reversis", "hearts", "tetka", "reunion") if getattr(p, name)]
    if len(games) != 1:
        raise ProfileError(
            "",
            "a profile needs exactly one game: [reversis], [hearts], [tetka] or [reunion] "
            f"(found {games or 'none'})",
        )
    if games[0] == "reversis":
        _check_reversis(p, deck, tricks)
    else:
        for key in (*_REVERSIS_SECTIONS, "specials", "pools"):
            if getattr(p, key):
                raise ProfileError(key, f"is a section of Reversis, not of [{games[0]}]")
        if p.deal.widow in ("pile", "one-each"):
            raise ProfileError("deal.widow", f"[{games[0]}] has no exchange with a widow")
        if p.deal.first_dealer == "quinola-draw":
            raise ProfileError("deal.first_dealer", "'quinola-draw' needs a quinola (Reversis)")
    if p.hearts is not None:
        _check_hearts(p, deck, tricks)
    if p.tetka is not None:
        _check_tetka(p, deck, tricks)
    if p.reunion is not None:
        _check_reunion(p, deck)
    _check_match(p)


def _card_code(code: str, path: str, deck: set[Card]) -> Card:
    try:
        card = Card.parse(code)
    except InvalidCardError:
        raise ProfileError(path, f"{code!r} is not a card code") from None
    if card not in deck:
        raise ProfileError(path, f"{code} is not in this profile's pack")
    return card


def _check_permutation(values: tuple[int, ...], n: int, path: str) -> None:
    if sorted(v % n for v in values) != list(range(n)) or len(values) != n:
        raise ProfileError(path, f"must list each of the {n} seat offsets 0..{n - 1} once")


def _check_table(p: Profile) -> set[Card]:
    n = p.table.players
    if not 3 <= n <= 8:
        raise ProfileError("table.players", f"must be between 3 and 8, not {n}")
    for i, code in enumerate(p.table.removed_ranks):
        if code not in RANK_CODES:
            raise ProfileError(
                f"table.removed_ranks[{i}]", f"{code!r} is not a rank code (2-10, J, Q, K, A)"
            )
    return set(full_deck(RANK_CODES[r] for r in p.table.removed_ranks))


def _check_deal(p: Profile, deck: set[Card]) -> int:
    """The deal's packets, widow and shown card; returns the number of tricks."""
    n = p.table.players
    deal = p.deal
    if not deal.packets:
        raise ProfileError("deal.packets", "the deal needs at least one round")
    for i, (others, dealer) in enumerate(deal.packets):
        if others < 0 or dealer < 0 or others + dealer == 0:
            raise ProfileError(f"deal.packets[{i}]", "packets must be non-negative and not both 0")
    tricks = sum(o for o, _ in deal.packets)
    dealer_cards = sum(d for _, d in deal.packets)
    left = len(deck) - (n - 1) * tricks - dealer_cards
    if tricks < 1 or left < 0:
        raise ProfileError("deal.packets", f"the packets deal more than the {len(deck)} cards")
    if deal.widow in ("pile", "one-each"):
        # fournier-1785 §3: the dealer gets one card more, and the widow one card a non-dealer.
        if dealer_cards != tricks + 1:
            raise ProfileError(
                "deal.packets",
                f"the dealer must get one card more than the others ({dealer_cards} against "
                f"{tricks})",
            )
        if left != n - 1:
            raise ProfileError(
                "deal.packets",
                f"the packets deal {len(deck) - left} of {len(deck)} cards, leaving {left} for "
                f"the widow; it must hold one card for each of the {n - 1} non-dealers",
            )
    else:
        if dealer_cards != tricks:
            raise ProfileError(
                "deal.packets", f"the dealer must get as many cards as the others ({tricks})"
            )
        if deal.widow == "none" and left:
            raise ProfileError("deal.packets", f"the packets leave {left} cards undealt")
        if deal.widow == "dealer" and not left:
            raise ProfileError("deal.widow", "'dealer' needs cards left after the packets")
    if not 1 <= deal.cut_minimum <= len(deck) // 2:
        raise ProfileError("deal.cut_minimum", f"must be between 1 and {len(deck) // 2}")
    if deal.shown == "turn-up" and deal.widow != "dealer":
        raise ProfileError("deal.shown", "'turn-up' needs deal.widow = 'dealer'")
    if deal.shown == "last-dealt" and deal.packets[-1][1] == 0:
        raise ProfileError("deal.shown", "'last-dealt' needs the last packet to go to the dealer")
    barred = 0
    for i, item in enumerate(deal.discard_barred):
        if deal.widow != "dealer":
            raise ProfileError("deal.discard_barred", "needs deal.widow = 'dealer'")
        if item == "bowers":
            if not p.play.bowers:
                raise ProfileError(f"deal.discard_barred[{i}]", "'bowers' needs play.bowers")
            barred += 2
        elif item in RANK_CODES:
            barred += sum(1 for c in deck if c.rank is RANK_CODES[item])
        else:
            raise ProfileError(f"deal.discard_barred[{i}]", f"{item!r} is not a rank or 'bowers'")
    if barred > tricks:
        raise ProfileError(
            "deal.discard_barred", "the dealer could be left with nothing to discard"
        )
    return tricks


def _check_play(p: Profile) -> None:
    play = p.play
    if play.trumps == "turn-up" and p.deal.shown != "turn-up":
        raise ProfileError("play.trumps", "'turn-up' needs deal.shown = 'turn-up'")
    if play.follow == "suit-or-trump" and play.trumps == "none":
        raise ProfileError("play.follow", "'suit-or-trump' needs play.trumps")
    if play.bowers and play.trumps == "none":
        raise ProfileError("play.bowers", "bowers need play.trumps")
    if play.bowers and Rank.JACK.code in p.table.removed_ranks:
        raise ProfileError("play.bowers", "bowers need the jacks in the pack")
    if play.forced == "only-card" and p.reversis is None:
        raise ProfileError("play.forced", "'only-card' classes the cards of Reversis")


def pool_names(p: Profile) -> list[str]:
    """The pools (accounts) a special card of ``p`` may name."""
    if p.basket is not None:
        return ["basket"]
    if p.remise is not None:
        return ["pot"]
    return [pool.name for pool in p.pools]


def _check_reversis(p: Profile, deck: set[Card], tricks: int) -> None:
    n = p.table.players
    for key in ("exchange", "points", "outcome"):
        if getattr(p, key) is None:
            raise ProfileError(key, "is missing: a game of Reversis needs it")
    assert p.exchange is not None
    assert p.points is not None
    assert p.outcome is not None
    assert p.reversis is not None
    if p.deal.widow not in ("pile", "one-each"):
        raise ProfileError("deal.widow", "Reversis exchanges with a widow: 'pile' or 'one-each'")
    if p.deal.first_dealer == "quinola-draw" and not any(s.name == "quinola" for s in p.specials):
        raise ProfileError("deal.first_dealer", "'quinola-draw' needs a quinola in [[specials]]")
    if p.play.trumps != "none":
        raise ProfileError("play.trumps", "Reversis has no trumps")
    points = p.points
    for key in ("trick", "pot"):
        for code, value in getattr(points, key):
            if code not in RANK_CODES:
                raise ProfileError(f"points.{key}.{code}", "is not a rank code (2-10, J, Q, K, A)")
            if value < 0:
                raise ProfileError(f"points.{key}.{code}", "must not be negative")
    priced: set[Card] = set()
    for code, value in points.pot_cards:
        card = _card_code(code, f"points.pot_cards.{code}", deck)
        if card in priced:
            raise ProfileError(f"points.pot_cards.{code}", f"gives {card.code} a second value")
        priced.add(card)
        if value < 0:
            raise ProfileError(f"points.pot_cards.{code}", "must not be negative")
    if points.pot_bonus < 0:
        raise ProfileError("points.pot_bonus", "must not be negative")
    _check_permutation(p.outcome.winner_order, n, "outcome.winner_order")
    _check_permutation(p.outcome.loser_order, n, "outcome.loser_order")
    _check_money(p, deck, tricks)
    _check_privilege(p, deck, tricks)
    rev = p.reversis
    if not 1 <= rev.commit < tricks:
        raise ProfileError("reversis.commit", f"must be between 1 and {tricks - 1}")
    for key in ("made", "made_opposite", "broken", "broken_by_quinola"):
        if getattr(rev, key) < 0:
            raise ProfileError(f"reversis.{key}", "must not be negative")


def _check_money(p: Profile, deck: set[Card], tricks: int) -> None:
    n = p.table.players
    mechanisms = [m for m in ("basket", "remise") if getattr(p, m) is not None]
    if p.pools:
        mechanisms.append("pools")
    if len(mechanisms) != 1:
        raise ProfileError(
            "",
            "a game of Reversis needs exactly one money mechanism: [basket], [remise] or "
            f"[[pools]] (found {mechanisms or 'none'})",
        )
    names = pool_names(p)
    seen: set[Card] = set()
    for i, special in enumerate(p.specials):
        path = f"specials[{i}]"
        if not special.cards:
            raise ProfileError(f"{path}.cards", "must name at least one card")
        for j, code in enumerate(special.cards):
            card = _card_code(code, f"{path}.cards[{j}]", deck)
            if card in seen:
                raise ProfileError(f"{path}.cards[{j}]", f"{code} is already a special card")
            seen.add(card)
        for key in ("placed", "forced", "forced_others", "led", "led_others", "played"):
            if getattr(special, key) < 0:
                raise ProfileError(f"{path}.{key}", "must not be negative")
        if special.played and p.play.forced != "only-card":
            raise ProfileError(f"{path}.played", "needs play.forced = 'only-card'")
        if special.pool and special.pool not in names:
            raise ProfileError(
                f"{path}.pool", f"{special.pool!r} is not a pool of this profile ({names})"
            )
        if special.pool and len(special.cards) != 1:
            raise ProfileError(f"{path}.cards", "a card with a pool must have a line of its own")
    if p.pools:
        if len(set(names)) != len(names):
            raise ProfileError("pools", "pool names must differ")
        for i, pool in enumerate(p.pools):
            if pool.name in RESERVED_POOL_NAMES or not pool.name.isidentifier():
                raise ProfileError(f"pools[{i}].name", f"{pool.name!r} cannot name a pool")
            for key in ("stake", "ante", "dealer_ante", "cap", "three_stakes"):
                if getattr(pool, key) < 0:
                    raise ProfileError(f"pools[{i}].{key}", "must not be negative")
            if pool.stake > n * pool.ante + pool.dealer_ante:
                raise ProfileError(
                    f"pools[{i}].stake",
                    "the antes of one deal must bring an empty pool to its stake",
                )
    if p.basket is not None and (p.basket.ante < 0 or p.basket.dealer_ante < 0):
        raise ProfileError("basket", "antes must not be negative")
    if p.remise is not None:
        for key in ("ante", "dealer_first_ante", "dealer_ante"):
            if getattr(p.remise, key) < 0:
                raise ProfileError(f"remise.{key}", "must not be negative")
    ex = p.exchange
    assert ex is not None
    if ex.decline == "three-stakes":
        if not p.pools:
            raise ProfileError("exchange.decline", "'three-stakes' needs [[pools]]")
        if not ex.three_stakes_pools:
            raise ProfileError("exchange.three_stakes_pools", "must name at least one pool")
    for i, name in enumerate(ex.three_stakes_pools):
        if name not in names or not p.pools:
            raise ProfileError(f"exchange.three_stakes_pools[{i}]", f"{name!r} is not a pool")
    if ex.discard_quinolas == "three-stakes" and not p.pools:
        raise ProfileError("exchange.discard_quinolas", "'three-stakes' needs [[pools]]")
    if ex.opposite and n % 2:
        raise ProfileError("exchange.opposite", "needs an even number of players")
    if p.money.opposite_doubles and n != 4:
        raise ProfileError("money.opposite_doubles", "opposite seats need four players")
    for i, trick in enumerate(p.money.bonne_tricks):
        if not 1 <= trick <= tricks:
            raise ProfileError(f"money.bonne_tricks[{i}]", f"must be a trick from 1 to {tricks}")


def _check_privilege(p: Profile, deck: set[Card], tricks: int) -> None:
    priv = p.privilege
    if priv is None:
        return
    if not priv.cards:
        raise ProfileError("privilege.cards", "must name at least one card")
    cards = [_card_code(c, f"privilege.cards[{i}]", deck) for i, c in enumerate(priv.cards)]
    if len(set(cards)) != len(cards):
        raise ProfileError("privilege.cards", "names a card twice")
    if not 1 <= priv.needed <= len(cards):
        raise ProfileError("privilege.needed", f"must be between 1 and {len(cards)}")
    if 2 * priv.needed <= len(cards):
        raise ProfileError(
            "privilege.needed", "must be more than half of the cards, so only one player qualifies"
        )
    if not 1 <= priv.last_trick <= tricks:
        raise ProfileError("privilege.last_trick", f"must be a trick from 1 to {tricks}")
    if len(set(priv.failure)) != len(priv.failure):
        raise ProfileError("privilege.failure", "names a consequence twice")
    if "returns-pot" in priv.failure and p.remise is None:
        raise ProfileError("privilege.failure", "'returns-pot' needs [remise]")
    if "repays-pools" in priv.failure and not p.pools:
        raise ProfileError("privilege.failure", "'repays-pools' needs [[pools]]")


def _check_hearts(p: Profile, deck: set[Card], tricks: int) -> None:
    hearts = p.hearts
    assert hearts is not None
    n = p.table.players
    if p.deal.widow != "none":
        raise ProfileError("deal.widow", "Hearts deals the whole pack: 'none'")
    if p.play.trumps != "none":
        raise ProfileError("play.trumps", "Hearts has no trumps")
    # hearts §5, §7, §8: the two of clubs leads, the queen of spades and the hearts score.
    for code, key in (("2C", "table.removed_ranks"), ("QS", "table.removed_ranks")):
        if Card.parse(code) not in deck:
            raise ProfileError(key, f"Hearts needs {code} in the pack")
    if hearts.jd_bonus and Card.parse("JD") not in deck:
        raise ProfileError("hearts.jd_bonus", "needs JD in the pack")
    if not hearts.pass_cycle:
        raise ProfileError("hearts.pass_cycle", "must name at least one direction")
    if "across" in hearts.pass_cycle and n % 2:
        raise ProfileError("hearts.pass_cycle", "'across' needs an even number of players")
    if hearts.pass_cards and tricks < 3:
        raise ProfileError("hearts.pass_cards", "each player must hold three cards to pass")
    if not any(c.suit is Suit.HEARTS for c in deck):
        raise ProfileError("table.removed_ranks", "Hearts needs hearts in the pack")


def _check_tetka(p: Profile, deck: set[Card], tricks: int) -> None:
    tetka = p.tetka
    assert tetka is not None
    # tetka §4: the bum trick is the trick numbered by the bum rank (ace 1, king 13): the whole
    # pack, 13 tricks.
    if len(deck) != 52 or tricks != 13 or p.table.players != 4:
        raise ProfileError("table", "Tëtka deals the whole 52-card pack to four players")
    if p.deal.shown != "last-dealt":
        raise ProfileError("deal.shown", "Tëtka shows the bum card: 'last-dealt'")
    if p.play.trumps != "none":
        raise ProfileError("play.trumps", "Tëtka has no trumps")
    if not 1 <= tetka.orbits <= MAX_ROUNDS:
        raise ProfileError("tetka.orbits", f"must be from 1 to {MAX_ROUNDS}")
    if p.match.rounds != 1 or p.match.end not in ("keep",):
        raise ProfileError("match", "a Tëtka game's length is [tetka] orbits; leave [match] out")


def _check_reunion(p: Profile, deck: set[Card]) -> None:
    # reunion §1, §8: three players, the piquet pack; the game's thresholds assume 450 points.
    expected = set(full_deck(RANK_CODES[r] for r in ("2", "3", "4", "5", "6")))
    if p.table.players != 3 or deck != expected:
        raise ProfileError("table", "Réunion is for three players with the 32-card piquet pack")
    if p.deal.widow != "dealer" or p.deal.shown != "turn-up":
        raise ProfileError("deal", "Réunion's dealer takes up the widow and its turn-up")
    if p.play.trumps != "turn-up" or not p.play.bowers:
        raise ProfileError("play", "Réunion has trumps from the turn-up, with bowers")
    reunion = p.reunion
    assert reunion is not None
    for rank, _ in reunion.points:
        if rank not in RANK_CODES:
            raise ProfileError(f"reunion.points.{rank}", "is not a rank code (A K Q J 10 … 2)")
    lows = [low for low, _ in reunion.game_scale]
    if not lows or lows != sorted(set(lows), reverse=True) or lows[-1] != 0:
        raise ProfileError(
            "reunion.game_scale", "lists [lowest total, units] pairs, highest first, ending at 0"
        )
    if any(units < 0 for _, units in reunion.game_scale):
        raise ProfileError("reunion.game_scale", "units must not be negative")
    if reunion.left_bower_payment < 0 or reunion.no_trick_payment < 0:
        raise ProfileError("reunion", "payments must not be negative")


def _check_match(p: Profile) -> None:
    match = p.match
    if not 1 <= match.rounds <= MAX_ROUNDS:
        raise ProfileError("match.rounds", f"must be from 1 to {MAX_ROUNDS}")
    if not 0 <= match.continue_rounds <= MAX_ROUNDS:
        raise ProfileError("match.continue_rounds", f"must be from 0 to {MAX_ROUNDS}")
    if match.end == "choice" and p.basket is None:
        raise ProfileError("match.end", "'choice' needs [basket]")
    if match.end == "limit":
        if p.reversis is not None:
            raise ProfileError("match.end", "'limit' ends a game of points, not of Reversis")
        if not 1 <= match.limit <= 10**6:
            raise ProfileError("match.limit", "must be from 1 to 1000000")
    elif match.limit:
        raise ProfileError("match.limit", "needs match.end = 'limit'")
    if p.money.bankroll < 0:
        raise ProfileError("money.bankroll", "must not be negative")
