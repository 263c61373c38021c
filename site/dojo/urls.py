"""Root URLs: everything a reader sees lives under /ja/ or /en/; `/` redirects by Accept-Language."""

from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.root_redirect, name="root"),
    path("healthz/", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("prefs/suits/", views.set_suits, name="set-suits"),
    path("prefs/bot-speed/", views.set_bot_speed, name="set-bot-speed"),
]

urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("", include("clubs.urls")),
    path("", include("games.urls")),
    path("", include("tutorials.urls")),
    prefix_default_language=True,
)
