"""The layers hold by construction: read from the source with `ast`, not by habit.

- No import cycle anywhere in `companion` (module to module, as written in the source).
- No module of the table UI imports the engine's `GameState` (or `companion.rules.state`), or
  reads a session's `.state`: the table sees only the `TableView` the session hands it, so a
  secret cannot reach a screen by accident (R-SETUP-1: rats secret until R-SCORE-6).
- Nothing below the composition root (`companion.server`) imports it; only the command line,
  which starts the server, does.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import companion

ROOT = Path(companion.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in ROOT.rglob("*.py")}


def imported(name: str, tree: ast.AST) -> Iterator[tuple[str, ast.Import | ast.ImportFrom]]:
    """Every module `name` imports (a `from package import module` counts as the module)."""
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield (full if full in MODULES else base), node


def graph() -> dict[str, set[str]]:
    return {name: {target for target, _ in imported(name, ast.parse(path.read_text()))
                   if target in MODULES and target != name}
            for name, path in MODULES.items()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the list of modules around it, or None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(edges[node]):
            if nxt in on_path:
                return path[path.index(nxt):] + [nxt]
            if nxt not in done:
                found = visit(nxt)
                if found:
                    return found
        on_path.discard(path.pop())
        done.add(node)
        return None

    for start in sorted(edges):
        if start not in done:
            found = visit(start)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle_in_companion() -> None:
    assert cycle(graph()) is None


def ui_modules() -> dict[str, Path]:
    return {name: path for name, path in MODULES.items() if name.startswith("companion.ui")}


def test_no_table_screen_imports_the_game_state() -> None:
    # R-SETUP-1: the table never holds the rats; it gets the TableView only.
    found = []
    for name, path in ui_modules().items():
        tree = ast.parse(path.read_text())
        for target, node in imported(name, tree):
            names = [a.name for a in getattr(node, "names", [])]
            if target == "companion.rules.state" or "GameState" in names:
                found.append(f"{name}:{node.lineno}")
    assert found == []


def test_no_table_screen_reads_a_sessions_state() -> None:
    found = []
    for name, path in ui_modules().items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr == "state":
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
    assert found == []


def test_the_checks_see_what_they_look_for() -> None:
    source = ("from companion.rules.state import GameState\n"
              "def f(session):\n    return session.state\n")
    tree = ast.parse(source)
    MODULES.setdefault("companion.ui.example", ROOT / "ui" / "example.py")
    try:
        targets = [t for t, _ in imported("companion.ui.example", tree)]
    finally:
        del MODULES["companion.ui.example"]
    assert "companion.rules.state" in targets
    assert [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)] == ["state"]


def test_only_the_composition_root_imports_the_server() -> None:
    edges = graph()
    outside = {name: sorted(t for t in targets if t.startswith("companion.server"))
               for name, targets in edges.items()
               if not name.startswith("companion.server") and name != "companion.cli"}
    assert {name: t for name, t in outside.items() if t} == {}


def test_no_import_inside_a_function_in_the_table_ui() -> None:
    # The one exception is measured start-up time and says so in a comment next to it.
    found = []
    for name, path in {**ui_modules(), **{n: p for n, p in MODULES.items()
                                          if n.startswith("companion.server")}}.items():
        source = path.read_text()
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)):
                        said = " ".join(lines[max(0, inner.lineno - 4):inner.lineno])
                        if "measured" not in said:
                            found.append(f"{name}:{inner.lineno}")
    assert found == []


LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"companion", "rules", "qr", "safe_json"}),
    frozenset({"store", "i18n"}),
    frozenset({"phones", "history", "practice", "teaching"}),
    frozenset({"ui"}),
    frozenset({"server"}),
    frozenset({"cli", "__main__"}),
)
"""docs/architecture.md, "Layers": a package imports only its own layer's modules and lower
layers' (the top-level `companion` package, `qr` and `safe_json` are the shared base)."""


def layer(module: str) -> int:
    part = module.split(".")[1] if "." in module else module
    return next(i for i, names in enumerate(LAYERS) if part in names)


def test_each_layer_imports_only_the_layers_below_it() -> None:
    upward = sorted(f"{name} -> {target}" for name, targets in graph().items()
                    for target in targets if layer(target) > layer(name))
    assert upward == []


CODES_LEAF = "companion.store.problems"
"""The store's problem codes and their English msgids: stdlib only, imported by both sides."""


def test_the_store_imports_no_words_and_the_words_only_the_stores_codes() -> None:
    # The store is storage only: its errors are codes with values, worded by companion.i18n;
    # the commands that print (companion.cli) sit above both.
    edges = graph()
    store_to_words = sorted(f"{name} -> {target}" for name, targets in edges.items()
                            if name.startswith("companion.store") for target in targets
                            if target.startswith("companion.i18n"))
    words_to_store = sorted(f"{name} -> {target}" for name, targets in edges.items()
                            if name.startswith("companion.i18n") for target in targets
                            if target.startswith("companion.store") and target != CODES_LEAF)
    assert (store_to_words, words_to_store) == ([], [])


def test_the_codes_leaf_imports_nothing_of_the_app() -> None:
    assert {t for t in graph()[CODES_LEAF] if t.startswith("companion")} == set()
    tree = ast.parse(MODULES[CODES_LEAF].read_text())
    assert all(not target.startswith("companion") for target, _ in imported(CODES_LEAF, tree))


def test_the_layer_check_sees_an_import_inside_a_function() -> None:
    source = "def english():\n    from companion.i18n import translator\n"
    MODULES.setdefault("companion.store.example", ROOT / "store" / "example.py")
    try:
        targets = [t for t, _ in imported("companion.store.example", ast.parse(source))]
    finally:
        del MODULES["companion.store.example"]
    assert targets == ["companion.i18n"]


def test_each_events_check_and_evolution_are_read_in_one_module_of_moves() -> None:
    # A rule is read in one place: an event's check (and how a stored one is checked) stands
    # beside its evolution in one module of companion.rules.moves, and every event has one.
    from companion.rules import events as ev
    from companion.rules.engine import RULES

    assert set(RULES) == set(ev.EVENT_TYPES.values())
    apart = {}
    for event, rules in RULES.items():
        homes = {f.__module__ for f in (rules.check, rules.evolve, rules.recorded) if f}
        if len(homes) != 1 or not next(iter(homes)).startswith("companion.rules.moves."):
            apart[event.__name__] = sorted(homes)
    assert apart == {}


WHAT_NEXT_INSIDE = {"step_at", "now", "cursor_of", "d_cursor"}
"""The engine's per-state answer and the phase-D cursor it builds on: read inside
companion.rules only; everything else asks `next_step`."""


def test_one_function_answers_what_happens_next() -> None:
    # The session, the resume card and the screens read rules.next_step (folded steps with
    # their events, the step the table decides, who acts, what is allowed), nothing else.
    import companion.rules
    from companion.rules import decision

    assert isinstance(companion.rules.next_step(None), decision.Decision)
    found = []
    for name, path in MODULES.items():
        if name.startswith("companion.rules"):
            continue
        for target, node in imported(name, ast.parse(path.read_text())):
            names = {a.name for a in getattr(node, "names", [])}
            if target == "companion.rules.order" or names & WHAT_NEXT_INSIDE:
                found.append(f"{name}:{node.lineno}")
    assert found == []
