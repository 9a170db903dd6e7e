"""The game logic of a web table, without any web: plain frozen values, unit-tested on their own.

A :class:`Table` holds the authoritative state of one table: its profile, whether it plays one hand
or a whole match, its seats (empty, a person, or a bot) and the hand (or match) in play. Every change
returns a new table; a refused change raises :class:`TableError` (or the library's
:class:`~reversis.InvalidMoveError` / :class:`~reversis.IllegalMoveError`) and leaves the table as it
was. :meth:`Table.message` is what one seat's client is sent: its views, never another seat's cards.

A table is stored as text (:meth:`Table.to_row`): the record of its hand or match
(:func:`reversis.records.dump`) and the moves of the hand in play; :func:`table_from_row` replays it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

import reversis
import reversis.events
from reversis import Hand, Match, Profile, records
from reversis.bots.levels import DEFAULT_LEVEL, LEVEL_NAMES, level_bot
from reversis.bots.players import Bot
from reversis.match import MatchPhase
from reversis.text.render import phase_name, recent_sentences
from reversis.text.sentences import (
    Names,
    money,
    outcome_sentences,
    payment_sentence,
)
from reversis.views.view import HandView

__all__ = [
    "MODES",
    "Seat",
    "Table",
    "TableError",
    "bot_for",
    "new_table",
    "replay_views",
    "table_from_row",
]

#: What a table plays: one hand, or a whole match.
MODES = ("hand", "match")
#: The longest name a person may give.
MAX_NAME = 24


class TableError(ValueError):
    """A table operation that is refused (a seat taken, not your turn, a wrong phase …)."""


@attrs.frozen
class Seat:
    """A seat at a table: ``kind`` is ``"empty"``, ``"human"`` or ``"bot"``; a person's seat has the
    secret ``token`` that their client shows to act for it."""

    kind: str = "empty"
    name: str = ""
    token: str = ""

    def public(self) -> dict[str, str]:
        """The seat as every client may see it (no token)."""
        return {"kind": self.kind, "name": self.name}


@attrs.frozen
class Table:
    """One table: seats, and the hand or match in play. Make one with :func:`new_table`."""

    id: str
    profile: Profile
    mode: str
    seed: int
    seats: tuple[Seat, ...]
    #: Match mode: the match (its ``hand`` is the hand in progress as dealt).
    match: Match | None = None
    #: The hand in play as it stands (hand mode: the hand, also once over).
    hand: Hand | None = None
    #: How well the bots play (:mod:`reversis.bots.levels`): ``easy``, ``medium`` or ``hard``.
    level: str = DEFAULT_LEVEL

    # -- what stands ------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        """Whether play has begun (every seat was filled)."""
        return self.hand is not None or self.match is not None

    @property
    def is_over(self) -> bool:
        """Whether the hand (hand mode) or the match (match mode) is over."""
        if self.mode == "hand":
            return self.hand is not None and self.hand.is_over
        return self.match is not None and self.match.is_over

    @property
    def last_hand(self) -> Hand | None:
        """The hand most recently finished, if no hand is in play (match mode), or the hand."""
        if self.mode == "hand":
            return self.hand
        if self.hand is None and self.match is not None and self.match.history:
            return self.match.history[-1]
        return None

    @property
    def step(self) -> int:
        """How many moves have been made in the hand in play (or the last hand)."""
        shown = self.hand if self.hand is not None else self.last_hand
        return 0 if shown is None else len(shown.moves)

    @property
    def hand_number(self) -> int:
        """The number of the hand in play or the last one (1 in hand mode)."""
        if self.match is None:
            return 1
        if self.hand is not None:
            return self.match.hand_number
        return max(1, self.match.hands_played)

    @property
    def status(self) -> str:
        """``waiting`` (for players), ``playing``, ``between`` (hands of a match), ``deciding``
        (the end-of-match choice), or ``over``."""
        if not self.started:
            return "waiting"
        if self.is_over:
            return "over"
        if self.match is not None and self.match.phase is MatchPhase.DECIDING:
            return "deciding"
        if self.hand is None or self.hand.is_over:
            return "between"
        return "playing"

    def actors(self) -> tuple[int, ...]:
        """The seats that must act now: the seat to move, or the seats still to choose at the end
        of a match; empty between hands and when all is over."""
        status = self.status
        if status == "playing":
            assert self.hand is not None
            assert self.hand.to_move is not None
            return (self.hand.to_move,)
        if status == "deciding":
            assert self.match is not None
            chosen = {s for s, _ in self.match.choices}
            return tuple(s for s in self.match.deciders if s not in chosen)
        return ()

    def seat_of(self, token: str) -> int | None:
        """The seat whose token is ``token``, if any."""
        for number, seat in enumerate(self.seats):
            if seat.kind == "human" and token and seat.token == token:
                return number
        return None

    @property
    def all_bots(self) -> bool:
        """Whether every seat is a bot (then the table also moves on between hands by itself)."""
        return all(s.kind == "bot" for s in self.seats)

    # -- changes ------------------------------------------------------------------------------

    def sit(self, seat: int, name: str, token: str) -> Table:
        """The table with a person at ``seat``; play starts when every seat is filled."""
        self._check_seat(seat)
        if self.seats[seat].kind != "empty":
            raise TableError(f"seat {seat} is taken")
        if (
            not isinstance(name, str)
            or not name.strip()
            or len(name) > MAX_NAME
            or not name.isprintable()
        ):
            raise TableError(f"a name is 1 to {MAX_NAME} printable characters")
        if not token:
            raise TableError("a seat needs a token")
        seats = list(self.seats)
        seats[seat] = Seat("human", name.strip(), token)
        return attrs.evolve(self, seats=tuple(seats))._start_if_full()

    def fill_bots(self) -> Table:
        """The table with a bot in every empty seat, and play started."""
        if self.started:
            raise TableError("play has started: no seat is empty")
        seats = tuple(
            Seat("bot", f"Bot {n}") if s.kind == "empty" else s for n, s in enumerate(self.seats)
        )
        return attrs.evolve(self, seats=seats)._start_if_full()

    def _start_if_full(self) -> Table:
        if self.started or any(s.kind == "empty" for s in self.seats):
            return self
        if self.mode == "hand":
            # The deal goes round with the seed, so that a person is not always the dealer.
            dealer = self.seed % len(self.seats)
            hand = reversis.new_hand(self.profile, seed=self.seed, dealer=dealer)
            return attrs.evolve(self, hand=hand)
        match = reversis.new_match(self.profile, seed=self.seed).start_hand()
        return attrs.evolve(self, match=match, hand=match.hand)

    def move(self, seat: int, notation: str) -> Table:
        """The table after ``seat`` plays the move written ``notation`` (its turn only).

        :class:`~reversis.InvalidMoveError` if the text is no move, :class:`~reversis.IllegalMoveError`
        if the move is not allowed now, :class:`TableError` if it is not the seat's turn.
        """
        self._check_seat(seat)
        if self.status != "playing":
            raise TableError(f"no move can be made: the table is {self.status}")
        assert self.hand is not None
        if self.hand.to_move != seat:
            raise TableError(f"it is not your turn: seat {self.hand.to_move} is to move")
        hand = self.hand.apply(notation)
        table = attrs.evolve(self, hand=hand)
        if hand.is_over and self.match is not None:
            table = attrs.evolve(table, match=self.match.finish_hand(hand), hand=None)
        return table

    def next_hand(self) -> Table:
        """The table with the next hand of the match dealt (between hands only)."""
        if self.status != "between" or self.match is None:
            raise TableError(f"no hand can start: the table is {self.status}")
        match = self.match.start_hand()
        return attrs.evolve(self, match=match, hand=match.hand)

    def choose(self, seat: int, choice: str) -> Table:
        """The table after ``seat`` makes its end-of-match choice (``continue`` or ``share``)."""
        self._check_seat(seat)
        if seat not in self.actors() or self.status != "deciding":
            raise TableError(f"seat {seat} has no choice to make now")
        if choice not in ("continue", "share"):
            raise TableError(f"the choice is 'continue' or 'share', not {str(choice)[:20]!r}")
        assert self.match is not None
        return attrs.evolve(self, match=self.match.choose(seat, choice))

    def bot_step(self, bot: Callable[[int], Callable[[HandView], reversis.Move]]) -> Table | None:
        """The table after one bot acts (``bot(seat)`` gives the seat's bot), or ``None`` if no bot
        is to act. At the end of a match bots choose to share; between the hands of a table of bots
        alone, the next hand is dealt."""
        status = self.status
        if status == "between" and self.all_bots:
            return self.next_hand()
        for seat in self.actors():
            if self.seats[seat].kind != "bot":
                continue
            if status == "deciding":
                return self.choose(seat, "share")
            assert self.hand is not None
            return self.move(seat, str(bot(seat)(self.hand.view(seat))))
        return None

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise TableError(f"{str(seat)[:20]!r} is not a seat (0 to {len(self.seats) - 1})")

    # -- what a client is sent ------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The table as anyone may see it: no cards."""
        return {
            "id": self.id,
            "profile": self.profile.name,
            "mode": self.mode,
            "level": self.level,
            "players": len(self.seats),
            #: The way play goes round the table, for drawing the seats in order.
            "direction": self.profile.table.direction,
            "seats": [s.public() for s in self.seats],
            "status": self.status,
            "hand_number": self.hand_number,
            "step": self.step,
            "actors": list(self.actors()),
        }

    def message(self, seat: int | None) -> dict[str, Any]:
        """The state message for ``seat``'s client (``None``: an onlooker, who sees no hand).

        ``hand`` is the seat's view of the hand in play, or of the hand just finished (with its
        settlement); ``match`` the seat's view of the match, without the hand.
        """
        shown = self.hand if self.hand is not None else self.last_hand
        hand_view = None
        match_view = None
        words = None
        if seat is not None:
            if shown is not None:
                view = shown.view(seat)
                hand_view = view.to_dict()
                words = self.words(view)
            if self.match is not None:
                match_view = self.match.view(seat).to_dict()
                match_view["hand"] = None
                if words is not None and self.match.is_over:
                    words["match"] = self.match_words(seat)
        return {
            "type": "state",
            "table": self.summary(),
            "seat": seat,
            "hand": hand_view,
            "match": match_view,
            "words": words,
        }

    def names(self, seat: int | None) -> Names:
        """The seats as the players see them: their names, and "you" for ``seat``."""
        given = [s.name or f"Seat {n}" for n, s in enumerate(self.seats)]
        return Names.seats(len(self.seats), you=seat, names=given)

    def words(self, view: HandView) -> dict[str, Any]:
        """What the view says in sentences (:mod:`reversis.text.sentences`): each payment, the events
        and, once the hand is over, who won and who lost and why. The codes (a payment's
        ``reason``) stay in the view's data; only these sentences are shown."""
        names = self.names(view.seat)
        profile = view.rules
        over = next((e for e in view.events if isinstance(e, reversis.events.HandOver)), None)
        outcome: list[str] = []
        if over is not None:
            outcome = outcome_sentences(
                profile,
                dealer=view.dealer,
                points=over.points,
                tricks=over.tricks,
                winner=over.winner,
                loser=over.loser,
                net=view.net,
                names=names,
                events=view.events,
            )
        return {
            "payments": [
                payment_sentence(p, profile, names, tricks=view.tricks) for p in view.payments
            ],
            # What happened since the seat's last move (the exchange's events until play starts).
            "events": recent_sentences(view.events, view.seat, profile, names),
            "outcome": outcome,
            "phase": phase_name(view),
            "worth": money(profile, view.pot_value) if view.pot_value is not None else None,
        }

    def match_words(self, seat: int) -> list[str]:
        """The end of the match in sentences: the stakes shared (or the game's payments) and the
        standing."""
        assert self.match is not None
        names = self.names(seat)
        profile = self.profile
        out = [payment_sentence(p, profile, names) for p in self.match.final_payments]
        places = ", ".join(
            f"{names(s)} {money(profile, amount)}" for s, amount in self.match.standing
        )
        out.append(f"The match is over. The standing: {places}.")
        return out

    # -- storage -------------------------------------------------------------------------------

    def to_row(self) -> dict[str, Any]:
        """The table as text fields for storage: the record of its hand or match and the moves of
        the hand in play."""
        if self.match is not None:
            record = records.dump(self.match)
            moves = [] if self.hand is None else [str(m) for m in self.hand.moves]
        else:
            record = records.dump(self.hand) if self.hand is not None else ""
            moves = []
        return {
            "id": self.id,
            "profile": self.profile.name,
            "mode": self.mode,
            "seed": self.seed,
            "level": self.level,
            "seats": json.dumps([attrs.asdict(s) for s in self.seats]),
            "record": record,
            "moves": json.dumps(moves),
            "status": self.status,
        }


def new_table(
    table_id: str, profile: str, mode: str, seed: int, level: str = DEFAULT_LEVEL
) -> Table:
    """A table with every seat empty, for a shipped ``profile``, playing a ``hand`` or a ``match``,
    its bots (if any) at ``level`` (:data:`reversis.bots.levels.LEVEL_NAMES`)."""
    if not isinstance(profile, str) or profile not in reversis.available_profiles():
        names = ", ".join(reversis.available_profiles())
        raise TableError(f"{str(profile)[:40]!r} is not a shipped profile ({names})")
    if mode not in MODES:
        raise TableError(f"the mode is 'hand' or 'match', not {str(mode)[:20]!r}")
    if type(seed) is not int or not 0 <= seed < 10**9:
        raise TableError("the seed is a whole number from 0 to 999999999")
    if not isinstance(level, str) or level not in LEVEL_NAMES:
        raise TableError(f"the level is {', '.join(LEVEL_NAMES)}, not {str(level)[:20]!r}")
    rules = reversis.load_profile(profile)
    seats = tuple(Seat() for _ in range(rules.players))
    return Table(table_id, rules, mode, seed, seats, level=level)


def table_from_row(row: Mapping[str, Any]) -> Table:
    """The table stored as :meth:`Table.to_row`, replayed from its record."""
    level = row.get("level") or DEFAULT_LEVEL  # a table stored before the levels: medium
    table = new_table(row["id"], row["profile"], row["mode"], row["seed"], level)
    seats = tuple(Seat(**s) for s in json.loads(row["seats"]))
    if len(seats) != len(table.seats):
        raise TableError(f"table {row['id']}: {len(seats)} seats stored for {len(table.seats)}")
    table = attrs.evolve(table, seats=seats)
    if not row["record"]:
        return table
    value = records.replay(row["record"])
    if isinstance(value, Hand):
        return attrs.evolve(table, hand=value)
    hand = value.hand
    if hand is not None:
        for move in json.loads(row["moves"]):
            hand = hand.apply(move)
    return attrs.evolve(table, match=value, hand=hand)


def bot_for(table_id: str, seat: int, level: str = DEFAULT_LEVEL) -> Bot:
    """The bot of a seat: the library's bot of the table's ``level``
    (:mod:`reversis.bots.levels`), its random choices seeded from the table and the seat."""
    return level_bot(level, random.Random(f"{table_id}/{seat}").getrandbits(64))


def replay_views(record: str, seat: int) -> list[dict[str, Any]]:
    """The views of ``seat``, step by step, of the finished hand in ``record``: the deal, then
    after each move (what the seat saw, and nothing more)."""
    value = records.replay(record)
    if not isinstance(value, Hand):
        raise TableError("the record is not a hand")
    if type(seat) is not int or not 0 <= seat < value.players:
        raise TableError(f"{str(seat)[:20]!r} is not a seat of the hand")
    dealt = value.deal
    hand = reversis.deal_from_deck(
        value.profile,
        dealt.deck,
        dealer=value.dealer,
        stakes=dealt.stakes,
        pass_direction=dealt.pass_direction,
        hand_number=dealt.hand_number,
    )
    moves: Sequence[reversis.Move] = value.moves
    views = [hand.view(seat).to_dict()]
    for move in moves:
        hand = hand.apply(move)
        views.append(hand.view(seat).to_dict())
    return views
