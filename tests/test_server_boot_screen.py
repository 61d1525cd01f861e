"""Flet's client starts under a spinner: without the English "Working..." on a table of any
language, served from blanked copies and compressed like the rest of the client."""

from __future__ import annotations

from pathlib import Path

from flet_web import get_package_web_dir
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.testclient import TestClient

from companion.server.boot_screen import (
    BLANK,
    CLIENT_FILES,
    WORD,
    BlankBootScreen,
    blank_boot_word,
    client_copies,
    prepare_copies,
)

CLIENT = b"var options={spinner_size:30,startup_message:\"Working...\"};" + b"/* code */" * 2000
WASM = b"\x00asm\x01\x00\x00\x00" + b"\x0aWorking...\x03do" + bytes(100)


def flet_web(tmp_path: Path) -> Path:
    root = tmp_path / "flet-web"
    root.mkdir()
    (root / "main.dart.js").write_bytes(CLIENT)
    (root / "main.dart.wasm").write_bytes(WASM)
    (root / "index.html").write_bytes(b"<html>Working...</html>")
    return root


def test_the_installed_flet_client_still_compiles_the_word_in_once_in_each_file() -> None:
    """The copies stay only while Flet's client says the English word under its spinner with
    no setting to change it. A Flet release that drops the word, words it otherwise or names
    it more than once fails here: then the copies go (or follow the new client) instead of
    being served as they are, unnoticed."""
    web = Path(get_package_web_dir())
    assert {name: (web / name).read_bytes().count(WORD) for name in CLIENT_FILES} == {
        name: 1 for name in CLIENT_FILES}


def test_the_client_is_served_without_the_word_and_otherwise_byte_for_byte(tmp_path) -> None:
    root = flet_web(tmp_path)
    blanked = blank_boot_word(root, tmp_path / "data" / "web-client")
    inner = Starlette(routes=[Mount("/", StaticFiles(directory=root))])
    client = TestClient(BlankBootScreen(inner, blanked))
    script = client.get("/main.dart.js")
    assert WORD not in script.content and script.content == CLIENT.replace(WORD, BLANK)
    wasm = client.get("/main.dart.wasm")
    assert wasm.headers["content-type"] == "application/wasm"
    assert len(wasm.content) == len(WASM) and WORD not in wasm.content
    # Nothing else of the client changes.
    assert client.get("/index.html").content == b"<html>Working...</html>"


def test_a_client_without_the_word_once_is_served_as_it_is(tmp_path) -> None:
    root = flet_web(tmp_path)
    (root / "main.dart.js").write_bytes(CLIENT + b"Working...")
    blanked = blank_boot_word(root, tmp_path / "web-client")
    assert not (blanked / "main.dart.js").exists()
    client = TestClient(BlankBootScreen(Starlette(routes=[Mount("/", StaticFiles(
        directory=root))]), blanked))
    assert client.get("/main.dart.js").content == CLIENT + b"Working..."


def test_the_copies_are_made_once_and_kept(tmp_path) -> None:
    root = flet_web(tmp_path)
    into = tmp_path / "web-client"
    first = (blank_boot_word(root, into) / "main.dart.js").stat().st_mtime_ns
    assert (blank_boot_word(root, into) / "main.dart.js").stat().st_mtime_ns == first


def test_copies_belong_to_one_client_build_and_an_upgrade_leaves_none_behind(tmp_path) -> None:
    """The table serves the copies as soon as they are there, so a folder must never hold
    copies of another Flet version: they are kept apart by the build's files."""
    root = flet_web(tmp_path)
    copies = tmp_path / "data" / "web-client"
    old_client = tmp_path / "data" / "web-client" / "main.dart.js"  # the layout before
    old_client.parent.mkdir(parents=True)
    old_client.write_bytes(b"an older client")
    first = prepare_copies(root, copies)
    assert first == client_copies(root, copies)
    assert (first / "main.dart.js").read_bytes() == CLIENT.replace(WORD, BLANK)
    assert sorted(p.name for p in copies.iterdir()) == [first.name]

    (root / "main.dart.js").write_bytes(CLIENT + b"/* Flet upgraded */")
    upgraded = client_copies(root, copies)
    assert upgraded != first
    assert not upgraded.exists()  # until it is made, the client goes out as Flet ships it
    assert prepare_copies(root, copies) == upgraded
    assert (upgraded / "main.dart.js").read_bytes().endswith(b"/* Flet upgraded */")
    assert sorted(p.name for p in copies.iterdir()) == [upgraded.name]


def test_until_the_copies_are_made_the_client_goes_out_unchanged(tmp_path) -> None:
    root = flet_web(tmp_path)
    copies = client_copies(root, tmp_path / "web-client")
    client = TestClient(BlankBootScreen(Starlette(routes=[Mount("/", StaticFiles(
        directory=root))]), copies))
    assert client.get("/main.dart.js").content == CLIENT
    prepare_copies(root, tmp_path / "web-client")
    assert client.get("/main.dart.js").content == CLIENT.replace(WORD, BLANK)


def test_a_word_cut_by_a_piece_of_the_copy_is_blanked_all_the_same(tmp_path, monkeypatch) -> None:
    # The files are copied a piece at a time (whole, they would cost the server 20-40 MB).
    from companion.server import boot_screen

    root = flet_web(tmp_path)
    for cut in range(1, len(WORD) + 2):
        monkeypatch.setattr(boot_screen, "CHUNK", WASM.index(WORD) + cut)
        into = blank_boot_word(root, tmp_path / f"copies-{cut}")
        assert (into / "main.dart.wasm").read_bytes() == WASM.replace(WORD, BLANK)
        assert (into / "main.dart.js").read_bytes() == CLIENT.replace(WORD, BLANK)
