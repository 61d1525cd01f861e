"""The phone page as one self-contained response: its stylesheet, script and words inline.

A phone joins over the table's Wi-Fi, where each request costs a round trip; a page that needs
no second file is on screen one round trip sooner than one that links its script and styles.
The strict Content-Security-Policy stays: instead of `'self'`, it names the SHA-256 of the one
inline script and the one inline stylesheet, so nothing else can run or style the page. The
page is gzipped once per language and revalidated by ETag, so a returning phone gets a 304.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
from dataclasses import dataclass
from importlib import resources

from starlette.requests import Request
from starlette.responses import Response

from companion.phones.texts import texts

_POLICY = ("default-src 'none'; script-src {script}; style-src {style}; connect-src 'self'; "
           "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

SECURITY_HEADERS = {
    "Content-Security-Policy": _POLICY.format(script="'self'", style="'self'"),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
"""For every response of the phone routes; the page adds its inline hashes to the policy."""


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: bytes
    media_type: str
    etag: str
    headers: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, body: bytes, media_type: str, headers: dict[str, str] | None = None) -> Asset:
        return cls(body, gzip.compress(body, 9, mtime=0), media_type,
                   '"' + hashlib.sha256(body).hexdigest()[:16] + '"',
                   tuple((headers or {}).items()))

    def response(self, request: Request, cache_control: str) -> Response:
        headers = {**SECURITY_HEADERS, **dict(self.headers), "Cache-Control": cache_control,
                   "ETag": self.etag, "Vary": "Accept-Encoding"}
        if request.headers.get("if-none-match") == self.etag:
            return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(self.gzipped, media_type=self.media_type,
                            headers={**headers, "Content-Encoding": "gzip"})
        return Response(self.body, media_type=self.media_type, headers=headers)


def _read(name: str) -> str:
    return resources.files("companion.phones").joinpath("static", name).read_text("utf-8")


def _inline(code: str, tag: str) -> str:
    """`code` fit to sit between `<tag>` and `</tag>`; refused if it could end the element."""
    if f"</{tag}" in code.lower() or "<!--" in code:
        raise ValueError(f"phone.{tag}: inline code must not contain '</{tag}' or '<!--'")
    return code


def _source_hash(code: str) -> str:
    digest = hashlib.sha256(code.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


class PageAssets:
    """The phone page in each language, built on first request from the files in `static/`."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.script = _inline(_read("phone.js"), "script")
        self.style = _inline(_read("phone.css"), "style")
        self.policy = _POLICY.format(script=_source_hash(self.script),
                                     style=_source_hash(self.style))
        self._template = _read("phone.html")
        self._pages: dict[str, Asset] = {}

    def page(self, language: str) -> Asset:
        if language not in self._pages:
            words = json.dumps(texts(language), ensure_ascii=False, separators=(",", ":"))
            parts = {"lang": language, "texts": words.replace("<", "\\u003c"),
                     "css": self.style, "js": self.script}
            html = re.sub(r"\{\{(\w+)\}\}", lambda slot: parts[slot[1]], self._template)
            self._pages[language] = Asset.of(html.encode("utf-8"), "text/html; charset=utf-8",
                                             {"Content-Security-Policy": self.policy})
        return self._pages[language]
