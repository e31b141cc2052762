"""An independent check of Stupéfix's round outcome and final scoring, written from the rulebook alone.

The referee below reads only the commands the seats give (the card each prepares, where each wand points, Cast
or Protego, the rewards each takes) and keeps its own count of everything the round and the scoring decide: who
is stunned and protected, the Retard tokens, the flags, the draft order, what each reward gives, who becomes
Chouchou, the urns, Maître des Potions, the Retardataires, the Faveurs and the winners. Games are played by bots
through the protocol at every table size, and the engine's events, state and result must agree with it at every
point. It does not share a line with the engine's rules (``effects``, ``flow``, ``scoring``, ``rules``).

Rulebook (seed 001, French), the parts it follows:
- Phase 5: "Si vous avez lancé un Sort Protego : vous êtes protégé. Couchez votre Drapeau, et ignorez tous les
  Sorts qui vous ciblent." "Sinon, si vous êtes ciblé par un, ou plusieurs Sorts Stupéfix : vous êtes stupéfixé.
  Couchez votre Drapeau, et prenez 1 jeton Retard par Sort Stupéfix qui vous cible." Effects are simultaneous;
  a Protego caster "ne cible donc plus personne"; a Sort Raté does nothing.
- Phase 6: only standing flags share; "en commençant par le Chouchou puis dans le sens horaire"; "Si le Chouchou
  ne peut pas participer au Partage, c'est le premier joueur à sa gauche, dont le Drapeau est encore debout, qui
  choisit en premier"; every reward is always handed out.
- Rewards: Points to the house urn; Potion Réussie, Faveur kept; Cours Particuliers: a Sort Raté discarded and a
  Stupéfix taken from the discard "s'il y en a de disponible"; Retourneur de Temps: a Retard token of the house
  (the player's or a teammate's) back to the supply; Devenir le Chouchou: the tile, and one of the taker's own
  Retard tokens back; the taker is Chouchou next round.
- End: Maître des Potions (+100) to the single player with the most Potion Réussie ("En cas d'égalité, personne
  ne gagne la carte"); a Retardataire (-100) to every player with the most Retard tokens, none if everyone has
  the same number; Faveurs 1..10 -> 10, 30, 60, 120, 200, 300, 400, 600, 800, 1000, each player's added to their
  house; the highest house wins, tied houses share the win.
Supplement (stupefix.md): 4-8 players; a player in a two-player house starts with 2 Stupéfix + 6 Sort Raté and 1
Retard token; you never target a teammate; if nobody is standing the rewards are discarded and the Chouchou stays.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop.bots import make_bot
from tabletop.core.rng import Rng
from tabletop.games import GAMES
from tabletop.games.stupefix import events as ev

GAME = GAMES["stupefix"]
FAVOURS = (0, 10, 30, 60, 120, 200, 300, 400, 600, 800, 1000)  # the rulebook's table, by number of Faveur cards
POINTS = {"points10": 10, "points20": 20, "points40": 40}


class Disagreement(AssertionError):
    pass


def agree(mine: Any, engine: Any, what: str) -> None:
    if mine != engine:
        raise Disagreement(f"{what}: independent {mine!r} != engine {engine!r}")


@dataclass
class Referee:
    """The rulebook's bookkeeping, fed only with the seats' commands and the public reveals."""

    houses: list[str]
    chouchou: int
    hands: list[Counter]
    retard: list[int]
    potions: list[int] = field(default_factory=list)
    faveurs: list[int] = field(default_factory=list)
    urn: Counter = field(default_factory=Counter)  # house -> Points in its urn
    round_points: Counter = field(default_factory=Counter)
    pile_up: Counter = field(default_factory=Counter)  # face-up discards by kind
    pile_down: Counter = field(default_factory=Counter)  # face-down discards by kind
    prepared: dict[int, str] = field(default_factory=dict)
    aims: dict[int, int | None] = field(default_factory=dict)
    protego: dict[int, bool] = field(default_factory=dict)
    row: Counter = field(default_factory=Counter)
    order: list[int] = field(default_factory=list)
    picks: int = 0
    next_chouchou: int | None = None
    pending_cours: int | None = None
    pending_retourneur: int | None = None
    points_compared: int = 0
    seen: Counter = field(default_factory=Counter)  # the situations met, to see what the games exercised

    @property
    def players(self) -> int:
        return len(self.houses)

    def house_of(self, seat: int) -> list[int]:
        return [other for other in range(self.players) if self.houses[other] == self.houses[seat]]

    # --- phase 5 -------------------------------------------------------------------------------------------

    def outcome(self) -> tuple[list[str], list[int], list[bool], list[int]]:
        """Casts, Stupéfix aimed at each seat by non-Protego casters, flags, Retard taken this round."""
        casts = []
        for seat in range(self.players):
            if self.protego[seat]:
                casts.append("protego")
            else:
                casts.append(self.prepared.get(seat, "none"))
        aimed = [0] * self.players
        for seat, cast in enumerate(casts):
            target = self.aims.get(seat)
            if cast == "stupefix" and target is not None:
                aimed[target] += 1
        standing, taken = [], []
        for seat in range(self.players):
            if casts[seat] == "protego":
                standing.append(False)
                taken.append(0)
            elif aimed[seat] > 0:
                standing.append(False)
                taken.append(aimed[seat])
            else:
                standing.append(True)
                taken.append(0)
        return casts, aimed, standing, taken

    def draft_order(self, standing: list[bool]) -> list[int]:
        n = self.players
        return [(self.chouchou + k) % n for k in range(n) if standing[(self.chouchou + k) % n]]

    def reveal(self, events: list[Any], state: Any) -> None:
        casts, aimed, standing, taken = self.outcome()
        shown = next(e for e in events if isinstance(e, ev.SpellsRevealed))
        agree(casts, list(shown.casts), "casts")
        agree([self.aims.get(seat) for seat in range(self.players)], list(shown.targets), "wands")
        # ``hits`` counts every Stupéfix aimed at a seat; a Protego caster's are ignored (no token, see FlagDown)
        agree(aimed, list(shown.hits), "Stupéfix aimed at each seat")
        flags = {e.seat: (e.reason, e.retard) for e in events if isinstance(e, ev.FlagDown)}
        mine = {}
        for seat in range(self.players):
            if casts[seat] == "protego":
                mine[seat] = ("protego", 0)
            elif not standing[seat]:
                mine[seat] = ("stunned", taken[seat])
        agree(mine, flags, "flags down")
        if not any(isinstance(e, ev.RoundEnded) for e in events):  # nobody standing: the next round has begun
            agree(standing, list(state.standing), "standing flags")
        for seat in range(self.players):
            self.retard[seat] += taken[seat]
            card = self.prepared.get(seat)
            if card is None:
                continue
            (self.pile_down if casts[seat] == "protego" else self.pile_up)[card] += 1
        self.order = self.draft_order(standing)
        seen = self.seen
        seen["round"] += 1
        for seat in range(self.players):
            if casts[seat] == "protego" and aimed[seat]:
                seen["Protego against Stupéfix"] += 1
            if casts[seat] == "stupefix" and self.aims.get(seat) is not None and not standing[seat]:
                seen["stunned while casting Stupéfix"] += 1
            if aimed[seat] > 1 and casts[seat] != "protego":
                seen["stunned by two or more"] += 1
            if casts[seat] == "protego" and seat not in self.prepared:
                seen["Protego with no spell card"] += 1
            if casts[seat] == "none":
                seen["no spell card to cast"] += 1
            if casts[seat] == "stupefix" and self.aims.get(seat) is None:
                seen["Stupéfix aimed at nobody"] += 1
        if not standing[self.chouchou] and self.order:
            seen["Chouchou down, the draft starts to the left"] += 1
        if not self.order:
            seen["nobody standing"] += 1
        if len(self.order) == 1:
            seen["one player takes everything"] += 1
        self.picks = 0
        self.next_chouchou = None
        if self.order:
            started = next(e for e in events if isinstance(e, ev.DraftStarted))
            agree(self.order, list(started.order), "draft order")
        else:
            gone = next(e for e in events if isinstance(e, ev.NobodyStanding))
            agree(sorted((self.row - Counter({"chouchou": 1})).elements()), sorted(gone.discarded), "rewards discarded")
            self.row.clear()
        self.points_compared += 1

    # --- phase 6 -------------------------------------------------------------------------------------------

    def draft_events(self, events: list[Any], state: Any) -> None:
        """Every reward taken (chosen, or the last kind left taken for the drafter) and what it set off."""
        for event in events:
            if isinstance(event, ev.RewardTaken):
                self.take(event.seat, event.reward)
            elif isinstance(event, ev.RetardReturned):
                if event.reason == "chouchou":
                    agree((self.next_chouchou, event.seat), (event.seat, event.owner), "Chouchou's own token back")
                    if self.retard[event.seat] <= 0:
                        raise Disagreement("a Retard token given back that the Chouchou did not have")
                    self.retard[event.seat] -= 1
                else:
                    agree(self.pending_retourneur, event.seat, "who uses Retourneur de Temps")
                    owners = [o for o in self.house_of(event.seat) if self.retard[o] > 0]
                    agree(True, event.owner in owners, f"a Retard token of the house ({owners})")
                    self.retard[event.owner] -= 1
                    self.pending_retourneur = None
                    self.seen["Retourneur: a teammate's token" if event.owner != event.seat else "Retourneur: own"] += 1
            elif isinstance(event, ev.NoRetardToReturn):
                if event.reason == "chouchou":
                    agree(0, self.retard[event.seat], "the new Chouchou has no Retard token")
                    self.seen["new Chouchou without a token"] += 1
                else:
                    agree(self.pending_retourneur, event.seat, "who uses Retourneur de Temps")
                    owners = [o for o in self.house_of(event.seat) if self.retard[o] > 0]
                    agree([], owners, "no Retard token in the house")
                    self.seen["Retourneur with no token in the house"] += 1
                    self.pending_retourneur = None
            elif isinstance(event, ev.LessonTaken):
                seat = event.seat
                agree(self.pending_cours, seat, "who uses Cours Particuliers")
                had = self.hands[seat]["rate"] > 0
                self.seen["Cours with no Sort Raté in hand"] += not had
                agree(had, event.discarded, "a Sort Raté discarded for the Cours")
                if had:
                    self.hands[seat]["rate"] -= 1
                    self.pile_up["rate"] += 1
                up, down = self.pile_up["stupefix"], self.pile_down["stupefix"]
                if up + down == 0:
                    found = "none"
                elif up and sum(self.pile_down.values()):
                    found = "choice"
                else:
                    found = "up" if up else "down"
                agree(found, event.found, "where Cours Particuliers finds a Stupéfix")
                self.seen[f"Cours found {found}"] += 1
                if found in ("up", "down"):
                    self.lesson(seat, found == "down")
                elif found == "none":
                    self.pending_cours = None
            elif isinstance(event, ev.StupefixChosen):
                self.seen[f"Cours chose face_down={event.face_down}"] += 1
                agree(self.pending_cours, event.seat, "who chooses the Cours Stupéfix")
                self.lesson(event.seat, event.face_down)
        if self.pending_cours is not None:
            seat = self.pending_cours
            offered = {c.face_down for c in GAME.legal(state, seat) if isinstance(c, ev.TakeStupefix)}
            agree({False, True} if self.pile_down["stupefix"] else {False}, offered, "where a Stupéfix lies")
        if self.pending_retourneur is not None:
            seat = self.pending_retourneur
            owners = [o for o in self.house_of(seat) if self.retard[o] > 0]
            offered = sorted(c.owner for c in GAME.legal(state, seat) if isinstance(c, ev.ReturnRetard))
            agree(owners, offered, "whose Retard token may go back")

    def lesson(self, seat: int, down: bool) -> None:
        pile = self.pile_down if down else self.pile_up
        if pile["stupefix"] <= 0:
            raise Disagreement(f"a Stupéfix taken {'face down' if down else 'face up'} where none lies")
        pile["stupefix"] -= 1
        self.hands[seat]["stupefix"] += 1
        self.pending_cours = None

    def take(self, seat: int, reward: str) -> None:
        if not self.order:
            raise Disagreement(f"{reward} taken with nobody standing")
        agree(self.order[self.picks % len(self.order)], seat, "drafter")
        if self.row[reward] <= 0:
            raise Disagreement(f"{reward} taken but not on offer")
        self.row[reward] -= 1
        self.picks += 1
        if reward in POINTS:
            self.round_points[self.houses[seat]] += POINTS[reward]
        elif reward == "potion":
            self.potions[seat] += 1
        elif reward == "faveur":
            self.faveurs[seat] += 1
        elif reward == "chouchou":
            self.next_chouchou = seat
        elif reward == "cours":
            self.pending_cours = seat
        elif reward == "retourneur":
            self.pending_retourneur = seat
        self.points_compared += 1

    def round_end(self, events: list[Any], state: Any) -> None:
        ended = next(e for e in events if isinstance(e, ev.RoundEnded))
        agree(
            {h: p for h, p in self.round_points.items() if p},
            {h: p for h, p in ended.house_points if p},
            "Points put in the urns this round",
        )
        self.urn.update(self.round_points)
        self.round_points.clear()
        if self.next_chouchou is not None:
            self.chouchou = self.next_chouchou
        self.points_compared += 1

    # --- the end -------------------------------------------------------------------------------------------

    def final(self, events: list[Any], result: Any) -> None:
        most = max(self.potions)
        masters = [seat for seat in range(self.players) if self.potions[seat] == most]
        master = masters[0] if len(masters) == 1 else None
        late_most = max(self.retard)
        late = [] if min(self.retard) == late_most else [s for s in range(self.players) if self.retard[s] == late_most]
        score = Counter({house: self.urn[house] for house in self.houses})
        if master is not None:
            score[self.houses[master]] += 100
        for seat in late:
            score[self.houses[seat]] -= 100
        for seat in range(self.players):
            score[self.houses[seat]] += FAVOURS[self.faveurs[seat]]
        best = max(score.values())
        self.seen["game"] += 1
        self.seen["Maître des Potions tied"] += master is None
        self.seen["no Retardataire"] += not late
        self.seen["several Retardataires"] += len(late) > 1
        self.seen["a shared win"] += list(score.values()).count(best) > 1
        self.seen["Retardataires in one house twice"] += len(late) != len({self.houses[s] for s in late})
        winners = sorted(house for house in score if score[house] == best)
        pm = next(e for e in events if isinstance(e, ev.PotionsMaster))
        agree(master, pm.seat, "Maître des Potions")
        lc = next(e for e in events if isinstance(e, ev.Latecomers))
        agree(late, list(lc.seats), "Retardataires")
        ge = next(e for e in events if isinstance(e, ev.GameEnded))
        agree(dict(score), dict(ge.house_scores), "house scores")
        agree(winners, sorted(ge.winners), "winning houses")
        agree([score[self.houses[s]] for s in range(self.players)], list(result.scores), "scores per seat")
        agree([s for s in range(self.players) if self.houses[s] in winners], sorted(result.winners), "winners")
        self.points_compared += 1


def referee_for(state: Any) -> Referee:
    players = state.players
    houses = list(state.houses)
    sizes = Counter(houses)
    hands, retard = [], []
    for seat in range(players):
        pair = sizes[houses[seat]] == 2
        hands.append(Counter({"stupefix": 2 if pair else 3, "rate": 6 if pair else 5}))
        retard.append(1 if pair else 0)
    agree([+h for h in hands], [+Counter(h) for h in state.hands], "spell cards at the start")
    agree(retard, list(state.retard), "Retard tokens at the start")
    return Referee(houses, state.chouchou, hands, retard, [0] * players, [0] * players)


def play(players: int, seed: int, kinds: list[str]) -> Referee:
    state = GAME.setup(players, GAME.default_options(players), seed)
    ref = referee_for(state)
    bots = [make_bot(GAME, kinds[seat % len(kinds)]) for seat in range(players)]
    rng = Rng.from_seed(seed * 7919 + players)
    ref.row = Counter(state.row)
    while GAME.result(state) is None:
        acting = GAME.to_act(state)
        seat = acting[rng.below(len(acting))]
        command = bots[seat].choose(GAME.view(state, seat), rng)
        legal = GAME.legal(state, seat)
        if isinstance(command, ev.PointWand):
            allowed = sorted(
                (c.target for c in legal if isinstance(c, ev.PointWand)), key=lambda t: -1 if t is None else t
            )
            adversaries = [other for other in range(players) if ref.houses[other] != ref.houses[seat]]
            agree([None, *adversaries], allowed, f"seat {seat}'s wand may point at")
        round_before = state.round
        events = GAME.apply(state, command)
        if isinstance(command, ev.PrepareSpell):
            ref.prepared[seat] = command.spell
            ref.hands[seat][command.spell] -= 1
        elif isinstance(command, ev.PointWand):
            ref.aims[seat] = command.target
        elif isinstance(command, ev.CastSpell):
            ref.protego[seat] = command.protego
        if any(isinstance(e, ev.SpellsRevealed) for e in events):
            ref.reveal(events, state)
        if isinstance(command, ev.TakeReward):
            agree(True, ev.RewardTaken(seat, command.reward) in events, "the reward chosen is taken")
        ref.draft_events(events, state)
        agree(ref.retard, list(state.retard), "Retard tokens")
        agree(ref.potions, list(state.potions), "Potion Réussie")
        agree(ref.faveurs, list(state.faveurs), "Faveur")
        agree([+h for h in ref.hands], [+Counter(h) for h in state.hands], "spell cards in hand")
        if any(isinstance(e, ev.RoundEnded) for e in events):
            ref.round_end(events, state)
            agree(ref.chouchou, state.chouchou, "the Chouchou")
            ref.prepared, ref.aims, ref.protego = {}, {}, {}
            shown = [e for e in events if isinstance(e, ev.RewardsRevealed)]
            if shown:
                ref.row = Counter(shown[-1].rewards) + Counter({"chouchou": 1})
            if state.round == round_before and GAME.result(state) is None:
                raise Disagreement("a round ended and the next did not start")
        result = GAME.result(state)
        if result is not None:
            ref.final(events, result)
    return ref


MIXES = (["random"], ["medium"], ["random", "medium"], ["medium", "random", "random"])


@pytest.mark.parametrize("players", range(4, 9))
def test_the_engine_agrees_with_an_independent_referee(players):
    seen: Counter = Counter()
    for seed in range(12):
        seen.update(play(players, 1000 * players + seed, MIXES[seed % len(MIXES)]).seen)
    assert seen["game"] == 12
    # the games met the situations that matter most (nobody standing and the rest are met across the sizes)
    for situation in (
        "Protego against Stupéfix",
        "stunned while casting Stupéfix",
        "Chouchou down, the draft starts to the left",
        "Cours found choice",
    ):
        assert seen[situation], situation
