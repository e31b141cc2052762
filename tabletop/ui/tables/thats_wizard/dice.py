"""Dice thrown across the tray with pymunk: they tumble, bounce off the rails and come to rest showing the value
the rules core already rolled. Physics is only the show; the number was decided before the throw.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame
import pymunk

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


@dataclass
class Die:
    body: pymunk.Body
    value: int
    team: int
    label: str
    still: float = 0.0  # seconds it has been nearly motionless
    settled: bool = False
    image: pygame.Surface | None = None  # the resting die, turned as it lies


def die_face(size: int, value: int, team: int) -> pygame.Surface:
    face = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(3, size // 6)
    pygame.draw.rect(face, TEAM_COLOURS[team], (0, 0, size, size), border_radius=radius)
    pygame.draw.rect(face, TEAM_DARK[team], (0, 0, size, size), width=max(1, size // 16), border_radius=radius)
    pip = (255, 255, 255) if team == 0 else (60, 40, 10)
    for fx, fy in PIPS[value]:
        pygame.draw.circle(face, pip, (round(fx * size), round(fy * size)), max(2, size // 10))
    return face


class DiceTray:
    def __init__(self, rect: pygame.Rect, size: int, seed: int = 0) -> None:
        self.random = random.Random(seed)
        self.dice: list[Die] = []
        self.age = 0.0  # seconds since every die settled
        self._faces: dict[tuple[int, int, int], pygame.Surface] = {}
        self.layout(rect, size)

    def layout(self, rect: pygame.Rect, size: int) -> None:
        self.rect = rect
        self.size = size
        self.space = pymunk.Space()
        self.space.damping = 0.2
        b = rect
        for a, c in (
            ((b.left, b.top), (b.right, b.top)),
            ((b.right, b.top), (b.right, b.bottom)),
            ((b.right, b.bottom), (b.left, b.bottom)),
            ((b.left, b.bottom), (b.left, b.top)),
        ):
            rail = pymunk.Segment(self.space.static_body, a, c, 3)
            rail.elasticity = 0.6
            rail.friction = 0.8
            self.space.add(rail)
        for index, die in enumerate(self.dice):
            x = rect.left + rect.width * (index + 1) / (len(self.dice) + 1)
            die.body = self._body((x, rect.centery), (0, 0), 0.0)
            die.settled, die.image = True, None

    def _body(self, pos: tuple[float, float], velocity: tuple[float, float], spin: float) -> pymunk.Body:
        body = pymunk.Body(1, pymunk.moment_for_box(1, (self.size, self.size)))
        body.position = pos
        body.velocity = velocity
        body.angular_velocity = spin
        shape = pymunk.Poly.create_box(body, (self.size, self.size), radius=self.size * 0.12)
        shape.elasticity = 0.45
        shape.friction = 0.7
        self.space.add(body, shape)
        return body

    def throw(self, values: list[int], teams: list[int], labels: list[str], instant: bool = False) -> None:
        """New dice, thrown in from the left rail; they will come to rest on ``values``."""
        for die in self.dice:
            self.space.remove(die.body, *die.body.shapes)
        self.dice = []
        self.age = 0.0
        for index, (value, team, label) in enumerate(zip(values, teams, labels, strict=True)):
            # Side by side from the left rail, never overlapping, each thrown a little up or down the tray.
            x = self.rect.left + self.size * (0.9 + 1.6 * index)
            y = self.rect.centery + self.random.uniform(-0.15, 0.15) * self.rect.height
            speed = self.random.uniform(700, 1000)
            angle = self.random.uniform(-0.5, 0.5)
            velocity = (speed * math.cos(angle), speed * math.sin(angle))
            body = self._body((x, y), velocity, self.random.uniform(-14, 14))
            self.dice.append(Die(body, value, team, label))
        if instant:
            self.settle_now()

    def settle_now(self) -> None:
        for _ in range(600):
            if not self.busy:
                break
            self.step(1 / 60)

    @property
    def busy(self) -> bool:
        return any(not die.settled for die in self.dice)

    def step(self, dt: float) -> None:
        if not self.dice:
            return
        if self.busy:
            self.space.step(dt)
            for die in self.dice:
                slow = die.body.velocity.length < SETTLE_SPEED and abs(die.body.angular_velocity) < 0.6
                die.still = die.still + dt if slow else 0.0
                if die.still > 0.2 and not die.settled:
                    die.settled = True
                    die.body.velocity = (0, 0)
                    die.body.angular_velocity = 0
        else:
            self.age += dt

    def face(self, value: int, team: int) -> pygame.Surface:
        key = (self.size, value, team)
        if key not in self._faces:
            self._faces[key] = die_face(self.size, value, team)
        return self._faces[key]

    def shown_value(self, die: Die) -> int:
        """Tumbling, the top face changes with the turn; at rest it is the rolled value."""
        if die.settled:
            return die.value
        return 1 + int(abs(die.body.angle) * 2.2) % 6

    def draw(self, surface: pygame.Surface, font_render) -> None:
        for die in self.dice:
            if die.settled:
                if die.image is None:
                    die.image = pygame.transform.rotate(self.face(die.value, die.team), -math.degrees(die.body.angle))
                turned = die.image
            else:
                face = self.face(self.shown_value(die), die.team)
                turned = pygame.transform.rotate(face, -math.degrees(die.body.angle))
            x, y = die.body.position
            surface.blit(turned, turned.get_rect(center=(round(x), round(y))))
            if die.settled and die.label:
                label = font_render(die.label)
                surface.blit(label, label.get_rect(midtop=(round(x), round(y) + self.size // 2 + 2)))
