"""Brotherhood of the Watch's part of a seat's scene (``scene.Watch``):
the Wall board, each seat's guards and the seat's hero, from the seat's
view (the layer's ``scene`` hook)."""

from __future__ import annotations

from ..edition import WILDLINGS
from ..scene import Clan, Hero, Section, Trail, Wall, Watch
from ..state import State
from .queries import (
    advance_forecast,
    advance_outcomes,
    breach_track,
    clans,
    frostfangs,
    gift_wildlings,
    guards_of,
    hero_info,
    hero_state,
    tokens,
    wall_sections,
)


def scene(view: State, seat: int) -> Watch:
    pool, on_cards, spent = tokens(view)
    breaches, breach_limit = breach_track(view)
    gift, gift_limit = gift_wildlings(view)
    name, side, ready = hero_state(view, seat)
    return Watch(
        wall=Wall(
            frostfangs=frostfangs(view) or dict.fromkeys(WILDLINGS, 0),
            pool=pool,
            on_cards=on_cards,
            spent=spent,
            clans=tuple(Clan(title=clan.title, camps=clan.camps, room=clan.room) for clan in clans(view)),
            trails=tuple(
                Trail(faces=faces, wildling=kind, clearing=clearing, outcome=outcome)
                for faces, kind, clearing, outcome in advance_outcomes(view)
            ),
            sections=tuple(
                Section(
                    title=section.title,
                    guards=section.guards,
                    spaces=section.spaces,
                    clearing=section.clearing,
                    waiting=section.waiting,
                )
                for section in wall_sections(view)
            ),
            breaches=breaches,
            breach_limit=breach_limit,
            gift_wildlings=gift,
            gift_limit=gift_limit,
            forecast=tuple(advance_forecast(view)),
            display=tuple(hero for hero in map(_hero, view.heroes) if hero is not None),
        ),
        guards=tuple(guards_of(view, other)[0] for other in range(len(view.players))),
        hero=_hero(name, side, ready),
    )


def _hero(name: str, side: str = "A", ready: bool = True) -> Hero | None:
    info = hero_info(name)
    if info is None:
        return None
    return Hero(name=name, title=info.title, ability=info.ability, text=info.text, side=side, ready=ready)
