"""The site's URLs, plus stand-ins for the account pages the clubs link to (`login`, `signup`) when
the site has none yet, so that the clubs' tests run on their own."""

from django.conf.urls.i18n import i18n_patterns
from django.http import HttpResponse
from django.urls import NoReverseMatch, path, reverse

from dojo.urls import urlpatterns as site_urlpatterns


def _stand_in(request):
    return HttpResponse("account page")


def _missing(name):
    try:
        reverse(name, urlconf="dojo.urls")
    except NoReverseMatch:
        return True
    return False


urlpatterns = list(site_urlpatterns)
_extra = [path(f"account/{name}/", _stand_in, name=name) for name in ("login", "signup") if _missing(name)]
if _extra:
    urlpatterns += i18n_patterns(*_extra, prefix_default_language=True)
