"""The end of the game: Maître des Potions, Retardataire, the Faveur table and the house totals."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tabletop.games.stupefix.cards import FAVEUR_BONUS, LATECOMER, POTIONS_MASTER, REWARDS
from tabletop.games.stupefix.state import StupefixState


def potions_master(potions: Sequence[int]) -> int | None:
    """The one player with the most Potion Réussie; nobody on a tie (or when nobody has any)."""
    best = max(potions, default=0)
    if best == 0:
        return None
    holders = [seat for seat, count in enumerate(potions) if count == best]
    return holders[0] if len(holders) == 1 else None


def latecomers(retard: Sequence[int]) -> list[int]:
    """Every player with the most Retard tokens; nobody when all players have the same number."""
    if len(set(retard)) <= 1:
        return []
    most = max(retard)
    return [seat for seat, count in enumerate(retard) if count == most]


def faveur_bonus(cards: int) -> int:
    return FAVEUR_BONUS[max(0, min(cards, len(FAVEUR_BONUS) - 1))]


# What each card in an urn is worth (the bots and the search's estimates read urns at almost every move).
URN_VALUES: dict[str, int] = {
    **{kind: reward.points for kind, reward in REWARDS.items()},
    "maitre": POTIONS_MASTER,
    "retardataire": LATECOMER,
}


def urn_value(cards: Sequence[str]) -> int:
    return sum(map(URN_VALUES.__getitem__, cards))


@dataclass(frozen=True)
class HouseTally:
    house: str
    seats: tuple[int, ...]
    points: int  # the Points cards in the urn
    master: int  # +100 when it holds Maître des Potions
    latecomers: int  # -100 per Retardataire
    faveur: int  # its players' Faveur bonuses
    total: int


def house_tallies(
    houses: Sequence[str], urns: Mapping[str, Sequence[str]], faveurs: Sequence[int]
) -> dict[str, HouseTally]:
    """Each playing house's score: the value of its urn plus its players' Faveur bonuses."""
    out: dict[str, HouseTally] = {}
    for house in dict.fromkeys(houses):
        cards = urns.get(house, [])
        seats = tuple(seat for seat, h in enumerate(houses) if h == house)
        points = sum(REWARDS[c].points for c in cards if c in REWARDS)
        master = POTIONS_MASTER * cards.count("maitre")
        late = LATECOMER * cards.count("retardataire")
        faveur = sum(faveur_bonus(faveurs[seat]) for seat in seats)
        out[house] = HouseTally(house, seats, points, master, late, faveur, urn_value(cards) + faveur)
    return out


def house_totals(houses: Sequence[str], urns: Mapping[str, Sequence[str]], faveurs: Sequence[int]) -> dict[str, int]:
    """Each playing house's ``HouseTally.total`` alone (the search's estimate reads only that, at every playout)."""
    totals = {house: urn_value(urns.get(house, [])) for house in dict.fromkeys(houses)}
    for seat, house in enumerate(houses):
        totals[house] += faveur_bonus(faveurs[seat])
    return totals


def winning_houses(tallies: Mapping[str, HouseTally]) -> list[str]:
    best = max(t.total for t in tallies.values())
    return [house for house, t in tallies.items() if t.total == best]


def evaluate_position(state: StupefixState, seat: int, scale: float) -> float:
    """The search bot's estimate of ``seat``'s house winning, from the totals as if the game ended now.

    Points still in front of players go to their urns; Maître des Potions and the Retardataires are given out
    as they would be now.
    """
    totals = {house: float(total) for house, total in house_totals(state.houses, state.urns, state.faveurs).items()}
    for other, points in enumerate(state.round_points):
        totals[state.houses[other]] += sum(points)
    master = potions_master(state.potions)
    if master is not None:
        totals[state.houses[master]] += POTIONS_MASTER
    for late in latecomers(state.retard):
        totals[state.houses[late]] += LATECOMER
    mine = totals[state.houses[seat]]
    rival = max((total for house, total in totals.items() if house != state.houses[seat]), default=0.0)
    return 0.5 + 0.5 * math.tanh((mine - rival) / scale)
