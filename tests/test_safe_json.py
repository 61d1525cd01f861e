"""The one gate for JSON from outside: valid but hostile documents are refused in one line."""

from __future__ import annotations

import io

import pytest

from companion.safe_json import MAX_DEPTH, JsonRefused, load_json, read_capped


@pytest.mark.parametrize(("document", "problem"), [
    (b"[" * 100_000 + b"]" * 100_000, f"nested more than {MAX_DEPTH} levels deep"),
    (b"[" * 500 + b"]" * 500, f"nested more than {MAX_DEPTH} levels deep"),
    (b'{"version": ' + b"9" * 5000 + b"}", "a number of 5000 digits"),
    (b'{"name": "\\ud800"}', "lone UTF-16 surrogate"),
    (b'["\\udc00 alone"]', "lone UTF-16 surrogate"),
    (b'{"delta": 1, "reason": "correction", "delta": -1}', "given twice"),
    (b"[NaN]", "NaN, which is not a JSON number"),
    (b"[1e999]", "too large"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b"{not json", "not valid JSON (line 1, column 2"),
])
def test_a_hostile_document_is_refused_with_one_line(document: bytes, problem: str) -> None:
    with pytest.raises(JsonRefused) as refused:
        load_json(document)
    assert problem in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_key_given_twice_is_named() -> None:
    with pytest.raises(JsonRefused) as refused:
        load_json(b'{"delta": 1, "reason": "correction", "delta": -1}')
    assert refused.value.where == "delta"


def test_ordinary_documents_pass_unchanged() -> None:
    text = '{"players": ["Anna", "B\\u00e9a", "\\ud83d\\udc00"], "nuns": 9, "x": [1.5, null]}'
    assert load_json(text) == {"players": ["Anna", "Béa", "🐀"], "nuns": 9, "x": [1.5, None]}
    assert load_json(b"\xef\xbb\xbf[1]") == [1]


def test_a_text_with_an_escaped_backslash_before_u_is_plain_text() -> None:
    assert load_json(b'["\\\\ud800"]') == ["\\ud800"]


def test_too_large_is_refused_before_it_is_all_read() -> None:
    stream = io.BytesIO(b" " * 1001)
    with pytest.raises(JsonRefused, match="larger than 1000 bytes"):
        read_capped(stream, 1000)
    assert stream.tell() == 1001
    with pytest.raises(JsonRefused, match="larger than 1000 bytes"):
        load_json(b" " * 1001, max_bytes=1000)
