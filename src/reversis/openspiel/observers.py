"""The observers of the OpenSpiel game :mod:`reversis.openspiel.game`: what a seat sees, as
OpenSpiel's ``make_observation`` asks for it.

OpenSpiel asks a game for an observer of an observation type (``pyspiel.IIGObservationType``: the
public information or not, no private information, one player's or every player's, with perfect
recall or not). The game's ``make_py_observer`` gives a :class:`ReversisObserver` for the types
:func:`observer_kind` supports, and ``None`` for the others, as
``open_spiel.python.observation.make_observation`` documents:

================================  ================================================================
type                              observer
================================  ================================================================
public, ``SINGLE_PLAYER``         the seat's information state (perfect recall) or observation:
                                  :func:`reversis.views.encoding.encode_observation`
public, ``NONE``                  the public parts of that tensor (what every seat sees: the
                                  plays, tricks, counts, points, the steps' flags, the cards
                                  shown), with perfect recall or not
not public, ``SINGLE_PLAYER``     the seat's own parts (its hand, the widow card, the cards put
                                  aside, given and received, its privilege), without perfect
                                  recall
``ALL_PLAYERS``; nothing; the     ``None``
seat's own with perfect recall
================================  ================================================================

    >>> import pyspiel
    >>> from open_spiel.python.observation import make_observation
    >>> from reversis.openspiel import load_game
    >>> game = load_game("hearts")
    >>> public = pyspiel.IIGObservationType(
    ...     public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    >>> make_observation(game, public).tensor.shape
    (669,)
    >>> every = pyspiel.IIGObservationType(
    ...     perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    >>> make_observation(game, every) is None
    True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from reversis.cards import Card
from reversis.engine.state import State
from reversis.errors import ArgumentError, missing_extra
from reversis.games import game_of
from reversis.hand import Hand, state_of
from reversis.profile import Profile
from reversis.views.encoding import (
    PRIVATE_PARTS,
    encode_observation,
    observation_entries,
    observation_layout,
    observation_size,
)

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # the extra is not installed: say which
    raise missing_extra("reversis.openspiel", "openspiel", exc) from None

if TYPE_CHECKING:
    from reversis.openspiel.game import ReversisState

__all__ = ["ObserverKind", "ReversisObserver", "observer_kind", "public_points"]


@attrs.frozen
class ObserverKind:
    """What an observer shows: the ``public`` information, the seat's own (``private``), and
    whether its strings list the tricks taken (``perfect_recall``: the tensor always tells every
    play)."""

    public: bool
    private: bool
    perfect_recall: bool


def observer_kind(iig_obs_type: Any) -> ObserverKind | None:
    """The kind of observer of an OpenSpiel ``IIGObservationType`` (``None``: OpenSpiel's default
    observation, one seat's without perfect recall), or ``None`` for a type not supported: every
    seat's private information (``ALL_PLAYERS``), none at all, and the seat's own information with
    perfect recall but without the public information (its cards as dealt are known from the
    public plays only)."""
    if iig_obs_type is None:
        return ObserverKind(True, True, False)
    public = bool(iig_obs_type.public_info)
    recall = bool(iig_obs_type.perfect_recall)
    private = iig_obs_type.private_info
    if private == pyspiel.PrivateInfoType.SINGLE_PLAYER and (public or not recall):
        return ObserverKind(public, True, recall)
    if private == pyspiel.PrivateInfoType.NONE and public:
        return ObserverKind(True, False, recall)
    return None


def public_points(state: State) -> tuple[int, ...]:
    """Every seat's points as every seat knows them: what a seat other than the dealer sees
    (``Game.seen``). Only Réunion's dealer sees more, his discards' points (reunion §4); every other
    game shows every seat the same points."""
    deal = state.deal
    other = (deal.dealer + 1) % len(state.held)
    return tuple(game_of(deal.profile).seen(state, other).points)


class ReversisObserver:
    """OpenSpiel's observer of one seat, of the kind ``iig_obs_type`` asks for (OpenSpiel's
    ``pyspiel.IIGObservationType``; ``None``: the default observation).

    * the seat's observation (``public_info`` and ``SINGLE_PLAYER``): the tensor is
      :func:`reversis.views.encoding.encode_observation`, with perfect recall or without (the
      information state and the observation); the string lists the tricks taken only with
      perfect recall;
    * the public observation (``public_info``, private information ``NONE``): the parts of that
      tensor that are not the seat's own (:data:`~reversis.views.encoding.PRIVATE_PARTS`), the
      points as every seat knows them (in Réunion the dealer alone knows his discards' points,
      reunion §4); its string is the same for every seat (absolute seats), its tensor up to the
      rotation of the seats (relative seats);
    * the private observation (``public_info`` false, ``SINGLE_PLAYER``, no perfect recall): the
      seat's own parts (its hand, the widow card, the cards put aside, given and received, the
      privilege).

    Other types are refused with :class:`~reversis.ArgumentError` (the game's
    ``make_py_observer`` gives ``None`` for them). ``dict`` holds the tensor's parts by name (see
    :func:`reversis.views.encoding.observation_layout`), views of ``tensor``."""

    def __init__(
        self, profile: Profile, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> None:
        if params:
            raise ArgumentError(f"the observer takes no parameters, not {sorted(params)}")
        kind = observer_kind(iig_obs_type)
        if kind is None:
            raise ArgumentError(
                "the observers are of one seat's information, the public information, or the "
                "seat's own information without perfect recall, not of this type"
            )
        #: The profile observed.
        self.profile = profile
        #: Whether the observer shows the public information.
        self.public = kind.public
        #: Whether it shows the seat's own information.
        self.private = kind.private
        #: Whether its strings list the tricks taken.
        self.perfect_recall = kind.perfect_recall
        parts = [
            p
            for p in observation_layout(profile)
            if (kind.private if p.name in PRIVATE_PARTS else kind.public)
        ]
        self._index: np.ndarray[Any, np.dtype[np.intp]] | None = None
        self._full: np.ndarray[Any, np.dtype[np.float32]] | None = None
        if not (kind.public and kind.private):
            self._index = np.array(
                [i for p in parts for i in range(p.offset, p.offset + p.size)], np.intp
            )
            self._full = np.zeros(observation_size(profile), np.float32)
        self._points = next(p.offset for p in observation_layout(profile) if p.name == "points")
        #: The observation (float32), and its parts by name.
        self.tensor = np.zeros(sum(p.size for p in parts), np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        offset = 0
        for p in parts:
            self.dict[p.name] = self.tensor[offset : offset + p.size]
            offset += p.size

    def set_from(self, state: ReversisState, player: int) -> None:
        """Fill :attr:`tensor` with ``state`` as ``player`` sees it (zeros during the deal)."""
        tensor = self.tensor
        full = tensor if self._full is None else self._full
        full.fill(0.0)
        hand = state.hand
        if hand is not None:
            engine = state_of(hand)
            ones, indices, values = observation_entries(hand, player, engine)
            full[ones] = 1.0
            full[indices] = values
            if not self.private:
                n = len(engine.held)
                base = self._points
                for seat, points in enumerate(public_points(engine)):
                    full[base + (seat - player) % n] = points
        if self._index is not None:
            np.take(full, self._index, out=tensor)

    def string_from(self, state: ReversisState, player: int) -> str:
        """What :attr:`tensor` shows, as text (the tricks taken with perfect recall only)."""
        hand = state.hand
        if hand is None:
            drawn = f"the deal ({len(state.history())} cards drawn)"
            if not self.private:
                return drawn
            return f"seat {player}: " + (drawn if self.public else "the deal")
        return _text(hand, player, self.profile, self.public, self.private, self.perfect_recall)


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(card.code for card in cards) or "-"


def _current(hand: Hand) -> str:
    trick = hand.current_trick
    if trick is None:
        return ""
    return f"\ntrick {trick.number}: " + " ".join(f"{s}:{c.code}" for s, c in trick.plays)


def _text(
    hand: Hand,
    seat: int,
    profile: Profile,
    public: bool = True,
    private: bool = True,
    recall: bool = True,
) -> str:
    """What ``seat`` may know, as text: the parts of its observation (the public ones, its own
    ones or both), then with ``recall`` the tricks taken, then the trick in progress."""
    engine = state_of(hand)
    vector = encode_observation(hand, seat, engine)
    d, n, big_t = len(profile.deck), profile.players, profile.tricks
    part = {p.name: vector[p.offset : p.offset + p.size] for p in observation_layout(profile)}

    def cards(name: str) -> str:
        return _codes(profile.deck[i] for i in range(d) if part[name][i])

    def by_seat(name: str, scale: float = 1.0) -> str:
        values = part[name]
        return " ".join(f"{round(values[(s - seat) % n] * scale):g}" for s in range(n))

    def seats(name: str) -> str:
        values = part[name]
        return " ".join(str(s) for s in range(n) if values[(s - seat) % n]) or "-"

    def shows(name: str) -> bool:
        return private if name in PRIVATE_PARTS else public

    head = profile.name + (f" seat {seat}" if private else "")
    if public:
        to_move = hand.to_move
        head += f" dealer {hand.dealer} {hand.phase.value}"
        head += "" if to_move is None else f" to_move {to_move}"
    lines = [head]
    if private:
        lines.append(f"hand: {cards('hand')}")
    kept = ("widow_card", "put_aside", "given", "received", "shown", "pot")
    lines.extend(f"{name}: {cards(name)}" for name in kept if shows(name) and any(part[name]))
    if public:
        steps = ("exchanged", "declined", "discarded")
        lines.extend(f"{name}: {seats(name)}" for name in steps if any(part[name]))
    if private and part["privileged"][0]:
        lines.append("privileged")
    if not public:
        return "\n".join(lines)
    lines.append(f"cards held: {by_seat('card_counts', big_t)}")
    if private:
        lines.append(f"points: {by_seat('points')}")
    else:
        lines.append("points: " + " ".join(f"{p:g}" for p in public_points(engine)))
    if recall:
        tricks = " | ".join(
            f"{t.leader}:" + " ".join(c.code for _, c in t.plays) for t in hand.tricks
        )
        lines.append(f"tricks: {tricks or '-'}")
    return "\n".join(lines) + _current(hand)
