# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# Sampling worlds : the hot part of reversis/worlds/sampler.py's sampler in C.
#
# worlds.py _Plan._match places the unseen cards into the slots a view leaves open (each other
# seat's hand, the cards put aside or in passage) by augmenting paths (Kuhn's algorithm), the slots
# taken in a given order and each slot's candidate cards in the pool's random order deciding
# between the matchings (a free candidate first, else a path from the first candidate's holder:
# quick where most cards may go to most slots). match_slots is the same search, step for step, on
# arrays: it finds the same matching, so the worlds are the reference's, drawn as likely.

cimport cython
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from reversis._core.bits cimport *
from reversis._core.state cimport *
from reversis._core.lowered cimport _mask, _small

from reversis.errors import ArgumentError


cdef bint _place(MatchC* m, int slot, uint64_t* seen) noexcept nogil:
    """worlds.py _match's ``place``: a card for ``slot``: the first of its candidates that is
    free, else one moved along a path from its holder."""
    cdef int k, card
    cdef int of = m.list_of[slot]
    cdef const uint8_t* cand = m.cand[of]
    for k in range(m.ncand[of]):
        card = cand[k]
        if m.owner[card] < 0 and not seen[0] >> card & 1:
            seen[0] |= (<uint64_t>1) << card
            m.order[m.nplaced] = <uint8_t>card
            m.nplaced += 1
            m.owner[card] = <int8_t>slot
            return True
    for k in range(m.ncand[of]):
        card = cand[k]
        if seen[0] >> card & 1:
            continue
        seen[0] |= (<uint64_t>1) << card
        if _place(m, m.owner[card], seen):
            m.owner[card] = <int8_t>slot
            return True
    return False


def match_slots(list candidates, list order):
    """worlds.py ``_match``'s search: ``candidates[i]`` the card bits slot ``i`` may take (in the
    order to try them), ``order`` the slots in the order to place them. The placed cards as
    ``(card bit, slot)`` pairs in the order the cards were first placed, or ``None`` if some slot
    gets no card."""
    cdef MatchC m
    cdef int i, k, slot, card
    cdef uint64_t seen
    m.nslots = len(candidates)
    if m.nslots > MAX_SLOTS or len(order) != m.nslots:
        raise ArgumentError("match_slots() takes at most 64 slots and one order for them")
    for i in range(m.nslots):
        cards = candidates[i]
        if len(cards) > NCARDS:
            raise ArgumentError("match_slots(): a slot has more than 64 candidate cards")
        m.list_of[i] = i
        m.ncand[i] = len(cards)
        for k in range(m.ncand[i]):
            card = _small(cards[k], 0, NCARDS - 1)
            if card < 0:
                raise ArgumentError("match_slots(): the candidates are card bits 0 to 63")
            m.cand[i][k] = card
    memset(m.owner, -1, sizeof(m.owner))
    m.nplaced = 0
    for i in range(m.nslots):
        slot = _small(order[i], 0, m.nslots - 1)
        if slot < 0:
            raise ArgumentError("match_slots(): the order names slots 0 to len(candidates) - 1")
        seen = 0
        if not _place(&m, slot, &seen):
            return None
    return [(m.order[k], m.owner[m.order[k]]) for k in range(m.nplaced)]


def match_masks(list pool, list masks):
    """:func:`match_slots` of the candidates and order worlds.py ``_match`` makes: slot ``i`` may
    take the cards of ``pool`` (card bits, in the pool's order) in the mask ``masks[i]``, the slots
    placed in the order of their numbers of candidates (a stable sort, as Python's ``sorted``)."""
    cdef MatchC m
    cdef int i, j, k, slot, card, npool = len(pool)
    cdef uint64_t seen, mask
    cdef uint8_t cards[NCARDS]
    cdef uint8_t order[MAX_SLOTS]
    m.nslots = len(masks)
    if m.nslots > MAX_SLOTS or npool > NCARDS:
        raise ArgumentError("match_masks() takes at most 64 slots and 64 cards")
    for k in range(npool):
        card = _small(pool[k], 0, NCARDS - 1)
        if card < 0:
            raise ArgumentError("match_masks(): the pool holds card bits 0 to 63")
        cards[k] = card
    for i in range(m.nslots):
        mask = _mask(masks[i], "masks")
        m.list_of[i] = i
        m.ncand[i] = 0
        for k in range(npool):
            if mask >> cards[k] & 1:
                m.cand[i][m.ncand[i]] = cards[k]
                m.ncand[i] += 1
        # insertion in the order: after every slot with no more candidates (a stable sort)
        j = i
        while j > 0 and m.ncand[order[j - 1]] > m.ncand[i]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = i
    memset(m.owner, -1, sizeof(m.owner))
    m.nplaced = 0
    for i in range(m.nslots):
        seen = 0
        if not _place(&m, order[i], &seen):
            return None
    return [(m.order[k], m.owner[m.order[k]]) for k in range(m.nplaced)]
