"""Castlecards' action bar: the rules' groups (Attack > target > cards,
Night attack > target > cards, Defend > station or take back, Throw a card
away > card), each group line saying how many ways it opens, a Back line
inside a group, and while cards are picked a line per card with what it
adds and a Confirm that says how the attack would stand."""

from __future__ import annotations

from msgspec.structs import replace

from castletui.frame import Frame, Line
from castletui.frames import Menu, rules_lines
from castletui.rules import castlecards as game
from castletui.rules.castlecards import (
    GROUPS,
    Attack,
    Confirm,
    Decline,
    EndTurn,
    Give,
    NightAttack,
    Pick,
    Picking,
    PlayThief,
    attack_outlook,
    card_name,
    card_shields,
    count_words,
    explore_torches,
    group_note,
    pick_words,
    picking,
    versus,
)

BACK = "back"
"""The command of the Back line inside a group (the screen's Escape)."""

# The question while a group is open (the rules' prompt is for the first menu).
GROUP_PROMPTS = {
    GROUPS["attack"]: "{name}, which card do you attack?",
    GROUPS["night"]: "{name}, which card do you storm by night?",
    GROUPS["defend"]: "{name}, station a defender or take one back:",
    GROUPS["discard"]: "{name}, which card do you throw away (it does nothing)?",
}


def preview_of(frame: Frame, action: object) -> str:
    return next((line.preview for line in frame.lines if line.action == action), "")


def lines(frame: Frame) -> list[Line]:
    pick = picking(frame.view)
    if pick is not None:
        return pick_lines(frame, pick)
    if any(isinstance(action, PlayThief | Decline | Give | EndTurn) for action, _, _ in frame.menu):
        return rules_lines(frame)  # the Thief, or giving cards away at the end
    return action_lines(frame)


def action_lines(frame: Frame) -> list[Line]:
    """The rules' lines, each group line saying how many ways it opens;
    the groups first, the action that does nothing (Throw away) last,
    and a Back line inside a group."""
    shown = rules_lines(frame)
    if frame.path:
        out = []
        for line in shown:
            if isinstance(line.action, Attack | NightAttack):
                card = frame.view.players[line.action.target].fortress[line.action.slot]
                shields = card_shields(card, line.action.garrison)
                line = replace(line, text=f"{line.text} ({count_words(shields, 'shield', 'shields')})")
            out.append(line)
        return [*out, Line("Back", command=BACK)]
    sizes: dict[str, int] = {}
    for _, path, _ in frame.menu:
        if path:
            sizes[path[0]] = sizes.get(path[0], 0) + 1
    groups, actions, last = [], [], []
    for line in shown:
        name = line.text.removesuffix("...")
        if line.group is not None and name in sizes:
            note = group_note(name, sizes[name])
            line = replace(line, text=f"{name}... ({note})") if note else line
            (last if name == GROUPS["discard"] else groups).append(line)
        else:
            actions.append(line)
    return groups + actions + last


def pick_lines(frame: Frame, pick: Picking) -> list[Line]:
    """A line per card that may be picked, with what it adds, and Confirm
    (greyed with the rules' reason while it may not be chosen)."""
    view = frame.view
    out = [
        Line(
            f"+ {card_name(action.card)} {pick_words(view, action.card)}",
            action,
            spot=("hand", action.card),
            preview=preview_of(frame, action),
        )
        for action, _, _ in frame.menu
        if isinstance(action, Pick)
    ]
    confirm = Confirm()
    reason = game.refusal(view, confirm)
    if not reason:
        out.append(Line(confirm_text(frame, pick), confirm, preview=preview_of(frame, confirm)))
    elif pick.purpose != "build":
        # Why Confirm is not possible yet, in the rules' words (e.g. a Castle out of reach).
        text = "Confirm: pick a card first" if not pick.selected else f"Confirm: {reason}"
        out.append(Line(text, why_not=reason))
    return out


def confirm_text(frame: Frame, pick: Picking) -> str:
    view = frame.view
    purpose = pick.purpose
    chosen = len(pick.selected)
    outlook = attack_outlook(view)
    if purpose == "attack":
        if view.assault.night:
            what = f"{count_words(chosen, 'card', 'cards')} face down" if chosen else "nothing (a bluff)"
            return f"Confirm: attack by night with {what}"
        return f"Confirm: attack, {versus(outlook)}"
    if purpose in ("support", "react") and not chosen:
        # The rules' words: "No reaction", or a plain pass for a seat asked with nothing to play.
        return next(line.text for line in frame.lines if isinstance(line.action, Confirm))
    if purpose in ("support", "react"):
        return f"Confirm: {purpose}, {versus(outlook)}"
    if purpose == "explore":
        return f"Confirm: explore with {count_words(explore_torches(view), 'torch', 'torches')}"
    return "Confirm"


def prompt(frame: Frame) -> str:
    if frame.deciding and frame.path and frame.path[-1] in GROUP_PROMPTS:
        return GROUP_PROMPTS[frame.path[-1]].format(name=frame.names[frame.viewer])
    return frame.prompt


MENU = Menu(lines=lines, prompt=prompt, hidden_groups=frozenset({GROUPS["discard"]}))
"""Throwing a card away does nothing: its cards are lit only while it is open."""
