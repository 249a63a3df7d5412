"""The shapes of JSON as this project writes and reads it, so files, saves, engine replies and
bench rows carry a checked type instead of ``Any``.

Writing: build a ``JSONObject`` (the checker then refuses a value JSON cannot hold, such as a
tuple of moves or a float('nan') hidden behind a dataclass). Reading: ``json.loads`` gives
``Any``; assign it to ``object`` and narrow with ``isinstance`` (or a reader that does), because
a file on disk is whatever its author wrote, not what our writer meant.
"""

from __future__ import annotations

from typing import TypeAlias

#: Any value JSON can hold, nested.
JSONValue: TypeAlias = "None | bool | int | float | str | list[JSONValue] | dict[str, JSONValue]"
#: A JSON object: what every file, save line, engine reply and bench row of Kibitz is.
JSONObject: TypeAlias = dict[str, JSONValue]
