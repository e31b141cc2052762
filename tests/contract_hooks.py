"""What the contract test (tests/protocol_checks.py) needs to know about each game that the protocol does not say.

Per game: the options a seeded game starts with, commands the rules must refuse in the game's own terms (the
shared checker adds the game-independent garbage), a *secret perturbation* (a copy of the state in which only
what one seat may not see has changed, written from the rules' idea of a secret and not from the view code, so
a view that leaks fails), extra invariants, and what the random games must reach or measure (rare paths,
every card, game lengths). These replace the four per-game random simulations.
"""

from __future__ import annotations

import pickle
import random
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from tabletop.core.protocol import Command, Event, Result
from tabletop.core.rng import Rng
from tabletop.games.house_cup import events as hc
from tabletop.games.house_cup.cards import ALL_CARDS as HC_CARDS
from tabletop.games.house_cup.state import HouseCupState
from tabletop.games.house_cup_challenge import events as hcc
from tabletop.games.house_cup_challenge.board import CELLS
from tabletop.games.house_cup_challenge.cards import ALL_ADVENTURES, SPECIAL_ORDER
from tabletop.games.house_cup_challenge.state import ChallengeState
from tabletop.games.stupefix import events as sx
from tabletop.games.stupefix.cards import DECK_SIZE, REWARD_ORDER, ROUNDS
from tabletop.games.stupefix.state import StupefixState
from tabletop.games.thats_wizard import events as tw
from tabletop.games.thats_wizard.cards import CARDS as TW_CARDS
from tabletop.games.thats_wizard.cards import PREMADE
from tabletop.games.thats_wizard.spellbooks import random_book
from tabletop.games.thats_wizard.state import ThatsWizardState

TW_CARD_IDS = list(TW_CARDS)


def copy_state(state: Any) -> Any:
    """A deep copy for the perturbations (pickle is several times faster than copy.deepcopy here)."""
    return pickle.loads(pickle.dumps(state))


# --- House Cup -----------------------------------------------------------------------------------------------
def house_cup_options(players: int, seed: int) -> dict[str, Any]:
    from tabletop.games.house_cup import GAME

    options = GAME.default_options(players)
    options["first"] = seed % players
    return options


def house_cup_illegal(state: HouseCupState, seat: int, rng: random.Random) -> list[Command]:
    """Wrong token, absent card, wrong moment (kept from the old random simulation)."""
    others = [s for s in range(state.players) if s != seat]
    return [
        hc.PlaceToken(rng.choice(others), 0, 1),
        hc.TakeCard(rng.choice(others), rng.choice(HC_CARDS)),
        hc.PlaceToken(seat, 0, 9),
        hc.PlaceToken(seat, 5, 1),
        hc.TakeCard(seat, "no-such-card"),
        hc.TakeCard(seat, rng.choice(HC_CARDS)),
        hc.DiscardCard(seat, rng.choice(HC_CARDS)),
        hc.GiveCard(seat, rng.choice(HC_CARDS), seat),
        hc.CauldronDiscard(seat, "no-such-card"),
        hc.KeepCard(seat, rng.choice(HC_CARDS)),
    ]


def house_cup_hide(state: HouseCupState, seat: int, rng: random.Random) -> HouseCupState:
    """Other seats' face-down token values (placed, and held while placing) dealt again, the deck reordered,
    the cards another seat looks at with Help Searching for Points swapped for deck cards, a new generator."""
    other = copy_state(state)
    other.rng = Rng(rng.randrange(1 << 60))
    rng.shuffle(other.deck)
    for owner in range(other.players):
        if owner == seat:
            continue
        slots = [t for stack in other.under for t in stack if t.seat == owner and not t.revealed]
        held = other.phase == "place"
        values = [t.value for t in slots] + (other.held[owner] if held else [])
        rng.shuffle(values)
        for token in slots:
            token.value = values.pop()
        if held:
            was_sorted = other.held[owner] == sorted(other.held[owner])
            other.held[owner] = sorted(values) if was_sorted else values
    for task in other.tasks:
        if task.kind == "search" and task.seat != seat:
            pool = task.cards + other.deck
            rng.shuffle(pool)
            task.cards, other.deck = pool[: len(task.cards)], pool[len(task.cards) :]
    return other


def house_cup_view_check(state: HouseCupState, seat: int, view: Any) -> None:
    """A seat sees its own tokens and the revealed ones (privacy itself is the perturbation's job)."""
    for stack, seen in zip(state.under, view.under, strict=True):
        for token, shown in zip(stack, seen, strict=True):
            if token.seat == seat or token.revealed:
                assert shown.value == token.value, "a seat does not see its own or a revealed token"
    assert view.held[seat] == tuple(state.held[seat])


# --- Stupéfix -------------------------------------------------------------------------------------------------
def stupefix_options(players: int, seed: int) -> dict[str, Any]:
    from tabletop.games.stupefix import GAME

    options = GAME.default_options(players)
    options["chouchou"] = None if seed % 3 else seed % players
    return options


def stupefix_illegal(state: StupefixState, seat: int, rng: random.Random) -> list[Command]:
    """Teammates as targets, absent cards and rewards, wrong moment (kept from the old random simulation)."""
    mates = state.teammates(seat)
    return [
        sx.PrepareSpell(seat, "protego"),
        sx.PrepareSpell(seat, rng.choice(["stupefix", "rate"])),
        sx.PointWand(seat, seat),
        sx.PointWand(seat, rng.choice(mates)),
        sx.PointWand(seat, state.players + 3),
        sx.CastSpell(seat, rng.random() < 0.5),
        sx.TakeReward(seat, rng.choice(REWARD_ORDER)),
        sx.TakeReward(seat, "maitre"),
        sx.ReturnRetard(seat, rng.randrange(state.players)),
        sx.TakeStupefix(seat, rng.random() < 0.5),
        sx.PrepareSpell(state.players + 1, "rate"),
    ]


def stupefix_hide(state: StupefixState, seat: int, rng: random.Random) -> StupefixState:
    """Every other seat's unseen cards (hand, prepared card, laid face down) dealt again, their Cast/Protego
    decisions flipped, the reward deck reordered, a new generator.

    The face-down pile is nobody's: it is rebuilt from the re-dealt laid-down cards less the Stupéfix taken from
    it. A seat choosing its Cours Particuliers Stupéfix has looked through the face-down cards, so a re-deal
    keeps whether one is there. (From the old Stupéfix random simulation.)
    """
    searching = bool(state.tasks) and state.tasks[-1].kind == "cours" and state.tasks[-1].seat == seat
    other = copy_state(state)
    other.rng = Rng(rng.randrange(1 << 60))
    rng.shuffle(other.deck)
    for _ in range(20):
        _redeal_stupefix(state, other, seat, rng)
        laid = Counter(kind for kinds in other.laid_down for kind in kinds)
        if laid["stupefix"] >= state.down_taken and (
            not searching or (laid["stupefix"] > state.down_taken) == ("stupefix" in state.face_down)
        ):
            break
    else:  # no re-deal left enough face-down Stupéfix: keep the cards as they are
        other.hands = [list(hand) for hand in state.hands]
        other.prepared = list(state.prepared)
        other.laid_down = [list(kinds) for kinds in state.laid_down]
        laid = Counter(kind for kinds in other.laid_down for kind in kinds)
    laid["stupefix"] -= state.down_taken
    other.face_down = sorted(laid.elements(), reverse=True)
    for s in range(state.players):
        if s != seat and other.protego[s] is not None:
            other.protego[s] = not other.protego[s]
    return other


def _redeal_stupefix(state: StupefixState, other: StupefixState, seat: int, rng: random.Random) -> None:
    for s in range(state.players):
        if s == seat:
            continue
        kinds = state.hands[s] + ([state.prepared[s]] if state.prepared[s] else []) + state.laid_down[s]
        rng.shuffle(kinds)
        hand_size = len(state.hands[s])
        other.hands[s] = sorted(kinds[:hand_size], reverse=True)
        rest = kinds[hand_size:]
        if state.prepared[s] is not None:
            other.prepared[s] = rest.pop()
        other.laid_down[s] = sorted(rest, reverse=True)


def stupefix_view_check(state: StupefixState, seat: int, view: Any) -> None:
    assert view.hand == tuple(state.hands[seat]), "a seat does not see its own hand"
    assert view.my_prepared == state.prepared[seat] and view.my_protego == state.protego[seat]


STUPEFIX_RARE_PATHS = (
    "Cours Particuliers: Stupéfix down",  # forced from the face-down cards (no face-up one)
    "Cours Particuliers: Stupéfix choice",
    "Cours Particuliers: chose face down",
    "Cours Particuliers: chose face up",
    "Cours Particuliers: no Sort raté to discard",
    "Retourneur de Temps: whose token, a choice",
    "nobody standing",
)


def stupefix_observe(state: StupefixState, command: Command, events: Sequence[Event], seen: Counter) -> None:
    """Counts the rare paths a game went through (``state`` is after the command)."""
    if state.tasks and state.tasks[-1].kind == "retourneur":
        seen["Retourneur de Temps: whose token, a choice"] += 1
    for event in events:
        if isinstance(event, sx.LessonTaken):
            seen[f"Cours Particuliers: Stupéfix {event.found}"] += 1
            if not event.discarded:
                seen["Cours Particuliers: no Sort raté to discard"] += 1
        elif isinstance(event, sx.StupefixChosen):
            seen[f"Cours Particuliers: chose face {'down' if event.face_down else 'up'}"] += 1
        elif isinstance(event, sx.NobodyStanding):
            seen["nobody standing"] += 1


def stupefix_end(state: StupefixState, steps: int) -> None:
    """Eight rounds of preparing and pointing at least; every reward and every spell card accounted for."""
    players = state.players
    assert steps >= 8 * (2 * players)
    assert state.round == ROUNDS and not state.deck
    accounted = len(state.reward_discard) + sum(state.potions) + sum(state.faveurs)
    accounted += sum(1 for cards in state.urns.values() for c in cards if c.startswith("points"))
    assert accounted == DECK_SIZE
    # Every spell card is on the discard pile, or left in a hand Cours Particuliers gave one more than it took.
    left = [len(hand) for hand in state.hands]
    assert all(left[seat] <= state.gained_stupefix[seat] for seat in range(players))
    assert len(state.spell_discard) + len(state.face_down) + sum(left) == 8 * players


def stupefix_totals(seen: Counter) -> None:
    """The random games went through the rare paths, so their every step was checked too."""
    for path in STUPEFIX_RARE_PATHS:
        assert seen[path] > 0, f"no Stupéfix game reached {path!r}: {dict(seen)}"


# --- House Cup Challenge ----------------------------------------------------------------------------------------
# The supplement's playtest, random policy after the fixes: (10th percentile, median, 90th percentile, max) rounds.
PLAYTEST_RANDOM = {2: (22, 39, 56, 83), 3: (33, 50, 64, 83), 4: (40, 51, 64, 87)}


def challenge_options(players: int, seed: int) -> dict[str, Any]:
    return {"prefect": seed % players, "youngest": (seed // 3) % players, "characters": None}


def challenge_illegal(state: ChallengeState, seat: int, rng: random.Random) -> list[Command]:
    """Another seat, absent cards, walls, wrong moments (kept from the old random simulation)."""
    others = [s for s in range(state.count) if s != seat]
    hand = state.players[seat].hand
    not_held = [c for c in ALL_ADVENTURES if c not in hand]
    return [
        hcc.Pass(rng.choice(others)),
        hcc.DrawCards(rng.choice(others)),
        hcc.PlayHere(seat, rng.choice(not_held)),
        hcc.PlayThere(seat, rng.choice(not_held), rng.choice(CELLS)),
        hcc.PlayThere(seat, "no-such-card", "A1"),
        hcc.Move(seat, ("A5", "A4", "A3", "A2")),
        hcc.Move(seat, ("Z9",)),
        hcc.UseSpecial(seat, rng.choice(SPECIAL_ORDER)),
        hcc.Boost(seat, rng.choice(not_held), "K"),
        hcc.Discard(seat, rng.choice(not_held)),
        hcc.Feast(seat, "X"),
        hcc.PlaceCard(seat, "A5"),
        hcc.Retreat(seat, "A5"),
        hcc.ChooseEncounterer(seat, 9),
    ]


def challenge_hide(state: ChallengeState, seat: int, rng: random.Random) -> ChallengeState:
    """Other hands dealt again from themselves and the draw pile, both decks reordered, a new generator."""
    other = copy_state(state)
    other.rng = Rng(rng.randrange(1 << 60))
    others = [p for s, p in enumerate(other.players) if s != seat]
    pool = [card for p in others for card in p.hand] + other.draw
    rng.shuffle(pool)
    for player in others:
        size = len(player.hand)
        player.hand, pool = pool[:size], pool[size:]
    other.draw = pool
    rng.shuffle(other.special_deck)
    return other


def challenge_view_check(state: ChallengeState, seat: int, view: Any) -> None:
    for other, shown in enumerate(view.players):
        assert shown.hand_count == len(state.players[other].hand)
        if other == seat:
            assert shown.hand == tuple(state.players[seat].hand), "a seat does not see its own hand"


def challenge_policy(state: ChallengeState, seat: int, legal: Sequence[Command], rng: random.Random) -> Command:
    """The supplement's "random" playtest policy: for an action, one kind of action at random (pass, draw, move,
    play here, play there, use a Special Card), then one command of that kind; every other choice uniformly.
    Uniform over all commands lets moves and plays, which come in dozens of variants, crowd out the rest."""
    if state.tasks[-1].kind != "action":
        return rng.choice(legal)
    kinds = sorted({type(command).__name__ for command in legal})
    kind = rng.choice(kinds)
    return rng.choice([command for command in legal if type(command).__name__ == kind])


def challenge_end(state: ChallengeState, steps: int) -> None:
    assert state.over and state.end_reason in ("500", "stalemate")


def challenge_lengths(players: int, seeds: range) -> tuple[list[int], int]:
    """Rounds of each random-policy game (unchecked: the contract test checks such games step by step), and
    how many games the stalemate rule fired in."""
    from tabletop.games.house_cup_challenge import GAME

    rounds, stalemated = [], 0
    for seed in seeds:
        state = GAME.setup(players, challenge_options(players, seed), seed)
        moves = random.Random(seed)
        stalemate = False
        while GAME.result(state) is None:
            seat = moves.choice(GAME.to_act(state))
            events = GAME.apply(state, challenge_policy(state, seat, GAME.legal(state, seat), moves))
            stalemate = stalemate or any(isinstance(event, hcc.Stalemate) for event in events)
        rounds.append(state.round)
        stalemated += stalemate
    return rounds, stalemated


def challenge_check_lengths(players: int, rounds: list[int]) -> None:
    """The random games last about as long as the playtest's. Measured over 100 games per count, the medians
    run 4-6 rounds longer than the playtest's (what the supplement leaves unsaid about its random bot), so the
    tolerance is the playtest's own spread: the median inside its 10th-90th percentile band, and at most a
    tenth of the games longer than its longest game."""
    low, _median, high, longest = PLAYTEST_RANDOM[players]
    ours = sorted(rounds)
    ninetieth = ours[max(0, (9 * len(ours)) // 10 - 1)]
    summary = f"10th percentile {ours[len(ours) // 10 - 1]}, median {statistics.median(ours)}, 90th {ninetieth}"
    assert low <= statistics.median(ours) <= high, f"{players} players: median outside the playtest's band ({summary})"
    assert ninetieth <= longest, f"{players} players: over a tenth of the games outlast the playtest's ({summary})"


# --- That's Wizard! ---------------------------------------------------------------------------------------------
TW_PROMPTS = {
    "tie",
    "team",
    "eor_place",
    "eor_next",
    "dispel",
    "erase",
    "transfer",
    "scry",
    "shock",
    "lethal",
    "pairing",
}


def wizard_options(players: int, seed: int) -> dict[str, Any]:
    """Random legal spellbooks (the Duos allies' from one deck), and now and then the premade ones."""
    rng = Rng(seed * 7 + players)
    duos = players == 4
    if rng.below(4) == 0:  # (as a setup's drawn bots: Play again draws their books again, ``rematch_options``)
        names = ["The Sorceress", "The Constable", "The Prophet", "The Rogue"] if duos else ["The Crone", "The Prodigy"]
        drawn = [1, 3] if duos else [1]
        return {"books": [list(PREMADE[name]) for name in names], "book_names": names, "drawn": drawn}
    books: list[list[str]] = []
    for seat in range(players):
        mate = books[seat - 2] if duos and seat >= 2 else []
        books.append(random_book(rng, duos, excluded=mate))
    return {"books": books}


def wizard_illegal(state: ThatsWizardState, seat: int, rng: random.Random) -> list[Command]:
    """Unknown cards, impossible numbers, wrong moment, a legal play shown as a pass (from the old simulation)."""
    others = [s for s in range(state.players) if s != seat]
    candidates: list[Command] = [
        tw.Pass(rng.choice(others)),
        tw.Play(rng.choice(others), "focus", 0),
        tw.Play(seat, "no-such-card", 1),
        tw.Play(seat, rng.choice(TW_CARD_IDS), 11),
        tw.Play(seat, rng.choice(TW_CARD_IDS), rng.randint(0, 10)),
        tw.Pass(seat, None, 3),
        tw.ChooseSideBoard(seat, ("focus", "counterspell")),
        tw.ChooseSideBoard(seat, (rng.choice(TW_CARD_IDS),)),
        tw.TakePlace(seat, 5),
        tw.ResolveNext(seat, "no-such-effect"),
        tw.RemoveToken(seat, seat, rng.choice(TW_CARD_IDS)),
        tw.TakeCards(seat, ("no-such-card",)),
        tw.Transfer(seat, 99),
        tw.KeepSpell(seat, rng.choice(TW_CARD_IDS)),
        tw.ApplyFirst(seat, 7),
        tw.ChoosePairing(seat, 2),
    ]
    from tabletop.games.thats_wizard import GAME

    plays = [c for c in GAME.legal(state, seat) if isinstance(c, tw.Play)]
    if plays:
        shown = rng.choice(plays)
        candidates.append(tw.Pass(seat, shown.card, shown.dial))  # a legal play cannot be shown as a pass
    return candidates


def wizard_hide(state: ThatsWizardState, seat: int, rng: random.Random) -> ThatsWizardState:
    """Other wizards' hands reordered and a side-board spell swapped with one in hand, their secret picks made
    passes, a kept Scry spell still in hand swapped for another of the deck of spells, the spells another's Scry
    shows dealt again, the decks of spells reordered, a new generator. (Not their spellbooks: a perturbed book
    must still fit everything the seat has seen, which is the sampler's job, not this check's.)"""
    other = copy_state(state)
    other.rng = Rng(rng.randrange(1 << 30))
    for cards in other.library:
        rng.shuffle(cards)
    looking = state.prompt is not None and state.prompt.kind == "erase"  # Erase Memory shows a hand to its caster
    for owner, wizard in enumerate(other.wizards):
        if owner == seat:
            continue
        rng.shuffle(wizard.hand)
        swappable = [c for c in wizard.hand if c in other.books[owner] and c not in wizard.shown]
        if wizard.side and swappable and not looking:
            out, into = wizard.side[0], rng.choice(swappable)
            wizard.side[0] = into
            wizard.hand[wizard.hand.index(into)] = out
        if wizard.choice is not None and state.stage == "choose":
            wizard.choice = type(wizard.choice)(None, None, True)
        library = other.library[other.deck(owner)]
        kept = wizard.borrowed
        if kept is not None and kept in wizard.hand and kept not in wizard.seen and library and not looking:
            swap = rng.randrange(len(library))
            wizard.borrowed, library[swap] = library[swap], kept
            wizard.hand[wizard.hand.index(kept)] = wizard.borrowed
    prompt = other.prompt
    if prompt is not None and prompt.kind == "scry" and prompt.seat != seat:
        library = other.library[other.deck(prompt.seat)]
        pool = other.scry_cards + library
        rng.shuffle(pool)
        size = len(other.scry_cards)
        other.scry_cards, library[:] = pool[:size], pool[size:]
        prompt.cards = list(other.scry_cards)
    return other


def wizard_view_check(state: ThatsWizardState, seat: int, view: Any) -> None:
    """A wizard sees their own hand and side board; the others' spellbooks only once the match is over (the
    perturbation keeps the books, so this is checked here)."""
    assert view.hand == tuple(state.wizards[seat].hand) and view.side == tuple(state.wizards[seat].side)
    if state.stage != "over":
        hidden = [view.books[other] for other in range(state.players) if other != seat]
        assert hidden == [None] * (state.players - 1), "another wizard's spellbook shows before the match ends"


def wizard_step_check(state: ThatsWizardState) -> None:
    for wizard in state.wizards:
        assert 0 <= wizard.stamina <= 20 and 0 <= wizard.power <= 10


def wizard_observe(state: ThatsWizardState, command: Command, events: Sequence[Event], seen: Counter) -> None:
    if isinstance(command, tw.Play):
        seen[f"card {command.card}"] += 1
    if state.prompt is not None:
        seen[f"prompt {state.prompt.kind}"] += 1


def wizard_end(state: ThatsWizardState, steps: int) -> None:
    """A match ends when a team has its victory tokens, and the winners are that whole team; or drawn by agreement
    (a stalled duel's draw accepted), short of the tokens, everyone sharing it."""
    from tabletop.games.thats_wizard import GAME

    result: Result | None = GAME.result(state)
    assert result is not None
    if state.ending == "draw":
        assert max(state.tokens) < state.win_target and set(result.winners) == set(range(state.players))
        return
    assert max(state.tokens) == state.win_target
    assert set(result.winners) == set(state.seats_of_team(result.winners[0] % 2))


def wizard_totals(seen: Counter) -> None:
    """The matches played every card and met every kind of choice, so each was checked at some step."""
    missing_cards = [card for card in TW_CARD_IDS if not seen[f"card {card}"]]
    assert not missing_cards, f"no match played {missing_cards}"
    missing_prompts = sorted(kind for kind in TW_PROMPTS if not seen[f"prompt {kind}"])
    assert not missing_prompts, f"no match met the choices {missing_prompts}"
