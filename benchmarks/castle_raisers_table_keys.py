"""How many keys a Castle Raisers 2-player table-mode game takes, from the
new game's first question to the end of round 1 (the next round's first
Wall tile not asked), every question answered through the keyboard of the
real app (Textual's Pilot, headless):

- a chance picker: the fewest keys that choose what came up, a filter typed
  then Down to it and Enter; the filter is any piece of its line (--filter
  any: castletui's ids too, "7" for V-Y7, read off the list) or only what
  the piece at the table shows (--filter shown: the line without its id);
- a line of counts or the set-up form: each line typed as shortly as the
  rules read it (each piece by the shortest start of its name no other
  piece shares, "2 s" where it is shorter than "s s", or a run of first
  letters, "ssa", where the tree reads one), then Enter;
- a player's decision: Enter on the first choice of each menu level (the
  same in every tree, so before and after compare the chance questions).

What came up is drawn by the game's own chance at each ply (the same seed
and ply give the same draw), so every tree plays the same game. Run it in
a tree, e.g. the commit before table entry and the working tree:

    git worktree add /tmp/crkeys 05b3f4f
    .venv/bin/python benchmarks/castle_raisers_table_keys.py --tree /tmp/crkeys
    .venv/bin/python benchmarks/castle_raisers_table_keys.py

Seeds 1-5, 2026-11-30 (mean keys; chance questions asked):
  05b3f4f, filter any:    72.4 keys (set-up 47.4, round 1 25.0); 33.8 questions, all pickers
  05b3f4f, filter shown:  77.6 keys (set-up 48.4, round 1 29.2); 33.8 questions
  table entry:            86.2 keys (set-up 52.0, round 1 34.2); 12.6 questions
                          (1 form, 8 lines of counts, 3.6 pickers)
  + runs of first letters ("ssa" for two soldiers and an archer):
                          76.0 keys (set-up 41.8, round 1 34.2); 12.6 questions
Player decisions are 8.8 keys in all three. A line of counts costs a key
per piece for its spaces where the picker's first line costs none (Enter on
a soldier), so keys fall little; the questions fall by almost two thirds,
and each names whose castle, which stack, which region.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections import Counter
from pathlib import Path

from smoke import QUICK  # benchmarks/smoke.py: the script's folder is on sys.path

ROOT = Path(__file__).resolve().parent.parent
VERBOSE = False
FILTER = "any"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", default=str(ROOT), help="the castletui tree to measure")
    parser.add_argument("--seeds", type=int, nargs="*", default=[1, 2, 3, 4, 5])
    parser.add_argument("--verbose", action="store_true", help="print the keys of every question")
    parser.add_argument(
        "--filter",
        choices=("any", "shown"),
        default="any",
        help="a picker's filter: any piece of the line (ids too), or only what the piece shows",
    )
    parser.add_argument("--quick", action="store_true", help=QUICK)
    args = parser.parse_args()
    if args.quick:
        args.seeds = args.seeds[:1]
    global VERBOSE, FILTER
    VERBOSE, FILTER = args.verbose, args.filter
    sys.path.insert(0, str(Path(args.tree).resolve()))
    import castletui

    print(f"castletui from {Path(castletui.__file__).parent.parent}; a picker's filter: {FILTER}")
    totals: list[Counter] = []
    for seed in args.seeds:
        counted = asyncio.run(measure(seed))
        totals.append(counted)
        print(f"seed {seed}: {describe(counted)}", flush=True)
    mean = Counter()
    for counted in totals:
        mean.update(counted)
    print(f"mean of {len(totals)}: {describe(mean, len(totals))}")


def describe(counted: Counter, runs: int = 1) -> str:
    def avg(key: str) -> str:
        value = counted[key] / runs
        return f"{value:.0f}" if runs == 1 else f"{value:.1f}"

    return (
        f"{avg('keys')} keys in all = set-up {avg('setup keys')} + round 1 {avg('round keys')}; "
        f"chance: {avg('chance questions')} questions, {avg('chance keys')} keys "
        f"({avg('pickers')} pickers, {avg('counts')} lines of counts, {avg('forms')} forms); "
        f"players: {avg('decisions')} decisions, {avg('decision keys')} keys"
    )


async def measure(seed: int) -> Counter:
    """The keys of one game with ``seed``, played in the tree on sys.path."""
    from castletui.rules import castle_raisers as game
    from castletui.rules.core import CHANCE, chance_rng, sample_outcome

    from castletui import saves
    from castletui.app import CastleApp
    from castletui.screens import dialogs
    from castletui.screens.game import GameScreen
    from castletui.session import Session

    try:  # the counts line and the set-up form (absent before table entry)
        from castletui.screens.table_entry import CountsEntry, SetupForm, read_counts
    except ImportError:
        CountsEntry = SetupForm = read_counts = None

    class QuietApp(CastleApp):
        def __init__(self, save_dir: Path, session: Session) -> None:
            super().__init__(None, save_dir=save_dir, bot_delay=0)
            self.still = True
            self.session_to_open = session

        def open_start(self) -> None:
            super().open_start()
            self.open_session(self.session_to_open)

    def draw(state, ply):
        """What the table's chance brings at ``ply``: the same in every tree."""
        return sample_outcome(game.chance_outcomes(state), chance_rng(seed, ply))

    def done(state) -> bool:
        return (state.age, state.round) > (1, 1)

    def typed(batch, names, drawn: list[str]) -> str:
        """The shortest text the line reads as ``drawn`` (its pieces' kinds)."""
        from castletui.rules.core import name_seats

        kinds = tuple(name_seats(kind, names) for kind in batch.kinds)
        wanted = tuple(drawn.count(name_seats(kind, names)) for kind in batch.kinds)
        words = []
        for kind, n in zip(kinds, wanted, strict=True):
            if not n:
                continue
            start = next(
                (kind[:k] for k in range(1, len(kind) + 1) if reads(batch, names, kind[:k], kind, kinds)),
                kind,
            )
            words.append(min(f"{n} {start}", " ".join([start] * n), key=len) if n > 1 else start)
        text = " ".join(words)
        letters = "".join(kind[:1] for kind, n in zip(kinds, wanted, strict=True) for _ in range(n))
        if len(letters) < len(text) and _reads_as(batch, names, letters, wanted):
            text = letters  # a run of first letters, one piece each ("ssa"), where the tree reads it
        assert read_counts(batch, names, text) == wanted, (text, drawn)
        return text

    def _reads_as(batch, names, text: str, wanted) -> bool:
        try:
            return read_counts(batch, names, text) == wanted
        except Exception:  # noqa: BLE001 - a tree without letter runs refuses it
            return False

    def reads(batch, names, text: str, kind: str, kinds) -> bool:
        try:
            return read_counts(batch, names, text) == tuple(int(k == kind) for k in kinds)
        except Exception:  # noqa: BLE001 - an unreadable start is just not short enough
            return False

    def batch_text(session, batches) -> list[str]:
        from castletui.rules.core import name_seats

        state, ply, texts = session.state, session.ply, []
        for batch in batches:
            drawn = []
            for _ in range(batch.count):
                action = draw(state, ply)
                drawn.append(name_seats(batch.kind_of(action), session.names))
                state, ply = game.apply(state, action), ply + 1
            texts.append(typed(batch, session.names, drawn))
        return texts

    def picker_keys(picker, wanted) -> list[str]:
        """The fewest keys that choose ``wanted`` in the picker: a filter, Downs, Enter."""
        texts = [label for label, _ in picker.outcomes]
        target = next(i for i, (_, action) in enumerate(picker.outcomes) if action == wanted)
        label = texts[target].casefold()
        first, _, rest = label.partition(" ")
        if FILTER == "shown" and rest and any(ch.isdigit() for ch in first):
            label = rest  # castletui's id (V-Y3, W1-03) is printed on no piece at the table
        best = ["down"] * target + ["enter"]
        queries = {
            label[i:j].strip() for i in range(len(label)) for j in range(i + 1, min(len(label), i + 8) + 1)
        }
        for query in sorted(q for q in queries if q):
            shown = dialogs.matching(query, texts)
            if target in shown:
                keys = [*query, *(["down"] * shown.index(target)), "enter"]
                if len(keys) < len(best):
                    best = keys
        return best

    folder = Path(tempfile.mkdtemp())
    players = [saves.Player("Coco"), saves.Player("Wei")]
    session = Session.new(
        "castle-raisers", "competitive", players, mode="table", seed=seed, path=folder / "game.toml"
    )
    counted: Counter = Counter()
    decided: set[int] = set()
    app = QuietApp(folder, session)
    async with app.run_test(size=(80, 24)) as pilot:

        async def press(*keys: str, kind: str) -> None:
            if VERBOSE:
                print(f"  {kind:8} {len(keys):3} {''.join(k if len(k) == 1 else f'<{k}>' for k in keys)}")
            counted["keys"] += len(keys)
            counted["setup keys" if session.state.age == 0 else "round keys"] += len(keys)
            counted[f"{kind} keys"] += len(keys)
            await pilot.press(*keys)

        for _ in range(2000):
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            if done(session.state):
                return counted
            screen = app.screen
            if SetupForm is not None and isinstance(screen, SetupForm):
                counted["forms"] += 1
                counted["chance questions"] += 1
                for text in batch_text(session, screen.batches):
                    await press(*text, "enter", kind="chance")
            elif CountsEntry is not None and isinstance(screen, CountsEntry):
                counted["counts"] += 1
                counted["chance questions"] += 1
                (text,) = batch_text(session, (screen.batch,))
                await press(*text, "enter", kind="chance")
            elif isinstance(screen, dialogs.ChancePicker):
                counted["pickers"] += 1
                counted["chance questions"] += 1
                before, state = session.ply, session.state
                wanted = draw(state, session.ply)
                await press(*picker_keys(screen, wanted), kind="chance")
                await pilot.pause()
                assert session.ply == before + 1 and session.state == game.apply(state, wanted)
            elif isinstance(screen, GameScreen):
                if session.to_move() == CHANCE:
                    await pilot.press("c")  # not counted: the question is asked by itself
                    continue
                decided.add(session.ply)
                counted["decisions"] = len(decided)
                await press("enter", kind="decision")
            else:
                raise AssertionError(f"an unexpected screen: {screen!r}")
    raise AssertionError("round 1 did not end")


if __name__ == "__main__":
    main()
