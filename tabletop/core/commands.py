"""JSON form of commands, tagged with their class name and read back through a game's own table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.codec import CodecError, from_json, to_json
from tabletop.core.protocol import Command


def command_to_json(command: Command) -> dict[str, Any]:
    return to_json(command)


def command_from_json(types: Mapping[str, type[Command]], data: Any) -> Command:
    """Rebuild a command; raises CodecError for an unknown type or a wrong field."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise CodecError("a command must be an object with a 'type'")
    if data["type"] not in types:
        raise CodecError(f"unknown command '{data['type']}'")
    return from_json(Command, data, types)
