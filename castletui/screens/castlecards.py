"""Castlecards' game screen: the fortresses, piles, attack panel and hand on
one board, and an action bar grouped into steps.

The action bar only regroups what the rules list: first the kind of action
(Attack..., Night attack..., Defend..., Throw a card away... open a second
step with their targets or cards; Escape goes back), then, while cards are
picked, one Pick line per card showing the running total it would give
(asked of the rules), and the Confirm line. Reactions, support and the
Thief are decisions of other seats: the frame lowers the curtain before a
different person answers. With the option ask_everyone (the default) a
seat with nothing to play is asked too and gets one line: Pass.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.widgets import OptionList

from castletui.screens.game import Choice, GameScreen
from castletui.widgets.castlecards_board import ARROW, BoardMarks, CastlecardsBoard, card_name
from rules import castlecards as game
from rules.castlecards import (
    CARDS,
    STRENGTH,
    TORCHES,
    Attack,
    Confirm,
    Decline,
    Discard,
    EndTurn,
    Give,
    NightAttack,
    Pick,
    PlayThief,
    Recall,
    Station,
    attack_outlook,
    explore_torches,
    pick_outlook,
)


def plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def versus(outlook) -> str:
    if outlook is None:
        return ""
    if outlook.hidden:
        # A Night attack: the face-down cards' swords are unknown to this seat.
        swords, shields = (
            plural(outlook.swords, "sword", "swords"),
            plural(outlook.shields, "shield", "shields"),
        )
        return f"{swords} + {outlook.hidden} face down vs {shields}"
    verdict = "wins" if outlook.succeeds else "fails"
    swords, shields = plural(outlook.swords, "sword", "swords"), plural(outlook.shields, "shield", "shields")
    return f"{swords} vs {shields}: {verdict}"


class CastlecardsScreen(GameScreen):
    HELP = (
        "Each turn: a Village card is drawn for you, then take one action. Attack a rival Wall (or the "
        "Castle once no Wall stands, or with a Siege Tower / Battering Ram), then pick attack cards: each "
        "line shows swords against shields if you add that card; more swords than shields wins (a tie "
        "fails). Defend stations your colour's Soldiers (Castle) or Bowmen (Walls). When attacked you may "
        "react with Academy cards. Escape goes back a step. The last castle standing wins."
    )

    def __init__(self, session) -> None:
        super().__init__(session)
        self.step = ""  # "" the kinds of action, else a key of STEPS
        self.highlighted_spot: Any = None

    def compose_board(self) -> ComposeResult:
        yield CastlecardsBoard(id="cards-board")

    # --- the table -----------------------------------------------------------

    def update_board(self, view: Any) -> None:
        lit = frozenset(choice.where for choice in self.choice_list if choice.where is not None)
        marks = BoardMarks(lit=lit, selected=self.highlighted_spot, names=self.session.names)
        self.query_one(CastlecardsBoard).show(view, self.viewer, marks)

    def refresh_table(self) -> None:
        super().refresh_table()
        # The board lights what the action bar offers, so draw it after the choices.
        self._sync_highlight()
        self.update_board(self.session.view(self.viewer))

    def _sync_highlight(self) -> None:
        index = self.query_one("#actions", OptionList).highlighted
        if index is not None and index < len(self.choice_list):
            self.highlighted_spot = self.choice_list[index].where
        else:
            self.highlighted_spot = None

    def side_lines(self) -> list[str]:
        state = self.session.state
        lines = [" (scores: shields standing)"]
        if state.actions_left > 1 and not state.ended_by:
            lines.append(f" King: {state.actions_left} actions left")
        return lines

    def turn_prompt(self, name: str) -> str:
        state = self.session.state
        top = state.pending[-1] if state.pending else None
        if top is None:
            return f"{name}, choose:"
        names = self.session.names
        kind, purpose = top.kind, top.purpose
        if kind == "action":
            if self.step in ("attack", "night"):
                return f"{name}, which card do you {'attack' if self.step == 'attack' else 'storm by night'}?"
            if self.step == "defend":
                return f"{name}, station a defender or take one back:"
            if self.step == "discard":
                return f"{name}, which card do you throw away (it does nothing)?"
            more = f" ({state.actions_left} actions left)" if state.actions_left > 1 else ""
            return f"{name}, your action{more}:"
        if kind == "select":
            attacker = names[state.assault.attacker] if state.assault.attacker >= 0 else ""
            return {
                "attack": f"{name}, pick your attack cards, then confirm:",
                "support": f"{name}, add cards to {attacker}'s attack?",
                "react": f"{name}, you are attacked! React with Academy cards?",
                "explore": f"{name}, pick Explorers, then confirm:",
                "build": f"{name}, pay 4 Builders/Gold (at least 1 Builder):",
            }.get(purpose, f"{name}, choose:")
        if kind == "thief":
            spender = names[top.target] if 0 <= top.target < len(names) else "Someone"
            return f"{name}, {spender} spent {top.count} Gold: play your Thief?"
        if kind == "give":
            return f"{name}, your Castle fell: give cards away, or end your turn."
        return f"{name}, choose:"

    # --- the action bar ----------------------------------------------------------

    def choices(self) -> list[Choice]:
        session = self.session
        state = session.state
        actions = session.legal_actions()
        top = state.pending[-1] if state.pending else None
        if top is None:
            return []
        if top.kind == "action":
            return self._action_choices(actions)
        if top.kind == "select":
            return self._select_choices(top, actions)
        if top.kind == "thief":
            return [
                Choice(
                    f"Play the Thief: take {top.count} Gold"
                    if isinstance(a, PlayThief)
                    else session.label(a),
                    a,
                )
                for a in actions
            ]
        if top.kind == "give":
            return self._give_choices(actions)
        return [Choice(session.label(a), a) for a in actions]

    def _action_choices(self, actions: list) -> list[Choice]:
        session = self.session
        view = session.view(self.viewer)
        groups: dict[str, list] = {"attack": [], "night": [], "defend": [], "discard": []}
        others = []
        for action in actions:
            if isinstance(action, Attack):
                groups["attack"].append(action)
            elif isinstance(action, NightAttack):
                groups["night"].append(action)
            elif isinstance(action, Station | Recall):
                groups["defend"].append(action)
            elif isinstance(action, Discard):
                # Always allowed, one per card in hand: a step of its own keeps the first menu short.
                groups["discard"].append(action)
            else:
                others.append(action)
        if self.step and groups.get(self.step):
            chosen = groups[self.step]
            lines = []
            for action in chosen:
                if isinstance(action, Discard):
                    lines.append(Choice(session.label(action), action, where=self._hand_spot(action)))
                    continue
                where = (
                    "fort",
                    action.target if not isinstance(action, Station | Recall) else self.viewer,
                    action.slot,
                )
                text = session.label(action)
                if isinstance(action, Attack | NightAttack):
                    card = view.players[action.target].fortress[action.slot]
                    text += f" ({plural(game.card_shields(card, action.garrison), 'shield', 'shields')})"
                lines.append(Choice(text, action, where=where))
            lines.append(Choice("Back", run=lambda: self._set_step("")))
            return lines
        self.step = ""
        lines = []
        counts = {
            "attack": "Attack... ({n} target{s})",
            "night": "Night attack... ({n} target{s}; cards face down)",
            "defend": "Defend... (station or take back, {n} way{s})",
            "discard": "Throw a card away... (no effect)",
        }
        for key in ("attack", "night", "defend"):
            chosen = groups[key]
            if chosen:
                text = counts[key].format(n=len(chosen), s="s" if len(chosen) != 1 else "")
                lines.append(Choice(text, run=lambda key=key: self._set_step(key)))
        lines += [Choice(session.label(a), a, where=self._hand_spot(a)) for a in others]
        if groups["discard"]:
            # Last: the action that does nothing, for when nothing else suits.
            lines.append(Choice(counts["discard"], run=lambda: self._set_step("discard")))
        return lines

    def _hand_spot(self, action: Any) -> Any:
        card = getattr(action, "card", None)
        return ("hand", card) if isinstance(card, str) else None

    def _select_choices(self, top, actions: list) -> list[Choice]:
        session = self.session
        view = session.view(self.viewer)
        purpose = top.purpose
        lines = []
        for action in actions:
            if not isinstance(action, Pick):
                continue
            card = action.card
            name = card_name(card)
            if purpose in ("attack", "support", "react"):
                effect = self._pick_effect(card)
                outlook = pick_outlook(view, card)
                text = f"+ {name}{effect}  {ARROW} {versus(outlook)}"
            elif purpose == "explore":
                torches = explore_torches(view) + TORCHES.get(card, 0)
                text = f"+ {name}  {torches} torch{'es' if torches != 1 else ''} in all"
            else:  # build
                text = f"+ {name}  {len(top.selected) + 1} of 4 paid"
            lines.append(Choice(text, action, where=("hand", card)))
        confirm = Confirm()
        reason = game.refusal(session.state, confirm)
        if not reason:
            lines.append(Choice(self._confirm_text(top, view), confirm))
        elif purpose != "build":
            # Why Confirm is not possible yet, in the rules' words (e.g. a Castle out of reach).
            text = "Confirm: pick a card first" if not top.selected else f"Confirm: {reason}"
            lines.append(Choice(text, disabled=True))
        return lines

    def _pick_effect(self, card: str) -> str:
        data = CARDS.get(card)
        if data is None:
            return ""
        if data.deck == "academy":
            return {
                "trap": " (-2 swords)",
                "shield-wall": " (+2 shields)",
                "sabotage": " (drops a weapon)",
                "boiling-oil": " (drops a unit)",
            }.get(card, "")
        swords = STRENGTH.get(card, 0)
        return f" ({swords} sword{'s' if swords != 1 else ''})"

    def _confirm_text(self, top, view) -> str:
        purpose = top.purpose
        chosen = len(top.selected)
        outlook = attack_outlook(view)
        if purpose == "attack":
            if view.assault.night:
                what = (
                    f"{chosen} card{'s' if chosen != 1 else ''} face down" if chosen else "nothing (a bluff)"
                )
                return f"Confirm: attack by night with {what}"
            return f"Confirm: attack, {versus(outlook)}"
        if purpose in ("support", "react") and not chosen:
            # The rules' words: "No reaction", or a plain pass for a seat asked with nothing to play.
            return self.session.label(Confirm())
        if purpose == "support":
            return f"Confirm: support, {versus(outlook)}"
        if purpose == "react":
            return f"Confirm: react, {versus(outlook)}"
        if purpose == "explore":
            torches = explore_torches(view)
            return f"Confirm: explore with {torches} torch{'es' if torches != 1 else ''}"
        return "Confirm"

    def _give_choices(self, actions: list) -> list[Choice]:
        session = self.session
        gifts = [a for a in actions if isinstance(a, Give)]
        lines = [Choice(session.label(a), a, where=("hand", a.card)) for a in gifts]
        lines += [Choice(session.label(a), a) for a in actions if isinstance(a, EndTurn | Decline)]
        return lines

    def _set_step(self, step: str) -> None:
        self.step = step
        self.refresh_table()
        self.query_one("#actions", OptionList).focus()

    def back_out(self) -> bool:
        """Escape leaves the step (Attack..., Defend...) for the first menu."""
        if self.step:
            self.step = ""
            return True
        return super().back_out()

    def can_back_out(self) -> bool:
        return bool(self.step) or super().can_back_out()

    def after_action(self, action: Any) -> None:
        self.step = ""

    @on(OptionList.OptionHighlighted, "#actions")
    def highlight_spot(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or 0)
        where = self.choice_list[index].where if index < len(self.choice_list) else None
        if where != self.highlighted_spot:
            self.highlighted_spot = where
            self.update_board(self.session.view(self.viewer))


SCREEN = CastlecardsScreen
