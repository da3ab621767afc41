"""The Gift's cursor goes where the player points (issue 28, items 2 and
3): an arrow and its opposite come back to where they started, every
offered place is reached, the action bar stays on the cursor's place,
a click anywhere on a path builds there, a road's line says which path
it is, and returning cards on a 7 keeps the highlight on the resource
just returned while there is more of it."""

from __future__ import annotations

import pytest
from castletui.rules.got_catan.state import BuildRoad, BuildSettlement, Discard

from castletui.games.got_catan.map import LARGE, GotCatanMap, geometry
from tests.app.driving import StillApp, open_table, settle, type_keys
from tests.app.got_catan.helpers import at, map_at, new_session, play_until, top

OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}
STEP = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def second_settlement(session) -> bool:
    """Set-up round 2: a settlement to place by someone who has one."""
    step = top(session)
    return (
        step is not None
        and step.kind == "place-settlement"
        and len(session.state.players[step.seat].settlements) == 1
    )


def turn_with_roads_and_a_settlement(session) -> bool:
    step = top(session)
    if step is None or step.kind != "turn":
        return False
    legal = session.legal_actions()
    return sum(isinstance(action, BuildRoad) for action in legal) >= 2 and any(
        isinstance(action, BuildSettlement) for action in legal
    )


async def cursor_after(pilot, gift: GotCatanMap, *keys: str):
    await pilot.press(*keys)
    await settle(pilot)
    return gift.cursor


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_an_arrow_and_its_opposite_come_back_in_set_up_round_two(tmp_path, size):
    session = play_until(new_session(tmp_path / "g.toml", seed=4), second_settlement)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=size) as pilot:
        await open_table(pilot)
        screen = app.screen
        gift = screen.query_one(GotCatanMap)
        start = await cursor_after(pilot, gift, "m", "down", "down", "right")
        # The players' route: Down Down Right, then Up Down.
        assert await cursor_after(pilot, gift, "up", "down") == start
        # Every arrow from here and from the places around, then its opposite.
        places = [start]
        for key in ("up", "right", "down", "down", "left", "left", "up"):
            places.append(await cursor_after(pilot, gift, key))
        for place in dict.fromkeys(places):
            for key, back in OPPOSITE.items():
                gift.point_at(place)
                moved = await cursor_after(pilot, gift, key)
                if moved == place:
                    continue  # the edge of the offered places that way
                assert await cursor_after(pilot, gift, back) == place, (place, key, moved)
                # The action bar names the place under the cursor, nothing else.
                assert screen.bar.chosen.spot == place
        # Three steps out, three back.
        gift.point_at(start)
        await cursor_after(pilot, gift, "up", "up", "left")
        assert await cursor_after(pilot, gift, "right", "down", "down") == start


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_arrows_reach_every_offered_corner_from_any_other(tmp_path, size):
    session = play_until(new_session(tmp_path / "g.toml", seed=4), second_settlement)
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=size) as pilot:
        await open_table(pilot)
        gift = app.screen.query_one(GotCatanMap)
        await pilot.press("m")
        await settle(pilot)
        offered = set(gift.selectable)
        assert len(offered) > 20
        # Every state the arrows can leave the cursor in (its place and the
        # column it aims at), from one start: the arrow keys' own actions.
        start = min(offered)
        gift.point_at(start)
        seen = {(gift.cursor, gift.goal)}
        todo = list(seen)
        while todo:
            place, goal = todo.pop()
            for dx, dy in STEP.values():
                gift.cursor, gift.goal, gift.trail = place, goal, []
                gift.action_move(dx, dy)
                if (gift.cursor, gift.goal) not in seen:
                    seen.add((gift.cursor, gift.goal))
                    todo.append((gift.cursor, gift.goal))
        assert {place for place, _ in seen} == offered


async def test_a_step_from_a_settlement_to_a_road_opens_build_road_on_that_road_only(tmp_path):
    async with map_at(tmp_path, turn_with_roads_and_a_settlement) as (pilot, screen, gift):
        session = screen.session
        seat = top(session).seat
        await pilot.press("m")
        await settle(pilot)
        corner = next(spot for spot in gift.selectable if spot[0] == "corner")
        # Where the cursor is put while a step opens Build > Road: only on the
        # road it steps to (were it put on the group's first road for a
        # moment, an Enter typed at once would build there).
        shown = []
        point_at = gift.point_at
        gift.point_at = lambda spot: (shown.append(spot), point_at(spot))
        for key in ("left", "right", "up", "down"):
            gift.point_at(corner)
            await settle(pilot)
            shown.clear()
            road = await cursor_after(pilot, gift, key)
            first_road = screen.bar.lines[0].spot
            if road[0] == "edge" and road != first_road:
                break
        else:
            raise AssertionError("no step from the settlement reaches a road past the first")
        gift.point_at = point_at
        assert screen.menu_path == ("Build", "Road")
        assert set(shown) <= {road}, shown
        assert screen.bar.chosen.spot == road
        # ...and back: the step against it returns to the settlement's place.
        assert await cursor_after(pilot, gift, OPPOSITE[key]) == corner
        assert screen.menu_path == ("Build", "Settlement")
        # The step and Enter typed in one burst build on that road.
        await type_keys(pilot, key, "enter")
        await settle(pilot)
        assert session.state.edge_owner[road[1]] == seat


async def test_a_click_on_any_cell_of_a_path_builds_the_road_there(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=4), at("place-road"))
    seat = top(session).seat
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_table(pilot)
        gift = app.screen.query_one(GotCatanMap)
        edge = max(spot for spot in gift.selectable if spot[0] == "edge")
        assert gift.scale() is LARGE
        # The path's first cell as drawn (not its middle, where the cursor sits).
        cell_row, cell_column, _ = geometry(gift.gift.layout, LARGE).edge_cells[edge[1]][0]
        assert (cell_row, cell_column + gift.shift) != gift.spot_cells[edge][:2]
        await pilot.click(GotCatanMap, offset=(cell_column + gift.shift, cell_row))
        await settle(pilot)
        assert session.state.edge_owner[edge[1]] == seat


async def test_a_road_line_says_between_which_places_its_path_runs(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=4), at("place-road"))
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        texts = [choice.text for choice in app.screen.bar.lines if isinstance(choice.action, BuildRoad)]
        assert texts and len(set(texts)) == len(texts)
        for text in texts:
            assert " between " in text or " side of " in text, text


async def test_returning_cards_keeps_the_highlight_on_the_resource_just_returned(tmp_path):
    session = play_until(new_session(tmp_path / "g.toml", seed=1), at("discard"))
    seat = top(session).seat
    hand = session.state.players[seat].hand
    app = StillApp(save_dir=tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        screen = app.screen
        lines = [choice.action.resource for choice in screen.bar.lines if isinstance(choice.action, Discard)]
        # The resource the most cards of are held of, not the first line.
        resource = max(lines[1:], key=hand.count)
        assert hand.count(resource) >= 2, hand
        await pilot.press(*["down"] * lines.index(resource))
        await settle(pilot)
        assert screen.bar.chosen.action == Discard(resource)
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.players[seat].hand.count(resource) == hand.count(resource) - 1
        assert at("discard", seat)(session), "one more to return"
        assert screen.bar.chosen.action == Discard(resource)
        await pilot.press("enter")
        await settle(pilot)
        assert session.state.players[seat].hand.count(resource) == hand.count(resource) - 2
