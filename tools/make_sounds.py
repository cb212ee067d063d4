#!/usr/bin/env python3
"""Synthesise Nocturne's sound effects and ambient loop.

Every sound is generated from scratch with numpy (deterministic seeds), written
as 44.1 kHz 16-bit WAV with the stdlib ``wave`` module and then converted to
Ogg Vorbis with ``sox`` into ``sounds/<name>.ogg``.  If sox is not installed the
WAV files are kept in ``sounds/`` instead (``pygame.mixer.Sound`` loads both).

    python tools/make_sounds.py            # all sounds
    python tools/make_sounds.py coin win   # just these

Design rules: soft attacks and decays (no clicks), filtered rather than raw
noise, effects peak at about -3 dBFS (the hover blip and tick deliberately
quieter, the ambient loop about -12 dBFS), nothing clips.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "sounds"
SR = 44100


# ---------------------------------------------------------------------------
# building blocks
# ---------------------------------------------------------------------------

def t_axis(dur: float) -> np.ndarray:
    return np.arange(int(round(dur * SR))) / SR


def db(x: float) -> float:
    return 10 ** (x / 20)


def silence(dur: float) -> np.ndarray:
    return np.zeros(int(round(dur * SR)))


def place(buf: np.ndarray, sig: np.ndarray, at: float, gain: float = 1.0) -> None:
    """Mix ``sig`` into ``buf`` starting at ``at`` seconds (clipped to buf)."""
    i = int(round(at * SR))
    if i >= len(buf):
        return
    n = min(len(sig), len(buf) - i)
    buf[i:i + n] += gain * sig[:n]


def place_wrap(buf: np.ndarray, sig: np.ndarray, at: float, gain: float = 1.0) -> None:
    """Mix into a circular buffer (tails wrap to the start: seamless loops)."""
    i = int(round(at * SR)) % len(buf)
    idx = (i + np.arange(len(sig))) % len(buf)
    np.add.at(buf, idx, gain * sig)


def env_ad(n: int, attack: float, decay: float, curve: float = 1.0) -> np.ndarray:
    """Attack (raised-cosine) then exponential decay with time-constant ``decay``."""
    t = np.arange(n) / SR
    a = np.ones(n)
    na = max(1, int(attack * SR))
    a[:na] = 0.5 - 0.5 * np.cos(np.pi * np.arange(na) / na)
    d = np.exp(-np.maximum(t - attack, 0) / max(decay, 1e-6)) ** curve
    return a * d


def fade(x: np.ndarray, fin: float = 0.002, fout: float = 0.01) -> np.ndarray:
    x = x.copy()
    ni, no = int(fin * SR), int(fout * SR)
    if ni:
        x[:ni] *= np.linspace(0, 1, ni)
    if no:
        x[-no:] *= np.linspace(1, 0, no) ** 2
    return x


def spectral_filter(x: np.ndarray, response) -> np.ndarray:
    """Zero-phase FFT filter; ``response(freqs)`` gives the gain per bin."""
    n = len(x)
    X = np.fft.rfft(x, n=n)
    f = np.fft.rfftfreq(n, 1 / SR)
    return np.fft.irfft(X * response(f), n=n)


def bandpass(x, lo, hi, order=3):
    def r(f):
        f = np.maximum(f, 1e-3)
        hp = 1 / np.sqrt(1 + (lo / f) ** (2 * order)) if lo else 1.0
        lp = 1 / np.sqrt(1 + (f / hi) ** (2 * order)) if hi else 1.0
        return hp * lp
    return spectral_filter(x, r)


def lowpass(x, fc, order=3):
    return bandpass(x, 0, fc, order)


def highpass(x, fc, order=3):
    return bandpass(x, fc, 0, order)


def resonance(x, fc, q):
    """Gaussian resonant band around fc (bandwidth fc/q)."""
    bw = fc / q
    return spectral_filter(x, lambda f: np.exp(-0.5 * ((f - fc) / bw) ** 2))


def swept_band(x: np.ndarray, centres: np.ndarray, width_oct: float = 1.0,
               frame: int = 2048) -> np.ndarray:
    """Time-varying band-pass by overlap-add: ``centres`` per sample (Hz)."""
    hop = frame // 4
    win = np.hanning(frame)
    pad = np.concatenate([np.zeros(frame), x, np.zeros(frame)])
    cpad = np.concatenate([np.full(frame, centres[0]), centres, np.full(frame, centres[-1])])
    out = np.zeros_like(pad)
    norm = np.zeros_like(pad)
    f = np.fft.rfftfreq(frame, 1 / SR)
    lf = np.log2(np.maximum(f, 1.0))
    for s in range(0, len(pad) - frame, hop):
        c = cpad[s + frame // 2]
        g = np.exp(-0.5 * ((lf - np.log2(c)) / (width_oct / 2)) ** 2)
        seg = np.fft.irfft(np.fft.rfft(pad[s:s + frame] * win) * g, n=frame)
        out[s:s + frame] += seg * win
        norm[s:s + frame] += win ** 2
    out /= np.maximum(norm, 1e-6)
    return out[frame:frame + len(x)]


def partials(freq: float, dur: float, spec, decay: float, attack: float = 0.004,
             decay_tilt: float = 1.0, rng=None, detune: float = 0.0) -> np.ndarray:
    """Additive tone: spec = [(ratio, amp), ...]; higher partials decay faster."""
    t = t_axis(dur)
    out = np.zeros_like(t)
    for k, (ratio, amp) in enumerate(spec):
        f = freq * ratio
        if f >= SR / 2 * 0.95:
            continue
        ph = rng.uniform(0, 2 * np.pi) if rng is not None else 0.0
        dt = 1 + (rng.uniform(-detune, detune) if (rng is not None and detune) else 0.0)
        d = decay / (1 + decay_tilt * (ratio - 1) * 0.5) if ratio > 1 else decay
        out += amp * np.sin(2 * np.pi * f * dt * t + ph) * np.exp(-t / d)
    na = max(1, int(attack * SR))
    out[:na] *= 0.5 - 0.5 * np.cos(np.pi * np.arange(na) / na)
    return out


def noise(dur: float, rng) -> np.ndarray:
    return rng.standard_normal(int(round(dur * SR)))


def normalise(x: np.ndarray, peak_db: float = -3.0) -> np.ndarray:
    m = np.max(np.abs(x))
    if m <= 0:
        return x
    return x * (db(peak_db) / m)


NOTE = {n: i for i, n in enumerate(["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"])}


def hz(name: str) -> float:
    """'A4' -> 440.0"""
    p, o = name[:-1], int(name[-1])
    return 440.0 * 2 ** ((NOTE[p] + 12 * (o + 1) - 69) / 12)


# ---------------------------------------------------------------------------
# instruments
# ---------------------------------------------------------------------------

BELL = [(0.5, 0.35), (1.0, 1.0), (1.19, 0.45), (1.5, 0.30), (2.0, 0.35), (2.52, 0.15),
        (3.0, 0.08), (4.07, 0.05)]
GLASS = [(1.0, 1.0), (2.76, 0.30), (5.40, 0.10), (8.93, 0.04)]
COIN = [(1.0, 1.0), (1.51, 0.55), (2.27, 0.40), (3.13, 0.18), (4.18, 0.08)]


def bell(freq, dur, decay=0.9, rng=None, spec=BELL):
    return partials(freq, dur, spec, decay, attack=0.002, decay_tilt=1.2, rng=rng)


def brass(freq, dur, rng, attack=0.04, release=0.25, bright=1.0):
    """Soft brass/organ: harmonic series with 1/k rolloff, swelling attack, vibrato."""
    t = t_axis(dur)
    vib = 1 + 0.003 * np.sin(2 * np.pi * 5.2 * t) * np.clip(t / 0.3, 0, 1)
    phase = 2 * np.pi * freq * np.cumsum(vib) / SR
    out = np.zeros_like(t)
    for k in range(1, 12):
        if freq * k > 9000:
            break
        amp = (1 / k) ** (1.6 - 0.5 * bright)
        out += amp * np.sin(k * phase + rng.uniform(0, 2 * np.pi))
    env = np.clip(t / attack, 0, 1) ** 1.5
    rel = np.clip((dur - t) / release, 0, 1)
    return out * env * rel


def click(rng, fc=3000, q=4, dur=0.03, decay=0.004):
    """Short resonant click (wood/plastic contact)."""
    n = noise(dur, rng) * env_ad(int(dur * SR), 0.0005, decay)
    return resonance(n, fc, q)


# ---------------------------------------------------------------------------
# sounds
# ---------------------------------------------------------------------------

def card_slide(rng):
    d = 0.26
    t = t_axis(d)
    x = noise(d, rng)
    x = bandpass(x, 1100, 4200)
    env = np.sin(np.pi * np.clip(t / d, 0, 1)) ** 1.5 * (0.6 + 0.4 * np.exp(-t / 0.08))
    grain = 1 + 0.25 * lowpass(rng.standard_normal(len(t)), 60)
    return fade(x * env * grain)


def card_flip(rng):
    out = silence(0.16)
    for at, g, fc in ((0.0, 0.7, 2600), (0.045, 1.0, 3400)):
        b = noise(0.03, rng) * env_ad(int(0.03 * SR), 0.0008, 0.006)
        place(out, bandpass(b, fc * 0.5, fc * 1.8), at, g)
    thump = np.sin(2 * np.pi * 170 * t_axis(0.06)) * env_ad(int(0.06 * SR), 0.002, 0.018)
    place(out, thump, 0.045, 0.25)
    air = bandpass(noise(0.09, rng), 1500, 6000) * env_ad(int(0.09 * SR), 0.02, 0.03)
    place(out, air, 0.0, 0.3)
    return fade(out, 0.001, 0.02)


def shuffle(rng):
    d = 1.0
    out = silence(d)
    # riffle: a run of small snaps, densest in the middle
    n = 34
    times = np.sort(0.6 * rng.beta(2.0, 2.0, n))
    times = times - times[0] + 0.005  # start at once: no dead air before the sound
    for tm in times:
        fc = rng.uniform(2000, 3500)
        b = noise(0.02, rng) * env_ad(int(0.02 * SR), 0.0005, 0.003)
        place(out, bandpass(b, fc * 0.5, fc * 1.2), tm, rng.uniform(0.35, 0.7))
    # cards settle: soft slide + tap
    slide = card_slide(rng)
    place(out, slide, 0.66, 0.7)
    tap = lowpass(noise(0.05, rng), 900) * env_ad(int(0.05 * SR), 0.001, 0.01)
    place(out, tap, 0.9, 0.8)
    return fade(out, 0.002, 0.03)


def clack(rng, strength=1.0):
    """Die hitting wood: bright click + short woody body resonance."""
    d = 0.08
    body_f = rng.uniform(700, 1100)
    body = np.sin(2 * np.pi * body_f * t_axis(d)) * env_ad(int(d * SR), 0.0005, 0.012)
    c = click(rng, fc=rng.uniform(2500, 4200), q=3.0, dur=d, decay=0.0035)
    c /= np.max(np.abs(c)) + 1e-9
    return strength * (0.8 * c + 0.35 * body)


def dice_roll(rng):
    d = 1.1
    out = silence(d)
    # rattle in a cup / across the table: many small hits, thinning out
    times = np.sort(rng.exponential(0.28, 55))
    times = times[times < 0.8]
    for tm in times:
        place(out, clack(rng, rng.uniform(0.15, 0.45)), tm)
    # a few louder clacks as they tumble out
    for tm in (0.55, 0.68, 0.79, 0.86):
        place(out, clack(rng, rng.uniform(0.7, 1.0)), tm + rng.uniform(-0.02, 0.02))
    # rolling rumble
    t = t_axis(d)
    rum = lowpass(noise(d, rng), 400) * np.exp(-t / 0.35) * np.clip(t / 0.05, 0, 1)
    out += 0.25 * rum / (np.max(np.abs(rum)) + 1e-9)
    return fade(out, 0.002, 0.05)


def dice_land(rng):
    out = silence(0.45)
    for tm, s in ((0.0, 1.0), (0.11, 0.55), (0.19, 0.3), (0.245, 0.15)):
        place(out, clack(rng, s), tm)
    thud = np.sin(2 * np.pi * 120 * t_axis(0.12)) * env_ad(int(0.12 * SR), 0.002, 0.03)
    place(out, thud, 0.0, 0.35)
    return fade(out, 0.001, 0.05)


def clink(rng, freq=None, decay=0.25, gain=1.0):
    freq = freq or rng.uniform(1900, 2500)
    d = decay * 4
    tone = partials(freq, d, COIN, decay, attack=0.0008, decay_tilt=3.0, rng=rng)
    hit = highpass(noise(0.01, rng), 3000) * env_ad(int(0.01 * SR), 0.0003, 0.0015)
    out = tone / (np.max(np.abs(tone)) + 1e-9)
    out[:len(hit)] += 0.4 * hit / (np.max(np.abs(hit)) + 1e-9)
    return gain * out


def coin(rng):
    out = silence(0.7)
    place(out, clink(rng, 2200, 0.22), 0.0)
    place(out, clink(rng, 2200 * 1.03, 0.10, 0.35), 0.07)  # a little bounce
    return fade(lowpass(out, 8000), 0.001, 0.08)


def coins(rng):
    out = silence(1.0)
    times = np.sort(rng.uniform(0, 0.45, 9))
    times -= times[0]
    for tm in times:
        place(out, clink(rng, rng.uniform(1800, 2700), rng.uniform(0.08, 0.2),
                         rng.uniform(0.4, 1.0)), tm)
    return fade(lowpass(out, 8000), 0.001, 0.1)


def ui_click(rng):
    d = 0.06
    t = t_axis(d)
    tone = np.sin(2 * np.pi * 1400 * t) * env_ad(len(t), 0.0008, 0.010)
    c = bandpass(noise(d, rng), 2000, 6000) * env_ad(len(t), 0.0003, 0.002)
    out = 0.8 * tone + 0.5 * c / (np.max(np.abs(c)) + 1e-9)
    return fade(out, 0.0005, 0.01)


def ui_hover(rng):
    d = 0.07
    t = t_axis(d)
    f = 1900 * (1 + 0.05 * t / d)
    tone = np.sin(2 * np.pi * np.cumsum(f) / SR)
    env = np.sin(np.pi * t / d) ** 2
    return tone * env


def your_turn(rng):
    out = silence(2.2)
    place(out, bell(hz("E5"), 2.0, 0.8, rng), 0.0, 0.8)
    place(out, bell(hz("B5"), 1.9, 0.9, rng), 0.16, 0.7)
    return fade(lowpass(out, 9000), 0.001, 0.2)


def win(rng):
    # A minor, rising: A3 C4 E4 | A4 with E5, then a held A-minor chord + bell
    out = silence(2.6)
    seq = [("A3", 0.00, 0.22), ("C4", 0.18, 0.22), ("E4", 0.36, 0.22), ("A4", 0.54, 1.8)]
    for n, at, dur in seq:
        place(out, brass(hz(n), dur, rng, attack=0.03, release=0.15 if dur < 1 else 0.9), at, 0.55)
    for n in ("C5", "E5"):
        place(out, brass(hz(n), 1.7, rng, attack=0.12, release=0.9, bright=0.5), 0.62, 0.28)
    place(out, brass(hz("A2"), 1.8, rng, attack=0.1, release=0.9, bright=0.3), 0.54, 0.4)
    place(out, bell(hz("A5"), 1.6, 0.7, rng), 0.56, 0.25)
    return fade(lowpass(out, 7000), 0.002, 0.3)


def loss(rng):
    out = silence(2.8)
    seq = [("D3", 0.0, 0.7), ("C3", 0.55, 0.7), ("A#2", 1.1, 0.7), ("A2", 1.65, 1.1)]
    for n, at, dur in seq:
        place(out, brass(hz(n), dur, rng, attack=0.08, release=0.4, bright=0.2), at, 0.6)
    place(out, brass(hz("D2"), 2.6, rng, attack=0.4, release=1.0, bright=0.0), 0.0, 0.2)
    place(out, brass(hz("F3"), 1.0, rng, attack=0.3, release=0.7, bright=0.0), 1.65, 0.22)
    return fade(lowpass(out, 3000), 0.002, 0.3)


def challenge(rng):
    out = silence(1.8)
    # timpani-like hit: pitch dropping sine + felt noise
    d = 1.2
    t = t_axis(d)
    f = 70 + 45 * np.exp(-t / 0.05)
    boom = np.sin(2 * np.pi * np.cumsum(f) / SR) * env_ad(len(t), 0.003, 0.35)
    felt = lowpass(noise(d, rng), 700) * env_ad(len(t), 0.001, 0.03)
    place(out, boom + 0.3 * felt / (np.max(np.abs(felt)) + 1e-9), 0.0, 0.9)
    # tense string stab: minor second + tritone cluster, swelling then cut
    for n, g in (("D4", 0.30), ("D#4", 0.22), ("G#4", 0.20), ("D5", 0.12)):
        s = brass(hz(n), 1.1, rng, attack=0.02, release=0.8, bright=0.8)
        place(out, s, 0.0, g)
    return fade(lowpass(out, 5000), 0.001, 0.3)


def reveal(rng):
    out = silence(1.3)
    d = 0.7
    t = t_axis(d)
    centres = 800 * (6000 / 800) ** (t / d)
    sw = swept_band(noise(d, rng), centres, width_oct=1.2)
    sw *= np.sin(np.pi * t / d) ** 2
    place(out, 0.35 * sw / (np.max(np.abs(sw)) + 1e-9), 0.0)
    for i, n in enumerate(("D5", "F5", "A5", "D6")):
        place(out, bell(hz(n), 1.0, 0.45, rng, spec=GLASS), 0.18 + 0.09 * i, 0.35)
    return fade(lowpass(out, 10000), 0.005, 0.2)


def droplet(rng, f0):
    d = 0.06
    t = t_axis(d)
    f = f0 * (1 + 1.3 * t / d)
    return np.sin(2 * np.pi * np.cumsum(f) / SR) * env_ad(len(t), 0.001, 0.015)


def splash(rng):
    d = 1.2
    out = silence(d)
    t = t_axis(0.9)
    body = bandpass(noise(0.9, rng), 300, 4500) * env_ad(len(t), 0.01, 0.16)
    place(out, body / (np.max(np.abs(body)) + 1e-9), 0.0, 0.8)
    low = lowpass(noise(0.5, rng), 250) * env_ad(int(0.5 * SR), 0.005, 0.08)
    place(out, low / (np.max(np.abs(low)) + 1e-9), 0.0, 0.5)
    for tm in np.sort(rng.uniform(0.05, 0.8, 14)):
        place(out, droplet(rng, rng.uniform(500, 1300)), tm, rng.uniform(0.1, 0.35))
    return fade(out, 0.003, 0.15)


def error(rng):
    out = silence(0.4)
    for at in (0.0, 0.17):
        d = 0.14
        t = t_axis(d)
        x = np.zeros_like(t)
        for k in (1, 3, 5, 7):  # soft square
            x += np.sin(2 * np.pi * 220 * k * t) / k
        x += 0.4 * np.sin(2 * np.pi * 233 * t)  # slight beating = buzz
        env = np.clip(t / 0.01, 0, 1) * np.clip((d - t) / 0.04, 0, 1)
        place(out, x * env, at)
    return fade(lowpass(out, 1600), 0.001, 0.02)


def timer_tick(rng):
    d = 0.07
    t = t_axis(d)
    c = click(rng, fc=2600, q=6, dur=d, decay=0.003)
    body = np.sin(2 * np.pi * 900 * t) * env_ad(len(t), 0.0005, 0.008)
    out = c / (np.max(np.abs(c)) + 1e-9) + 0.5 * body
    return fade(out, 0.0005, 0.01)


def curtain(rng):
    d = 1.3
    t = t_axis(d)
    centres = 400 + 1600 * np.sin(np.pi * t / d) ** 2
    x = swept_band(noise(d, rng), centres, width_oct=1.6)
    env = np.sin(np.pi * np.clip(t / d, 0, 1)) ** 2
    rustle = 1 + 0.15 * lowpass(rng.standard_normal(len(t)), 30) / 0.05
    rustle = np.clip(rustle, 0.6, 1.4)
    return fade(x * env * rustle, 0.01, 0.05)


def music_ambient(rng):
    """36 s seamless loop in D minor: drone, wind, sparse bells. Stereo."""
    T = 36.0
    n = int(T * SR)
    t = np.arange(n) / SR

    def loopf(f):  # snap a frequency to a whole number of cycles per loop
        return round(f * T) / T

    L = np.zeros(n)
    R = np.zeros(n)
    # drone: D2, A2, D3, F3 with slow swells (LFO periods divide the loop)
    for name, amp, lfo_cycles, pan in (("D2", 0.38, 2, 0.5), ("A2", 0.32, 3, 0.35),
                                       ("D3", 0.30, 4, 0.65), ("F3", 0.12, 1, 0.45)):
        f = hz(name)
        tone = np.zeros(n)
        for k, ka in ((1, 1.0), (2, 0.35), (3, 0.12), (4, 0.05)):
            for det in (-0.6, 0.6):  # slight chorus, beating slowly
                tone += ka * np.sin(2 * np.pi * loopf(f * k + det * k / 2) * t
                                    + rng.uniform(0, 2 * np.pi))
        swell = 0.65 + 0.35 * np.sin(2 * np.pi * lfo_cycles * t / T + rng.uniform(0, 2 * np.pi))
        tone *= amp * swell
        L += tone * (1 - pan)
        R += tone * pan
    # wind: circular (hence loopable) filtered noise, slow gusts
    for ch in (L, R):
        wn = rng.standard_normal(n)
        W = np.fft.rfft(wn)
        f = np.fft.rfftfreq(n, 1 / SR)
        W *= np.exp(-0.5 * ((np.log2(np.maximum(f, 1)) - np.log2(500)) / 0.8) ** 2)
        w = np.fft.irfft(W, n=n)
        w /= np.max(np.abs(w))
        gust = 0.5 + 0.5 * np.sin(2 * np.pi * 3 * t / T + rng.uniform(0, 2 * np.pi)) ** 2
        ch += 0.25 * w * gust
    # sparse bell / music-box notes, tails wrap round the loop end
    scale = ["D4", "F4", "A4", "C5", "D5", "E5", "F5", "A5"]
    events = [(1.5, "A4"), (4.8, "F4"), (8.0, "D5"), (12.5, "C5"), (13.4, "A4"),
              (18.0, "E5"), (21.8, "D5"), (25.0, "F4"), (29.5, "A5"), (30.6, "F5"),
              (33.5, "D4")]
    assert all(n_ in scale for _, n_ in events)
    for at, name in events:
        note = bell(hz(name), 5.0, 1.6, rng, spec=GLASS)
        note = lowpass(note, 4000)
        pan = rng.uniform(0.25, 0.75)
        place_wrap(L, note, at, 0.22 * (1 - pan) * 2)
        place_wrap(R, note, at, 0.22 * pan * 2)
    # gentle echo (circular, so the loop stays seamless)
    for delay, g in ((0.43, 0.25), (0.86, 0.12)):
        dn = int(delay * SR)
        L, R = L + g * np.roll(R, dn), R + g * np.roll(L, dn)
    st = np.stack([L, R], axis=1)
    st = spectral_filter_stereo(st, 5000)
    return st


def spectral_filter_stereo(st: np.ndarray, fc: float) -> np.ndarray:
    return np.stack([lowpass(st[:, 0], fc), lowpass(st[:, 1], fc)], axis=1)


# name -> (generator, seed, peak dBFS)
SOUNDS = {
    "card_slide": (card_slide, 11, -3.0),
    "card_flip": (card_flip, 12, -3.0),
    "shuffle": (shuffle, 13, -3.0),
    "dice_roll": (dice_roll, 14, -3.0),
    "dice_land": (dice_land, 15, -3.0),
    "coin": (coin, 16, -3.0),
    "coins": (coins, 17, -3.0),
    "ui_click": (ui_click, 18, -6.0),
    "ui_hover": (ui_hover, 19, -18.0),
    "your_turn": (your_turn, 20, -3.0),
    "win": (win, 21, -3.0),
    "loss": (loss, 22, -3.0),
    "challenge": (challenge, 23, -3.0),
    "reveal": (reveal, 24, -3.0),
    "splash": (splash, 25, -3.0),
    "error": (error, 26, -6.0),
    "timer_tick": (timer_tick, 27, -9.0),
    "curtain": (curtain, 28, -4.0),
    "music_ambient": (music_ambient, 29, -12.0),
}


# ---------------------------------------------------------------------------
# output
# ---------------------------------------------------------------------------

def write_wav(path: Path, x: np.ndarray) -> None:
    if x.ndim == 1:
        x = x[:, None]
    pcm = np.clip(np.round(x * 32767), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(x.shape[1])
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(pcm.tobytes())


def to_ogg(wav: Path, ogg: Path, quality: float) -> bool:
    sox = shutil.which("sox")
    if not sox:
        return False
    r = subprocess.run([sox, str(wav), "-C", str(quality), str(ogg)], capture_output=True)
    if r.returncode != 0:
        print(f"  sox failed for {ogg.name}: {r.stderr.decode(errors='replace').strip()}")
        return False
    return True


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description="Synthesise Nocturne's sounds into sounds/.")
    ap.add_argument("names", nargs="*", help=f"subset of: {', '.join(SOUNDS)}")
    ap.add_argument("--wav", action="store_true", help="keep WAV files, do not convert")
    args = ap.parse_args(argv)
    names = args.names or list(SOUNDS)
    bad = [n for n in names if n not in SOUNDS]
    if bad:
        sys.exit(f"unknown sound(s): {bad}")
    OUT.mkdir(parents=True, exist_ok=True)
    have_sox = shutil.which("sox") is not None and not args.wav
    if not have_sox and not args.wav:
        print("sox not found: writing WAV files into sounds/ instead of OGG")
    with tempfile.TemporaryDirectory() as td:
        for name in names:
            gen, seed, peak = SOUNDS[name]
            x = gen(np.random.default_rng(seed))
            x = normalise(x, peak)
            if name == "music_ambient":
                q = 1
            else:
                q = 3
            if have_sox:
                wav = Path(td) / f"{name}.wav"
                write_wav(wav, x)
                if to_ogg(wav, OUT / f"{name}.ogg", q):
                    stale = OUT / f"{name}.wav"
                    if stale.exists():
                        stale.unlink()
                    dur = len(x) / SR
                    print(f"  {name}.ogg  {dur:5.2f}s  {(OUT / f'{name}.ogg').stat().st_size:7d} B")
                    continue
            write_wav(OUT / f"{name}.wav", x)
            print(f"  {name}.wav  {len(x) / SR:5.2f}s")


if __name__ == "__main__":
    main()
