"""Helpers for driving the app with Pilot: an app with a fixed save folder,
a still aiming bar and no bot pause, and a loop that plays a game to its end
through the keyboard."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from textual.worker import WorkerCancelled

from castletui.app import CastleApp, Start
from castletui.screens.dialogs import CurtainScreen
from castletui.screens.game import GameScreen
from castletui.session import Session
from tests.hot_seat import played_to_its_last_move_by_a_person
from tests.quiet import key_event


class StillApp(CastleApp):
    """The app as tests see it: no animation, no bot pause, no blinking, and
    bots that think to the end of their work (the same choice on any machine)."""

    def __init__(
        self, start: Start | None = None, save_dir: Path | str = "", session: Session | None = None
    ) -> None:
        super().__init__(start, save_dir=save_dir, bot_delay=0, think_for=None)
        self.still = True
        self.session_to_open = session

    def open_start(self) -> None:
        super().open_start()
        if self.session_to_open is not None:
            self.open_session(self.session_to_open)


def new_game(game_id: str, variant: str, players: list, seed: int, mode: str = "digital") -> Start:
    """Start straight into a new game, as `castletui new ... --players` does."""
    return Start(
        "play",
        new_game={"game_id": game_id, "variant": variant, "players": players, "seed": seed, "mode": mode},
    )


async def settle(pilot) -> None:
    """Let workers (bots) finish and the screen catch up."""
    for _ in range(3):
        # A bot's finished worker may be cancelled by the next bot's (exclusive group).
        with contextlib.suppress(WorkerCancelled):
            await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def type_keys(pilot, *keys: str) -> None:
    """Keys typed in one burst, as a quick typist (or a terminal over SSH)
    sends them: every key is queued at once, then the app catches up.

    ``pilot.press`` waits for the app to go idle after each key (two 20 ms
    sleeps at least, and a redraw): a whole game of arrows costs minutes of
    waiting that way. The keys still go through the driver in order, as a
    terminal's would, so the app sees exactly what a person's keys make.

    Only for a run of arrows, or of letters, then Enter: in a burst Textual
    may run a key's binding (backspace, say) after the letters queued behind
    it, so backspaces then letters come out as no text at all."""
    *burst, last = keys
    for key in burst:
        pilot.app._driver.send_message(key_event(key))
    await pilot.press(last)


async def play_to_the_end(pilot, limit: int = 3000, until=None) -> GameScreen:
    """Play the game on screen with the keyboard only: Enter takes the
    highlighted choice, the aiming bar is stopped in its sweet spot, the
    curtain is raised for whoever it names. ``until(game_screen)``: stop
    there instead (the opening of a whole game; the driver plays the rest,
    tests/hot_seat.py)."""
    app = pilot.app
    for _ in range(limit):
        await settle(pilot)
        screen = app.screen
        games = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        if games and (games[-1].session.over or (until is not None and until(games[-1]))):
            return games[-1]
        if isinstance(screen, CurtainScreen):
            await pilot.press("enter")
            continue
        if not isinstance(screen, GameScreen):
            await pilot.press("escape")  # e.g. the score sheet at the end
            continue
        aim = screen.query("#aim")
        if aim and aim.first().display:
            bar = aim.first()
            bar.position = bar.centre
            await pilot.press("space")
            continue
        await pilot.press("enter")
    raise AssertionError("the game did not end through the keyboard")


async def opening_then_the_driver(start: Start, save_dir: Path, until, size=(80, 24)) -> Session:
    """A whole game's opening through the keyboard (until ``until(game
    screen)``), then its turns through the driver up to the last move a
    person makes: the test opens the returned session in a new app and
    plays that move and the end through the keyboard."""
    app = StillApp(start, save_dir)
    async with app.run_test(size=size) as pilot:
        screen = await play_to_the_end(pilot, until=until)
        assert not screen.session.over, "the opening ended the game"
        path = screen.session.path
    return played_to_its_last_move_by_a_person(Session.open(path))


def screen_text(app) -> str:
    """What the terminal shows now, as plain lines (modal screens over
    whatever they cover)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


async def open_table(pilot) -> None:
    """Settle, then say who sits at the keyboard if the game opened behind
    the hot-seat curtain (every game with hands hidden between people does)."""
    await settle(pilot)
    if isinstance(pilot.app.screen, CurtainScreen):
        await pilot.press("enter")
        await settle(pilot)


def laid_out(app, selector: str) -> bool:
    """Whether ``selector`` is on the screen on top and has its place there."""
    widget = next(iter(app.screen.query(selector)), None)
    return widget is not None and widget.region.area > 0


async def click_when_shown(pilot, selector: str) -> None:
    """Click ``selector`` once the screen on top has laid it out. A dialog
    is the screen on top as soon as it is pushed, before its widgets have a
    place: a click then lands on nothing (Pilot's ``click`` says so only in
    what it returns), which a busy machine makes likely."""
    await wait_until(pilot, lambda: laid_out(pilot.app, selector))
    assert await pilot.click(selector), f"the click did not land on {selector}"


async def wait_until(pilot, condition, seconds: float = 60.0) -> None:
    """Let the app run until ``condition()`` holds: the screen a test expects,
    never a fixed time. ``seconds`` only keeps a broken test from hanging: a
    table's watch is another thread's doing, slow on a busy machine, so it
    is a clock's bound and not a count of pauses (200 pauses were 4 s)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the expected screen never came"
        await pilot.pause()
