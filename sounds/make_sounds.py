"""Synthesise every sound effect Tabletop uses, into this folder.

Run ``python sounds/make_sounds.py`` (from anywhere). Only the Python standard library is used (math, random,
struct, wave). Every random number comes from a generator seeded per sound, so running the script twice writes
byte-identical files: 44100 Hz, 16-bit, mono WAV, each peak-normalised to -3 dBFS with short fades at both ends
so nothing clicks.

The building blocks are plain lists of floats (one per sample, roughly -1..1): oscillators, noise, resonant
filters, envelopes, a small reverb, and ``place`` to mix one sound into another at a time offset.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

OUT = Path(__file__).resolve().parent
RATE = 44100
PEAK_DB = -1.0  # the highest a sample may reach
# How loud each sound is (``loudness``): every event alike, the buttons' and the tokens' quieter (they come often).
LOUDNESS_DB = {"*": -13.0, "click.wav": -17.0, "place.wav": -16.0, "step.wav": -17.0}

Buffer = list[float]


# --------------------------------------------------------------------------------------------- basics


def samples(seconds: float) -> int:
    return max(1, round(seconds * RATE))


def silence(seconds: float) -> Buffer:
    return [0.0] * samples(seconds)


def place(dst: Buffer, src: Sequence[float], at: float = 0.0, gain: float = 1.0) -> Buffer:
    """Mix src into dst starting at time ``at`` seconds (dst grows if needed); returns dst."""
    start = samples(at) if at > 0 else 0
    if len(dst) < start + len(src):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain
    return dst


def multiply(buf: Sequence[float], env: Sequence[float]) -> Buffer:
    return [a * b for a, b in zip(buf, env, strict=False)]


def noise(seconds: float, rng: random.Random) -> Buffer:
    """White noise."""
    return [rng.uniform(-1.0, 1.0) for _ in range(samples(seconds))]


def tone(freq: float | Callable[[float], float], seconds: float, shape: str = "sine", phase: float = 0.0) -> Buffer:
    """An oscillator; freq may be a function of time (seconds) for glides and vibrato."""
    out = []
    ph = phase
    n = samples(seconds)
    for i in range(n):
        f = freq(i / RATE) if callable(freq) else freq
        ph += f / RATE
        x = ph - math.floor(ph)
        if shape == "sine":
            out.append(math.sin(2 * math.pi * x))
        elif shape == "triangle":
            out.append(4 * abs(x - 0.5) - 1)
        else:
            raise ValueError(shape)
    return out


def partials(freq: float, seconds: float, spec: Sequence[tuple[float, float, float]], attack: float = 0.002) -> Buffer:
    """Additive tone: spec holds (frequency ratio, amplitude, decay time constant in seconds) per partial."""
    n = samples(seconds)
    out = [0.0] * n
    for ratio, amp, tau in spec:
        f = freq * ratio
        if f >= RATE / 2:
            continue
        w = 2 * math.pi * f / RATE
        k = math.exp(-1.0 / (tau * RATE))
        a = amp
        for i in range(n):
            out[i] += a * math.sin(w * i)
            a *= k
    return multiply(out, attack_env(n, attack))


def attack_env(n: int, attack: float) -> Buffer:
    m = max(1, samples(attack))
    return [min(1.0, i / m) for i in range(n)]


def envelope(n: int, points: Sequence[tuple[float, float]]) -> Buffer:
    """A piecewise-linear envelope through (time in seconds, level) points."""
    out = []
    j = 0
    for i in range(n):
        t = i / RATE
        while j < len(points) - 2 and t > points[j + 1][0]:
            j += 1
        (t0, v0), (t1, v1) = points[j], points[j + 1]
        u = 0.0 if t1 <= t0 else min(1.0, max(0.0, (t - t0) / (t1 - t0)))
        out.append(v0 + (v1 - v0) * u)
    return out


def decay_env(n: int, tau: float, attack: float = 0.001) -> Buffer:
    """A quick attack then exponential decay with time constant tau seconds."""
    m = max(1, samples(attack))
    k = math.exp(-1.0 / (tau * RATE))
    out = []
    level = 1.0
    for i in range(n):
        out.append(min(1.0, i / m) * level)
        if i >= m:
            level *= k
    return out


# --------------------------------------------------------------------------------------------- filters


def _biquad_coeffs(kind: str, freq: float, q: float) -> tuple[float, float, float, float, float]:
    """RBJ cookbook biquad coefficients (b0, b1, b2, a1, a2), normalised by a0."""
    freq = min(max(freq, 10.0), RATE * 0.45)
    w0 = 2 * math.pi * freq / RATE
    cw, alpha = math.cos(w0), math.sin(w0) / (2 * q)
    if kind == "lowpass":
        b0, b1, b2 = (1 - cw) / 2, 1 - cw, (1 - cw) / 2
    elif kind == "highpass":
        b0, b1, b2 = (1 + cw) / 2, -(1 + cw), (1 + cw) / 2
    elif kind == "bandpass":
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(kind)
    a0 = 1 + alpha
    return b0 / a0, b1 / a0, b2 / a0, -2 * cw / a0, (1 - alpha) / a0


def biquad(buf: Sequence[float], kind: str, freq: float | Callable[[float], float], q: float = 0.707) -> Buffer:
    """Filter through a biquad; freq may be a function of time (coefficients refreshed every 32 samples)."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    coeffs = _biquad_coeffs(kind, freq(0.0) if callable(freq) else freq, q)
    for i, x in enumerate(buf):
        if callable(freq) and i % 32 == 0:
            coeffs = _biquad_coeffs(kind, freq(i / RATE), q)
        b0, b1, b2, a1, a2 = coeffs
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def lowpass(buf: Sequence[float], freq: float | Callable[[float], float], q: float = 0.707) -> Buffer:
    return biquad(buf, "lowpass", freq, q)


def highpass(buf: Sequence[float], freq: float | Callable[[float], float], q: float = 0.707) -> Buffer:
    return biquad(buf, "highpass", freq, q)


def bandpass(buf: Sequence[float], freq: float | Callable[[float], float], q: float = 1.0) -> Buffer:
    return biquad(buf, "bandpass", freq, q)


def reverb(buf: Sequence[float], seconds: float = 0.6, wet: float = 0.25, damp: float = 0.4) -> Buffer:
    """A small Schroeder room: four damped comb filters in parallel and two all-passes; adds a tail."""
    n = len(buf) + samples(seconds)
    dry = list(buf) + [0.0] * (n - len(buf))
    combs = [(1116, 0.78), (1188, 0.76), (1277, 0.74), (1356, 0.72)]
    wet_sum = [0.0] * n
    for delay, fb in combs:
        line = [0.0] * delay
        idx = 0
        store = 0.0
        for i in range(n):
            y = line[idx]
            store = y * (1 - damp) + store * damp
            line[idx] = dry[i] + store * fb
            idx = (idx + 1) % delay
            wet_sum[i] += y
    for delay, g in ((556, 0.5), (441, 0.5)):
        line = [0.0] * delay
        idx = 0
        out = []
        for v in wet_sum:
            b = line[idx]
            y = -v * g + b
            line[idx] = v + b * g
            idx = (idx + 1) % delay
            out.append(y)
        wet_sum = out
    return [d + w * wet / len(combs) for d, w in zip(dry, wet_sum, strict=True)]


# --------------------------------------------------------------------------------------------- finishing


def fade(buf: Buffer, fade_in: float = 0.003, fade_out: float = 0.02) -> Buffer:
    """Raised-cosine fades at both ends."""
    n = len(buf)
    fi, fo = min(n // 2, samples(fade_in)), min(n // 2, samples(fade_out))
    for i in range(fi):
        buf[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fi)
    for i in range(fo):
        buf[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fo)
    return buf


def remove_dc(buf: Sequence[float]) -> Buffer:
    """A gentle high-pass at 20 Hz so no sound sits off centre."""
    out = []
    prev_x = prev_y = 0.0
    r = 1 - 2 * math.pi * 20 / RATE
    for x in buf:
        y = x - prev_x + r * prev_y
        prev_x, prev_y = x, y
        out.append(y)
    return out


def trim(buf: Buffer, seconds: float) -> Buffer:
    return buf[: samples(seconds)]


def loudness(buf: Sequence[float]) -> float:
    """How loud ``buf`` sounds, in dB: its loudest 50 ms, the lows below 120 Hz left out (the ear hears them
    less), as RMS. Peaks say little of it: the dice, all clicks, sounded 8 dB under the spell at the same peak."""
    heard = highpass(buf, 120)
    step = samples(0.05)
    windows = [heard[at : at + step] for at in range(0, max(1, len(heard) - step + 1), step // 2)]
    power = max(sum(v * v for v in window) / len(window) for window in windows if window)
    return 10 * math.log10(power or 1e-12)


def write(name: str, buf: Sequence[float], seconds: float, fade_in: float = 0.002, fade_out: float = 0.02) -> Path:
    """Cut to length, remove DC, fade, bring to its loudness (LOUDNESS_DB, or the quieter level of a button's
    sound), its peak never above PEAK_DB, and write a 16-bit mono WAV."""
    data = remove_dc(buf)
    data = trim(data, seconds) + [0.0] * max(0, samples(seconds) - len(data))
    data = fade(data, fade_in, fade_out)
    peak = max(abs(v) for v in data) or 1.0
    wanted = LOUDNESS_DB.get(name, LOUDNESS_DB["*"]) - loudness(data)
    gain = min(10 ** (wanted / 20), 10 ** (PEAK_DB / 20) / peak)
    frames = struct.pack(f"<{len(data)}h", *(max(-32768, min(32767, round(v * gain * 32767))) for v in data))
    target = OUT / name
    with wave.open(str(target), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return target


def note(name: str) -> float:
    """Equal-tempered frequency of a note name such as 'A4', 'C#5' or 'Bb3'."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    letter, rest = name[0], name[1:]
    semis = names[letter]
    if rest.startswith("#"):
        semis, rest = semis + 1, rest[1:]
    elif rest.startswith("b"):
        semis, rest = semis - 1, rest[1:]
    return 440.0 * 2 ** ((semis + 12 * (int(rest) - 4)) / 12)


# --------------------------------------------------------------------------------------------- the sounds


def snd_deal() -> tuple[Buffer, float]:
    """A card swish: noise through a band-pass sweeping 1.8 -> 5.5 kHz, swelling and fading."""
    rng = random.Random(101)
    dur = 0.18
    body = bandpass(noise(dur, rng), lambda t: 1800 + 3700 * min(1.0, t / 0.12), q=1.2)
    air = highpass(noise(dur, rng), 6000)
    n = len(body)
    env = envelope(n, [(0, 0), (0.025, 1.0), (0.07, 0.7), (dur, 0.0)])
    return multiply([b + 0.25 * a for b, a in zip(body, air, strict=True)], env), dur


def snd_place() -> tuple[Buffer, float]:
    """A wooden token set on wood: damped low modes plus a soft filtered tap."""
    rng = random.Random(202)
    dur = 0.12
    knock = partials(190, dur, [(1.0, 1.0, 0.030), (2.17, 0.55, 0.018), (3.9, 0.3, 0.010), (6.3, 0.15, 0.006)], 0.0008)
    tap = multiply(lowpass(noise(dur, rng), 2200), decay_env(samples(dur), 0.006, 0.0005))
    return place(knock, tap, 0, 0.6), dur


def snd_step() -> tuple[Buffer, float]:
    """A character's pawn moved on the board: slid a little over the card, then set down with a low felt knock
    (lower and softer than a token's; the button's click had served, and a bot's move sounded like a button)."""
    rng = random.Random(252)
    dur = 0.2
    slide = bandpass(noise(0.09, rng), lambda t: 900 + 900 * t / 0.09, q=0.8)
    slide = multiply(slide, envelope(len(slide), [(0, 0), (0.05, 0.5), (0.09, 0.0)]))
    knock = partials(120, 0.11, [(1.0, 1.0, 0.035), (2.4, 0.4, 0.015), (4.1, 0.15, 0.008)], 0.001)
    tap = multiply(lowpass(noise(0.11, rng), 1200), decay_env(samples(0.11), 0.005, 0.0005))
    out = place(silence(dur), slide, 0.0, 0.5)
    place(out, knock, 0.08, 1.0)
    return place(out, tap, 0.08, 0.4), dur


def snd_reveal() -> tuple[Buffer, float]:
    """A card flip: two quick papery ticks, the second a little lower, over a faint thump."""
    rng = random.Random(303)
    dur = 0.15
    out = silence(dur)
    for at, f, g in ((0.0, 3400, 1.0), (0.055, 2600, 0.8)):
        tick = multiply(bandpass(noise(0.03, rng), f, q=1.5), decay_env(samples(0.03), 0.006, 0.0008))
        place(out, tick, at + 0.004, g)
    thump = partials(140, 0.08, [(1.0, 1.0, 0.02), (2.3, 0.3, 0.01)], 0.001)
    place(out, thump, 0.06, 0.25)
    return out, dur


def snd_take() -> tuple[Buffer, float]:
    """A card slid off the table: rough band-passed friction noise that rises, then lets go."""
    rng = random.Random(404)
    dur = 0.2
    raw = noise(dur, rng)
    rough = lowpass([rng.uniform(0.6, 1.0) for _ in range(samples(dur))], 180)
    body = bandpass(multiply(raw, rough), lambda t: 1500 + 1800 * t / dur, q=0.9)
    env = envelope(len(body), [(0, 0), (0.12, 1.0), (0.16, 0.6), (dur, 0.0)])
    return multiply(body, env), dur


BELL = [(1.0, 1.0, 0.25), (2.76, 0.45, 0.10), (5.4, 0.25, 0.05), (8.93, 0.12, 0.03)]


def snd_reward() -> tuple[Buffer, float]:
    """A coin chime: two bright metallic pings a fifth apart, with a little shimmer."""
    rng = random.Random(505)
    dur = 0.9  # (the bell rings out: cut at 0.35 s it was still at -20 dB)
    out = silence(dur)
    place(out, partials(note("E6"), dur, BELL, 0.001), 0.0, 0.8)
    place(out, partials(note("B6"), dur - 0.07, BELL, 0.001), 0.07, 1.0)
    shimmer = multiply(highpass(noise(0.06, rng), 7000), decay_env(samples(0.06), 0.012))
    place(out, shimmer, 0.0, 0.15)
    return out, dur


def brass(freq: float, seconds: float, attack: float = 0.04, vibrato: float = 0.0) -> Buffer:
    """A soft warm horn-like voice: a few harmonics, a slow attack and gentle release, optional vibrato."""
    n = samples(seconds)
    out = [0.0] * n
    for h, amp in ((1, 1.0), (2, 0.5), (3, 0.28), (4, 0.14), (5, 0.07)):
        ph = 0.0
        for i in range(n):
            t = i / RATE
            f = freq * h * (1 + vibrato * math.sin(2 * math.pi * 5.2 * t) * min(1.0, t / 0.3))
            ph += f / RATE
            out[i] += amp * math.sin(2 * math.pi * ph)
    env = envelope(
        n, [(0, 0), (attack, 1.0), (attack + 0.08, 0.8), (max(attack + 0.09, seconds - 0.12), 0.7), (seconds, 0.0)]
    )
    return lowpass(multiply(out, env), 3200)


def snd_end() -> tuple[Buffer, float]:
    """The game is over: a short warm fanfare, C-E-G rising to a held C major chord, in a small room."""
    dur = 2.0  # (its room's echo dies away)
    out = silence(dur)
    for k, (name, at) in enumerate((("C4", 0.0), ("E4", 0.13), ("G4", 0.26))):
        place(out, brass(note(name), 0.2, 0.02), at, 1.3 + 0.1 * k)
    for name in ("C4", "E4", "G4", "C5"):
        place(out, brass(note(name), 1.05, 0.05, vibrato=0.004), 0.40, 0.55)
    place(out, partials(note("C6"), 0.9, BELL, 0.002), 0.40, 0.25)
    return reverb(out, 0.4, 0.35), dur


def snd_click() -> tuple[Buffer, float]:
    """A UI button tick: a tiny high blip with a crisp edge."""
    rng = random.Random(707)
    dur = 0.05
    blip = multiply(tone(1900, dur), decay_env(samples(dur), 0.008, 0.0008))
    tick = multiply(highpass(noise(dur, rng), 4000), decay_env(samples(dur), 0.002, 0.0003))
    return place(blip, tick, 0, 0.35), dur


def snd_error() -> tuple[Buffer, float]:
    """A soft 'nope': two low mellow tones stepping down."""
    dur = 0.25
    out = silence(dur)
    for at, name in ((0.0, "E4"), (0.115, "C4")):
        n = samples(0.12)
        voice = [
            a + 0.25 * b for a, b in zip(tone(note(name), 0.12, "triangle"), tone(note(name) * 2, 0.12), strict=True)
        ]
        env = envelope(n, [(0, 0), (0.012, 1.0), (0.06, 0.55), (0.12, 0.0)])
        place(out, lowpass(multiply(voice, env), 1400), at)
    return out, dur


def impact(rng: random.Random, bright: float) -> Buffer:
    """One die hitting something: a few high resonant modes with a noisy edge."""
    base = rng.uniform(1800, 2600) * bright
    hit = partials(base, 0.05, [(1.0, 1.0, 0.010), (1.63, 0.6, 0.007), (2.41, 0.4, 0.005)], 0.0004)
    edge = multiply(bandpass(noise(0.05, rng), base * 1.8, q=0.8), decay_env(samples(0.05), 0.003, 0.0003))
    return place(hit, edge, 0, 0.6)


def snd_dice() -> tuple[Buffer, float]:
    """Dice rattled in a hand, thrown, then tumbling to a stop on the table."""
    rng = random.Random(909)
    dur = 0.6
    out = silence(dur)
    t = 0.0
    while t < 0.18:  # rattle in the cupped hand
        place(out, impact(rng, 1.1), t, rng.uniform(0.25, 0.45))
        t += rng.uniform(0.012, 0.03)
    t = 0.22
    gap, level = 0.085, 1.0
    while t < 0.56 and level > 0.1:  # bounces, closer and softer, each with a low thud on the table
        place(out, impact(rng, 0.9), t, level)
        place(
            out, partials(rng.uniform(150, 190), 0.06, [(1.0, 1.0, 0.015), (2.2, 0.4, 0.008)], 0.0005), t, 0.5 * level
        )
        if rng.random() < 0.6:
            place(out, impact(rng, 1.0), t + rng.uniform(0.01, 0.02), 0.5 * level)
        t += gap
        gap *= 0.78
        level *= 0.72
    return out, dur


def snd_spell() -> tuple[Buffer, float]:
    """A magical shimmer: an airy whoosh rising and falling, sprinkled with high twinkles."""
    rng = random.Random(1111)
    dur = 0.7
    tail = 0.3  # (the twinkles' echo dies away after the whoosh)
    whoosh = bandpass(noise(dur, rng), lambda t: 700 + 4200 * math.sin(math.pi * min(1.0, t / 0.55)), q=1.4)
    whoosh = multiply(whoosh, envelope(len(whoosh), [(0, 0), (0.25, 1.0), (0.45, 0.5), (dur, 0.0)]))
    out = place(silence(dur), whoosh, 0, 0.5)
    scale = [note(n) for n in ("C6", "D6", "E6", "G6", "A6", "C7", "D7", "E7")]
    t = 0.05
    for k in range(16):
        f = scale[min(len(scale) - 1, k // 2 + rng.randrange(2))]
        place(out, partials(f, 0.25, [(1.0, 1.0, 0.07), (2.0, 0.25, 0.04)], 0.002), t, rng.uniform(0.2, 0.32))
        t += rng.uniform(0.025, 0.04)
    glide = multiply(
        tone(lambda tt: 600 + 900 * tt / dur, dur), envelope(samples(dur), [(0, 0), (0.3, 0.25), (dur, 0)])
    )
    place(out, glide, 0, 0.3)
    return reverb(out + silence(tail), 0.3, 0.3), dur + tail


def snd_turn() -> tuple[Buffer, float]:
    """Your turn: one gentle, round bell with a soft hum underneath."""
    dur = 0.8  # (the bell rings out: cut at 0.5 s it was still at -26 dB)
    bell = partials(
        note("A5"),
        dur,
        [
            (0.5, 0.35, 0.25),
            (1.0, 1.0, 0.22),
            (1.19, 0.25, 0.12),
            (1.5, 0.2, 0.10),
            (2.0, 0.3, 0.08),
            (2.74, 0.12, 0.05),
        ],
        0.004,
    )
    return reverb(bell, 0.2, 0.2), dur


SOUNDS: dict[str, Callable[[], tuple[Buffer, float]]] = {
    "deal.wav": snd_deal,
    "place.wav": snd_place,
    "step.wav": snd_step,
    "reveal.wav": snd_reveal,
    "take.wav": snd_take,
    "reward.wav": snd_reward,
    "end.wav": snd_end,
    "click.wav": snd_click,
    "error.wav": snd_error,
    "dice.wav": snd_dice,
    "spell.wav": snd_spell,
    "turn.wav": snd_turn,
}

FADE_OUT = {
    "click.wav": 0.008,
    "place.wav": 0.015,
    "step.wav": 0.03,
    "reveal.wav": 0.015,
    "end.wav": 0.4,
    "turn.wav": 0.2,
    "spell.wav": 0.2,
    "reward.wav": 0.25,
}


def main(argv: Sequence[str] = ()) -> None:
    """Write every sound (or only those whose names contain one of the arguments)."""
    wanted = list(argv)
    for name, make in SOUNDS.items():
        if wanted and not any(w in name for w in wanted):
            continue
        buf, seconds = make()
        write(name, buf, seconds, fade_in=0.001, fade_out=FADE_OUT.get(name, 0.02))
        print("wrote", name)


if __name__ == "__main__":
    main(sys.argv[1:])
