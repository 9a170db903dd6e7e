# The worlds of a view made by the core, their plan read from the hand's state (included by
# core.pyx after worlds.pxi): what reversis/worlds.py's _Plan reads from the view's events and
# reversis/worldplan.py's lower_plan lowers, read instead from the records of the state the view
# was made from (viewsource.pxi), in C. Only what the view shows is read: the seat's cards, its own
# steps and the cards it received, the other seats' steps without their cards, the cards played
# and how, its own use of the privilege (tests/test_worldsource.py holds the plan equal to the one
# lowered from the view, field by field, and its worlds equal).
#
# The state is also a world "already checked in full" (its view is the view): its print (worlds.pxi)
# is the plan's from the start, and its hidden key where the view shows it (no privilege, or the
# seat's own), so that the first world is checked in C like the next ones, with the same verdicts.
# Nothing the view does not show reaches the plan: the secret holder of another seat's privilege is
# found by the full check of a world, as without the state.

cdef inline uint64_t _bit(int card) noexcept nogil:
    return (<uint64_t>1) << card


cdef _Maker _DEAL_MAKER = None
cdef Py_ssize_t _DEALT_AT = -1, _WIDOW_AT = -1, _PACK_AT = -1, _SEED_AT = -1


@cython.final
cdef class _WorldDeal:
    """``make_deal(deal, dealt, widow)`` for the worlds of one hand: the hand's deal with the
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
        out.values[_PACK_AT] = None  # the pack and seed the hand came from would tell its cards
        out.values[_SEED_AT] = None
    return out


def world_deal(deal, make_deal):
    """``f(dealt, widow)``: ``make_deal(deal, dealt, widow)``, a world's Deal from ``deal`` with
    its cards (and no pack or seed), made in C where the Deal class allows it."""
    return _world_deal_of(deal, make_deal)


def source_plan(view, profile, check, make_deal):
    """The :class:`WorldPlan` of ``view`` read from the state it was made from (``view_of``), or
    ``None``: a view without one (made by the reference, read from data, a copy), or one whose
    worlds lower_plan does not lower (in the steps before play, no card played yet).
    ``profile`` is the one the view is read with (the hand's, else None), ``check(state)`` the
    full check, ``make_deal(deal, dealt, widow)`` a world's Deal from the hand's ``deal``."""
    source = getattr(view, "_source", None)
    if type(source) is not ViewSource:
        return None
    cdef ViewSource s = <ViewSource>source
    if s.owner is None or s.owner() is not view:
        return None
    cdef CoreState state = s.state
    cdef const TableC* t = &state.table.c
    cdef const StateC* c = &state.c
    cdef const FactC* log = state.log.items
    cdef int n = t.players, seat = s.seat, k, i, j, p, q, kind, card, led, suit, number, nst = 0
    cdef int lead_seat, ntricks, first, last_received = -1, nguess, shown, dealer = t.dealer
    cdef uint64_t deck = t.deck, free, known, unknown, mask, put_aside = 0, given = 0
    cdef uint64_t received = 0, trick_cards, bit
    cdef bint own, own_privilege = False, passes, broken = False, later, coin = False
    cdef int8_t suit_of[NCARDS]
    cdef uint8_t coming[NCARDS]
    cdef int ncoming = 0, widow_card = -1
    cdef uint8_t renounced[MAX_PLAYERS]
    cdef uint8_t exhausted[MAX_PLAYERS]
    cdef uint8_t must[MAX_PLAYERS]
    cdef uint8_t void[MAX_PLAYERS]
    cdef uint64_t excluded[MAX_PLAYERS]
    cdef uint64_t played_by[MAX_PLAYERS]
    cdef int last[MAX_PLAYERS][4]
    cdef int seats[NCARDS]
    cdef int suspects[MAX_PLAYERS + 1]
    cdef unsigned int privileged = 0, in_guess
    cdef GuessC* g
    if c.to_move < 0 or c.step < t.nsteps or c.nplayed == 0 or seat < 0 or seat >= n:
        return None
    deal = state.table.deal
    if deal.profile is not profile:
        return None
    rules = profile.compiled
    widow_kind = rules.widow
    shown = deal.shown
    dealt_size = len(rules.deck)
    if widow_kind == "dealer" and (shown < 0 or t.nwidow != 2):
        return None
    cdef WorldPlan w = WorldPlan.__new__(WorldPlan)
    cdef PlanC* P = &w.p
    memset(P, 0, sizeof(PlanC))
    # the scratch table: the hand's, whose cards each world replaces
    cdef Table scratch = Table.__new__(Table)
    memcpy(&scratch.c, t, sizeof(TableC))
    scratch.deal = deal
    scratch.pools = state.table.pools
    w.scratch = scratch
    w.check = check
    w.make_deal = _world_deal_of(deal, make_deal)
    w.sourced = True
    P.n = n
    P.seat = seat
    P.dealer = dealer
    P.deck = deck
    P.widow_dealer = t.widow_to_dealer
    P.widow_exchange = widow_kind == "exchange"
    P.decksize = len(profile.deck)
    for p in range(n):
        P.want[p] = rules.tricks + (1 if P.widow_exchange and p == dealer else 0)
    P.talon = dealt_size
    for p in range(n):
        P.talon -= P.want[p]
    if P.talon != t.nwidow or t.nsteps > MAX_STEPS:
        return None
    privilege = profile.privilege
    P.priv_needed = privilege.needed if privilege is not None else 0
    P.priv_mask = rules.priv_mask
    passes = profile.hearts is not None
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
    # the steps before play, as the seat sees them (events.pxi _see)
    for k in range(c.nfacts):
        if log[k].kind == F_RECEIVED:
            last_received = k
    for k in range(c.nfacts):
        kind = log[k].kind
        if kind == F_RECEIVED:
            for i in range(ncoming):
                P.received[P.nreceived] = coming[i]
                P.nreceived += 1
                received |= _bit(coming[i])
            ncoming = 0
            continue
        if kind == F_PRIVILEGE:
            own_privilege = own_privilege or log[k].a == seat
            continue
        if kind < F_EXCHANGED or kind > F_PASSED:
            continue
        if nst >= t.nsteps:
            return None
        own = log[k].a == seat
        P.st_seat[nst] = log[k].a
        P.st_card[nst] = -1
        P.st_taken[nst] = -1
        P.st_revealed[nst] = True
        if kind == F_GIVEN or kind == F_PASSED:
            P.st_kind[nst] = W_GIVEN
            P.st_to[nst] = log[k].b
            P.st_revealed[nst] = last_received > k
            if own:
                P.st_card[nst] = log[k].c
                given |= _bit(log[k].c)
            elif log[k].b == seat:
                coming[ncoming] = log[k].c
                ncoming += 1
            P.st_slot[nst] = (0 if own or P.st_revealed[nst] or not passes else deck)
            P.st_move[nst] = STEP_PASS if passes else STEP_GIVE
        elif kind == F_EXCHANGED:
            P.st_kind[nst] = W_EXCHANGED
            if own:
                P.st_card[nst] = log[k].b
                P.st_taken[nst] = log[k].c
                widow_card = log[k].c
                put_aside |= _bit(log[k].b)
            P.st_slot[nst] = 0 if own else free
            P.st_move[nst] = STEP_EXCHANGE
        elif kind == F_DECLINED:
            P.st_kind[nst] = W_DECLINED
            if own:
                P.st_card[nst] = log[k].b
                widow_card = log[k].b
                put_aside |= _bit(log[k].b)
            P.st_slot[nst] = 0 if own else deck
            P.st_move[nst] = MOVE_DECLINE
        else:
            P.st_kind[nst] = W_DISCARDED
            if own:
                P.st_card[nst] = log[k].b
                put_aside |= _bit(log[k].b)
            P.st_slot[nst] = 0 if own else free
            P.st_move[nst] = STEP_DISCARD
        nst += 1
    if nst != t.nsteps:
        return None
    P.nsteps = nst
    for k in range(nst):  # a run of gives or passes is one unit
        if k and P.st_kind[k] == W_GIVEN and P.st_kind[P.unit_first[P.nunits - 1]] == W_GIVEN:
            P.unit_len[P.nunits - 1] += 1
        else:
            P.unit_first[P.nunits] = k
            P.unit_len[P.nunits] = 1
            P.nunits += 1
    P.received_known = received
    P.given_known = given
    # the plays: who played each card, the last trick each seat played each suit in
    memset(played_by, 0, sizeof(played_by))
    memset(last, 0, sizeof(last))
    ntricks = (c.nplayed + n - 1) // n
    for k in range(c.nplayed):
        number = k // n
        first = c.trick_leader[number] if number < c.ntricks else c.leader
        p = (first + k - number * n) % n
        seats[k] = p
        card = c.played[k]
        P.plays[k] = card
        played_by[p] |= _bit(card)
        if suit_of[card] >= 0:
            last[p][suit_of[card]] = number + 1
    P.nplays = c.nplayed
    # worlds.py _Plan._constraints
    memset(renounced, 0, sizeof(renounced))
    memset(exhausted, 0, sizeof(exhausted))
    memset(must, 0, sizeof(must))
    memset(excluded, 0, sizeof(excluded))
    if own_privilege:
        privileged |= 1u << seat
    for number in range(ntricks):
        first = number * n
        led = suit_of[c.played[first]]
        for k in range(first + 1, min(first + n, c.nplayed)):
            p = seats[k]
            suit = suit_of[c.played[k]]
            if led < 0 or suit < 0:
                return None
            later = last[p][led] > number + 1
            if suit != led:
                if later:
                    privileged |= 1u << p
                if t.trump_suit >= 0:
                    exhausted[p] |= 1 << led
                    if t.follow_trump and suit != t.trump_suit:
                        exhausted[p] |= 1 << t.trump_suit
                else:
                    renounced[p] |= 1 << led
            elif t.only_card_forced and c.kinds[k] == FORCED:
                exhausted[p] |= 1 << led
            elif t.only_card_forced and c.kinds[k] == PLAYED and not later:
                must[p] |= 1 << led
    # worlds.py _Plan._lead_constraints (hearts §5, §7)
    for number in range(ntricks):
        first = number * n
        card = c.played[first]
        lead_seat = seats[first]
        if number > 0 and not broken and t.lead_barred >> card & 1:
            excluded[lead_seat] |= deck & ~(t.lead_barred | t.lead_free)
        if number == 0 and t.first_trick_barred:
            for k in range(first + 1, min(first + n, c.nplayed)):
                bit = c.played[k]
                if not t.led_cards[card] >> bit & 1 and t.first_trick_barred >> bit & 1:
                    excluded[seats[k]] |= deck & ~t.first_trick_barred
        trick_cards = 0
        for k in range(first, min(first + n, c.nplayed)):
            trick_cards |= _bit(c.played[k])
        broken = broken or (trick_cards & t.breakers) != 0
    # what the seat knows of the cards, and where
    P.cur0[seat] = c.held[seat]
    for k in range(nst):
        if (P.st_kind[k] == W_GIVEN and P.st_seat[k] == seat and P.st_revealed[k]
                and not played_by[P.st_to[k]] >> P.st_card[k] & 1):
            P.cur0[P.st_to[k]] |= _bit(P.st_card[k])
    if shown >= 0 and dealer != seat and not played_by[dealer] >> shown & 1:
        if widow_kind == "dealer":
            coin = True  # reunion §4: the dealer may have discarded the turn-up
        else:
            P.cur0[dealer] |= _bit(shown)
    P.coin = coin
    P.shown_free = shown >= 0 and not t.no_discard >> shown & 1
    known = c.held[seat] | put_aside | given | received
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
        P.counts[p] = rv_popcount(c.held[p])
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
        for j in range(P.nothers):
            p = P.others[j]
            for suit in range(4):
                if not must[p] >> suit & 1 or P.cur0[p] & t.suits[suit] & deck:
                    continue
                if g.nmust >= MAX_MUST:
                    return None
                g.must_seat[g.nmust] = p
                g.must_mask[g.nmust] = (
                    0 if void[p] >> suit & 1 else t.suits[suit] & deck & ~excluded[p])
                g.nmust += 1
    # the state is a world whose view is the view: its print (what the view shows), and its hidden
    # key where the view shows that too (no privilege in the deck, or the seat's own); else the
    # first world with the print is checked in full, as it would be without the state
    _print_of(t, c, log, seat, &w.target)
    w.has_print = True
    if not t.priv_mask or view.privileged:
        w.known[0] = _hidden_key(c)
        w.nknown = 1
    return w
