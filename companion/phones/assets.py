"""The phone page's files: read once, gzipped once, fingerprinted so phones cache them for good.

The page loads over the table's Wi-Fi on any phone, so every byte and round trip counts: the
script and stylesheet carry a hash in their names and may be cached forever; the small HTML
page is revalidated (ETag) and carries the phone's language's words inline.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from importlib import resources

from starlette.requests import Request
from starlette.responses import Response

from companion.phones.texts import texts

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "connect-src 'self'; img-src 'self' data:; base-uri 'none'; "
                               "form-action 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


@dataclass(frozen=True)
class Asset:
    body: bytes
    gzipped: bytes
    media_type: str
    etag: str

    @classmethod
    def of(cls, body: bytes, media_type: str) -> Asset:
        return cls(body, gzip.compress(body, 9, mtime=0), media_type,
                   '"' + hashlib.sha256(body).hexdigest()[:16] + '"')

    def response(self, request: Request, cache_control: str) -> Response:
        headers = {"Cache-Control": cache_control, "ETag": self.etag, "Vary": "Accept-Encoding",
                   **SECURITY_HEADERS}
        if request.headers.get("if-none-match") == self.etag:
            return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(self.gzipped, media_type=self.media_type,
                            headers={**headers, "Content-Encoding": "gzip"})
        return Response(self.body, media_type=self.media_type, headers=headers)


def _read(name: str) -> bytes:
    return resources.files("companion.phones").joinpath("static", name).read_bytes()


class PageAssets:
    """The page, its script and its stylesheet, for routes mounted at `prefix`."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.js = Asset.of(_read("phone.js"), "text/javascript; charset=utf-8")
        self.css = Asset.of(_read("phone.css"), "text/css; charset=utf-8")
        self.js_name = f"phone.{self.js.etag.strip(chr(34))}.js"
        self.css_name = f"phone.{self.css.etag.strip(chr(34))}.css"
        self._template = _read("phone.html").decode("utf-8")
        self._pages: dict[str, Asset] = {}

    def page(self, language: str) -> Asset:
        if language not in self._pages:
            words = json.dumps(texts(language), ensure_ascii=False, separators=(",", ":"))
            html = (self._template.replace("{{lang}}", language)
                    .replace("{{css}}", f"{self.prefix}/static/{self.css_name}")
                    .replace("{{js}}", f"{self.prefix}/static/{self.js_name}")
                    .replace("{{texts}}", words.replace("<", "\\u003c")))
            self._pages[language] = Asset.of(html.encode("utf-8"), "text/html; charset=utf-8")
        return self._pages[language]
