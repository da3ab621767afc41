"""A Game of Thrones Catan's action bar: the rules' groups, with the build
menu always there on a turn (every cost, and why what cannot be built
cannot), offers made in the trade dialog, and how many of each card the
player holds beside each card to return."""

from __future__ import annotations

from msgspec.structs import replace

from castletui.frame import Frame, Line
from castletui.frames import Menu, rules_lines
from castletui.rules import got_catan as game
from castletui.rules.got_catan import BuyDevelopment, Discard, EndTurn

BUILD = "Build"
OFFER_GROUP = "Offer to players"
TRADE_REFUSALS = (OFFER_GROUP, "Build or trade")
"""The labels of the rules' "why not" lines that say why no offer between
players may be made now (none at all this turn; not before the roll)."""
TRADE = "trade"
"""The command of the line that opens the trade dialog (the screen's)."""


def on_turn(frame: Frame) -> bool:
    """The viewer's own turn after the roll (ending it is among the choices)."""
    return any(isinstance(action, EndTurn) for action, _, _ in frame.menu)


def lines(frame: Frame) -> list[Line]:
    turn = on_turn(frame)
    if turn and frame.path == (BUILD,):
        return build_lines(frame)
    shown = rules_lines(frame)
    if turn and not frame.path:
        # First when something can be built: Enter on the first line makes progress.
        shown = [line for line in shown if line.text != f"{BUILD}..."]
        can_build = any(not line.disabled for line in build_lines(frame))
        shown.insert(0 if can_build else 1, Line(f"{BUILD}...", group=(BUILD,)))
    hand = frame.view.players[frame.viewer].hand
    out = []
    for line in shown:
        if line.text == f"{OFFER_GROUP}...":
            line = Line("Offer to players (trade dialog)...", command=TRADE)
        elif isinstance(line.action, Discard):
            line = replace(line, text=f"{line.text} (you hold {hand.count(line.action.resource)})")
        out.append(line)
    return out


def build_lines(frame: Frame) -> list[Line]:
    """Road, Settlement, Keep and Development card with their costs: a
    group to open where something can be built, else the rules' reason."""
    open_groups = {where[1:2] for _, where, _ in frame.menu if where[:1] == (BUILD,)}
    legal = {action for action, _, _ in frame.menu}
    out = []
    for title, cost, reason in game.build_menu(frame.view, frame.viewer):
        cost_text = ", ".join(f"{cost.count(r)} {r}" for r in dict.fromkeys(cost))
        if title.startswith("Development"):
            buy = BuyDevelopment()
            if not reason and buy in legal:
                preview = next((line.preview for line in frame.lines if line.action == buy), "")
                out.append(Line(f"Buy a development card ({cost_text})", buy, preview=preview))
            else:
                out.append(Line(f"Development card: {reason}", why_not=reason or "not now"))
            continue
        if (title,) in open_groups:
            out.append(Line(f"{title}... ({cost_text})", group=(BUILD, title)))
        else:
            why = reason or f"({cost_text}) nowhere to build one now."
            out.append(Line(f"{title}: {why}", why_not=why))
    return out


def prompt(frame: Frame) -> str:
    if on_turn(frame) and not frame.path:
        return f"{frame.names[frame.viewer]}, rolled {frame.view.dice}: trade, build, buy or end your turn:"
    return frame.prompt


MENU = Menu(lines=lines, prompt=prompt)
