"""The words of the game for a newcomer: the one source of the glossary that ``python -m reversis
demo --explain``, the ``glossary`` command of ``play`` and the web table's panel print, and that
``docs/glossary.rst`` repeats word for word (a test keeps them the same).

    >>> from reversis import load_profile
    >>> print(glossary_lines(load_profile("fournier-1785"), width=72)[0])
    The aim: take as few card points as you can. The fewest points win the
    >>> dict(TERMS)["widow"]
    'The cards left after the deal, taken or looked at by the non-dealers in the exchange.'
"""

from __future__ import annotations

import argparse

from reversis.profile import Profile, load_profile
from reversis.text.sentences import aim_sentence, wrap

__all__ = ["ABOUT", "EXPLAIN", "TERMS", "explain", "glossary_lines", "glossary_terms"]

#: Each term and what it means, in the order of ``docs/glossary.rst``.
TERMS: tuple[tuple[str, str], ...] = (
    ("basket", "Fournier's pool of counters, at the dealer's right. Placing the Quinola wins it."),
    (
        "beast",
        "A debt recorded on the beast sheet by a player who played the Quinola forced or led: the "
        "basket's amount at that moment, paid to the next winner of the basket.",
    ),
    (
        "eldest",
        "The player at the dealer's right in Fournier (``dealer + 1`` in playing order), who "
        "exchanges first and leads the first trick.",
    ),
    (
        "forced",
        "A card of the suit led played by another player than the leader (in Hoyle, only when it "
        "was the player's only card of that suit; otherwise *played*).",
    ),
    (
        "four aces",
        "Fournier's privilege: a player holding the four aces after the exchange may renounce at "
        "will.",
    ),
    ("led", "The first card of a trick."),
    ("placed", "A card played on a renounce: of another suit than the one led."),
    (
        "pot",
        "The cards put aside in the exchange (Fournier); its value is paid by the loser to the "
        "winner. The English variant calls it the talon, Hoyle the discard, and the amount the "
        "party.",
    ),
    ("quinola", "The jack of hearts (in Hoyle also the queen of hearts, the little quinola)."),
    (
        "renounce",
        "To play a card of another suit than the one led: allowed when one holds none of it, or "
        "under a privilege.",
    ),
    (
        "reversis",
        "Taking every trick. Winning the first nine commits a player to it; taking the last two "
        "makes it.",
    ),
    (
        "widow",
        "The cards left after the deal, taken or looked at by the non-dealers in the exchange.",
    ),
    (
        "à la bonne",
        "The first and last tricks in Fournier, on which the payments for aces and the Quinola "
        "are doubled.",
    ),
)


def _plain(text: str) -> str:
    """The reStructuredText marks taken off for a screen."""
    return text.replace("``", "").replace("*", "")


def glossary_terms() -> list[tuple[str, str]]:
    """:data:`TERMS` as a screen shows them (without the documentation's marks)."""
    return [(term, _plain(text)) for term, text in TERMS]


def glossary_lines(profile: Profile, width: int = 100) -> list[str]:
    """The aim of ``profile``'s game, then each term and what it means, wrapped at ``width``."""
    lines = wrap(aim_sentence(profile), width)
    lines.append("")
    lines.append("The words of the game:")
    for term, text in glossary_terms():
        lines += wrap(f"  {term}: {text}", width, "    ")
    return lines


#: The demo's last line: where a newcomer reads what the game's words mean.
EXPLAIN = "New to the game? 'reversis demo --explain': the aim; a widow, basket, beast, quinola ..."
#: The help of ``demo --explain``.
ABOUT = (
    "print the game's aim and its words (widow, basket, beast, quinola ...), not a hand "
    "(default: a hand)"
)


def explain(args: argparse.Namespace) -> int:
    """``demo --explain``: print :func:`glossary_lines` of the profile ``args.profile`` names;
    return the exit status."""
    print("\n".join(glossary_lines(load_profile(args.profile))))
    return 0
