"""A Game of Thrones Catan's replay boards: the Gift, and the Wall in Brotherhood."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen

from castletui.games.got_catan.map import GotCatanMap, MapMarks
from castletui.games.got_catan.wall import GotCatanWall
from castletui.screens.replay_boards import ReplayBoards, Shown, counted, hand_lines, light


class GotCatanBoards(ReplayBoards):
    """The Gift, and in Brotherhood the Wall under it when there is room
    (else the Wall only when the step was on it)."""

    BOTH_FROM = 40

    def compose(self) -> ComposeResult:
        yield GotCatanMap(id="gift")
        yield GotCatanWall(id="wall")

    def show(self, screen: Screen, shown: Shown) -> None:
        scene = shown.scene
        gift, wall = screen.query_one(GotCatanMap), screen.query_one(GotCatanWall)
        gift.show(scene.gift, MapMarks(names=shown.names))
        watch = scene.watch is not None
        if watch:
            wall.show(scene.watch.wall, shown.names)
        light(screen, shown.spot)
        on_wall = False
        if watch and shown.spot is not None:
            wall.render()
            on_wall = shown.spot in wall.spot_cells
        both = screen.app.size.height >= self.BOTH_FROM
        wall.display = watch and (both or on_wall)
        gift.display = not watch or both or not on_wall

    def hands(self, shown: Shown) -> Text | None:
        hands = []
        for player in shown.scene.players:
            held = [f"{count} {resource}" for resource, count in player.held]
            cards = counted(card.title for card in player.development)
            words = (", ".join(held) or "no resources") + ("; " + cards if cards else "")
            hands.append((player.cards + len(player.development), words))
        return hand_lines(shown, hands)


BOARDS = GotCatanBoards
