"""The learner's own pages."""

from django.urls import path

from . import views

urlpatterns = [
    path("account/progress/", views.my_progress, name="my-progress"),
]
