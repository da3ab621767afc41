"""What the game screen tells of the game, a collaborator it owns
(castletui/screens/game.py): what came of each move, a bot's as a
person's (its log lines, the driver's notices as toasts), the whole log
again when the person at the keyboard changes (hot-seat) or moves were
taken back, other terminals' moves taken in, the score sheet once the game
is over, and the hot-seat curtain lowered until the next person says they
are at the keyboard.

It keeps the one fact only it changes: whether the score sheet was shown
(an undo past the end shows it again at the next end). It decides nothing
about the game: the loop (game_loop.py) asks the driver and hands it what
came of it. Of the screen it asks only ``session``, ``driver``,
``viewer``, ``notify``, ``after_action``, ``call_later``,
``table_changed``, ``refresh_table``, ``action_score``, its board area and
its ``app`` (to push the curtain): tests/app/test_game_news.py drives it
headless with a stand-in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from castletui.driver import Curtain, Notice, Played, TableNews
from castletui.screens.dialogs import CurtainScreen
from castletui.widgets.panels import GameLog


class GameNews:
    """Tells the person at the keyboard what happened, in the ``log`` and in toasts."""

    def __init__(self, screen: Any, log: GameLog) -> None:
        self.screen, self.log = screen, log
        self.result_shown = False

    # --- the log --------------------------------------------------------------------

    def whole_log(self) -> None:
        """The game's log again, as the person here reads it (Session.read_log_as)."""
        self.log.show_all([line.text for line in self.screen.session.log])

    def seated(self, first: bool = False) -> None:
        """Whoever sits at the keyboard now reads their own log (hot-seat:
        the lines since their last turn marked); ``first``: the screen's first."""
        if self.screen.session.read_log_as(self.screen.viewer) or first:
            self.whole_log()

    def logged(self, action: Any, lines: Any) -> None:
        """What was played, in the log; then the game screen's ``after_action``
        (None: what the game drew by itself)."""
        for line in lines:
            self.log.add(line.text)
        self.screen.after_action(action)

    # --- what came of a move --------------------------------------------------------

    def tell(self, notice: Notice | None) -> None:
        if notice is not None:
            self.screen.notify(
                notice.text, title=notice.title, severity=notice.severity, timeout=notice.timeout
            )

    def shown(self, played: Played, action: Any = None) -> bool:
        """Show what came of a move or an undo (the driver's :class:`Played`):
        its notice, the table read again when another terminal moved first,
        a move's log lines. Whether it was done."""
        self.tell(played.notice)
        if played.reread:
            self.screen.call_later(self.screen.table_changed)
        if played.done:
            self.logged(action, played.lines)
        return played.done

    def taken_back(self, played: Played) -> None:
        """The person here took moves back: the log without them, and what was taken."""
        self.result_shown = False
        self.whole_log()
        self.tell(played.notice)

    def taken_in(self, news: TableNews | None) -> bool:
        """Other terminals' moves on a shared table (``Driver.take_in_table``):
        logged here, or the whole log again after an undo or a player who sat
        down (every line names them). Whether the game goes on from them
        (False: nothing shown changed, or the table could not be read)."""
        if news is None or news.unread is not None:
            self.tell(news and news.notice)
            return False
        if news.rewound or news.renamed:
            self.whole_log()
        else:
            for line in news.lines:
                self.log.add(line.text)
        self.tell(news.notice)
        if news.rewound:
            self.result_shown = False
        return True

    def over(self) -> None:
        """The game is over: the score sheet, once (until an undo)."""
        if not self.result_shown:
            self.result_shown = True
            self.screen.action_score()

    # --- the hot-seat curtain -------------------------------------------------------

    def lower_curtain(self, curtain: Curtain, then: Callable[[], Any]) -> None:
        """Hide the table until the ``curtain``'s person says they are at the
        keyboard (the driver keeps who it is); ``then`` the game goes on."""
        screen, seat = self.screen, curtain.seat
        screen.driver.curtain_falls()
        screen.refresh_table()

        def raised(_: Any) -> None:
            screen.driver.curtain_rose(seat, curtain.to_look)
            screen.board_area.to_bar()  # another person: they start from the action bar
            then()

        screen.app.push_screen(CurtainScreen(screen.session.names[seat], curtain.note), raised)
