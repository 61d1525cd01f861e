"""The one gate for JSON from outside: valid but hostile documents are refused in one line."""

from __future__ import annotations

import io
import json

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


@pytest.mark.parametrize(("document", "reason"), [
    (b"[" * 100_000, "too_deep"),
    (b'["[[[[", "\\\\", "\\"[[[[[[", ' + b"[" * 40 + b"]" * 40 + b"]", "too_deep"),
    (b'{"a": "\\ud800"}', "lone_surrogate"),
    (b'{"a": 1, "a": 1}', "duplicate_key"),
    (b"[" + b"7" * 21 + b"]", "number_too_long"),
    (b"[0." + b"1" * 50 + b"]", "number_too_long"),
    (b"[Infinity]", "not_a_number"),
    (b"\xc3(", "not_utf8"),
    (b"[1,]", "not_json"),
])
def test_each_refusal_carries_a_stable_reason(document: bytes, reason: str) -> None:
    """The phones answer with these codes (`companion.phones.body`), so they are one gate's."""
    with pytest.raises(JsonRefused) as refused:
        load_json(document)
    assert refused.value.reason == reason


def test_brackets_and_escaped_quotes_inside_texts_are_not_nesting() -> None:
    texts = ["[" * 50, "\\", '"' + "{" * 50, "\\\\\"]]]", "]" * 50]
    document = '{"a": ' * (MAX_DEPTH - 1) + json.dumps(texts) + "}" * (MAX_DEPTH - 1)
    assert json.dumps(load_json(document)) == document
    nested = "[" * MAX_DEPTH + json.dumps(texts) + "]" * MAX_DEPTH
    with pytest.raises(JsonRefused, match="nested more than"):
        load_json(nested)


def test_the_phones_read_their_bodies_through_this_gate() -> None:
    from companion.phones import body

    assert body.BadJson is JsonRefused
    with pytest.raises(JsonRefused) as refused:
        body.load_json(b'{"a": "\\udc00"}')
    assert refused.value.reason == "lone_surrogate"
    assert "more than once" in body.phone_message(
        pytest.raises(JsonRefused, body.load_json, b'{"delta": 1, "delta": 2}').value)
