"""Castlecards as sentences, for the plain mode's ``board``, ``hand`` and
``score`` (read aloud by a screen reader): each fortress (the viewer's
first) card by card with its shields and defenders, the piles, the attack
or the Explorers or the build under way, the last attack; the viewer's
hand; the shields each player has left.

Everything comes from the seat's scene (rules/castlecards/scene.py).
Fortress cards are named as the action bar names them: the Castle, Wall 1,
Wall 2; cards by their full names ("Soldiers red 2").
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from castletui.games.sentences import count, listed, score_lines, sentences, who, whose, wrapped

__all__ = ["board", "hand", "score"]
"""What the plain mode calls (``castletui.games.part(game_id, "words")``)."""

PURPOSES = {
    "attack": "to attack with",
    "support": "to support the attack with",
    "react": "to react with",
    "explore": "to explore with",
    "build": "to build with",
}
"""What cards are being picked for, as a sentence ends."""


def board(scene: Any) -> list[str]:
    """Each fortress (the viewer's first), then the piles, then what is
    under way and the last attack."""
    order = sorted(range(len(scene.fortresses)), key=lambda seat: seat != scene.seat)
    lines: list[str] = []
    for seat in order:
        lines += fortress(scene, seat)
    lines += piles(scene)
    lines += under_way(scene)
    return lines


def hand(scene: Any) -> list[str]:
    """The viewer's hand, and its loot face down (3 and 4 players)."""
    mine = scene.fortresses[scene.seat]
    lines = sentences(f"Your hand, {count(len(mine.hand), 'card')}", cards_words(mine.hand))
    if mine.loot and mine.loot_shown:
        lines.append(f"Your loot: {count(mine.loot, 'card')} face down, not yours to use yet.")
    return lines


def score(scene: Any) -> list[str]:
    """Each player's shields standing as the viewer knows them, who has
    fallen, and what decides the end."""
    lines = score_lines(scene.standing, scene.seat, unit="shield")
    fallen = [
        who(seat, scene.seat).replace("You", "you") for seat, mine in enumerate(scene.fortresses) if mine.out
    ]
    if fallen:
        lines.append(f"Fallen: {listed(fallen)}.")
    return lines


def cards_words(cards: Any) -> list[str]:
    """Cards by name with how many: "2 Gold", "Soldiers red 2", "2 hidden cards"."""
    names = Counter(card_name(card) for card in cards if card.deck)
    said = [f"{n} {name}" if n > 1 else name for name, n in names.items()]
    hidden = sum(not card.deck for card in cards)  # face down, or not named yet (table mode)
    if hidden:
        said.append("a hidden card" if hidden == 1 else f"{hidden} hidden cards")
    return said


def card_name(card: Any) -> str:
    """A card's full name, or what its face says where the name has a
    symbol ("Dungeon (1 torch, 2 treasure)" for "Dungeon 1/2")."""
    return card.face if "/" in card.name else card.name


def slot_name(slot: int) -> str:
    """The Castle (slot 0) or a Wall, as the action bar names them."""
    return "Castle" if slot == 0 else f"Wall {slot}"


def fortress(scene: Any, seat: int) -> list[str]:
    """A fortress in short, then card by card."""
    mine = scene.fortresses[seat]
    owner = whose(seat, scene.seat)
    standing = sum(fort.standing for fort in mine.cards)
    head = f"{owner} fortress, {mine.colour}: {standing} of {count(len(mine.cards), 'card')} standing"
    if seat != scene.seat:
        head += f", {count(len(mine.hand), 'card')} in hand"
    if mine.loot_shown:
        head += f", {count(mine.loot, 'loot card')}"
    if mine.out:
        head += ", fallen"
    if mine.winner:
        head += ", the winner"
    elif mine.turn:
        head += ", " + ("your turn" if seat == scene.seat else "their turn")
    lines = wrapped(head + ".")
    for fort in mine.cards:
        name = f"{owner} {slot_name(fort.slot)}"
        if not fort.standing:
            lines.append(f"{name}: beaten, face down.")
            continue
        shields = count(fort.shields, "shield")
        if not fort.stationed:
            lines.append(f"{name}: standing, {shields}, no defenders.")
            continue
        room = f"{len(fort.stationed)} of {fort.places} defenders"
        lines += sentences(f"{name}: standing, {shields}, {room}", cards_words(fort.stationed))
    return lines


def piles(scene: Any) -> list[str]:
    """The decks, the discard pile and its top card, the open dungeon."""
    pile = scene.piles
    top = f", {card_name(pile.top)} on top" if pile.top is not None else ""
    lines = [
        f"Village deck: {count(pile.village, 'card')}; discard pile: {count(pile.discard, 'card')}{top}.",
        f"Siege deck: {pile.siege}; Academy deck: {pile.academy}; Dungeon deck: {pile.dungeon}.",
    ]
    if pile.open_dungeon is not None:
        dungeon = pile.open_dungeon
        lines.append(
            f"The dungeon to beat lies face up: danger {dungeon.danger}, "
            f"treasure {count(dungeon.treasure, 'card')}."
        )
    return lines


def _target(scene: Any, defender: int, slot: int, garrison: bool) -> str:
    place = f"{whose(defender, scene.seat).replace('Your', 'your')} {slot_name(slot)}"
    return f"the defenders of {place}" if garrison else place


def under_way(scene: Any) -> list[str]:
    """The King's actions left, the attack, the cards being picked, the
    Explorers, the build, and the last attack."""
    lines = []
    if scene.king_actions:
        lines.append(f"Actions left this turn: {scene.king_actions}.")
    attack = scene.attack
    if attack is not None:
        night = " by night" if attack.night else ""
        target = _target(scene, attack.defender, attack.slot, attack.garrison)
        verb = "attack" if attack.attacker == scene.seat else "attacks"
        lines += wrapped(f"Attack under way{night}: {who(attack.attacker, scene.seat)} {verb} {target}.")
        played = [_played(scene, card) for card in attack.cards]
        lines += sentences("Attack cards", played, empty="none yet", sep="; ")
        lines += sentences("Reactions against the swords", attack.against_swords, sep="; ")
        lines += sentences("Shields from", attack.shields_from, sep="; ")
        # Face-down cards hide the total from this seat: the verdict says how many.
        swords = "Swords unknown" if attack.swords is None else count(attack.swords, "sword")
        lines.append(f"{swords} against {count(attack.shields, 'shield')}: the attack {attack.verdict}.")
    choosing = scene.choosing
    if choosing is not None:
        picker = who(choosing.seat, scene.seat)
        purpose = PURPOSES.get(choosing.purpose, f"for {choosing.purpose}")
        verb = "are" if choosing.seat == scene.seat else "is"
        lines += sentences(
            f"{picker} {verb} picking cards {purpose}, so far", cards_words(choosing.selected), empty="none"
        )
    if scene.exploring is not None:
        danger = scene.exploring.danger
        against = "the next dungeon, unseen" if danger is None else f"danger {danger}"
        lines.append(f"Explorers: {count(scene.exploring.torches, 'torch', 'torches')} against {against}.")
    if scene.building is not None:
        lines.append(f"Build: {scene.building.paid} of {scene.building.cost} cards paid.")
    last = scene.last
    if last is not None:
        target = _target(scene, last.defender, last.slot, last.garrison)
        outcome = "took it" if last.succeeded else "failed"
        lines += wrapped(f"Last attack: {who(last.attacker, scene.seat)} attacked {target} and {outcome}.")
        lines.append(f"Last attack: {count(last.swords, 'sword')} against {count(last.shields, 'shield')}.")
    return lines


def _played(scene: Any, played: Any) -> str:
    whose_card = who(played.owner, scene.seat).replace("You", "you")
    if played.card is None:
        return f"a card face down from {whose_card}"
    knocked = ", knocked out" if played.knocked else ""
    return f"{card_name(played.card)} from {whose_card}{knocked}"
