"""Deal challenges, under a club: /<lang>/clubs/<code>/challenges/..."""

from django.urls import path

from . import views

urlpatterns = [
    path("clubs/<str:code>/challenges/", views.index, name="challenges"),
    path("clubs/<str:code>/challenges/new/", views.new, name="challenge-new"),
    path("clubs/<str:code>/challenges/<int:pk>/", views.detail, name="challenge"),
    path("clubs/<str:code>/challenges/<int:pk>/deals/<int:position>/", views.deal_page, name="challenge-deal"),
    path("clubs/<str:code>/challenges/<int:pk>/deals/<int:position>/start/", views.start, name="challenge-start"),
]
