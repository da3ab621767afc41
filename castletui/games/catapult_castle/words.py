"""Catapult Castle as sentences, for the plain mode's ``board``, ``hand``
and ``score`` (read aloud by a screen reader): each mat and its towers
(the viewer's first), where the catapult stands, the ammo and what is in
force this turn; the viewer's cards; the towers each player has.

Everything comes from the seat's scene (rules/catapult_castle/scene.py).
Towers are named as the action bar names them: a mat, then its square
(inner, left, right, outer).
"""

from __future__ import annotations

from typing import Any

from castletui.games.sentences import count, listed, score_lines
from castletui.rules.core import seat_ref

__all__ = ["board", "hand", "score"]
"""What the plain mode calls (``castletui.games.part(game_id, "words")``)."""


def board(scene: Any) -> list[str]:
    """Each mat (the viewer's first, then the others', then the neutral
    ones), the catapult, the ammo and what is in force this turn."""
    mats = [index for index, mat in enumerate(scene.mats) if mat.in_play]
    mats.sort(key=lambda index: (scene.mats[index].owner != scene.seat, scene.mats[index].owner < 0))
    lines: list[str] = []
    for index in mats:
        lines += mat_lines(scene, index)
    lines += _catapult(scene)
    if scene.solo:
        lines.append(f"Ammo left to shoot: {scene.supply}.")
        lines.append(f"Rearrangements left: {scene.rearrangements_left}.")
    else:
        lines.append(f"Ammo in the supply: {scene.supply}.")
    in_force = [
        name for name, on in (("Magic Toss", scene.magic_toss), ("Strong Ammo", scene.strong_ammo)) if on
    ]
    if in_force:
        lines.append(f"In force this turn: {listed(in_force)}.")
    if scene.shots_left > 1:
        lines.append(f"Shots left this turn: {scene.shots_left}.")
    return lines


def hand(scene: Any) -> list[str]:
    """The viewer's cards, and its deck and discard pile."""
    if not 0 <= scene.seat < len(scene.hands):
        return []
    held = scene.hands[scene.seat]
    if not held.cards and not scene.deck and not scene.discard:
        return []
    lines = [f"Your hand: {held.words}."]
    if not scene.solo:
        lines.append(
            f"Your deck: {count(scene.deck, 'card')}; your discard pile: {count(scene.discard, 'card')}."
        )
    return lines


def score(scene: Any) -> list[str]:
    """The towers (solo: the points) of each player, and who leads."""
    return score_lines(scene.standing, scene.seat, unit="point" if scene.solo else "tower")


def mat_name(scene: Any, index: int) -> str:
    """ "Your mat", "{P1}'s mat", "The Queen mat"."""
    mat = scene.mats[index]
    if mat.owner == scene.seat and mat.owner >= 0:
        return "Your mat"
    if mat.owner >= 0:
        return f"{seat_ref(mat.owner)}'s mat"
    words = mat.owner_words.removesuffix("'s")
    return words[:1].upper() + words[1:]


def _royalty(title: str) -> str:
    """The deck on a mat's back, from its title ("{P0} (King)", "Queen (neutral)", "King mat")."""
    if "(" in title:
        inside = title[title.index("(") + 1 : title.rindex(")")]
        return title.split(" ")[0] if inside == "neutral" else inside
    return title.removesuffix(" mat")


def mat_lines(scene: Any, index: int) -> list[str]:
    """A mat: its towers in all, then square by square."""
    mat = scene.mats[index]
    name = mat_name(scene, index)
    squares = [square for square in scene.squares if square.mat == index]
    towers = sum(square.towers for square in squares)
    if mat.owner >= 0:
        first = f"{name}, the {_royalty(mat.title)} mat: {count(towers, 'tower')}"
    else:
        first = f"{name}{'' if scene.solo else ', neutral'}: {count(towers, 'tower')}"
    if mat.owner >= 0 and mat.owner != scene.seat:
        first += f", {count(scene.hands[mat.owner].cards, 'card')} in hand"
    lines = [first + "."]
    lines += [f"{name}, {square_words(square)}." for square in squares]
    return lines


def square_words(square: Any) -> str:
    """ "inner square: 2 towers, 1 ammo inside, 1 card under them, roofed"."""
    if not square.on_table:
        return f"{square.name} square: out of play"
    if not square.towers:
        return f"{square.name} square: empty"
    parts = [count(square.towers, "tower")]
    if square.ammo:
        parts.append(f"{square.ammo} ammo inside")
    if square.cards_under:
        parts.append(f"{count(square.cards_under, 'card')} under them")
    if square.roof:
        parts.append("roofed")
    return f"{square.name} square: {', '.join(parts)}"


def _catapult(scene: Any) -> list[str]:
    if scene.catapult_at_chosen_corner:
        return ["The catapult stands at the corner of the mat you shoot from."]
    if scene.catapult >= 0:
        where = mat_name(scene, scene.catapult)
        return [f"The catapult stands at the outer corner of {where[:1].lower()}{where[1:]}."]
    return []
