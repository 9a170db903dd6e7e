"""Every profile as an OpenSpiel game (the ``openspiel`` extra: ``pip install reversis[openspiel]``).

Importing this module registers the Python game ``python_reversis`` with OpenSpiel; its parameters
are ``profile`` (a shipped profile's name, ``fournier-1785`` by default), ``dealer`` (0) and
``hand_number`` (1: Hearts' pass direction follows it). OpenSpiel 2.0.2 reads parameters from the
game's name:

    >>> import pyspiel
    >>> import reversis.openspiel.game
    >>> game = pyspiel.load_game("python_reversis(profile=hoyle)")
    >>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
    (4, 193, 48)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 48)

(:func:`load_game` does the same: ``reversis.openspiel.game.load_game("hoyle")``.)

**Chance.** The deal is explicit: the first ``D`` actions of a game are chance events, each
drawing the next card of the pack (after the cut) uniformly from the cards not drawn yet (chance
action ``i`` is ``profile.deck[i]``); the hand is then dealt from that pack by the profile's
packets, as :func:`reversis.deal_from_deck` does. We chose this over a single chance outcome per
seed because a seed space cannot be listed as chance outcomes (the library's seeds go to
``2**128``), and because algorithms that sample or enumerate chance (the random simulation test,
IS-MCTS, exact best responses on small games) then see the true distribution of the deals.
Every pack is equally likely, so every deal is too. A chance action that is not one of the cards
left is refused (:class:`~reversis.InvalidMoveError` out of the pack,
:class:`~reversis.IllegalMoveError` for a card drawn already), as is a move the rules refuse, and
the state is left as it was.

**Players and moves.** Seat ``s`` is player ``s``; the actions are the profile's fixed action
space (:func:`reversis.move_index`, ``num_distinct_actions = action_count(profile)``), and
``action_to_string`` gives the move in the library's notation (``"QS"``, ``"exchange 4C"``,
``"decline"``; chance actions ``"deal QS"``).

**Returns** are ``settle(hand).net`` once the hand is over (0 before): each seat's money (Reversis)
or units (Hearts, Tëtka, Réunion) won or lost in the hand. The games are general-sum (Reversis'
pools take and give money). ``min_utility`` and ``max_utility`` are
:func:`reversis.games.net_bounds` for the profile.

**Observations.** Information-state and observation strings and tensors are made from what the
seat may know only: the tensor is :func:`reversis.views.encoding.encode_observation` (which equals the
encoding of the seat's :class:`~reversis.HandView`, and has perfect recall), for both the
information state and the observation; the information-state string lists the seat's own cards
and private cards and every public play in order, the observation string the seat's cards, the
trick in progress and the counts. During the deal both are empty of cards. ``make_py_observer``
also gives the public observation and the seat's private one, which OpenSpiel's playthroughs ask
for, and ``None`` for the types not supported (:mod:`reversis.openspiel.observers`).

**Cloning.** A state holds one immutable box (the profile, the pack drawn so far and the
:class:`~reversis.Hand`) that is shared, not copied, by ``clone()`` (OpenSpiel deep-copies a Python
state's attributes: the box copies as itself).

**State strings.** ``state.serialize()`` is the library's text record of the state: once the pack
is drawn, the hand's record (:func:`reversis.records.notation.dump`); during the deal, the profile, the
dealer and the cards drawn so far (a ``Drawn`` tag). ``game.deserialize_state(text)`` replays it:
its cards and moves are applied, one action at a time and with every check of
:meth:`ReversisState.apply_action`, to a new state of *that* game, and the result must write the
same text again. So a state string from outside gives an equal state (hand, history, legal
actions, returns) or a :class:`~reversis.RecordError` saying what is wrong: another profile's
state (naming both), another dealer, a card or move that cannot be, a text not as the library
writes it. Nothing is unpickled. :func:`serialize_game_and_state` and
:func:`deserialize_game_and_state` do the same with the game's name, in OpenSpiel's
``[Meta]``/``[Game]``/``[State]`` frame.

OpenSpiel's own ``pyspiel.serialize_game_and_state`` writes a Python state as its history, its
move number and a *pickled* copy of its attributes, and ``pyspiel.deserialize_game_and_state``
unpickles that copy, for every Python game: a crafted string runs code there before any game's code
is called, and no game can prevent it. Read only strings you wrote with it. For those, this
module's state pickles as its state string (a ``str``), which is read back as above and must agree
with the ``history=`` and ``move_number=`` lines, or :class:`~reversis.RecordError`.

**Search.** ``state.resample_from_infostate(player, sampler)`` is OpenSpiel's: a state with the
same information state for the player, the cards it may not know dealt by
:func:`reversis.sample_world` from one number of the sampler, and the whole history. OpenSpiel's
Python ``ISMCTSBot`` calls it when no resampler is set; :func:`resampler` makes one that draws
from a seeded ``random.Random`` (``bot.set_resampler(resampler(rng))``). OpenSpiel's C++
``MCTSBot`` and ``ISMCTSBot`` do not work on Python games in 2.0.2 (they crash, on OpenSpiel's own
Python games too): use the Python algorithms (``open_spiel.python.algorithms.mcts`` and
``ismcts``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

from reversis.engine.actions import action_count, move_at, move_index
from reversis.errors import (
    ArgumentError,
    IllegalMoveError,
    InvalidMoveError,
    RecordError,
    ReversisError,
    missing_extra,
)
from reversis.games import net_bounds
from reversis.hand import Hand, deal_from_deck, new_hand, settle, state_of
from reversis.openspiel.observers import ReversisObserver, observer_kind
from reversis.openspiel.strings import (
    first_difference,
    read_frame,
    state_actions,
    write_frame,
    write_state,
)
from reversis.profile import Profile, available_profiles, load_profile
from reversis.records import notation as records
from reversis.worlds.sampler import sample_world

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # the extra is not installed: say which
    raise missing_extra("reversis.openspiel", "openspiel", exc) from None

__all__ = [
    "GAME_TYPE",
    "ReversisGame",
    "ReversisObserver",
    "ReversisState",
    "deserialize_game_and_state",
    "game_info",
    "load_game",
    "resampler",
    "serialize_game_and_state",
]

#: The game's parameters and their defaults.
DEFAULTS: dict[str, Any] = {"profile": "fournier-1785", "dealer": 0, "hand_number": 1}

#: The registered game type (one for every profile: the profile is a parameter).
GAME_TYPE = pyspiel.GameType(
    short_name="python_reversis",
    long_name="Python Reversis and its family (the reversis library)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def _profile_named(name: object) -> Profile:
    if not isinstance(name, str) or name not in available_profiles():
        raise ArgumentError(
            f"profile: {str(name)[:60]!r} is not a shipped profile "
            f"({', '.join(sorted(available_profiles()))})"
        )
    return load_profile(name)


def game_info(profile: Profile, dealer: int = 0, hand_number: int = 1) -> Any:
    """OpenSpiel's ``GameInfo`` for ``profile``: its players, action space, pack (the chance
    outcomes), :func:`~reversis.games.net_bounds` and the longest game (the pack's cards, the
    steps before play and every card played)."""
    steps = state_of(new_hand(profile, seed=0, dealer=dealer, hand_number=hand_number)).deal.nsteps
    low, high = net_bounds(profile)
    return pyspiel.GameInfo(
        num_distinct_actions=action_count(profile),
        max_chance_outcomes=len(profile.deck),
        num_players=profile.players,
        min_utility=float(low),
        max_utility=float(high),
        utility_sum=None,
        max_game_length=len(profile.deck) + steps + profile.players * profile.tricks,
    )


class ReversisGame(pyspiel.Game):  # type: ignore[misc]
    """A profile as an OpenSpiel game (see the module's docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        profile = _profile_named(params["profile"])
        dealer = params["dealer"]
        if type(dealer) is not int or not 0 <= dealer < profile.players:
            raise ArgumentError(f"dealer: a seat from 0 to {profile.players - 1}, not {dealer!r}")
        number = params["hand_number"]
        if type(number) is not int or number < 1:
            raise ArgumentError(f"hand_number: a number from 1, not {number!r}")
        super().__init__(GAME_TYPE, game_info(profile, dealer, number), params)
        #: The profile, the dealer and the hand's number in its match.
        self.profile = profile
        self.dealer = dealer
        self.hand_number = number

    def new_initial_state(self) -> ReversisState:
        """The state before the first card of the pack is drawn."""
        return ReversisState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ReversisObserver | None:
        """An observer of the states for one seat (see :class:`ReversisObserver`), or ``None`` for
        an observation type it does not support, as ``open_spiel.python.observation``'s
        ``make_observation`` documents. ``iig_obs_type`` ``None`` is the default observation;
        OpenSpiel's ``game.make_observer(params)`` passes the parameters alone, first."""
        if isinstance(iig_obs_type, dict) and params is None:
            iig_obs_type, params = None, iig_obs_type
        if observer_kind(iig_obs_type) is None:
            return None
        return ReversisObserver(self.profile, iig_obs_type, params)

    def deserialize_state(self, text: object) -> ReversisState:
        """The state whose state string (``state.serialize()``) is ``text``, rebuilt by replaying
        its actions on a new state of this game; :class:`~reversis.RecordError` for a string that
        is not one of this game's states. Nothing is unpickled."""
        return _replayed(self, text)


def _replayed(game: ReversisGame, text: object) -> ReversisState:
    """A new state of ``game`` with the actions of the state string ``text`` applied, which must
    write ``text`` again."""
    actions = state_actions(game.profile, game.dealer, game.hand_number, text)
    state = game.new_initial_state()
    for number, action in enumerate(actions, start=1):
        try:
            state.apply_action(action)
        except ReversisError as exc:
            raise RecordError(f"action {number} of the state string: {exc}") from None
    written = state.serialize()
    if written != text:
        assert isinstance(text, str)
        raise RecordError(f"not a state string as written: {first_difference(text, written)}")
    return state


@attrs.frozen
class _Box:
    """What a state knows: the profile, the dealer and the hand's number, the pack drawn so far
    (card slots), and the hand once dealt. Immutable, so that clones share it."""

    profile: Profile
    dealer: int
    hand_number: int
    pack: tuple[int, ...]
    hand: Hand | None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel.serialize_game_and_state pickles a Python state's attributes: the box pickles as
        # its state string, a str, which ReversisState.__setattr__ reads back.
        return (str, (_box_text(self),))


def _box_text(box: _Box) -> str:
    return write_state(box.profile, box.dealer, box.hand_number, box.pack, box.hand)


_spiel_apply = pyspiel.State.apply_action


class ReversisState(pyspiel.State):  # type: ignore[misc]
    """A state of :class:`ReversisGame`: the deal in progress, then a :class:`~reversis.Hand`."""

    def __init__(self, game: ReversisGame) -> None:
        super().__init__(game)
        self._box = _Box(game.profile, game.dealer, game.hand_number, (), None)

    def __setattr__(self, name: str, value: object) -> None:
        if name == "_box" and type(value) is not _Box:
            value = self._read_back(value)
        object.__setattr__(self, name, value)

    def _read_back(self, text: object) -> _Box:
        """The box of the state string that ``pyspiel.deserialize_game_and_state`` unpickled into
        this state, whose history and move number OpenSpiel has set from the string's other
        lines: they must agree."""
        state = _replayed(self.get_game(), text)
        given = [(p.player, p.action) for p in self.full_history()]
        replayed = [(p.player, p.action) for p in state.full_history()]
        if given != replayed or self.move_number() != state.move_number():
            raise RecordError(
                f"the history= and move_number= lines ({len(given)} actions, move "
                f"{self.move_number()}) do not agree with the state's record ({len(replayed)} "
                f"actions, move {state.move_number()})"
            )
        box: _Box = state._box
        return box

    # -- the library's values ---------------------------------------------------------------------

    @property
    def hand(self) -> Hand | None:
        """The hand, once the pack is drawn (``None`` during the deal)."""
        return self._box.hand

    def set_hand(self, hand: Hand) -> None:
        """Make this state (a new initial state) the state of ``hand``, without replaying it.
        OpenSpiel's history of the state is not rebuilt: the state string writes the hand (read
        back with the whole history), and OpenSpiel's own string of the state, with an empty
        history line, is refused when read. :meth:`resample_from_infostate` and
        :func:`resampler` replay their worlds instead, history and all."""
        box = self._box
        if (
            not isinstance(hand, Hand)
            or hand.profile != box.profile
            or (hand.dealer, hand.deal.hand_number) != (box.dealer, box.hand_number)
        ):
            raise ArgumentError("set_hand() needs a Hand of the game's profile, dealer and number")
        pack = tuple(box.profile.compiled.deck_positions[card.index] for card in hand.deal.deck)
        self._box = _Box(box.profile, box.dealer, box.hand_number, pack, hand)

    def resample_from_infostate(
        self, player_id: object, probability_sampler: object
    ) -> ReversisState:
        """OpenSpiel's ``State.resample_from_infostate``: a new state of this game in which seat
        ``player_id`` has this state's information state, every card it may not know dealt at
        random (:func:`reversis.sample_world` on its view), reached by applying its actions (the
        pack drawn, then the moves): its history is whole, its move number this state's, and its
        state strings read back. During the deal the seat has seen no card: as many cards as
        were drawn are drawn anew.

        ``probability_sampler`` is OpenSpiel's: a callable giving a number in [0, 1)
        (``pyspiel.UniformProbabilitySampler(0., 1.)``, as OpenSpiel's Python ``ISMCTSBot``
        passes when no resampler is set). It is called once, and that number's 53 bits seed the
        ``random.Random`` that deals the hidden cards (OpenSpiel's C++ games draw theirs from
        the sampler's numbers too): the same number gives the same state. A seat that is not
        one, a sampler that is not callable or a number outside [0, 1) is an
        :class:`~reversis.ArgumentError`. Python algorithms call it; OpenSpiel's C++ code does
        not reach it (its Python states do not forward ``ResampleFromInfostate``)."""
        box = self._box
        n = box.profile.players
        if (
            isinstance(player_id, bool | np.bool_)
            or not isinstance(player_id, int | np.integer)
            or not 0 <= player_id < n
        ):
            raise ArgumentError(f"player_id: a seat from 0 to {n - 1}, not {str(player_id)[:40]!r}")
        return _resampled(self, int(player_id), random.Random(_seed(probability_sampler)))

    def serialize(self) -> str:
        """The state string: the library's text record of the state (see the module's
        docstring), read back by ``game.deserialize_state``."""
        return _box_text(self._box)

    def apply_action(self, action: object) -> None:
        """Apply ``action``: one of ``chance_outcomes()`` at a chance node, of ``legal_actions()``
        otherwise (numpy integers too). Anything else raises :class:`~reversis.InvalidMoveError`
        (not an action: a bool, not an integer, out of range) or
        :class:`~reversis.IllegalMoveError` (a card drawn already, a move the rules refuse), and
        the state is unchanged."""
        if type(action) is not int:
            if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
                raise InvalidMoveError(f"an action is an integer, not {type(action).__name__}")
            action = int(action)
        if not 0 <= action < 2**63:  # OpenSpiel takes -1 for no action, and 64 bits
            box = self._box
            _chance(box.profile, action) if box.hand is None else move_at(box.profile, action)
        _spiel_apply(self, action)

    # -- OpenSpiel's API --------------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, ``CHANCE`` during the deal, ``TERMINAL`` once the hand is over."""
        hand = self._box.hand
        if hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = hand.to_move
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        hand = self._box.hand
        if hand is None or player != hand.to_move:
            return []  # only the seat to move has moves (chance: chance_outcomes)
        return sorted(move_index(hand.profile, move) for move in hand.legal_moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not drawn yet, each with the same probability."""
        box = self._box
        if box.hand is not None:
            return []
        drawn = set(box.pack)
        left = [i for i in range(len(box.profile.deck)) if i not in drawn]
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    def _apply_action(self, action: int) -> None:
        # The new box goes straight into __dict__: __setattr__ is the hook for OpenSpiel's reader.
        box = self._box
        hand = box.hand
        profile = box.profile
        if hand is None:  # the deal: the next card of the pack, one of the cards left
            if not 0 <= action < len(profile.deck) or action in box.pack:
                reason = "the card is drawn already (chance_outcomes() lists the cards left)"
                raise IllegalMoveError(_chance(profile, action), reason)
            pack = (*box.pack, action)
            if len(pack) < len(profile.deck):
                self.__dict__["_box"] = _Box(profile, box.dealer, box.hand_number, pack, None)
                return
            deck = [profile.deck[i] for i in pack]
            hand = deal_from_deck(profile, deck, dealer=box.dealer, hand_number=box.hand_number)
            self.__dict__["_box"] = _Box(profile, box.dealer, box.hand_number, pack, hand)
            return
        hand = hand.apply(move_at(profile, action))
        self.__dict__["_box"] = _Box(profile, box.dealer, box.hand_number, box.pack, hand)

    def _action_to_string(self, player: int, action: int) -> str:
        profile = self._box.profile
        if player == pyspiel.PlayerId.CHANCE:
            return _chance(profile, action)
        return str(move_at(profile, action))

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        hand = self._box.hand
        return hand is not None and hand.is_over

    def returns(self) -> list[float]:
        """``settle(hand).net`` once the hand is over, zeros before."""
        hand = self._box.hand
        if hand is None or not hand.is_over:
            return [0.0] * self._box.profile.players
        return [float(x) for x in settle(hand).net]

    def __str__(self) -> str:
        """The hand's text record (:func:`reversis.records.notation.dump`), or the cards drawn so far."""
        box = self._box
        if box.hand is None:
            return "pack so far: " + " ".join(box.profile.deck[i].code for i in box.pack)
        return records.dump(box.hand)


def _chance(profile: Profile, action: int) -> str:
    """The chance action ``action`` in words (``"deal QS"``), if it is a card of the pack."""
    if not 0 <= action < len(profile.deck):
        raise InvalidMoveError(
            f"{action} is not a chance outcome of the {profile.name} game "
            f"(a card of its pack, 0 to {len(profile.deck) - 1})"
        )
    return f"deal {profile.deck[action].code}"


def load_game(profile: str = "fournier-1785", *, dealer: int = 0, hand_number: int = 1) -> Any:
    """``pyspiel.load_game`` of ``python_reversis`` for the shipped profile named ``profile``.

    >>> load_game("reunion").num_players()
    3
    """
    _profile_named(profile)
    return pyspiel.load_game(
        f"python_reversis(profile={profile},dealer={dealer},hand_number={hand_number})"
    )


def serialize_game_and_state(game: object, state: object) -> str:
    """The game's name and the state string of ``state`` in OpenSpiel's frame (``[Meta]``,
    ``[Game]``, ``[State]``), as ``pyspiel.serialize_game_and_state`` writes them but with no
    pickle: read back by :func:`deserialize_game_and_state`."""
    if (
        not isinstance(game, ReversisGame)
        or not isinstance(state, ReversisState)
        or str(state.get_game()) != str(game)
    ):
        raise ArgumentError("serialize_game_and_state() needs a python_reversis game and its state")
    return write_frame(str(game), state.serialize())


def deserialize_game_and_state(text: object) -> tuple[ReversisGame, ReversisState]:
    """The game and the state of a string of :func:`serialize_game_and_state`, the state rebuilt
    by replaying its actions (``game.deserialize_state``); :class:`~reversis.RecordError` for
    anything else, and nothing in ``text`` is run or unpickled. Use it for strings from outside:
    ``pyspiel.deserialize_game_and_state`` unpickles (see the module's docstring).

    >>> game = load_game("tetka")
    >>> state = game.new_initial_state()
    >>> state.apply_action(5)
    >>> text = serialize_game_and_state(game, state)
    >>> print(text)
    # Written by reversis.openspiel.game.serialize_game_and_state
    [Meta]
    Version: 1
    <BLANKLINE>
    [Game]
    python_reversis(dealer=0,hand_number=1,profile=tetka)
    [State]
    [Profile "tetka"]
    [Players "4"]
    [Dealer "0"]
    [Drawn "7C"]
    <BLANKLINE>
    >>> again = deserialize_game_and_state(text)[1]
    >>> again.history(), str(again)
    ([5], 'pack so far: 7C')
    """
    params, state = read_frame(text)
    try:
        game = load_game(**params)  # type: ignore[arg-type]
    except ArgumentError as exc:
        raise RecordError(f"[Game]: {exc}") from None
    return game, game.deserialize_state(state)


def resampler(rng: random.Random | None = None) -> Callable[[Any, int], ReversisState]:
    """A world sampler for OpenSpiel's Python IS-MCTS (``bot.set_resampler(resampler(rng))``)
    that draws from ``rng``: given a state and a seat, what ``state.resample_from_infostate``
    gives, its hidden cards dealt with ``rng`` (:func:`reversis.sample_world`). The bot needs
    none (it calls ``resample_from_infostate``); this one makes its worlds follow one seeded
    generator."""
    source = rng if rng is not None else random.Random()

    def resample(state: Any, player: int) -> ReversisState:
        if not isinstance(state, ReversisState):
            raise ArgumentError(f"a python_reversis state is needed, not {type(state).__name__}")
        return _resampled(state, player, source)

    return resample


def _seed(sampler: object) -> int:
    """The seed of the worlds that ``resample_from_infostate`` deals: one number of ``sampler``
    (in [0, 1)), times ``2**53``."""
    if not callable(sampler):
        raise ArgumentError(
            "probability_sampler: a callable giving a number in [0, 1) "
            f"(pyspiel.UniformProbabilitySampler), not {type(sampler).__name__}"
        )
    value = sampler()
    if (
        isinstance(value, bool | np.bool_)
        or not isinstance(value, float | int | np.floating | np.integer)
        or not 0.0 <= value < 1.0
    ):
        raise ArgumentError(f"probability_sampler gave {str(value)[:40]!r}, not a number in [0, 1)")
    return int(float(value) * 2**53)


def _resampled(state: ReversisState, seat: int, rng: random.Random) -> ReversisState:
    """A new state of ``state``'s game with ``seat``'s information state, the cards it may not
    know dealt with ``rng``, reached by applying its actions one at a time (OpenSpiel's history)."""
    box = state._box
    if box.hand is None:  # the deal: the seat knows how many cards are drawn, and no card
        actions = rng.sample(range(len(box.profile.deck)), len(box.pack))
    else:
        world = sample_world(box.hand.view(seat), rng)
        positions = box.profile.compiled.deck_positions
        actions = [positions[card.index] for card in world.deal.deck]
        actions += [move_index(box.profile, move) for move in world.moves]
    new: ReversisState = state.get_game().new_initial_state()
    for action in actions:
        _spiel_apply(new, action)  # the world's actions: each is legal (the pack, then the moves)
    return new


pyspiel.register_game(GAME_TYPE, ReversisGame)
