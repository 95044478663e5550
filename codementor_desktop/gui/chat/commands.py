"""The chat's commands: a message that begins with ``/`` and a word is a command, not words for the
tutor. ``/debug`` checks the learner's plan against their code (a tutor turn of its own intent);
``/help`` lists what the chat understands; any other word is answered with that list."""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from ...tutor.turns import Intent
from ..text import escaped


def tr(text: str) -> str:
    return QCoreApplication.translate("ChatCommands", text)


# Each command: its word, the intent it starts a turn with (None: the chat answers it), what it does.
COMMANDS: tuple[tuple[str, Intent | None, str], ...] = (
    ("/debug", Intent.DEBUG, tr("check your plan (the Plan tab) against your code; the tutor questions it")),
    ("/help", None, tr("list what the chat understands")),
)
_COMMAND = re.compile(r"^/([A-Za-z][\w-]*)(?=\s|$)")


@dataclass(frozen=True)
class Command:
    """A command typed in the chat: its word as typed, and the intent of the turn it starts (if any)."""

    word: str
    intent: Intent | None
    known: bool


def command_in(text: str) -> Command | None:
    """The command ``text`` begins with, or None when it is words for the tutor."""
    found = _COMMAND.match(text.strip())
    if found is None:
        return None
    word = "/" + found.group(1).lower()
    for name, intent, _what in COMMANDS:
        if name == word:
            return Command(word, intent, True)
    return Command("/" + found.group(1), None, False)


def understood() -> str:
    """What the chat understands, as a note's HTML."""
    items = "".join(f"<li><b>{escaped(name)}</b>: {escaped(what)}</li>" for name, _intent, what in COMMANDS)
    return tr("Besides questions in your own words, the chat understands:") + f"<ul>{items}</ul>"


def unknown(command: Command) -> str:
    """The note for a command the chat does not know, with the list it does."""
    return tr("Unknown command <b>%s</b>.") % escaped(command.word) + " " + understood()
