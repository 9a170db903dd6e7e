# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# The deal in C: engine/chance.py's seeded shuffle and engine/deal.py's
# deal_of_pack, giving the same pack and an equal Deal (every field the same value). What depends
# on the profile alone (the pack's cards, where each position of the pack goes for each dealer) or
# on the profile, the dealer, the pass direction and the trump suit (engine/deal.py deal_tables) is
# worked out once, by the reference's own functions, and kept; a deal then costs its shuffle, a
# pass over the pack and the Deal's fields.

cimport cython
from cpython.ref cimport PyObject, Py_INCREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int8_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from reversis._core.bits cimport RV_TUPLE_SET, rv_highest, rv_lowest, rv_mulhi, rv_popcount
from reversis._core.chance cimport _deck_words
from reversis._core.lowered cimport Lowering, _mask, _small, lowering_of
from reversis._core.state cimport MAX_PLAYERS, NCARDS

import attrs

from reversis.engine import chance
from reversis.engine.deal import Deal, deal_tables, pass_offset
from reversis.engine.deal import deal_of_pack as reference_deal_of_pack
from reversis.errors import ArgumentError
from reversis.profile.stakes import exchange_limits, parse_stakes

cdef extern from "Python.h":
    int PyObject_GenericSetAttr(object o, object name, object value) except -1


@cython.final
@cython.no_gc
cdef class PackShape:
    """The pack of one profile (its cards' bits in card order) and, for one dealer, where each
    position of a pack goes (reversis.profile.compiled: ``deal_getters``, fournier-1785 §3)."""



#: The last Rules with its PackShapes by dealer + 1 (the pack alone first: its Lowering's
#: ``shapes``), found without a look-up: ``(rules, shapes)``, one tuple replaced in one store, so
#: that a thread never reads one Rules with another's shapes.
cdef tuple _RECENT = (None, [None] * (MAX_PLAYERS + 1))


cdef PackShape _pack_shape(object profile, object rules, int dealer):
    """The PackShape of ``rules`` (``profile``'s) and ``dealer`` (-1: the pack alone), kept in
    the Rules' Lowering."""
    global _RECENT
    cdef PackShape shape
    cdef tuple recent = _RECENT
    cdef list shapes = recent[1]
    if rules is recent[0] and -1 <= dealer < MAX_PLAYERS:
        shape = shapes[dealer + 1]
        if shape is not None:
            return shape
    if not -1 <= dealer < MAX_PLAYERS:
        return _pack_shape_of(profile, rules, dealer)  # refused there: no such dealer
    shapes = lowering_of(rules).shapes
    shape = shapes[dealer + 1]
    if shape is None:
        shape = _pack_shape_of(profile, rules, dealer)
        shapes[dealer + 1] = shape
    _RECENT = (rules, shapes)
    return shape


cdef int _first_offset(PackShape shape, object profile) except -1000:
    """engine/deal.py ``pass_offset(profile, None, 1)``, kept with the shape (of the profile's
    Rules)."""
    if not shape.first_offset_known:
        shape.first_offset = pass_offset(profile, None, 1)
        shape.first_offset_known = True
    return shape.first_offset


cdef PackShape _pack_shape_of(object profile, object rules, int dealer):
    cdef PackShape shape = PackShape.__new__(PackShape)
    masks = rules.deck_masks
    shape.size = len(masks)
    shape.cut_minimum = profile.deal.cut_minimum
    if not 0 < shape.size <= NCARDS:
        raise ArgumentError("the compiled core deals packs of at most 64 cards")
    cdef int i, seat
    for i in range(shape.size):
        shape.bits[i] = rv_highest(_mask(masks[i], "pack"))
    if dealer >= 0:
        positions = tuple(range(shape.size))
        getters, widow_getter = rules.deal_getters[dealer]
        memset(shape.seat_of, -2, sizeof(shape.seat_of))
        for seat in range(len(getters)):
            for i in getters[seat](positions):
                shape.seat_of[i] = seat
        shape.nwidow = 0
        for i in widow_getter(positions):
            shape.seat_of[i] = -1
            shape.widow_at[shape.nwidow] = i
            shape.nwidow += 1
        own = getters[dealer](positions)
        shape.last_of_dealer = own[len(own) - 1]
        for i in range(shape.size):
            if shape.seat_of[i] == -2:
                raise ArgumentError(f"the profile's deal leaves card {i} of the pack undealt")
    return shape




cdef int _shuffle(PackShape shape, object seed, uint8_t* deck) except -1:
    """engine/chance.py seeded_pack into ``deck``, as card bits: SHAKE-256 words, the library's
    Fisher-Yates and cut. ``seed`` is an integer from 0 to 2**128 - 1."""
    cdef int n = shape.size, m = shape.cut_minimum, span = n - 2 * m + 1
    cdef int i, j, k
    cdef uint8_t swap
    cdef uint8_t shuffled[NCARDS]
    cdef unsigned long long words[NCARDS]
    _deck_words(seed, words, n)
    memcpy(shuffled, shape.bits, n)
    # Fisher-Yates from the end, one word per swap: j = (w * (i + 1)) >> 64.
    for k in range(n - 1):
        i = n - 1 - k
        j = <int>rv_mulhi(words[k], <unsigned long long>(i + 1))
        swap = shuffled[i]
        shuffled[i] = shuffled[j]
        shuffled[j] = swap
    # The cut: the top k cards go under the rest.
    k = m + <int>rv_mulhi(words[n - 1], <unsigned long long>span)
    for i in range(n):
        deck[i] = shuffled[(i + k) % n]
    return n


cdef bint _is_seed(object seed):
    """Whether ``seed`` is a seed of the shuffle: an integer from 0 to 2**128 - 1."""
    return type(seed) is int and seed >= 0 and seed.bit_length() <= 128


#: The one-card masks by card bit, made once.
cdef tuple _ONE_CARD = tuple([(<object>1) << bit for bit in range(NCARDS)])


cdef tuple _pack_tuple(const uint8_t* deck, int n):
    cdef tuple out = PyTuple_New(n)
    cdef int i
    cdef object value
    for i in range(n):
        value = _ONE_CARD[deck[i]]
        Py_INCREF(value)
        RV_TUPLE_SET(out, i, value)
    return out


def seeded_pack(profile, seed):
    """engine/chance.py seeded_pack: the pack after the cut that ``seed`` makes, as card masks
    (the same pack: SHAKE-256 words, the library's Fisher-Yates and cut)."""
    cdef uint8_t deck[NCARDS]
    rules = getattr(profile, "compiled", None)
    if not _is_seed(seed) or rules is None:
        return chance.seeded_pack(profile, seed)  # its error, or its answer
    cdef PackShape shape = _pack_shape(profile, rules, -1)
    if shape.size - 2 * shape.cut_minimum + 1 <= 0:
        return chance.seeded_pack(profile, seed)
    return _pack_tuple(deck, _shuffle(shape, seed, deck))


# -- the Deal -------------------------------------------------------------------------------------

#: The Deal's fields in attrs' order.
cdef tuple _DEAL_FIELDS = tuple([field.name for field in attrs.fields(Deal)])
#: Whether attrs' ``__init__`` of the Deal does nothing but set its fields one by one (no
#: converter, validator or hook): the core then sets them itself, through the same generic
#: attribute protocol (``object.__setattr__``), without the call of ``__init__``.
cdef bint _DEAL_PLAIN = (
    not hasattr(Deal, "__attrs_pre_init__")
    and not hasattr(Deal, "__attrs_post_init__")
    and all([f.converter is None and f.validator is None and f.on_setattr is None
             for f in attrs.fields(Deal)])
)
cdef object _object_new = object.__new__


cdef object _new_deal(tuple values):
    """The Deal of ``values`` (its fields in order), as ``Deal(*values)`` makes it: attrs'
    ``__init__`` of a frozen class sets the fields one by one with ``object.__setattr__``, which
    the core does here directly (where the class is plain: :data:`_DEAL_PLAIN`)."""
    if not _DEAL_PLAIN or len(values) != len(_DEAL_FIELDS):
        return Deal(*values)
    deal = _object_new(Deal)
    cdef Py_ssize_t i
    for i in range(len(values)):
        PyObject_GenericSetAttr(deal, <object>_DEAL_FIELDS[i], <object>values[i])
    return deal


cdef tuple _deal_tables(object profile, object rules, int dealer, int offset, int shown):
    """engine/deal.py deal_tables and the first stakes' exchange limits, ``(tables, limits)``, kept
    in the Rules' Lowering by (dealer, pass offset, trump suit or -1)."""
    cdef int suit = shown >> 4 if shown >= 0 and rules.trumps else -1
    cdef dict kept = lowering_of(rules).tables
    key = (dealer, offset, suit)
    found = kept.get(key)
    if found is not None:
        return found
    tables = deal_tables(rules, dealer, offset, shown)
    limits = rules.exchange_limits or exchange_limits(profile, rules.first_stakes)
    return kept.setdefault(key, (tables, limits))


def deal_of_pack(profile, pack, *, dealer, seed, stakes, hand_number=1, direction=None):
    """engine/deal.py deal_of_pack: the Deal of a pack of card masks known to hold the profile's
    cards once each (an equal Deal, every field the same value)."""
    cdef uint8_t deck[NCARDS]
    cdef int n, i, bit
    cdef uint64_t mask
    rules = profile.compiled
    if type(pack) is not tuple or type(dealer) is not int or not 0 <= dealer < rules.players:
        return reference_deal_of_pack(profile, pack, dealer=dealer, seed=seed, stakes=stakes,
                                      hand_number=hand_number, direction=direction)
    cdef PackShape shape = _pack_shape(profile, rules, dealer)
    n = shape.size
    if len(pack) != n:
        return reference_deal_of_pack(profile, pack, dealer=dealer, seed=seed, stakes=stakes,
                                      hand_number=hand_number, direction=direction)
    for i in range(n):
        value = pack[i]
        mask = _mask(value, "pack") if type(value) is int and value > 0 else 0
        if mask == 0 or mask & (mask - 1):
            return reference_deal_of_pack(profile, pack, dealer=dealer, seed=seed, stakes=stakes,
                                          hand_number=hand_number, direction=direction)
        deck[i] = rv_lowest(mask)
    offset = pass_offset(profile, direction, hand_number) if rules.pass_cards or direction else 0
    return _deal(profile, rules, shape, deck, pack, dealer, seed, stakes, hand_number, offset)


cdef object _deal(object profile, object rules, PackShape shape, const uint8_t* deck, tuple pack,
                  int dealer, object seed, object stakes, object hand_number, int offset):
    """engine/deal.py deal_of_pack and make_deal, on a pack of card bits ``deck`` (``pack``: the
    same as card masks)."""
    cdef uint64_t dealt[MAX_PLAYERS]
    cdef int players = rules.players, i, seat, shown = -1
    cdef object value
    memset(dealt, 0, sizeof(dealt))
    for i in range(shape.size):
        seat = shape.seat_of[i]
        if seat >= 0:
            dealt[seat] |= (<uint64_t>1) << deck[i]
    cdef tuple widow = PyTuple_New(shape.nwidow)
    for i in range(shape.nwidow):
        value = deck[shape.widow_at[i]]
        Py_INCREF(value)
        RV_TUPLE_SET(widow, i, value)
    shown_by = rules.shown
    if shown_by == "last-dealt":
        # tetka §2: the last card dealt, the dealer's, is the bum card.
        shown = deck[shape.last_of_dealer]
    elif shown_by == "turn-up":
        # reunion §4: the last card of the widow is turned up.
        shown = deck[shape.widow_at[shape.nwidow - 1]]
    found = _deal_tables(profile, rules, dealer, offset, shown)
    tables = found[0]
    if stakes is None:
        parsed = rules.first_stakes
        may_decline, no_discard = found[1]
    else:
        parsed = parse_stakes(profile, stakes)
        may_decline, no_discard = exchange_limits(profile, parsed)
    cdef tuple held = PyTuple_New(players)
    for seat in range(players):
        value = dealt[seat]
        Py_INCREF(value)
        RV_TUPLE_SET(held, seat, value)
    return _new_deal((
        rules, tables.nsteps, tables.trumps, tables.suits, tables.follows, tables.led_cards,
        profile, dealer, held, widow, parsed, offset, shown, pack, seed, hand_number,
        tables.steps, may_decline, no_discard | tables.barred,
    ))


def seeded_deal(profile, seed, *, dealer, stakes, hand_number=1, direction=None):
    """``deal_of_pack(profile, seeded_pack(profile, seed), ...)`` in one call, for a ``profile``
    and a ``dealer`` already checked: the Deal of the pack ``seed`` makes."""
    cdef uint8_t deck[NCARDS]
    rules = profile.compiled
    if not _is_seed(seed) or type(dealer) is not int or not 0 <= dealer < rules.players:
        return reference_deal_of_pack(profile, chance.seeded_pack(profile, seed), dealer=dealer,
                                      seed=seed, stakes=stakes, hand_number=hand_number,
                                      direction=direction)
    cdef PackShape shape = _pack_shape(profile, rules, dealer)
    if shape.size - 2 * shape.cut_minimum + 1 <= 0:
        return reference_deal_of_pack(profile, chance.seeded_pack(profile, seed), dealer=dealer,
                                      seed=seed, stakes=stakes, hand_number=hand_number,
                                      direction=direction)
    cdef int n = _shuffle(shape, seed, deck)
    offset = pass_offset(profile, direction, hand_number) if rules.pass_cards or direction else 0
    return _deal(profile, rules, shape, deck, _pack_tuple(deck, n), dealer, seed, stakes,
                 hand_number, offset)

