"""What a key costs in the app, in CPU time (``time.process_time``: a busy
machine changes wall time far more), next to a bare Textual app in the same
run, headless through Pilot:

    .venv/bin/python benchmarks/keypress.py [--repeats 7]

A Game of Thrones Catan's map: a cursor move (an arrow on the map) and an
Enter that builds a road, against a key in a bare app's list, at 80x24 and
120x40; medians of ``--repeats`` runs, in ms. The counts the figures come
from (calls across a game's face per key) are a test:
tests/app/got_catan/test_counts.py. A game screen's first frame, from
process start as a player waits for it, is ``benchmarks/run.py
--first-frame``'s.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from castletui.rules import got_catan  # noqa: E402
from castletui.rules.core import bots  # noqa: E402
from castletui.rules.got_catan.state import BuildRoad  # noqa: E402
from textual.app import App  # noqa: E402
from textual.widgets import Footer, Header, OptionList  # noqa: E402

from castletui import saves  # noqa: E402
from castletui.app import CastleApp  # noqa: E402
from castletui.games.got_catan.map import GotCatanMap  # noqa: E402
from castletui.screens.dialogs import CurtainScreen  # noqa: E402
from castletui.screens.game import GameScreen  # noqa: E402
from castletui.session import Session  # noqa: E402

SIZES = ((80, 24), (120, 40))


class Bare(App):
    def compose(self):
        yield Header()
        yield OptionList(*[f"line {n}" for n in range(12)])
        yield Footer()


class Still(CastleApp):
    def __init__(self, session: Session) -> None:
        super().__init__(None, save_dir=tempfile.mkdtemp(), bot_delay=0, think_for=None)
        self.still = True
        self.session_to_open = session

    def open_start(self) -> None:
        super().open_start()
        self.open_session(self.session_to_open)


async def settled(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


WAIT_S = 120.0
"""How long a screen or a move may take to come on a loaded machine before the script gives up."""


async def until(pilot, ready, what: str) -> None:
    """Settle until ``ready()``: one settle is not enough on a busy machine,
    where the game screen is still mounting, or its curtain not yet down,
    when the first settle returns. SystemExit naming ``what`` after WAIT_S."""
    deadline = time.monotonic() + WAIT_S
    await settled(pilot)
    while not ready():
        if time.monotonic() > deadline:
            screens = [type(screen).__name__ for screen in pilot.app.screen_stack]
            raise SystemExit(f"keypress.py: {what} did not come in {WAIT_S:g} s (screens: {screens})")
        await pilot.pause(0.01)
        await settled(pilot)


def road_edges(app) -> list:
    """The edges a road may be built on, once the game screen is in front with its map drawn."""
    screen = app.screen
    if not isinstance(screen, GameScreen) or screen.driver.curtain_down:
        return []
    maps = screen.query(GotCatanMap)
    return [spot for spot in sorted(maps.first().selectable) if spot[0] == "edge"] if maps else []


def got_turn() -> Session:
    """A GoT game on a person's turn with two roads to build (seeded)."""
    session = Session.new("got-catan", "base", [saves.Player(n) for n in ("Ann", "Bran", "Cat")], seed=2)
    session.run_automatic()
    rng = random.Random(2)
    for _ in range(3000):
        step = session.state.pending[-1]
        roads = [a for a in session.legal_actions() if isinstance(a, BuildRoad)]
        if step.kind == "turn" and len(roads) >= 2:
            return session
        session.act(bots.choose(got_catan, session.state, "normal", rng))
        session.run_automatic()
    raise SystemExit("no turn with two roads came")


async def bare_key(size) -> float:
    async with Bare().run_test(size=size) as pilot:
        await settled(pilot)
        before = time.process_time()
        await pilot.press("down")
        await settled(pilot)
        return time.process_time() - before


async def got_keys(size) -> tuple[float, float]:
    """CPU time of a cursor move on the map, then of the Enter that builds the road."""
    session = got_turn()
    app = Still(session)
    async with app.run_test(size=size) as pilot:
        # The game opens behind the hot-seat curtain (three people, hidden hands): lifted with Enter.
        await until(pilot, lambda: isinstance(app.screen, CurtainScreen), "the hot-seat curtain")
        await pilot.press("enter")
        await until(pilot, lambda: len(road_edges(app)) >= 2, "the map with roads to build")
        edges = road_edges(app)
        gift = app.screen.query_one(GotCatanMap)
        await pilot.press("m")
        gift.point_at(edges[0])
        gift.post_message(GotCatanMap.CursorMoved(gift, edges[0]))
        await until(pilot, lambda: gift.has_focus and gift.cursor == edges[0], "the cursor on the first road")
        before = time.process_time()
        await pilot.press("right")
        await until(pilot, lambda: gift.cursor != edges[0], "the cursor's move")
        moved = time.process_time() - before
        built = session.ply
        before = time.process_time()
        await pilot.press("enter")
        await until(pilot, lambda: session.ply > built, "the road built")
        return moved, time.process_time() - before


def median_ms(runs: list[float]) -> float:
    return statistics.median(runs) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    repeats = 1 if args.quick else args.repeats
    for size in SIZES:
        label = f"{size[0]}x{size[1]}"
        key = median_ms([asyncio.run(bare_key(size)) for _ in range(repeats)])
        runs = [asyncio.run(got_keys(size)) for _ in range(repeats)]
        move, enter = median_ms([r[0] for r in runs]), median_ms([r[1] for r in runs])
        print(f"{label} bare app key          {key:7.1f} ms CPU")
        print(f"{label} GoT cursor move       {move:7.1f} ms CPU  (+{move - key:.1f})")
        print(f"{label} GoT Enter builds road {enter:7.1f} ms CPU  (+{enter - key:.1f})")


if __name__ == "__main__":
    main()
