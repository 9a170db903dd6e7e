"""A played hand as one self-contained HTML page, to share: the deal, each trick as a picture, the
events and the settlement in words (:func:`reversis.text.pictures.hand_html` makes the pictures and
calls :func:`page`; ``python -m reversis replay --html RECORD`` prints it).

The page holds everything it shows (the pictures are inline SVG, the style inline): no script, no
file or address to fetch. Its words come from :mod:`reversis.text.sentences`, as on every screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from reversis import events as ev
from reversis.games import game_of
from reversis.hand import Hand, settle
from reversis.text.narration import describe_hand
from reversis.text.sentences import (
    Names,
    event_sentence,
    outcome_sentences,
    payment_sentence,
    plural,
    profile_title,
    signed,
    units,
)

__all__ = ["STYLE", "page"]

#: The page's style sheet (inline in the page).
STYLE = """
body { font-family: Georgia, 'DejaVu Serif', serif; color: #1d1d1f; background: #faf8f3;
  margin: 0 auto; padding: 1rem 1.2rem 3rem; max-width: 1100px; line-height: 1.45; }
h1 { font-size: 1.6rem; margin: .4rem 0; } h2 { font-size: 1.2rem; margin: 1.6rem 0 .4rem;
  border-bottom: 1px solid #d6d2c4; }
.deal { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; align-items: center; }
.deal svg { max-width: 100%; height: auto; }
.tricks { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 1rem; }
figure { margin: 0; background: #fff; border-radius: 8px; padding: .5rem; box-shadow: 0 1px 3px #0002; }
figure svg { width: 100%; height: auto; }
figcaption { font-size: .9rem; }
.outcome { font-size: 1.05rem; font-weight: bold; }
table { border-collapse: collapse; } td, th { padding: .15rem .8rem; text-align: left;
  border-bottom: 1px solid #ddd; }
pre { white-space: pre-wrap; font-size: .85rem; }
"""


def _before_play(hand: Hand, names: Names) -> list[str]:
    """The exchange (or the pass) in sentences."""
    out = []
    for event in hand.events:
        if isinstance(event, ev.Exchanged):
            out.append(
                f"{names(event.seat)} exchanged: put {event.discarded} aside and took "
                f"{event.taken}."
            )
        elif isinstance(event, ev.Declined):
            out.append(
                f"{names(event.seat)} declined the exchange and looked at {event.widow_card}."
            )
        elif isinstance(event, ev.Discarded):
            out.append(f"{names(event.seat)} discarded {event.card}.")
        elif isinstance(event, ev.CardGiven):
            # hearts §4 passes; hoyle §4's opposite exchange gives (as narration words them)
            verb = game_of(hand.profile).words.gave
            out.append(f"{names(event.seat)} {verb} {event.card} to {names(event.to)}.")
    return [text[:1].upper() + text[1:] for text in out]


def page(
    hand: Hand,
    *,
    deal: Sequence[str],
    tricks: Sequence[str],
    widow: str | None = None,
    pot: str | None = None,
) -> str:
    """The page of ``hand``, with its pictures given as SVG text: ``deal`` (each seat's cards, in
    seat order), ``tricks`` (each trick), ``widow`` and ``pot`` (or ``None``)."""
    profile = hand.profile
    names = Names.seats(hand.players)
    title = profile_title(profile)
    seed = f", seed {hand.deal.seed}" if hand.deal.seed is not None else ""
    roles = {hand.dealer: " (dealer)", hand.deal.eldest: " (eldest)"}
    out = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}{escape(seed)}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}{escape(seed)}</h1>",
        f"<p>{profile.players} players, seats numbered in playing order "
        f"({escape(profile.table.direction)}); seat {hand.dealer} deals.</p>",
        "<h2>The deal</h2>",
        '<div class="deal">',
    ]
    for seat, picture in enumerate(deal):
        out.append(f"<div>{escape(names(seat))}{roles.get(seat, '')}</div><div>{picture}</div>")
    if widow is not None:
        out.append(f"<div>the widow</div><div>{widow}</div>")
    out.append("</div>")
    before = _before_play(hand, names)
    if before:
        out.append("<h2>Before play</h2><ul>")
        out += [f"<li>{escape(text)}</li>" for text in before]
        out.append("</ul>")
    out.append('<h2>The tricks</h2><div class="tricks">')
    for trick, picture in zip(hand.tricks, tricks, strict=True):
        words = [
            text
            for event in hand.events
            if getattr(event, "trick", None) == trick.number
            and not isinstance(event, ev.CardPlayed | ev.TrickTaken)
            and (text := event_sentence(event, profile, names)) is not None
        ]
        caption = f"Trick {trick.number}: {names(trick.winner or 0)} took it." + "".join(
            f" {w}" for w in words
        )
        out.append(f"<figure>{picture}<figcaption>{escape(caption)}</figcaption></figure>")
    out.append("</div>")
    out += _settlement(hand, names, pot)
    text = "\n".join(describe_hand(hand))
    out += [
        "<h2>The hand as text</h2>",
        f"<details><summary>as <code>replay</code> prints it</summary><pre>{escape(text)}</pre>"
        "</details>",
        "</body></html>",
    ]
    return "\n".join(out) + "\n"


def _settlement(hand: Hand, names: Names, pot: str | None) -> list[str]:
    """The outcome and the payments in words, and the net per seat."""
    profile = hand.profile
    result = settle(hand)
    over = next((e for e in hand.events if isinstance(e, ev.HandOver)), None)
    out = ["<h2>The outcome</h2>"]
    if over is None:
        number = len(hand.tricks) + 1
        out.append(
            f'<p class="outcome">The hand is not finished (trick {number}, '
            f"{escape(names(hand.to_move or 0))} to play).</p>"
        )
    else:
        sentences = outcome_sentences(
            profile,
            dealer=hand.dealer,
            points=over.points,
            tricks=over.tricks,
            winner=over.winner,
            loser=over.loser,
            net=result.net,
            names=names,
            events=hand.events,
        )
        out.append(f'<p class="outcome">{escape(" ".join(sentences))}</p>')
    if pot is not None:
        out.append(f"<p>The cards put aside:</p>{pot}")
    out.append("<h2>Payments</h2>")
    if result.payments:
        out.append("<ol>")
        out += [
            f"<li>{escape(payment_sentence(p, profile, names, tricks=hand.tricks))}</li>"
            for p in result.payments
        ]
        out.append("</ol>")
    else:
        out.append("<p>None.</p>")
    out.append(
        f"<table><tr><th>seat</th><th>points</th><th>tricks</th><th>{units(profile)}</th></tr>"
    )
    for seat, net in enumerate(result.net):
        out.append(
            f"<tr><td>{escape(names(seat))}</td><td>{plural(hand.points[seat], 'point')}</td>"
            f"<td>{hand.tricks_taken[seat]}</td><td>{signed(net)}</td></tr>"
        )
    out.append("</table>")
    return out
