"""A person at the table: the loop of ``python -m reversis play``, with its input and output
injectable so that a program (or a test) can drive it.

The person plays one seat; bots play the others. At each turn the screen shows the seat's view
(:func:`reversis.text.render.render`) and asks for a move: its number in the list, or its notation
(``QS``, ``exchange 4C``, ``decline``). Commands:

``?``
    what the hand is played for, then the legal moves, each with what it means and what it can
    earn or cost (:func:`reversis.text.render.describe_move`);
``help``
    the commands;
``glossary``
    the game's aim and its words (widow, basket, beast, quinola ...);
``undo``
    takes back the person's last move, and the bots' moves after it;
``save FILE``
    writes the record (:func:`reversis.records.notation.dump`) to ``FILE``;
``quit`` (or end of input, Ctrl-D)
    asks whether to save, then stops.

A wrong input says why and asks again; nothing is lost. At the end of the hand the screen says who
won and who lost, why, and what each seat gets. Long sentences are wrapped at word boundaries to
``width`` columns.

    >>> from reversis import load_profile
    >>> from reversis.bots.players import CautiousBot
    >>> answers = iter(["zz", "1"] + ["1"] * 20)
    >>> lines = []
    >>> game = Terminal(load_profile("fournier-1785-3p"), seat=1, bots={0: CautiousBot(),
    ...     2: CautiousBot()}, read=lambda prompt: next(answers), write=lines.append)
    >>> game.play_hand(game.new_hand(seed=3)).is_over
    True
    >>> [line for line in lines if line.startswith("'zz'")]
    ["'zz' is not a move: give a number from the list, a move such as exchange 4C, or ? for help"]
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NoReturn

import attrs

from reversis.bots.players import Bot
from reversis.errors import (
    ArgumentError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
)
from reversis.hand import Hand, new_hand, settle
from reversis.moves import Decline, Discard, Exchange, Give, Move, Pass, Play, parse_move
from reversis.profile import Profile
from reversis.records import notation as records
from reversis.text.render import describe_move, render
from reversis.text.sentences import aim_sentence, for_people, money, number, wrap

if TYPE_CHECKING:
    from reversis.match import Match

__all__ = ["HELP", "PROMPT", "Quit", "Terminal"]

#: The prompt for a move.
PROMPT = "your move> "


#: What ``help`` prints.
HELP = (
    "Type a move's number in the list, or its notation (QS, exchange 4C, decline). "
    "? explains what the hand is played for and what each of your moves means; undo takes back "
    "your last move; save FILE writes the record; glossary says the game's aim and words "
    "(widow, basket, beast, quinola ...); quit (or Ctrl-D) asks whether to save, then stops."
)


def _you(reason: str, seat: int) -> str:
    """An engine's reason about ``seat`` said to its player: ``"seat 1 does not hold 2C"`` is
    ``"you do not hold 2C"``."""
    me = f"seat {seat}"
    text = reason.replace(f"the dealer, {me},", "you, the dealer,")
    for third, second in (("does", "do"), ("holds", "hold"), ("has", "have"), ("is", "are")):
        text = re.sub(rf"\b{me} {third}\b", f"you {second}", text)
    said = re.sub(rf"\b{me}\b(?!\d)", "you", text)
    return said.replace(" and holds ", " and hold ") if said != text else said


class Quit(Exception):  # noqa: N818 - a signal, not an error
    """The person asked to stop (``quit`` or end of input)."""


def _public(seat: int, move: Move) -> str:
    """What the table sees of a bot's move (never a hidden card)."""
    if isinstance(move, Play):
        return f"seat {seat} plays {move.card}"
    if isinstance(move, Exchange):
        return f"seat {seat} exchanges"
    if isinstance(move, Decline):
        return f"seat {seat} declines the exchange"
    if isinstance(move, Discard):
        return f"seat {seat} discards"
    if isinstance(move, Give):
        return f"seat {seat} gives a card"
    if isinstance(move, Pass):
        return f"seat {seat} passes a card"
    return f"seat {seat} moves"  # pragma: no cover - every move is one of the above


@attrs.define
class Terminal:
    """A game between a person at ``seat`` and ``bots`` (one per other seat), on ``read`` (called
    with a prompt, returns a line; raises :class:`EOFError` at the end of input) and ``write``
    (called with a line of output)."""

    profile: Profile
    seat: int
    bots: Mapping[int, Bot]
    read: Callable[[str], str] = input
    write: Callable[[str], None] = print
    color: bool = False
    #: The match being played, if any (``save`` writes its record).
    match: Match | None = None
    #: The columns that sentences are wrapped at (``None``: the terminal's width; ``0``: none).
    width: int | None = None

    def __attrs_post_init__(self) -> None:
        n = self.profile.players
        if type(self.seat) is not int or not 0 <= self.seat < n:
            raise ArgumentError(f"seat must be 0 to {n - 1}, not {self.seat!r}")
        others = sorted(s for s in range(n) if s != self.seat)
        if sorted(self.bots) != others:
            raise ArgumentError(
                f"give one bot for each other seat ({others}), not for {sorted(self.bots)}"
            )

    @property
    def columns(self) -> int:
        """The width that sentences are wrapped at."""
        if self.width is not None:
            return self.width
        return max(40, shutil.get_terminal_size((100, 24)).columns - 1)

    def say(self, text: str, indent: str = "") -> None:
        """Write ``text``, wrapped at word boundaries to :attr:`columns`."""
        for line in wrap(text, self.columns, indent):
            self.write(line)

    def new_hand(self, seed: int, dealer: int = 0) -> Hand:
        """A fresh hand of the profile."""
        return new_hand(self.profile, seed=seed, dealer=dealer)

    # -- the loop ------------------------------------------------------------------------------

    def play_match(self, match: Match) -> Match:
        """Play ``match`` to its end, hand after hand; return it. The person makes their own
        end-of-match choice; the bots share. :class:`Quit` when the person stops."""
        from reversis.match import MatchPhase  # noqa: PLC0415 - the match layer loads on use

        while not match.is_over:
            if match.phase is MatchPhase.DECIDING:
                for seat in match.deciders:
                    choice = self._choose() if seat == self.seat else "share"
                    match = match.choose(seat, choice)
                    self.write(f"seat {seat} chooses to {choice}")
                continue
            if match.hand is None:
                match = match.start_hand()
            assert match.hand is not None
            self.match = match
            self.write("")
            self.write(
                f"=== Hand {match.hand_number} of the match, round {match.round}, "
                f"dealer seat {match.dealer} ==="
            )
            hand = self.play_hand(match.hand)
            match = match.finish_hand(hand)
            self.match = match
            amounts = ", ".join(
                f"{'you' if s == self.seat else f'seat {s}'} {number(b)}"
                for s, b in enumerate(match.bankrolls)
            )
            self.write(f"After hand {match.hands_played}: {amounts}")
        self.write(
            "The match is over. Standing: "
            + ", ".join(
                f"{'you' if s == self.seat else f'seat {s}'} {number(amount)}"
                for s, amount in match.standing
            )
        )
        return match

    def _choose(self) -> str:
        while True:
            try:
                answer = self.read("The agreed hands are played: share or continue? ")
            except EOFError:
                answer = "share"
            answer = answer.strip().lower()
            if answer in ("share", "continue"):
                return answer
            self.write("Answer share or continue.")

    def play_hand(self, hand: Hand) -> Hand:
        """Play ``hand`` to its end; return it. :class:`Quit` when the person stops."""
        taken: list[Hand] = []  # the hand before each of the person's moves, for undo
        while True:
            hand = self._bots_play(hand)
            if hand.is_over:
                self.write(render(hand.view(self.seat), color=self.color, width=self.columns))
                net = settle(hand).net[self.seat]
                amount = money(self.profile, abs(net))
                result = f"you won {amount}" if net > 0 else f"you lost {amount}" if net else ""
                self.write(f"The hand is over{': ' + result if result else ', and you are even'}.")
                return hand
            self.write("")
            self.write(render(hand.view(self.seat), color=self.color, width=self.columns))
            while True:
                move = self._ask(hand, taken)
                if move is None:
                    continue
                if isinstance(move, Hand):  # undo
                    hand = move
                    break
                taken.append(hand)
                hand = hand.apply(move)
                break

    def _bots_play(self, hand: Hand) -> Hand:
        while not hand.is_over and hand.to_move != self.seat:
            seat = hand.to_move
            assert seat is not None
            move = self.bots[seat](hand.view(seat))
            hand = hand.apply(move)
            self.write(_public(seat, move))
        return hand

    def _ask(self, hand: Hand, taken: list[Hand]) -> Move | Hand | None:
        """One line of input: a legal move, an earlier hand (undo), or ``None`` (ask again)."""
        try:
            line = self.read(PROMPT).strip()
        except EOFError:
            self.write("")
            self.quit(hand)
        legal = hand.legal_moves()
        if not line:
            return None
        word = line.split()[0].lower()
        if line == "?":
            view = hand.view(self.seat)
            self.say(aim_sentence(self.profile))
            for i, move in enumerate(legal, 1):
                self.say(f"{i:>4}. {move!s:<14}{describe_move(view, move)}", " " * 20)
            return None
        if word == "help" and line.lower() == "help":
            self.say(HELP)
            return None
        if line.lower() == "glossary":
            from reversis.text.glossary import glossary_lines  # noqa: PLC0415 - on first use

            for text in glossary_lines(self.profile, self.columns):
                self.write(text)
            return None
        if word == "undo":
            if not taken:
                self.write("Nothing to undo: you have made no move in this hand.")
                return None
            self.write("Your last move is taken back (and the bots' moves after it).")
            return taken.pop()
        if word == "save":
            name = line[4:].strip()
            if not name:
                self.write("save needs a file name: save FILE")
            else:
                self.save(hand, name)
            return None
        if word == "quit":
            self.quit(hand)
        if line.isdigit():
            number = int(line)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.write(f"There is no move {number}: choose 1 to {len(legal)}.")
            return None
        try:
            move = parse_move(line)
        except (InvalidMoveError, InvalidCardError):
            self.write(
                f"{line[:40]!r} is not a move: give a number from the list, a move such as "
                f"{legal[0]}, or ? for help"
            )
            return None
        if move not in legal:
            try:
                hand.apply(move)
            except IllegalMoveError as exc:
                self.write(f"Not now: {for_people(_you(exc.reason, self.seat))}.")
                return None
        return move

    # -- saving and quitting -------------------------------------------------------------------

    def save(self, hand: Hand, path: str) -> bool:
        """Write the record of the game (with ``hand`` in play) to ``path``; say so."""
        value: Hand | Match = self.match if self.match is not None else hand
        try:
            text = records.dump(value)
            with open(os.path.expanduser(path), "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as exc:
            self.write(f"Cannot save to {path}: {exc.strerror or exc}.")
            return False
        self.write(f"Saved the record to {path}.")
        if self.match is not None and self.match.hand is not None and hand.moves:
            # A match record holds its hand in play as dealt: the moves so far go beside it.
            with open(os.path.expanduser(path) + ".hand", "w", encoding="utf-8") as file:
                file.write(records.dump(hand))
            self.write(f"The hand in play, with its moves so far, is in {path}.hand.")
        return True

    def offer_save(self, hand: Hand) -> None:
        """Ask whether to save the game (with ``hand`` last in play), and save it if asked."""
        while True:
            try:
                answer = self.read("Save the game? (a file name to save, Enter: no) ")
            except EOFError:
                self.write("")
                return
            answer = answer.strip()
            if not answer or answer.lower() in ("n", "no"):
                return
            if self.save(hand, answer):
                return

    def quit(self, hand: Hand) -> NoReturn:
        """Ask whether to save, save if asked, and raise :class:`Quit`."""
        self.offer_save(hand)
        self.write("Goodbye.")
        raise Quit
