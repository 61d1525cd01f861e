"""What the README and the docs point at exists: a moved module or a renamed function is caught.

Read from README.md, docs/*.md and companion/web/README.md:

- every relative link (`[text](path)`) leads to a file or folder of the checkout;
- every file path in backticks (`companion/cli/score.py`, `round/drafts.py`, `fonts/*.ttf`)
  exists, read from the checkout's root, the document's folder, `companion/`, `companion/ui/`
  or, for a bare file name, anywhere in the package;
- every dotted name of the package (`companion.server.table_page`, `views.player_json(view)`,
  `round.parts.step_marker`) is a module and what it names is in it;
- every `Class.attribute` of a class of the package (`Session.table_view()`,
  `Step.questions`) is one of that class's attributes;
- every `rattus-companion COMMAND` is a command the CLI knows;
- the module trees of docs/architecture.md (the package's, the table UI's) list every package
  and every module of every package, and nothing that is not there: the top level's, the
  engine's, the store's, the server's and the UI shell's modules each on a line of their own,
  the others named in their package's words;
- the modules of `ui` outside the screens' folders that import a screen's module are those
  the layers of docs/architecture.md name, each with the screens' modules it imports.

Paths outside the checkout (`../shared/...`), files the app makes at run time
(`games.sqlite3`) and addresses (`/table-page.js`) are not files of the checkout.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import io
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import main

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "companion"
DOCS = sorted([REPO / "README.md", PACKAGE / "web" / "README.md", *(REPO / "docs").glob("*.md")])
EXTENSIONS = (".py", ".md", ".sh", ".txt", ".toml", ".json", ".html", ".js", ".ttf", ".po", ".pot")
NOT_IN_THE_CHECKOUT = ("../", "/", "~", ".venv", "build/", "dist/")
"""Outside the checkout, an address or what a build or an install makes."""
MADE_AT_RUN_TIME = (".sqlite3", ".lock", ".bak")
"""The files the app makes in its data folder."""


def backticked(text: str) -> Iterator[str]:
    yield from re.findall(r"`([^`\n]+)`", text)


def doc_id(doc: Path) -> str:
    return str(doc.relative_to(REPO))


def named_paths(text: str) -> Iterator[str]:
    for token in backticked(text):
        if (not re.fullmatch(r"[\w*-][\w.*/-]*", token) or token.startswith(NOT_IN_THE_CHECKOUT)
                or token.endswith(MADE_AT_RUN_TIME)):
            continue
        if "/" in token or token.endswith(EXTENSIONS):
            yield token


def links(text: str) -> Iterator[str]:
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if not re.match(r"[a-z]+:", target) and not target.startswith("#"):
            yield target.split("#")[0]


def exists(path: str, doc: Path) -> bool:
    bases = [REPO, doc.parent, PACKAGE, PACKAGE / "ui"]
    if any(list(base.glob(path.rstrip("/"))) for base in bases):
        return True
    return "/" not in path and any(PACKAGE.rglob(path))


def missing_paths(text: str, doc: Path) -> list[str]:
    return sorted({p for p in [*named_paths(text), *links(text)] if not exists(p, doc)})


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_every_path_a_document_names_exists(doc: Path) -> None:
    assert missing_paths(doc.read_text(), doc) == []


def test_the_path_check_sees_a_moved_module() -> None:
    doc = REPO / "docs" / "architecture.md"
    text = "`scoring_cli.py`, `companion/ui/endgame_lines.py`, [x](docs/gone.md), `cli/score.py`"
    assert missing_paths(text, doc) == ["companion/ui/endgame_lines.py", "docs/gone.md",
                                        "scoring_cli.py"]


# -- dotted names and class attributes ---------------------------------------------------------

MODULE_FILES = {".".join(p.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__"): p
                for p in PACKAGE.rglob("*.py")}
PREFIXES = ("", "companion.", "companion.rules.", "companion.ui.", "companion.store.")


def resolves(dotted: str) -> bool | None:
    """Whether `dotted` (a module and what it holds) exists; None: not a name of the package."""
    parts = dotted.split(".")
    for prefix in PREFIXES:
        if (prefix + parts[0]) not in MODULE_FILES:
            continue
        full = (prefix + dotted).split(".")
        cut = max(i for i in range(1, len(full) + 1) if ".".join(full[:i]) in MODULE_FILES)
        found: object = importlib.import_module(".".join(full[:cut]))
        for name in full[cut:]:
            if not hasattr(found, name) and name not in getattr(found, "__dataclass_fields__", {}):
                return False
            found = getattr(found, name, None)
        return True
    return None


def dotted_names(text: str) -> Iterator[str]:
    for token in backticked(text):
        match = re.fullmatch(r"([a-z_]\w*(?:\.[A-Za-z_]\w*)+)(\(.*\))?", token)
        if match and not token.endswith(EXTENSIONS + MADE_AT_RUN_TIME):
            yield match.group(1)


def class_attributes() -> dict[str, set[str] | None]:
    """Each class of the package -> its attribute names (with its project bases'); None for a
    class that inherits from outside the package (its attributes are not all in the source)."""
    bodies: dict[str, list[ast.ClassDef]] = {}
    for path in MODULE_FILES.values():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                bodies.setdefault(node.name, []).append(node)

    def own(node: ast.ClassDef) -> set[str]:
        names = set()
        for item in node.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(item.name)
            elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                names.add(item.target.id)
            elif isinstance(item, ast.Assign):
                names |= {t.id for t in item.targets if isinstance(t, ast.Name)}
        for inner in ast.walk(node):  # self.name = ... in its methods
            if isinstance(inner, (ast.Assign, ast.AnnAssign)):
                for target in inner.targets if isinstance(inner, ast.Assign) else [inner.target]:
                    if (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                            and target.value.id == "self"):
                        names.add(target.attr)
        return names

    plain = {"object", "Protocol", "Enum", "StrEnum", "Exception", "ValueError", "NamedTuple",
             "Generic", "Worded"}

    def attributes(name: str, seen: frozenset[str] = frozenset()) -> set[str] | None:
        found: set[str] = set()
        for node in bodies[name]:
            found |= own(node)
            for base in node.bases:
                base_name = ast.unparse(base).split("[")[0]
                if base_name in bodies and base_name not in seen:
                    inherited = attributes(base_name, seen | {name})
                    if inherited is None:
                        return None
                    found |= inherited
                elif base_name not in plain:
                    return None
        return found

    return {name: attributes(name) for name in bodies}


CLASSES = class_attributes()


def wrong_names(text: str) -> list[str]:
    wrong = [name for name in dotted_names(text) if resolves(name) is False]
    for token in backticked(text):
        match = re.fullmatch(r"([A-Z]\w*)\.([a-z_]\w*)(\(.*\))?", token)
        attributes = CLASSES.get(match.group(1)) if match else None
        if match and attributes is not None and match.group(2) not in attributes:
            wrong.append(token)
    return sorted(set(wrong))


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_every_module_function_and_attribute_a_document_names_is_there(doc: Path) -> None:
    assert wrong_names(doc.read_text()) == []


def test_the_name_check_sees_a_renamed_function_and_attribute() -> None:
    text = ("`views.player_view(state, player)` `companion.scoring_cli` `Session.follow()` "
            "`Session.table_view()` `views.player_json(view)` `companion.cli.score.run_score` "
            "`StepHead.questions` `events[0].setup`")
    assert wrong_names(text) == ["Session.follow()", "companion.scoring_cli",
                                 "views.player_view"]
    assert resolves("tool.flet") is None


# -- commands ----------------------------------------------------------------------------------

def commands(text: str) -> set[str]:
    return set(re.findall(r"rattus-companion ([a-z]+)\b", text))


def known(command: str) -> bool:
    """The CLI answers `COMMAND --help` with that command's own help, not the server's."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            main([command, "--help"])
        except SystemExit as stop:
            if stop.code not in (0, None):
                return False
    return not out.getvalue().startswith("usage: rattus-companion [-h] [--host")


def test_every_command_the_documents_name_is_one_the_cli_knows() -> None:
    named = set().union(*(commands(doc.read_text()) for doc in DOCS))
    assert {"score", "games", "export", "import", "replay", "history"} <= named
    assert sorted(c for c in named if not known(c)) == []


def test_the_command_check_sees_a_command_the_cli_does_not_know() -> None:
    assert not known("teleport")


# -- the module trees --------------------------------------------------------------------------

LISTED_ONE_BY_ONE = ("", "rules", "store", "server", "ui")
"""The packages whose modules each have a line of their own (the top level, the engine, the
store, the server, the table UI's shell); every other package's modules are named in its
package's words."""


def tree_block(text: str, top: str) -> str:
    return text.split(f"```\n{top}\n", 1)[1].split("```", 1)[0]


def tree_listing(text: str) -> dict[str, str]:
    """Each file and folder the two trees of docs/architecture.md list (the package's, and the
    table UI's under `ui/`), as a path inside companion/, with the words written beside it
    (its own line and the lines below it that list nothing). Two spaces are a level."""
    listing: dict[str, str] = {}
    for top, root in (("companion/", []), ("ui/", ["ui"])):
        stack: list[str] = []
        path: str | None = None
        for line in tree_block(text, top).splitlines():
            match = re.match(r"( +)([\w.]+/?)(\s|$)", line)
            indent = len(match.group(1)) if match else 0
            if match and not indent % 2 and indent <= 2 * (len(stack) + 1):
                del stack[indent // 2 - 1:]
                name = match.group(2)
                path = "/".join([*root, *stack, name.rstrip("/")])
                if name.endswith("/"):
                    stack.append(name.rstrip("/"))
                line = line[match.end(2):]
            if path is not None:
                listing[path] = listing.get(path, "") + " " + line.strip()
    return listing


def named_in_words(words: str) -> set[str]:
    """The module files the words name (`seats.py`), not those named by a path (`store/db.py`)."""
    return set(re.findall(r"(?<![\w/])(\w+\.py)\b", words))


def tree_problems(text: str) -> list[str]:
    listing = tree_listing(text)
    problems = [f"{e}: listed, not there" for e in sorted(listing)
                if not (PACKAGE / e).exists()]
    packages = sorted(p.parent.relative_to(PACKAGE).as_posix()
                      for p in PACKAGE.rglob("__init__.py"))
    for package in packages:
        folder = PACKAGE / package
        if package != "." and package not in listing:
            problems.append(f"{package}: not listed")
        prefix = "" if package == "." else package + "/"
        words = named_in_words(listing.get(package, ""))
        modules = sorted(p.name for p in folder.glob("*.py") if p.name != "__init__.py")
        problems += [f"{prefix}{name}: named, not there" for name in sorted(words)
                     if not (folder / name).exists()]
        for name in modules:
            path = prefix + name
            own_line = path in listing
            if package.removeprefix(".") in LISTED_ONE_BY_ONE:
                if not own_line:
                    problems.append(f"{path}: not listed")
            elif not own_line and name not in words:
                problems.append(f"{path}: not named")
    return problems


def test_the_module_trees_list_every_package_and_module() -> None:
    assert tree_problems((REPO / "docs" / "architecture.md").read_text()) == []


def test_the_tree_check_sees_a_module_left_out_and_one_that_is_gone() -> None:
    text = (REPO / "docs" / "architecture.md").read_text()
    changed = (text.replace("    decision.py ", "    scoring_cli.py ")
               .replace("  history/          game-night", "  histories/        game-night")
               .replace("words.py: the one registry", "texts: the one registry")
               .replace("  tab.py ", "  tabs.py ")
               .replace("ticker.py", "tickers.py"))
    assert tree_problems(changed) == [
        "histories: listed, not there", "rules/scoring_cli.py: listed, not there",
        "ui/tabs.py: listed, not there", "history: not listed", "history/cli.py: not named",
        "history/figures.py: not named", "history/words.py: not named",
        "i18n/words.py: not named", "rules/decision.py: not listed", "ui/tab.py: not listed",
        "ui/shared/tickers.py: named, not there", "ui/shared/ticker.py: not named"]


# -- the table UI's imports of the screens -----------------------------------------------------

UI = PACKAGE / "ui"
SCREEN_PACKAGES = sorted(p.parent.name for p in UI.glob("*/__init__.py")
                         if p.parent.name != "shared")
"""The screens' folders (home, setup, round, ...); the rest of `ui` is the shell, the tab's
memory, the routes and `shared`."""


def screen_imports() -> dict[str, set[str]]:
    """Each module of `ui` outside the screens' folders that imports a screen's module (an
    import inside a function counts), as paths inside `ui/` -> the screens' modules it imports."""
    found: dict[str, set[str]] = {}
    for path in sorted(UI.rglob("*.py")):
        name = path.relative_to(UI).as_posix()
        if name.split("/")[0] in SCREEN_PACKAGES:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            modules = ([node.module or "", *(f"{node.module}.{a.name}" for a in node.names)]
                       if isinstance(node, ast.ImportFrom)
                       else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            for module in modules:
                parts = module.split(".")
                if (parts[:2] == ["companion", "ui"] and len(parts) > 3
                        and parts[2] in SCREEN_PACKAGES and (UI.joinpath(*parts[2:4])
                                                             .with_suffix(".py").exists())):
                    found.setdefault(name, set()).add("/".join(parts[2:4]) + ".py")
    return found


def documented_screen_imports(text: str) -> dict[str, set[str] | None]:
    """The list under "import a screen's module" in docs/architecture.md's layers: each module
    -> the screens' modules it names (None: the words say "every screen")."""
    after = re.split(r"import\s+a\s+screen's\s+module", text, maxsplit=1)[-1].splitlines()[1:]
    block = "\n".join(itertools.takewhile(lambda line: line.startswith("   "), after))
    documented: dict[str, set[str] | None] = {}
    for item in re.split(r"\n\s*- ", "\n" + block)[1:]:
        match = re.match(r"`([\w/]+\.py)`:(.*)", item, re.DOTALL)
        if match:
            named = set(re.findall(r"`(\w+/\w+\.py)`", match.group(2)))
            documented[match.group(1)] = None if "every screen" in match.group(2) else named
    return documented


def screen_import_problems(text: str) -> list[str]:
    actual = screen_imports()
    documented = documented_screen_imports(text)
    problems = [f"{name}: imports {', '.join(sorted(actual[name]))}, not documented"
                for name in sorted(set(actual) - set(documented))]
    problems += [f"{name}: documented, imports no screen"
                 for name in sorted(set(documented) - set(actual))]
    for name in sorted(set(actual) & set(documented)):
        named = documented[name]
        if named is not None and named != actual[name]:
            problems.append(f"{name}: imports {', '.join(sorted(actual[name]))}, "
                            f"documented {', '.join(sorted(named))}")
    return problems


def test_the_layers_name_every_ui_module_that_imports_a_screen() -> None:
    assert screen_import_problems((REPO / "docs" / "architecture.md").read_text()) == []


def test_the_screen_import_check_sees_an_import_left_out() -> None:
    text = (REPO / "docs" / "architecture.md").read_text()
    start = text.index("   - `shared/frame.py`:")
    changed = text[:start] + text[text.index("\n5. ", start) + 1:]
    changed = changed.replace("`shared/teaching.py`: `setup/draft.py`",
                              "`shared/teaching.py`: `round/drafts.py`")
    assert screen_import_problems(changed) == [
        "shared/frame.py: imports practice/leave.py, not documented",
        "shared/teaching.py: imports setup/draft.py, documented round/drafts.py"]


# -- signatures --------------------------------------------------------------------------------

def signatures(path: Path) -> dict[str, tuple[list[str], list[str]]]:
    """Each function and method of a module (`name`, `Class.name`) -> (its parameters, those
    without a default), `self` and `cls` left out."""
    found = {}
    tree = ast.parse(path.read_text())
    scopes: list[tuple[str, ast.AST]] = [("", tree)]
    scopes += [(f"{n.name}.", n) for n in tree.body if isinstance(n, ast.ClassDef)]
    for prefix, scope in scopes:
        for node in getattr(scope, "body", []):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = node.args
                positional = [*args.posonlyargs, *args.args]
                names = [a.arg for a in [*positional, *args.kwonlyargs]
                         if a.arg not in ("self", "cls")]
                if args.kwarg:
                    names.append(f"**{args.kwarg.arg}")
                defaulted = {a.arg for a in positional[len(positional) - len(args.defaults):]}
                defaulted |= {a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults,
                                                    strict=True) if d is not None}
                found[prefix + node.name] = (names, [n for n in names if n not in defaulted
                                                     and not n.startswith("**")])
    return found


def documented_arguments(text: str) -> list[str] | None:
    """The parameter names a call as written names, or None if it is prose (`those steps`)."""
    names = []
    for argument in filter(None, (a.strip() for a in text.split(","))):
        match = re.fullmatch(r"(\*\*)?(\w+)(\s*[:=].*)?", argument)
        if not match:
            return None
        names.append((match.group(1) or "") + match.group(2))
    return names


def signature_problem(call: str, name: str, text: str,
                      known: dict[str, tuple[list[str], list[str]]]) -> str | None:
    documented = documented_arguments(text)
    if name not in known or documented is None:
        return None
    names, required = known[name]
    if set(documented) - set(names) or set(required) - set(documented):
        return f"{call}: the function takes ({', '.join(names)})"
    return None


def tree_signature_problems(text: str) -> list[str]:
    """The calls written beside a module in the two trees (the package, the table UI), against
    that module's functions."""
    return [*block_signature_problems(text, "companion/", PACKAGE),
            *block_signature_problems(text, "ui/", PACKAGE / "ui")]


def block_signature_problems(text: str, top: str, root: Path) -> list[str]:
    block = text.split(f"```\n{top}\n", 1)[1].split("```", 1)[0]
    problems: list[str] = []
    stack: list[str] = []
    module: Path | None = None
    for line in block.splitlines():
        entry = re.match(r"( +)([\w.]+/?)(\s|$)", line)
        if entry and len(entry.group(1)) % 2 == 0 and len(entry.group(1)) <= 2 * (len(stack) + 1):
            depth = len(entry.group(1)) // 2 - 1
            del stack[depth:]
            name = entry.group(2)
            module = root.joinpath(*stack, name) if name.endswith(".py") else None
            if name.endswith("/"):
                stack.append(name.rstrip("/"))
                module = root.joinpath(*stack, "__init__.py")
        if module is None or not module.exists():
            continue
        known = signatures(module)
        for key, value in list(known.items()):  # a method by its own name, where that is clear
            known.setdefault(key.rpartition(".")[2], value)
        for call in re.finditer(r"(\w+)\(([^()]*)\)", line):
            problem = signature_problem(call.group(0), call.group(1), call.group(2), known)
            if problem:
                problems.append(problem)
    return problems


def test_the_calls_the_module_tree_writes_are_the_functions_signatures() -> None:
    assert tree_signature_problems((REPO / "docs" / "architecture.md").read_text()) == []


def test_the_signature_check_sees_a_parameter_that_is_gone() -> None:
    text = (REPO / "docs" / "architecture.md").read_text()
    old = text.replace("build_app(config, games, phones=None)",
                       "build_app(config, games, phone_routes)")
    assert tree_signature_problems(old) == [
        "build_app(config, games, phone_routes): the function takes (config, games, phones)"]


def call_problems(text: str) -> list[str]:
    """The backticked calls of a module's function or a class's method (`Session.player_view(
    seat)`, `views.player_json(view)`), against their definitions."""
    methods: dict[str, tuple[list[str], list[str]]] = {}
    for path in MODULE_FILES.values():
        methods.update({k: v for k, v in signatures(path).items() if "." in k})
    problems = []
    for token in backticked(text):
        call = re.fullmatch(r"([\w.]+)\.(\w+)\(([^()]*)\)", token)
        if not call:
            continue
        owner, name, arguments = call.groups()
        known = methods
        for prefix in PREFIXES:
            if prefix + owner in MODULE_FILES:
                known = signatures(MODULE_FILES[prefix + owner])
                break
        key = name if known is not methods else f"{owner.split('.')[-1]}.{name}"
        problem = signature_problem(token, key, arguments, known)
        if problem:
            problems.append(problem)
    return problems


@pytest.mark.parametrize("doc", DOCS, ids=doc_id)
def test_the_calls_a_document_writes_are_the_functions_signatures(doc: Path) -> None:
    assert call_problems(doc.read_text()) == []


def test_the_call_check_sees_a_call_with_the_wrong_arguments() -> None:
    assert call_problems("`views.player_json(state, player)` `Session.player_view(player)` "
                         "`Session.view_after(those steps)` `views.public_view(state)`") == [
        "views.player_json(state, player): the function takes (view)",
        "Session.player_view(player): the function takes (seat)"]
