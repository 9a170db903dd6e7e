# The deal in C (included by core.pyx): engine/chance.py's seeded shuffle and engine/deal.py's
# deal_of_pack, giving the same pack and an equal Deal (every field the same value). What depends
# on the profile alone (the pack's cards, where each position of the pack goes for each dealer) or
# on the profile, the dealer, the pass direction and the trump suit (engine/deal.py deal_tables) is
# worked out once, by the reference's own functions, and kept; a deal then costs its shuffle, a
# pass over the pack and the Deal's fields.

@cython.final
@cython.no_gc
cdef class PackShape:
    """The pack of one profile (its cards' bits in card order) and, for one dealer, where each
    position of a pack goes (reversis.profile.compiled: ``deal_getters``, fournier-1785 §3)."""

    cdef int size
    cdef int cut_minimum
    cdef uint8_t bits[NCARDS]
    #: By position in the pack: the seat it is dealt to, or -1 for the widow.
    cdef int8_t seat_of[NCARDS]
    #: The widow's positions in the order it is dealt, and the position of the dealer's last card.
    cdef uint8_t widow_at[NCARDS]
    cdef int nwidow
    cdef int last_of_dealer
    cdef object rules_ref
    #: The pass offset of the first hand of a match (engine/deal.py pass_offset), once known.
    cdef int first_offset
    cdef bint first_offset_known


#: PackShapes by (id of the Rules, dealer or -1 for the pack alone), each checked against a weak
#: reference to its Rules, like _PROGRAMS.
cdef dict _SHAPES = {}


#: The last Rules' PackShapes by dealer + 1 (the pack alone first), found without a look-up.
cdef object _RECENT_RULES = None
cdef list _RECENT_SHAPES = [None] * (MAX_PLAYERS + 1)


cdef PackShape _pack_shape(object profile, object rules, int dealer):
    global _RECENT_RULES, _RECENT_SHAPES
    cdef PackShape shape
    if rules is _RECENT_RULES and -1 <= dealer < MAX_PLAYERS:
        shape = _RECENT_SHAPES[dealer + 1]
        if shape is not None:
            return shape
    shape = _pack_shape_of(profile, rules, dealer)
    if -1 <= dealer < MAX_PLAYERS:
        if rules is not _RECENT_RULES:
            _RECENT_RULES = rules
            _RECENT_SHAPES = [None] * (MAX_PLAYERS + 1)
        _RECENT_SHAPES[dealer + 1] = shape
    return shape


cdef int _first_offset(PackShape shape, object profile) except -1000:
    """engine/deal.py ``pass_offset(profile, None, 1)``, kept with the shape (of the profile's
    Rules)."""
    if not shape.first_offset_known:
        shape.first_offset = pass_offset(profile, None, 1)
        shape.first_offset_known = True
    return shape.first_offset


cdef PackShape _pack_shape_of(object profile, object rules, int dealer):
    key = (id(rules), dealer)
    cdef PackShape shape = _SHAPES.get(key)
    if shape is not None and shape.rules_ref() is rules:
        return shape
    shape = PackShape.__new__(PackShape)
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
    shape.rules_ref = weakref.ref(rules)
    if len(_SHAPES) >= 256:
        _SHAPES.clear()
    _SHAPES[key] = shape
    return shape


include "shake.pxi"


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

#: How the core makes a Deal from its fields in attrs' order: as attrs' ``__init__`` makes it
#: (object.__new__, then each field set by its slot's descriptor), where that is all it does.
cdef tuple _DEAL_FIELDS = tuple([field.name for field in attrs.fields(Deal)])
cdef _Maker _NEW_DEAL = _maker_of(Deal, _DEAL_FIELDS)


cdef object _new_deal(tuple values):
    """The Deal of ``values`` (its fields in order), as ``Deal(*values)`` makes it."""
    if not _NEW_DEAL.direct or len(values) != len(_DEAL_FIELDS):
        return Deal(*values)
    return _make(_NEW_DEAL, values)


#: engine/deal.py deal_tables by (id of the Rules, dealer, pass offset, trump suit or -1), with a
#: weak reference to the Rules: ``(rules_ref, tables, first_limits)``.
cdef dict _TABLES = {}


cdef tuple _deal_tables(object profile, object rules, int dealer, int offset, int shown):
    cdef int suit = shown >> 4 if shown >= 0 and rules.trumps else -1
    key = (id(rules), dealer, offset, suit)
    found = _TABLES.get(key)
    if found is not None and found[0]() is rules:
        return found
    tables = deal_tables(rules, dealer, offset, shown)
    limits = rules.exchange_limits or exchange_limits(profile, rules.first_stakes)
    found = (weakref.ref(rules), tables, limits)
    if len(_TABLES) >= 1024:
        _TABLES.clear()
    _TABLES[key] = found
    return found


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
    tables = found[1]
    if stakes is None:
        parsed = rules.first_stakes
        may_decline, no_discard = found[2]
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

