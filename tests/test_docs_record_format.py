"""docs/game-record.md is the format an outside tool reads: every event the app records is in it.

A tool written from the document must not stop on an event the app writes, so every type of
`EVENT_TYPES` has a row in the "Event types" table with
the fields the codec writes, in the order it writes them; every nested object and named value
an event can hold is listed with its fields or values; and the example record is a real one:
the store imports it and the game it holds is the one the document shows.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
import types
import typing
from pathlib import Path
from typing import Any

from support.simulate import random_game

from companion.cli.replay import replay_report
from companion.rules.events import EVENT_TYPES, Event
from companion.store.codec import event_to_json
from companion.store.db import GameStore
from companion.store.records import export_game, import_record, parse_record

DOC = Path(__file__).resolve().parents[1] / "docs" / "game-record.md"


def section(text: str, heading: str) -> str:
    """The text under `heading` up to the next heading of the same or a higher level."""
    level = heading.split(" ")[0]
    start = text.index(f"\n{heading}\n") + len(heading) + 2
    ends = [m.start() for m in re.finditer(r"\n(#+) ", text[start:])
            if len(m.group(1)) <= len(level)]
    return text[start:start + ends[0]] if ends else text[start:]


def table_rows(text: str) -> dict[str, list[str]]:
    """Each table row's first cell (its backticks or its plain name) -> its other cells."""
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or set(cells[0]) <= set("-") or cells[0] in ("type", "object"):
            continue
        rows[cells[0].strip("`")] = cells[1:]
    return rows


def named(cell: str) -> list[str]:
    return re.findall(r"`(\w+)`", cell)


def documented_events(text: str) -> dict[str, tuple[list[str], str]]:
    """Event type -> (its documented fields, "public" or "private")."""
    return {name: (named(cells[0]), cells[1])
            for name, cells in table_rows(events_table(text)).items()}


def events_table(text: str) -> str:
    return section(text, "### Event types").split("Nested objects:")[0]


def sample(hint: Any) -> Any:
    """Some value of the type `hint`, as an event could hold it."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return None
    if origin is tuple:
        return (sample(typing.get_args(hint)[0]),)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return next(iter(hint))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        made: Any = hint
        hints = typing.get_type_hints(hint)
        return made(**{f.name: sample(hints[f.name]) for f in dataclasses.fields(hint)})
    return {int: 1, bool: False, str: "x"}[hint]


def event_of(cls: type[Event]) -> Event:
    hints = typing.get_type_hints(cls)
    return cls(**{f.name: sample(hints[f.name]) for f in dataclasses.fields(cls)})


def written_fields(cls: type[Event]) -> list[str]:
    """The keys the codec writes for an event of `cls`, in its order, without the type tag."""
    return [key for key in event_to_json(event_of(cls)) if key != "type"]


def reachable(hint: Any, found: set[type]) -> None:
    """Every nested dataclass and named value (enum) a field of type `hint` can hold."""
    for arg in typing.get_args(hint):
        reachable(arg, found)
    if isinstance(hint, type) and (issubclass(hint, enum.Enum) or dataclasses.is_dataclass(hint)):
        if hint in found:
            return
        found.add(hint)
        if dataclasses.is_dataclass(hint):
            for field_hint in typing.get_type_hints(hint).values():
                reachable(field_hint, found)


def kinds_in_events() -> set[type]:
    found: set[type] = set()
    for cls in EVENT_TYPES.values():
        for hint in typing.get_type_hints(cls).values():
            reachable(hint, found)
    return found


def problems(text: str) -> list[str]:
    """What the document lacks (or says wrongly) about the events the app records."""
    documented = documented_events(text)
    found = [f"{name}: not documented" for name in EVENT_TYPES if name not in documented]
    found += [f"{name}: documented, but the app has no such event" for name in documented
              if name not in EVENT_TYPES]
    for name, cls in EVENT_TYPES.items():
        if name not in documented:
            continue
        fields, privacy = documented[name]
        if fields != written_fields(cls):
            found.append(f"{name}: documented fields {fields}, written {written_fields(cls)}")
        if privacy != ("private" if cls.PRIVATE else "public"):
            found.append(f"{name}: documented as {privacy}")
    objects = table_rows(section(text, "### Event types").split("Nested objects:")[1])
    listed = section(text, "### Event types").split("Named values:")[1].split("\n\n")[1]
    values = {item.split(":")[0]: named(item) for item in listed.removeprefix("- ").split("\n- ")}
    for kind in kinds_in_events():
        if dataclasses.is_dataclass(kind):
            written = [f.name for f in dataclasses.fields(kind)]
            if named(objects.get(kind.__name__, [""])[0]) != written:
                found.append(f"{kind.__name__}: its fields {written} are not all documented")
        elif values.get(kind.__name__) != [member.value for member in typing.cast(
                type[enum.Enum], kind)]:
            found.append(f"{kind.__name__}: its values are not all documented")
    return found


def test_every_event_the_app_records_is_in_the_documented_format() -> None:
    # An outside tool reading a record of a game with a correction, a dismissed dispute and
    # confirmed rats finds each of these events, and each of their fields, in the document.
    assert problems(DOC.read_text()) == []


def test_the_check_sees_a_missing_event_type_and_a_missing_field() -> None:
    text = DOC.read_text()
    without_confirmation = "\n".join(line for line in text.splitlines()
                                     if not line.startswith("| `RatsConfirmed`"))
    assert problems(without_confirmation) == ["RatsConfirmed: not documented"]
    without_cards = text.replace("| `round` int, `building` int, `cards` [int, ...] |",
                                 "| `round` int, `building` int |")
    assert problems(without_cards) == [
        "HospitalCorrected: documented fields ['round', 'building'], "
        "written ['round', 'building', 'cards']"]
    without_a_colour = text.replace(", `purple`", "")
    assert problems(without_a_colour) == ["PlayerColour: its values are not all documented"]


def documented_example(text: str) -> str:
    block = section(text, "## The game record (version 1)")
    return block.split("```json\n", 1)[1].split("```", 1)[0]


def test_the_documented_record_imports_as_the_game_it_shows(tmp_path: Path) -> None:
    # Anna, Ben and Cleo's game as the document prints it: the real store takes it, and
    # exporting it again gives the same steps back.
    example = documented_example(DOC.read_text())
    with GameStore.open(tmp_path) as store:
        game_id = import_record(store, parse_record(example))
        exported = export_game(store, game_id)
        summary = store.game(game_id)
    shown = json.loads(example)
    assert exported["events"] == shown["events"]
    assert (game_id, summary.players, summary.finished) == ("83d7ec28", ("Anna", "Ben", "Cleo"),
                                                            False)
    assert {key: exported[key] for key in shown if key != "updated"} == {
        key: value for key, value in shown.items() if key != "updated"}


def key_paths(value: Any, path: str, found: dict[str, set[str]]) -> None:
    """Path of every object in `value` ("rounds[].buildings[]") -> the keys seen there."""
    if isinstance(value, dict):
        found.setdefault(path, set()).update(value)
        for key, item in value.items():
            key_paths(item, f"{path}.{key}", found)
    elif isinstance(value, list):
        for item in value:
            key_paths(item, f"{path}[]", found)


def printout_problems(documented: Any, real: dict[str, set[str]]) -> list[str]:
    """Where an object of the documented printout does not have the keys the real one has (an
    object the document abbreviates with "..." only needs its shown keys to be real)."""
    shown: dict[str, set[str]] = {}
    key_paths(documented, "", shown)
    problems = []
    for path, keys in sorted(shown.items()):
        written = real.get(path, set())
        wrong = (keys - {"..."} - written) if "..." in keys else keys ^ written
        if wrong:
            problems.append(f"{path.lstrip('.') or 'report'}: documented "
                            f"{sorted(keys - {'...'})}, written {sorted(written)}")
    return problems


def test_the_documented_replay_printout_has_the_keys_the_replay_prints() -> None:
    # Three finished games of three players replayed as `rattus-companion replay` prints them:
    # every object the document shows has exactly the keys the printout has there.
    real: dict[str, set[str]] = {}
    for seed in (1, 2, 3):
        key_paths(replay_report(random_game(seed, 3)), "", real)
    block = DOC.read_text().split("## The replay printout", 1)[1]
    documented = json.loads(block.split("```json\n", 1)[1].split("```", 1)[0])
    assert printout_problems(documented, real) == []
    entry = documented["rounds"][0]["buildings"][0]["entries"][0]
    entry["revealed"] = {"matching": 2, "other": 1}
    assert printout_problems(documented, real) == [
        "rounds[].buildings[].entries[].revealed: documented ['matching', 'other'], written []"]
