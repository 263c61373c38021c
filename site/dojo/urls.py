"""Root URLs: everything a reader sees lives under /ja/ or /en/; `/` redirects by Accept-Language.
The admin, for staff only, is at /admin/ (in the language of the browser)."""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from . import admin as _site_admin  # noqa: F401  (registers the records and clubs with the admin)
from . import views

urlpatterns = [
    path("", views.root_redirect, name="root"),
    path("healthz/", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("prefs/suits/", views.set_suits, name="set-suits"),
    path("prefs/bot-speed/", views.set_bot_speed, name="set-bot-speed"),
    path("admin/", admin.site.urls),
]

urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    # The games' own addresses first (<game:…> matches only a game): most requests are theirs.
    path("", include("games.urls")),
    path("", include("tutorials.urls")),
    path("", include("attempts.urls")),
    path("", include("clubs.urls")),
    path("", include("accounts.urls")),
    path("", include("homework.urls")),
    path("", include("teaching.urls")),
    path("", include("challenges.urls")),
    prefix_default_language=True,
)
