# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# Worlds of a view in C : reversis/worlds/sampler.py's _Plan.sample and _build, the
# world's replay and its check, for a plan that reversis/worlds/plan.py lowers once per view.
#
# A candidate world is drawn exactly as _Plan.sample draws it with reversis.worlds.plan.Draws (the
# core's splitmix64; the same draws in the same order), so both engines give the same worlds. Its
# deal is the view's deal (the template) with the candidate's cards, its replay the core's own.
#
# The check (worlds.py: ``world.view(seat) == view``) is made in two parts. NECESSARY: what the
# candidate's view is made of and can differ between worlds of one view, each shown by the view:
# the seat's cards, its legal cards when it is to move, how each card was played, the facts as the
# seat sees them (other seats' cards hidden, cards given to it once received, other seats' use of
# the privilege left out), whether it holds the privilege. SUFFICIENT with it: the hidden state
# the view's points and payments read besides the public moves (who holds the privilege and when
# it was first used). A candidate that differs from an accepted world in the first part is
# rejected; one equal to an accepted world in both is accepted; any other is checked in full by
# ``check`` (a Python callable making the world's view), and its second part remembered if it is
# accepted. So the verdicts are the full check's (tests/worlds/test_worldplan.py compares them).

cimport cython
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from reversis._core.bits cimport *
from reversis._core.state cimport *
from reversis._core.values cimport _Maker, _make, _maker_of
from reversis._core.follow cimport to_play
from reversis._core.playouts cimport (
    POLICY_CALLABLE, POLICY_CAUTIOUS, POLICY_RANDOM, _danger_of, _roll_out, cautious_card)
from reversis._core.settle cimport settle_net
from libc.string cimport memmove
from reversis._core.sampling cimport MAX_SLOTS, MatchC, _place
from reversis._core.draws cimport next_choice
from reversis._core.engine cimport NO_MOVE, REFUSED
from reversis._core.lowered cimport _mask, _small, _table
from reversis._core.play cimport apply_card, nth_card
from reversis._core.steps cimport apply_step, step_allowed

import attrs

from reversis.cards import Card
from reversis.engine.deal import Deal
from reversis.errors import ArgumentError


from libc.string cimport memcmp

cdef enum:
    W_EXCHANGED = 0
    W_DECLINED = 1
    W_DISCARDED = 2
    W_GIVEN = 3
    MAX_MUST = 32
    MAX_KNOWN = 64
    W_REJECT = 0
    W_ACCEPT = 1


cdef struct GuessC:
    uint64_t seat_mask[MAX_PLAYERS]     # the cards a hand slot of each seat may take
    uint8_t privileged[MAX_PLAYERS]     # the seats that qualified for the privilege
    int nmust
    uint8_t must_seat[MAX_MUST]
    uint64_t must_mask[MAX_MUST]        # the cards that meet it (0: none may)


cdef struct PlanC:
    int n
    int seat
    int nunknown
    int nothers
    int nguess
    uint8_t unknown[NCARDS]
    uint8_t others[MAX_PLAYERS]
    uint64_t cur0[MAX_PLAYERS]          # the cards known in each hand (not played)
    uint64_t played[MAX_PLAYERS]
    uint64_t priv_cand[MAX_PLAYERS]     # the privilege cards each seat may hold
    int counts[MAX_PLAYERS]
    int priv_needed
    uint64_t priv_mask
    GuessC guess[MAX_PLAYERS + 1]
    int nsteps
    uint8_t st_kind[MAX_STEPS]
    uint8_t st_seat[MAX_STEPS]
    uint8_t st_to[MAX_STEPS]
    int16_t st_card[MAX_STEPS]          # the card the view shows, or -1
    int16_t st_taken[MAX_STEPS]         # an exchange's widow card the view shows, or -1
    uint8_t st_revealed[MAX_STEPS]
    uint64_t st_slot[MAX_STEPS]         # the cards a hidden card of the step may be (0: no slot)
    uint8_t st_move[MAX_STEPS]          # the step's move kind in the replay
    int nunits
    uint8_t unit_first[MAX_STEPS]
    uint8_t unit_len[MAX_STEPS]
    uint64_t received_known
    uint64_t given_known
    int nreceived
    uint8_t received[NCARDS]
    bint widow_exchange
    int decksize
    int nplays
    uint8_t plays[NCARDS]
    int want[MAX_PLAYERS]
    int talon
    uint64_t bum_bit
    int dealer
    uint64_t deck
    bint widow_dealer       # reunion §4: the dealer takes up the widow, the turn-up last
    int shown               # the card turned up, or -1
    bint coin               # whether the dealer may have discarded the turn-up (a coin decides)
    bint shown_free         # whether the turn-up may be discarded


cdef struct PrintC:
    uint64_t held
    uint64_t legal
    int nplayed
    int nfacts
    bint privileged
    uint8_t kinds[NCARDS]
    FactC facts[MAX_FACTS]


cdef void _print_of(const TableC* t, const StateC* c, const FactC* log, int seat,
                    PrintC* out) noexcept nogil:
    """The necessary part of the check: what the seat's view shows that can differ."""
    cdef int k, received_at = -1
    cdef FactC f
    out.held = c.held[seat]
    out.legal = c.legal if c.to_move == seat else 0
    out.nplayed = c.nplayed
    memcpy(out.kinds, c.kinds, c.nplayed)
    out.privileged = c.privilege == seat and c.step >= t.nsteps
    for k in range(c.nfacts):
        if log[k].kind == F_RECEIVED:
            received_at = k
    out.nfacts = 0
    for k in range(c.nfacts):
        f = log[k]
        if f.kind == F_EXCHANGED or f.kind == F_DECLINED or f.kind == F_DISCARDED:
            if f.a != seat:
                f.b = 0
                f.c = 0
        elif f.kind == F_GIVEN or f.kind == F_PASSED:
            if f.a != seat and not (f.b == seat and k < received_at):
                f.c = 0
        elif f.kind == F_PRIVILEGE and f.a != seat:
            continue  # another seat's privilege shows at the end (worlds.pyx's second part)
        out.facts[out.nfacts] = f
        out.nfacts += 1


cdef bint _same_print(const PrintC* a, const PrintC* b) noexcept nogil:
    cdef int k
    if (a.held != b.held or a.legal != b.legal or a.nplayed != b.nplayed
            or a.nfacts != b.nfacts or a.privileged != b.privileged):
        return False
    if memcmp(a.kinds, b.kinds, a.nplayed) != 0:
        return False
    for k in range(a.nfacts):
        if (a.facts[k].step != b.facts[k].step or a.facts[k].kind != b.facts[k].kind
                or a.facts[k].a != b.facts[k].a or a.facts[k].b != b.facts[k].b
                or a.facts[k].c != b.facts[k].c):
            return False
    return True


cdef inline int _draw_below(uint64_t* rng, int count) noexcept nogil:
    """draws.pxd next_choice with the core's generator (reversis.worlds.plan.Draws.below)."""
    cdef uint64_t z
    rng[0] += 0x9E3779B97F4A7C15ULL
    z = rng[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    z = z ^ (z >> 31)
    return <int>rv_mulhi(z, <unsigned long long>count)


cdef inline int _hidden_key(const StateC* c) noexcept nogil:
    """The sufficient part of the check: who holds the privilege, and the trick of its first use."""
    return (c.privilege + 1) * 256 + c.privilege_used


cdef bint _matching(const uint8_t* pool, int npool, const uint64_t* masks, int nslots,
                    MatchC* m) noexcept nogil:
    """sampling.pyx match_masks on arrays: a card of ``pool`` for each slot (``m.owner``). A run
    of slots with one mask shares its list of candidates, and the runs are sorted by their
    numbers of candidates (stably: the slots in match_masks' order)."""
    cdef int i, j, k, nruns = 0
    cdef uint64_t seen
    cdef uint8_t first[MAX_SLOTS]
    cdef uint8_t order[MAX_SLOTS]
    m.nslots = nslots
    for i in range(nslots):
        if i == 0 or masks[i] != masks[i - 1]:
            first[nruns] = i
            m.ncand[nruns] = 0
            for k in range(npool):
                if masks[i] >> pool[k] & 1:
                    m.cand[nruns][m.ncand[nruns]] = pool[k]
                    m.ncand[nruns] += 1
            j = nruns
            while j > 0 and m.ncand[order[j - 1]] > m.ncand[nruns]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = nruns
            nruns += 1
        m.list_of[i] = nruns - 1
    memset(m.owner, -1, sizeof(m.owner))
    m.nplaced = 0
    for j in range(nruns):
        i = first[order[j]]
        while i < nslots and m.list_of[i] == order[j]:
            seen = 0
            if not _place(m, i, &seen):
                return False
            i += 1
    return True


cdef inline void _remove_at(uint8_t* pool, int* npool, int at) noexcept nogil:
    memmove(&pool[at], &pool[at + 1], npool[0] - at - 1)
    npool[0] -= 1


cdef int _first_in(const uint8_t* pool, int npool, uint64_t mask) noexcept nogil:
    cdef int k
    for k in range(npool):
        if mask >> pool[k] & 1:
            return k
    return -1


cdef bint _undo_gives(const PlanC* p, uint64_t* rng, int first, int count, uint64_t* held,
                      const int16_t* hidden, uint8_t* kinds, uint8_t* cards) noexcept nogil:
    """worlds.py _undo_gives: which card each give of a run was, then back to its giver."""
    cdef int16_t chosen[MAX_STEPS]
    cdef uint64_t taken = 0, cands
    cdef int i, k, card, step, seat = p.seat
    cdef bint revealed = p.st_revealed[first]
    for i in range(count):
        chosen[i] = -1
    k = 0
    for i in range(count):
        step = first + i
        if p.st_to[step] == seat and p.st_card[step] < 0 and k < p.nreceived:
            chosen[i] = p.received[k]  # the seat knows what it received, in the order given
            taken |= (<uint64_t>1) << p.received[k]
            k += 1
    for i in range(count):
        if chosen[i] >= 0:
            continue
        step = first + i
        card = p.st_card[step] if p.st_card[step] >= 0 else hidden[step]
        if card < 0:
            if revealed:
                cands = held[p.st_to[step]] & ~p.received_known & ~p.given_known & ~taken
            else:
                cands = held[p.st_seat[step]] & ~taken
            if not cands:
                return False
            card = nth_card(cands, _draw_below(rng, rv_popcount(cands)))
        chosen[i] = card
        taken |= (<uint64_t>1) << card
    for i in range(count):
        step = first + i
        card = chosen[i]
        if revealed:
            if not held[p.st_to[step]] >> card & 1:
                return False
            held[p.st_to[step]] &= ~((<uint64_t>1) << card)
        held[p.st_seat[step]] |= (<uint64_t>1) << card
        kinds[step] = p.st_move[step]
        cards[step] = card
    return True


cdef bint _candidate(const PlanC* p, uint64_t* rng, uint64_t* held, uint8_t* talon,
                     uint8_t* kinds, uint8_t* cards) noexcept nogil:
    """worlds.py _Plan.sample and _build with the same draws: the cards of each hand, the widow
    (``talon``) and the steps' moves of one candidate world; False where _Plan.sample gives
    None before the replay."""
    cdef uint8_t pool[NCARDS]
    cdef uint64_t cur[MAX_PLAYERS]
    cdef uint64_t masks[MAX_SLOTS]
    cdef int8_t slot_seat[MAX_SLOTS]
    cdef int8_t slot_step[MAX_SLOTS]
    cdef int16_t hidden[MAX_STEPS]
    cdef int16_t widow_at[MAX_STEPS]
    cdef MatchC m
    cdef const GuessC* g
    cdef int npool = p.nunknown, i, j, k, seat, need, missing, nslots = 0, at, card, step
    cdef int ntalon = 0, total, u
    cdef bint shown_aside = False, shown_placed = False
    cdef uint8_t swap
    cdef uint64_t bit, cands
    memcpy(pool, p.unknown, npool)
    for i in range(npool - 1, 0, -1):
        j = _draw_below(rng, i + 1)
        swap = pool[i]
        pool[i] = pool[j]
        pool[j] = swap
    g = &p.guess[_draw_below(rng, p.nguess)]
    memcpy(cur, p.cur0, sizeof(cur))
    if p.coin:
        if _draw_below(rng, 2) == 0 and p.shown_free:
            shown_aside = True  # reunion §4: the dealer may have discarded the turn-up
        else:
            cur[p.dealer] |= (<uint64_t>1) << p.shown
    k = 0
    for i in range(p.nothers):
        seat = p.others[i]
        while k < g.nmust and g.must_seat[k] == seat:
            at = _first_in(pool, npool, g.must_mask[k])
            if at < 0:
                return False
            cur[seat] |= (<uint64_t>1) << pool[at]
            _remove_at(pool, &npool, at)
            k += 1
        if g.privileged[seat]:
            missing = p.priv_needed - rv_popcount((cur[seat] | p.played[seat]) & p.priv_mask)
            while missing > 0:
                at = _first_in(pool, npool, p.priv_cand[seat])
                if at < 0:
                    return False
                cur[seat] |= (<uint64_t>1) << pool[at]
                _remove_at(pool, &npool, at)
                missing -= 1
    for i in range(p.nothers):
        seat = p.others[i]
        need = p.counts[seat] - rv_popcount(cur[seat])
        if need < 0 or nslots + need > MAX_SLOTS:
            return False
        for j in range(need):
            masks[nslots] = g.seat_mask[seat]
            slot_seat[nslots] = seat
            slot_step[nslots] = -1
            nslots += 1
    for step in range(p.nsteps):
        hidden[step] = -1
        widow_at[step] = -1
        if p.st_slot[step]:
            if shown_aside and not shown_placed and p.st_kind[step] == W_DISCARDED:
                hidden[step] = p.shown
                shown_placed = True
                continue
            if nslots >= MAX_SLOTS:
                return False
            masks[nslots] = p.st_slot[step]
            slot_seat[nslots] = -1
            slot_step[nslots] = step
            nslots += 1
    if shown_aside and not shown_placed:
        return False
    if not _matching(pool, npool, masks, nslots, &m):
        return False
    for k in range(m.nplaced):
        card = m.order[k]
        i = m.owner[card]
        if slot_seat[i] >= 0:
            cur[slot_seat[i]] |= (<uint64_t>1) << card
        else:
            hidden[slot_step[i]] = card
    j = 0
    for k in range(npool):  # the pool's cards left, in its order
        if m.owner[pool[k]] < 0:
            pool[j] = pool[k]
            j += 1
    npool = j
    # _build: the steps undone from the last, a run of gives as one.
    for seat in range(p.n):
        held[seat] = cur[seat] | p.played[seat]
    for u in range(p.nunits - 1, -1, -1):
        step = p.unit_first[u]
        if p.st_kind[step] == W_GIVEN:
            if not _undo_gives(p, rng, step, p.unit_len[u], held, hidden, kinds, cards):
                return False
            continue
        seat = p.st_seat[step]
        card = p.st_card[step] if p.st_card[step] >= 0 else hidden[step]
        if card < 0:
            return False
        bit = (<uint64_t>1) << card
        kinds[step] = p.st_move[step]
        cards[step] = card
        if p.st_kind[step] == W_EXCHANGED:
            j = p.st_taken[step]
            if j < 0:
                cands = held[seat] & ~p.received_known
                if not cands:
                    return False
                j = nth_card(cands, _draw_below(rng, rv_popcount(cands)))
            if not held[seat] >> j & 1:
                return False
            held[seat] = (held[seat] & ~((<uint64_t>1) << j)) | bit
            widow_at[step] = j
        elif p.st_kind[step] == W_DECLINED:
            widow_at[step] = card
            cards[step] = 0
        else:
            held[seat] |= bit
    for step in range(p.nsteps):
        if widow_at[step] >= 0:
            talon[ntalon] = widow_at[step]
            ntalon += 1
    total = 0
    for seat in range(p.n):
        total += rv_popcount(held[seat])
    if p.widow_exchange:
        if npool != p.decksize - total - ntalon:
            return False
        for k in range(npool):
            talon[ntalon] = pool[k]
            ntalon += 1
    elif npool:
        return False
    if p.widow_dealer:
        # reunion §4: the dealer took up the widow, the turn-up last.
        cands = held[p.dealer] & ~((<uint64_t>1) << p.shown)
        if not held[p.dealer] >> p.shown & 1 or not cands:
            return False
        j = nth_card(cands, _draw_below(rng, rv_popcount(cands)))
        talon[0] = j
        talon[1] = p.shown
        ntalon = 2
        held[p.dealer] &= ~(((<uint64_t>1) << j) | ((<uint64_t>1) << p.shown))
    # worldhand.py WorldDealer._deal: a deal of the profile.
    bit = 0
    for seat in range(p.n):
        if rv_popcount(held[seat]) != p.want[seat] or bit & held[seat]:
            return False
        bit |= held[seat]
    for k in range(ntalon):
        if bit >> talon[k] & 1:
            return False
        bit |= (<uint64_t>1) << talon[k]
    if ntalon != p.talon or bit != p.deck:
        return False
    if p.bum_bit and not held[p.dealer] & p.bum_bit:
        return False
    return True


cdef bint _replay(const PlanC* p, TableC* t, StateC* c, FactC* log, const uint64_t* held,
                  const uint8_t* talon, const uint8_t* kinds, const uint8_t* cards,
                  const int32_t* danger, int* surprises) noexcept nogil:
    """The world's deal into ``t`` and its state after the public moves into ``c``; False at the
    first move the core refuses. With a ``danger`` table (not NULL), ``surprises`` counts the
    plays of the other seats that are not the cautious policy's card in the world
    (playouts.pyx cautious_card): what the search's inference weighs a world by."""
    cdef int seat, k, card
    if danger != NULL:
        surprises[0] = 0
    for seat in range(p.n):
        t.dealt[seat] = held[seat]
    memcpy(t.widow, talon, p.talon)
    if t.widow_to_dealer:
        for k in range(p.talon):
            t.dealt[p.dealer] |= (<uint64_t>1) << talon[k]
    memset(c, 0, sizeof(StateC))
    c.privilege = c.committed = c.breaker = -1
    for seat in range(p.n):
        c.held[seat] = t.dealt[seat]
    if t.nsteps:
        c.to_move = t.step_seat[0]
        c.leader = t.eldest
    else:
        to_play(t, c)
    for k in range(p.nsteps):
        if c.to_move < 0 or c.step >= t.nsteps or not step_allowed(t, c, kinds[k], cards[k]):
            return False
        apply_step(t, c, log, kinds[k], cards[k])
    for k in range(p.nplays):
        card = p.plays[k]
        if c.to_move < 0 or c.step < t.nsteps or not c.legal >> card & 1:
            return False
        if danger != NULL and c.to_move != p.seat and card != cautious_card(
                c.legal, &c.played[c.nplayed - c.ncur], c.ncur, danger):
            surprises[0] += 1
        apply_card(t, c, log, card)
    return True


@cython.final
cdef class WorldPlan:
    """The worlds of one view, lowered (reversis.worlds.plan.view_worlds reads it from the view in C,
    lower_plan lowers it from the view's constraints read in Python)."""

    cdef PlanC p
    cdef Table scratch          # the view's deal; its cards are each world's in turn
    cdef object deal            # the scratch table's Deal, for gc.get_referents to show (a Table
                                # shows no referents): the view's deal, no card dealt
    cdef object check           # check(state) -> bool: the world's view is the view
    cdef object make_deal       # make_deal(dealt masks, widow bits) -> the world's Deal
    cdef bint has_print
    cdef PrintC target
    cdef int nknown
    cdef int known[MAX_KNOWN]
    cdef CoreState final        # each playout's final state in turn (for its result)
    cdef CoreState checked      # the world _draw last accepted after a full check, on its own Deal
    cdef public long long full_checks
    cdef public long long candidates
    cdef const int32_t* danger  # draw_scored's danger table while it draws, else NULL
    cdef int surprises          # the surprises of the last candidate replayed with it

    def __init__(self):
        raise TypeError("make a WorldPlan with reversis._core.core.view_worlds or plan_worlds")

    cdef int _draw(self, uint64_t* rng, int attempts, StateC* c, FactC* log) except -1:
        """A world accepted within ``attempts`` candidates into ``c`` and ``log`` (on the
        scratch table): 1, or 0 if none."""
        cdef uint64_t held[MAX_PLAYERS]
        cdef uint8_t talon[NCARDS]
        cdef uint8_t kinds[MAX_STEPS]
        cdef uint8_t cards[MAX_STEPS]
        cdef PrintC mine
        cdef int attempt, key, k
        cdef bint known
        cdef TableC* t = &self.scratch.c
        for attempt in range(attempts):
            self.candidates += 1
            if not _candidate(&self.p, rng, held, talon, kinds, cards):
                continue
            if not _replay(&self.p, t, c, log, held, talon, kinds, cards, self.danger,
                           &self.surprises):
                continue
            _print_of(t, c, log, self.p.seat, &mine)
            if self.has_print and not _same_print(&mine, &self.target):
                continue
            key = _hidden_key(c)
            known = False
            if self.has_print:
                for k in range(self.nknown):
                    if self.known[k] == key:
                        known = True
            if known:
                return 1
            self.full_checks += 1
            checked = self._state(c, log, True)
            if not self.check(checked):
                continue
            self.checked = checked  # the world itself, for world() to hand out
            if not self.has_print:
                memcpy(&self.target, &mine, sizeof(PrintC))
                self.has_print = True
            if self.nknown < MAX_KNOWN:
                self.known[self.nknown] = key
                self.nknown += 1
            return 1
        return 0

    cdef CoreState _state(self, const StateC* c, const FactC* log, bint own_deal):
        """The world's state as a CoreState: on its own table and Deal (``own_deal``), else on the
        scratch table (whose deal is the view's: for the settlement, which reads none of its
        cards)."""
        cdef Table table = self.scratch
        cdef int seat, k
        cdef uint64_t taken_up = 0
        if own_deal:
            table = Table.__new__(Table)
            memcpy(&table.c, &self.scratch.c, sizeof(TableC))
            table.pools = self.scratch.pools
            if table.c.widow_to_dealer:  # the Deal's hands are the cards dealt, without the widow
                for k in range(table.c.nwidow):
                    taken_up |= (<uint64_t>1) << table.c.widow[k]
            table.deal = self.make_deal(
                tuple([table.c.dealt[seat] & ~(taken_up if seat == self.p.dealer else 0)
                       for seat in range(self.p.n)]),
                tuple([table.c.widow[k] for k in range(table.c.nwidow)]),
            )
        return _new_state(table, c, _log_of(log, c.nfacts, MAX_FACTS))

    cdef CoreState _final(self, const StateC* c, const FactC* log):
        """The final state of a playout, on the scratch table, in the plan's one final state
        (no allocation: the result reads it before the next playout)."""
        cdef CoreState final = self.final
        if final is None:
            final = self.final = _new_state(self.scratch, c, _log_of(NULL, 0, MAX_FACTS))
        memcpy(&final.c, c, sizeof(StateC))
        memcpy(final.log.items, log, c.nfacts * sizeof(FactC))
        final.log.used = c.nfacts
        final._tricks = final._facts = final._extra = None
        return final

    def world(self, seed, attempts):
        """``(state, next seed)``: the first world accepted within ``attempts`` candidates drawn
        with the core's generator from ``seed``, or ``None``, and the generator's state after."""
        cdef uint64_t rng = _plan_seed(seed)
        cdef int tries = _plan_attempts(attempts)
        cdef StateC c
        cdef FactC log[MAX_FACTS]
        self.checked = None
        if not self._draw(&rng, tries, &c, log):
            return None, rng
        if self.checked is not None:  # checked in full: the state made for the check
            state, self.checked = self.checked, None
            return state, rng
        return self._state(&c, log, True), rng

    def scored_world(self, seed, attempts, danger):
        """``(state, surprises, next seed)``: :meth:`world`'s world and its count of the plays of
        the other seats that are not the cautious card of ``danger`` (a tuple of 64 values) in
        it, as the search's inference counts them (the tests compare it with
        reversis.bots.search.surprises); ``(None, 0, next seed)`` if no world turns up."""
        cdef int32_t table[NCARDS]
        _danger_of(danger, table)
        self.danger = table
        self.surprises = 0
        try:
            state, after = self.world(seed, attempts)
        finally:
            self.danger = NULL
        return state, (self.surprises if state is not None else 0), after

    def candidate(self, seed):
        """One candidate drawn from ``seed`` (for the tests): ``(state or None, next seed)``, the
        state on its own Deal where the replay accepts the candidate; and the C check's verdict
        on it (``None`` where a full check would be needed, or there is no state)."""
        cdef uint64_t rng = _plan_seed(seed)
        cdef uint64_t held[MAX_PLAYERS]
        cdef uint8_t talon[NCARDS]
        cdef uint8_t kinds[MAX_STEPS]
        cdef uint8_t cards[MAX_STEPS]
        cdef StateC c
        cdef FactC log[MAX_FACTS]
        cdef PrintC mine
        cdef int k
        if not _candidate(&self.p, &rng, held, talon, kinds, cards):
            return None, None, rng
        if not _replay(&self.p, &self.scratch.c, &c, log, held, talon, kinds, cards, NULL, NULL):
            return None, None, rng
        verdict = None
        if self.has_print:
            _print_of(&self.scratch.c, &c, log, self.p.seat, &mine)
            if not _same_print(&mine, &self.target):
                verdict = False
            else:
                for k in range(self.nknown):
                    if self.known[k] == _hidden_key(&c):
                        verdict = True
        return self._state(&c, log, True), verdict, rng

    def fields(self):
        """The plan's fields as plain values (for the tests: a plan read from a hand's state is
        the one lowered from its view)."""
        cdef const PlanC* p = &self.p
        cdef int k, seat
        guesses = []
        for k in range(p.nguess):
            guesses.append((
                [p.guess[k].seat_mask[seat] for seat in range(p.n)],
                [bool(p.guess[k].privileged[seat]) for seat in range(p.n)],
                [(p.guess[k].must_seat[j], p.guess[k].must_mask[j])
                 for j in range(p.guess[k].nmust)],
            ))
        return {
            "n": p.n, "seat": p.seat, "unknown": [p.unknown[k] for k in range(p.nunknown)],
            "others": [p.others[k] for k in range(p.nothers)],
            "cur0": [p.cur0[k] for k in range(p.n)], "played": [p.played[k] for k in range(p.n)],
            "priv_cand": [p.priv_cand[k] for k in range(p.n)],
            "counts": [p.counts[k] for k in range(p.n)], "want": [p.want[k] for k in range(p.n)],
            "priv_needed": p.priv_needed, "priv_mask": p.priv_mask, "guesses": guesses,
            "steps": [(p.st_kind[k], p.st_seat[k], p.st_to[k], p.st_card[k], p.st_taken[k],
                       bool(p.st_revealed[k]), p.st_slot[k], p.st_move[k])
                      for k in range(p.nsteps)],
            "units": [(p.unit_first[k], p.unit_len[k]) for k in range(p.nunits)],
            "received_known": p.received_known, "given_known": p.given_known,
            "received": [p.received[k] for k in range(p.nreceived)],
            "widow_exchange": bool(p.widow_exchange), "decksize": p.decksize,
            "plays": [p.plays[k] for k in range(p.nplays)], "talon": p.talon,
            "bum_bit": p.bum_bit, "dealer": p.dealer, "deck": p.deck,
            "widow_dealer": bool(p.widow_dealer), "shown": p.shown, "coin": bool(p.coin),
            "shown_free": bool(p.shown_free),
            "scratch": (self.scratch.c.nwidow, self.scratch.c.nsteps,
                        [self.scratch.c.step_seat[k] for k in range(self.scratch.c.nsteps)],
                        [self.scratch.c.step_kind[k] for k in range(self.scratch.c.nsteps)],
                        [self.scratch.c.step_arg[k] for k in range(self.scratch.c.nsteps)],
                        self.scratch.c.no_discard, bool(self.scratch.c.may_decline),
                        self.scratch.c.dealer, self.scratch.c.eldest,
                        [self.scratch.c.suits[k] for k in range(4)], self.scratch.c.trump_suit,
                        [self.scratch.c.led_cards[k] for k in range(NCARDS)],
                        [self.scratch.c.power[k] for k in range(NCARDS)]),
        }

    def rollouts(self, count, seed, attempts, policy, danger, result):
        """reversis.rollouts of the view: ``count`` times a world (as :meth:`world`) played out
        from the same generator (as reversis.bots.playouts.play_outs), its ``result`` (``"net"`` or a
        function of the final state) in row i of the results. Returns ``(results, next seed)``:
        the results an ``array("q")`` of ``count`` rows of a value per seat that this method
        sizes itself, the generator's state after them, or -1 - i if no world was found for
        playout i. Every size is checked in Python integers before the loop (ArgumentError)."""
        cdef uint64_t rng = _plan_seed(seed)
        cdef int tries = _plan_attempts(attempts)
        cdef StateC c
        cdef FactC log[MAX_FACTS]
        cdef int32_t table_of_danger[NCARDS]
        cdef int n = self.p.n, kind_of_policy, seat, k = 0
        cdef Py_ssize_t i, total
        cdef int64_t nets[MAX_PLAYERS]
        cdef bint net_in_c = isinstance(result, str) and result == "net"
        cdef long long[::1] out
        if type(count) is not int or not 0 <= count <= MAX_PLAN_ROLLOUTS:
            raise ArgumentError(
                f"rollouts: count must be an integer from 0 to {MAX_PLAN_ROLLOUTS},"
                f" not {str(count)[:40]}")
        total = count
        if policy is None:
            kind_of_policy = POLICY_RANDOM
        elif isinstance(policy, str) and policy == "cautious":
            kind_of_policy = POLICY_CAUTIOUS
            _danger_of(danger, table_of_danger)
        elif callable(policy):
            kind_of_policy = POLICY_CALLABLE
        else:
            raise ArgumentError(f"rollouts: no policy {str(policy)[:40]!r}")
        if not net_in_c and not callable(result):
            raise ArgumentError(f"rollouts: no result {str(result)[:40]!r}")
        results = _plan_array("q", bytes(8 * count * n))  # count * n checked above: no wrap
        out = results
        for i in range(total):
            if not self._draw(&rng, tries, &c, log):
                return results, -1 - i
            self.checked = None
            why = _roll_out(&self.scratch.c, &c, log, None, &rng, kind_of_policy, policy,
                            table_of_danger, &k)
            if why == NO_MOVE:
                raise ArgumentError(f"rollouts: no legal move at step {c.step}")
            if why == REFUSED:
                raise ArgumentError(f"rollouts: the random move at step {c.step} is refused")
            final = self._final(&c, log)  # on the scratch table: no result reads its cards
            if net_in_c:
                settle_net(final, nets)
                for seat in range(n):
                    out[i * n + seat] = nets[seat]
                continue
            values = result(final)
            if len(values) != n:
                raise ArgumentError(f"rollouts: result gave {len(values)} values for {n} seats")
            for seat in range(n):
                out[i * n + seat] = values[seat]
        return results, rng


#: The most playouts one call of WorldPlan.rollouts makes (reversis.bots.playouts.MAX_PLAYOUTS is less).
MAX_PLAN_ROLLOUTS = 1 << 20
#: The most candidates one world is drawn from.
MAX_PLAN_ATTEMPTS = 1 << 20

from array import array as _plan_array


cdef uint64_t _plan_seed(object seed) except? 0:
    """A generator's state: an integer from 0 to 2**64 - 1 (else ArgumentError)."""
    if type(seed) is not int or not 0 <= seed < (1 << 64):
        raise ArgumentError(f"a seed is an integer from 0 to 2**64 - 1, not {str(seed)[:40]}")
    return <uint64_t>seed


cdef int _plan_attempts(object attempts) except -1:
    """A number of candidates: an integer from 1 to MAX_PLAN_ATTEMPTS (else ArgumentError)."""
    if type(attempts) is not int or not 1 <= attempts <= MAX_PLAN_ATTEMPTS:
        raise ArgumentError(
            f"attempts must be an integer from 1 to {MAX_PLAN_ATTEMPTS}, not {str(attempts)[:40]}")
    return <int>attempts


cdef int _fill_bits(uint8_t* out, object items, int most, str what) except -1:
    """Card bits (or small numbers) from 0 to 63 into ``out``; their count."""
    cdef int k, value
    items = tuple(items)
    if len(items) > most:
        raise ArgumentError(f"plan_worlds: too many {what}")
    for k in range(len(items)):
        value = _small(items[k], 0, NCARDS - 1)
        if value < 0:
            raise ArgumentError(f"plan_worlds: {what} are numbers from 0 to 63")
        out[k] = value
    return len(items)


cdef int _need(object value, int low, int high) except -1000:
    """``value``, an integer from ``low`` to ``high`` (else ArgumentError)."""
    cdef int number = _small(value, low, high)
    if number == -999:
        raise ArgumentError(f"plan_worlds: {str(value)[:20]} is not from {low} to {high}")
    return number


cdef tuple _seq(object value, int length, str what):
    """``value`` as a tuple of ``length`` items (the core indexes without bounds checks)."""
    if not isinstance(value, (list, tuple)) or len(value) != length:
        raise ArgumentError(f"plan_worlds: {what} must be a list of {length} items")
    return tuple(value)


def plan_worlds(template, check, make_deal, plan):
    """A :class:`WorldPlan` from the lowered plan (a dict that reversis.worlds.plan.lower_plan
    makes; its fields are PlanC's), the view's deal ``template``, ``check(state)`` (the full
    check) and ``make_deal(dealt, widow)`` (a world's Deal)."""
    cdef WorldPlan w = WorldPlan.__new__(WorldPlan)
    cdef PlanC* p = &w.p
    cdef GuessC* g
    cdef int k, seat, n
    memset(p, 0, sizeof(PlanC))
    w.scratch = _table(template)
    w.deal = template
    w.check = check
    w.make_deal = make_deal
    p.n = n = w.scratch.c.players
    p.seat = _need(plan["seat"], 0, n - 1)
    if p.seat < 0:
        raise ArgumentError("plan_worlds: no seat")
    p.nunknown = _fill_bits(p.unknown, plan["unknown"], NCARDS, "unknown cards")
    p.nothers = _fill_bits(p.others, plan["others"], n, "seats")
    for k in range(p.nothers):
        if p.others[k] >= n:
            raise ArgumentError("plan_worlds: the other seats are seats of the deal")
    cur0, played = _seq(plan["cur0"], n, "cur0"), _seq(plan["played"], n, "played")
    priv_cand = _seq(plan["priv_cand"], n, "priv_cand")
    counts, want = _seq(plan["counts"], n, "counts"), _seq(plan["want"], n, "want")
    for seat in range(n):
        p.cur0[seat] = _mask(cur0[seat], "cards")
        p.played[seat] = _mask(played[seat], "cards")
        p.priv_cand[seat] = _mask(priv_cand[seat], "cards")
        p.counts[seat] = _need(counts[seat], 0, NCARDS)
        p.want[seat] = _need(want[seat], 0, NCARDS)
    p.priv_needed = _need(plan["priv_needed"], 0, NCARDS)
    p.priv_mask = _mask(plan["priv_mask"], "cards")
    guesses = plan["guesses"]
    if not isinstance(guesses, (list, tuple)) or not 1 <= len(guesses) <= MAX_PLAYERS + 1:
        raise ArgumentError("plan_worlds: one to nine guesses")
    p.nguess = len(guesses)
    for k in range(p.nguess):
        g = &p.guess[k]
        seat_masks, privileged, musts = guesses[k]
        seat_masks, privileged = _seq(seat_masks, n, "masks"), _seq(privileged, n, "privileged")
        musts = _seq(musts, len(musts), "musts")
        for seat in range(n):
            g.seat_mask[seat] = _mask(seat_masks[seat], "cards")
            g.privileged[seat] = bool(privileged[seat])
        if len(musts) > MAX_MUST:
            raise ArgumentError("plan_worlds: too many suits to hold")
        g.nmust = len(musts)
        for seat in range(g.nmust):
            must_seat, must_mask = musts[seat]
            g.must_seat[seat] = _need(must_seat, 0, n - 1)
            g.must_mask[seat] = _mask(must_mask, "cards")
    steps = _seq(plan["steps"], len(plan["steps"]), "steps")
    if len(steps) > MAX_STEPS or len(steps) != w.scratch.c.nsteps:
        raise ArgumentError("plan_worlds: the steps are not the deal's")
    p.nsteps = len(steps)
    for k in range(p.nsteps):
        kind, seat, to, card, taken, revealed, slot, move = steps[k]
        p.st_kind[k] = _need(kind, 0, 3)
        p.st_seat[k] = _need(seat, 0, n - 1)
        p.st_to[k] = _need(to, 0, n - 1)
        p.st_card[k] = _need(card, -1, NCARDS - 1)
        p.st_taken[k] = _need(taken, -1, NCARDS - 1)
        p.st_revealed[k] = bool(revealed)
        p.st_slot[k] = _mask(slot, "cards")
        p.st_move[k] = _need(move, 0, MOVE_DECLINE)
    units = _seq(plan["units"], len(plan["units"]), "units")
    if len(units) > MAX_STEPS:
        raise ArgumentError("plan_worlds: too many units")
    p.nunits = len(units)
    for k in range(p.nunits):
        first, length = units[k]
        p.unit_first[k] = _need(first, 0, p.nsteps - 1)
        p.unit_len[k] = _need(length, 1, p.nsteps - p.unit_first[k])
    p.received_known = _mask(plan["received_known"], "cards")
    p.given_known = _mask(plan["given_known"], "cards")
    p.nreceived = _fill_bits(p.received, plan["received"], NCARDS, "received cards")
    p.widow_exchange = bool(plan["widow_exchange"])
    p.decksize = _need(plan["decksize"], 0, NCARDS)
    p.nplays = _fill_bits(p.plays, plan["plays"], NCARDS, "plays")
    p.talon = _need(plan["talon"], 0, NCARDS)
    if p.talon != w.scratch.c.nwidow:
        raise ArgumentError("plan_worlds: the widow is not the deal's")
    p.bum_bit = _mask(plan["bum_bit"], "cards")
    p.dealer = w.scratch.c.dealer
    p.widow_dealer = w.scratch.c.widow_to_dealer
    p.shown = _need(plan["shown"], -1, NCARDS - 1)
    p.coin = bool(plan["coin"])
    p.shown_free = bool(plan["shown_free"])
    if (p.coin or p.widow_dealer) and p.shown < 0:
        raise ArgumentError("plan_worlds: the dealer's widow needs the card turned up")
    if p.widow_dealer and p.talon != 2:
        raise ArgumentError("plan_worlds: the dealer takes up a widow of two cards")
    p.deck = w.scratch.c.deck
    return w


# -- the worlds of a view, read from the view ------------------------------------------------
#
# The worlds of a view, their plan read from the view itself
# worlds.pyx): what reversis/worlds/sampler.py's _Plan reads from the view's events and
# reversis/worlds/plan.py's lower_plan lowers, read in C from the view's public fields in one pass
# (tests/worlds/test_worldplan.py holds the plan equal to the one lowered in Python, field by field, and
# its worlds equal). The view is all it reads: its seat's cards, its events (the other seats'
# steps without their cards, the cards played and how), the cards it put aside, gave and received,
# its card counts; a view read back from JSON gives the same plan as the view it was written from.
# The plan keeps only what it computed (C arrays), the scratch table of the view's deal (no card
# dealt), the check (which holds the view) and the maker of a world's deal: nothing the view does
# not show (tests/views/test_view_holds.py walks it).

cdef inline uint64_t _bit(int card) noexcept nogil:
    return (<uint64_t>1) << card


cdef _Maker _DEAL_MAKER = None
cdef Py_ssize_t _DEALT_AT = -1, _WIDOW_AT = -1, _PACK_AT = -1, _SEED_AT = -1


@cython.final
cdef class _WorldDeal:
    """``make_deal(deal, dealt, widow)`` for the worlds of one view: the view's deal with the
    world's cards, its other fields read once, the Deal made with them set directly (events.pyx
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
    reversis.worlds.plan.lower_plan gives none (a hand over, its pot shown, in its steps before
    play, no card played yet; or events it does not read as a hand's). ``profile`` is the view's
    (checked), ``scratch_deal`` the view's deal (reversis.views.rules.view_deal) with a widow of
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
    passes = rules.passing
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


# -- the worlds for a search in C (worlds.pxd) ----------------------------------------------------


cdef int draw_world(object plan, uint64_t* rng, int attempts, StateC* c, FactC* log) except -1:
    """A world of ``plan`` (a WorldPlan, else ArgumentError) accepted within ``attempts``
    candidates drawn from ``rng``, into ``c`` and ``log`` (on :func:`world_table`'s table, the
    view's deal with the world's cards, good until the next draw): 1, or 0 if none."""
    if type(plan) is not WorldPlan:
        raise ArgumentError(f"a search draws its worlds from a WorldPlan, not {type(plan).__name__}")
    cdef WorldPlan w = <WorldPlan>plan
    cdef int found = w._draw(rng, attempts, c, log)
    w.checked = None  # the state of a full check: not kept
    return found


cdef int draw_scored(object plan, uint64_t* rng, int attempts, StateC* c, FactC* log,
                     const int32_t* danger, int* surprises) except -1:
    """As :func:`draw_world`, and in ``surprises`` the world's count of the other seats' plays
    that are not the cautious card of ``danger`` (the table of 64 values) in it."""
    if type(plan) is not WorldPlan:
        raise ArgumentError(f"a search draws its worlds from a WorldPlan, not {type(plan).__name__}")
    cdef WorldPlan w = <WorldPlan>plan
    cdef int found
    w.danger = danger
    try:
        found = w._draw(rng, attempts, c, log)
    finally:
        w.danger = NULL
    w.checked = None
    surprises[0] = w.surprises
    return found


cdef Table world_table(object plan):
    """The table the worlds of ``plan`` (a WorldPlan, else ArgumentError) are drawn on."""
    if type(plan) is not WorldPlan:
        raise ArgumentError(f"a search draws its worlds from a WorldPlan, not {type(plan).__name__}")
    return (<WorldPlan>plan).scratch
