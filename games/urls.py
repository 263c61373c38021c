"""Game hubs and the card gallery (the practice tables join here)."""

from django.urls import path

from . import views

urlpatterns = [
    path("cards/", views.gallery, name="card-gallery"),
    path("<slug:game>/", views.hub, name="game-hub"),
]
