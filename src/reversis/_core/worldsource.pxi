# The worlds of a view, their plan read from the view itself (included by core.pyx after
# worlds.pxi): what reversis/worlds.py's _Plan reads from the view's events and
# reversis/worldplan.py's lower_plan lowers, read in C from the view's public fields in one pass
# (tests/test_worldsource.py holds the plan equal to the one lowered in Python, field by field, and
# its worlds equal). The view is all it reads: its seat's cards, its events (the other seats'
# steps without their cards, the cards played and how), the cards it put aside, gave and received,
# its card counts; a view read back from JSON gives the same plan as the view it was written from.
# The plan keeps only what it computed (C arrays), the scratch table of the view's deal (no card
# dealt), the check (which holds the view) and the maker of a world's deal: nothing the view does
# not show (tests/test_view_holds.py walks it).

cdef inline uint64_t _bit(int card) noexcept nogil:
    return (<uint64_t>1) << card


cdef _Maker _DEAL_MAKER = None
cdef Py_ssize_t _DEALT_AT = -1, _WIDOW_AT = -1, _PACK_AT = -1, _SEED_AT = -1


@cython.final
cdef class _WorldDeal:
    """``make_deal(deal, dealt, widow)`` for the worlds of one view: the view's deal with the
    world's cards, its other fields read once, the Deal made with them set directly (events.pxi
    _make) where the class allows it; ``make_deal`` itself otherwise."""

    cdef list values
    cdef object deal
    cdef object make_deal

    def __call__(self, dealt, widow):
        if self.values is None:
            return self.make_deal(self.deal, dealt, widow)
        values = list(self.values)
        values[_DEALT_AT] = dealt
        values[_WIDOW_AT] = widow
        return _make(_DEAL_MAKER, tuple(values))


cdef _WorldDeal _world_deal_of(object deal, object make_deal):
    global _DEAL_MAKER, _DEALT_AT, _WIDOW_AT, _PACK_AT, _SEED_AT
    cdef _WorldDeal out = _WorldDeal.__new__(_WorldDeal)
    out.deal = deal
    out.make_deal = make_deal
    if _DEAL_MAKER is None:
        names = tuple([f.name for f in attrs.fields(Deal)])
        _DEAL_MAKER = _maker_of(Deal, names)
        if _DEAL_MAKER.direct and {"dealt", "widow", "pack", "seed"} <= set(names):
            _DEALT_AT, _WIDOW_AT = names.index("dealt"), names.index("widow")
            _PACK_AT, _SEED_AT = names.index("pack"), names.index("seed")
    if _DEALT_AT >= 0 and type(deal) is Deal:
        out.values = [getattr(deal, name) for name in _DEAL_MAKER.names]
        out.values[_PACK_AT] = None  # a world's deal has no pack or seed
        out.values[_SEED_AT] = None
    return out


def world_deal(deal, make_deal):
    """``f(dealt, widow)``: ``make_deal(deal, dealt, widow)``, a world's Deal from ``deal`` with
    its cards (and no pack or seed), made in C where the Deal class allows it."""
    return _world_deal_of(deal, make_deal)


# The view's event classes and play kinds (reversis.events), imported on first use.
cdef object _W_EXCHANGED = None
cdef object _W_DECLINED = None
cdef object _W_DISCARDED = None
cdef object _W_GIVEN = None
cdef object _W_PASSED = None
cdef object _W_PLAYED = None
cdef object _W_PRIVILEGE = None
cdef object _W_FORCED = None
cdef object _W_PLAYED_KIND = None


cdef void _import_world_events() except *:
    global _W_EXCHANGED, _W_DECLINED, _W_DISCARDED, _W_GIVEN, _W_PASSED, _W_PLAYED
    global _W_PRIVILEGE, _W_FORCED, _W_PLAYED_KIND
    from reversis import events as ev

    _W_EXCHANGED, _W_DECLINED, _W_DISCARDED = ev.Exchanged, ev.Declined, ev.Discarded
    _W_GIVEN, _W_PASSED, _W_PRIVILEGE = ev.CardGiven, ev.CardsPassed, ev.PrivilegeUsed
    _W_FORCED, _W_PLAYED_KIND = ev.PlayKind.FORCED, ev.PlayKind.PLAYED
    _W_PLAYED = ev.CardPlayed


cdef int _view_card(object card) except -2:
    """The bit of a card of the view, or -1 for ``None`` (ArgumentError for anything else)."""
    cdef int bit
    if card is None:
        return -1
    if not isinstance(card, Card):
        raise ArgumentError(f"view_worlds: {str(card)[:20]} is not a card")
    bit = _small(card.index, 0, NCARDS - 1)
    if bit < 0:
        raise ArgumentError(f"view_worlds: {str(card)[:20]} is not a card of the deck")
    return bit


cdef uint64_t _view_cards(object cards, uint8_t* order, int* count) except? 0xFFFFFFFFFFFFFFFF:
    """The mask of a view's cards (a tuple); their bits in order into ``order`` (at most
    NCARDS) when it is given."""
    cdef uint64_t mask = 0
    cdef int bit, k = 0
    if type(cards) is not tuple:
        cards = tuple(cards)
    if len(cards) > NCARDS:
        raise ArgumentError("view_worlds: more cards than the deck holds")
    for card in <tuple>cards:
        bit = _view_card(card)
        if bit < 0:
            raise ArgumentError("view_worlds: a list of cards holds None")
        mask |= _bit(bit)
        if order != NULL:
            order[k] = bit
        k += 1
    if count != NULL:
        count[0] = k
    return mask


def view_worlds(view, profile, scratch_deal, check, make_deal):
    """The :class:`WorldPlan` of ``view`` read from its public fields, or ``None`` where
    reversis.worldplan.lower_plan gives none (a hand over, its pot shown, in its steps before
    play, no card played yet; or events it does not read as a hand's). ``profile`` is the view's
    (checked), ``scratch_deal`` the view's deal (reversis.viewrules.view_deal) with a widow of
    its size (each world's replaces it), ``check(state)`` the full check, ``make_deal(dealt,
    widow)`` a world's Deal (:func:`world_deal`)."""
    if _W_PLAYED is None:
        _import_world_events()
    if view.to_move is None or view.pot is not None:
        return None
    cdef WorldPlan w = WorldPlan.__new__(WorldPlan)
    cdef PlanC* P = &w.p
    memset(P, 0, sizeof(PlanC))
    w.scratch = _table(scratch_deal)
    w.deal = scratch_deal
    w.check = check
    w.make_deal = make_deal
    cdef const TableC* t = &w.scratch.c
    cdef int n = t.players, dealer = t.dealer
    cdef int seat = _small(view.seat, 0, n - 1)
    cdef int k, i, p, card, led, suit, number, nst = 0, nplays = 0, ntricks = 0, last_passed = -1
    cdef int lead_seat, first, end, nguess, shown, widow_card, to
    cdef uint64_t deck = t.deck, free, known, unknown, mask, trick_cards
    cdef uint64_t hand_mask, put_aside, given, received
    cdef bint own, passes, broken = False, later, coin = False
    cdef int8_t suit_of[NCARDS]
    cdef int16_t step_at[MAX_STEPS]     # the event index of each step (a give's, to reveal it)
    cdef uint8_t play_seat[NCARDS]
    cdef uint8_t play_kind[NCARDS]
    cdef int play_trick[NCARDS]
    cdef int trick_first[NCARDS + 1]
    cdef uint8_t renounced[MAX_PLAYERS]
    cdef uint8_t exhausted[MAX_PLAYERS]
    cdef uint8_t must[MAX_PLAYERS]
    cdef uint8_t void[MAX_PLAYERS]
    cdef uint64_t excluded[MAX_PLAYERS]
    cdef uint64_t played_by[MAX_PLAYERS]
    cdef int last[MAX_PLAYERS][4]
    cdef int suspects[MAX_PLAYERS + 1]
    cdef unsigned int privileged = 0, in_guess
    cdef GuessC* g
    if seat < 0:
        raise ArgumentError(f"view_worlds: {str(view.seat)[:20]} is not a seat of the deal")
    if _small(view.dealer, 0, n - 1) != dealer:
        raise ArgumentError("view_worlds: the deal is not the view's")
    rules = profile.compiled
    widow_kind = rules.widow
    passes = profile.hearts is not None
    shown = _view_card(view.shown)
    widow_card = _view_card(view.widow_card)
    P.n = n
    P.seat = seat
    P.dealer = dealer
    P.deck = deck
    P.widow_dealer = t.widow_to_dealer
    P.widow_exchange = widow_kind == "exchange"
    P.decksize = len(profile.deck)
    P.talon = len(rules.deck)
    for p in range(n):
        P.want[p] = rules.tricks + (1 if P.widow_exchange and p == dealer else 0)
        P.talon -= P.want[p]
    if widow_kind == "dealer" and (shown < 0 or P.talon != 2):
        return None
    if P.talon != t.nwidow or not 0 <= P.decksize <= NCARDS:
        raise ArgumentError("view_worlds: the widow is not the deal's")
    privilege = profile.privilege
    P.priv_needed = _small(privilege.needed if privilege is not None else 0, 0, NCARDS)
    P.priv_mask = _mask(rules.priv_mask, "privilege cards")
    if shown >= 0 and rules.shown == "last-dealt" and widow_kind != "dealer":
        P.bum_bit = _bit(shown)  # tetka §2: the bum card
    P.shown = shown
    free = deck & ~t.no_discard
    for k in range(NCARDS):
        suit_of[k] = -1
    for suit in range(4):
        mask = t.suits[suit] & deck
        while mask:
            suit_of[rv_lowest(mask)] = suit
            mask &= mask - 1
    # the view's own cards, and the cards it put aside, gave and received
    hand_mask = _view_cards(view.hand, NULL, NULL)
    put_aside = _view_cards(view.put_aside, NULL, NULL)
    given = _view_cards(view.given, NULL, NULL)
    received = _view_cards(view.received, P.received, &P.nreceived)
    P.received_known = received
    P.given_known = given
    counts = view.card_counts
    if type(counts) is not tuple or len(counts) != n:
        raise ArgumentError(f"view_worlds: card_counts must give {n} counts")
    for p in range(n):
        P.counts[p] = _small(counts[p], 0, NCARDS)
        if P.counts[p] < 0:
            raise ArgumentError("view_worlds: a card count is from 0 to 64")
    # the events: the steps before play as the seat sees them, the plays, the privilege used
    events = view.events
    if type(events) is not tuple:
        events = tuple(events)
    i = -1
    for event in <tuple>events:
        i += 1
        if isinstance(event, _W_PLAYED):
            if nplays >= NCARDS:
                return None
            p = _small(event.seat, 0, n - 1)
            card = _view_card(event.card)
            number = _small(event.trick, 1, NCARDS)
            if p < 0 or card < 0 or number < 0 or suit_of[card] < 0:
                return None
            play_seat[nplays] = p
            P.plays[nplays] = card
            play_trick[nplays] = number
            kind = event.kind
            play_kind[nplays] = FORCED if kind is _W_FORCED else PLAYED if kind is _W_PLAYED_KIND else 0
            nplays += 1
            continue
        if isinstance(event, _W_PASSED):
            last_passed = i
            continue
        if isinstance(event, _W_PRIVILEGE):
            p = _small(event.seat, 0, n - 1)
            if p < 0:
                return None
            privileged |= 1u << p
            continue
        if not isinstance(event, (_W_EXCHANGED, _W_DECLINED, _W_DISCARDED, _W_GIVEN)):
            continue
        if nst >= t.nsteps:
            return None
        p = _small(event.seat, 0, n - 1)
        if p < 0:
            return None
        own = p == seat
        step_at[nst] = i
        P.st_seat[nst] = p
        P.st_to[nst] = 0
        P.st_taken[nst] = -1
        P.st_revealed[nst] = True
        if isinstance(event, _W_GIVEN):
            P.st_kind[nst] = W_GIVEN
            to = _small(event.to, 0, n - 1)
            if to < 0:
                return None
            P.st_to[nst] = to
            P.st_card[nst] = _view_card(event.card)
            P.st_move[nst] = STEP_PASS if passes else STEP_GIVE
        elif isinstance(event, _W_EXCHANGED):
            P.st_kind[nst] = W_EXCHANGED
            P.st_card[nst] = _view_card(event.discarded)
            P.st_taken[nst] = _view_card(event.taken)
            P.st_slot[nst] = 0 if own else free
            P.st_move[nst] = STEP_EXCHANGE
        elif isinstance(event, _W_DECLINED):
            P.st_kind[nst] = W_DECLINED
            P.st_card[nst] = _view_card(event.widow_card)
            P.st_slot[nst] = 0 if own else deck
            P.st_move[nst] = MOVE_DECLINE
        else:
            P.st_kind[nst] = W_DISCARDED
            P.st_card[nst] = _view_card(event.card)
            P.st_slot[nst] = 0 if own else free
            P.st_move[nst] = STEP_DISCARD
        nst += 1
    if nst != t.nsteps or nplays == 0:
        return None
    P.nsteps = nst
    for k in range(nst):  # a give is revealed once the cards have changed hands (a pass after)
        if P.st_kind[k] == W_GIVEN:
            P.st_revealed[k] = step_at[k] < last_passed
            P.st_slot[k] = (0 if P.st_seat[k] == seat or P.st_revealed[k] or P.st_card[k] >= 0
                            or not passes else deck)
    for k in range(nst):  # a run of gives or passes is one unit
        if k and P.st_kind[k] == W_GIVEN and P.st_kind[P.unit_first[P.nunits - 1]] == W_GIVEN:
            P.unit_len[P.nunits - 1] += 1
        else:
            P.unit_first[P.nunits] = k
            P.unit_len[P.nunits] = 1
            P.nunits += 1
    # the plays: who played each card, the tricks (numbered from 1, in order), the last trick each
    # seat played each suit in
    memset(played_by, 0, sizeof(played_by))
    memset(last, 0, sizeof(last))
    for k in range(nplays):
        if k == 0 or play_trick[k] != play_trick[k - 1]:
            if k and play_trick[k] < play_trick[k - 1]:
                return None  # tricks out of order: the Python plan reads them
            trick_first[ntricks] = k
            ntricks += 1
        p = play_seat[k]
        played_by[p] |= _bit(P.plays[k])
        last[p][suit_of[P.plays[k]]] = play_trick[k]
    trick_first[ntricks] = nplays
    P.nplays = nplays
    # worlds.py _Plan._constraints
    memset(renounced, 0, sizeof(renounced))
    memset(exhausted, 0, sizeof(exhausted))
    memset(must, 0, sizeof(must))
    memset(excluded, 0, sizeof(excluded))
    for i in range(ntricks):
        first, end = trick_first[i], trick_first[i + 1]
        number = play_trick[first]
        led = suit_of[P.plays[first]]
        for k in range(first + 1, end):
            p = play_seat[k]
            suit = suit_of[P.plays[k]]
            later = last[p][led] > number
            if suit != led:
                if later:
                    privileged |= 1u << p
                if t.trump_suit >= 0:
                    exhausted[p] |= 1 << led
                    if t.follow_trump and suit != t.trump_suit:
                        exhausted[p] |= 1 << t.trump_suit
                else:
                    renounced[p] |= 1 << led
            elif t.only_card_forced and play_kind[k] == FORCED:
                exhausted[p] |= 1 << led
            elif t.only_card_forced and play_kind[k] == PLAYED and not later:
                must[p] |= 1 << led
    # worlds.py _Plan._lead_constraints (hearts §5, §7)
    for i in range(ntricks):
        first, end = trick_first[i], trick_first[i + 1]
        number = play_trick[first]
        card = P.plays[first]
        lead_seat = play_seat[first]
        if number > 1 and not broken and t.lead_barred >> card & 1:
            excluded[lead_seat] |= deck & ~(t.lead_barred | t.lead_free)
        if number == 1 and t.first_trick_barred:
            for k in range(first + 1, end):
                if (not t.led_cards[card] >> P.plays[k] & 1
                        and t.first_trick_barred >> P.plays[k] & 1):
                    excluded[play_seat[k]] |= deck & ~t.first_trick_barred
        trick_cards = 0
        for k in range(first, end):
            trick_cards |= _bit(P.plays[k])
        broken = broken or (trick_cards & t.breakers) != 0
    # what the seat knows of the cards, and where
    P.cur0[seat] = hand_mask
    for k in range(nst):
        if (P.st_kind[k] == W_GIVEN and P.st_seat[k] == seat and P.st_revealed[k]
                and P.st_card[k] >= 0 and not played_by[P.st_to[k]] >> P.st_card[k] & 1):
            P.cur0[P.st_to[k]] |= _bit(P.st_card[k])
    if shown >= 0 and dealer != seat and not played_by[dealer] >> shown & 1:
        if widow_kind == "dealer":
            coin = True  # reunion §4: the dealer may have discarded the turn-up
        else:
            P.cur0[dealer] |= _bit(shown)
    P.coin = coin
    P.shown_free = shown >= 0 and not t.no_discard >> shown & 1
    known = hand_mask | put_aside | given | received
    if widow_card >= 0:
        known |= _bit(widow_card)
    if shown >= 0:
        known |= _bit(shown)
    for p in range(n):
        known |= played_by[p]
    unknown = deck & ~known
    while unknown:
        P.unknown[P.nunknown] = rv_lowest(unknown)
        P.nunknown += 1
        unknown &= unknown - 1
    for p in range(n):
        P.played[p] = played_by[p]
        P.priv_cand[p] = P.priv_mask & ~excluded[p]
        if p != seat:
            P.others[P.nothers] = p
            P.nothers += 1
    # the guesses of who may secretly hold the privilege (worlds.py _constraints' suspects)
    suspects[0] = -1
    nguess = 1
    if privilege is not None and not privileged and not view.privileged:
        for p in range(n):
            if p != seat and renounced[p]:
                suspects[nguess] = p
                nguess += 1
    P.nguess = nguess
    for i in range(nguess):
        g = &P.guess[i]
        in_guess = privileged if suspects[i] < 0 else 1u << suspects[i]
        for p in range(n):
            void[p] = exhausted[p] | (0 if in_guess >> p & 1 else renounced[p])
            mask = deck & ~excluded[p]
            for suit in range(4):
                if void[p] >> suit & 1:
                    mask &= ~(t.suits[suit] & deck)
            g.seat_mask[p] = mask
            g.privileged[p] = in_guess >> p & 1
        for k in range(P.nothers):
            p = P.others[k]
            for suit in range(4):
                if not must[p] >> suit & 1 or P.cur0[p] & t.suits[suit] & deck:
                    continue
                if g.nmust >= MAX_MUST:
                    return None
                g.must_seat[g.nmust] = p
                g.must_mask[g.nmust] = (
                    0 if void[p] >> suit & 1 else t.suits[suit] & deck & ~excluded[p])
                g.nmust += 1
    return w
