"""Dice thrown across the tray with pymunk; they come to rest on the values the rules core already rolled.

One command may roll several times (a tie rolled again, Chaos and then "who falls first"): each throw lands and
stays alone on the tray for ``HOLD`` seconds, captioned with what it decides, before the next is thrown; the
command's earlier throws stay small at the top right, so every roll can be read in order.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
import pymunk

from tabletop.games.thats_wizard.events import DiceRolled
from tabletop.games.thats_wizard.i18n import gettext as _
from tabletop.i18n import N_
from tabletop.ui import theme
from tabletop.ui.sprites.cache import surface_cache
from tabletop.ui.tables.thats_wizard.cards import TEAM_COLOURS, TEAM_DARK

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}
SETTLE_SPEED = 25.0
HOLD = 1.0  # seconds a landed throw stays alone on the tray before the next throw of the queue
# What a roll decides, written on the tray (the DiceRolled reason -> its caption).
CAPTIONS = {
    "turn order": N_("Turn order tie: the high roll chooses"),
    "who falls first": N_("Both would fall: the high roll picks who falls first"),
    "end of round": N_("End-of-round order: high rolls pick first"),
    "pairing": N_("Sudden death: the high roll picks the pairs"),
    "chaos": N_("Chaos"),
    "portents": N_("Portents"),
}
# A roll-off rolled again after a tie (its first caption's words before the colon).
REROLLS = {
    "turn order": N_("Turn order tie"),
    "who falls first": N_("Both would fall"),
    "end of round": N_("End-of-round order"),
    "pairing": N_("Sudden death"),
}
ROLL_OFFS = ("turn order", "who falls first", "end of round", "pairing")
TRAY = (46, 36, 26)  # the tray's cloth (the painter lays it), behind the captions over a die


@dataclass(frozen=True)
class Throw:
    """One roll: the values the rules rolled, each die's team colour and name label, and what it decides (the
    DiceRolled reason, and how many times in a row a roll-off was rolled again after a tie)."""

    values: tuple[int, ...]
    teams: tuple[int, ...]
    labels: tuple[str, ...]
    reason: str = ""
    again: int = 0

    @property
    def caption(self) -> str:
        """What the throw decides, in the current language (put into words at each drawing, so a change of
        language in the settings shows on a throw already on the tray)."""
        if not self.reason:
            return ""
        if self.again:
            what = _(REROLLS[self.reason])
            said = _("{what}: reroll {count}") if self.again > 1 else _("{what}: reroll")
            return said.format(what=what, count=self.again)
        return _(CAPTIONS[self.reason]) if self.reason in CAPTIONS else self.reason.capitalize()


def throws(rolls: list[DiceRolled], names: list[str]) -> list[Throw]:
    """The throws of one command's rolls; a roll-off rolled again after a tie says so."""
    out: list[Throw] = []
    again = 0
    for index, roll in enumerate(rolls):
        again = again + 1 if index and roll.reason in ROLL_OFFS and rolls[index - 1].reason == roll.reason else 0
        teams = tuple(s % 2 for s in roll.seats)
        out.append(Throw(roll.values, teams, tuple(names[s] for s in roll.seats), roll.reason, again))
    return out


@dataclass
class Die:
    body: pymunk.Body
    value: int
    team: int
    label: str
    still: float = 0.0  # seconds it has been nearly motionless
    settled: bool = False
    image: pygame.Surface | None = None  # the resting die, turned as it lies


@surface_cache(64)
def die_face(size: int, value: int, team: int) -> pygame.Surface:
    face = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(3, size // 6)
    pygame.draw.rect(face, TEAM_COLOURS[team], (0, 0, size, size), border_radius=radius)
    pygame.draw.rect(face, TEAM_DARK[team], (0, 0, size, size), width=max(1, size // 16), border_radius=radius)
    for fx, fy in PIPS[value]:
        pip = (255, 255, 255) if team == 0 else (60, 40, 10)
        pygame.draw.circle(face, pip, (round(fx * size), round(fy * size)), max(2, size // 10))
    return face


class DiceTray:
    def __init__(self, rect: pygame.Rect, size: int, seed: int = 0) -> None:
        self.random = random.Random(seed)
        self.dice: list[Die] = []  # the throw on the tray (``current``), as physical dice
        self.current: Throw | None = None
        self.earlier: list[Throw] = []  # throws of the same command that already landed, oldest first
        self.pending: deque[tuple[Throw, bool]] = deque()  # (throw, first of its command), waiting their turn
        self.age = HOLD  # seconds since every die settled (a throw waits for the one before to lie HOLD seconds)
        self.still = False  # reduced motion: each throw lies at once where it lands (queue)
        self.on_throw: Callable[[], None] | None = None  # called as each throw starts (the table plays the sound)
        self.layout(rect, size)

    def layout(self, rect: pygame.Rect, size: int) -> None:
        """A new space of this size; dice already thrown lie still, side by side."""
        self.rect, self.size = rect, size
        self.space = pymunk.Space()
        self.space.damping = 0.2
        corners = (rect.topleft, rect.topright, rect.bottomright, rect.bottomleft)
        for a, c in zip(corners, corners[1:] + corners[:1], strict=True):
            rail = pymunk.Segment(self.space.static_body, a, c, 3)
            rail.elasticity, rail.friction = 0.6, 0.8
            self.space.add(rail)
        for index, die in enumerate(self.dice):
            x = rect.left + rect.width * (index + 1) / (len(self.dice) + 1)
            die.body, die.settled, die.image = self._body((x, rect.centery), (0, 0), 0), True, None

    def _body(self, pos: tuple[float, float], velocity: tuple[float, float], spin: float) -> pymunk.Body:
        body = pymunk.Body(1, pymunk.moment_for_box(1, (self.size, self.size)))
        body.position, body.velocity, body.angular_velocity = pos, velocity, spin
        shape = pymunk.Poly.create_box(body, (self.size, self.size), radius=self.size * 0.12)
        shape.elasticity, shape.friction = 0.45, 0.7
        self.space.add(body, shape)
        return body

    def queue(self, throws: list[Throw], instant: bool = False, still: bool = False) -> None:
        """The throws of one command, in the order rolled (``step`` throws them). ``instant`` (animation off) lands
        them all now; ``still`` (reduced motion) lands each throw as it comes, without rolling, each still shown
        its time (HOLD) before the next."""
        self.still = still
        self.pending.extend((throw, index == 0) for index, throw in enumerate(throws))
        while instant and self.pending:
            self._launch(*self.pending.popleft())
            self.settle_now()

    def throw(self, values: list[int], teams: list[int], labels: list[str]) -> None:
        """Throw these dice at once, in place of whatever lies on the tray (the queue is kept; for benchmarks)."""
        self._launch(Throw(tuple(values), tuple(teams), tuple(labels)), first=True)

    def _launch(self, throw: Throw, first: bool) -> None:
        """New dice, thrown in from the left rail; they will come to rest on the throw's values."""
        self.earlier = [] if first or self.current is None else [*self.earlier, self.current]
        self.current = throw
        if self.on_throw is not None:
            self.on_throw()
        for die in self.dice:
            self.space.remove(die.body, *die.body.shapes)
        self.dice = []
        self.age = 0.0
        for index, (value, team, label) in enumerate(zip(throw.values, throw.teams, throw.labels, strict=True)):
            # Side by side from the left rail, never overlapping, each thrown a little up or down the tray.
            x = self.rect.left + self.size * (0.9 + 1.6 * index)
            y = self.rect.centery + self.random.uniform(-0.15, 0.15) * self.rect.height
            speed, angle = self.random.uniform(700, 1000), self.random.uniform(-0.5, 0.5)
            body = self._body((x, y), (speed * math.cos(angle), speed * math.sin(angle)), self.random.uniform(-14, 14))
            self.dice.append(Die(body, value, team, label))

    def clear(self) -> None:
        """An empty tray: no dice, nothing waiting (a replay jumped away from the throws)."""
        for die in self.dice:
            self.space.remove(die.body, *die.body.shapes)
        self.dice = []
        self.current = None
        self.earlier = []
        self.pending.clear()
        self.age = HOLD

    def settle_now(self) -> None:
        """The current throw comes to rest at once (the queue stays)."""
        for _step in range(600):
            if not self.busy_throwing:
                break
            self.step(1 / 60)

    def land_all(self) -> None:
        """Every throw, the current and those waiting, landed at once and silent (a tap hurried the table): the
        last lies on the tray, as after its roll."""
        on_throw, self.on_throw = self.on_throw, None
        for _throw in range(len(self.pending) + 1):
            self.settle_now()
            if not self.pending:
                break
            self.age = HOLD
            self.step(0.0)
        self.settle_now()
        self.on_throw = on_throw

    @property
    def busy_throwing(self) -> bool:
        """Dice of the current throw are still rolling."""
        return any(not die.settled for die in self.dice)

    @property
    def busy(self) -> bool:
        """Dice are rolling, or more throws wait their turn: the table does not move on before the last lands."""
        return self.busy_throwing or bool(self.pending)

    def step(self, dt: float) -> None:
        if not self.busy_throwing:
            self.age += dt
            if self.pending and self.age >= HOLD:
                self._launch(*self.pending.popleft())
                if self.still:
                    self.settle_now()
            return
        self.space.step(dt)
        for die in self.dice:
            slow = die.body.velocity.length < SETTLE_SPEED and abs(die.body.angular_velocity) < 0.6
            die.still = die.still + dt if slow else 0.0
            if die.still > 0.2 and not die.settled:
                die.settled = True
                die.body.velocity, die.body.angular_velocity = (0, 0), 0

    def shown_value(self, die: Die) -> int:
        """Tumbling, the top face changes with the turn; at rest it is the rolled value."""
        return die.value if die.settled else 1 + int(abs(die.body.angle) * 2.2) % 6

    def die_rects(self) -> list[pygame.Rect]:
        """Where each die lies, turned any way (the square round its turned face)."""
        side = round(self.size * 1.42)
        return [pygame.Rect(0, 0, side, side).move_to(center=die.body.position) for die in self.dice]

    def draw(self, surface: pygame.Surface, keep_clear: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
        """The dice, their names, then over them the words of the throw: what it decides at the top left, the
        command's earlier throws at the top right, each on its own patch of tray (a die may rest under it).
        ``keep_clear``: other words on the tray, which the names keep clear of. Returns where the dice and their
        names were drawn."""
        words = self._words()
        placed: list[tuple[Die, pygame.Rect]] = []
        for die in self.dice:
            turned = die.image
            if turned is None:
                face = die_face(self.size, self.shown_value(die), die.team)
                turned = pygame.transform.rotate(face, -math.degrees(die.body.angle))
                die.image = turned if die.settled else None  # at rest it is turned once
            placed.append((die, surface.blit(turned, turned.get_rect(center=die.body.position))))
        taken = [patch for patch, _images in words] + list(keep_clear) + [rect for _die, rect in placed]
        drawn = [rect for _die, rect in placed]
        for die, rect in placed:
            if die.settled and die.label:
                name = theme.text(die.label, 14, theme.TEXT, True)
                drawn.append(surface.blit(name, self._name_place(name.get_rect(), rect, taken)))
                taken.append(drawn[-1])
        for patch, images in words:
            pygame.draw.rect(surface, TRAY, patch, border_radius=4)
            surface.blits(images, doreturn=False)
        return drawn

    def _name_place(self, name: pygame.Rect, die: pygame.Rect, taken: list[pygame.Rect]) -> pygame.Rect:
        """Where a die's name goes on the tray: under the die, else over it, else beside it (else a little aside
        under or over), the first place that covers nothing ``taken`` (the throw's words, the dice, the names
        placed); else the one covering least."""
        places = [
            place.clamp(self.rect)
            for place in (
                name.move_to(midtop=die.midbottom),
                name.move_to(midbottom=die.midtop),
                name.move_to(midleft=(die.right, die.centery)),
                name.move_to(midright=(die.left, die.centery)),
                name.move_to(topright=die.bottomright),  # (a crowded tray: under or over, a little aside)
                name.move_to(topleft=die.bottomleft),
                name.move_to(bottomright=die.topright),
                name.move_to(bottomleft=die.topleft),
            )
        ]

        def covered(place: pygame.Rect) -> int:
            return sum(part.w * part.h for part in (place.clip(rect) for rect in taken))

        return min(places, key=covered)  # (the first of the least covered)

    def _words(self) -> list[tuple[pygame.Rect, list[tuple[pygame.Surface, tuple[int, int]]]]]:
        """The throw's words, each as (the patch of tray it covers, the images drawn on it and where)."""
        top = self.rect.top + 4
        words: list[tuple[pygame.Rect, list[tuple[pygame.Surface, tuple[int, int]]]]] = []
        said = self.current.caption if self.current is not None else ""  # put into words once a frame
        if said:
            text = theme.text(said, 14, theme.GOLD_LIGHT)
            spot = text.get_rect(topleft=(self.rect.left + 8, top))
            words.append((spot.inflate(8, 4), [(text, spot.topleft)]))
        # The earlier throws of this command, small, at the top right: each caption, then its dice.
        small, right = max(12, self.size // 2), self.rect.right - 8
        for throw in reversed(self.earlier):
            width = len(throw.values) * (small + 3)
            caption = theme.text(throw.caption, 14, theme.GOLD_LIGHT) if throw.caption else None
            left = right - width - (caption.get_width() + 6 if caption else 0)
            if left < self.rect.left + self.rect.width // 3:
                break
            faces = [
                (die_face(small, value, team), (right - width + index * (small + 3), top))
                for index, (value, team) in enumerate(zip(throw.values, throw.teams, strict=True))
            ]
            if caption is not None:
                faces.append((caption, caption.get_rect(midleft=(left, top + small // 2)).topleft))
            words.append((pygame.Rect(left - 4, top - 2, right - left + 8, small + 4), faces))
            right = left - 14
        return words
