"""Castlecards' game screen on the game kit: four parts of the table, each
its own widget laid out in castletui/styles/castlecards.tcss (the
fortresses, the piles, the attack panel and the viewer's hand), and the
frame's action bar grouped by the rules (``group``): Attack > target >
cards, Night attack > target > cards, Defend > station or take back, Throw
a card away > card.

Escape steps back one level everywhere: out of a group to the first menu,
and from picking the cards of one's own attack (or Explorers, or a build's
payment) back to where it was chosen, taking the declaration back. The
fortress cards and the cards in hand are spots of the board cursor (Tab to
the board, arrows, Enter, or a click), in step with the action bar.

The screen draws from ``view(state, seat)`` and the face's queries only:
totals, verdicts, costs and card words all come from the rules. Reactions,
support and the Thief are decisions of other seats: the frame lowers the
curtain before a different person answers.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.widgets import OptionList

from castletui.screens.game import Choice, GameScreen
from castletui.widgets.board import SpotBoard
from castletui.widgets.castlecards_attack import AttackPanel
from castletui.widgets.castlecards_fortresses import Fortresses
from castletui.widgets.castlecards_hand import Hand
from castletui.widgets.castlecards_piles import Piles
from castletui.widgets.panels import GameLog
from rules import castlecards as game
from rules.castlecards import (
    GROUPS,
    Attack,
    Confirm,
    NightAttack,
    Pick,
    attack_outlook,
    card_name,
    card_shields,
    count_words,
    explore_torches,
    group_note,
    pick_words,
    versus,
)
from rules.core import IllegalAction, top
from rules.core import screen as screen_api

# The levels of detail of the four parts, richest first: (fortresses, piles,
# attack panel, hand). "roomy" boxes cards; "wide" is a line with full names.
PLANS = (
    ("roomy", "roomy", "roomy", "roomy"),
    ("roomy", "wide", "roomy", "wide"),
    ("block", "block", "block", "block"),
    ("inline", "block", "block", "block"),
)

# The question while a group is open (the rules' prompt is for the first menu).
GROUP_PROMPTS = {
    GROUPS["attack"]: "{name}, which card do you attack?",
    GROUPS["night"]: "{name}, which card do you storm by night?",
    GROUPS["defend"]: "{name}, station a defender or take one back:",
    GROUPS["discard"]: "{name}, which card do you throw away (it does nothing)?",
}

# Steps started by the turn's own action, that Escape takes back.
OWN_STEPS = ("attack", "explore", "build")


class CastlecardsScreen(GameScreen):
    CSS_PATH = Path(__file__).parent.parent / "styles" / "castlecards.tcss"
    HELP = (
        "Each turn a Village card is drawn for you, then you take one action from the action bar. "
        "Attack... and the other lines with dots open a second step; while cards are picked each line "
        "shows how the attack would stand with it, and the panel above your hand adds it up. "
        "Tab puts the cursor on the table: arrows move between the cards you may choose, Enter "
        "chooses. Escape goes back a step. r has the rules."
    )

    def __init__(self, session) -> None:
        super().__init__(session)
        self.plan = PLANS[2]
        self.spaced = False

    def compose_board(self) -> ComposeResult:
        yield Fortresses(id="cc-fortresses")
        yield Piles(id="cc-piles")
        yield AttackPanel(id="cc-attack")
        yield Hand(id="cc-hand")

    # --- the table -----------------------------------------------------------

    def parts(self) -> tuple[Fortresses, Piles, AttackPanel, Hand]:
        return (
            self.query_one(Fortresses),
            self.query_one(Piles),
            self.query_one(AttackPanel),
            self.query_one(Hand),
        )

    def board_room(self) -> tuple[int, int]:
        """The width and height the four parts share."""
        area = self.query_one("#board-area")
        size = area.content_size
        if size.width > 0 and size.height > 0:
            return size.width, size.height
        # Not laid out yet (or hidden under the curtain): the frame's sizes.
        side = 40 if self.app.size.width >= 110 else 30
        return max(20, self.app.size.width - side - 2), max(4, self.app.size.height - 10)

    def update_board(self, view: Any) -> None:
        names = self.session.names
        width, height = self.board_room()
        parts = self.parts()
        for part in parts:
            part.state, part.viewer, part.names = view, self.viewer, names
        panel = parts[2]
        plans = [plan for plan in PLANS if plan[0] != "roomy" or width >= 64]
        chosen = (plans[-1], False, False)
        for plan in plans:
            # A line on the last attack is worth more than the blank lines between parts.
            found = False
            for show_last, spaced in ((True, True), (True, False), (False, True), (False, False)):
                panel.show_last = show_last
                heights = [len(part.lines(width, detail)) for part, detail in zip(parts, plan, strict=True)]
                gaps = sum(1 for h in heights[1:] if h) if spaced else 0
                if sum(heights) + gaps <= height:
                    chosen, found = (plan, show_last, spaced), True
                    break
            if found:
                break
        self.plan, panel.show_last, self.spaced = chosen
        self.set_class(self.spaced, "-spaced")
        for part, detail in zip(parts, self.plan, strict=True):
            part.show(view, self.viewer, names, detail)
        panel.display = bool(panel.lines(width))

    def on_resize(self) -> None:
        self.call_after_refresh(self.redraw)

    def redraw(self) -> None:
        if self.is_attached and not self.waiting_on_curtain:
            self.update_board(self.session.view(self.viewer))

    def refresh_table(self) -> None:
        super().refresh_table()
        if self.choice_list and self.handing_over is None and not self.waiting_on_curtain:
            # The cursor may go to every card an action is about, in any group.
            spots = self.spots()
            for board in self.query(SpotBoard):
                board.offer(spots)
            self.point_boards_at(self.highlighted_choice())

    def spots(self) -> dict[Hashable, Any]:
        """Each card on the table a legal action is about, with the first such
        action; the cards to throw away only while that step is open (else
        every card in hand would be lit for an action that does nothing)."""
        session = self.session
        found: dict[Hashable, Any] = {}
        if not self.deciding():
            return found  # another seat decides (a bot, another person, chance): no place is ours
        for action in session.legal_actions():
            path = screen_api.group(session.game, session.state, action)
            if path == (GROUPS["discard"],) and self.menu_path != path:
                continue
            where = screen_api.spot(session.game, session.state, action)
            if where is not None:
                found.setdefault(where, action)
        return found

    def side_lines(self) -> list[str]:
        view = self.session.view(self.viewer)
        lines = [" (scores: shields standing)"]
        if view.actions_left > 1 and not view.ended_by:
            lines.append(f" King: {view.actions_left} actions left")
        return lines

    def turn_prompt(self, name: str) -> str:
        if self.menu_path and self.menu_path[-1] in GROUP_PROMPTS:
            return GROUP_PROMPTS[self.menu_path[-1]].format(name=name)
        return super().turn_prompt(name)

    # --- the action bar ----------------------------------------------------------

    def step(self):
        return top(self.session.state.pending)

    def choices(self) -> list[Choice]:
        step = self.step()
        if step is None:
            return []
        if step.kind == "action":
            return self.action_choices()
        if step.kind == "select":
            return self.select_choices(step)
        return super().choices()

    def action_choices(self) -> list[Choice]:
        """The frame's menu, each group line saying how many ways it opens;
        the groups first, the action that does nothing (Throw away) last,
        and a Back line inside a group."""
        session = self.session
        lines = super().choices()
        if self.menu_path:
            view = session.view(self.viewer)
            for choice in lines:
                if isinstance(choice.action, Attack | NightAttack):
                    card = view.players[choice.action.target].fortress[choice.action.slot]
                    shields = card_shields(card, choice.action.garrison)
                    choice.text += f" ({count_words(shields, 'shield', 'shields')})"
            return lines + [Choice("Back", run=self.action_back_out)]
        sizes: dict[str, int] = {}
        for action in session.legal_actions():
            path = screen_api.group(session.game, session.state, action)
            if path:
                sizes[path[0]] = sizes.get(path[0], 0) + 1
        groups, actions, last = [], [], []
        for choice in lines:
            name = choice.text.removesuffix("...")
            if choice.run is not None and name in sizes:
                note = group_note(name, sizes[name])
                choice.text = f"{name}... ({note})" if note else choice.text
                (last if name == GROUPS["discard"] else groups).append(choice)
            else:
                actions.append(choice)
        return groups + actions + last

    def select_choices(self, step) -> list[Choice]:
        session = self.session
        view = session.view(self.viewer)
        purpose = step.purpose
        lines = []
        for action in session.legal_actions():
            if not isinstance(action, Pick):
                continue
            card = action.card
            text = f"+ {card_name(card)} {pick_words(view, card)}"
            lines.append(Choice(text, action, where=("hand", card)))
        confirm = Confirm()
        reason = game.refusal(session.state, confirm)
        if not reason:
            lines.append(Choice(self.confirm_text(step, view), confirm))
        elif purpose != "build":
            # Why Confirm is not possible yet, in the rules' words (e.g. a Castle out of reach).
            text = "Confirm: pick a card first" if not step.selected else f"Confirm: {reason}"
            lines.append(Choice(text, disabled=True))
        return lines

    def confirm_text(self, step, view) -> str:
        purpose = step.purpose
        chosen = len(step.selected)
        outlook = attack_outlook(view)
        if purpose == "attack":
            if view.assault.night:
                what = f"{count_words(chosen, 'card', 'cards')} face down" if chosen else "nothing (a bluff)"
                return f"Confirm: attack by night with {what}"
            return f"Confirm: attack, {versus(outlook)}"
        if purpose in ("support", "react") and not chosen:
            # The rules' words: "No reaction", or a plain pass for a seat asked with nothing to play.
            return self.session.label(Confirm())
        if purpose in ("support", "react"):
            return f"Confirm: {purpose}, {versus(outlook)}"
        if purpose == "explore":
            return f"Confirm: explore with {count_words(explore_torches(view), 'torch', 'torches')}"
        return "Confirm"

    # --- the board and the action bar in step ------------------------------------------

    def on_spot_board_cursor_moved(self, event: SpotBoard.CursorMoved) -> None:
        """A card in a group not open: open its group, so the bar shows its line."""
        if any(choice.where == event.spot for choice in self.choice_list):
            return  # the frame highlights it
        if self.open_group_of(event.spot):
            self.highlight(event.spot)

    def open_group_of(self, where: Hashable) -> bool:
        action = self.spots().get(where)
        if action is None:
            return False
        self.menu_path = screen_api.group(self.session.game, self.session.state, action)
        self.refresh_table()
        return True

    def highlight(self, where: Hashable) -> None:
        for index, choice in enumerate(self.choice_list):
            if choice.where == where and not choice.disabled:
                self.query_one("#actions", OptionList).highlighted = index
                return

    def choose_at(self, where: Any) -> bool:
        if super().choose_at(where):
            return True
        return self.open_group_of(where) and super().choose_at(where)

    # --- Escape ---------------------------------------------------------------------

    def own_step(self) -> bool:
        """Whether the person at the keyboard is picking cards for their own
        turn's attack, Explorers or build: Escape takes the choice back."""
        session = self.session
        step = self.step()
        if step is None or step.kind != "select" or step.purpose not in OWN_STEPS:
            return False
        if step.seat != self.viewer or session.is_bot(step.seat) or self.handing_over is not None:
            return False
        return session.undo_target(self.asker())[0] >= 0

    def asker(self) -> int | None:
        return self.viewer if len(self.session.human_seats()) > 1 else None

    def can_back_out(self) -> bool:
        return super().can_back_out() or self.own_step()

    def back_out(self) -> bool:
        """Out of a group; or from picking cards back to the targets (or the
        first menu), the picks and the declaration taken back."""
        if super().back_out():
            return True
        if not self.own_step():
            return False
        session = self.session
        assault = session.state.assault
        purpose = self.step().purpose
        group = () if purpose != "attack" else (GROUPS["night"] if assault.night else GROUPS["attack"],)
        target = ("fort", assault.defender, assault.slot) if group else None
        for _ in range(64):
            step = self.step()
            if step is not None and step.kind == "action":
                break
            try:
                session.undo(self.asker())
            except IllegalAction:
                break
        self.query_one(GameLog).show_all([line.text for line in session.log])
        self.menu_path = group
        if target is not None:
            # Back on the targets, the one just taken back stays highlighted.
            self.call_after_refresh(self.highlight, target)
        return True


SCREEN = CastlecardsScreen
