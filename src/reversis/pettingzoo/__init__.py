"""Every profile as a PettingZoo environment, and a Gymnasium one for a single seat (the
``pettingzoo`` extra: ``pip install reversis[pettingzoo]``, which brings PettingZoo, Gymnasium and
numpy).

:func:`env` is an AEC environment in the style of PettingZoo's classic card games: agents
``player_0`` … (seat ``s`` is ``player_s``), one acting at a time in the hand's order (the steps
before play, then the tricks). Each observation is a dict:

* ``"observation"``: :func:`reversis.encoding.encode_observation` for the agent's seat, as a
  ``float32`` array (see :mod:`reversis.encoding` for what each slice means);
* ``"action_mask"``: an ``int8`` array over the profile's action space
  (:func:`reversis.move_index`), 1 for each legal move of the agent to move, all 0 for the others.

Actions are the move numbers. Rewards come from the settlement: at the end of the hand each agent
receives ``settle(hand).net`` for its seat; with ``shaping=True`` each completed trick also pays the
change of the provisional settlement since the last one (the rewards of a hand still add up to its
net). ``render_mode="ansi"`` renders the view of the agent to move as text. ``reset(seed=s)`` deals
the same hand as ``new_hand(profile, seed=s, dealer=dealer)``; later resets without a seed take
their seeds from a generator seeded by ``s``.

    >>> from reversis.pettingzoo import env
    >>> game = env("hearts")
    >>> game.reset(seed=7)
    >>> observation, reward, termination, truncation, info = game.last()
    >>> game.agent_selection, observation["observation"].shape, int(observation["action_mask"].sum())
    ('player_1', (930,), 13)

An illegal action raises :class:`~reversis.IllegalMoveError` (the environment is left as it was).
:class:`SingleAgentEnv` is a Gymnasium environment in which one seat learns and the others are
played by a bot of :mod:`reversis.bots`.
"""

from __future__ import annotations

import array
import operator
import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from reversis.bots import Bot, CautiousBot, RandomBot
from reversis.bounds import net_bounds
from reversis.encoding import (
    PRIVATE_PARTS,
    known_points,
    observation_entries,
    observation_layout,
    observation_size,
    private_entries,
)
from reversis.engine.actions import action_count, action_kinds, move_at
from reversis.engine.state import (
    F_DECLINED,
    F_DISCARDED,
    F_EXCHANGED,
    F_GIVEN,
    F_PASSED,
    M64,
    State,
)
from reversis.errors import ArgumentError, IllegalMoveError, InvalidMoveError
from reversis.hand import Hand, new_hand
from reversis.moves import (
    DECLINE,
    DISCARDS,
    EXCHANGES,
    GIVES,
    PASSES,
    PLAYS,
    Decline,
    Discard,
    Exchange,
    Give,
    Move,
    Pass,
    Play,
)
from reversis.profile import Profile, available_profiles, load_profile
from reversis.profile.compiled import STEP_PASS
from reversis.scoring import settle
from reversis.text import render
from reversis.views import HandView

__all__ = ["BOTS", "LIMIT", "ReversisEnv", "SingleAgentEnv", "env", "raw_env"]

#: The bound of the observation space's box: no value of the encoding comes near it (points,
#: pot values and counts are small numbers).
LIMIT = 1000.0

#: The bots that can play the other seats of :class:`SingleAgentEnv`, by name.
BOTS: dict[str, Callable[[random.Random], Bot]] = {
    "random": RandomBot,
    "cautious": CautiousBot,
}


def _profile(profile: Profile | str) -> Profile:
    if isinstance(profile, Profile):
        return profile
    if isinstance(profile, str) and profile in available_profiles():
        return load_profile(profile)
    raise ArgumentError(f"profile: {str(profile)[:60]!r} is neither a Profile nor a shipped name")


class _Actions:
    """A profile's action numbers, worked out from the moves without :func:`move_index`'s checks
    (the moves come from ``legal_moves()``)."""

    def __init__(self, profile: Profile) -> None:
        kinds, decline = action_kinds(profile)
        n = len(profile.deck)
        self.offsets: dict[type, int] = {kind: i * n for i, kind in enumerate(kinds)}
        self.decline = len(kinds) * n if decline else -1
        self.positions = profile.compiled.deck_positions
        self.size = action_count(profile)
        #: The move of each action number.
        self.moves = tuple(move_at(profile, i) for i in range(self.size))
        # The engine's legal moves are the moves module's own objects: their numbers by identity
        # (they live as long as the module, so an identity is never another object's).
        tables: dict[type, Sequence[Move | None]] = {
            Play: PLAYS,
            Exchange: EXCHANGES,
            Discard: DISCARDS,
            Give: GIVES,
            Pass: PASSES,
        }
        self.known: dict[int, int] = {id(DECLINE): self.decline} if decline else {}
        self.masks: dict[int, tuple[tuple[Move, ...], np.ndarray[Any, np.dtype[np.int8]]]] = {}
        for kind, offset in self.offsets.items():
            for card in profile.deck:
                move = tables[kind][card.index]
                self.known[id(move)] = offset + self.positions[card.index]

    def move(self, action: Any) -> Move:
        """The move numbered ``action`` (:class:`~reversis.InvalidMoveError` for no number of
        the action space)."""
        try:
            index = operator.index(action)
        except TypeError:
            raise InvalidMoveError(f"{str(action)[:40]!r} is not an action number") from None
        if not 0 <= index < self.size:
            raise InvalidMoveError(f"{index} is not an action (0 to {self.size - 1})")
        return self.moves[index]

    def mask(self, moves: tuple[Move, ...]) -> np.ndarray[Any, np.dtype[np.int8]]:
        # The engine gives the plays that follow suit from its tables, the same tuples again and
        # again: their masks are kept, with the tuple itself (so that its identity stays its own),
        # a few thousand at most. Other tuples (leads, the steps before play) are made anew for
        # each state and are not kept.
        found = self.masks.get(id(moves))
        if found is not None and found[0] is moves:
            return found[1].copy()
        entries = bytearray(self.size)
        known = self.known
        for m in moves:
            index = known.get(id(m))
            entries[self.index(m) if index is None else index] = 1
        mask = np.frombuffer(entries, np.int8)
        first, last = (moves[0], moves[-1]) if moves else (None, None)  # in card order
        if type(first) is Play and type(last) is Play and first.card.suit == last.card.suit:
            if len(self.masks) >= 4096:
                self.masks.clear()
            self.masks[id(moves)] = (moves, mask.copy())
        return mask

    def index(self, move: Move) -> int:
        if type(move) is Decline:
            return self.decline
        return self.offsets[type(move)] + self.positions[move.card.index]  # type: ignore[union-attr]


def _spaces(profile: Profile) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(-LIMIT, LIMIT, (observation_size(profile),), np.float32),
            "action_mask": spaces.Box(0, 1, (action_count(profile),), np.int8),
        }
    )


def _observe(hand: Hand, seat: int, actions: _Actions, size: int) -> dict[str, Any]:
    vector = np.zeros(size, np.float32)
    ones, indices, values = observation_entries(hand, seat)
    vector[ones] = 1.0
    vector[indices] = values
    mine = hand.to_move == seat
    mask = actions.mask(hand.legal_moves()) if mine else np.zeros(actions.size, np.int8)
    return {"observation": vector, "action_mask": mask}


#: The parts of the observation with an entry per (relative) seat.
_SEAT_PARTS = frozenset(
    (
        "to_move",
        "dealer",
        "exchanged",
        "declined",
        "discarded",
        "card_counts",
        "tricks_taken",
        "points",
    )
)


class _Tracker:
    """Every seat's observation, kept up to date move by move without encoding it anew.

    The public parts of the observation are the same for every seat up to the rotation of the
    seats, so they are kept once, in the frame of seat 0 (``public``), and a seat's vector is
    gathered from them through that seat's rotation (``rotations[seat]``), its own parts
    (:data:`~reversis.encoding.PRIVATE_PARTS`) then written over. A card played changes a few
    public entries (the card, the trick, the counts, the seat to move, the points when a trick is
    taken) and the player's hand; the steps before play and the end of the hand encode the public
    parts in full (:func:`~reversis.encoding.observation_entries`) and each seat's own parts when
    next asked for. The tests hold every vector equal to
    :func:`~reversis.encoding.encode_observation`.
    """

    def __init__(self, profile: Profile) -> None:
        parts = observation_layout(profile)
        at = {p.name: p.offset for p in parts}
        self.d, self.n, self.tricks = d, n, _ = len(profile.deck), profile.players, profile.tricks
        self.at = at
        self.played, self.current, self.led = at["played"], at["current"], at["led"]
        self.trick_of, self.to_move = at["trick_of"], at["to_move"]
        self.counts, self.taken, self.points = at["card_counts"], at["tricks_taken"], at["points"]
        self.trick_number = at["trick_number"]
        self.slot = profile.compiled.deck_positions
        self.size = size = observation_size(profile)
        self.reunion = profile.compiled.widow == "dealer"  # reunion §4: the points differ
        # Reversis, Hearts and Tëtka count the points of the cards taken during play (Tëtka: and
        # the bum trick; its last trick ends the hand).
        self.card_points = profile.game in ("reversis", "hearts", "tetka")
        self.tetka = profile.game == "tetka"
        # The public entries, then each seat's own entries (seat s's region starts at
        # ``(s + 1) * size``; only its private parts are read): one buffer, so that a seat's
        # vector is one gathering. The entries are changed one at a time through a standard array
        # (cheaper) and read by numpy without a copy.
        self.entries = array.array("f", bytes(4 * (n + 1) * size))
        self.combined = np.frombuffer(self.entries, np.float32)
        self.public = self.combined[:size]
        self.regions = [self.combined[(s + 1) * size : (s + 2) * size] for s in range(n)]
        self.blank = array.array("f", bytes(4 * n * d))
        private = np.zeros(size, bool)
        for part in parts:
            if part.name in PRIVATE_PARTS:
                private[part.offset : part.offset + part.size] = True
        self.private_index = np.flatnonzero(private)
        self.rotations = []
        for seat in range(n):
            rotation = np.arange(size)
            for part in parts:
                if part.name in ("played", "current"):
                    for r in range(n):
                        start = part.offset + r * d
                        source = part.offset + (r + seat) % n * d
                        rotation[start : start + d] = np.arange(source, source + d)
                elif part.name in _SEAT_PARTS:
                    rotation[part.offset : part.offset + n] = (
                        part.offset + (np.arange(n) + seat) % n
                    )
            rotation[self.private_index] = (seat + 1) * size + self.private_index
            self.rotations.append(rotation)
        self.own: list[np.ndarray[Any, np.dtype[np.float32]] | None] = [None] * n
        self.stale = True
        self.won = [0] * n  # the tricks each seat took, while the public parts are kept
        self.phase, self.pot, self.pot_value = at["phase"], at["pot"], at["pot_value"]
        self.widow_card, self.put_aside, self.given = at["widow_card"], at["put_aside"], at["given"]
        self.received = at["received"]
        self.flags = {F_EXCHANGED: at["exchanged"], F_DECLINED: at["declined"]}
        self.flags[F_DISCARDED] = at["discarded"]

    def reset(self) -> None:
        self.stale = True
        self.own = [None] * self.n

    def _encode(self, hand: Hand) -> None:
        """The public parts in full, from the observation of seat 0."""
        public = self.public
        public.fill(0.0)
        ones, indices, values = observation_entries(hand, 0)
        public[ones] = 1.0
        public[indices] = values
        public[self.private_index] = 0.0
        self.won = [0] * self.n
        for _, _, winner, _ in hand.state.tricks:
            self.won[winner] += 1
        if self.reunion:
            self._points(hand)
        self.stale = False

    def _points(self, hand: Hand) -> None:
        n = self.n
        points = known_points(hand, (hand.dealer + 1) % n)  # as the seats but the dealer see them
        self.public[self.points : self.points + n] = points

    def _step(self, p: int, step: int, s1: State) -> None:
        """Seat ``p``'s step number ``step`` before play, giving the state ``s1``: its public fact,
        the counts, the seat to move, the phase."""
        node = s1.facts
        facts = node[2:] if node[1] == step else ()
        own = self.own[p]
        slot = self.slot
        for fact in facts:
            code = fact[0]
            if code == F_PASSED:
                self._received(s1)
                own = None
            elif own is None:
                continue
            elif code == F_EXCHANGED:  # the card put aside, the widow card taken
                own[slot[fact[2]]] = 0.0
                own[slot[fact[3]]] = 1.0
                own[self.widow_card + slot[fact[3]]] = 1.0
                own[self.put_aside + slot[fact[2]]] = 1.0
            elif code == F_DECLINED:  # the widow card looked at and put aside
                own[self.widow_card + slot[fact[2]]] = 1.0
                own[self.put_aside + slot[fact[2]]] = 1.0
            elif code == F_DISCARDED:
                own[slot[fact[2]]] = 0.0
                own[self.put_aside + slot[fact[2]]] = 1.0
            else:  # a card given or passed: hoyle §4 it leaves the hand when received, hearts §4 now
                own[self.given + slot[fact[3]]] = 1.0
                if fact[4] == STEP_PASS:
                    own[slot[fact[3]]] = 0.0
        if s1.step == s1.deal.nsteps and s1.extra.privilege >= 0:
            # fournier-1785 §11: whether a seat holds the privilege is judged now.
            self.own[s1.extra.privilege] = None
        if self.stale:
            return
        public = self.entries
        for fact in facts:
            flag = self.flags.get(fact[0])
            if flag is not None:
                public[flag + p] = 1.0
        for q in range(self.n):
            public[self.counts + q] = (s1.hands >> (64 * q) & M64).bit_count() / self.tricks
        public[self.to_move + p] = 0.0
        public[self.to_move + s1.to_move] = 1.0
        if s1.step == s1.deal.nsteps:
            public[self.phase] = 0.0
            public[self.phase + 1] = 1.0

    def _received(self, s1: State) -> None:
        """The cards given or passed change hands (hoyle §4, hearts §4): the gives of this round
        are the facts ``F_GIVEN`` back from the last one."""
        slot, owns = self.slot, self.own
        node = s1.facts
        while node is not None and node[2][0] == F_GIVEN:
            _, giver, to, card, kind = node[2]
            receiver = owns[to]
            if receiver is not None:
                receiver[slot[card]] = 1.0
                receiver[self.received + slot[card]] = 1.0
            giving = owns[giver]
            if kind != STEP_PASS and giving is not None:
                giving[slot[card]] = 0.0
            node = node[0]
            if node is not None and len(node) > 3 and node[3][0] == F_PASSED:
                break  # the end of the round before

    def vector(self, hand: Hand, seat: int) -> np.ndarray[Any, np.dtype[np.float32]]:
        """``seat``'s observation of ``hand`` (a new array)."""
        if self.stale:
            self._encode(hand)
        if self.own[seat] is None:
            own = self.own[seat] = self.regions[seat]
            own.fill(0.0)
            own[private_entries(hand, seat)] = 1.0
        vector = self.combined.take(self.rotations[seat])
        if self.reunion and seat == hand.dealer and hand.to_move is not None:
            n = self.n
            points = known_points(hand, seat)
            for q in range(n):
                vector[self.points + (q - seat) % n] = points[q]
        return vector

    def moved(self, before: Hand, after: Hand) -> None:
        """``after`` is ``before`` and one move."""
        s1 = after.state
        p = before.to_move
        assert p is not None
        step = before.move_count
        if step < s1.deal.nsteps:
            self._step(p, step, s1)
            return
        n, d, slot, public = self.n, self.d, self.slot, self.entries
        to_move, tricks, current = s1.to_move, s1.tricks, s1.current
        over = to_move < 0
        if self.stale:
            if over:
                own = self.own[p]
                if own is not None:
                    _, cards, _, _ = tricks[-1]
                    own[slot[cards[-1]]] = 0.0
            return
        completed = not current  # the move completed a trick
        if completed:
            _, cards, _, _ = tricks[-1]
            bit = cards[-1]
        else:
            bit = current[-1]
        where = slot[bit]
        if self.own[p] is not None:  # the hand part starts the seat's region
            self.entries[(p + 1) * self.size + where] = 0.0
        public[self.counts + p] = (s1.hands >> (64 * p) & M64).bit_count() / self.tricks
        public[self.to_move + p] = 0.0
        if not over:
            public[self.to_move + to_move] = 1.0
        if not completed:
            public[self.current + p * d + where] = 1.0
            if len(current) == 1:
                public[self.led + where] = 1.0
            return
        leader, cards, winner, _ = tricks[-1]
        number = len(tricks)
        big_t = self.tricks
        public[self.current : self.current + n * d] = self.blank
        of_trick = number / big_t
        for k, b in enumerate(cards):
            public[self.played + (leader + k) % n * d + slot[b]] = 1.0
            public[self.trick_of + slot[b]] = of_trick
        self.won[winner] += 1
        public[self.taken + winner] = self.won[winner] / big_t
        if self.card_points and not over:
            # fournier-1785 §7, hearts §8, tetka §4: during play, the points of the cards taken
            # (Tëtka: and the bum trick).
            values = s1.deal.values
            gained = sum(values[b] for b in cards)
            if self.tetka and number == after.bum_trick:
                gained += 1
            public[self.points + winner] += gained
        elif self.reunion:
            self._points(after)
        else:
            for q, points in enumerate(after.points):
                public[self.points + q] = points
        public[self.trick_number] = (number + 1) / big_t
        if over:
            self._over(after)

    def _over(self, after: Hand) -> None:
        """The public entries the end of the hand changes, besides its last trick."""
        s1 = after.state
        public = self.entries
        public[self.phase + 1] = 0.0
        public[self.phase + 2] = 1.0
        game = s1.deal.rules.game
        if s1.extra.reversis < 0 and game in ("reversis", "reunion"):
            # fournier-1785 §7: the pot is turned at the end of an ordinary hand; reunion §4.
            aside = s1.extra.aside
            while aside:
                low = aside & -aside
                public[self.pot + self.slot[low.bit_length() - 1]] = 1.0
                aside ^= low
            if game == "reversis":
                public[self.pot_value] = float(after.pot_value)


def _render(view: HandView) -> str:
    """A seat's view as text: the library's own rendering (:func:`reversis.text.render`)."""
    return render(view)


class ReversisEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one profile (see the module's docstring); :func:`env` wraps it with
    PettingZoo's order-enforcing wrapper."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "reversis_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        profile: Profile | str = "fournier-1785",
        *,
        render_mode: str | None = None,
        shaping: bool = False,
        dealer: int = 0,
    ) -> None:
        super().__init__()
        self.profile = _profile(profile)
        if render_mode not in (None, "ansi"):
            raise ArgumentError(f"render_mode: 'ansi' or None, not {render_mode!r}")
        n = self.profile.players
        if type(dealer) is not int or not 0 <= dealer < n:
            raise ArgumentError(f"dealer: a seat from 0 to {n - 1}, not {dealer!r}")
        self.render_mode = render_mode
        self._n = n
        self.shaping = bool(shaping)
        self.dealer = dealer
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agents = self.possible_agents[:]
        self.agent_selection = self.agents[0]
        self._seats = {agent: s for s, agent in enumerate(self.possible_agents)}
        self._actions = _Actions(self.profile)
        self._size = observation_size(self.profile)
        self.observation_spaces = {a: _spaces(self.profile) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._actions.size) for a in self.possible_agents}
        self._seeds: random.Random | None = None  # made when first needed
        self._seed: int | None = None  # its seed
        self._paid = [0] * n
        self._tracker = _Tracker(self.profile)
        self._rewarded = False
        #: The hand being played (``None`` before the first reset).
        self.hand: Hand | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s actions: the profile's move numbers."""
        return self.action_spaces[agent]

    def seed(self, seed: int | None = None) -> None:
        """Seed the deals of the resets that follow (``reset(seed=...)`` does it too)."""
        self._seeds, self._seed = None, seed

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand: ``new_hand(profile, seed=seed, dealer=dealer)``, or a seed drawn from
        the generator of the last seed given."""
        if seed is not None:
            self._seeds, self._seed = None, seed  # the generator is made on the next reset()
        else:
            if self._seeds is None:
                self._seeds = random.Random(self._seed)
            seed = self._seeds.getrandbits(63)
        self.hand = new_hand(self.profile, seed=seed, dealer=self.dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._paid = [0] * self.profile.players
        self._rewarded = False
        self._tracker.reset()
        seat = self.hand.to_move
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation and action mask (see the module's docstring)."""
        hand = self.hand
        if hand is None:
            raise ArgumentError("reset() the environment first")
        seat = self._seats[agent]
        vector = self._tracker.vector(hand, seat)
        if hand.to_move == seat:
            mask = self._actions.mask(hand.legal_moves())
        else:
            mask = np.zeros(self._actions.size, np.int8)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: Any) -> None:
        """The agent to move plays move number ``action``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self.hand
        assert hand is not None
        move = self._actions.move(action)
        before = hand
        hand = hand.apply(move)  # IllegalMoveError: nothing has changed
        self.hand = hand
        self._tracker.moved(before, hand)
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        players = self._n
        over = hand.is_over
        if over or (self.shaping and hand.trick_number > before.trick_number):
            self._rewarded = True
            net = settle(hand).net
            for s in range(players):
                self.rewards[self.possible_agents[s]] = float(net[s] - self._paid[s])
            self._paid = list(net)
        if over:
            self.terminations = dict.fromkeys(self.agents, True)
            seat = (self._seats[agent] + 1) % players
        else:
            seat = hand.to_move or 0
        self.agent_selection = self.possible_agents[seat]
        if self._rewarded:
            self._accumulate_rewards()  # (all rewards are 0 otherwise)

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the view of the agent to move (of seat 0 once over) as
        text."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: give render_mode='ansi'")
            return None
        hand = self.hand
        if hand is None:
            return "no hand yet: reset() the environment"
        seat = hand.to_move if hand.to_move is not None else 0
        return _render(hand.view(seat))

    def close(self) -> None:
        """Nothing to release."""


def raw_env(profile: Profile | str = "fournier-1785", **kwargs: Any) -> ReversisEnv:
    """The environment without PettingZoo's wrappers."""
    return ReversisEnv(profile, **kwargs)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper, with the same checks, whose ``last()``, ``step()``
    and ``agent_iter()`` go straight to the environment (the wrapper's attribute forwarding
    would otherwise cost more than the move itself)."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to act's observation, cumulative reward, termination, truncation, info."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        env = self.env  # the environment's own last(), one call less
        agent = env.agent_selection
        return (
            env.observe(agent) if observe else None,
            env._cumulative_rewards[agent],
            env.terminations[agent],
            env.truncations[agent],
            env.infos[agent],
        )

    def step(self, action: Any) -> None:
        """The agent to act makes move number ``action`` (see :meth:`ReversisEnv.step`)."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """The agents in the order they act, until the hand is over and every agent is done."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)


class _AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's iterator with its checks, reading the environment directly."""

    def __next__(self) -> str:
        wrapper = self.env
        env = wrapper.env
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        agent: str = env.agent_selection
        return agent


def env(profile: Profile | str = "fournier-1785", **kwargs: Any) -> Any:
    """The AEC environment of ``profile`` (a :class:`~reversis.Profile` or a shipped profile's
    name), wrapped by PettingZoo's order-enforcing wrapper (the environment checks its actions
    itself: :class:`~reversis.InvalidMoveError` for a number out of the action space,
    :class:`~reversis.IllegalMoveError` for a move not legal now); ``render_mode``, ``shaping``
    and ``dealer`` as for :class:`ReversisEnv`."""
    return _OrderEnforcing(ReversisEnv(profile, **kwargs))


class SingleAgentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """A Gymnasium environment: ``seat`` learns, the other seats are played by ``opponent`` (a
    name of :data:`BOTS`, or a function of a :class:`random.Random` making a bot).

    Observations and actions are those of the AEC environment for ``seat``; the reward is
    ``settle(hand).net[seat]`` when the hand ends. An action that is not legal ends the episode
    with the lowest net the profile allows (:func:`reversis.bounds.net_bounds`) as its reward and
    ``info["illegal"] = True``, as Gymnasium's checkers and learners expect from an environment
    with a fixed action space; use the ``action_mask`` to choose legal actions. ``reset(seed=s)``
    deals ``new_hand(profile, seed=s, dealer=dealer)`` and seeds the bots from ``s``.

        >>> from reversis.pettingzoo import SingleAgentEnv
        >>> single = SingleAgentEnv("tetka", seat=2, opponent="random")
        >>> observation, info = single.reset(seed=3)
        >>> observation["observation"].shape, info["seat"]
        ((930,), 2)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's field

    def __init__(
        self,
        profile: Profile | str = "fournier-1785",
        *,
        seat: int = 0,
        opponent: str | Callable[[random.Random], Bot] = "cautious",
        render_mode: str | None = None,
        dealer: int = 0,
    ) -> None:
        self.profile = _profile(profile)
        n = self.profile.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ArgumentError(f"seat: a seat from 0 to {n - 1}, not {seat!r}")
        if type(dealer) is not int or not 0 <= dealer < n:
            raise ArgumentError(f"dealer: a seat from 0 to {n - 1}, not {dealer!r}")
        if isinstance(opponent, str):
            if opponent not in BOTS:
                raise ArgumentError(f"opponent: one of {sorted(BOTS)}, not {opponent!r}")
            opponent = BOTS[opponent]
        if not callable(opponent):
            raise ArgumentError("opponent: a bot's name or a function making a bot")
        if render_mode not in (None, "ansi"):
            raise ArgumentError(f"render_mode: 'ansi' or None, not {render_mode!r}")
        self.seat = seat
        self.dealer = dealer
        self.render_mode = render_mode
        self._opponent = opponent
        self._actions = _Actions(self.profile)
        self._size = observation_size(self.profile)
        self._worst = float(net_bounds(self.profile)[0])
        self.observation_space = _spaces(self.profile)
        self.action_space = spaces.Discrete(self._actions.size)
        self._bots: list[Bot] = []
        self._ended = False
        #: The hand being played (``None`` before the first reset).
        self.hand: Hand | None = None

    def _advance(self, hand: Hand) -> Hand:
        """Let the bots play until ``seat`` is to move or the hand is over."""
        while not hand.is_over and hand.to_move != self.seat:
            seat = hand.to_move
            assert seat is not None
            hand = hand.apply(self._bots[seat](hand.view(seat)))
        return hand

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a hand and play the bots up to ``seat``'s first move."""
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**62))
        self._bots = [self._opponent(random.Random(seed * 8 + s)) for s in range(8)]
        self.hand = self._advance(new_hand(self.profile, seed=seed, dealer=self.dealer))
        self._ended = False
        return _observe(self.hand, self.seat, self._actions, self._size), {"seat": self.seat}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """``seat`` plays move number ``action``, then the bots play up to its next move."""
        hand = self.hand
        if hand is None or hand.is_over or self._ended:
            raise ArgumentError("the episode is over: reset() the environment")
        try:
            hand = hand.apply(self._actions.move(action))
        except (IllegalMoveError, InvalidMoveError):
            self._ended = True
            observation = _observe(hand, self.seat, self._actions, self._size)
            return observation, self._worst, True, False, {"seat": self.seat, "illegal": True}
        hand = self._advance(hand)
        self.hand = hand
        reward = float(settle(hand).net[self.seat]) if hand.is_over else 0.0
        observation = _observe(hand, self.seat, self._actions, self._size)
        return observation, reward, hand.is_over, False, {"seat": self.seat}

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, ``seat``'s view as text."""
        if self.render_mode is None or self.hand is None:
            return None
        return _render(self.hand.view(self.seat))
