"""Catapult Castle's game screen: the table, the hand and supplies, and the
aiming mini-game in place of the toy catapult.

Choices stay those the rules list; the screen only groups them so a turn
reads well: one line per target (the accuracy comes from the mini-game, not
from a list), solo corners before targets, and a rearrangement move as
"from" then "to".
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.widgets import OptionList

from castletui.screens.game import Choice, GameScreen
from castletui.widgets.catapult_castle_board import AimBar, TableBoard, TableMarks
from rules.catapult_castle import (
    DECK_NAMES,
    SQUARE_NAMES,
    Aim,
    Land,
    MoveTower,
    Place,
    PlayCard,
    Shoot,
    SkipExtraShot,
    in_card_order,
    shooter_mat,
    shot_difficulty,
    shot_odds,
    square_index,
    tower_name,
)
from rules.core import name_seats


def square_of(state: Any, action: Any) -> int:
    """The square an action is about, for lighting the board (-1: none)."""
    if isinstance(action, Aim | Land | PlayCard) and action.mat >= 0:
        return square_index(action.mat, action.square)
    if isinstance(action, Place) and state.pending:
        return square_index(state.seat_mats[state.pending[-1].seat], action.square)
    return -1


class CatapultCastleScreen(GameScreen):
    HELP = (
        "Play cards from your hand, then shoot. Choose a target tower (the list, or click it on the "
        "table), then stop the sweeping marker with Space: the nearer the green sweet spot's middle, "
        "the better the shot. Far and tall targets have a narrow spot; Magic Toss widens it. "
        "Towers you capture go on your mat; most towers at the end wins."
    )

    def __init__(self, session) -> None:
        super().__init__(session)
        self.corner = -1  # solo: the corner chosen to fire from
        self.move_from = -1  # solo rearrangement: the square a tower leaves
        self.highlighted_square = -1

    def compose_board(self) -> ComposeResult:
        yield TableBoard(id="table")

    def compose_action_extras(self) -> ComposeResult:
        yield AimBar(id="aim")

    # --- what the table shows ---------------------------------------------------

    def update_board(self, view: Any) -> None:
        lit = frozenset(
            choice.where for choice in self.choice_list if isinstance(choice.where, int) and choice.where >= 0
        )
        self.query_one(TableBoard).show(
            view,
            self.session.names,
            TableMarks(lit=lit, selected=self.highlighted_square, shooter_mat=self._shooter_mat(view)),
        )

    def refresh_table(self) -> None:
        super().refresh_table()
        # The board lights what the action bar offers, so draw it after the choices.
        self.update_board(self.session.view(self.viewer))

    def _shooter_mat(self, state) -> int:
        for pending in reversed(state.pending):
            if pending.seat >= 0 and pending.kind in ("turn", "land"):
                if pending.kind == "turn" and state.variant == "solo":
                    return self.corner
                return shooter_mat(state, pending)
        return -1

    def side_lines(self) -> list[str]:
        state = self.session.view(self.viewer)
        lines = [f" Ammo in supply: {state.supply}"]
        if state.variant == "solo":
            lines.append(f" Rearrangements left: {state.rearrangements_left}")
        seat = self.viewer
        if seat < len(state.hands):
            hand = in_card_order(state.hands[seat])
            name = self.session.names[seat]
            lines.append(f" {name}'s hand: {', '.join(hand) if hand else 'empty'}")
            mat = state.seat_mats[seat]
            lines.append(f" Deck {state.decks[mat].size}, discard {state.discards[mat].size}")
        active = [
            name for name, on in (("Magic Toss", state.magic_toss), ("Strong Ammo", state.strong_ammo)) if on
        ]
        if active:
            lines.append(f" In play: {', '.join(active)}")
        if state.shots_left > 1:
            lines.append(f" Shots left this turn: {state.shots_left}")
        return lines

    def turn_prompt(self, name: str) -> str:
        state = self.session.state
        kind = state.pending[-1].kind if state.pending else ""
        if kind == "place":
            return f"{name}, where does the captured tower go?"
        if kind == "stack_card":
            return f"{name}, your deck is empty: which card goes under the new tower?"
        if kind == "rearrange":
            return f"{name}, rearrange the towers (stacks up to 3), then finish:"
        if state.shot_taken:
            return f"{name}, take your extra shot or end the turn:"
        if state.variant == "solo" and self.corner < 0:
            return f"{name}, play cards or choose the corner to fire from:"
        return f"{name}, play cards, then choose a target:"

    # --- the action bar ------------------------------------------------------

    def choices(self) -> list[Choice]:
        session = self.session
        actions = session.legal_actions()
        aims = [a for a in actions if isinstance(a, Aim)]
        moves = [a for a in actions if isinstance(a, MoveTower)]
        skips = [a for a in actions if isinstance(a, SkipExtraShot)]
        others = [a for a in actions if not isinstance(a, Aim | MoveTower | SkipExtraShot)]
        choices = [Choice(session.label(a), a, where=square_of(session.state, a)) for a in others]
        if aims:
            choices += self._aim_choices(aims)
        if moves:
            choices += self._move_choices(moves)
        # Letting an extra shot go comes last: Enter on the first line never throws it away.
        choices += [Choice(session.label(a), a) for a in skips]
        return choices

    def _aim_choices(self, aims: list[Aim]) -> list[Choice]:
        corners = sorted({a.from_mat for a in aims})
        if corners != [-1] and self.corner not in corners:
            return [
                Choice(
                    f"Fire from the {DECK_NAMES[mat]} corner", run=lambda mat=mat: self._choose_corner(mat)
                )
                for mat in corners
            ]
        choices = []
        seen = set()
        for aim in aims:
            key = (aim.mat, aim.square, aim.from_mat)
            if key in seen or aim.from_mat != (self.corner if corners != [-1] else -1):
                continue
            seen.add(key)
            text = name_seats(tower_name(self.session.state, aim.mat, aim.square), self.session.names)
            choices.append(
                Choice(
                    f"Aim at {text}",
                    run=lambda aim=aim: self.start_aim(aim),
                    where=square_of(self.session.state, aim),
                )
            )
        if corners != [-1]:
            choices.append(Choice("Fire from another corner", run=lambda: self._choose_corner(-1)))
        return choices

    def _move_choices(self, moves: list[MoveTower]) -> list[Choice]:
        if self.move_from < 0:
            sources = sorted({square_index(m.from_mat, m.from_square) for m in moves})
            return [
                Choice(
                    f"Move the top tower of {self._square_text(q)}...",
                    run=lambda q=q: self._choose_source(q),
                    where=q,
                )
                for q in sources
            ]
        choices = [
            Choice(
                f"...onto {self._square_text(square_index(m.to_mat, m.to_square))}",
                m,
                where=square_index(m.to_mat, m.to_square),
            )
            for m in moves
            if square_index(m.from_mat, m.from_square) == self.move_from
        ]
        choices.append(Choice("Move a different tower", run=lambda: self._choose_source(-1)))
        return choices

    def _square_text(self, square: int) -> str:
        return f"{DECK_NAMES[square // 4]} {SQUARE_NAMES[square % 4]}"

    def _choose_corner(self, mat: int) -> None:
        self.corner = mat
        self.refresh_table()

    def _choose_source(self, square: int) -> None:
        self.move_from = square
        self.refresh_table()

    def back_out(self) -> bool:
        if self.move_from >= 0 or self.corner >= 0:
            self.move_from = self.corner = -1
            return True
        return super().back_out()

    def can_back_out(self) -> bool:
        return self.move_from >= 0 or self.corner >= 0 or super().can_back_out()

    def after_action(self, action: Any) -> None:
        self.move_from = -1
        if isinstance(action, Aim | Shoot):
            self.corner = -1  # each solo shot picks its corner afresh

    @on(OptionList.OptionHighlighted, "#actions")
    def highlight_square(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or 0)
        where = self.choice_list[index].where if index < len(self.choice_list) else -1
        self.highlighted_square = where if isinstance(where, int) else -1
        self.update_board(self.session.view(self.viewer))

    @on(TableBoard.SquareClicked)
    def square_clicked(self, event: TableBoard.SquareClicked) -> None:
        if not self.choose_at(event.square):
            self.notify("Nothing to do with that square right now.", timeout=3)

    # --- the mini-game ---------------------------------------------------------

    def start_aim(self, aim: Aim) -> None:
        state = self.session.state
        square = square_index(aim.mat, aim.square)
        distance, height, spot = shot_difficulty(state, aim)
        # Far targets want more power: the sweet spot sits further along the bar.
        centre = min(85.0, max(20.0, 22.0 + distance * 13.0))
        target = name_seats(tower_name(state, aim.mat, aim.square), self.session.names)
        self.aiming = aim
        self.highlighted_square = square
        self.update_board(self.session.view(self.viewer))

        def odds(accuracy: int) -> str:
            chances = shot_odds(state, aim, accuracy)
            text = (
                f"Stopped now: {chances.target:.0%} in the tower, {chances.near:.0%} next door, "
                f"{chances.nowhere:.0%} nowhere"
            )
            return text + (f", {chances.roof:.0%} off the roof" if chances.roof else "")

        self.query_one("#actions", OptionList).display = False
        height_text = f", {height} high" if height > 1 else ""
        self.query_one(AimBar).begin(
            f"Aiming at {target} ({distance:.1f} squares away{height_text})",
            centre,
            spot,
            odds,
            moving=not getattr(self.app, "still", False),
        )

    @on(AimBar.Stopped)
    def aim_stopped(self, event: AimBar.Stopped) -> None:
        aim = self.aiming
        self.query_one("#actions", OptionList).display = True
        self.play(Aim(aim.mat, aim.square, event.accuracy, aim.from_mat))

    @on(AimBar.Cancelled)
    def aim_cancelled(self) -> None:
        actions = self.query_one("#actions", OptionList)
        actions.display = True
        actions.focus()


SCREEN = CatapultCastleScreen
