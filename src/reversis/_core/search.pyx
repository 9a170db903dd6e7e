# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# Information-set Monte Carlo tree search in C : reversis/bots/search.py's search, on the core.
#
# Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
# Search", IEEE TCIAIG 4(2), 2012, algorithm 3): one tree over the moves of every seat, as the
# observer (the seat of the view) sees them; each iteration draws a world of the view
# (worlds.pyx's draw_world: the view's worlds, nothing else), walks down the tree by UCB1 among the
# children whose move the world allows (each such child's availability counted; the exploration
# term in standard deviations of the rewards backed up so far), expands one
# move the world allows and the tree lacks, plays the hand out (the cautious policy, the steps
# before play at random, a play at random with probability ``epsilon``), settles it in C
# (settle_net) and adds each node's mover's net money, normalised by the profile's bounds, up the
# path. With an ``inference``, each iteration's world is one of the last POOL worlds drawn, chosen
# in proportion to (1 - inference) ** its surprises (worlds.pyx draw_scored: the other seats'
# plays that are not the cautious card in it) beyond the fewest among them (bots/search.py
# _weighed). The tree lives in one array of C structs that this file allocates, grows and frees on
# every path (try/finally); every number from Python is checked in Python integers first.

from libc.math cimport INFINITY, sqrt
from libc.math cimport log as ln
from libc.stdint cimport int16_t, int32_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy

from reversis._core.bits cimport *
from reversis._core.state cimport *
from reversis._core.draws cimport next_choice
from reversis._core.play cimport apply_card, nth_card
from reversis._core.playouts cimport _danger_of, cautious_card
from reversis._core.settle cimport settle_net
from reversis._core.steps cimport apply_step, step_allowed, step_cards
from reversis._core.worlds cimport draw_scored, draw_world, world_table

from time import perf_counter

from reversis.errors import ArgumentError

#: The most iterations one search makes (its tree: a node of 40 bytes an iteration, at most 40 MB).
MAX_ITERATIONS = 1_000_000
#: The most worlds drawn beforehand that a search takes in place of a plan.
MAX_WORLDS = 4096
#: The longest budget in milliseconds (a day).
MAX_MILLIS = 86_400_000
#: The worlds the inference weighs against each other: the last drawn.
POOL_WORLDS = 64

cdef enum:
    MAX_NODES = 1000001  # MAX_ITERATIONS + 1: a node an iteration, and the root
    DECLINE = 64        # the move code of Decline; a card's move is its bit, 0 to 63
    FIRST_NODES = 1024
    EPSILON_ONE = 1 << 30  # epsilon as a fraction of 2**30
    POOL = 64           # the worlds the inference weighs against each other: the last drawn


cdef struct NodeC:
    int32_t parent
    int32_t child       # the first child, or -1
    int32_t sibling     # the next child of the parent, or -1
    int16_t move        # the move into this node (a card bit, or DECLINE)
    int16_t seat        # the seat that made it
    uint32_t visits
    uint32_t avail      # the iterations in which the move was available (the paper's n')
    double total        # the sum of the seat's normalised rewards


cdef struct PooledC:
    StateC c
    FactC log[MAX_FACTS]
    uint64_t dealt[MAX_PLAYERS]  # the world's deal and widow, as the scratch table held them
    uint8_t widow[NCARDS]
    int surprises                # its count of the other seats' plays not the cautious card


cdef struct TreeC:
    NodeC* nodes
    int32_t count
    int32_t capacity


cdef int32_t _add(TreeC* tree, int32_t parent, int move, int seat) except -1:
    """A new child of ``parent`` for ``move`` made by ``seat`` (the array grown if need be)."""
    cdef NodeC* grown
    cdef int32_t k, capacity
    if tree.count == tree.capacity:
        if tree.capacity >= MAX_NODES:  # one node an iteration, and the root
            raise ArgumentError("the search's tree is full")
        capacity = 2 * tree.capacity if tree.capacity < MAX_NODES // 2 else MAX_NODES
        grown = <NodeC*>realloc(tree.nodes, <size_t>capacity * sizeof(NodeC))
        if grown == NULL:
            raise MemoryError()
        tree.nodes = grown
        tree.capacity = capacity
    k = tree.count
    tree.count += 1
    tree.nodes[k].parent = parent
    tree.nodes[k].child = -1
    tree.nodes[k].sibling = -1 if parent < 0 else tree.nodes[parent].child
    tree.nodes[k].move = <int16_t>move
    tree.nodes[k].seat = <int16_t>seat
    tree.nodes[k].visits = 0
    tree.nodes[k].avail = 1
    tree.nodes[k].total = 0.0
    if parent >= 0:
        tree.nodes[parent].child = k
    return k


cdef inline bint _has(uint64_t cards, bint decline, int move) noexcept nogil:
    """Whether ``move`` is among the moves ``cards`` (and Decline where ``decline``)."""
    if move == DECLINE:
        return decline
    return cards >> move & 1


cdef uint64_t _moves_of(const TableC* t, const StateC* c, bint* decline) noexcept nogil:
    """The cards of the legal moves of the seat to move, and in ``decline`` whether it may
    decline (engine.pyx _legal_moves, each step move checked as apply_step checks it)."""
    cdef uint64_t cards, out = 0
    cdef int kind, bit
    decline[0] = False
    if c.step >= t.nsteps:
        return c.legal
    kind = t.step_kind[c.step]
    cards = step_cards(t, c)
    while cards:
        bit = rv_lowest(cards)
        cards &= cards - 1
        if step_allowed(t, c, kind, bit):
            out |= (<uint64_t>1) << bit
    decline[0] = step_allowed(t, c, MOVE_DECLINE, 0)
    return out


cdef inline void _apply_code(const TableC* t, StateC* c, FactC* log, int move) noexcept nogil:
    """Make the move of code ``move`` (legal) for the seat to move."""
    if c.step >= t.nsteps:
        apply_card(t, c, log, move)
    elif move == DECLINE:
        apply_step(t, c, log, MOVE_DECLINE, 0)
    else:
        apply_step(t, c, log, t.step_kind[c.step], move)


cdef int _random_code(uint64_t cards, bint decline, uint64_t* rng) except -1:
    """One of the moves ``cards`` (and Decline) at random: the k-th card, Decline last."""
    cdef int count = rv_popcount(cards) + decline
    cdef int k = next_choice(None, rng, count)
    if decline and k == count - 1:
        return DECLINE
    return nth_card(cards, k)


cdef bint _play_out(const TableC* t, StateC* c, FactC* log, uint64_t* rng,
                    const int32_t* danger, int epsilon) except -1:
    """Play ``c`` to its end: the steps before play at random, each play the cautious card
    (playouts.pyx cautious_card) or, with probability ``epsilon`` / 2**30, a legal card at random.
    False if a seat has no move (a deal that cannot go on)."""
    cdef uint64_t cards
    cdef bint decline
    cdef int card
    while c.to_move >= 0:
        if c.step < t.nsteps:
            cards = _moves_of(t, c, &decline)
            if not cards and not decline:
                return False
            _apply_code(t, c, log, _random_code(cards, decline, rng))
            continue
        if not c.legal:
            return False
        if epsilon and next_choice(None, rng, EPSILON_ONE) < epsilon:
            card = nth_card(c.legal, next_choice(None, rng, rv_popcount(c.legal)))
        else:
            card = cautious_card(c.legal, &c.played[c.nplayed - c.ncur], c.ncur, danger)
        apply_card(t, c, log, card)
    return True


cdef int32_t _descend(TreeC* tree, const TableC* t, StateC* c, FactC* log, uint64_t* rng,
                      double explore) except -1:
    """Selection and expansion in the world ``c``: from the root, UCB1 among the children whose
    move ``c`` allows (each one's availability counted) while every move it allows has a child,
    ``mean + explore * sqrt(ln(avail) / visits)`` (``explore``: the constant times the spread of
    the rewards seen), then one new child for a move it allows at random; the moves made in
    ``c``. The node reached (a leaf of the tree, or a node where the hand is over)."""
    cdef int32_t node = 0, k, best
    cdef uint64_t cards, untried
    cdef bint decline, untried_decline
    cdef int move, seat
    cdef double value, top
    cdef NodeC* n
    while c.to_move >= 0:
        cards = _moves_of(t, c, &decline)
        if not cards and not decline:
            raise ArgumentError(f"the search found no legal move at step {c.step}")
        untried, untried_decline = cards, decline
        k = tree.nodes[node].child
        while k >= 0:
            n = &tree.nodes[k]
            if _has(cards, decline, n.move):
                n.avail += 1
                if n.move == DECLINE:
                    untried_decline = False
                else:
                    untried &= ~((<uint64_t>1) << n.move)
            k = n.sibling
        if untried or untried_decline:
            move = _random_code(untried, untried_decline, rng)
            seat = c.to_move
            _apply_code(t, c, log, move)
            return _add(tree, node, move, seat)
        best, top = -1, -INFINITY
        k = tree.nodes[node].child
        while k >= 0:
            n = &tree.nodes[k]
            if _has(cards, decline, n.move):
                value = n.total / n.visits + explore * sqrt(ln(<double>n.avail) / n.visits)
                if value > top:
                    best, top = k, value
            k = n.sibling
        _apply_code(t, c, log, tree.nodes[best].move)
        node = best
    return node


cdef void _back_up(TreeC* tree, int32_t node, const double* reward) noexcept nogil:
    """Each node of the path to ``node`` visited once more, its mover's reward added."""
    while node > 0:
        tree.nodes[node].visits += 1
        tree.nodes[node].total += reward[tree.nodes[node].seat]
        node = tree.nodes[node].parent
    tree.nodes[0].visits += 1


cdef int _draw_weighed(object plan, Table table, PooledC* pool, int* filled, int* slot,
                       uint64_t* rng, int tries, const int32_t* danger, const double* weight,
                       StateC* c, FactC* log) except -1:
    """The inference's world into ``c`` and ``log``: a world of ``plan`` drawn into the pool's
    ``slot`` (the oldest, once ``filled``), then one of the pool's worlds chosen in proportion to
    its weight, ``weight[s - least]`` for a world with ``s`` surprises where the pool's fewest
    are ``least``; its deal and widow put back on ``table`` (the plan's scratch table, which the
    next draw rewrites). 1, or 0 if no world was found."""
    cdef PooledC* w = &pool[slot[0]]
    cdef int k, least, chosen
    cdef double total = 0.0, u
    if not draw_scored(plan, rng, tries, &w.c, w.log, danger, &w.surprises):
        return 0
    memcpy(w.dealt, table.c.dealt, sizeof(w.dealt))
    memcpy(w.widow, table.c.widow, sizeof(w.widow))
    slot[0] = (slot[0] + 1) % POOL
    if filled[0] < POOL:
        filled[0] += 1
    least = pool[0].surprises
    for k in range(1, filled[0]):
        if pool[k].surprises < least:
            least = pool[k].surprises
    for k in range(filled[0]):
        total += weight[pool[k].surprises - least]
    u = total * next_choice(None, rng, EPSILON_ONE) / <double>EPSILON_ONE
    chosen = filled[0] - 1
    for k in range(filled[0]):
        u -= weight[pool[k].surprises - least]
        if u < 0.0:
            chosen = k
            break
    w = &pool[chosen]
    memcpy(c, &w.c, sizeof(StateC))
    memcpy(log, w.log, w.c.nfacts * sizeof(FactC))
    memcpy(table.c.dealt, w.dealt, sizeof(w.dealt))
    memcpy(table.c.widow, w.widow, sizeof(w.widow))
    return 1


cdef int _need_int(object value, object low, object high, str what) except -1:
    if type(value) is not int or not low <= value <= high:
        raise ArgumentError(f"{what} must be an integer from {low} to {high}, not "
                            f"{str(value)[:40]}")
    return 0


cdef double _need_real(object value, double low, double high, str what) except? -1.0:
    if type(value) not in (int, float) or not low <= value <= high:
        raise ArgumentError(f"{what} must be a number from {low:g} to {high:g}, not "
                            f"{str(value)[:40]}")
    return <double>value


def search(plan, iterations, millis, seed, attempts, danger, low, high, exploration, epsilon,
           inference=0.0):
    """ISMCTS from the view of ``plan`` (a ``WorldPlan``, or a tuple of 1 to :data:`MAX_WORLDS`
    worlds of the view drawn beforehand, ``CoreState`` values, one taken for each iteration):
    ``iterations`` iterations (an integer from 1 to :data:`MAX_ITERATIONS`, or ``None``) or
    ``millis`` milliseconds (a number above 0, or ``None``), whichever ends first (one of them
    given); the worlds and the random choices from the core's generator at ``seed``; each world
    within ``attempts`` candidates; ``danger`` the cautious policy's 64 values; each seat's net
    money normalised from ``[low, high]`` to ``[0, 1]``; ``exploration`` UCB1's constant, in
    standard deviations of the rewards backed up so far (every seat's, every iteration's);
    ``epsilon`` the chance of a random play in a playout; ``inference`` (from 0 to 1) how much a
    world is discounted for each play of another seat that is not the cautious policy's card in
    it (a world's weight ``(1 - inference) ** surprises`` against the fewest among the last
    :data:`POOL_WORLDS` drawn; 0: every world alike, as drawn). Returns ``(move, iterations made, next
    seed)``: ``move`` the code of the root's move visited most (a card bit, or 64 for Decline;
    ties to the lower code), or ``None`` if no world was found. Every argument is checked
    (ArgumentError) before the loop."""
    cdef TreeC tree
    cdef StateC c
    cdef FactC log[MAX_FACTS]
    cdef int32_t table_of_danger[NCARDS]
    cdef int64_t nets[MAX_PLAYERS]
    cdef double reward[MAX_PLAYERS]
    cdef double lo, span, explore, deadline = INFINITY, r, keep
    cdef double weight[NCARDS + 1]
    cdef PooledC* pool = NULL
    cdef int filled = 0, slot = 0
    cdef double seen = 0.0, mean = 0.0, square = 0.0, delta  # the rewards' spread (Welford)
    cdef int tries, eps, seat, n
    cdef Py_ssize_t limit, done = 0
    cdef int32_t leaf, k, best
    cdef uint64_t rng
    cdef CoreState final
    if iterations is None and millis is None:
        raise ArgumentError("the search needs a budget: iterations=, millis= or both")
    if iterations is not None:
        _need_int(iterations, 1, MAX_ITERATIONS, "iterations")
    if millis is not None:
        _need_real(millis, 0.0, MAX_MILLIS, "millis")
        if not millis > 0:
            raise ArgumentError(f"millis must be a number above 0, not {str(millis)[:40]}")
    _need_int(seed, 0, 2**64 - 1, "seed")
    _need_int(attempts, 1, 1 << 20, "attempts")
    _need_int(low, -2**53, 2**53, "low")
    _need_int(high, -2**53, 2**53, "high")
    if not low < high:
        raise ArgumentError(f"the bounds of the net money must be low < high, not {low}, {high}")
    explore = _need_real(exploration, 0.0, 100.0, "exploration")
    keep = 1.0 - _need_real(inference, 0.0, 1.0, "inference")
    r = _need_real(epsilon, 0.0, 1.0, "epsilon")
    _danger_of(danger, table_of_danger)
    cdef tuple worlds = None, finals = None
    cdef Table table
    cdef CoreState world
    cdef Py_ssize_t nworlds = 0, at = 0
    if type(plan) is tuple:  # worlds drawn beforehand (where the core does not draw them)
        worlds = plan
        nworlds = len(worlds)
        if not 1 <= nworlds <= MAX_WORLDS:
            raise ArgumentError(f"the search takes from 1 to {MAX_WORLDS} worlds, not {nworlds}")
        finals_list = []
        for item in worlds:
            if type(item) is not CoreState:
                raise ArgumentError(f"the search's worlds are CoreState values, not "
                                    f"{type(item).__name__}")
            world = <CoreState>item
            if (world.table.c.players != (<CoreState>worlds[0]).table.c.players
                    or world.c.to_move != (<CoreState>worlds[0]).c.to_move):
                raise ArgumentError("the search's worlds are not of one view")
            finals_list.append(_new_state(world.table, &world.c, _log_of(NULL, 0, MAX_FACTS)))
        finals = tuple(finals_list)
        table = (<CoreState>worlds[0]).table
    else:
        table = world_table(plan)  # ArgumentError unless a WorldPlan
    cdef const TableC* t = &table.c
    n = t.players
    limit = iterations if iterations is not None else MAX_ITERATIONS
    eps = <int>(r * EPSILON_ONE)
    lo, span = <double>low, <double>(high - low)
    rng = <uint64_t>seed
    tries = attempts
    final = None
    weight[0] = 1.0
    for k in range(1, NCARDS + 1):
        weight[k] = weight[k - 1] * keep
    if worlds is None and keep < 1.0:
        pool = <PooledC*>malloc(POOL * sizeof(PooledC))
        if pool == NULL:
            raise MemoryError()
    tree.nodes = <NodeC*>malloc(FIRST_NODES * sizeof(NodeC))
    if tree.nodes == NULL:
        free(pool)
        raise MemoryError()
    tree.count, tree.capacity = 0, FIRST_NODES
    try:
        _add(&tree, -1, -1, -1)  # the root: the view's position
        if millis is not None:
            deadline = perf_counter() + millis / 1000.0
        while done < limit:
            if done and perf_counter() >= deadline:
                break
            if worlds is not None:
                at = next_choice(None, &rng, <int>nworlds)
                world = <CoreState>worlds[at]
                memcpy(&c, &world.c, sizeof(StateC))
                memcpy(log, world.log.items, world.c.nfacts * sizeof(FactC))
                table = world.table
                t = &table.c
                final = <CoreState>finals[at]
            elif pool != NULL:
                if not _draw_weighed(plan, table, pool, &filled, &slot, &rng, tries,
                                     table_of_danger, weight, &c, log):
                    return None, done, rng
            elif not draw_world(plan, &rng, tries, &c, log):
                return None, done, rng
            leaf = _descend(&tree, t, &c, log, &rng,
                            explore * sqrt(square / seen) if seen > 0.0 else 0.0)
            if not _play_out(t, &c, log, &rng, table_of_danger, eps):
                raise ArgumentError(f"the search's playout found no legal move at step {c.step}")
            if final is None:
                final = _new_state(table, &c, _log_of(NULL, 0, MAX_FACTS))
            memcpy(&final.c, &c, sizeof(StateC))
            memcpy(final.log.items, log, c.nfacts * sizeof(FactC))
            final.log.used = c.nfacts
            final._tricks = final._facts = final._extra = None
            settle_net(final, nets)
            for seat in range(n):
                r = (nets[seat] - lo) / span
                reward[seat] = 0.0 if r < 0.0 else 1.0 if r > 1.0 else r
                seen += 1.0
                delta = reward[seat] - mean
                mean += delta / seen
                square += delta * (reward[seat] - mean)
            _back_up(&tree, leaf, reward)
            done += 1
        best = -1
        k = tree.nodes[0].child
        while k >= 0:
            if best < 0 or tree.nodes[k].visits > tree.nodes[best].visits or (
                    tree.nodes[k].visits == tree.nodes[best].visits
                    and tree.nodes[k].move < tree.nodes[best].move):
                best = k
            k = tree.nodes[k].sibling
        return (tree.nodes[best].move if best >= 0 else None), done, rng
    finally:
        free(tree.nodes)
        free(pool)
