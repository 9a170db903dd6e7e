# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# Batches of hands stepped together : reversis.vector.functional's engine.
#
# A Batch holds N hands of one profile as C structs (StateC and its facts, one Table per deal),
# steps them together with one action index per hand, and writes into NumPy arrays the
# observation of the seat to move (reversis.views.encoding's, the same numbers), its action mask
# (reversis.engine.actions' numbering), the seat to move, each seat's reward and which hands
# ended; an ended hand is dealt again at once (auto-reset) from the batch's ``deal_source(i)``,
# or (the step's ``mode``, Gymnasium's autoreset modes) left ended, its row the view of the seat
# that moved last with no legal move, until the next step deals it again (NEXT_STEP) or the
# caller does (DISABLED: stepping it is refused).
# The game's own parts of the observation (points, the pot once shown, the privilege) are
# computed in C for the scorings the settlement lowers (Reversis, Hearts, Tëtka: settle.pyx's
# functions); Réunion and any other scoring ask the game (``Game.seen``) on a scratch CoreState.

cimport cython
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from reversis._core.bits cimport *
from reversis._core.state cimport *
from cpython.mem cimport PyMem_Calloc, PyMem_Free, PyMem_Malloc
from reversis._core.follow cimport to_play
from reversis._core.settle cimport *
from reversis._core.settle_points cimport hearts_points, mask_points, tetka_points, won_and_counts
from reversis._core.engine cimport _refuse
from reversis._core.lowered cimport _table
from reversis._core.play cimport apply_card
from reversis._core.steps cimport apply_step, step_allowed, step_cards

from reversis.errors import ArgumentError, IllegalMoveError
from reversis.games import game_of
from reversis.moves import DECLINE as _DECLINE, Discard, Exchange, Give, Pass, Play


from libc.stdint cimport int8_t, int32_t, int64_t
from cpython.mem cimport PyMem_Calloc

from reversis.errors import InvalidMoveError

# The parts of the observation, in reversis.views.encoding's order.
cdef enum:
    P_HAND = 0
    P_PLAYED
    P_CURRENT
    P_TRICK_OF
    P_LED
    P_WIDOW_CARD
    P_PUT_ASIDE
    P_GIVEN
    P_RECEIVED
    P_SHOWN
    P_POT
    P_TO_MOVE
    P_DEALER
    P_EXCHANGED
    P_DECLINED
    P_DISCARDED
    P_CARD_COUNTS
    P_TRICKS_TAKEN
    P_POINTS
    P_PHASE
    P_TRUMP
    P_PASS_DIRECTION
    P_PRIVILEGED
    P_TRICK_NUMBER
    P_POT_VALUE
    NPARTS

#: The names of the parts above, in the enum's order: held equal to reversis.views.encoding's
#: PART_NAMES when a batch is made (the encoding is the one home of the layout; this module reads
#: the offsets from it and refuses a layout whose parts it does not know in that order).
cdef tuple _PART_NAMES = (
    "hand", "played", "current", "trick_of", "led", "widow_card", "put_aside", "given",
    "received", "shown", "pot", "to_move", "dealer", "exchanged", "declined", "discarded",
    "card_counts", "tricks_taken", "points", "phase", "trump", "pass_direction", "privileged",
    "trick_number", "pot_value",
)


cdef inline void _ones(float* out, const int8_t* slot, uint64_t cards) noexcept nogil:
    """1 at the slot of each card of ``cards`` in the part that starts at ``out``."""
    while cards:
        out[slot[rv_lowest(cards)]] = 1.0
        cards &= cards - 1


cdef inline int _rel(int seat, int me, int n) noexcept nogil:
    return (seat - me + n) % n


@cython.final
cdef class Batch:
    """N hands of one profile, stepped together (see :mod:`reversis.vector.functional`)."""

    cdef Py_ssize_t count
    cdef int n, d, tricks, size, nactions, scoring
    cdef bint shaping, passing
    cdef int off[NPARTS]
    cdef int8_t slot[NCARDS]
    cdef int block[6]           # by move code (a step's kind, MOVE_DECLINE, MOVE_PLAY)
    cdef uint8_t* act_code
    cdef uint8_t* act_card
    cdef StateC* states
    cdef FactC* facts
    cdef int64_t* paid
    cdef int* shown
    cdef int* trump
    cdef int* direction
    cdef uint8_t* ended         # the hand ended and was not dealt again (modes NEXT_STEP, DISABLED)
    cdef int* last              # the seat that moved last in an ended hand (its row's view)
    cdef list tables
    cdef tuple moves
    cdef object deal_source
    cdef object game
    cdef SettleProgram settle_program
    cdef CoreState scratch

    def __dealloc__(self):
        PyMem_Free(self.act_code)
        PyMem_Free(self.act_card)
        PyMem_Free(self.states)
        PyMem_Free(self.facts)
        PyMem_Free(self.paid)
        PyMem_Free(self.shown)
        PyMem_Free(self.trump)
        PyMem_Free(self.direction)
        PyMem_Free(self.ended)
        PyMem_Free(self.last)

    @property
    def num_envs(self):
        """The number of hands."""
        return self.count

    @property
    def nbytes(self):
        """The bytes of C data kept per hand (states, facts, rewards paid, the deal's table)."""
        return batch_hand_bytes(self.n)

    def deal(self, i, deal):
        """Start hand ``i`` anew from ``deal`` (an engine Deal of the batch's profile)."""
        self._deal(self._hand(i), deal)

    cdef Py_ssize_t _hand(self, object i) except -1:
        """``i`` if it is the number of a hand of the batch (checked in Python integers)."""
        if type(i) is not int or not 0 <= i < self.count:
            raise ArgumentError(f"hand {str(i)[:40]} is not in the batch (0 to {self.count - 1})")
        return <Py_ssize_t>i

    cdef int _deal(self, Py_ssize_t i, object deal) except -1:
        cdef Table table = _table(deal)
        if table.c.players != self.n or rv_popcount(table.c.deck) != self.d:
            raise ArgumentError("the deal is not of the batch's profile")
        cdef StateC* c = &self.states[i]
        cdef int seat
        memset(c, 0, sizeof(StateC))
        c.privilege = c.committed = c.breaker = -1
        for seat in range(MAX_PLAYERS):
            c.held[seat] = table.c.dealt[seat] if seat < table.c.players else 0
        if table.c.nsteps:
            c.to_move = table.c.step_seat[0]
            c.leader = table.c.eldest
        else:
            to_play(&table.c, c)
        self.tables[i] = table
        for seat in range(self.n):
            self.paid[i * self.n + seat] = 0
        self.shown[i] = deal.shown
        trumps = deal.trumps
        self.trump[i] = -1 if trumps is None else trumps.suit
        offset = deal.direction
        self.direction[i] = (3 if offset == 0 else 0 if offset == 1
                             else 2 if offset == self.n - 1 else 1)
        if c.to_move < 0:
            raise ArgumentError("the deal has no move to make")
        self.ended[i] = 0
        return 0

    cdef CoreState _load(self, Py_ssize_t i):
        """The scratch state, holding hand ``i`` (for the settlement and the games' readings)."""
        cdef CoreState s = self.scratch
        memcpy(&s.c, &self.states[i], sizeof(StateC))
        memcpy(s.log.items, &self.facts[i * MAX_FACTS], s.c.nfacts * sizeof(FactC))
        s.log.used = s.c.nfacts
        s.table = self.tables[i]
        s._tricks = s._facts = s._extra = None
        return s

    def state(self, index):
        """Hand ``i``'s state, as a :class:`CoreState` of its own."""
        cdef Py_ssize_t i = self._hand(index)
        cdef StateC* c = &self.states[i]
        return _new_state(self.tables[i], c, _log_of(&self.facts[i * MAX_FACTS], c.nfacts,
                                                     MAX_FACTS))

    def copy(self, deal_source=None):
        """A batch of its own with the same hands (dealing with ``deal_source`` if given)."""
        cdef Batch out = _new_batch(self.count, self.n, self.d, self.nactions)
        out.tricks, out.size, out.scoring = self.tricks, self.size, self.scoring
        out.shaping, out.passing = self.shaping, self.passing
        memcpy(out.off, self.off, sizeof(self.off))
        memcpy(out.slot, self.slot, sizeof(self.slot))
        memcpy(out.block, self.block, sizeof(self.block))
        memcpy(out.act_code, self.act_code, self.nactions)
        memcpy(out.act_card, self.act_card, self.nactions)
        memcpy(out.states, self.states, self.count * sizeof(StateC))
        memcpy(out.facts, self.facts, self.count * MAX_FACTS * sizeof(FactC))
        memcpy(out.paid, self.paid, self.count * self.n * sizeof(int64_t))
        memcpy(out.shown, self.shown, self.count * sizeof(int))
        memcpy(out.trump, self.trump, self.count * sizeof(int))
        memcpy(out.direction, self.direction, self.count * sizeof(int))
        memcpy(out.ended, self.ended, self.count)
        memcpy(out.last, self.last, self.count * sizeof(int))
        out.tables = list(self.tables)
        out.moves, out.game = self.moves, self.game
        out.deal_source = self.deal_source if deal_source is None else deal_source
        out.settle_program = self.settle_program
        out.scratch = _scratch(self.tables[0])
        return out

    def observe(self, float[:, ::1] obs, int8_t[:, ::1] mask, int32_t[::1] seat):
        """Write every hand's observation, action mask and seat to move."""
        self._check_out(obs, mask, seat)
        cdef Py_ssize_t i
        for i in range(self.count):
            self._write(i, &obs[i, 0], &mask[i, 0], &seat[i])

    cdef int _check_out(self, float[:, ::1] obs, int8_t[:, ::1] mask,
                        int32_t[::1] seat) except -1:
        if (obs.shape[0] != self.count or obs.shape[1] != self.size
                or mask.shape[0] != self.count or mask.shape[1] != self.nactions
                or seat.shape[0] != self.count):
            raise ArgumentError("the output arrays do not fit the batch")
        return 0

    def step(self, const int64_t[::1] actions, float[:, ::1] obs, int8_t[:, ::1] mask,
             int32_t[::1] seat, float[:, ::1] rewards, uint8_t[::1] done, int mode=0,
             object returns=None, float[::1] reward=None, int reward_seat=-1):
        """Apply one action per hand (all checked first: a refused one changes nothing), then
        write the rewards, the hands ended and the observations of the next seats. ``mode``:
        0 (same-step autoreset) deals an ended hand again at once; 1 (next-step) leaves it ended,
        its row the view of the seat that moved last with no legal move, and deals it again at the
        next step (whose action for it is ignored: rewards 0, not ended); 2 (disabled) leaves it
        ended and refuses to step it until :meth:`deal` deals it again. ``returns`` (``(N,
        players)`` ``float64``, optional): each seat's return (its net) of each hand that ended,
        in its row (the other rows are left as they were). ``reward`` (``(N,)``, optional): each
        hand's reward of seat ``reward_seat``, or of the seat that acted if it is -1. Returns the
        number of hands ended."""
        self._check_out(obs, mask, seat)
        if not 0 <= mode <= 2:
            raise ArgumentError(f"mode: 0, 1 or 2, not {mode}")
        cdef double[:, ::1] net_out
        cdef bint has_returns = False  # its buffer taken at the first hand ended, not every step
        if returns is not None and (returns.shape[0] != self.count or returns.shape[1] != self.n):
            raise ArgumentError("the returns array does not fit the batch")
        cdef Py_ssize_t ended = 0
        cdef bint has_reward = reward is not None
        if has_reward and reward.shape[0] != self.count:
            raise ArgumentError("the reward array does not fit the batch")
        if not -1 <= reward_seat < self.n:
            raise ArgumentError(f"reward_seat: -1 or a seat, not {reward_seat}")
        if (actions.shape[0] != self.count or rewards.shape[0] != self.count
                or rewards.shape[1] != self.n or done.shape[0] != self.count):
            raise ArgumentError("the actions or output arrays do not fit the batch")
        cdef Py_ssize_t i
        cdef int a, code, card, p, n = self.n
        cdef int64_t action
        cdef StateC* c
        cdef const TableC* t
        cdef int64_t net[MAX_PLAYERS]
        cdef int tricks_before, acting
        cdef bint over
        for i in range(self.count):
            if self.ended[i]:
                if mode == 2:
                    raise ArgumentError(
                        f"hand {i} of the batch has ended: deal it again first (autoreset "
                        f"DISABLED: reset(options={{'reset_mask': ...}}))")
                continue  # dealt again below, its action ignored
            action = actions[i]
            if not 0 <= action < self.nactions:
                raise InvalidMoveError(
                    f"hand {i} of the batch: {action} is not an action (0 to {self.nactions - 1})")
            a = <int>action
            code = self.act_code[a]
            card = self.act_card[a]
            c = &self.states[i]
            t = &(<Table>self.tables[i]).c
            if code == MOVE_PLAY:
                if not c.legal >> card & 1:
                    self._refuse(i, a)
            elif not step_allowed(t, c, code, card):
                self._refuse(i, a)
        for i in range(self.count):
            if self.ended[i]:
                self._deal(i, self.deal_source(i))
                for p in range(n):
                    rewards[i, p] = 0.0
                if has_reward:
                    reward[i] = 0.0
                done[i] = 0
                self._write(i, &obs[i, 0], &mask[i, 0], &seat[i])
                continue
            a = <int>actions[i]
            code = self.act_code[a]
            card = self.act_card[a]
            c = &self.states[i]
            t = &(<Table>self.tables[i]).c
            tricks_before = c.ntricks
            acting = c.to_move
            if code == MOVE_PLAY:
                apply_card(t, c, &self.facts[i * MAX_FACTS], card)
            else:
                apply_step(t, c, &self.facts[i * MAX_FACTS], code, card)
            over = c.to_move < 0
            for p in range(n):
                rewards[i, p] = 0.0
            if over or (self.shaping and c.ntricks > tricks_before):
                settle_net(self._load(i), net)
                for p in range(n):
                    rewards[i, p] = <float>(net[p] - self.paid[i * n + p])
                    self.paid[i * n + p] = net[p]
            if has_reward:
                reward[i] = rewards[i, acting if reward_seat < 0 else reward_seat]
            done[i] = over
            if over:
                ended += 1
                if returns is not None and not has_returns:
                    net_out = returns
                    has_returns = True
                if has_returns:
                    for p in range(n):
                        net_out[i, p] = <double>self.paid[i * n + p]
                if mode == 0:
                    self._deal(i, self.deal_source(i))
                else:
                    self.ended[i] = 1
                    self.last[i] = acting
            self._write(i, &obs[i, 0], &mask[i, 0], &seat[i])
        return ended

    cdef int _refuse(self, Py_ssize_t i, int a) except -1:
        raise IllegalMoveError(
            str(self.moves[a]),
            f"hand {i} of the batch: action {a} is not a legal move for seat "
            f"{self.states[i].to_move} now (see the action mask)",
        )

    cdef int _write(self, Py_ssize_t i, float* out, int8_t* mask, int32_t* seat) except -1:
        """Hand ``i``'s observation for its seat to move, its mask and seat (of an ended hand: the
        view of the seat that moved last, no legal move)."""
        cdef StateC* c = &self.states[i]
        cdef const TableC* t = &(<Table>self.tables[i]).c
        cdef int me = c.to_move
        cdef uint64_t cards
        cdef int kind
        memset(mask, 0, self.nactions)
        if self.ended[i]:
            seat[0] = self.last[i]
            return self._encode(i, self.last[i], out)
        seat[0] = me
        if c.legal:
            cards = c.legal
            kind = MOVE_PLAY
        else:
            kind = t.step_kind[c.step]
            cards = step_cards(t, c)
            if kind == STEP_EXCHANGE and t.may_decline:
                mask[self.block[MOVE_DECLINE]] = 1
        while cards:
            mask[self.block[kind] + self.slot[rv_lowest(cards)]] = 1
            cards &= cards - 1
        return self._encode(i, me, out)

    cdef int _encode(self, Py_ssize_t i, int me, float* out) except -1:
        """reversis.views.encoding.observation_entries for seat ``me`` of hand ``i``, into ``out``."""
        cdef StateC* c = &self.states[i]
        cdef const TableC* t = &(<Table>self.tables[i]).c
        cdef int n = self.n, d = self.d, k, j, p, card, leader, first
        cdef double big_t = self.tricks
        cdef const int* off = self.off
        cdef const int8_t* slot = self.slot
        cdef uint64_t cards, aside = 0, given = 0, received = 0, coming = 0
        cdef int widow_card = -1
        cdef const FactC* f
        cdef int counts[MAX_PLAYERS]
        cdef int64_t points[MAX_PLAYERS]
        cdef uint64_t won[MAX_PLAYERS]
        cdef bint over = c.to_move < 0
        cdef bint privileged = False
        cdef int64_t pot_value = 0
        cdef bint has_pot_value = False
        cdef uint64_t pot = 0
        cdef const SettleC* L = &self.settle_program.c
        memset(out, 0, self.size * sizeof(float))
        _ones(out + off[P_HAND], slot, c.held[me])
        for p in range(n):
            counts[p] = 0
        for k in range(c.ntricks):
            leader = c.trick_leader[k]
            counts[c.trick_winner[k]] += 1
            for j in range(n):
                card = c.played[k * n + j]
                out[off[P_PLAYED] + _rel(leader + j, me, n) * d + slot[card]] = 1.0
                out[off[P_TRICK_OF] + slot[card]] = <float>((k + 1) / big_t)
            out[off[P_LED] + slot[c.played[k * n]]] = 1.0
        if c.ncur:
            first = c.nplayed - c.ncur
            for j in range(c.ncur):
                out[off[P_CURRENT] + _rel(c.leader + j, me, n) * d + slot[c.played[first + j]]] = 1.0
            out[off[P_LED] + slot[c.played[first]]] = 1.0
        # The steps before play (encoding._steps): their facts, each seat's own cards only.
        for k in range(c.nfacts):
            f = &self.facts[i * MAX_FACTS + k]
            if f.step >= t.nsteps:
                break
            if f.kind == F_EXCHANGED:
                out[off[P_EXCHANGED] + _rel(f.a, me, n)] = 1.0
                if f.a == me:
                    aside |= (<uint64_t>1) << f.b
                    widow_card = f.c
            elif f.kind == F_DECLINED:
                out[off[P_DECLINED] + _rel(f.a, me, n)] = 1.0
                if f.a == me:
                    aside |= (<uint64_t>1) << f.b
                    widow_card = f.b
            elif f.kind == F_DISCARDED:
                out[off[P_DISCARDED] + _rel(f.a, me, n)] = 1.0
                if f.a == me:
                    aside |= (<uint64_t>1) << f.b
            elif f.kind == F_GIVEN or f.kind == F_PASSED:
                if f.a == me:
                    given |= (<uint64_t>1) << f.c
                elif f.b == me:
                    coming |= (<uint64_t>1) << f.c
            elif f.kind == F_RECEIVED:
                received |= coming
                coming = 0
        if widow_card >= 0:
            out[off[P_WIDOW_CARD] + slot[widow_card]] = 1.0
        _ones(out + off[P_PUT_ASIDE], slot, aside)
        _ones(out + off[P_GIVEN], slot, given)
        _ones(out + off[P_RECEIVED], slot, received)
        if self.shown[i] >= 0:
            out[off[P_SHOWN] + slot[self.shown[i]]] = 1.0
        # What the game shows (Game.seen): the points, the pot once shown, the privilege.
        if self.scoring == SC_HEARTS:
            hearts_points(L, t, c, points)
        elif self.scoring == SC_TETKA:
            tetka_points(L, t, c, self.shown[i], points)
        elif self.scoring == SC_REVERSIS:
            won_and_counts(t, c, won, counts)
            for p in range(n):
                points[p] = mask_points(L, won[p])
            privileged = c.privilege == me and c.step >= t.nsteps
            if over and c.committed < 0:
                pot = c.aside
                pot_value = L.pot_bonus
                cards = c.aside
                while cards:
                    pot_value += L.pot_points[rv_lowest(cards)]
                    cards &= cards - 1
                has_pot_value = True
        else:
            seen = self.game.seen(self._load(i), me)
            for p in range(n):
                points[p] = seen.points[p]
            if seen.aside is not None:
                pot = <uint64_t>seen.aside
            if seen.pot_value is not None:
                pot_value = seen.pot_value
                has_pot_value = True
            privileged = bool(seen.privileged)
        _ones(out + off[P_POT], slot, pot)
        if has_pot_value:
            out[off[P_POT_VALUE]] = <float>(<double>pot_value)
        if not over:
            out[off[P_TO_MOVE] + _rel(c.to_move, me, n)] = 1.0
        out[off[P_DEALER] + _rel(t.dealer, me, n)] = 1.0
        for p in range(n):
            out[off[P_CARD_COUNTS] + _rel(p, me, n)] = <float>(rv_popcount(c.held[p]) / big_t)
            out[off[P_TRICKS_TAKEN] + _rel(p, me, n)] = <float>(counts[p] / big_t)
            out[off[P_POINTS] + _rel(p, me, n)] = <float>(<double>points[p])
        out[off[P_PHASE] + (2 if over else 0 if c.step < t.nsteps else 1)] = 1.0
        if self.trump[i] >= 0:
            out[off[P_TRUMP] + self.trump[i]] = 1.0
        if self.passing:
            out[off[P_PASS_DIRECTION] + self.direction[i]] = 1.0
        if privileged:
            out[off[P_PRIVILEGED]] = 1.0
        out[off[P_TRICK_NUMBER]] = <float>((c.ntricks + 1) / big_t)
        return 0


cdef CoreState _scratch(Table table):
    cdef CoreState s = CoreState.__new__(CoreState)
    s.table = table
    s.log = _log_of(NULL, 0, MAX_FACTS)
    return s


cdef Batch _new_batch(Py_ssize_t count, int n, int d, int nactions):
    cdef Batch b = Batch.__new__(Batch)
    b.count, b.n, b.d, b.nactions = count, n, d, nactions
    b.act_code = <uint8_t*>PyMem_Calloc(max(nactions, 1), 1)
    b.act_card = <uint8_t*>PyMem_Calloc(max(nactions, 1), 1)
    b.states = <StateC*>PyMem_Calloc(count, sizeof(StateC))
    b.facts = <FactC*>PyMem_Calloc(count * MAX_FACTS, sizeof(FactC))
    b.paid = <int64_t*>PyMem_Calloc(count * n, sizeof(int64_t))
    b.shown = <int*>PyMem_Calloc(count, sizeof(int))
    b.trump = <int*>PyMem_Calloc(count, sizeof(int))
    b.direction = <int*>PyMem_Calloc(count, sizeof(int))
    b.ended = <uint8_t*>PyMem_Calloc(count, 1)
    b.last = <int*>PyMem_Calloc(count, sizeof(int))
    if (b.act_code == NULL or b.act_card == NULL or b.states == NULL or b.facts == NULL
            or b.paid == NULL or b.shown == NULL or b.trump == NULL or b.direction == NULL
            or b.ended == NULL or b.last == NULL):
        raise MemoryError()
    b.tables = [None] * count
    return b


#: The most bytes of C data a batch may hold (reversis.vector.functional.MAX_BATCH_BYTES, 4 GiB).
BATCH_BYTES_LIMIT = 4 * 2**30


def batch_hand_bytes(players):
    """The bytes of C data a batch keeps per hand of ``players`` seats (its state, its facts, the
    rewards paid, whether it ended and who moved last, the deal's table), a Python integer."""
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        raise ArgumentError(f"players: an integer from 1 to {MAX_PLAYERS}, not {str(players)[:20]}")
    return (sizeof(StateC) + MAX_FACTS * sizeof(FactC) + players * sizeof(int64_t)
            + 4 * sizeof(int) + 1 + sizeof(TableC))


def new_batch(profile, count, deal_source, shaping=False):
    """A :class:`Batch` of ``count`` hands of ``profile``, each dealt by ``deal_source(i)`` (an
    engine Deal), now and whenever hand ``i`` ends. Its layout is reversis.views.encoding's and its
    actions reversis.engine.actions'. ``count`` is checked in Python integers before anything is
    allocated: from 1 to as many hands as 4 GiB of C data hold (:func:`batch_hand_bytes`)."""
    from reversis.views.encoding import observation_layout  # noqa: the encoding imports the core
    from reversis.engine.actions import action_kinds, action_count

    per_hand = batch_hand_bytes(profile.players)
    if type(count) is not int or not 1 <= count <= BATCH_BYTES_LIMIT // per_hand:
        raise ArgumentError(
            f"num_envs: an integer from 1 to {BATCH_BYTES_LIMIT // per_hand} (the hands whose "
            f"C data fit in MAX_BATCH_BYTES = 4 GiB), not {str(count)[:40]}")
    rules = profile.compiled
    n, d = profile.players, len(profile.deck)
    nactions = action_count(profile)
    cdef Batch b = _new_batch(count, n, d, nactions)
    b.tricks = profile.tricks
    b.shaping = bool(shaping)
    b.passing = rules.passing
    b.game = game_of(profile)
    b.deal_source = deal_source
    parts = observation_layout(profile)
    if tuple([part.name for part in parts]) != _PART_NAMES:
        raise RuntimeError("the batches' observation parts are not reversis.views.encoding's")
    cdef int k
    cdef Py_ssize_t i
    for k in range(NPARTS):
        b.off[k] = parts[k].offset
    last = parts[len(parts) - 1]
    b.size = last.offset + last.size
    positions = rules.deck_positions
    for k in range(NCARDS):
        b.slot[k] = positions[k]
    kinds, decline = action_kinds(profile)
    codes = {Exchange: STEP_EXCHANGE, Discard: STEP_DISCARD, Give: STEP_GIVE, Pass: STEP_PASS,
             Play: MOVE_PLAY}
    for k in range(6):
        b.block[k] = -1
    moves = []
    for k, kind in enumerate(kinds):
        b.block[codes[kind]] = k * d
        for j, card in enumerate(profile.deck):
            b.act_code[k * d + j] = codes[kind]
            b.act_card[k * d + j] = card.index
            moves.append(kind(card))
    if decline:
        b.block[MOVE_DECLINE] = len(kinds) * d
        b.act_code[len(kinds) * d] = MOVE_DECLINE
        b.act_card[len(kinds) * d] = 0
        moves.append(_DECLINE)
    b.moves = tuple(moves)
    for i in range(b.count):
        b._deal(i, deal_source(i))
    b.settle_program = _settle_program((<Table>b.tables[0]).deal)
    b.scoring = b.settle_program.c.scoring
    if b.scoring == SC_REVERSIS and b.settle_program.c.players != n:
        b.scoring = SC_FALLBACK
    b.scratch = _scratch(b.tables[0])
    return b
