"""Small state changes, and the effects the card tables name: Adventure Card rewards and setbacks.

Every function reports what it did as events. Adventure Cards name one reward (``raise_ability``,
``draw_cards``, ``take_special``, looked up in ``REWARDS``) and one setback (``standard_setback``,
``hospital_setback``, in ``SETBACKS``). [Action] Special Cards are checked and applied by ``rules._do_special``
(their moves by ``moves``); the [Free] bonus cards by ``flow.apply_boost``, Fawkes and Expelliarmus by
``rules._do_free``.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.core.protocol import Event
from tabletop.games.house_cup_challenge import events as ev
from tabletop.games.house_cup_challenge.board import HOSPITAL, NEIGHBOURS
from tabletop.games.house_cup_challenge.cards import ADVENTURES, END_POINTS, MAX_ABILITY, SPECIALS, Adventure
from tabletop.games.house_cup_challenge.events import shared
from tabletop.games.house_cup_challenge.state import ChallengeState, Task

# --- piles and points ------------------------------------------------------------------------------------


def draw_one(state: ChallengeState, events: list[Event]) -> str | None:
    """The top card of the Adventure Deck; the discard pile is shuffled in when the deck is empty."""
    if not state.draw and state.discard:
        state.draw = list(state.discard)
        state.discard.clear()
        state.rng.shuffle(state.draw)
        events.append(ev.Reshuffled(len(state.draw)))
    return state.draw.pop() if state.draw else None


_OTHERS: dict[tuple[int, int], tuple[int, ...]] = {}  # (players, seat) -> every other seat


def draw_cards(state: ChallengeState, seat: int, count: int, why: str, events: list[Event]) -> list[str]:
    """Draw up to ``count`` cards into ``seat``'s hand (fewer, or none, when both piles run out)."""
    draw = state.draw
    if len(draw) >= count:  # the usual case, no reshuffle: the top ``count`` cards, as ``draw_one`` pops them
        drawn = draw[len(draw) - count :][::-1]
        del draw[len(draw) - count :]
    else:
        drawn = []
        for _ in range(count):
            card = draw_one(state, events)
            if card is None:
                break
            drawn.append(card)
    state.players[seat].hand.extend(drawn)
    events.append(ev.CardsDrawn(seat, tuple(drawn), len(drawn), count, why, to=(seat,)))
    others = _OTHERS.get((state.count, seat))
    if others is None:
        others = _OTHERS[(state.count, seat)] = tuple(other for other in range(state.count) if other != seat)
    events.append(ev.CardsDrawn(seat, None, len(drawn), count, why, to=others))
    return drawn


def discard_from_hand(state: ChallengeState, seat: int, card: str, why: str, events: list[Event]) -> None:
    state.players[seat].hand.remove(card)
    state.discard.append(card)
    events.append(shared(ev.CardDiscarded, seat, card, why))


def gain_vp(state: ChallengeState, seat: int, vp: int) -> None:
    """VP go to the player and move the Gryffindor Token by as much; at 500 the game will end."""
    state.players[seat].vp += vp
    state.track += vp
    state.scored = True
    if state.track >= END_POINTS:
        state.ending = True


def flip_down(state: ChallengeState, seat: int, card: str, events: list[Event]) -> None:
    player = state.players[seat]
    player.specials_up.remove(card)
    player.specials_down.append(card)
    events.append(shared(ev.SpecialFlipped, seat, card))


def refresh_specials(state: ChallengeState, seat: int, events: list[Event]) -> None:
    """``seat`` receives the Wand: its face-down Special Cards and Wand Bonus Token come back face up."""
    player = state.players[seat]
    back = tuple(player.specials_down)
    player.specials_up.extend(player.specials_down)
    player.specials_down.clear()
    flipped_token = player.wand_token == "down"
    if flipped_token:
        player.wand_token = "up"
    if back or flipped_token:
        events.append(ev.SpecialsRefreshed(seat, back, flipped_token))


def refresh_free_specials(state: ChallengeState, events: list[Event]) -> None:
    """New Year step 5, for the [Free] Special Cards only: every player's face-down Free cards come back up.

    The supplement turns every used Special Card face up at a New Year, but the rulebook says a card used with the
    "Use 1 Special Card" action "cannot be used again until the next time you receive the Wand"; where it speaks
    it wins, so [Action] cards wait for the Wand. [Free] cards are never used through that action, so for them
    the rulebook is silent and the supplement's New Year refresh holds."""
    for seat in state.order_from_wand():
        player = state.players[seat]
        back = tuple(card for card in player.specials_down if SPECIALS[card].timing == "free")
        if back:
            player.specials_down[:] = [card for card in player.specials_down if card not in back]
            player.specials_up.extend(back)
            events.append(ev.SpecialsRefreshed(seat, back, False))


def raise_by(state: ChallengeState, seat: int, ability: str, amount: int, why: str, events: list[Event]) -> None:
    player = state.players[seat]
    before = player.abilities[ability]
    player.abilities[ability] = min(MAX_ABILITY, before + amount)
    events.append(ev.AbilityRaised(seat, ability, player.abilities[ability] - before, player.abilities[ability], why))


# --- Adventure Card rewards ----------------------------------------------------------------------------


def raise_ability(state: ChallengeState, seat: int, card: Adventure, events: list[Event]) -> None:
    """+1 to the card's ability (Neville: +2 from Year 3 on), at most 10."""
    player = state.players[seat]
    amount = 2 if player.character == "neville" and state.year >= 3 else 1
    raise_by(state, seat, card.reward_arg, amount, "reward", events)


def draw_reward(state: ChallengeState, seat: int, card: Adventure, events: list[Event]) -> None:
    draw_cards(state, seat, int(card.reward_arg), "reward", events)


def take_special(state: ChallengeState, seat: int, card: Adventure, events: list[Event]) -> None:
    """The top Special Card, face up; 2 Adventure Cards instead when the Special deck is empty."""
    if not state.special_deck:
        draw_cards(state, seat, 2, "special_empty", events)
        return
    special = state.special_deck.pop()
    state.players[seat].specials_up.append(special)
    events.append(ev.SpecialGained(seat, special))


Reward = Callable[[ChallengeState, int, Adventure, list[Event]], None]
REWARDS: dict[str, Reward] = {
    "raise_ability": raise_ability,
    "draw_cards": draw_reward,
    "take_special": take_special,
}


# --- Adventure Card setbacks: where the failing character goes ------------------------------------------


def standard_setback(state: ChallengeState, task: Task) -> list[str]:
    """Back to the space entered from; after a card was played onto you, any connected space without a card."""
    if task.came_from:
        return [task.came_from]
    here = state.players[task.seat].cell
    return [cell for cell in NEIGHBOURS[here] if cell not in state.board]


def hospital_setback(state: ChallengeState, task: Task) -> list[str]:
    return [HOSPITAL]


Setback = Callable[[ChallengeState, Task], list[str]]
SETBACKS: dict[str, Setback] = {"standard_setback": standard_setback, "hospital_setback": hospital_setback}


def complete(state: ChallengeState, task: Task, events: list[Event]) -> None:
    """A passed Test: the card goes to the Completed pile, its VP and reward to the encountering player."""
    card = ADVENTURES[task.card]
    del state.board[task.cell]
    state.players[task.seat].completed.append(task.card)
    ending = state.ending
    gain_vp(state, task.seat, card.vp)
    events.append(ev.AdventureCompleted(task.seat, task.card, card.vp, state.track))
    if state.ending and not ending:  # (told: the last actions went by under the usual words)
        events.append(ev.EndReached(state.track))
    REWARDS[card.reward](state, task.seat, card, events)
