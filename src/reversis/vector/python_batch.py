"""The batch of :mod:`reversis.vector.functional` on the reference engine: the same methods as the compiled
core's ``Batch`` (``reversis._core.vector.new_batch``), one :class:`~reversis.Hand` per slot, for a
library without the core built (or ``REVERSIS_ENGINE=python``). The same numbers, slower."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reversis.engine.actions import action_count, move_at, move_index
from reversis.engine.deal import Deal
from reversis.errors import ArgumentError, IllegalMoveError, InvalidMoveError
from reversis.hand import Hand, hand_of_state, settle, state_of
from reversis.moves import Move
from reversis.playing import ENGINE
from reversis.profile import Profile
from reversis.views.encoding import observation_entries, observation_size

__all__ = ["PythonBatch"]


class PythonBatch:
    """``count`` hands of ``profile`` as :class:`~reversis.Hand` values, each dealt by
    ``deal_source(i)``, stepped one after the other."""

    def __init__(
        self,
        profile: Profile,
        count: int,
        deal_source: Callable[[int], Deal],
        shaping: bool = False,
    ) -> None:
        if type(count) is not int or count < 1:  # vectorcommon.count_of bounds it
            raise ArgumentError(f"num_envs: an integer from 1, not {str(count)[:40]}")
        self.profile = profile
        self.num_envs = count
        self.shaping = bool(shaping)
        self.n = profile.players
        self.size = observation_size(profile)
        self.nactions = action_count(profile)
        self.moves: tuple[Move, ...] = tuple(move_at(profile, a) for a in range(self.nactions))
        self.deal_source = deal_source
        self.hands: list[Hand] = [self._start(deal_source(i)) for i in range(count)]
        self.paid = [[0] * self.n for _ in range(count)]
        #: The hands that ended and were not dealt again (modes 1 and 2 of :meth:`step`).
        self.ended = [False] * count
        #: The seat that moved last in each ended hand (its row's view).
        self.last = [0] * count
        #: The bytes kept per hand are Python objects here: not counted.
        self.nbytes = 0

    def _start(self, deal: Deal) -> Hand:
        return hand_of_state(ENGINE.start(deal))

    def _hand(self, i: object) -> int:
        """``i`` if it is the number of a hand of the batch."""
        if type(i) is not int or not 0 <= i < self.num_envs:
            raise ArgumentError(
                f"hand {str(i)[:40]} is not in the batch (0 to {self.num_envs - 1})"
            )
        return i

    def deal(self, i: int, deal: Deal) -> None:
        """Start hand ``i`` anew from ``deal``."""
        i = self._hand(i)
        self.hands[i] = self._start(deal)
        self.paid[i] = [0] * self.n
        self.ended[i] = False

    def state(self, i: int) -> Any:
        """Hand ``i``'s engine state."""
        return state_of(self.hands[self._hand(i)])

    def copy(self, deal_source: Callable[[int], Deal] | None = None) -> PythonBatch:
        """A batch of its own with the same hands (hands are immutable: shared)."""
        out = object.__new__(PythonBatch)
        out.__dict__.update(self.__dict__)
        out.hands = list(self.hands)
        out.paid = [list(p) for p in self.paid]
        out.ended = list(self.ended)
        out.last = list(self.last)
        if deal_source is not None:
            out.deal_source = deal_source
        return out

    def observe(self, obs: Any, mask: Any, seat: Any) -> None:
        """Write every hand's observation, action mask and seat to move."""
        for i, hand in enumerate(self.hands):
            self._write(i, hand, obs, mask, seat)

    def _write(self, i: int, hand: Hand, obs: Any, mask: Any, seat: Any) -> None:
        """Hand ``i``'s observation for its seat to move, its mask and seat (of an ended hand:
        the view of the seat that moved last, no legal move)."""
        me = self.last[i] if self.ended[i] else hand.to_move
        assert me is not None
        row = obs[i]
        row[:] = 0.0
        ones, indices, values = observation_entries(hand, me, state_of(hand))
        row[ones] = 1.0
        row[indices] = values
        mask[i, :] = 0
        if not self.ended[i]:
            for move in hand.legal_moves():
                mask[i, move_index(self.profile, move)] = 1
        seat[i] = me

    def step(
        self,
        actions: Any,
        obs: Any,
        mask: Any,
        seat: Any,
        rewards: Any,
        done: Any,
        mode: int = 0,
        returns: Any = None,
        reward: Any = None,
        reward_seat: int = -1,
    ) -> int:
        """Apply one action per hand (all checked first), then write the rewards, the hands
        ended and the observations of the next seats. ``mode`` as the compiled core's: 0 deals
        an ended hand again at once; 1 leaves it ended (its row the view of the seat that moved
        last, no legal move) and deals it again at the next step, ignoring that step's action
        for it; 2 leaves it ended and refuses to step it until :meth:`deal`. ``returns``
        (optional, ``(N, players)``): each seat's net of each hand that ended, in its row;
        ``reward`` (optional, ``(N,)``): each hand's reward of seat ``reward_seat``, or of the
        seat that acted if it is -1. The number of hands ended."""
        if type(mode) is not int or not 0 <= mode <= 2:
            raise ArgumentError(f"mode: 0, 1 or 2, not {mode}")
        moves: list[Move | None] = []
        ended = 0
        for i, hand in enumerate(self.hands):
            if self.ended[i]:
                if mode == 2:
                    raise ArgumentError(
                        f"hand {i} of the batch has ended: deal it again first (autoreset "
                        "DISABLED: reset(options={'reset_mask': ...}))"
                    )
                moves.append(None)  # dealt again below, its action ignored
                continue
            action = int(actions[i])
            if not 0 <= action < self.nactions:
                raise InvalidMoveError(
                    f"hand {i} of the batch: {action} is not an action (0 to {self.nactions - 1})"
                )
            move = self.moves[action]
            if move not in hand.legal_moves():
                raise IllegalMoveError(
                    str(move),
                    f"hand {i} of the batch: action {action} is not a legal move for seat "
                    f"{hand.to_move} now (see the action mask)",
                )
            moves.append(move)
        for i, (hand, chosen) in enumerate(zip(self.hands, moves, strict=True)):
            if chosen is None:
                self.deal(i, self.deal_source(i))
                rewards[i, :] = 0.0
                if reward is not None:
                    reward[i] = 0.0
                done[i] = False
                self._write(i, self.hands[i], obs, mask, seat)
                continue
            acting = hand.to_move
            assert acting is not None
            after = hand.apply(chosen)
            rewards[i, :] = 0.0
            over = after.is_over
            if over or (self.shaping and len(after.tricks) > len(hand.tricks)):
                net = settle(after).net
                for p in range(self.n):
                    rewards[i, p] = net[p] - self.paid[i][p]
                self.paid[i] = list(net)
            if reward is not None:
                reward[i] = rewards[i, acting if reward_seat < 0 else reward_seat]
            done[i] = over
            if over:
                ended += 1
                if returns is not None:
                    returns[i, :] = self.paid[i]
            if over and mode == 0:
                self.deal(i, self.deal_source(i))
            else:
                self.hands[i] = after
                if over:
                    self.ended[i] = True
                    self.last[i] = acting
            self._write(i, self.hands[i], obs, mask, seat)
        return ended
