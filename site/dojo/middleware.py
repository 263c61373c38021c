"""Site middleware: a strict Content-Security-Policy (everything from our own origin, no inline
script), and English for browsers that ask for neither of the site's languages."""

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; "
    "base-uri 'self'; object-src 'none'"
)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", POLICY)
        return response


class EnglishForOtherLanguagesMiddleware:
    """A browser that names languages but neither Japanese nor English (French, Korean, …) gets
    English, which more of those readers share, instead of the site's default Japanese: English is
    added to its list at the lowest weight, so any language it does name that the site has still
    wins. Without the header the site's default stands. Placed before LocaleMiddleware."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        header = request.META.get("HTTP_ACCEPT_LANGUAGE", "").strip()
        if header:
            request.META["HTTP_ACCEPT_LANGUAGE"] = f"{header},en;q=0.001"
        return self.get_response(request)
