"""Bots think in a separate program, so the window keeps drawing at full speed while they search, and the only
thing a bot ever receives is its own seat's View (it cannot reach the game's state). Closing the window cancels
a bot mid-thought by stopping that program.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from pathlib import Path
from queue import Empty, Queue
from typing import BinaryIO, cast

from tabletop.bots.serve import question, read_command, receive, send
from tabletop.core.protocol import Command, View
from tabletop.games import GAMES
from tabletop.i18n import N_
from tabletop.play.history import Told

log = logging.getLogger(__name__)
MAX_WAITING_ANSWERS = 32  # answers beyond the questions asked: more is a flood
FLOOD: dict = {"flood": True}  # what the reader hands on when the program floods
# The folder this ``tabletop`` package was imported from: the bot program starts there, since ``python -m`` looks
# for its module in the folder it starts in first. Started in the player's folder, it took any ``tabletop`` found
# there: the app installed with ``pip install .`` and started from its source folder thought with that folder's
# code (another version, once it was pulled again), and a folder holding some other ``tabletop`` had no bots.
PACKAGE_HOME = Path(__file__).resolve().parent.parent.parent


class BotWorker:
    """One thinking process (``python -m tabletop.bots.serve``), asked one question at a time."""

    program: tuple[str, ...] = ("-m", "tabletop.bots.serve")  # run by this Python

    def __init__(self) -> None:
        self._process: subprocess.Popen | None = None
        self._answers: Queue = Queue()
        self._arrived: list = []  # answers taken off the queue by ``wait`` and not yet collected
        self._next = 0
        self._waiting: int | None = None
        self._game_id = ""  # the game of the question being thought about (its answer is read as its command)
        self._asked = [0]

    def _start(self) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self._process = subprocess.Popen(
            [sys.executable, *self.program], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=PACKAGE_HOME
        )
        self._answers = Queue()
        self._arrived = []
        self._asked = [0]  # questions asked of this program, counted by the reader too
        reader = threading.Thread(target=self._read, args=(self._process, self._answers, self._asked), daemon=True)
        reader.start()

    @staticmethod
    def _read(process: subprocess.Popen, answers: Queue, asked: list[int]) -> None:
        """Collect the worker's answers in the background, so asking never blocks the frame loop. A program
        that floods (far more answers than questions) is taken for broken at once, like one that stops."""
        received = 0
        assert process.stdout is not None
        while (message := receive(cast(BinaryIO, process.stdout))) is not None:
            received += 1
            if received > asked[0] + MAX_WAITING_ANSWERS:
                answers.put(FLOOD)
                return
            answers.put(message)
        answers.put(None)  # the worker stopped

    def ask(self, game_id: str, bot_id: str, view: View, seed: int) -> int:
        """Send a question; returns its number. A question still being thought about is abandoned."""
        if self._waiting is not None:
            self.cancel()
        if self._process is None or self._process.poll() is not None:
            self._start()
        assert self._process is not None and self._process.stdin is not None
        self._next += 1
        self._waiting = self._next
        self._asked[0] += 1
        self._game_id = game_id
        send(cast(BinaryIO, self._process.stdin), question(self._next, game_id, bot_id, view, seed))
        return self._next

    def answer(self, request: int) -> tuple[bool, Command | None, str | None]:
        """(ready, command, error) for ``request``; never blocks. An error is a ``Told`` line: in the language
        shown, its English kept for the log."""
        if self._waiting != request:
            return True, None, Told(N_("the question was abandoned"))
        while True:
            if self._arrived:
                message = self._arrived.pop(0)
            else:
                try:
                    message = self._answers.get_nowait()
                except Empty:
                    return False, None, None
            if message is None or message is FLOOD:  # it ended, sent nonsense or flooded: start afresh next time
                self._waiting = None
                self._stop()
                flood = N_("the bot process sent a flood of answers")
                return True, None, Told(flood if message else N_("the bot process stopped"))
            if message.get("request") == request:
                self._waiting = None
                return True, *self._read_answer(message)

    def _read_answer(self, message: dict) -> tuple[Command | None, str | None]:
        if message.get("error") is not None:
            log.warning("the bot program failed: %s", message.get("trace") or message["error"])
            # Only the error's kind at the table: its words may name a card of the bot's own hand (the log has them).
            kind = str(message["error"]).split(":", 1)[0][:80]
            return None, Told(N_("its program failed: {error}"), error=kind)
        try:
            return read_command(GAMES[self._game_id], message.get("command")), None
        except Exception as exc:  # whatever the program sent, it is not a command: one line, never a crash
            return None, Told(N_("the bot answered something that is not a command: {error}"), error=str(exc)[:120])

    def wait(self, timeout: float) -> bool:
        """Block until the question being thought about has an answer (or ``timeout`` seconds pass).

        The app never calls this; tests that step frames faster than real time do, so that a bot's answer
        comes after the same number of frames however busy the machine is."""
        if self._waiting is None or self._arrived:
            return True
        try:
            self._arrived.append(self._answers.get(timeout=timeout))
        except Empty:
            return False
        return True

    def busy(self) -> bool:
        return self._waiting is not None

    @property
    def pid(self) -> int | None:
        """The bot program's process id (None before the first question)."""
        return self._process.pid if self._process is not None else None

    def cancel(self) -> None:
        """Stop a bot mid-thought (the worker is started again for the next question). A question whose answer is
        in is only dropped: the program is idle (it was stopped too, and started again at the next question: 0.3-0.6 s
        of work each time a person moved while a bot's answer waited out its pause, a review of the threads)."""
        if self._waiting is not None and not self.answer(self._waiting)[0]:
            self._stop()
        self._waiting = None

    def _stop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait(5)
            self._process = None

    def close(self) -> None:
        self._waiting = None
        if self._process is not None and self._process.stdin is not None:
            try:
                self._process.stdin.close()  # the worker ends when its input ends
                self._process.wait(2)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self._stop()


_worker: BotWorker | None = None


def worker() -> BotWorker:
    global _worker
    if _worker is None:
        _worker = BotWorker()
    return _worker


def shutdown() -> None:
    if _worker is not None:
        _worker.close()
