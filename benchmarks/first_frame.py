"""Start an app headless, let it draw its first frame, and exit at once:
``python benchmarks/first_frame.py menu|bare|GAME_ID [WIDTHxHEIGHT]`` (80x24
unless given). Once the frame is drawn it prints ``first_frame CPU`` (the
process's CPU seconds so far, user + system) on a line of its own; the caller
times the process from its start to that line, so interpreter start and
imports count, as for a player, and the app's shutdown does not."""

from __future__ import annotations

import sys
import tempfile
import time


def drawn(app) -> None:
    """The first frame is on the screen: say so (the caller's clock stops), then exit."""
    print(f"first_frame {time.process_time():.4f}", flush=True)
    app.exit()


def bare_app():
    from textual.app import App
    from textual.widgets import Footer, Header

    class Bare(App):
        def compose(self):
            yield Header()
            yield Footer()

        def on_mount(self) -> None:
            self.call_after_refresh(drawn, self)

    return Bare()


def castle_app(target: str):
    from castletui import collector

    # As castletui's command line does before it loads the app (castletui/cli.py,
    # RUN_THE_APP): the cycle collector is held until the first frame.
    collector.hold()
    from castletui.saves import Player

    from castletui.app import CastleApp, Start

    if target == "menu":
        start = Start("menu")
    else:
        from castletui.rules import registry

        variant = registry.get(target).INFO.variants[0]
        seats = max(2, variant.min_seats) if variant.max_seats >= 2 else 1
        players = [Player("Coco")] + [Player(f"Bot{n}", "bot") for n in range(1, seats)]
        start = Start(
            "play", new_game={"game_id": target, "variant": variant.name, "players": players, "seed": 1}
        )

    class Timed(CastleApp):
        def on_mount(self) -> None:
            # Textual also runs CastleApp.on_mount (handlers run for every class
            # in the MRO), so no super() call here.
            if target == "menu":
                self.call_after_refresh(drawn, self)

        def open_session(self, session) -> None:
            super().open_session(session)
            screen = self.screen

            def mounted() -> None:  # exit once the game screen is mounted and has been drawn
                if screen.is_mounted and screen.query("#log"):
                    timer.stop()
                    screen.call_after_refresh(drawn, self)

            timer = self.set_interval(0.002, mounted)

    # A bot moves as a player sees it, 0.6 s after its turn comes (not at once,
    # within the first frame's time).
    return Timed(start, save_dir=tempfile.mkdtemp(), bot_delay=0.6)


if __name__ == "__main__":
    # --quick (the suite's smoke run) is the menu at 80x24
    target = "menu" if sys.argv[1:] == ["--quick"] else sys.argv[1]
    width, height = (int(n) for n in (sys.argv[2] if len(sys.argv) > 2 else "80x24").split("x"))
    app = bare_app() if target == "bare" else castle_app(target)
    app.run(headless=True, size=(width, height))
    import resource

    print(f"max_rss_kb {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}")
