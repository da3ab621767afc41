"""A Game of Thrones Catan's game screen: the Gift as one map (every
corner, path and hex a spot of the board cursor), a side panel with each
player's public points, cards in hand and development cards, Longest Road
and Largest Patrol, the viewer's own hand and what they can build; the
action bar from the rules' groups with a build menu that shows every cost
and why what cannot be built cannot; and the trade dialog.

The board cursor reaches every place an action is about, also those in a
group not opened yet: moving it there opens that group in the action bar
(Build > Road...), and Enter or a click builds there. A 7 is an action-bar
flow: each player over the limit returns cards one at a time (the count of
each in hand is on its line), then Tormund moves on the map. Trade offers
are answered by each asked player in turn, the curtain falling between
people, then the offerer picks whom to trade with.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from castletui.driver import Frame, SeatView
from castletui.rules import got_catan as game
from castletui.rules.got_catan import HIDDEN, RESOURCES, BuyDevelopment, Discard, EndTurn, OfferTrade
from castletui.screens.game import Choice, GameScreen
from castletui.widgets.got_catan_map import PLAYER_INK, SHORT_RESOURCE, GotCatanMap, MapMarks, seat_letters
from castletui.widgets.got_catan_trade import TradeDialog
from castletui.widgets.got_catan_wall import GotCatanWall
from castletui.widgets.panels import PlayersPanel

SHORT_CARD = {
    "ranger-patrol": "Patrol",
    "road-building": "Roads",
    "winter-is-coming": "Winter",
    "victory-point": "VP",
    "new-recruits": "Recruits",
}
BUILD = "Build"
OFFER_GROUP = "Offer to players"


class GotCatanScreen(GameScreen):
    HELP = (
        "Roll, then trade, build and buy; the first to 10 victory points on their own turn wins. "
        "The action bar lists what you may do (Build... shows every cost); m puts the cursor on the map: "
        "arrows or hjkl move between the places you may build on, Enter builds, Escape goes back. "
        "t opens the trade dialog. On a 7, whoever holds more than 7 cards returns half, then Tormund moves."
    )
    HELP_WATCH = (
        " Brotherhood of the Watch: the Wall board (w switches between it and the Gift when both do not fit) "
        "shows the clans' camps, the trails with the wildling die's numbers, the clearings, each wall "
        "section's guards (space 1 first), the breaches and what the wildling die can do next. "
        "Build guards from the Build menu or on the Wall; your hero acts from the Hero menu."
    )
    BINDINGS = [
        Binding("m", "focus_map", "Map"),
        Binding("t", "trade", "Trade"),
        Binding("w", "switch_board", "Wall/Gift"),
        # (mapfix) The frame keeps `r` out of its Footer; this game shows it. At
        # 80 columns Textual's Footer cuts off what does not fit from the right
        # (F1 Help last), so the keys that come and go with the step keep the
        # longest row within 80: Back (a menu open), c (table mode, chance to
        # enter), t (a trade can be offered: never with c) and w (Brotherhood,
        # one board at a time) -- at most 74 columns (tests/app/got_catan/test_footer.py).
        Binding("r", "rules", "Rules"),
    ]
    BOTH_FROM = 36
    """From this many rows, the Wall board sits under the Gift; below, one at a time."""
    AUTO_FOCUS = "#actions"

    def __init__(self, session) -> None:
        super().__init__(session)
        self.wall_shown = False  # on a small terminal: the Wall board instead of the Gift
        self.switched_at = -1  # the ply the boards were last switched for a decision

    # --- the board ---------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield GotCatanMap(id="gift")
        yield GotCatanWall(id="wall")

    def watch_game(self) -> bool:
        return self.session.variant == "brotherhood"

    def update_board(self, view: Any) -> None:
        self.query_one(GotCatanMap).show(view, MapMarks(names=self.session.names))
        if self.watch_game():
            self.query_one(GotCatanWall).show(view, self.session.names)

    def fit_boards(self) -> None:
        """Brotherhood: the Wall under the Gift when there is room, else
        one of them (w switches; a guard to place brings the Wall up)."""
        wall = self.query_one(GotCatanWall)
        gift = self.query_one(GotCatanMap)
        if not self.watch_game():
            wall.display = False
            return
        both = self.app.size.height >= self.BOTH_FROM
        wall.display = both or self.wall_shown
        gift.display = both or not self.wall_shown

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "switch_board":
            # Only Brotherhood has a Wall, and only a small terminal switches.
            return self.watch_game() and self.app.size.height < self.BOTH_FROM
        if action == "trade":
            return self.may_offer()  # (mapfix) in the Footer only while an offer can be made
        return super().check_action(action, parameters)

    def action_switch_board(self) -> None:
        if not self.watch_game():
            return
        self.wall_shown = not self.wall_shown
        self.fit_boards()
        board = self.query_one(GotCatanWall) if self.wall_shown else self.query_one(GotCatanMap)
        if board.display and board.selectable:
            board.focus()
        else:
            self.keyboard_home()  # the board that had the keyboard may be hidden now

    def refresh_table(self) -> None:
        super().refresh_table()
        gift = self.query_one(GotCatanMap)
        wall = self.query_one(GotCatanWall)
        if self.choice_list and self.handing_over is None and not self.waiting_on_curtain:
            if self.watch_game() and self.session.ply != self.switched_at:
                # A new decision: a guard to place brings the Wall up on a small
                # terminal, a place on the Gift the Gift (w switches back and forth).
                self.switched_at = self.session.ply
                if wall.selectable and not gift.selectable:
                    self.wall_shown = True
                elif gift.selectable and not wall.selectable:
                    self.wall_shown = False
            self.fit_boards()

    # --- the side panel ------------------------------------------------------------

    WIDE = 110

    def wide(self) -> bool:
        return self.app.size.width >= self.WIDE

    def on_mount(self) -> None:
        # GameScreen.on_mount runs too (Textual calls each class's handler).
        self.fit_side()
        self.fit_boards()
        if self.watch_game():
            self.HELP = GotCatanScreen.HELP + self.HELP_WATCH

    def on_resize(self) -> None:
        self.fit_side()
        self.fit_boards()
        if self.frame is not None:
            self.query_one(PlayersPanel).update(self.side_text(self.frame))

    def fit_side(self) -> None:
        """A narrow side panel at 80 columns (the map needs 49 beside it), a
        roomy one from 110. Set from the terminal's width at once: a
        breakpoint's class may come a frame late (after a modal, say)."""
        wide = self.wide()
        self.query_one("#side").styles.width = 40 if wide else 29
        self.query_one("#players").styles.max_height = 18 if wide else (10 if self.watch_game() else 9)

    def side_text(self, frame: Frame) -> Text:
        session = self.session
        view = frame.view
        names = session.names
        letters = seat_letters(names)
        to_move = frame.seat
        over = to_move is None
        wide = self.wide()
        text = Text(no_wrap=True, overflow="ellipsis")
        watch = game.is_watch(view)
        name_width = 15 if wide else (8 if watch else 9)
        text.append(
            f"  {'player':<{name_width}} VP hand dev" + (" gd" if watch else "") + "\n", Style(dim=True)
        )
        for seat, player in enumerate(view.players):
            marker = ">" if seat == to_move else " "
            words = session.bot_words(seat)
            who = names[seat] + ((f" ({words})" if wide else f" {words}") if words else "")
            # The finished game counts every card; until then only what the table sees.
            points = int(frame.standing.scores[seat]) if over else game.public_points(view, seat)
            if seat == frame.viewer and not over:
                points = game.points(view, seat)
            style = Style(bold=True, reverse=True) if seat == to_move else None
            text.append(marker, style)
            text.append(letters[seat], Style(color=PLAYER_INK[seat], bold=True))
            row = f" {who:<{name_width}.{name_width}}{points:>3}{len(player.hand):>5}{len(player.development):>4}"
            if watch:
                row += f"{game.guards_of(view, seat)[0]:>3}"
            text.append(row, style)
            text.append("\n")
        if frame.waiting:
            text.append(frame.waiting + "\n", style="bold" if over else "italic")
        road = (
            f"{names[view.longest_road]} {view.players[view.longest_road].road_length}"
            if view.longest_road >= 0
            else "-"
        )
        patrol = (
            f"{names[view.largest_patrol]} {view.players[view.largest_patrol].patrols}"
            if view.largest_patrol >= 0
            else "-"
        )
        if wide:
            text.append(f"Longest Road: {road}\nLargest Patrol: {patrol}\n")
        else:
            text.append(f"Road: {road}  Patrol: {patrol}\n")
        text.append_text(self.own_text(view, wide))
        text.rstrip()
        return text

    def own_text(self, view: SeatView, wide: bool) -> Text:
        """The viewer's hand by resource, development cards by name, and
        (wide) the build cost card with what they can afford."""
        seat = self.viewer
        player = view.players[seat]
        text = Text()
        you = self.session.names[seat]
        if wide:
            held = [f"{player.hand.count(r)} {r}" for r in RESOURCES if r in player.hand]
            hand = ", ".join(held) if held else "no cards"
            text.append(f"{you}'s hand:\n", Style(bold=True))
            text.append(f" {hand}\n")
        else:
            held = [f"{player.hand.count(r)}{SHORT_RESOURCE[r]}" for r in RESOURCES if r in player.hand]
            text.append(seat_letters(self.session.names)[seat], Style(color=PLAYER_INK[seat], bold=True))
            text.append(f" {' '.join(held) if held else 'no cards'}\n")
        cards = [card for card in player.development if card != HIDDEN]
        if cards:
            bought = list(player.bought)
            words = []
            for card in cards:
                new = card in bought
                if new:
                    bought.remove(card)
                if card == game.UNSEEN:
                    # Table mode: the card is in the player's hand; the app knows it once played.
                    name = "Unseen"
                else:
                    name = game.development_title(card) if wide else SHORT_CARD.get(card, card)
                words.append(name + ("*" if new else ""))
            text.append(("Cards: " if wide else "") + ", ".join(words) + "\n")
        if game.is_watch(view):
            text.append_text(self.hero_text(view, wide))
        menu = game.build_menu(view, seat)
        if wide:
            text.append("Build (cost)\n", Style(bold=True))
            for title, cost, reason in menu:
                mark = "ok" if not reason else "--"
                cost_text = " ".join(f"{cost.count(r)}{SHORT_RESOURCE[r]}" for r in dict.fromkeys(cost))
                title = "Dev card" if title.startswith("Development") else title
                text.append(f" {mark} {title:<11}{cost_text}\n", None if not reason else Style(dim=True))
        else:
            can = [title.split()[0].lower() for title, _, reason in menu if not reason]
            text.append("Can buy: " + (", ".join(can) if can else "nothing") + "\n")
        return text

    def hero_text(self, view: SeatView, wide: bool) -> Text:
        """The viewer's hero: its name, side, whether it may act now, and
        (wide) what it does."""
        name, side, ready = game.hero_state(view, self.viewer)
        info = game.hero_info(name)
        text = Text()
        if info is None:
            return text
        state_word = "ready" if ready else "next turn"
        if wide:
            text.append("Hero: ", Style(bold=True))
            text.append(f"{info.title} ({side}, {state_word})\n")
            text.append(f" {info.ability}: {info.text}\n", Style(italic=True))
        else:
            later = "" if ready else " (next turn)"
            text.append(f"Hero {info.title.split()[-1]} {side}{later}: {info.ability}\n")
        return text

    # --- the action bar --------------------------------------------------------------

    def menu(self, frame: Frame) -> list[Choice]:
        """The frame's menu, with the build menu always there on a turn (it
        shows every cost), the trade dialog for offers, and how many of each
        card the player holds beside each card to return."""
        turn = any(isinstance(action, EndTurn) for action, _, _ in frame.menu)
        if turn and frame.path == (BUILD,):
            return self.build_choices(frame)
        choices = super().menu(frame)
        if turn and not frame.path:
            # First when something can be built: Enter on the first line makes progress.
            choices = [c for c in choices if c.text != f"{BUILD}..."]
            can_build = any(not line.disabled for line in self.build_choices(frame))
            choices.insert(0 if can_build else 1, Choice(f"{BUILD}...", run=lambda: self.open_group(BUILD)))
        hand = frame.view.players[frame.viewer].hand
        for choice in choices:
            if choice.text == f"{OFFER_GROUP}...":
                choice.text = "Offer to players (trade dialog)..."
                choice.run = self.action_trade
            elif isinstance(choice.action, Discard):
                choice.text = f"{choice.text} (you hold {hand.count(choice.action.resource)})"
        return choices

    def build_choices(self, frame: Frame) -> list[Choice]:
        """Road, Settlement, Keep and Development card with their costs: a
        group to open where something can be built, else the rules' reason."""
        open_groups = {where[1:2] for _, where, _ in frame.menu if where[:1] == (BUILD,)}
        legal = {action for action, _, _ in frame.menu}
        lines = []
        for title, cost, reason in game.build_menu(frame.view, frame.viewer):
            cost_text = ", ".join(f"{cost.count(r)} {r}" for r in dict.fromkeys(cost))
            if title.startswith("Development"):
                buy = BuyDevelopment()
                if not reason and buy in legal:
                    lines.append(Choice(f"Buy a development card ({cost_text})", buy))
                else:
                    lines.append(Choice(f"Development card: {reason}", disabled=True))
                continue
            if (title,) in open_groups:
                lines.append(Choice(f"{title}... ({cost_text})", run=lambda t=title: self.open_group(t)))
            else:
                why = reason or f"({cost_text}) nowhere to build one now."
                lines.append(Choice(f"{title}: {why}", disabled=True))
        return lines

    def prompt_text(self) -> str:
        frame = self.frame
        turn = frame is not None and any(isinstance(action, EndTurn) for action, _, _ in frame.menu)
        if turn and not frame.path and self.handing_over is None:
            name = self.session.names[frame.viewer]
            return f"{name}, rolled {frame.view.dice}: trade, build, buy or end your turn:"
        return super().prompt_text()

    def action_focus_map(self) -> None:
        wall = self.query_one(GotCatanWall)
        if wall.display and wall.selectable and not self.query_one(GotCatanMap).selectable:
            self.use_board(wall)
            return
        self.use_board(self.query_one(GotCatanMap))

    # --- trading -------------------------------------------------------------------------

    def may_offer(self) -> bool:
        frame = self.frame
        return (
            frame is not None
            and frame.deciding
            and not self.waiting_on_curtain
            and self.handing_over is None
            and any(isinstance(action, OfferTrade) for action, _, _ in frame.menu)
        )

    def action_trade(self) -> None:
        if not self.may_offer():
            self.notify("You can offer a trade during your turn, after the roll.", timeout=4)
            return

        def offered(offer: OfferTrade | None) -> None:
            if offer is not None:
                self.play(offer)

        self.app.push_screen(TradeDialog(self.frame.view, self.viewer, self.session.names), offered)


SCREEN = GotCatanScreen
