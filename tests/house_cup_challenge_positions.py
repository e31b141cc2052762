"""Small House Cup Challenge positions built by hand, so a test can reach one rule directly.

``position`` starts from a real setup and moves cards and characters where the test wants them; every card
stays accounted for, so ``check_state`` holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.games.house_cup_challenge import GAME
from tabletop.games.house_cup_challenge.cards import ABILITIES
from tabletop.games.house_cup_challenge.state import ChallengeState, Task


def take_card(state: ChallengeState, card: str) -> None:
    """Remove ``card`` from wherever it lies."""
    for pile in (state.draw, state.discard, state.aside, *state.year_decks.values()):
        if card in pile:
            pile.remove(card)
            return
    for cell, lying in list(state.board.items()):
        if lying == card:
            del state.board[cell]
            return
    for player in state.players:
        for pile in (player.hand, player.completed):
            if card in pile:
                pile.remove(card)
                return
    raise AssertionError(f"{card} is nowhere")


def position(
    characters: Sequence[str] = ("harry", "hermione", "ron", "neville"),
    cells: Sequence[str] | None = None,
    abilities: Sequence[Sequence[int]] | None = None,
    hands: Sequence[Sequence[str]] | None = None,
    board: dict[str, str] | None = None,
    specials: Sequence[Sequence[str]] | None = None,
    deck_top: Sequence[str] = (),
    empty_piles: bool = False,
    actor: int = 0,
    wand: int = 0,
    seed: int = 3,
) -> ChallengeState:
    """A state in step 1 where ``actor`` is about to take an action; the rest of the hands go to the discard."""
    players = len(characters)
    options = {"prefect": 0, "youngest": 0, "characters": list(characters)}
    state = GAME.setup(players, options, seed)
    state.discard.extend(task.card for task in state.tasks if task.kind == "place")
    state.tasks.clear()
    for cell, card in list(state.board.items()):
        del state.board[cell]
        state.discard.append(card)
    for player in state.players:
        state.discard.extend(player.hand)
        player.hand.clear()
    for seat, player in enumerate(state.players):
        if cells is not None:
            player.cell = cells[seat]
        if abilities is not None:
            player.abilities = dict(zip(ABILITIES, abilities[seat], strict=True))
        if hands is not None:
            for card in hands[seat]:
                take_card(state, card)
                player.hand.append(card)
        if specials is not None:
            for card in specials[seat]:
                state.special_deck.remove(card)
                player.specials_up.append(card)
    for cell, card in (board or {}).items():
        take_card(state, card)
        state.board[cell] = card
    if empty_piles:
        state.aside.extend(state.draw)  # kept aside so no card is lost; an empty step 5 discards them
        state.draw.clear()
        state.aside.extend(state.discard)
        state.discard.clear()
    for card in reversed(list(deck_top)):
        take_card(state, card)
    for card in deck_top[::-1]:
        state.draw.append(card)
    state.wand = wand
    state.step = 1
    state.setup = False
    state.acted = (actor - wand) % players + 1
    state.tasks = [Task("action", actor)]
    assert GAME.check_state(state) == [], GAME.check_state(state)
    return state


def finish_action(state: ChallengeState) -> None:
    """Let the actor's action slot end here (used to test the flow after it)."""
    state.tasks[-1].chosen = True
