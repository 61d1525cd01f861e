"""The engine is pure: nothing under companion/rules/ imports Flet, sqlite3 or the network."""

import ast
from pathlib import Path

import companion.rules

RULES_DIR = Path(companion.rules.__file__).parent
FORBIDDEN = {
    "flet", "flet_charts", "sqlite3", "socket", "ssl", "http", "urllib", "urllib3", "requests",
    "httpx", "asyncio", "selectors", "smtplib", "ftplib", "xmlrpc", "websockets", "starlette",
    "uvicorn", "fastapi", "ifaddr", "qrcode", "PIL", "subprocess", "threading",
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            found.update(a.value for a in node.args
                         if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return found


def test_rules_import_no_ui_storage_or_network():
    sources = sorted(RULES_DIR.rglob("*.py"))
    assert len(sources) >= 10
    offenders = {
        f"{path.relative_to(RULES_DIR)}: {module}"
        for path in sources for module in imported_modules(path)
        if module.split(".")[0] in FORBIDDEN
    }
    assert not offenders, sorted(offenders)


def test_rules_import_only_the_standard_library_and_themselves():
    import sys

    allowed = set(sys.stdlib_module_names) | {"companion"}
    for path in sorted(RULES_DIR.rglob("*.py")):
        for module in imported_modules(path):
            assert module.split(".")[0] in allowed, f"{path.name} imports {module}"
            if module.startswith("companion"):
                assert module.startswith("companion.rules"), f"{path.name} imports {module}"


def test_the_scan_would_notice(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import sqlite3\nfrom flet import Page\nx = __import__('socket')\n")
    assert imported_modules(bad) == {"sqlite3", "flet", "socket"}
