"""An independent check of Stupéfix's setup, options and phases 1 to 4, written from the rulebook alone.

The model below says, from the rulebook and the project's supplement only, which options setup accepts, what
the table looks like after setup (houses and seats, the spell cards dealt, the handicap, the rewards laid out,
the first Chouchou), and, round after round, who must act in phases 2 to 4 and what each seat may do: every
choice the rulebook gives must be offered and nothing else. After every command the engine's state must match
the model's (hands, prepared cards, wands, Cast/Protego, the discard pile face up and face down, the rewards on
offer, the deck). The draft and the scoring are followed by the referee of ``test_stupefix_independent`` (its
own independent check), which this module reuses. It shares no line with the engine's rules.

Rulebook (seed 001, French), the parts it follows:
- Setup: "Prenez chacun 1 baguette et 8 cartes sort, dont 5 raté et 3 stupéfix." "Mélangez toutes les cartes
  récompense, et formez une pile [...] face cachée." "Placez la carte « Devenir le Chouchou » au centre de la
  table, et laissez de la place pour 8 autres cartes". "Le joueur qui a eu les meilleures notes à l'école prend
  la tuile chouchou devant lui, et devient le chouchou pour la première manche."
- Phase 1: "Piochez 8 cartes récompense et placez-les, face visible, au centre de la table, à côté de la carte
  devenir le chouchou. Cette dernière constitue la neuvième récompense, disponible à chaque manche."
- Phase 2: "Tous en même temps, choisissez secrètement une carte stupéfix, ou sort raté parmi vos cartes sort".
- Phase 3: "pointez votre baguette vers un de vos adversaires. Si vous ne pointez personne à « trois », c'est
  trop tard. Vous ne ciblerez donc personne lors de cette manche."
- Phase 4: "lancez le Sort que vous avez préparé à la phase 2, ou le Sort Protego." "Vous pouvez toujours
  choisir de vous protéger, en lançant un Sort Protego à la place de n'importe quelle carte préparée."
- Phase 5: a Protego caster's card is discarded "face cachée", the others' "face visible".
- Phase 7: "Défaussez les cartes Cours Particuliers et Retourneur de Temps." "Redressez tous les Drapeaux".
Supplement (stupefix.md): 4-8 players in the houses 1+1+1+1, 2+1+1+1, 2+2+2, 2+2+2+1, 2+2+2+2; a player of a
two-player house starts with 2 Stupéfix + 6 Sort raté and 1 Retard token; teammates never sit side by side when
avoidable (at 4-8 players it always is); an adversary is a player of another house, never a teammate; the first
Chouchou is chosen at setup, else drawn; the 64 rewards (15/15/10 Points 10/20/40, 9 Potion, 10 Faveur, 3 Cours,
2 Retourneur); a player with no spell card prepares nothing but still points and may cast Protego.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

import pytest

from tabletop.bots import make_bot
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.games.stupefix import events as ev
from tests.test_stupefix_independent import Referee, agree

GAME = GAMES["stupefix"]
HOUSES = ("Gryffindor", "Hufflepuff", "Ravenclaw", "Slytherin")
MAKEUP = {4: [1, 1, 1, 1], 5: [2, 1, 1, 1], 6: [2, 2, 2], 7: [2, 2, 2, 1], 8: [2, 2, 2, 2]}
DECK = {"points10": 15, "points20": 15, "points40": 10, "potion": 9, "faveur": 10, "cours": 3, "retourneur": 2}
ROUNDS = 8


def options_ok(players: int, options: dict[str, Any]) -> bool:
    """Whether the model accepts these options: a layout of the supplement's make-up with no teammates side by
    side (round the table), and a first Chouchou who is one of the players, or None (drawn)."""
    if players not in MAKEUP:
        return False
    houses, chouchou = options.get("houses"), options.get("chouchou")
    if not isinstance(houses, list | tuple) or len(houses) != players or any(h not in HOUSES for h in houses):
        return False
    if sorted(Counter(houses).values(), reverse=True) != MAKEUP[players]:
        return False
    if any(houses[seat] == houses[(seat + 1) % players] for seat in range(players)):
        return False
    return chouchou is None or (type(chouchou) is int and 0 <= chouchou < players)


def pair_house(houses: list[str], seat: int) -> bool:
    return houses.count(houses[seat]) == 2


class Model:
    """Phases 1-4 of the rulebook, and the table between rounds; the draft is the referee's."""

    def __init__(self, state: Any, options: dict[str, Any]) -> None:
        players = state.players
        houses = list(options["houses"])
        self.players = players
        self.houses = houses
        agree(houses, list(state.houses), "each seat's house")
        if options["chouchou"] is not None:
            agree(options["chouchou"], state.chouchou, "the chosen first Chouchou")
        agree(True, 0 <= state.chouchou < players, "the first Chouchou is a player")
        hands = [
            Counter({"stupefix": 2, "rate": 6}) if pair_house(houses, s) else Counter({"stupefix": 3, "rate": 5})
            for s in range(players)
        ]
        retard = [1 if pair_house(houses, s) else 0 for s in range(players)]
        self.ref = Referee(houses, state.chouchou, hands, retard, [0] * players, [0] * players)
        agree([2 if pair_house(houses, s) else 3 for s in range(players)], list(state.start_stupefix), "start Stupéfix")
        agree(retard, list(state.retard), "Retard tokens at the start")
        drawn = Counter(state.row) - Counter({"chouchou": 1})
        agree(1, Counter(state.row)["chouchou"], "Devenir le Chouchou on offer")
        agree(8, sum(drawn.values()), "rewards laid out in round 1")
        agree(DECK, dict(drawn + Counter(state.deck)), "the 64 rewards")
        agree({h: [] for h in set(houses)}, {h: list(c) for h, c in state.urns.items()}, "empty urns of the houses")
        agree([0] * players, list(state.potions), "no Potion")
        agree([0] * players, list(state.faveurs), "no Faveur")
        agree([], list(state.reward_discard), "no reward discarded")
        told = [type(e) for e in GAME.opening(state)]
        agree([ev.RoundStarted, ev.RewardsRevealed, ev.PhaseStarted], told, "the opening")
        start, shown, phase = GAME.opening(state)
        agree(
            (1, ROUNDS, state.chouchou, "prepare"), (start.round, start.rounds, start.chouchou, phase.phase), "round 1"
        )
        agree((drawn, 56), (Counter(shown.rewards), shown.deck_left), "the rewards revealed in round 1")
        self.ref.row = Counter(state.row)
        self.round = 1
        self.reward_discard: Counter = Counter()
        self.laid_down: list[Counter] = [Counter() for _ in range(players)]
        self.up_owners: Counter = Counter()  # Sort raté on the face-up pile, by owner
        self.shown = [0] * players
        self.new_round()
        self.compare(state, "setup")

    # --- who acts and what they may do ---------------------------------------------------------------------

    def new_round(self) -> None:
        self.phase = "prepare"
        self.prepared: dict[int, str] = {}
        self.pointed: dict[int, int | None] = {}
        self.decided: dict[int, bool] = {}
        for hand in self.ref.hands:
            kinds = +hand
            if len(kinds) < 2:
                self.ref.seen[f"a hand of {'/'.join(kinds) or 'no card'} in phase 2"] += 1
        if not self.to_act():  # nobody holds a spell card: nothing to prepare
            self.ref.seen["nobody holds a spell card"] += 1
            self.phase = "target"

    def to_act(self) -> list[int]:
        hands = self.ref.hands
        seats = range(self.players)
        if self.phase == "prepare":
            return [s for s in seats if +hands[s] and s not in self.prepared]
        if self.phase == "target":
            return [s for s in seats if s not in self.pointed]
        if self.phase == "cast":
            return [s for s in seats if s not in self.decided]
        raise AssertionError(self.phase)

    def allowed(self, seat: int) -> set[Any]:
        if seat not in self.to_act():
            return set()
        if self.phase == "prepare":
            kinds = +self.ref.hands[seat]
            return {ev.PrepareSpell(seat, kind) for kind in kinds}
        if self.phase == "target":
            adversaries = [o for o in range(self.players) if self.houses[o] != self.houses[seat]]
            return {ev.PointWand(seat, target) for target in [None, *adversaries]}
        return {ev.CastSpell(seat, False), ev.CastSpell(seat, True)}

    def compare_legal(self, state: Any) -> None:
        agree(sorted(self.to_act()), sorted(GAME.to_act(state)), f"who acts in phase {self.phase}")
        for seat in range(self.players):
            allowed = self.allowed(seat)
            self.ref.seen["legal lists compared"] += 1
            agree(allowed, set(GAME.legal(state, seat)), f"seat {seat}'s choices in phase {self.phase}")
            # what the seat sees: its own card and decision, only whether the others have made theirs
            view = GAME.view(state, seat)
            agree(allowed, set(view.legal), f"seat {seat}'s view's choices")
            agree(self.prepared.get(seat), view.my_prepared, f"seat {seat}'s view of its card")
            agree([s in self.prepared for s in range(self.players)], list(view.prepared), "the cards laid seen")
            agree(self.decided.get(seat), view.my_protego, f"seat {seat}'s view of its decision")
            agree([s in self.decided for s in range(self.players)], list(view.decided), "the decisions seen")
            agree(sorted(self.ref.hands[seat].elements()), sorted(view.hand), f"seat {seat}'s view of its hand")

    # --- the state ---------------------------------------------------------------------------------------

    def compare(self, state: Any, what: str) -> None:
        players, ref = self.players, self.ref
        ref.seen["states compared"] += 1
        agree(self.round, state.round, f"round ({what})")
        agree(self.phase, state.phase, f"phase ({what})")
        agree([+h for h in ref.hands], [+Counter(h) for h in state.hands], f"hands ({what})")
        if self.phase != "draft":  # before the reveal (after it, the referee compares the casts and the flags)
            agree([self.prepared.get(s) for s in range(players)], list(state.prepared), f"prepared ({what})")
            agree([self.pointed.get(s) for s in range(players)], list(state.targets), f"wands ({what})")
            agree([s in self.pointed for s in range(players)], list(state.pointed), f"pointed ({what})")
            agree([self.decided.get(s) for s in range(players)], list(state.protego), f"Cast/Protego ({what})")
            agree([""] * players, list(state.casts), f"nothing cast yet ({what})")
            agree([True] * players, list(state.standing), f"flags up ({what})")
            agree([0] * players, list(state.hits), f"no hits yet ({what})")
        agree(+ref.pile_up, +Counter(c.kind for c in state.spell_discard), f"face-up discards ({what})")
        agree(+self.up_owners, +Counter(c.owner for c in state.spell_discard if c.kind == "rate"), f"raté ({what})")
        agree(+ref.pile_down, +Counter(state.face_down), f"face-down discards ({what})")
        agree([+c for c in self.laid_down], [+Counter(k) for k in state.laid_down], f"laid face down ({what})")
        agree(self.shown, list(state.shown_stupefix), f"Stupéfix shown ({what})")
        agree(+ref.row, +Counter(state.row), f"rewards on offer ({what})")
        agree(64 - 8 * self.round, len(state.deck), f"deck ({what})")
        # "Prenez immédiatement la tuile Chouchou devant vous": the tile moves at once, the order of this draft stays
        tile = ref.chouchou if ref.next_chouchou is None or self.phase != "draft" else ref.next_chouchou
        agree(tile, state.chouchou, f"the Chouchou tile ({what})")
        if self.phase != "draft":
            self.compare_legal(state)

    # --- one command -------------------------------------------------------------------------------------

    def before(self, state: Any, command: Any) -> None:
        """Checks the command is one the model allows, and remembers the top of the deck (the next draw)."""
        if state.phase in ("prepare", "target", "cast"):
            agree(True, command in self.allowed(command.seat), f"{command} allowed")
        self.next_draw = Counter(state.deck[-8:])

    def after(self, state: Any, command: Any, events: list[Any]) -> None:
        seat, ref = command.seat, self.ref
        if isinstance(command, ev.PrepareSpell):
            self.prepared[seat] = command.spell
            ref.prepared[seat] = command.spell
            ref.hands[seat][command.spell] -= 1
            mine = [e for e in events if isinstance(e, ev.SpellPrepared)]
            others = tuple(o for o in range(self.players) if o != seat)
            agree(
                [ev.SpellPrepared(seat, command.spell, to=(seat,)), ev.SpellPrepared(seat, None, to=others)],
                mine,
                "told",
            )
            if not self.to_act():
                self.phase = "target"
                agree(True, ev.PhaseStarted("target") in events, "phase 3 announced")
        elif isinstance(command, ev.PointWand):
            self.pointed[seat] = command.target
            ref.aims[seat] = command.target
            agree([ev.WandPointed(seat, command.target)], [e for e in events if isinstance(e, ev.WandPointed)], "wand")
            if not self.to_act():
                self.phase = "cast"
                agree(True, ev.PhaseStarted("cast") in events, "phase 4 announced")
        elif isinstance(command, ev.CastSpell):
            self.decided[seat] = command.protego
            ref.protego[seat] = command.protego
            others = tuple(o for o in range(self.players) if o != seat)
            told = [ev.CastChosen(seat, command.protego, to=(seat,)), ev.CastChosen(seat, None, to=others)]
            agree(told, [e for e in events if isinstance(e, ev.CastChosen)], "Cast or Protego told")
            if not self.to_act():
                self.reveal(state, events)
        ref.draft_events(events, state)
        if isinstance(command, ev.TakeReward):
            agree(True, ev.RewardTaken(seat, command.reward) in events, "the reward chosen is taken")
        for event in events:
            if isinstance(event, ev.RewardTaken) and event.reward in ("cours", "retourneur"):
                self.reward_discard[event.reward] += 1
            elif isinstance(event, ev.LessonTaken) and event.discarded:
                self.up_owners[event.seat] += 1
        agree(ref.retard, list(state.retard), "Retard tokens")
        if any(isinstance(e, ev.RoundEnded) for e in events):
            ref.round_end(events, state)
            ref.prepared, ref.aims, ref.protego = {}, {}, {}
            if self.round == ROUNDS:
                agree("over", state.phase, "the game ends after round 8")
                agree(True, GAME.result(state) is not None, "a result after round 8")
                ref.final(events, GAME.result(state))
                return
            self.round += 1
            shown = [e for e in events if isinstance(e, ev.RewardsRevealed)]
            agree(1, len(shown), "one reveal of rewards at the new round")
            agree(self.next_draw, Counter(shown[0].rewards), "the 8 rewards drawn from the top of the deck")
            agree(64 - 8 * self.round, shown[0].deck_left, "deck left")
            ref.row = Counter(shown[0].rewards) + Counter({"chouchou": 1})
            started = [e for e in events if isinstance(e, ev.RoundStarted)]
            agree([ev.RoundStarted(self.round, ROUNDS, ref.chouchou)], started, "round started")
            agree(+self.reward_discard, +Counter(state.reward_discard), "rewards discarded")
            self.new_round()
        self.compare(state, str(command))

    def reveal(self, state: Any, events: list[Any]) -> None:
        ref = self.ref
        for seat, card in self.prepared.items():
            if self.decided[seat]:  # Protego: the card goes face down, its kind seen by its owner only
                self.laid_down[seat][card] += 1
            else:
                self.up_owners[seat] += card == "rate"
                self.shown[seat] += card == "stupefix"
        nobody = not any(isinstance(e, ev.DraftStarted) for e in events)
        if nobody:
            self.reward_discard.update(ref.row - Counter({"chouchou": 1}))
        ref.reveal(events, state)  # the referee's phase 5 (and its piles)
        self.phase = "draft"
        if nobody:  # nobody standing: the round ended at once
            agree(True, any(isinstance(e, ev.RoundEnded) for e in events), "round ends with nobody standing")


def layout(players: int, rng: Rng) -> list[str]:
    """A random layout the model accepts."""
    while True:
        houses = list(HOUSES)
        rng.shuffle(houses)
        sizes = MAKEUP[players]
        seats = [house for house, size in zip(houses, sizes, strict=False) for _ in range(size)]
        rng.shuffle(seats)
        if options_ok(players, {"houses": seats, "chouchou": None}):
            return seats


class LessonSeeker:
    """Takes Cours Particuliers first and prepares Sort raté when it can, so that hands run out (a Cours with no
    Stupéfix on the pile costs a card); otherwise at random."""

    def choose(self, view: Any, rng: Rng) -> Any:
        legal = list(view.legal)
        for wanted in (ev.TakeReward(view.seat, "cours"), ev.PrepareSpell(view.seat, "rate")):
            if wanted in legal:
                return wanted
        return legal[rng.below(len(legal))]


def bot(kind: str) -> Any:
    return LessonSeeker() if kind == "lessons" else make_bot(GAME, kind)


def play(players: int, seed: int, kinds: list[str], custom: bool = False) -> Model:
    rng = Rng.from_seed(seed * 7919 + players)
    options = GAME.default_options(players)
    if custom:
        options = {"houses": layout(players, rng), "chouchou": rng.below(players) if rng.below(3) else None}
    agree(True, options_ok(players, options), f"options {options}")
    agree(None, GAME.check_options(players, options), f"options {options} checked")
    state = GAME.setup(players, options, seed)
    model = Model(state, options)
    bots = [bot(kinds[seat % len(kinds)]) for seat in range(players)]
    while GAME.result(state) is None:
        acting = GAME.to_act(state)
        seat = acting[rng.below(len(acting))]
        command = bots[seat].choose(GAME.view(state, seat), rng)
        model.before(state, command)
        events = GAME.apply(state, command)
        model.after(state, command, events)
    agree(ROUNDS, model.round, "rounds played")
    return model


def test_the_options_setup_accepts():
    for players in range(4, 9):
        default = GAME.default_options(players)
        agree(True, options_ok(players, default), f"default options at {players}")
        for houses in product(HOUSES, repeat=players):
            for chouchou in (None, 0, players - 1):
                options = {"houses": list(houses), "chouchou": chouchou}
                agree(options_ok(players, options), GAME.check_options(players, options) is None, f"{options}")
        for chouchou in (-1, players, True, 1.0, "0"):
            options = {**default, "chouchou": chouchou}
            agree(False, GAME.check_options(players, options) is None, f"{options}")


def test_the_first_chouchou_is_drawn_among_every_player():
    for players in range(4, 9):
        drawn = Counter(GAME.setup(players, GAME.default_options(players), seed).chouchou for seed in range(60))
        agree(set(range(players)), set(drawn), f"first Chouchou drawn at {players}")


MIXES = (["random"], ["lessons"], ["random", "medium"], ["easy", "lessons", "random", "medium"])


@pytest.mark.parametrize("players", range(4, 9))
def test_the_engine_agrees_with_an_independent_model_of_setup_and_phases(players):
    seen: Counter = Counter()
    for seed in range(8):  # the odd seeds on a layout of their own, most with a chosen first Chouchou
        seen.update(play(players, 3000 * players + seed, MIXES[seed % len(MIXES)], custom=seed % 2 == 1).ref.seen)
    assert seen["game"] == 8
    # the games met the cases of phases 2-4 that matter: a hand of one kind, a player with no card left, who
    # then casts Protego or nothing
    for situation in (
        "a hand of stupefix in phase 2",
        "a hand of rate in phase 2",
        "a hand of no card in phase 2",
        "Protego with no spell card",
        "no spell card to cast",
        "Protego against Stupéfix",
    ):
        assert seen[situation], situation
