"""Start an app headless, let it draw its first frame, and exit at once:
``python benchmarks/first_frame.py menu|bare|GAME_ID [WIDTHxHEIGHT]`` (80x24
unless given). The caller times the whole process, so interpreter start and
imports count, as for a player."""

from __future__ import annotations

import sys
import tempfile


def bare_app():
    from textual.app import App
    from textual.widgets import Footer, Header

    class Bare(App):
        def compose(self):
            yield Header()
            yield Footer()

        def on_mount(self) -> None:
            self.call_after_refresh(self.exit)

    return Bare()


def castle_app(target: str):
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
                self.call_after_refresh(self.exit)

        def open_session(self, session) -> None:
            super().open_session(session)
            screen = self.screen

            def drawn() -> None:  # exit once the game screen is mounted and has been drawn
                if screen.is_mounted and screen.query("#log"):
                    timer.stop()
                    screen.call_after_refresh(self.exit)

            timer = self.set_interval(0.002, drawn)

    return Timed(start, save_dir=tempfile.mkdtemp(), bot_delay=0)


if __name__ == "__main__":
    target = sys.argv[1]
    width, height = (int(n) for n in (sys.argv[2] if len(sys.argv) > 2 else "80x24").split("x"))
    app = bare_app() if target == "bare" else castle_app(target)
    app.run(headless=True, size=(width, height))
    import resource

    print(f"max_rss_kb {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}")
