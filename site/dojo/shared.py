"""Pages that are the same for every reader, drawn once and served from Django's cache.

A view decorated with @shared_page is drawn once per address (path and query), language, host and
suit colours, and kept in the cache under a key that also holds the deployment's stamp
(dojo.deployment) and the view's own content stamp: new content or a new deployment is drawn again,
never served from an old entry, even from a cache shared by several servers.

What belongs to one reader is never in the drawing. Each such part of a page is a *slot*: while the
page is drawn for everyone, `slot(request, name, *args)` (or `{% reader name args %}` in a template)
leaves a mark, and every request fills the marks with its own reader's part, from the filler
registered under that name (@filler). A normal render (a POST's answer, an htmx fragment) calls the
same filler at once, so a part is computed in one place whichever way the page is served.

Fillers are of three kinds:
- "stable": the same for one reader until something of his changes (his account links, his marks):
  part of the page's ETag, so a browser that has the page gets 304 Not Modified while it stands;
- "token": a fresh but equivalent value on each request (the CSRF token: every masked token of the
  reader's secret is good): left out of the ETag;
- "once": a value that must not be shown twice (a form's nonce, which tells a second post of the
  same form from a new answer): a page with one gets no ETag, so a browser never re-shows it.

Everything here is generic: no page or game is named; apps register their own fillers.
"""

import hashlib
import re
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags, quote_etag
from django.utils.safestring import mark_safe

from .deployment import DEPLOYMENT

# Characters of Unicode's private use area: no page text or escaping produces or changes them.
OPEN, SEP, CLOSE = "\ue000", "\ue002", "\ue001"
MARK = re.compile(f"{OPEN}([a-z][a-z0-9-]*)((?:{SEP}[^{OPEN}{SEP}{CLOSE}]*)*){CLOSE}")
KINDS = ("stable", "token", "once")
SECONDS = 24 * 60 * 60

_fillers = {}


def filler(name, kind="stable"):
    """Register fn(request, *args) -> str (HTML, already escaped) as the reader's part `name`."""
    assert kind in KINDS, kind

    def register(fn):
        _fillers[name] = (fn, kind)
        return fn

    return register


def drawing(request):
    """True while `request` draws a page for every reader (its own parts must be slots)."""
    return bool(getattr(request, "drawn_for_everyone", False))


def slot(request, name, *args):
    """The reader's part `name` of the page: a mark to fill while the page is drawn for everyone,
    else the part itself."""
    if name not in _fillers:
        raise KeyError(f"no filler named {name!r}")
    if request is not None and drawing(request):
        return mark(name, *args)
    return mark_safe(_fillers[name][0](request, *args))


def mark(name, *args):
    """The mark of the slot `name` in a drawing, for each request to fill (fill)."""
    parts = [str(a) for a in args]
    if any(ch in p for p in parts for ch in (OPEN, SEP, CLOSE)):
        raise ValueError("a slot's arguments may not hold its marks")
    return mark_safe(OPEN + name + "".join(SEP + p for p in parts) + CLOSE)


def fill(html, request):
    """The page with its marks filled for `request` (each distinct mark once)."""
    return "".join(_filled(split(html), request)[0])


def split(html):
    """The page as a list: text, then (name, args) of a slot, then text, and so on."""
    parts, at = [], 0
    for match in MARK.finditer(html):
        parts += [html[at:match.start()], (match.group(1), tuple(match.group(2).split(SEP)[1:]))]
        at = match.end()
    parts.append(html[at:])
    return parts


def _filled(parts, request):
    """The parts with each slot filled, and the (name, args, value) of the stable slots in order;
    None instead of them when a slot of kind "once" is among them."""
    done, out, stable = {}, [], []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(part)
            continue
        if part not in done:
            fn, kind = _fillers[part[0]]
            done[part] = str(fn(request, *part[1]))
            if stable is not None and kind == "stable":
                stable.append(f"{part}={done[part]}")
            elif kind == "once":
                stable = None
        out.append(done[part])
    return out, stable


def _key(kind, request, *parts):
    """A cache key of a drawing: the deployment, the language, the suit colours, the host, and
    what the caller names."""
    four = request.COOKIES.get("suits") == "four"
    raw = "|".join([DEPLOYMENT, translation.get_language(), str(int(four)), request.scheme, request.get_host(),
                    *map(str, parts)])
    return f"{kind}:" + hashlib.sha256(raw.encode()).hexdigest()


def page_key(request, stamp):
    return _key("page", request, stamp, request.get_full_path())


def shared_page(stamp=None, when=None):
    """Serve the decorated view's GET pages from the cache, with the reader's slots filled.

    `stamp(**view_kwargs)` names the version of the content the page shows (a file's time, say);
    POSTs, htmx requests, requests for which `when(request)` is false and any answer but 200 go to
    the view as ever (with their marks filled).
    settings.SHARED_PAGES = False turns the cache off (every page drawn for its reader)."""

    def decorate(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if (request.method not in ("GET", "HEAD") or getattr(request, "htmx", False)
                    or not getattr(settings, "SHARED_PAGES", True) or (when and not when(request))):
                return view(request, *args, **kwargs)
            key = page_key(request, stamp(**kwargs) if stamp else "")
            entry = cache.get(key)
            if entry is None:
                response = _draw(request, lambda: view(request, *args, **kwargs))
                if (response.status_code != 200 or response.streaming
                        or not response.get("Content-Type", "").startswith("text/html")):
                    if not response.streaming:
                        response.content = fill(response.content.decode(response.charset), request)
                    return response
                entry = {"parts": split(response.content.decode(response.charset)),
                         "type": response["Content-Type"]}
                cache.set(key, entry, SECONDS)
            return _served(request, key, entry)

        wrapped.shared_page = True
        return wrapped

    return decorate


def _draw(request, make):
    request.drawn_for_everyone = True
    try:
        return make()
    finally:
        request.drawn_for_everyone = False


def render(request, template, context, key, status=200):
    """An answer drawn once for everyone who gets the same one (a judged move of a fixed position,
    say): `key` names everything the drawing depends on but the reader's slots. For a POST's
    answer, whose work (judging, recording) the view has done already; it is never a 304.
    `context` is the template's context, or a function giving it, called only when the answer is
    drawn (not when it is served from the cache)."""
    from django.shortcuts import render as draw

    made = context if callable(context) else (lambda: context)
    if not getattr(settings, "SHARED_PAGES", True):
        return draw(request, template, made(), status=status)
    cache_key = _key("drawn", request, template, key)
    entry = cache.get(cache_key)
    if entry is None:
        response = _draw(request, lambda: draw(request, template, made()))
        entry = {"parts": split(response.content.decode(response.charset)), "type": response["Content-Type"]}
        cache.set(cache_key, entry, SECONDS)
    from django.http import HttpResponse

    response = HttpResponse("".join(_filled(entry["parts"], request)[0]), content_type=entry["type"], status=status)
    _private(response)
    return response


def _served(request, key, entry):
    from django.http import HttpResponse, HttpResponseNotModified

    out, stable = _filled(entry["parts"], request)
    etag = None
    if stable is not None:
        # The page's tag: the address's drawing and this reader's stable parts.
        etag = quote_etag(hashlib.sha256("|".join([key, *stable]).encode()).hexdigest()[:32])
        # GZipMiddleware weakens the ETag of a page it compresses: the browser sends it back so.
        known = parse_etags(request.headers.get("If-None-Match", ""))
        if etag in known or f"W/{etag}" in known:
            response = HttpResponseNotModified()
            response["ETag"] = etag
            _private(response)
            return response
    response = HttpResponse("".join(out), content_type=entry["type"])
    if etag:
        response["ETag"] = etag
    _private(response)
    return response


def _private(response):
    # Each page carries its reader's token and links: no shared cache may keep it, and a browser
    # asks again each time (cheaply, with its ETag).
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("Cookie",))


@filler("csrf", kind="token")
def _csrf(request):
    from django.middleware.csrf import get_token

    return get_token(request)
